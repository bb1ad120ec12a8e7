/**
 * Invariants over many seeded exchanges of each ruleset: whatever the dice, a result agrees
 * with the tables and rules it was built from, is plain data, and replays exactly from its
 * recorded rolls. (The cell-by-cell and worked-example tests are in test/hm3 and test/m2m.)
 */
import { describe, expect, it } from "vitest";
import { replayDice, SeededDice } from "../src/core/dice";
import { runExchange } from "../src/core/ruleset";
import { hm3, INJURY_TABLE, impactBand, MELEE_MATRIX, type LocationId } from "../src/rules/hm3";
import { m2m } from "../src/rules/m2m";
import { woundInjury } from "../src/rules/m2m/damage";
import type { HitLocation } from "../src/rules/m2m/types";

const N = 2000;

describe("hm3 invariants (seed 003, hm3.md §2)", () => {
  const decl = hm3.parseDeclaration({
    attack: { type: "melee", eml: 65, aspect: "edge", aim: "mid", impact: 6, wq: 11 },
    attacker: {
      endurance: 12,
      dex: 12,
      agl: 12,
      layers: [{ material: "leather", locations: ["thorax", "abdomen"] }],
    },
    defender: {
      endurance: 11,
      up: 2,
      dex: 13,
      agl: 11,
      layers: [
        { material: "mail", locations: ["thorax", "abdomen", "upper-arm", "shoulder"] },
        { material: "quilt", locations: ["thorax", "abdomen", "upper-arm", "shoulder", "forearm"] },
      ],
    },
    options: { killRoll: true, bleeding: true },
  });
  const defences = [
    { type: "block", eml: 60, wq: 13 },
    { type: "counterstrike", eml: 55, aspect: "blunt", aim: "high", impact: 4 },
    { type: "dodge", eml: 50 },
    { type: "ignore" },
  ];

  it(`${N} seeded exchanges agree with the matrix, the injury table and the replay`, () => {
    for (let seed = 1; seed <= N; seed++) {
      const defence = defences[seed % 4]!;
      const { result: r } = runExchange(hm3, decl, { defence: [defence] }, new SeededDice(seed));
      const row = MELEE_MATRIX[r.attack.level];
      const expected = r.defence ? row.vs[r.defenceType as "block"]![r.defence.level] : row.ignore;
      expect(r.result).toBe(expected);
      for (const s of r.strikes) {
        expect(s.impact).toBe(s.weaponImpact + s.impactRolls.reduce((a, b) => a + b, 0));
        expect(s.effectiveImpact).toBe(s.impact - s.armour);
        const loc = s.location.replace(/^(left|right)-/, "") as LocationId;
        const band = impactBand(s.effectiveImpact);
        if (band < 0) expect(s.tableInjury).toBeNull();
        else {
          const cell = INJURY_TABLE[loc][band]!;
          expect(s.tableInjury).toBe(`${cell.severity}${cell.level}`);
        }
        if (s.shock) expect(s.shock.dice).toBe((s.by === "attacker" ? 2 : 0) + s.injuryLevel);
      }
      expect(JSON.parse(JSON.stringify(r))).toEqual(r);
      const again = runExchange(hm3, decl, { defence: [defence] }, replayDice(r.rolls));
      expect(again.result).toEqual(r);
    }
  });
});

describe("m2m invariants (spec §5-§9)", () => {
  const decl = m2m.parseDeclaration({
    attack: { skill: 14, damage: "2+2", type: "cut", target: "random" },
    defender: {
      ht: 11,
      hp: 11,
      toughness: 1,
      shield: true,
      dr: { torso: 3, head: 2, "left-arm": 2, "right-arm": 2 },
    },
    attacker: { ht: 12, dr: { torso: 2 } },
  });

  it(`${N} seeded exchanges keep the damage order and HP arithmetic, and replay`, () => {
    for (let seed = 1; seed <= N; seed++) {
      const defence = { type: seed % 2 ? "parry" : "dodge", score: 6, pd: 2 };
      const { result: r } = runExchange(m2m, decl, { defence: [defence] }, new SeededDice(seed));
      if (r.attack.outcome === "critical-hit") expect(r.defence).toBeNull();
      if (r.hit && r.damage && r.defender && r.location) {
        const d = r.damage;
        if (
          !r.criticalHit ||
          (r.criticalHit.damage !== "none" && r.criticalHit.damage !== "fixed")
        ) {
          expect(d.penetrating).toBe(Math.max(0, d.basic - d.dr));
          expect(d.injury).toBe(woundInjury(d.penetrating, "cut", r.location as HitLocation));
        }
        expect(r.defender.hp).toBe(11 - r.defender.injury);
        expect(r.defender.injury).toBeLessThanOrEqual(d.injury);
        expect(r.defender.majorWound).toBe(r.defender.injury > 11 / 2);
        expect(r.defender.shock).toBe(r.defender.injury);
      }
      if (!r.hit) expect(r.damage).toBeNull();
      expect(JSON.parse(JSON.stringify(r))).toEqual(r);
      const again = runExchange(
        m2m,
        decl,
        { defence: r.choices.map((c) => c.value) },
        replayDice(r.rolls),
      );
      expect(again.result).toEqual(r);
    }
  });
});
