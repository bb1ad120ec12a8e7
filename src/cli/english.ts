/** English messages from lang/en.json, for what runs without Foundry (the CLI, the pack build). */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Localizer } from "../foundry/data/validate";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** English messages from lang/en.json (the build runs without Foundry's i18n). */
export function englishLocalizer(): Localizer {
  const lang = JSON.parse(
    readFileSync(fileURLToPath(new URL("../../lang/en.json", import.meta.url)), "utf8"),
  ) as Obj;
  const lookup = (key: string): string | undefined => {
    let node: unknown = lang;
    for (const part of key.split(".")) node = isObj(node) ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };
  return {
    localize: (key) => lookup(key) ?? key,
    format: (key, data = {}) =>
      (lookup(key) ?? key).replace(/\{(\w+)\}/g, (m, k: string) => data[k] ?? m),
  };
}
