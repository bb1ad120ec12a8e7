/** Stand-ins: data (see docs/foundry-stand-ins.md). */
export {};
