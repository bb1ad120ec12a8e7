/**
 * Close combat (spec §11, seed 004 L2653–2821, Judo throw L1894–1898): modifiers of the
 * close-combat actions, defences, slam and knockback, evade, stop thrust and snap shot, the Judo
 * throw and striking into a close combat. The book gives no table as JSON here; every case
 * cites the seed line it reads.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import { modifierTotal } from "../../src/core/modifiers";
import {
  CLOSE_COMBAT_FORBIDDEN,
  ENTERING_MANEUVERS,
  JUDO_THROW,
  STOP_THRUST_EXTRA_READY,
  breakFreeModifiers,
  canStopThrust,
  closeCombatDefences,
  closeCombatDx,
  closeCombatModifiers,
  closeContest,
  collisionTarget,
  combinedCloseCombatScore,
  evade,
  judoThrowHits,
  slamContest,
  slamDamage,
  slamKnockback,
  slamStModifiers,
  slamToHit,
  snapShotAtEntering,
  stopThrust,
  strikeIntoCloseCombat,
  type SlamFighter,
} from "../../src/rules/m2m/close";

const sum = modifierTotal;

describe("entering and close-combat defences (§11.1)", () => {
  it("L2677–2679 §11.1: Move, Step and Attack, All-Out Attack may enter; Move must evade or slam", () => {
    expect(ENTERING_MANEUVERS).toEqual({
      move: "evade-or-slam",
      "step-and-attack": "attack",
      "all-out-attack": "attack",
    });
  });

  it("L2805 §11.1: six maneuvers are impossible in close combat, with the Advanced Step and Feint and Step and Concentrate (a feint, a concentration, L2193, L4749)", () => {
    expect([...CLOSE_COMBAT_FORBIDDEN].sort()).toEqual([
      "aim",
      "all-out-attack",
      "all-out-defence",
      "concentrate",
      "feint",
      "step-and-concentrate",
      "step-and-feint",
      "wait",
    ]);
    expect(Object.isFrozen(CLOSE_COMBAT_FORBIDDEN)).toBe(true);
  });

  it("L2811 §11.1: only Dodge, plus Parry with Judo or Karate", () => {
    expect(closeCombatDefences().allowed).toEqual(["dodge"]);
    expect(closeCombatDefences({ judoOrKarate: true }).allowed).toEqual(["dodge", "parry"]);
  });

  it("L2813 §11.1: dodge and retreat +3, not while held", () => {
    expect(closeCombatDefences().retreatBonus).toBe(3);
    expect(closeCombatDefences({ held: true }).retreatBonus).toBe(0);
  });

  it("L1898 §11.6: Judo may replace DX, except to draw or drop a weapon or shield", () => {
    expect(closeCombatDx(12, 15)).toBe(15);
    expect(closeCombatDx(12, 10)).toBe(12);
    expect(closeCombatDx(12, 15, true)).toBe(12);
    expect(closeCombatDx(12)).toBe(12);
  });
});

describe("close-combat actions (§11.2)", () => {
  it("L2663, L2697 §11.1: a weapon attack is −2; fists are not", () => {
    expect(closeCombatModifiers("weapon")).toEqual([
      expect.objectContaining({ key: "closeCombatWeapon", value: -2 }),
    ]);
    expect(closeCombatModifiers("bare-hands")).toEqual([]);
  });

  it("L2671 §11.1: a shield costs −PD on every attack but the one made on entering", () => {
    expect(sum(closeCombatModifiers("weapon", { shieldPd: 3 }))).toBe(-5);
    expect(sum(closeCombatModifiers("weapon", { shieldPd: 3, entering: true }))).toBe(-2);
    expect(sum(closeCombatModifiers("slam", { shieldPd: 4 }))).toBe(0);
    expect(sum(closeCombatModifiers("break-free", { shieldPd: 2 }))).toBe(-2);
  });

  it("L2673 §11.1: and −PD on every DX roll after the first turn", () => {
    expect(sum(closeCombatModifiers("dx-roll", { shieldPd: 2, firstTurn: true }))).toBe(0);
    expect(sum(closeCombatModifiers("dx-roll", { shieldPd: 2 }))).toBe(-2);
    expect(sum(closeCombatModifiers("draw", { shieldPd: 1 }))).toBe(-1);
  });

  it("L2689–2691 §11.2: grapple +3, +6 against a kneeling, sitting or lying foe", () => {
    expect(sum(closeCombatModifiers("grapple"))).toBe(3);
    expect(sum(closeCombatModifiers("grapple", { foePosture: "crouching" }))).toBe(3);
    expect(
      ["kneeling", "sitting", "crawling", "lying"].map((p) =>
        sum(closeCombatModifiers("grapple", { foePosture: p as "lying" })),
      ),
    ).toEqual([6, 6, 6, 6]);
    expect(sum(closeCombatModifiers("grapple", { foePosture: "lying", shieldPd: 2 }))).toBe(4);
  });

  it("L2701 §11.2: a takedown from the ground is −5", () => {
    expect(sum(closeCombatModifiers("takedown", { onGround: true }))).toBe(-5);
    expect(sum(closeCombatModifiers("takedown"))).toBe(0);
  });

  it("L2703 §11.2: pin, +1 per full 10 lb heavier", () => {
    expect(sum(closeCombatModifiers("pin", { weightLb: 185, foeWeightLb: 160 }))).toBe(2);
    expect(sum(closeCombatModifiers("pin", { weightLb: 160, foeWeightLb: 185 }))).toBe(0);
    expect(() => closeCombatModifiers("pin")).toThrow("weightLb: expected a number, got nothing");
  });

  it("L2705 §11.2: the holder gets +10 pinning, +5 pinning one-handed, +5 holding with both hands", () => {
    expect(sum(breakFreeModifiers("pin"))).toBe(10);
    expect(sum(breakFreeModifiers("pin-one-hand"))).toBe(5);
    expect(sum(breakFreeModifiers("two-hands"))).toBe(5);
    expect(breakFreeModifiers("one-hand")).toEqual([]);
  });

  it("L2821 §11.2: helpers add half their score, up to 2 on a takedown and 3 on a pin", () => {
    expect(combinedCloseCombatScore("takedown", [12, 14])).toBe(14 + 6);
    expect(combinedCloseCombatScore("pin", [10, 13, 11])).toBe(13 + 5 + 5);
    expect(() => combinedCloseCombatScore("takedown", [10, 10, 10])).toThrow(InputError);
  });

  it("L2701–2705 §11.2: a takedown loss drops you; pin and break free count only a win", () => {
    const win = { target: 12, roll: 8 };
    const lose = { target: 12, roll: 11 };
    expect(closeContest("takedown", win, lose)).toBe("you");
    expect(closeContest("takedown", lose, win)).toBe("foe");
    expect(closeContest("pin", lose, win)).toBe("nothing");
    expect(closeContest("break-free", win, win)).toBe("nothing");
    expect(closeContest("takedown", { target: 8, roll: 10 }, { target: 8, roll: 12 })).toBe(
      "nothing",
    );
  });

  it("§11.2: unknown actions are refused", () => {
    expect(() => closeCombatModifiers("bite" as never)).toThrow(InputError);
  });
});

describe("slam (§11.3)", () => {
  const me: SlamFighter = { st: 12, dx: 12 };
  const him: SlamFighter = { st: 12, dx: 11 };

  it("L2725 §11.3: the foe is −2 against a slam from his side; from behind it hits automatically", () => {
    expect(slamToHit("front")).toEqual({ automatic: false, defender: [] });
    expect(sum(slamToHit("side").defender)).toBe(-2);
    expect(slamToHit("behind").automatic).toBe(true);
  });

  it("L2729–2735 §11.3, §16 (OCR '- 2'): ST roll modifiers", () => {
    expect(sum(slamStModifiers({ ...me, charged: true }, him))).toBe(2);
    expect(sum(slamStModifiers(me, { ...him, charged: true }))).toBe(-2);
    expect(sum(slamStModifiers(me, { ...him, shield: "medium" }))).toBe(-2);
    expect(sum(slamStModifiers(me, { ...him, shield: "large" }))).toBe(-2);
    expect(sum(slamStModifiers(me, { ...him, shield: "small" }))).toBe(0);
    expect(sum(slamStModifiers(me, him, true))).toBe(-2);
  });

  it("L2725 §11.3: losing the DX contest means he avoided you and you move on", () => {
    const r = slamContest({
      attacker: me,
      defender: him,
      from: "front",
      rolls: { attackerDx: 12, defenderDx: 8 },
    });
    expect(r).toEqual({ connected: false, mustMoveOn: true, knockbackCheck: null });
  });

  it("L2725 §11.3: a tie connects; the side penalty can turn his win into a tie", () => {
    const tie = slamContest({
      attacker: me,
      defender: { ...him, dx: 12 },
      from: "front",
      rolls: { attackerDx: 10, defenderDx: 10, attackerSt: 10, defenderSt: 10 },
    });
    expect(tie.connected).toBe(true);
    const side = slamContest({
      attacker: me,
      defender: { ...him, dx: 13 },
      from: "side",
      rolls: { attackerDx: 10, defenderDx: 9, attackerSt: 10, defenderSt: 10 },
    });
    expect(side.connected).toBe(true);
  });

  it("L2727–2737 §11.3: each rolls ST; a failure falls; exactly one fall calls for knockback", () => {
    const r = slamContest({
      attacker: { ...me, charged: true },
      defender: { ...him, shield: "none" },
      from: "front",
      rolls: { attackerDx: 9, defenderDx: 12, attackerSt: 14, defenderSt: 11 },
    });
    expect(r.attacker).toMatchObject({ target: 14, roll: 14, falls: false, hurt: false });
    expect(r.defender).toMatchObject({ target: 10, roll: 11, falls: true });
    expect(r.knockbackCheck).toBe("defender");
  });

  it("L2725, L2735 §11.3: from behind no DX roll; the victim's ST is −2", () => {
    const r = slamContest({
      attacker: me,
      defender: him,
      from: "behind",
      rolls: { attackerSt: 12, defenderSt: 11 },
    });
    expect(r.defender).toMatchObject({ target: 10, falls: true });
    expect(r.attacker).toMatchObject({ target: 12, falls: false });
  });

  it("L2739 §11.3: 17–18 on the ST roll hurts; both falling means no knockback", () => {
    const r = slamContest({
      attacker: me,
      defender: him,
      from: "behind",
      rolls: { attackerSt: 17, defenderSt: 18 },
    });
    expect(r.attacker).toMatchObject({ falls: true, hurt: true });
    expect(r.defender).toMatchObject({ falls: true, hurt: true });
    expect(r.knockbackCheck).toBeNull();
  });

  it("L2723, L3205, §17 A25: no slam from inside the hex; a shield rush needs a medium or large shield", () => {
    expect(() =>
      slamContest({ attacker: me, defender: him, from: "front", startedInHex: true, rolls: {} }),
    ).toThrow(InputError);
    expect(() =>
      slamContest({
        attacker: { ...me, shield: "small" },
        defender: him,
        from: "behind",
        shieldRush: true,
        rolls: {},
      }),
    ).toThrow("attacker.shield: a shield rush needs a medium or large shield");
    expect(
      slamContest({
        attacker: { ...me, shield: "large" },
        defender: him,
        from: "behind",
        shieldRush: true,
        rolls: { attackerSt: 10, defenderSt: 10 },
      }).defender?.target,
    ).toBe(12 - 2 - 2);
  });

  it("§11.3: missing rolls are named", () => {
    expect(() =>
      slamContest({ attacker: me, defender: him, from: "front", rolls: { attackerDx: 10 } }),
    ).toThrow("rolls.defenderDx: expected a whole number, got nothing");
  });

  it("L2739 §11.3: slam hurt is 1-2; armour stops all but 1 hit", () => {
    expect(slamDamage(6, 0)).toBe(4);
    expect(slamDamage(6, 2)).toBe(1);
    expect(slamDamage(2, 0)).toBe(0);
    expect(slamDamage(3, 1)).toBe(1);
  });

  it("L2771 §11.3: knockback one hex per 2 points lost by, at least 1; a win or tie stays", () => {
    expect(slamKnockback({ target: 10, roll: 14 }, { target: 12, roll: 8 })).toBe(4);
    expect(slamKnockback({ target: 10, roll: 9 }, { target: 12, roll: 10 })).toBe(1);
    expect(slamKnockback({ target: 12, roll: 9 }, { target: 12, roll: 9 })).toBe(0);
    expect(slamKnockback({ target: 12, roll: 6 }, { target: 12, roll: 9 })).toBe(0);
  });

  it("L2771, L1896 §11.3: landing on someone: he rolls the better of ST+3 and DX+3", () => {
    expect(collisionTarget(12, 10)).toBe(15);
    expect(collisionTarget(9, 14)).toBe(17);
  });
});

describe("evade (§11.4)", () => {
  const base = { dx: 12, foeDx: 11, foePosture: "standing" as const };

  it("L2789–2793 §11.4, §16 (OCR '- 5', '- 2'): DX modifiers by the foe's position and entry", () => {
    expect(sum(evade(base).modifiers)).toBe(-5);
    expect(sum(evade({ ...base, foePosture: "kneeling" }).modifiers)).toBe(-2);
    expect(sum(evade({ ...base, foePosture: "lying" }).modifiers)).toBe(5);
    expect(sum(evade({ ...base, entered: "side" }).modifiers)).toBe(-3);
    expect(evade({ ...base, entered: "behind" }).target).toBe(12);
  });

  it("L2783 §11.4: impossible if held or without movement to leave", () => {
    expect(evade({ ...base, held: true }).possible).toBe(false);
    expect(evade({ ...base, canLeave: false }).possible).toBe(false);
  });

  it("L2785 §11.4: automatic if the foe lets you go", () => {
    expect(evade({ ...base, foeAllows: true })).toMatchObject({
      possible: true,
      automatic: true,
      evaded: true,
    });
  });

  it("L2795 §11.4: a win gets you out; a loss or tie stops you", () => {
    expect(evade({ ...base, foePosture: "lying", rolls: { self: 10, foe: 11 } }).evaded).toBe(true);
    expect(
      evade({ ...base, foePosture: "lying", dx: 10, rolls: { self: 10, foe: 6 } }).evaded,
    ).toBe(false);
    expect(evade({ ...base, rolls: { self: 7, foe: 11 } }).evaded).toBe(false);
    expect(evade(base).evaded).toBeUndefined();
  });
});

describe("stop thrust and snap shot (§11.5)", () => {
  it("L2749 §11.5: standing or kneeling, a ready thrusting weapon, a foe from the front", () => {
    const ok = { posture: "standing" as const, readyThrustingWeapon: true, foeFromFront: true };
    expect(canStopThrust(ok)).toBe(true);
    expect(canStopThrust({ ...ok, posture: "kneeling" })).toBe(true);
    expect(canStopThrust({ ...ok, posture: "lying" })).toBe(false);
    expect(canStopThrust({ ...ok, foeFromFront: false })).toBe(false);
  });

  it("L2755 §11.5: an undefended hit does maximum damage (1+2 → 8; 1-6 impaling still 1, L919)", () => {
    expect(
      stopThrust({ hit: true, defended: false, damage: { dice: 1, adds: 2 }, type: "imp" }).damage,
    ).toBe(8);
    expect(
      stopThrust({ hit: true, defended: false, damage: { dice: 1, adds: -6 }, type: "imp" }).damage,
    ).toBe(1);
    expect(
      stopThrust({ hit: true, defended: false, damage: { dice: 2, adds: -1 }, type: "cr" }),
    ).toEqual({
      damage: 11,
      fallsHexesAway: 1,
      chargerThen: "slam-or-evade",
    });
  });

  it("L2753, L2757 §11.5: a miss or a defence lets him slam or evade; a long weapon drops him 2 hexes away", () => {
    expect(
      stopThrust({ hit: false, defended: false, damage: { dice: 1, adds: 0 }, type: "imp" }).damage,
    ).toBeNull();
    expect(
      stopThrust({ hit: true, defended: true, damage: { dice: 1, adds: 0 }, type: "imp" }).damage,
    ).toBeNull();
    expect(
      stopThrust({
        hit: true,
        defended: false,
        damage: { dice: 1, adds: 3 },
        type: "imp",
        longWeapon: true,
      }).fallsHexesAway,
    ).toBe(2);
  });

  it("L2759 §11.5: the weapon then needs one more turn of readying", () => {
    expect(STOP_THRUST_EXTRA_READY).toBe(1);
  });

  it("L2763–2765 §11.5: a snap shot at point blank fires at normal skill, damage rolled normally", () => {
    const crossbow = {
      pointBlank: 5,
      increment: 17,
      halfDamage: 240,
      max: 300,
      missile: true,
      thrown: false,
    };
    const r = snapShotAtEntering(crossbow);
    expect(sum(r.modifiers)).toBe(0);
    expect(r.modifiers.map((m) => m.key)).toEqual(["snapShot", "pointBlank"]);
    expect(r.pointBlankDamageBonus).toBe(1);
    const knife = {
      pointBlank: 2,
      increment: 1,
      halfDamage: 8,
      max: 15,
      missile: false,
      thrown: true,
    };
    expect(sum(snapShotAtEntering(knife, true).modifiers)).toBe(-4);
  });
});

describe("Judo throw (§11.6)", () => {
  it("L1894 §11.6: any active defence, no passive defence", () => {
    expect(JUDO_THROW.defences).toEqual(["dodge", "block", "parry"]);
    expect(JUDO_THROW.passiveDefence).toBe(false);
  });

  it("L1894 §11.6: a Judo roll; 17 or 18 always fails", () => {
    expect(judoThrowHits(14, 14)).toBe(true);
    expect(judoThrowHits(15, 14)).toBe(false);
    expect(judoThrowHits(17, 20)).toBe(false);
    expect(judoThrowHits(3, 2)).toBe(true);
  });
});

describe("striking into a close combat (§11.7)", () => {
  it("L2779 §11.7: −2 plus the target's position; the target may only dodge", () => {
    const r = strikeIntoCloseCombat();
    expect(sum(r.modifiers)).toBe(-2);
    expect(r.defences).toEqual(["dodge"]);
    expect(sum(strikeIntoCloseCombat(-2).modifiers)).toBe(-4);
  });

  it("L2781 §11.7: the other occupants are attacked at a flat 9", () => {
    expect(strikeIntoCloseCombat().strayTarget).toBe(9);
  });
});
