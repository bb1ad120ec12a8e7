/**
 * The generic Foundry adapter names no ruleset (issue 16; docs/architecture.md §1 "Adapter").
 * A generic adapter module is any `.ts` file under src/foundry that is not inside a ruleset's
 * folder `src/foundry/rulesets/<id>/`. Such a module:
 *
 * 1. imports nothing from a ruleset's folder, neither the adapter's (`src/foundry/rulesets/<id>/`)
 *    nor the rules engine's (`src/rules/<id>/`): it asks the registry (`src/foundry/rulesets`,
 *    `src/rules/index.ts`). The registry `src/foundry/rulesets/index.ts` is the one generic
 *    module allowed to import the adapter's ruleset folders;
 * 2. has no ruleset id in its code: no identifier, string, template text or property name
 *    containing `hm3`, `hmzd`, `rq3` or `m2m` in any case (`"hm3"`, `system.hm3`, `Hm3Derived`,
 *    `HM3_LABELS` all count). Comments are not code and may name a ruleset as an example. The
 *    registry is exempt (it lists the rulesets by id).
 *
 * The modules not yet moved are listed in `PENDING` with what keeps them there; each must
 * still break a rule (so the list only shrinks), and no other module may.
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
const REGISTRY = "src/foundry/rulesets/index.ts";
const NAMES = new RegExp(RULESET_IDS.join("|"), "i");

/**
 * Generic modules that still hold HM3 code, each with what is left to move (issue 16). Remove
 * an entry when its module is moved behind the ruleset interface.
 */
const PENDING: Readonly<Record<string, string>> = {
  "src/foundry/combat/settings.ts": "the world setting's default ruleset is written as its id",
  "src/foundry/combat/source-fighter.ts":
    "reads an actor file's HM3 block and HM3 item types (CLI fight/duel)",
  "src/foundry/quench/exchange-batch.ts": "the in-Foundry exchange batch plays HM3 sample fighters",
  "src/foundry/quench/sheets-batch.ts": "the in-Foundry sheet batch edits HM3 fields",
  "src/foundry/sheets/actor/actor-sheet.ts": "the HM3 actor sheet (to move to rulesets/hm3/sheets)",
  "src/foundry/sheets/actor/context.ts": "the HM3 actor sheet's context builder",
  "src/foundry/sheets/actor/inline.ts": "inline edits of HM3 fields",
  "src/foundry/sheets/actor/labels.ts": "HM3 attribute and aim-zone labels",
  "src/foundry/sheets/actor/messages.ts": "the HM3 derivation's messages on the actor sheet",
  "src/foundry/sheets/actor/plan-editor.ts": "the HM3 creature body-plan editor",
  "src/foundry/sheets/actor/tests.ts": "HM3 skill tests from the sheet",
  "src/foundry/sheets/body-diagram.ts": "the body diagram reads HM3 derived armour and injuries",
  "src/foundry/sheets/common.ts": "HM3 location labels",
  "src/foundry/sheets/item/context.ts": "the HM3 item sheets' context builder",
  "src/foundry/sheets/item/item-sheet.ts": "the HM3 item sheet",
  "src/foundry/sheets/item/labels.ts": "HM3 aspect, material, band and severity labels",
  "src/foundry/sheets/item/owner.ts": "reads the owner's HM3 derived figures",
  "src/foundry/sheets/item/register.ts": "registers the HM3 item sheet",
  "src/foundry/sheets/item/submit.ts":
    "HM3 item form fields (coverage, Skill Base attributes, injury code)",
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

const rel = (path: string) => relative(ROOT, path).split("\\").join("/");

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
    const rulesFolder = /^src\/rules\/[^/]+\//.test(`${target}/`) && target !== "src/rules/index";
    const adapterFolder = inRulesetFolder(target);
    if (rulesFolder || (adapterFolder && file !== REGISTRY)) out.push(`imports ${spec}`);
  }
  if (file === REGISTRY) return out;
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
    expect(GENERIC).toContain(REGISTRY);
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
    // The registry may import ruleset folders, but only it.
    expect(violations(REGISTRY, 'import { H } from "./hm3";')).toEqual([]);
  });

  it.each(GENERIC.filter((f) => !(f in PENDING)))("%s", (file) => {
    expect(FOUND[file]).toEqual([]);
  });

  it.each(Object.keys(PENDING))(
    "%s is still pending (remove it from PENDING once moved)",
    (file) => {
      expect(GENERIC).toContain(file);
      expect(FOUND[file]!.length).toBeGreaterThan(0);
    },
  );
});
