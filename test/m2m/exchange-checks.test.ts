/**
 * The m2m exchange's shortcuts (issue 17, docs/performance.md) keep the errors of the rules
 * functions they skip: `startExchange` and `finishExchange` called with a declaration that was
 * never parsed still refuse the figures the damage and wound routines refuse, with their
 * messages, and accept what those routines accepted; `attackOutcome` checks its figures once and
 * still answers and refuses as before.
 */
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../src/core/dice";
import {
  DEFAULT_M2M_OPTIONS,
  finishExchange,
  startExchange,
  type M2mCombatant,
  type M2mDeclaration,
  type M2mDefence,
} from "../../src/rules/m2m/exchange";
import { attackOutcome, isCriticalHit, isCriticalMiss } from "../../src/rules/m2m/attack";
import type { HitLocation } from "../../src/rules/m2m/types";

const DEFENDER: M2mCombatant = {
  ht: 12,
  hp: 12,
  dr: { torso: 3 },
  toughness: 0,
  shield: false,
  crippled: [],
};

function decl(defender: Partial<M2mCombatant>, target: HitLocation = "torso"): M2mDeclaration {
  return {
    attack: {
      skill: 30,
      damage: { dice: 2, adds: 1 },
      type: "cut",
      target,
      ranged: false,
      unarmed: false,
      breakResistant: false,
      halfDamage: false,
    },
    defender: { ...DEFENDER, ...defender },
    options: { ...DEFAULT_M2M_OPTIONS },
  };
}

const NONE: M2mDefence = { type: "none", score: 0, pd: 0 };

/** An exchange that hits (skill 30 hits on anything but a critical miss; no defence). */
function hit(d: M2mDeclaration, seed = 3) {
  const dice = new SeededDice(seed);
  const s = startExchange(d, dice);
  return s.awaitingDefence ? finishExchange(s, NONE, dice).result! : s.result!;
}

describe("errors the exchange's shortcuts keep (issue 17)", () => {
  it("armour below 0 at the struck location: applyDr's error", () => {
    expect(() => hit(decl({ dr: { torso: -1 } }))).toThrow(/^dr\.armour: must be at least 0/);
  });

  it("a toughness that is not a whole number: applyDr's error", () => {
    expect(() => hit(decl({ toughness: 1.5 }))).toThrow(/^dr\.toughness: expected a whole number/);
  });

  it("the face ignores armour (L2458): bad armour there is not read, as before", () => {
    const r = hit(decl({ dr: { face: -1 } }, "face"));
    expect(r.hit).toBe(true);
    expect(r.damage!.dr).toBe(1); // the skull's DR 1 only (A6)
  });

  it("a miss still checks the defender's figures: HP that is not a whole number", () => {
    const d = decl({ hp: 1.5 });
    d.attack.skill = -20; // every roll but a critical success misses
    expect(() => startExchange(d, new SeededDice(1))).toThrow(
      /^state\.hp: expected a whole number/,
    );
  });
});

describe("attackOutcome's single check (issue 17)", () => {
  it("§5.1, L1710, L1744, L2586-2590: every roll and skill as isCriticalHit and isCriticalMiss say", () => {
    for (let roll = 3; roll <= 18; roll++) {
      for (let skill = -5; skill <= 25; skill++) {
        const expected = isCriticalHit(roll, skill)
          ? "critical-hit"
          : isCriticalMiss(roll, skill)
            ? "critical-miss"
            : roll <= skill
              ? "hit"
              : "miss";
        expect(attackOutcome(roll, skill), `roll ${roll}, skill ${skill}`).toBe(expected);
      }
    }
  });

  it("a roll or a skill it cannot read keeps its error", () => {
    expect(() => attackOutcome(19, 12)).toThrow(/^roll: must be at most 18/);
    expect(() => attackOutcome(2.5, 12)).toThrow(/^roll: expected a whole number/);
    expect(() => attackOutcome(10, 12.5)).toThrow(/^effectiveSkill: expected a whole number/);
    expect(() => attackOutcome(10, Number.NaN)).toThrow(/^effectiveSkill: /);
  });
});
