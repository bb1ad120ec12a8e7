/**
 * The card's list of dice (issue 15: whose client rolled each die) names each roll by a label
 * from lang/en.json, never by its raw roll name: every roll an HM3 exchange makes has one.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../../src/core/flow";
import { diceLines } from "../../../src/foundry/chat/card-lines";
import { localizeTree } from "../../../src/foundry/chat/text";
import { HM3_FOUNDRY, HM3_ROLL_LABELS } from "../../../src/foundry/rulesets/hm3";
import { hm3 } from "../../../src/rules/hm3";
import { format, localize } from "../stand-ins/handlebars";

const EN = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const has = (key: string): boolean =>
  typeof key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], EN) ===
  "string";

describe("roll labels of the card's dice list", () => {
  it("every HM3 roll name whose side is known has a label, and every label is in en.json", () => {
    // The names hm3.rollSide knows are the rolls an exchange makes (test/core/flow.test.ts
    // checks 3,000 seeded exchanges against it).
    for (const name of Object.keys(HM3_ROLL_LABELS)) {
      expect(hm3.rollSide!(name), name).not.toBeNull();
      expect(has(HM3_ROLL_LABELS[name]!), HM3_ROLL_LABELS[name]).toBe(true);
    }
    for (const name of ["attack", "defence", "location", "impact", "shock", "counter.impact"])
      expect(Object.hasOwn(HM3_ROLL_LABELS, name), name).toBe(true);
    expect(HM3_FOUNDRY.rollLabels).toBe(HM3_ROLL_LABELS);
    // Two rolls never share a label (the matrix's fumble and an injury's are told apart).
    const shown = Object.values(HM3_ROLL_LABELS).map((k) => localize(k));
    expect(new Set(shown).size).toBe(shown.length);
  });

  it("a line names the roll by its label, and an unknown roll as another roll, never raw", () => {
    const card = {
      rolls: [
        { name: "attack", count: 1, sides: 100, values: [50] },
        { name: "mystery.roll", count: 2, sides: 6, values: [3, 4] },
      ],
      context: {
        rolledBy: { attack: { by: "gm" }, "mystery.roll": { by: "user", name: "Alice" } },
      },
    } as unknown as ExchangeCard;
    const lines = localizeTree(diceLines(card, HM3_ROLL_LABELS), localize, format) as string[];
    expect(lines).toEqual([
      "Attack test (1d100): 50, rolled by the GM's client",
      "Another roll (2d6): 3, 4, rolled by Alice",
    ]);
  });
});
