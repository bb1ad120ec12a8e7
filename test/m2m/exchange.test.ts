/**
 * Whole GURPS Man to Man exchanges through the `resolve` contract (issue 7), with scripted
 * rolls: seed 004 lines (Lnnn) and `../shared/rules/m2m-spec.md` sections; project rulings
 * M1-M6 in docs/rulings.md.
 */
import { describe, expect, it } from "vitest";
import { replayDice, SeededDice } from "../../src/core/dice";
import { runExchange } from "../../src/core/ruleset";
import { m2m } from "../../src/rules/m2m";
import type { M2mResult } from "../../src/rules/m2m/exchange";
import { resolveInput } from "../../src/rules/resolve";

const CONTRACT = {
  ruleset: "m2m",
  attack: { skill: 12, damage: "2+1", type: "cut", target: "torso", ranged: false },
  defence: { type: "parry", score: 6, pd: 3 },
  defender: { ht: 12, hp: 12, dr: { torso: 3, head: 2 } },
  rolls: { attack: 10, defence: 11, damage: [3, 4] },
  seed: 1,
};

type Input = Record<string, unknown>;
const run = (over: Input = {}, rolls: Input = {}) =>
  resolveInput({ ...CONTRACT, ...over, rolls: { ...CONTRACT.rolls, ...rolls } })
    .result as unknown as M2mResult;
const attack = (over: Input) => ({ ...CONTRACT.attack, ...over });
const defender = (over: Input) => ({ ...CONTRACT.defender, ...over });

describe("the CLI contract example (issue 7)", () => {
  it("skill 12 rolls 10: hit; parry 6 + PD 3 rolls 11: fails; 2+1 rolls 3+4 → 8 cut − DR 3 = 5 × 1.5 = 7", () => {
    const r = run();
    expect(r.attack).toMatchObject({ target: 12, roll: 10, outcome: "hit" });
    expect(r.defence).toMatchObject({ target: 9, roll: 11, outcome: "failure" });
    expect(r.hit).toBe(true);
    expect(r.location).toBe("torso");
    expect(r.damage).toMatchObject({ rolled: 8, basic: 8, dr: 3, penetrating: 5, injury: 7 });
    expect(r.defender).toMatchObject({
      hp: 5,
      majorWound: true,
      knockdownRoll: true,
      stunned: true,
      unconscious: false,
      deathRolls: 0,
    });
  });

  it("the knockdown roll is 3d6 against basic HT (L1868): 12 stays up, 13 falls", () => {
    expect(run({}, { knockdown: 12 }).defender!.knockdown).toEqual({
      roll: 12,
      target: 12,
      fell: false,
    });
    const fell = run({}, { knockdown: 13 });
    expect(fell.defender!.knockdown!.fell).toBe(true);
    expect(fell.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "prone",
      cause: "knockdown",
    });
  });

  it("records the shock penalty, the stun and the wound as effects (L1864-1870)", () => {
    const r = run({}, { knockdown: 3 });
    expect(r.effects).toEqual([
      {
        type: "injury",
        to: "defender",
        location: "torso",
        severityKey: "major",
        level: 7,
        data: { hits: 7, lost: 0, hp: 5 },
      },
      { type: "condition", to: "defender", condition: "shocked", cause: "shock", value: 7 },
      { type: "condition", to: "defender", condition: "stunned", cause: "wound" },
    ]);
  });
});

describe("attack roll (spec §5.1-§5.4)", () => {
  it("a miss needs no defence: the given defence is reported unused", () => {
    const out = resolveInput({ ...CONTRACT, rolls: { attack: 13 } });
    const r = out.result as unknown as M2mResult;
    expect(r.attack.outcome).toBe("miss");
    expect(r).toMatchObject({
      hit: false,
      defence: null,
      damage: null,
      location: null,
    });
    expect(out.unusedAnswers).toEqual(["defence"]);
  });

  it("a critical hit (3-4 always, L1710/L2480) allows no defence and rolls the Critical Hit table", () => {
    // Critical Hit 6: ×2 the basic roll (§10.1): (3+4+1) × 2 = 16 − 3 = 13 × 1.5 = 19.
    const r = run({}, { attack: 4, criticalHit: 6 });
    expect(r.attack.outcome).toBe("critical-hit");
    expect(r.defence).toBeNull();
    expect(r.criticalHit).toMatchObject({ table: "critical-hit", multiplier: 2 });
    expect(r.damage).toMatchObject({ rolled: 8, basic: 16, dr: 3, penetrating: 13, injury: 19 });
  });

  it("#40 L2484: effective skill 15 rolls 5 → critical hit; skill 14 rolling 5 is a plain hit", () => {
    expect(
      run({ attack: attack({ skill: 15 }) }, { attack: 5, criticalHit: 10 }).attack.outcome,
    ).toBe("critical-hit");
    expect(run({ attack: attack({ skill: 14 }) }, { attack: 5 }).attack.outcome).toBe("hit");
  });

  it("#42 L2586: need 6, roll 16 → critical miss, rolled on the Critical Miss table", () => {
    const r = run({ attack: attack({ skill: 6 }) }, { attack: 16, criticalMiss: 9 });
    expect(r.attack.outcome).toBe("critical-miss");
    expect(r.criticalMiss).toMatchObject({ roll: 9, side: "attacker", effects: ["drop-weapon"] });
    expect(r.effects).toEqual([
      { type: "condition", to: "attacker", condition: "disarmed", cause: "criticalMiss" },
    ]);
  });

  it("a break-resistant weapon's 'weapon breaks' rolls again: a second break breaks it, else it drops (L2602)", () => {
    const mace = { attack: attack({ breakResistant: true, type: "cr" }) };
    const dropped = run(mace, { attack: 18, criticalMiss: 3, "criticalMiss.2": 10 });
    expect(dropped.criticalMiss).toMatchObject({
      roll: 3,
      rerolls: [10],
      effects: ["drop-weapon"],
    });
    const broken = run(mace, { attack: 18, criticalMiss: 4, "criticalMiss.2": 17 });
    expect(broken.criticalMiss!.effects).toEqual(["weapon-breaks"]);
  });

  it("Basic system (no hit location): a natural 3 does maximum damage (L1740); all hits to the torso (L1864)", () => {
    const r = run({ options: { hitLocation: false } }, { attack: 3 });
    expect(r.criticalHit).toBeNull();
    expect(r.damage).toMatchObject({ rolled: 13, basic: 13 });
    expect(r.location).toBe("torso");
  });
});

describe("the Basic system (options.hitLocation false, spec §0.2)", () => {
  const basic = { options: { hitLocation: false } };

  it("C19: a critical miss only misses; the Critical Miss table is an Advanced rule (L1710, L2584)", () => {
    const r = run(basic, { attack: 17 });
    expect(r.attack.outcome).toBe("critical-miss");
    expect(r.criticalMiss).toBeNull();
    expect(r.rolls.map((x) => x.name)).toEqual(["attack"]);
  });

  it("a defence of 3-4 just succeeds and 17-18 just fails: §6.7 is an Advanced rule (L2592-2598)", () => {
    const good = run(basic, { defence: 3 });
    expect(good).toMatchObject({ hit: false, criticalMiss: null, defenceCritical: null });
    const bad = run({ ...basic, defence: { type: "dodge", score: 20, pd: 0 } }, { defence: 18 });
    expect(bad).toMatchObject({ hit: true, defenceCritical: null });
    expect(
      bad.effects.some((e) => e.type === "condition" && e.cause === "dodgeCriticalFailure"),
    ).toBe(false);
  });

  it("C18: a critical 4-6 does normal damage, with no table (L1742-1744)", () => {
    const r = run(basic, { attack: 4 });
    expect(r).toMatchObject({ criticalHit: null, defence: null });
    expect(r.damage).toMatchObject({ rolled: 8, basic: 8 });
  });
});

describe("defence roll (spec §6)", () => {
  it("3-4 always succeeds, even against a total of 1 (L1786), and sends the attacker to the Critical Miss table (L2596)", () => {
    const r = run({ defence: { type: "dodge", score: 1, pd: 0 } }, { defence: 4, criticalMiss: 7 });
    expect(r.defence).toMatchObject({ target: 1, roll: 4, outcome: "critical-success" });
    expect(r.hit).toBe(false);
    expect(r.criticalMiss).toMatchObject({ side: "attacker", effects: ["lose-balance"] });
  });

  it("against a ranged attack a defence of 3-4 has no special effect (L2598)", () => {
    const r = run({ attack: attack({ ranged: true, type: "imp" }) }, { defence: 3 });
    expect(r.criticalMiss).toBeNull();
    expect(r.hit).toBe(false);
  });

  it("17-18 on a dodge fails and the defender falls down (L2594)", () => {
    const r = run({ defence: { type: "dodge", score: 20, pd: 0 } }, { defence: 17 });
    expect(r.defence!.outcome).toBe("critical-failure");
    expect(r.hit).toBe(true);
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "prone",
      cause: "dodgeCriticalFailure",
    });
  });

  it("17-18 on a parry: the defender rolls on the Critical Miss table (L2594)", () => {
    const r = run({}, { defence: 18, defenceCriticalMiss: 8 });
    expect(r.criticalMiss).toMatchObject({ side: "defender", effects: ["weapon-turns-in-hand"] });
    expect(r.rolls.some((x) => x.name === "defenceCriticalMiss")).toBe(true);
  });

  it("no active defence and no PD: no chance, no roll (ruling M4, A1); with PD the roll is against PD alone", () => {
    const none = run({ defence: { type: "none", pd: 0 } });
    expect(none.defence).toBeNull();
    expect(none.hit).toBe(true);
    const pdOnly = run({ defence: { type: "none", pd: 2 } }, { defence: 3 });
    expect(pdOnly.defence).toMatchObject({ target: 2, outcome: "critical-success" });
  });

  it("#26 L1756: Pierre's total defence 9 (Parry 6 + PD 3) rolling 10 fails", () => {
    expect(run({}, { defence: 10 }).defence).toMatchObject({
      target: 9,
      roll: 10,
      outcome: "failure",
    });
    expect(run({}, { defence: 9 }).defence!.outcome).toBe("success");
  });
});

describe("damage and wounding (spec §7, §8)", () => {
  it("#28 L1768-1770: basic 5 through cloth DR 1, cutting: 4 × 1.5 = 6; #29 L1772: 6 on HT 12 is no major wound", () => {
    const r = run(
      { attack: attack({ damage: "1+2" }), defender: defender({ dr: { torso: 1 } }) },
      { damage: [3] },
    );
    expect(r.damage).toMatchObject({ rolled: 5, basic: 5, dr: 1, penetrating: 4, injury: 6 });
    expect(r.defender).toMatchObject({
      hp: 6,
      majorWound: false,
      knockdownRoll: false,
      stunned: false,
      shock: 6,
    });
  });

  it("head: skull DR 1 is added and cutting is 3 × penetrating (L2515, §18.2 pitfall 3)", () => {
    // 3+4+1 = 8 − (2 + 1) = 5 → 15, not floor(7.5) × 2 = 14.
    const r = run({ attack: attack({ target: "head" }) });
    expect(r.damage).toMatchObject({ dr: 3, penetrating: 5, injury: 15 });
    expect(r.defender).toMatchObject({
      stunned: true,
      knockedOut: true,
      unconscious: true,
      hp: -3,
    });
  });

  it("#34 L919: an edged weapon always does at least 1; #35 L921: a fist can do 0", () => {
    const dagger = run(
      { attack: attack({ damage: "1-4", type: "imp" }), defender: defender({ dr: {} }) },
      { damage: [2] },
    );
    expect(dagger.damage).toMatchObject({ rolled: -2, basic: 1, injury: 2 });
    const fist = run(
      { attack: attack({ damage: "1-4", type: "cr" }), defender: defender({ dr: {} }) },
      { damage: [2] },
    );
    expect(fist.damage).toMatchObject({ basic: 0, injury: 0 });
    expect(fist.defender!.hp).toBe(12);
    expect(fist.effects).toEqual([]);
  });

  it("vitals: impaling ×3 behind the torso's DR (L2517, ruling M6)", () => {
    const r = run(
      { attack: attack({ type: "imp", target: "vitals", damage: "1+2" }) },
      { damage: [4] },
    );
    expect(r.damage).toMatchObject({ basic: 6, dr: 3, penetrating: 3, injury: 9 });
  });

  it("limbs: impaling gets no bonus (L2519) and a crippling blow is capped at floor(HT/2)+1, the excess lost (L3701)", () => {
    const r = run(
      {
        attack: attack({ type: "imp", target: "right-arm", damage: "3+2" }),
        defender: defender({ dr: {} }),
      },
      { damage: [6, 6, 6] },
    );
    expect(r.damage!.injury).toBe(20);
    expect(r.defender).toMatchObject({ injury: 7, lost: 13, crippled: true, stunned: true, hp: 5 });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "crippled",
      cause: "wound",
      location: "right-arm",
    });
  });

  it("beyond the half-damage range damage is halved, rounding down (L2911)", () => {
    const r = run({ attack: attack({ halfDamage: true, ranged: true, type: "imp" }) });
    expect(r.damage).toMatchObject({ rolled: 8, basic: 4, halved: true });
  });
});

describe("hit location (spec §8)", () => {
  it("a random melee swing rolls the location first and takes its penalty (L2432, ruling M2)", () => {
    // 2d6 = 3: left arm, −2 (no shield): skill 12 → 10; the attack roll 10 still hits.
    const r = run({ attack: attack({ target: "random" }) }, { location: 3 });
    expect(r.attack).toMatchObject({ target: 10, effective: 10, outcome: "hit" });
    expect(r.location).toBe("left-arm");
    expect(r.rolls.map((x) => x.name).slice(0, 2)).toEqual(["location", "attack"]);
  });

  it("a random ranged attack rolls the location after the hit, with no penalty (L2444)", () => {
    const r = run(
      { attack: attack({ target: "random", ranged: true, type: "imp" }) },
      { location: 7 },
    );
    expect(r.attack.target).toBe(12);
    expect(r.location).toBe("torso");
    expect(r.rolls.map((x) => x.name)).toEqual([
      "attack",
      "defence",
      "location",
      "damage",
      "knockdown",
    ]);
  });

  it("a hand or foot rolls its side, 1-3 left, 4-6 right (ruling M1); a shield hand is never hit at random (A10)", () => {
    expect(
      run({ attack: attack({ target: "random", ranged: true }) }, { location: 4, side: 2 })
        .location,
    ).toBe("left-hand");
    expect(
      run({ attack: attack({ target: "random", ranged: true }) }, { location: 12, side: 5 })
        .location,
    ).toBe("right-foot");
    const shield = run(
      { attack: attack({ target: "random", ranged: true }), defender: defender({ shield: true }) },
      { location: 4, side: 1 },
    );
    expect(shield.location).toBe("right-hand");
  });

  it("aimed at the head and missing by exactly 1 hits the body (L2442)", () => {
    const r = run({ attack: attack({ target: "head", skill: 7 }) }, { attack: 8 });
    expect(r).toMatchObject({ hit: true, location: "torso", headMissByOne: true });
    expect(run({ attack: attack({ target: "head", skill: 7 }) }, { attack: 9 }).hit).toBe(false);
  });
});

describe("critical results reach the adapter (spec §6.7, §10)", () => {
  const fx = (r: M2mResult) => r.effects.filter((e) => e.type !== "injury");

  it("a parry's 17-18 rolls the defender's own weapon on the Critical Miss table (L2594)", () => {
    // The attacker is unarmed, the parrying sword is not: 10 is a dropped weapon, not a hurt fist.
    const r = run(
      { attack: attack({ unarmed: true, type: "cr", damage: "1-2" }) },
      { defence: 18, defenceCriticalMiss: 10, damage: [3] },
    );
    expect(r.criticalMiss).toMatchObject({
      side: "defender",
      effects: ["drop-weapon"],
      rerolls: [],
    });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "disarmed",
      cause: "criticalMiss",
    });
    // An impaling attack's "roll again" on hitting yourself (L2603) is not the parrier's.
    const spear = run(
      { attack: attack({ type: "imp" }) },
      { defence: 18, defenceCriticalMiss: 5, selfLocation: 1 },
    );
    expect(spear.criticalMiss).toMatchObject({
      side: "defender",
      rerolls: [],
      effects: ["hit-self"],
    });
    expect(spear.criticalMiss!.selfHit).toEqual({
      location: "right-arm",
      damage: null,
      wound: null,
    });
  });

  it("hit yourself (L2603-2604): the fumbler's arm or leg takes the weapon's damage through his DR", () => {
    const r = run(
      { attacker: { ht: 10, dr: { "right-leg": 1 } } },
      {
        attack: 18,
        criticalMiss: 5,
        selfLocation: 4,
        selfSide: 6,
        selfDamage: [3, 4],
        selfKnockdown: 11,
      },
    );
    // 2+1 rolled 3+4 = 8 cut − DR 1 = 7 × 1.5 = 10 → capped at floor(10/2)+1 = 6 (L3701).
    expect(r.criticalMiss!.selfHit).toMatchObject({
      location: "right-leg",
      damage: { rolled: 8, dr: 1, penetrating: 7, injury: 10 },
      wound: { injury: 6, lost: 4, hp: 4, crippled: true, majorWound: true },
    });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "attacker",
      condition: "crippled",
      cause: "criticalMiss",
      location: "right-leg",
    });
    expect(r.effects.find((e) => e.type === "injury")).toMatchObject({
      to: "attacker",
      location: "right-leg",
      level: 6,
    });
    expect(r.rolls.map((x) => x.name)).toEqual([
      "attack",
      "criticalMiss",
      "selfLocation",
      "selfSide",
      "selfDamage",
    ]);
  });

  it("a parry's 17-18 that hits the parrier while the attack lands: the attack's wound starts from the HP the self-hit left (L2594, L2603; ruling M96)", () => {
    const r = run(
      { defence: { type: "parry", score: 6, pd: 3, weapon: { damage: "2+1", type: "cut" } } },
      {
        defence: 18,
        defenceCriticalMiss: 5,
        selfLocation: 1,
        selfDamage: [3, 3],
        selfKnockdown: 3,
        knockdown: 3,
      },
    );
    // Self: 2+1 rolled 3+3 = 7 cut to the unarmoured right arm × 1.5 = 10 → capped at 7 (HT 12).
    expect(r.criticalMiss!.selfHit!.wound).toMatchObject({ injury: 7, hp: 5, crippled: true });
    // Then the attack: 2+1 rolled 3+4 = 8 − DR 3 = 5 × 1.5 = 7, from 5 HP → −2, unconscious (L1876).
    expect(r.damage).toMatchObject({ injury: 7 });
    expect(r.defender).toMatchObject({ injury: 7, hp: -2, unconscious: true });
    const injuries = r.effects.filter((e) => e.type === "injury");
    expect(injuries.map((e) => [e.to, e.level, (e.data as { hp: number }).hp])).toEqual([
      ["defender", 7, -2],
      ["defender", 7, 5],
    ]);
  });

  it("a crippled arm from a parry's self-hit stays crippled for the attack that follows (L3701)", () => {
    const r = run(
      {
        attack: attack({ target: "right-arm" }),
        defence: { type: "parry", score: 6, pd: 3, weapon: { damage: "2+1", type: "cut" } },
      },
      {
        defence: 18,
        defenceCriticalMiss: 5,
        selfLocation: 1,
        selfDamage: [3, 3],
        selfKnockdown: 3,
      },
    );
    // The right arm was crippled by the self-hit: the attack's blow there is ignored.
    expect(r.defender).toMatchObject({ injury: 0, hp: 5, ignored: "crippled-limb" });
  });

  it("half damage for a 6; without the attacker's figures the injury alone is reported", () => {
    const r = run({}, { attack: 18, criticalMiss: 6, selfLocation: 2, selfDamage: [3, 4] });
    expect(r.criticalMiss!.selfHit).toMatchObject({
      location: "right-arm",
      damage: { basic: 4, injury: 6 },
      wound: null,
    });
    expect(r.effects).toEqual([
      {
        type: "injury",
        to: "attacker",
        location: "right-arm",
        severityKey: "wound",
        level: 6,
        data: { hits: 6 },
      },
    ]);
  });

  it("unarmed, a weapon result is 1-3 to the striking hand (L2615, ruling M88)", () => {
    const r = run(
      { attack: attack({ unarmed: true, type: "cr", damage: "1-2" }) },
      { attack: 18, criticalMiss: 9, selfDamage: [6] },
    );
    expect(r.criticalMiss).toMatchObject({ effects: ["hurt-striking-limb"] });
    expect(r.criticalMiss!.selfHit).toMatchObject({
      location: "right-hand",
      damage: { rolled: 3, injury: 3 },
    });
  });

  it.each([
    [8, { condition: "weaponUnready" }],
    [14, { condition: "disarmed" }],
    [15, { condition: "crippled", location: "right-arm" }],
    [16, { condition: "prone" }],
    [13, { condition: "offBalance" }],
  ] as const)("Critical Miss %i gives the attacker %o (L2600-2617)", (roll, c) => {
    const r = run({}, { attack: 18, criticalMiss: roll });
    expect(fx(r)).toEqual([{ type: "condition", to: "attacker", cause: "criticalMiss", ...c }]);
  });

  it("a block's 17-18 unreadies the shield (L2594)", () => {
    const r = run({ defence: { type: "block", score: 4, pd: 2 } }, { defence: 17 });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "shieldUnready",
      cause: "blockCriticalFailure",
    });
  });

  it("Critical Head Blow 8: off balance (L2569); head blows 3-7 do the effect only, no DR or knockback (A20)", () => {
    const eight = run({ attack: attack({ target: "head" }) }, { attack: 3, criticalHit: 8 });
    expect(eight.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "offBalance",
      cause: "criticalHit",
    });
    const five = run({ attack: attack({ target: "head" }) }, { attack: 3, criticalHit: 5 });
    expect(five.damage).toMatchObject({ basic: 0, dr: 0, penetrating: 0, injury: 0, knockback: 0 });
    expect(five.defender).toMatchObject({ unconscious: true, hp: 12 });
  });

  it("Critical Hit 8 on a limb: crippled for 6 turns unless the injury cripples anyway (L2497)", () => {
    // 2+1 rolled 1+1 = 3 cut: 4 injury, short of the leg's 7 (floor(12/2)+1).
    const r = run(
      { attack: attack({ target: "left-leg" }) },
      { attack: 3, criticalHit: 8, damage: [1, 1] },
    );
    expect(r.defender).toMatchObject({ injury: 4, crippled: true, crippledByInjury: false });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "crippled",
      cause: "criticalHit",
      location: "left-leg",
      value: 6,
    });
  });

  it("Critical Hit 3 to the body: unconscious (L2492), in the defender's figures too", () => {
    const r = run({}, { attack: 3, criticalHit: 3 });
    expect(r.defender!.unconscious).toBe(true);
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "unconscious",
      cause: "wound",
    });
  });
});

describe("damage details (rulings M89-M91)", () => {
  it("the Basic natural 3 rolls no damage dice: all count as 6 (L1740)", () => {
    const r = run({ options: { hitLocation: false } }, { attack: 3 });
    expect(r.damage).toMatchObject({ dice: [6, 6], rolled: 13, basic: 13 });
    expect(r.rolls.some((x) => x.name === "damage")).toBe(false);
  });

  it("an edged blow halved beyond ½D still does at least 1 (L919 'any time', ruling M91)", () => {
    const r = run(
      {
        attack: attack({ damage: "1-4", type: "imp", ranged: true, halfDamage: true }),
        defender: defender({ dr: {} }),
      },
      { damage: [2] },
    );
    expect(r.damage).toMatchObject({ rolled: -2, basic: 1, halved: true, injury: 2 });
  });

  it("knockback counts the damage rolled, before a critical's multiplier (L2252, ruling M89)", () => {
    const r = run(
      { attack: attack({ type: "cr", damage: "2+1" }) },
      { attack: 3, criticalHit: 5, damage: [3, 4] },
    );
    expect(r.damage).toMatchObject({ rolled: 8, basic: 24, knockback: 1 });
  });
});

describe("HP thresholds (spec §9.3, L3634-3645)", () => {
  it("one death roll per threshold crossed (A15): HT 10 at 2 HP taking 25 → −23 crosses −10, −15, −20", () => {
    const r = run(
      { attack: attack({ type: "cr", damage: "4+1" }), defender: { ht: 10, hp: 2, dr: {} } },
      { damage: [6, 6, 6, 6], death: 10, "death.2": 9, "death.3": 11 },
    );
    expect(r.defender).toMatchObject({ hp: -23, unconscious: true, deathRolls: 3, dead: true });
    expect(r.defender!.deathChecks).toEqual([
      { threshold: -10, roll: 10, survived: true },
      { threshold: -15, roll: 9, survived: true },
      { threshold: -20, roll: 11, survived: false },
    ]);
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "dead",
      cause: "wound",
    });
  });
});

describe("the m2m ruleset through the core interface", () => {
  it("asks for a defence only after a plain hit, and replays exactly from its records", () => {
    const decl = m2m.parseDeclaration({ attack: CONTRACT.attack, defender: CONTRACT.defender });
    for (let seed = 1; seed <= 30; seed++) {
      const state = m2m.start(decl, new SeededDice(seed));
      const p = m2m.pending(state);
      if (state.attack.outcome === "hit") {
        expect(p).toMatchObject({ by: "defender", kind: "defence" });
        expect(p!.options.map((o) => o.id)).toEqual(["dodge", "parry", "block", "none"]);
      } else expect(p).toBeNull();
      const { result } = runExchange(
        m2m,
        decl,
        { defence: [{ type: "dodge", score: 6, pd: 2 }] },
        new SeededDice(seed),
      );
      expect(JSON.parse(JSON.stringify(result))).toEqual(result);
      const again = runExchange(
        m2m,
        decl,
        { defence: result.choices.map((c) => c.value) },
        replayDice(result.rolls),
      );
      expect(again.result).toEqual(result);
    }
  });

  it("refuses bad input naming the field", () => {
    const bad = (over: Input, message: string) =>
      expect(() => resolveInput({ ...CONTRACT, ...over })).toThrow(message);
    bad({ attack: attack({ damage: "2d+1" }) }, "attack.damage");
    bad(
      { attack: attack({ type: "slash" }) },
      'attack.type: expected one of cr, cut, imp, got "slash"',
    );
    bad({ attack: attack({ target: "chest" }) }, "attack.target: expected one of random, head");
    bad(
      { attack: attack({ target: "vitals" }) },
      "attack.target: only impaling attacks can aim at the vitals (L2517)",
    );
    bad(
      { defence: { type: "parry", score: "6" } },
      'defence.score: expected a whole number, got "6"',
    );
    bad(
      { defence: { type: "retreat", score: 6 } },
      "defence.type: expected one of dodge, parry, block, none",
    );
    bad(
      { defender: defender({ dr: { face: 2 } }) },
      "defender.dr.face: armour does not protect the face",
    );
    bad({ defender: defender({ dr: { chest: 2 } }) }, "defender.dr.chest: unknown location");
    bad({ defender: { hp: 3 } }, "defender.ht: expected a whole number, got nothing");
    bad({ defence: undefined }, "defence: the exchange needs a defence choice by the defender");
  });
});

describe("the defender's figures are always reported (issue 16, contract fix)", () => {
  const UNHARMED = {
    injury: 0,
    lost: 0,
    ignored: null,
    majorWound: false,
    knockdownRoll: false,
    knockdown: null,
    stunned: false,
    crippled: false,
    unconscious: false,
    deathRolls: 0,
    deathChecks: [],
    dead: false,
    shock: 0,
  };

  it("a miss carries the defender with hp unchanged and no effects", () => {
    const r = run({ defender: defender({ hp: 9 }) }, { attack: 13 });
    expect(r.attack.outcome).toBe("miss");
    expect(r.defender).toMatchObject({ ...UNHARMED, hp: 9 });
    expect(r.effects).toEqual([]);
  });

  it("a successful parry carries the defender with hp unchanged and no effects", () => {
    const r = run({ defender: defender({ hp: 7 }) }, { defence: 9 });
    expect(r.defence!.outcome).toBe("success");
    expect(r.hit).toBe(false);
    expect(r.defender).toMatchObject({ ...UNHARMED, hp: 7, halfMove: false });
    expect(r.effects).toEqual([]);
  });

  it("a critical miss with no self-hit still carries the defender, hp unchanged", () => {
    // Critical Miss 10: the weapon drops (L2600-2617); nothing strikes the defender.
    const r = run({}, { attack: 18, criticalMiss: 10 });
    expect(r.attack.outcome).toBe("critical-miss");
    expect(r.defender).toMatchObject({ ...UNHARMED, hp: 12 });
  });

  it("an unharmed defender at 2 HP keeps 2 and reports half Move (L1872), as a hit armour stops", () => {
    const missed = run({ defender: defender({ hp: 2 }) }, { attack: 13 });
    expect(missed.defender).toMatchObject({ ...UNHARMED, hp: 2, halfMove: true });
    const stopped = run(
      { defender: defender({ hp: 2, dr: { torso: 9 } }) },
      { defence: 11, damage: [1, 1] },
    );
    expect(stopped.damage!.injury).toBe(0);
    expect(stopped.defender).toEqual(missed.defender);
  });
});
