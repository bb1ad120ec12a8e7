/**
 * Purity (issue 2 §1): `src/core` and `src/rules` run in plain Node with no Foundry globals and
 * import nothing from Foundry, the adapter or Node's built-ins.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const FOUNDRY_GLOBALS = [
  "foundry",
  "game",
  "CONFIG",
  "ui",
  "canvas",
  "Hooks",
  "Actor",
  "Item",
  "ChatMessage",
  "Roll",
  "CONST",
];

function modules(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));
}

const files = [...modules("src/core"), ...modules("src/rules")];

describe("purity of the rules engine", () => {
  it("finds the engine's modules", () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(files).toContain(join("src", "rules", "hm3", "exchange.ts"));
  });

  it("runs with no Foundry global defined", () => {
    const g = globalThis as Record<string, unknown>;
    for (const name of FOUNDRY_GLOBALS) expect(g[name], name).toBeUndefined();
  });

  it.each(files)(
    "%s imports with no Foundry globals and no Foundry, adapter or Node imports",
    async (file) => {
      const source = readFileSync(join(ROOT, file), "utf8");
      const imports = [
        ...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm),
      ].map((m) => m[1]!);
      for (const spec of imports) {
        expect(spec, `${file} imports ${spec}`).not.toMatch(
          /foundry|fvtt|^node:|^(fs|path|process|child_process)$/,
        );
        if (spec.startsWith(".")) {
          const target = relative(ROOT, join(ROOT, file, "..", spec));
          expect(target, `${file} imports ${spec}`).toMatch(/^src[/\\](core|rules)[/\\]/);
        }
      }
      const mod = await import(join(ROOT, file));
      expect(mod).toBeTypeOf("object");
    },
  );
});
