/**
 * HârnMaster Gold initiative (seed 000 lines 149-154; rulings G60-G62), engine side:
 * src/rules/hm3/gold/turns-initiative.ts over the sample fighters' snapshots.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice } from "../../../src/core/dice";
import { fighterFromSource } from "../../../src/foundry/combat/source-fighter";
import { hm3Combat } from "../../../src/rules/hm3";
import {
  attackClass,
  goldTurnOrder,
  initiativeFormulaOf,
  initiativeRoll,
  primaryWeapon,
  rollInitiative,
  skillIndex,
} from "../../../src/rules/hm3/gold/turns-initiative";
import type { ActorSource } from "../../../src/sim/duel";

const load = (f: string) =>
  JSON.parse(readFileSync(`packs/_source/hm3-sample-fighters/${f}.json`, "utf8")) as ActorSource;
// Sir Aldric: Initiative EML 39, his best weapon ML 72 / AML 87, attack 15 (A/D class 3).
const aldric = () => load("sir-aldric-knight");
const snap = (a: ActorSource) => fighterFromSource(a);

describe("Skill Index and Attack Class (issue 19 How: SI = ML ÷ 10 down; 1 class = 5 points)", () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 1],
    [39, 3],
    [72, 7],
    [100, 10],
    [-5, 0],
  ])("SI of ML %i is %i", (ml, si) => expect(skillIndex(ml)).toBe(si));
  it.each([
    [25, 5],
    [10, 2],
    [15, 3],
    [14, 2],
    [0, 0],
  ])("Attack Class of attack %i is %i (000:342 Battlesword 25 = 5)", (a, c) =>
    expect(attackClass(a)).toBe(c),
  );
});

describe("initiativeRoll (000:149-154)", () => {
  it("without the option: HM3's Initiative EML, no die (hm3.md §2)", () => {
    const s = snap(aldric());
    const r = initiativeRoll(s, {});
    expect(r).toMatchObject({ base: 39, sides: null, weaponId: null });
    expect(r.base).toBe(hm3Combat.initiative(s));
    expect(initiativeFormulaOf(r)).toBe("39");
    // A sub-rule without its rule changes nothing (G1).
    expect(initiativeRoll(s, { initiativeQuick: true })).toEqual(r);
  });

  it("initiative: INI + 1d100 (000:151)", () => {
    const r = initiativeRoll(snap(aldric()), { initiative: true });
    expect(r).toMatchObject({ base: 39, sides: 100 });
    expect(initiativeFormulaOf(r)).toBe("39 + 1d100");
    expect(r.parts).toEqual([{ key: "ini", value: 39, source: "seed 000 line 151" }]);
  });

  it("weapon factor: + primary weapon SI and Attack Class (000:153, G61)", () => {
    const r = initiativeRoll(snap(aldric()), { initiative: true, initiativeWeaponFactor: true });
    // 39 + SI 7 (ML 72) + class 3 (attack 15).
    expect(r.base).toBe(49);
    expect(r.parts.map((p) => [p.key, p.value])).toEqual([
      ["ini", 39],
      ["weaponSi", 7],
      ["attackClass", 3],
    ]);
    expect(initiativeFormulaOf(r)).toBe("49 + 1d100");
  });

  it("quick: Initiative SI + 1d10 instead, the weapon factor left out (000:154, G62)", () => {
    const s = snap(aldric());
    const r = initiativeRoll(s, {
      initiative: true,
      initiativeQuick: true,
      initiativeWeaponFactor: true,
    });
    expect(r).toMatchObject({ base: 3, sides: 10, weaponId: null });
    expect(initiativeFormulaOf(r)).toBe("3 + 1d10");
  });

  it("the primary weapon is the ready one with the highest AML; none ready: no weapon factor", () => {
    const a = aldric();
    expect(primaryWeapon(snap(a))?.id).toBe("bCKbq4VOzCTjaSxL");
    // His best weapon out of hand: the other one (ML 66) counts.
    const other = structuredClone(a);
    const best = other.items.find((i) => i._id === "bCKbq4VOzCTjaSxL")!;
    (best.system as { equipped: boolean }).equipped = false;
    const p = primaryWeapon(snap(other));
    expect(p?.id).toBe("7wb0THYEHIpMwaIZ");
    expect(p?.ml).toBe(66);
    // No weapon ready at all: INI alone.
    const bare = structuredClone(a);
    for (const i of bare.items)
      if (i.type === "weapon") (i.system as { equipped: boolean }).equipped = false;
    const r = initiativeRoll(snap(bare), { initiative: true, initiativeWeaponFactor: true });
    expect(r.parts.map((x) => x.key)).toEqual(["ini"]);
    expect(r.weaponId).toBeNull();
  });
});

describe("rolling and ordering", () => {
  it("rolls through the injected dice under the name given", () => {
    const r = initiativeRoll(snap(aldric()), { initiative: true });
    const dice = new ScriptedDice({ "initiative.a": 42 }, new SeededDice(1));
    expect(rollInitiative(r, dice, "initiative.a")).toEqual({ total: 81, die: 42 });
    expect(dice.unused()).toEqual([]);
    // No die without the option: nothing rolled.
    const none = new ScriptedDice({ initiative: 5 }, new SeededDice(1));
    expect(rollInitiative(initiativeRoll(snap(aldric()), {}), none)).toEqual({
      total: 39,
      die: null,
    });
    expect(none.unused()).toEqual(["initiative"]);
  });

  it("highest total first; equal totals to the higher Initiative EML, then the order given (G60)", () => {
    expect(
      goldTurnOrder([
        { id: "a", total: 60, eml: 50 },
        { id: "b", total: 80, eml: 30 },
      ]),
    ).toEqual(["b", "a"]);
    expect(
      goldTurnOrder([
        { id: "a", total: 70, eml: 30 },
        { id: "b", total: 70, eml: 50 },
      ]),
    ).toEqual(["b", "a"]);
    expect(
      goldTurnOrder([
        { id: "a", total: 70, eml: 40 },
        { id: "b", total: 70, eml: 40 },
        { id: "c", total: 90, eml: 10 },
      ]),
    ).toEqual(["c", "a", "b"]);
  });
});
