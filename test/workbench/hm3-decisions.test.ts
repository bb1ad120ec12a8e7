/**
 * The HM3 workbench's decisions as the request carries them (src/workbench/rulesets/
 * hm3-decisions-read.ts): the rows ticked, the counts typed, and which input a refusal of the
 * ruleset names; with the ruleset itself refusing what is typed wrong (no second check here).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import { hm3Combat } from "../../src/rules/hm3";
import { createDuel, type ActorSource } from "../../src/sim/duel";
import { bestAttack } from "../../src/sim/policy";
import {
  declaredCounts,
  declaredRows,
  refusedDecision,
} from "../../src/workbench/rulesets/hm3-decisions-read";

const fighter = (f: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../packs/_source/hm3-sample-fighters/${f}.json`, import.meta.url),
      "utf8",
    ),
  ) as ActorSource;

describe("the workbench's decision rows", () => {
  it("keeps the rows ticked, in order, whole numbers as numbers and other text as typed", () => {
    expect(
      declaredRows([
        { id: "aimedMelee.location", on: true, param: "skull" },
        { id: "aimedMelee.side", on: false, param: "left" },
        { id: "aimedMelee.aap", on: true, param: " 20 " },
        { id: "gold.angry", on: true, param: "−10" },
        { id: "gold.feint", on: true, param: "ten" },
        { id: "doubleStrike", on: true, param: "" },
      ]),
    ).toEqual([
      { id: "aimedMelee.location", param: "skull" },
      { id: "aimedMelee.aap", param: 20 },
      { id: "gold.angry", param: -10 },
      { id: "gold.feint", param: "ten" },
      { id: "doubleStrike" },
    ]);
    expect(declaredRows([{ id: "gold.angry", on: false, param: "10" }])).toEqual([]);
  });

  it("reads the counts typed: empty is none, whole numbers as numbers, other text as typed", () => {
    expect(declaredCounts({ "gold.angry": "", "gold.feint": "" })).toBeUndefined();
    expect(declaredCounts({ "gold.angry": "20", "gold.feint": "", "gold.dodged": "yes" })).toEqual({
      "gold.angry": 20,
      "gold.dodged": "yes",
    });
  });

  it("names the input a refusal's field points at", () => {
    const rows = [
      { id: "aimedMelee.location", param: "skull" },
      { id: "gold.angry", param: 15 },
    ];
    expect(refusedDecision("catalog[1].param", rows)).toEqual({ kind: "row", id: "gold.angry" });
    expect(refusedDecision("catalog[0]", rows)).toEqual({
      kind: "row",
      id: "aimedMelee.location",
    });
    expect(refusedDecision("catalog.gold.angry", rows)).toEqual({ kind: "row", id: "gold.angry" });
    expect(refusedDecision("catalog[5]", rows)).toBeNull();
    expect(refusedDecision("catalog.gold.feint", rows)).toBeNull();
    expect(refusedDecision("counts.gold.angry", rows)).toEqual({ kind: "count", id: "gold.angry" });
    expect(refusedDecision("attack.eml", rows)).toBeNull();
  });

  it("leaves the checking to the ruleset: its refusals name the rows they read", () => {
    const options = { angryStrike: true, feint: true };
    const duel = createDuel(
      { actor: fighter("brigand") },
      { actor: fighter("militia-spearman") },
      { options },
    );
    const a = duel.snapshot("a");
    const b = duel.snapshot("b");
    const build = (typed: { id: string; param: string }[]) => () =>
      hm3Combat.buildDeclaration(
        a,
        b,
        { ...bestAttack(a, b), catalog: declaredRows(typed.map((t) => ({ ...t, on: true }))) },
        options,
      );
    const refusal = (fn: () => unknown): InputError => {
      try {
        fn();
      } catch (e) {
        if (e instanceof InputError) return e;
        throw e;
      }
      throw new Error("not refused");
    };
    const rows = (typed: { id: string; param: string }[]) =>
      declaredRows(typed.map((t) => ({ ...t, on: true })));
    // Feint: 1 to 90 EML points (000:115-125); text is refused by the row's reader.
    const feint = [{ id: "gold.feint", param: "ten" }];
    const e1 = refusal(build(feint));
    expect(e1.message).toBe(
      'catalog[0].param: expected a whole number 1 to 90 for gold.feint, got "ten"',
    );
    expect(refusedDecision(e1.field, rows(feint))).toEqual({ kind: "row", id: "gold.feint" });
    // Angry: in tens (000:21), refused by the impact group naming the row.
    const angry = [
      { id: "gold.feint", param: "10" },
      { id: "gold.angry", param: "15" },
    ];
    const e2 = refusal(build(angry));
    expect(e2.message).toContain("units of ten");
    expect(refusedDecision(e2.field, rows(angry))).toEqual({ kind: "row", id: "gold.angry" });
    // Good rows go into the declaration the CLI parses.
    const ok = build([
      { id: "gold.feint", param: "10" },
      { id: "gold.angry", param: "20" },
    ])();
    const attack = (ok.declaration as { attack: Record<string, unknown> }).attack;
    expect(attack.feint).toBe(10);
    expect(attack.angry).toBe(20);
  });
});
