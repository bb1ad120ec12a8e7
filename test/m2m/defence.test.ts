/**
 * Defence (spec §6; seed 004): the defence roll, critical results, the §6.5 modifier catalog
 * against the spec's table, every cell of the §6.4 (attack kind) and §6.8 (maneuver) matrices
 * (the row labels are read out of `reference/m2m-spec.json` at test time, so a row the tests
 * do not cover fails), facing, special parries, per-turn limits (C8) and passive defence.
 */
import { parryScore } from "../../src/rules/m2m/character";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import {
  DEFENCE_MODIFIERS,
  allowedDefences,
  canUse,
  criticalDefenceEffect,
  defenceHadChance,
  defenceLimit,
  defenceModifier,
  defenceModifierEntry,
  defenceOutcome,
  defenceRollsPerAttack,
  defenceTarget,
  fencingParryQualifies,
  newDefenceCounters,
  parryKindOf,
  passiveDefence,
  secondDefenceOptions,
  use,
  type AttackContext,
  type DefenceCounters,
  type DefenceModifierParams,
  type DefenceOption,
  type DefenderContext,
} from "../../src/rules/m2m/defence";
import { specTable } from "./sources";

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

const ARMED: DefenderContext = { readyWeapon: true, readyShield: true };

function opts(
  attack: AttackContext,
  defender: DefenderContext = ARMED,
): Record<"dodge" | "block" | "parry", DefenceOption> {
  const list = allowedDefences(attack, defender);
  return { dodge: list[0]!, block: list[1]!, parry: list[2]! };
}

/** Which of dodge, block, parry are allowed, as a triple. */
function open(
  attack: AttackContext,
  defender: DefenderContext = ARMED,
): [boolean, boolean, boolean] {
  const o = opts(attack, defender);
  return [o.dodge.allowed, o.block.allowed, o.parry.allowed];
}

function mod(
  attack: AttackContext,
  defender: DefenderContext,
  d: "dodge" | "block" | "parry",
): number {
  return opts(attack, defender)[d].modifier;
}

// ── The defence roll (§6.1) ──────────────────────────────────────────────────────────────────

describe("the defence roll (§6.1)", () => {
  it("#20 L1756: Pierre's Parry 6 + PD 3 (small shield 2, cloth 1) = 9", () => {
    const t = defenceTarget(6, 3, []);
    expect(t.value).toBe(9);
    expect(t.modifiers).toEqual([expect.objectContaining({ key: "defence.passive", value: 3 })]);
  });

  it("#26 L1756: total defence 9, roll 10: the defence fails", () => {
    expect(defenceOutcome(10, 9)).toBe("failure");
    expect(defenceOutcome(9, 9)).toBe("success");
  });

  it("L1786: a defence roll of 3 or 4 always succeeds, even against a total of 1 or 2", () => {
    expect(defenceOutcome(3, 1)).toBe("critical-success");
    expect(defenceOutcome(4, 2)).toBe("critical-success");
  });

  it("L1786: a defence roll of 17 or 18 always fails", () => {
    expect(defenceOutcome(17, 20)).toBe("critical-failure");
    expect(defenceOutcome(18, 25)).toBe("critical-failure");
    expect(defenceOutcome(16, 16)).toBe("success");
  });

  it("A1 L422, L1824: no roll without a chance at all (no active defence, no PD)", () => {
    expect(defenceOutcome(3, 0, { hadChance: false })).toBe("failure");
    expect(defenceHadChance(0, [{ allowed: false }])).toBe(false);
    expect(defenceHadChance(1, [{ allowed: false }])).toBe(true); // L1824: any PD at all
    expect(defenceHadChance(0, allowedDefences({ kind: "melee" }, {}))).toBe(true); // a dodge is open
    const aoa = allowedDefences({ kind: "melee" }, { maneuver: "all-out-attack" });
    expect(defenceHadChance(0, aoa)).toBe(false);
  });

  it("§6.1: stated modifiers add to the target; bad rolls are input errors", () => {
    expect(
      defenceTarget(5, 2, [defenceModifier("stunned"), defenceModifier("retreat")]).value,
    ).toBe(6);
    expect(() => defenceOutcome(2, 10)).toThrow(InputError);
    expect(() => defenceTarget(5, -1, [])).toThrow(InputError);
  });
});

// ── Critical results (§6.7) ──────────────────────────────────────────────────────────────────

describe("critical defence results (§6.7)", () => {
  const none = {
    attackerRollsCriticalMiss: false,
    defenderFalls: false,
    shieldUnready: false,
    defenderRollsCriticalMiss: false,
  };

  it("L2594: 17–18 dodging: the defender falls", () => {
    expect(criticalDefenceEffect("critical-failure", "dodge", false)).toEqual({
      ...none,
      defenderFalls: true,
    });
  });

  it("L2594: 17–18 blocking: the shield needs a turn to re-ready", () => {
    expect(criticalDefenceEffect("critical-failure", "block", false)).toEqual({
      ...none,
      shieldUnready: true,
    });
  });

  it("L2594: 17–18 parrying: the defender goes to the Critical Miss Table", () => {
    expect(criticalDefenceEffect("critical-failure", "parry", true)).toEqual({
      ...none,
      defenderRollsCriticalMiss: true,
    });
  });

  it("L2596: 3–4 on any active defence: the attacker goes to the Critical Miss Table", () => {
    for (const d of ["dodge", "block", "parry"] as const) {
      expect(criticalDefenceEffect("critical-success", d, false)).toEqual({
        ...none,
        attackerRollsCriticalMiss: true,
      });
    }
  });

  it("L2598: against a ranged attack a 3–4 has no special effect", () => {
    expect(criticalDefenceEffect("critical-success", "dodge", true)).toEqual(none);
  });

  it("§6.7: plain results and PD-only rolls have no critical effect", () => {
    expect(criticalDefenceEffect("success", "parry", false)).toEqual(none);
    expect(criticalDefenceEffect("failure", "dodge", false)).toEqual(none);
    expect(criticalDefenceEffect("critical-success", "none", false)).toEqual(none);
    expect(criticalDefenceEffect("critical-failure", "none", false)).toEqual(none);
  });
});

// ── §6.5 catalog ─────────────────────────────────────────────────────────────────────────────

describe("defence modifier catalog (§6.5)", () => {
  it("§6.5: one catalog entry per row of the spec's table, condition, modifier and lines as printed", () => {
    const rows = specTable("### 6.5 ", { stripEmphasis: true });
    expect(DEFENCE_MODIFIERS.map((m) => [m.condition, m.modifier, m.lines])).toEqual(
      rows.map((r) => [r[0], r[1], r[2]]),
    );
  });

  const cases: [string, DefenceModifierParams, number, string][] = [
    ["stunned", {}, -4, "C2 L1794, L1870, L2580, L3695"],
    ["feinted", { margin: 3 }, -3, "L1670"],
    ["feinted", { margin: 0 }, 0, "L1670"],
    ["kneeling-or-sitting", {}, -2, "L2070, L2072"],
    ["crawling-or-lying", {}, -3, "L2071, L2073"],
    ["side-hex", { defence: "dodge" }, -2, "L2370"],
    ["side-hex", { defence: "block", side: "shield-side" }, -2, "L2384"],
    ["side-hex", { defence: "parry", side: "weapon-side" }, -2, "L2398"],
    ["side-hex", { defence: "parry", side: "shield-side", twoHanded: true }, -2, "L2398"],
    ["retreat", {}, 3, "L2374"],
    ["flail", { defence: "block" }, -2, "L1620"],
    ["flail", { defence: "parry" }, -4, "L1620"],
    ["flail", { defence: "dodge" }, 0, "L1620"],
    ["large-shield", {}, -1, "L1098"],
    ["lost-balance", {}, -2, "L2605"],
    ["bulky-object", {}, -3, "L3433"],
    ["different-levels", { feet: 2, role: "lower" }, 0, "L3373"],
    ["different-levels", { feet: 3, role: "lower" }, -1, "L3375"],
    ["different-levels", { feet: 3, role: "upper" }, 1, "L3375"],
    ["different-levels", { feet: 4, role: "lower" }, -2, "L3377"],
    ["different-levels", { feet: 5, role: "upper" }, 3, "L3379"],
    ["different-levels", { feet: 6, role: "lower" }, -3, "L3381"],
    ["crippled-shield-arm", {}, -2, "L3675"],
  ];
  it.each(cases)("%s %j = %i (%s)", (id, params, expected) => {
    const m = defenceModifier(id, params);
    expect(m.value).toBe(expected);
    expect(m.key).toBe(`defence.${id}`);
    expect(m.source).toMatch(/seed 004 L\d+/);
  });

  it("L2370, L1660, L2189: the back hex and All-Out Attack forbid active defences", () => {
    expect(() => defenceModifier("back-hex")).toThrow(InputError);
    expect(() => defenceModifier("all-out-attack")).toThrow(InputError);
  });

  it("L2384, L2398, L2374, L3383: impossible parameters are input errors", () => {
    expect(() => defenceModifier("side-hex", { defence: "block", side: "weapon-side" })).toThrow(
      InputError,
    );
    expect(() => defenceModifier("side-hex", { defence: "parry", side: "shield-side" })).toThrow(
      InputError,
    );
    expect(() => defenceModifier("retreat", { defence: "parry" })).toThrow(InputError);
    expect(() => defenceModifier("different-levels", { feet: 7, role: "upper" })).toThrow(
      InputError,
    );
    expect(() => defenceModifier("feinted", { margin: -1 })).toThrow(InputError);
    expect(() => defenceModifier("nimble")).toThrow(InputError);
  });

  it("§6.5: the catalog is frozen; lookups return copies", () => {
    expect(Object.isFrozen(DEFENCE_MODIFIERS[0])).toBe(true);
    const e = defenceModifierEntry("stunned");
    (e as { value: number }).value = 0;
    expect(defenceModifier("stunned").value).toBe(-4);
  });
});

// ── Facing and modifiers in allowedDefences (§6.2, §6.5) ─────────────────────────────────────

describe("facing and defence modifiers (§6.2, §6.5)", () => {
  it("#22 L2370: Dodge 5 against an attack from a side hex is 3", () => {
    const dodge = opts({ kind: "melee", fromHex: "side" }).dodge;
    expect(dodge.allowed).toBe(true);
    expect(5 + dodge.modifier).toBe(3);
  });

  it("L2370, L2384, L2398: nothing against an attack from the back hex", () => {
    expect(open({ kind: "melee", fromHex: "back" })).toEqual([false, false, false]);
  });

  it("L2384: blocks from the front or shield side only, −2 from the side", () => {
    expect(opts({ kind: "melee", fromHex: "shield-side" }).block).toMatchObject({
      allowed: true,
      modifier: -2,
    });
    expect(opts({ kind: "melee", fromHex: "weapon-side" }).block.allowed).toBe(false);
    expect(opts({ kind: "melee", fromHex: "front" }).block).toMatchObject({
      allowed: true,
      modifier: 0,
    });
  });

  it("L2398: parries from the front or weapon side, either side with a two-handed weapon, −2 from the side", () => {
    expect(opts({ kind: "melee", fromHex: "weapon-side" }).parry).toMatchObject({
      allowed: true,
      modifier: -2,
    });
    expect(opts({ kind: "melee", fromHex: "shield-side" }).parry.allowed).toBe(false);
    expect(
      opts({ kind: "melee", fromHex: "shield-side" }, { ...ARMED, weaponKind: "two-handed" }).parry,
    ).toMatchObject({ allowed: true, modifier: -2 });
  });

  it("ruling: an unqualified side hex is the shield side for a block and the weapon side for a parry", () => {
    const o = opts({ kind: "melee", fromHex: "side" });
    expect([o.block.modifier, o.parry.modifier]).toEqual([-2, -2]);
  });

  it("L2370, L2384: no dodge or block of a ranged attack from a side hex", () => {
    expect(open({ kind: "missile", fromHex: "side" })).toEqual([false, false, false]);
    expect(open({ kind: "thrown", fromHex: "shield-side" })).toEqual([false, false, false]);
  });

  it("C2 L1794, L1870, L2580, L3695: a stunned defender is at −4 to every active defence", () => {
    const o = opts({ kind: "melee" }, { ...ARMED, stunned: true });
    expect([o.dodge.modifier, o.block.modifier, o.parry.modifier]).toEqual([-4, -4, -4]);
  });

  it("C2 option L2364: 'no active defence' when stunned", () => {
    expect(open({ kind: "melee" }, { ...ARMED, stunned: true, stunnedRule: "no-active" })).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("L2070–2073: kneeling or sitting −2, crawling or lying −3 to every active defence", () => {
    expect(mod({ kind: "melee" }, { ...ARMED, posture: "kneeling" }, "parry")).toBe(-2);
    expect(mod({ kind: "melee" }, { ...ARMED, posture: "sitting" }, "dodge")).toBe(-2);
    expect(mod({ kind: "melee" }, { ...ARMED, posture: "crawling" }, "block")).toBe(-3);
    expect(mod({ kind: "melee" }, { ...ARMED, posture: "lying" }, "dodge")).toBe(-3);
    expect(mod({ kind: "melee" }, { ...ARMED, posture: "crouching" }, "dodge")).toBe(0);
  });

  it("L2605, L3433: lost balance −2, a bulky object −3", () => {
    expect(mod({ kind: "melee" }, { ...ARMED, lostBalance: true }, "parry")).toBe(-2);
    expect(mod({ kind: "melee" }, { ...ARMED, bulkyObject: true }, "dodge")).toBe(-3);
  });

  it("L2374: retreating adds 3 to a dodge only", () => {
    const o = opts({ kind: "melee" }, { ...ARMED, retreat: true });
    expect(o.dodge).toMatchObject({ retreat: true, modifier: 3 });
    expect(o.parry.modifier).toBe(0);
    expect(mod({ kind: "melee", fromHex: "side" }, { retreat: true }, "dodge")).toBe(1);
  });

  it("L2374–2378, L2813: no retreat against ranged attacks, sitting, kneeling, stunned, twice a turn, or held in close combat", () => {
    const noRetreat = (a: AttackContext, d: DefenderContext) =>
      opts(a, { ...d, retreat: true }).dodge.retreat;
    expect(noRetreat({ kind: "missile" }, {})).toBe(false);
    expect(noRetreat({ kind: "melee" }, { posture: "kneeling" })).toBe(false);
    expect(noRetreat({ kind: "melee" }, { posture: "sitting" })).toBe(false);
    expect(noRetreat({ kind: "melee" }, { stunned: true })).toBe(false);
    expect(noRetreat({ kind: "melee" }, { retreatUsed: true })).toBe(false);
    expect(noRetreat({ kind: "close-combat" }, { held: true })).toBe(false);
    expect(noRetreat({ kind: "melee" }, { posture: "lying" })).toBe(true); // by rolling
    expect(noRetreat({ kind: "close-combat" }, {})).toBe(true);
    expect(opts({ kind: "missile" }, { retreat: true }).dodge.notes.join(" ")).toMatch(
      /no retreat/,
    );
  });

  it("L1796, L2364: no active defence against an attack the defender did not know about", () => {
    expect(open({ kind: "melee", known: false })).toEqual([false, false, false]);
  });

  it("L1806, L1814, L2390: block needs a ready shield and parry a ready weapon", () => {
    expect(open({ kind: "melee" }, {})).toEqual([true, false, false]);
  });

  it("L3675: a crippled shield arm cannot block", () => {
    expect(open({ kind: "melee" }, { ...ARMED, shieldArmCrippled: true })).toEqual([
      true,
      false,
      true,
    ]);
  });

  it("§6.4: unknown kinds, sides and maneuvers are input errors", () => {
    expect(() => allowedDefences({ kind: "slam" as "melee" })).toThrow(InputError);
    expect(() => allowedDefences({ kind: "melee", fromHex: "above" as "front" })).toThrow(
      InputError,
    );
    expect(() => allowedDefences({ kind: "melee" }, { maneuver: "charge" })).toThrow(InputError);
  });
});

// ── §6.4 matrix, every cell ──────────────────────────────────────────────────────────────────

describe("which defences work against what (§6.4)", () => {
  const pd = (a: AttackContext, i = { armourPd: 2, shieldPd: 3 }) => passiveDefence(a, i).value;
  const checks: Record<string, () => void> = {
    "Melee hand weapon": () => {
      expect(open({ kind: "melee" })).toEqual([true, true, true]); // L1806, L1812
      expect(pd({ kind: "melee" })).toBe(5);
    },
    "Flail / morningstar": () => {
      expect(open({ kind: "flail" })).toEqual([true, true, true]);
      expect([
        mod({ kind: "flail" }, ARMED, "dodge"),
        mod({ kind: "flail" }, ARMED, "block"),
        mod({ kind: "flail" }, ARMED, "parry"),
      ]).toEqual([0, -2, -4]); // L1620
      expect(open({ kind: "flail" }, { ...ARMED, weaponKind: "knife" })[2]).toBe(false); // L1620, L4348
      expect(open({ kind: "flail" }, { ...ARMED, weaponKind: "fencing" })[2]).toBe(false);
      expect(pd({ kind: "flail" })).toBe(5);
    },
    "Thrown weapon (knife, axe, spear)": () => {
      expect(open({ kind: "thrown" })).toEqual([true, true, true]); // C9: L1858 allows the parry
      expect(opts({ kind: "thrown" }).parry.notes.join(" ")).toMatch(/C9/);
      expect(pd({ kind: "thrown" })).toBe(5);
    },
    "Arrow, quarrel, sling stone, prodd pellet": () => {
      expect(open({ kind: "missile" })).toEqual([true, true, false]); // L1910
      expect(open({ kind: "missile", fromHex: "side" })).toEqual([false, false, false]); // L2370, L2384
      expect(opts({ kind: "missile" }, { retreat: true }).dodge.retreat).toBe(false); // L2374
      expect(pd({ kind: "missile" })).toBe(5); // L1806 shield PD helps against all missiles
    },
    "Bullets and beams (out of scope)": () => {
      expect(open({ kind: "bullet" })).toEqual([true, false, false]); // L1806, L1910
      expect(pd({ kind: "bullet" })).toBe(5);
    },
    "Oil flask": () => {
      expect(open({ kind: "oil-flask" })).toEqual([true, true, false]); // L3054
    },
    "Shield bash": () => {
      expect(open({ kind: "shield-bash" })).toEqual([true, true, false]); // L3199
      expect(pd({ kind: "shield-bash" })).toBe(5);
    },
    "Attack on your weapon": () => {
      expect(open({ kind: "weapon" })).toEqual([true, false, true]); // L2559
      expect(open({ kind: "weapon" }, { readyShield: true })).toEqual([true, false, false]); // parry if ready
    },
    "Judo throw": () => {
      expect(open({ kind: "judo-throw" })).toEqual([true, true, true]); // L1894 any active
      expect(pd({ kind: "judo-throw" })).toBe(0); // passive defences don't count
    },
    "Striking into a close combat from outside": () => {
      expect(open({ kind: "into-close-combat" })).toEqual([true, false, false]); // L2779
      expect(open({ kind: "into-close-combat" }, { ...ARMED, weaponKind: "judo" })).toEqual([
        true,
        false,
        false,
      ]);
    },
    "Close combat (same hex)": () => {
      expect(open({ kind: "close-combat" })).toEqual([true, false, false]); // L2811
      expect(open({ kind: "close-combat" }, { ...ARMED, weaponKind: "judo" })).toEqual([
        true,
        false,
        true,
      ]);
      expect(open({ kind: "close-combat" }, { ...ARMED, weaponKind: "karate" })).toEqual([
        true,
        false,
        true,
      ]);
      expect(open({ kind: "close-combat" }, { ...ARMED, weaponKind: "brawling" })[2]).toBe(false);
      expect(opts({ kind: "close-combat" }, { retreat: true }).dodge).toMatchObject({
        retreat: true,
        modifier: 3,
      }); // L2813
      expect(opts({ kind: "close-combat" }, { retreat: true, held: true }).dodge.retreat).toBe(
        false,
      );
      expect(pd({ kind: "close-combat" })).toBe(5);
    },
    "Pop-up attacker under opportunity fire": () => {
      expect(open({ kind: "missile" }, { ...ARMED, poppedUp: true })).toEqual([true, false, false]); // L2883
      expect(open({ kind: "thrown" }, { ...ARMED, poppedUp: true })).toEqual([true, false, false]);
    },
    "Wrong-target hits": () => {
      // L3088: the figure hit by mistake defends exactly as if he had been the target.
      const d: DefenderContext = { ...ARMED, posture: "kneeling" };
      expect(allowedDefences({ kind: "missile" }, d)).toEqual(
        allowedDefences({ kind: "missile" }, { ...d }),
      );
      expect(open({ kind: "missile" }, d)).toEqual([true, true, false]);
    },
    "Stop thrust (defender is the charger)": () => {
      // L2751: the charger may attempt any legal defence against the thrust: a melee attack.
      expect(open({ kind: "melee" }, { ...ARMED, maneuver: "move" })).toEqual([true, true, true]);
    },
    Slam: () => {
      // L2725: a quick contest of DX, not a defence roll: not an attack kind here.
      expect(() => allowedDefences({ kind: "slam" as "melee" })).toThrow(InputError);
    },
    "Falling rock dropped on you": () => {
      expect(open({ kind: "dropped-rock" })).toEqual([true, false, false]); // L3435
      expect(opts({ kind: "dropped-rock" }).dodge.notes.join(" ")).toMatch(/DX/);
      expect(open({ kind: "dropped-rock", known: false })).toEqual([false, false, false]); // only if aware
      expect(pd({ kind: "dropped-rock" })).toBe(5);
      expect(pd({ kind: "dropped-boulder" })).toBe(0);
    },
    "Sneak attack, unexpected attack": () => {
      expect(open({ kind: "melee", known: false })).toEqual([false, false, false]); // L1796
      expect(pd({ kind: "melee", known: false, fromHex: "back" })).toBe(2); // L1828 armour only
      expect(pd({ kind: "melee", known: false })).toBe(5);
    },
  };

  const rows = specTable("### 6.4 ", { stripEmphasis: true });
  it("§6.4: every row of the spec's table has a check here", () => {
    expect(Object.keys(checks).sort()).toEqual(rows.map((r) => r[0]!).sort());
  });

  it.each(rows.map((r) => [r[0]!, r[5] || "—"]))("§6.4 row %s (%s)", (label) => {
    checks[label]!();
  });
});

// ── §6.8 matrix, every cell ──────────────────────────────────────────────────────────────────

describe("maneuver → defences (§6.8)", () => {
  const melee: AttackContext = { kind: "melee" };
  const checks: Record<string, () => void> = {
    "Move, Change Position, Attack/Step and Attack, Feint, Wait": () => {
      for (const m of [
        "move",
        "change-position",
        "attack",
        "step-and-attack",
        "feint",
        "step-and-feint",
        "wait",
      ]) {
        expect(open(melee, { ...ARMED, maneuver: m }), m).toEqual([true, true, true]);
        expect(open(melee, { maneuver: m }), m).toEqual([true, false, false]); // block needs a ready shield, parry a ready weapon
        expect(defenceRollsPerAttack(m)).toBe(1);
      }
    },
    "Ready / Step and Ready (hand weapon)": () => {
      for (const m of ["ready", "step-and-ready"]) {
        expect(open(melee, { ...ARMED, maneuver: m }), m).toEqual([true, true, true]); // L1588: readied this turn
        expect(open(melee, { readyShield: false, readyWeapon: true, maneuver: m })).toEqual([
          true,
          false,
          true,
        ]); // L2085
        expect(open(melee, { readyShield: true, readyWeapon: false, maneuver: m })).toEqual([
          true,
          true,
          false,
        ]);
      }
    },
    "Ready while reloading a missile weapon": () => {
      for (const m of ["ready", "step-and-ready"]) {
        const o = opts(melee, { ...ARMED, maneuver: m, reloading: true });
        expect([o.dodge.allowed, o.block.allowed, o.parry.allowed]).toEqual([true, false, false]); // L1588, L2097
        expect(o.dodge.notes.join(" ")).toMatch(/reloading is lost/);
      }
    },
    Aim: () => {
      const o = opts(melee, { ...ARMED, maneuver: "aim" });
      expect([o.dodge.allowed, o.block.allowed, o.parry.allowed]).toEqual([true, true, true]);
      expect(o.dodge.notes.join(" ")).toMatch(/spoils the aim/); // L2049
    },
    "All-Out Attack": () => {
      expect(open(melee, { ...ARMED, maneuver: "all-out-attack" })).toEqual([false, false, false]); // L1660, L2189
      expect(opts(melee, { ...ARMED, maneuver: "all-out-attack" }).dodge.reason).toMatch(
        /All-Out Attack/,
      );
    },
    "All-Out Defense": () => {
      expect(open(melee, { ...ARMED, maneuver: "all-out-defence" })).toEqual([true, true, true]);
      expect(defenceRollsPerAttack("all-out-defence")).toBe(2); // L1682, L2233
      expect(defenceLimit("block", { allOutDefence: true })).toBe(2);
      expect(defenceLimit("parry", { allOutDefence: true })).toBe(2);
      expect(defenceLimit("dodge", { allOutDefence: true })).toBe(Infinity);
    },
    Concentrate: () => {
      for (const m of ["concentrate", "step-and-concentrate"]) {
        const o = opts(melee, { ...ARMED, maneuver: m });
        expect([o.dodge.allowed, o.block.allowed, o.parry.allowed]).toEqual([true, true, true]);
        expect(o.parry.notes.join(" ")).toMatch(/spoils the concentration/); // L1686, L2215
      }
    },
    "Long Action": () => {
      expect(open(melee, { ...ARMED, maneuver: "long-action" })).toEqual([true, false, false]); // L1690, L2324
      expect(opts(melee, { ...ARMED, maneuver: "long-action" }).block.reason).toMatch(/GM/);
      expect(
        open(melee, { ...ARMED, maneuver: "long-action", gmAllows: ["block", "parry"] }),
      ).toEqual([true, true, true]);
    },
    "Close combat": () => {
      expect(open({ kind: "close-combat" })).toEqual([true, false, false]); // L2811
      expect(open({ kind: "close-combat" }, { ...ARMED, weaponKind: "karate" })).toEqual([
        true,
        false,
        true,
      ]);
    },
    Stunned: () => {
      const o = opts(melee, { ...ARMED, stunned: true });
      expect([o.dodge.modifier, o.block.modifier, o.parry.modifier]).toEqual([-4, -4, -4]);
    },
    Unconscious: () => {
      expect(open(melee, { ...ARMED, unconscious: true })).toEqual([false, false, false]);
      expect(passiveDefence(melee, { armourPd: 3, shieldPd: 2 }).value).toBe(5); // L1824 PD still applies
    },
  };

  const rows = specTable("### 6.8 ", { stripEmphasis: true });
  it("§6.8: every row of the spec's table has a check here", () => {
    expect(Object.keys(checks).sort()).toEqual(rows.map((r) => r[0]!).sort());
  });

  it.each(rows.map((r) => [r[0]!, r[4] || "—"]))("§6.8 row %s (%s)", (label) => {
    checks[label]!();
  });
});

// ── Special parries (§6.3) ───────────────────────────────────────────────────────────────────

describe("special parries (§6.3)", () => {
  it("#21 L1812: Sword skill 20 parries at 10", () => {
    expect(parryScore(20, "weapon")).toBe(10);
    expect(parryScore(13, "weapon")).toBe(6); // #20 L1750: Pierre's Shortsword 13
  });

  it("L1778, L1888, L1892, L1902: fencing, Brawling, Judo and Karate parry at 2/3 of skill, rounded down", () => {
    expect(parryScore(14, "fencing")).toBe(9);
    expect(parryScore(13, "brawling")).toBe(8);
    expect(parryScore(12, "judo")).toBe(8);
    expect(parryScore(16, "karate")).toBe(10);
  });

  it("L1934: bare-handed, half DX; −3 against a weapon, and the arm is hit if the parry fails", () => {
    expect(parryScore(13, "bare-hands")).toBe(6);
    const d: DefenderContext = { readyWeapon: true, weaponKind: "bare-hands" };
    expect(opts({ kind: "melee" }, d).parry).toMatchObject({ allowed: true, modifier: -3 });
    expect(opts({ kind: "melee" }, d).parry.notes.join(" ")).toMatch(/arm/);
    expect(opts({ kind: "unarmed" }, d).parry.modifier).toBe(0);
  });

  it("§3.1 skills as weapon kinds: two-handed skills parry from either side (L2398), knives not flails (L1620)", () => {
    expect(parryKindOf("polearm")).toBe("two-handed");
    expect(parryKindOf("broadsword")).toBe("weapon");
    expect(parryKindOf("knife")).toBe("knife");
    expect(
      open(
        { kind: "melee", fromHex: "shield-side" },
        { ...ARMED, weaponKind: "two-handed-sword" },
      )[2],
    ).toBe(true);
    expect(() => parryKindOf("lance")).toThrow(InputError);
  });

  it("L1888: a Brawling parry stops punches and kicks only", () => {
    const d: DefenderContext = { readyWeapon: true, weaponKind: "brawling" };
    expect(open({ kind: "unarmed" }, d)[2]).toBe(true);
    expect(open({ kind: "melee" }, d)[2]).toBe(false);
  });

  it("L1778: the fencing parry needs a fencing weapon, at most a small shield, and Light encumbrance", () => {
    expect(fencingParryQualifies({ fencingWeapon: true, shield: "small", encumbrance: 1 })).toBe(
      true,
    );
    expect(fencingParryQualifies({ fencingWeapon: true, shield: "medium", encumbrance: 0 })).toBe(
      false,
    );
    expect(fencingParryQualifies({ fencingWeapon: true, encumbrance: 2 })).toBe(false);
    expect(fencingParryQualifies({ fencingWeapon: false, encumbrance: 0 })).toBe(false);
  });
});

// ── Per-turn limits (§6.2, C8) and All-Out Defence (§6.6) ───────────────────────────────────

describe("per-turn limits (§6.2, C8) and All-Out Defence (§6.6)", () => {
  const times = (c: DefenceCounters, d: "block" | "parry" | "dodge", n: number, ctx = {}) => {
    let x = c;
    for (let i = 0; i < n; i++) x = use(x, d, ctx);
    return x;
  };

  it("L1802, L2372: no limit to dodges", () => {
    expect(canUse(times(newDefenceCounters(), "dodge", 20), "dodge")).toBe(true);
  });

  it("L1808, L2386: one block per turn, two under All-Out Defense", () => {
    const one = use(newDefenceCounters(), "block");
    expect(canUse(one, "block")).toBe(false);
    expect(() => use(one, "block")).toThrow(InputError);
    expect(canUse(one, "block", { allOutDefence: true })).toBe(true);
    expect(
      canUse(use(one, "block", { allOutDefence: true }), "block", { allOutDefence: true }),
    ).toBe(false);
  });

  it("C8 L1820, L2400: one parry per ready weapon; two weapons parry once each", () => {
    const c = use(newDefenceCounters(), "parry", { weapon: "sword" });
    expect(canUse(c, "parry", { weapon: "sword" })).toBe(false);
    expect(canUse(c, "parry", { weapon: "dagger" })).toBe(true);
  });

  it("C8 L1778, L2400: a fencer parries twice per turn with the fencing weapon", () => {
    const c = times(newDefenceCounters(), "parry", 2, { weapon: "rapier", fencing: true });
    expect(canUse(c, "parry", { weapon: "rapier", fencing: true })).toBe(false);
    expect(canUse(c, "parry", { weapon: "dagger" })).toBe(true); // L1780: the dagger parries as a normal weapon
  });

  it("C8 L1820, L2233: All-Out Defense, two parries per weapon", () => {
    const c = times(newDefenceCounters(), "parry", 2, { weapon: "sword", allOutDefence: true });
    expect(canUse(c, "parry", { weapon: "sword", allOutDefence: true })).toBe(false);
    expect(canUse(c, "parry", { weapon: "axe", allOutDefence: true })).toBe(true);
  });

  it("C8 L1778: a fencer under All-Out Defense parries any number of times", () => {
    const c = times(newDefenceCounters(), "parry", 10, {
      weapon: "rapier",
      fencing: true,
      allOutDefence: true,
    });
    expect(canUse(c, "parry", { weapon: "rapier", fencing: true, allOutDefence: true })).toBe(true);
  });

  it("L2376: a retreat once per turn; counters reset at the start of the defender's turn (L1568)", () => {
    const c = use(newDefenceCounters(), "dodge", { retreat: true });
    expect(canUse(c, "dodge", { retreat: true })).toBe(false);
    expect(canUse(c, "dodge")).toBe(true);
    expect(newDefenceCounters()).toEqual({ blocks: 0, parries: {}, retreated: false });
  });

  it("use returns a copy and leaves the counters it was given unchanged", () => {
    const c = newDefenceCounters();
    const d = use(c, "parry", { weapon: "sword" });
    expect(c.parries).toEqual({});
    expect(d.parries).toEqual({ sword: 1 });
  });

  it("L1682, L2233: the second All-Out Defense roll uses a different defence (no second dodge of the same attack)", () => {
    const o = allowedDefences({ kind: "melee" }, { ...ARMED, maneuver: "all-out-defence" });
    expect(secondDefenceOptions("dodge", o).map((x) => x.defence)).toEqual(["block", "parry"]);
    expect(secondDefenceOptions("parry", o).map((x) => x.defence)).toEqual(["dodge", "block"]);
    const noShield = allowedDefences(
      { kind: "melee" },
      { readyWeapon: true, maneuver: "all-out-defence" },
    );
    expect(secondDefenceOptions("dodge", noShield).map((x) => x.defence)).toEqual(["parry"]);
  });
});

// ── Passive defence (§6.1) ───────────────────────────────────────────────────────────────────

describe("passive defence (§6.1)", () => {
  const pdOf = (fromHex: AttackContext["fromHex"], extra = {}) =>
    passiveDefence({ kind: "melee", fromHex }, { armourPd: 2, shieldPd: 3, ...extra });

  it("L2406: shield PD from the front and shield side only; armour PD always", () => {
    expect(pdOf("front").value).toBe(5);
    expect(pdOf("shield-side").value).toBe(5);
    expect(pdOf("weapon-side").value).toBe(2);
    expect(pdOf("back").value).toBe(2);
  });

  it("L2406: lying down, the shield protects against every attack", () => {
    expect(pdOf("back", { lying: true }).value).toBe(5);
  });

  it("L2408: a shield slung on the back gives PD − 1 against attacks from behind only", () => {
    expect(pdOf("back", { shieldSlung: true }).value).toBe(4);
    expect(pdOf("front", { shieldSlung: true }).value).toBe(2);
  });

  it("L3675: a crippled shield arm: shield PD − 2", () => {
    expect(pdOf("front", { shieldArmCrippled: true }).value).toBe(3);
  });

  it("L1894: a judo throw ignores passive defence", () => {
    expect(passiveDefence({ kind: "judo-throw" }, { armourPd: 4, shieldPd: 2 }).value).toBe(0);
  });

  it("§6.1: PD is itemised with seed-line sources", () => {
    const p = pdOf("front");
    expect(p.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["defence.armour-pd", 2],
      ["defence.shield-pd", 3],
    ]);
    expect(p.modifiers.every((m) => /seed 004 L\d+/.test(m.source))).toBe(true);
  });
});
