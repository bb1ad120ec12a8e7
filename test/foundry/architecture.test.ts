/**
 * The generic Foundry adapter names no ruleset (issue 16; docs/architecture.md §1 "Adapter").
 * A generic adapter module is any `.ts` file under src/foundry that is not inside a ruleset's
 * folder `src/foundry/rulesets/<id>/`. Such a module:
 *
 * 1. imports nothing from a ruleset's folder, neither the adapter's (`src/foundry/rulesets/<id>/`)
 *    nor the rules engine's (`src/rules/<id>/`): it asks the registry (`src/foundry/rulesets`,
 *    `src/rules/index.ts`). The registries are the generic modules allowed to import the
 *    adapter's ruleset folders: `src/foundry/rulesets/index.ts`, `src/foundry/rulesets/sheets.ts`
 *    for the sheet classes (apart because they need Foundry's globals when they load) and
 *    `src/foundry/rulesets/quench.ts` for the Quench batches (apart because they are loaded only
 *    with Quench);
 * 2. has no ruleset id in its code: no identifier, string, template text or property name
 *    containing `hm3`, `hmzd`, `rq3` or `m2m` in any case (`"hm3"`, `system.hm3`, `Hm3Derived`,
 *    `HM3_LABELS` all count). Comments are not code and may name a ruleset as an example. The
 *    registries are exempt (they list the rulesets by id).
 *
 * Every generic module must keep both rules: there is no list of exceptions.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const FOUNDRY = join(ROOT, "src/foundry");
const RULESET_IDS = readdirSync(join(ROOT, "src/rules")).filter((f) =>
  statSync(join(ROOT, "src/rules", f)).isDirectory(),
);
/**
 * The registries: the rulesets (index.ts), their sheets (sheets.ts, which needs Foundry's
 * globals) and their Quench batches (quench.ts, loaded only with Quench).
 */
const REGISTRIES = [
  "src/foundry/rulesets/index.ts",
  "src/foundry/rulesets/sheets.ts",
  "src/foundry/rulesets/quench.ts",
];
const NAMES = new RegExp(RULESET_IDS.join("|"), "i");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

const rel = (path: string) => relative(ROOT, path).split("\\").join("/");

/** Whether `target` (a module path without extension) is a folder under `parent` or inside one. */
function isFolderOf(parent: string, target: string): boolean {
  if (!target.startsWith(`${parent}/`)) return false;
  const [first, ...rest] = target.slice(parent.length + 1).split("/");
  if (rest.length > 0 || RULESET_IDS.includes(first!)) return true;
  const path = join(ROOT, parent, first!);
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A module in a ruleset's own folder (`src/foundry/rulesets/<id>/…`). */
const inRulesetFolder = (file: string) => /^src\/foundry\/rulesets\/[^/]+\//.test(file);

const GENERIC = walk(FOUNDRY)
  .map(rel)
  .filter((f) => !inRulesetFolder(f))
  .sort();

/** The string nodes that name a module (import, re-export, `import()`, `import("…")` types). */
const specifierNodes = new WeakSet<ts.Node>();

/** The module specifiers a file imports or re-exports (static and dynamic). */
function specifiers(source: ts.SourceFile): string[] {
  const out: string[] = [];
  const push = (node: ts.StringLiteralLike) => {
    specifierNodes.add(node);
    out.push(node.text);
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      push(node.moduleSpecifier);
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      push(node.arguments[0]);
    if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) push(arg.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** What breaks the rules in one generic module (`file`, its `text`): one line per import or token. */
function violations(file: string, text = readFileSync(join(ROOT, file), "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const spec of specifiers(source)) {
    if (!spec.startsWith(".")) continue;
    const target = rel(resolve(dirname(join(ROOT, file)), spec));
    const rulesFolder = isFolderOf("src/rules", target);
    const adapterFolder = isFolderOf("src/foundry/rulesets", target);
    if (rulesFolder || (adapterFolder && !REGISTRIES.includes(file))) out.push(`imports ${spec}`);
  }
  if (REGISTRIES.includes(file)) return out;
  const visit = (node: ts.Node) => {
    if (
      ts.isIdentifier(node) ||
      ts.isPrivateIdentifier(node) ||
      ts.isStringLiteralLike(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isRegularExpressionLiteral(node)
    ) {
      // A module specifier is checked as an import above.
      if (specifierNodes.has(node)) return;
      const token = node.getText(source);
      if (NAMES.test(token)) out.push(`names a ruleset: ${token}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(out)];
}

const FOUND = Object.fromEntries(GENERIC.map((f) => [f, violations(f)]));

describe("the generic Foundry adapter names no ruleset", () => {
  it("finds the generic modules and the ruleset ids", () => {
    expect(RULESET_IDS).toEqual(expect.arrayContaining(["hm3", "m2m"]));
    for (const registry of REGISTRIES) expect(GENERIC).toContain(registry);
    expect(GENERIC).toContain("src/foundry/data/rules.ts");
    expect(GENERIC.some((f) => f.startsWith("src/foundry/rulesets/hm3/"))).toBe(false);
  });

  it("catches an import of a ruleset folder and a ruleset id in code, not in comments", () => {
    const probe = (text: string) => violations("src/foundry/data/probe.ts", text);
    expect(probe('import { x } from "../rulesets/m2m/fields";')).toEqual([
      "imports ../rulesets/m2m/fields",
    ]);
    expect(probe('import type { Y } from "../../rules/rq3/tables";')[0]).toBe(
      "imports ../../rules/rq3/tables",
    );
    expect(probe('const r = import("../../rules/index");')).toEqual([]);
    expect(probe('import { worldRuleset } from "../rulesets";')).toEqual([]);
    expect(probe("// system.hm3 in a comment\n/* HM3_LABELS */ const a = 1;")).toEqual([]);
    expect(probe("const b = system.hm3;")).toEqual(["names a ruleset: hm3"]);
    expect(probe('const c = { "hm3.wq": 1 };')).toEqual(['names a ruleset: "hm3.wq"']);
    expect(probe("const d = `system.${x}.Hm3`;")).toEqual(["names a ruleset: }.Hm3`"]);
    expect(probe("const e = /M2M/;")).toEqual(["names a ruleset: /M2M/"]);
    expect(probe("type E = Hm3Derived;")).toEqual(["names a ruleset: Hm3Derived"]);
    // The registries may import ruleset folders, but only they.
    for (const registry of REGISTRIES)
      expect(violations(registry, 'import { H } from "./hm3";')).toEqual([]);
    expect(violations("src/foundry/rulesets/contract.ts", 'import { H } from "./hm3";')).toEqual([
      "imports ./hm3",
    ]);
    expect(probe('import { resolveInput } from "../../rules/resolve";')).toEqual([]);
  });

  it.each(GENERIC)("%s", (file) => {
    expect(FOUND[file]).toEqual([]);
  });

  it("the Quench batches' generic modules are checked, their ruleset content is not", () => {
    expect(GENERIC).toEqual(
      expect.arrayContaining(["src/foundry/quench/batches.ts", "src/foundry/quench/support.ts"]),
    );
    expect(GENERIC.some((f) => f.includes("/rulesets/hm3/quench/"))).toBe(false);
    // A Quench module that reached into a ruleset's batches would be caught.
    expect(
      violations(
        "src/foundry/quench/batches.ts",
        'import { HM3_QUENCH_BATCHES } from "../rulesets/hm3/quench";',
      ),
    ).toEqual(["imports ../rulesets/hm3/quench", "names a ruleset: HM3_QUENCH_BATCHES"]);
  });
});
