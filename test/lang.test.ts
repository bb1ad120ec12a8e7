/**
 * Localisation audit: every `BLOWBYBLOW.*` / `TYPES.*` key the code, templates or manifest use
 * exists in each language file, and each language file has no key nothing uses. Keys are read
 * from the TypeScript syntax tree (comments ignored); a template literal such as
 * `BLOWBYBLOW.HM3.Defence.${id}` is expanded with the ids listed in EXPANSIONS.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { PLANNED_RULESETS } from "../src/rules";
import { MELEE_DEFENCES, MISSILE_DEFENCES } from "../src/rules/hm3/tables";
import { HMZD_DEFENCES, HMZD_TA_TYPES } from "../src/rules/hmzd/types";
import { ACTIVE_DEFENCES, DAMAGE_TYPES } from "../src/rules/m2m/types";
import { ENCUMBRANCE_LEVELS } from "../src/rules/m2m/character";
import { FATIGUE_THRESHOLD_EFFECTS, HP_THRESHOLD_EFFECTS } from "../src/rules/m2m/injury";
import { DAMAGE_BASES } from "../src/foundry/rulesets/m2m/item-data";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const KEY = /^(BLOWBYBLOW|TYPES)\./;

/** The ids a dynamic key's prefix can be followed by. A new dynamic key needs a line here. */
const EXPANSIONS: Record<string, readonly string[]> = {
  "BLOWBYBLOW.HM3.Defence.": [...MELEE_DEFENCES, ...MISSILE_DEFENCES],
  "BLOWBYBLOW.HMZD.Defence.": HMZD_DEFENCES,
  "BLOWBYBLOW.HMZD.TA.": HMZD_TA_TYPES,
  "BLOWBYBLOW.Ruleset.": PLANNED_RULESETS.map((r) => r.id),
  "BLOWBYBLOW.M2M.Defence.": ACTIVE_DEFENCES,
  "BLOWBYBLOW.Workbench.M2M.Encumbrance.": ENCUMBRANCE_LEVELS.map((e) => e.id),
  "BLOWBYBLOW.Workbench.M2M.DamageBase.": DAMAGE_BASES,
  "BLOWBYBLOW.Workbench.M2M.DamageType.": DAMAGE_TYPES,
  "BLOWBYBLOW.Workbench.M2M.Threshold.": HP_THRESHOLD_EFFECTS,
  "BLOWBYBLOW.Workbench.M2M.FatigueThreshold.": FATIGUE_THRESHOLD_EFFECTS,
};

interface Manifest {
  languages: { path: string }[];
  documentTypes: Record<string, Record<string, object>>;
}
const manifestText = readFileSync(join(ROOT, "system.json"), "utf8");
const manifest = JSON.parse(manifestText) as Manifest;

function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(ext))
    .map((f) => join(ROOT, dir, f));
}

/** Keys in one source file; a key whose end is dynamic comes back as `prefix` + `*`. */
function keysInSource(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const keys: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (KEY.test(node.text)) keys.push(node.text.endsWith(".") ? `${node.text}*` : node.text);
    } else if (ts.isTemplateExpression(node) && KEY.test(node.head.text)) {
      const dynamic = node.templateSpans.length > 1 || node.templateSpans[0]!.literal.text !== "";
      keys.push(
        dynamic
          ? `${node.getText(source)} (only \`prefix.\${id}\` is supported)`
          : `${node.head.text}*`,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

/** Every key used, expanded, each with the file it came from. */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of filesUnder("src", ".ts")) {
    for (const key of keysInSource(file)) {
      const where = relative(ROOT, file);
      if (!key.endsWith("*")) {
        used.set(key, where);
        continue;
      }
      const prefix = key.slice(0, -1);
      const ids = EXPANSIONS[prefix];
      if (!ids) throw new Error(`${where}: dynamic key ${prefix}… has no EXPANSIONS entry.`);
      for (const id of ids) used.set(prefix + id, where);
    }
  }
  const quoted = /["'`]((?:BLOWBYBLOW|TYPES)\.[A-Za-z0-9_.-]+)["'`]/g;
  for (const file of filesUnder("templates", ".hbs")) {
    for (const match of readFileSync(file, "utf8").matchAll(quoted))
      used.set(match[1]!, relative(ROOT, file));
  }
  for (const match of manifestText.matchAll(quoted)) used.set(match[1]!, "system.json");
  for (const [documentName, subtypes] of Object.entries(manifest.documentTypes)) {
    for (const type of Object.keys(subtypes))
      used.set(`TYPES.${documentName}.${type}`, "system.json");
  }
  return used;
}

/** The dotted paths of every leaf of a language file; non-string leaves are reported. */
function leaves(value: unknown, path = ""): string[] {
  if (typeof value === "string") return [path];
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return [`${path} (not a string)`];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

const used = usedKeys();

describe.each(manifest.languages.map((l) => l.path))("%s", (path) => {
  const defined = leaves(JSON.parse(readFileSync(join(ROOT, path), "utf8")));

  it("holds only strings", () => {
    expect(defined.filter((k) => k.endsWith("(not a string)"))).toEqual([]);
  });

  it("defines every key the system uses", () => {
    const missing = [...used]
      .filter(([key]) => !defined.includes(key))
      .map(([k, w]) => `${k} (${w})`);
    expect(missing).toEqual([]);
  });

  it("has no unused key", () => {
    expect(defined.filter((key) => !used.has(key))).toEqual([]);
  });
});

it("finds the keys the adapter and rules engine use", () => {
  expect(used.has("BLOWBYBLOW.HM3.Defence.counterstrike")).toBe(true);
  expect(used.has("BLOWBYBLOW.Settings.Ruleset.Name")).toBe(true);
});
