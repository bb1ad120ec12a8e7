/**
 * docs/cli.md lists every HârnMaster Gold option id (issue 19 CLI contract: "list them in
 * docs/cli.md") with its seed 000 lines and parent rule, as GOLD_OPTIONS has them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GOLD_OPTIONS } from "../../../src/rules/hm3/gold/options";

const doc = readFileSync("docs/cli.md", "utf8");
const section = doc.slice(doc.indexOf("### HârnMaster Gold options"));
const rows = [...section.matchAll(/^\| `([A-Za-z]+)` \| ([0-9-]+) \| (?:`([A-Za-z]+)`)? \|/gm)].map(
  (m) => ({ id: m[1], lines: m[2], parent: m[3] ?? null }),
);

describe("docs/cli.md's HârnMaster Gold options", () => {
  it("lists every option once, in GOLD_OPTIONS' order, with its lines and rule", () => {
    expect(rows).toEqual(GOLD_OPTIONS.map((o) => ({ id: o.id, lines: o.lines, parent: o.parent })));
  });
  it("documents duel --options", () => {
    expect(doc).toContain("[--options O]");
    expect(doc).toMatch(/`--options O` \(hm3 only/);
  });
});
