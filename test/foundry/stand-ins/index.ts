/**
 * Stand-ins for the Foundry globals the adapter uses, installed on `globalThis` so adapter
 * modules can be imported and exercised in plain Node. What each stand-in does (and does not)
 * reproduce is documented in docs/foundry-stand-ins.md. Import this module before any module
 * of src/foundry.
 */
import "./globals";
import "./data";
import "./applications";
import "./dice";
import "./canvas";
import "./chat";
import "./combat";
import "./uuid";

export * from "./globals";
export * from "./data";
export * from "./dice";
export * from "./canvas";
export * from "./chat";
export * from "./combat";
export * from "./uuid";
