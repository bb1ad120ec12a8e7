/**
 * What a GURPS Man to Man maneuver carries over (src/rules/m2m/tactics.ts through the flow,
 * issue 17): All-Out Attack's three options (seed 004 L1652–1660), the feint's quick contest and
 * its margin (L1662–1674, L2207), Aim turn by turn and what spoils it (L1640–1644, L2885–2895),
 * Concentrate broken by a defence or an injury (L1684–1686), and reloading a missile weapon
 * (L1584–1588, L1624–1638, L2097). Fighters: Friedrick (axe 14, unbalanced) and Pierre
 * (shortsword 13, balanced), as in test/m2m/flow.test.ts, and an archer with a bow.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, type Dice, type RollScript } from "../../src/core/dice";
import type { Effect, RulesetBlock, TurnEvent } from "../../src/core/ruleset";
import { runTurnEvent } from "../../src/core/turns";
import {
  chooseManeuver,
  m2mFlow,
  newFighterBlock,
  parseFighterBlock,
  parseFlowDeclaration,
  type M2mFighterState,
  type M2mFlowResult,
  type M2mFlowState,
  type ManeuverChoice,
} from "../../src/rules/m2m/flow";
import { feintBlock, feintContest, readTactics } from "../../src/rules/m2m/tactics";

function fixed(script: RollScript): Dice {
  return new ScriptedDice(script, {
    roll(name) {
      throw new Error(`unexpected roll ${name}`);
    },
  });
}

const FRIEDRICK = {
  id: "friedrick",
  st: 12,
  dr: { torso: 4 },
  armourPd: 3,
  shieldPd: 4,
  dodge: 5,
  block: 4,
  weapons: [
    {
      id: "axe",
      table: "axe",
      parry: 7,
      modes: { swing: { skill: 14, damage: "1+4", type: "cut" } },
    },
  ],
};
const PIERRE = {
  id: "pierre",
  st: 10,
  dr: { torso: 1 },
  armourPd: 1,
  shieldPd: 2,
  dodge: 4,
  block: 4,
  weapons: [
    {
      id: "shortsword",
      table: "shortsword",
      parry: 6,
      modes: { swing: { skill: 13, damage: "1", type: "cut" } },
    },
  ],
};
/** An archer: a bow (reload 2, L1632) and a crossbow (cock 2 + 2, L1634), and a knife. */
const ARCHER = {
  id: "archer",
  st: 10,
  dr: {},
  dodge: 5,
  weapons: [
    {
      id: "bow",
      ranged: true,
      reload: 2,
      modes: { shot: { skill: 13, damage: "1+1", type: "imp" } },
    },
    {
      id: "xbow",
      ranged: true,
      reload: 4,
      cocking: 2,
      modes: { shot: { skill: 13, damage: "1+3", type: "imp" } },
    },
    {
      id: "knife",
      table: "large-knife",
      parry: 5,
      modes: { swing: { skill: 12, damage: "1-2", type: "cut" } },
    },
  ],
};

type Sheet = typeof FRIEDRICK | typeof PIERRE | typeof ARCHER;
const data = (b: RulesetBlock) => b.data as unknown as M2mFighterState;
const fighter = (sheet: Sheet, block: RulesetBlock) => ({ ...sheet, state: block });
const parsed = (sheet: Sheet, block: RulesetBlock) => {
  const { revision, state } = parseFighterBlock(block);
  return {
    ...parseFlowDeclaration({
      attacker: fighter(sheet, block),
      defender: fighter(sheet, block),
      attack: { weapon: sheet.weapons[0]!.id, mode: Object.keys(sheet.weapons[0]!.modes)[0] },
    }).attacker,
    revision,
    state,
  };
};
const turn = (block: RulesetBlock, event: TurnEvent, script: RollScript = {}) =>
  runTurnEvent(m2mFlow, block, event, fixed(script)).block;
/** His turn ends (if one ran), the next starts, and he chooses `choice`. */
function act(sheet: Sheet, block: RulesetBlock, choice: ManeuverChoice): RulesetBlock {
  const ended = data(block).turn > 0 ? turn(block, "turnEnd") : block;
  return chooseManeuver(parsed(sheet, turn(ended, "turnStart")), choice);
}
function attack(
  a: RulesetBlock,
  d: RulesetBlock,
  opts: { aSheet?: Sheet; dSheet?: Sheet; weapon?: string; mode?: string; kind?: string } = {},
  script: RollScript = { attack: 10 },
): M2mFlowState {
  const aSheet = opts.aSheet ?? FRIEDRICK;
  const w = aSheet.weapons.find((x) => x.id === (opts.weapon ?? aSheet.weapons[0]!.id))!;
  return m2mFlow.start(
    m2mFlow.parseDeclaration({
      attacker: fighter(aSheet, a),
      defender: fighter(opts.dSheet ?? PIERRE, d),
      attack: {
        weapon: w.id,
        mode: opts.mode ?? Object.keys(w.modes)[0],
        target: "torso",
        ...(opts.kind ? { kind: opts.kind } : {}),
      },
    }),
    fixed(script),
  );
}
const blockOf = (r: M2mFlowResult, side: "attacker" | "defender") =>
  r.effects.find(
    (x): x is Extract<Effect, { type: "state" }> => x.type === "state" && x.to === side,
  )!.block;
const mods = (s: M2mFlowState) => s.attackTarget.modifiers.map((m) => [m.key, m.value]);
const ready = (sheet: Sheet, ht: number, m: ManeuverChoice["maneuver"] = "attack") =>
  act(sheet, newFighterBlock(ht), { maneuver: m });
/** A plain miss (16 against skill 13–14; not a critical miss), so nothing else is rolled. */
const MISS = { attack: 16 };

describe("All-Out Attack's options are chosen with the maneuver (L1652–1660, L2177–2191)", () => {
  it("+4 (c) is the default and is itemised on the attack; no active defence after it", () => {
    const a = ready(FRIEDRICK, 14, "all-out-attack");
    expect(data(a).tactics?.allOut).toBe("plus-4");
    const s = attack(a, ready(PIERRE, 10));
    expect(mods(s)).toContainEqual(["attack.all-out", 4]);
    expect(s.attackTarget.value).toBe(14 + 4 - 0);
  });

  it("(a) two attacks need two ready weapons or one that needs no readying (L1656): refused with Friedrick's axe", () => {
    expect(() =>
      act(FRIEDRICK, newFighterBlock(14), { maneuver: "all-out-attack", allOut: "two-attacks" }),
    ).toThrow(/two attacks need two ready weapons/);
    expect(() =>
      act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack", allOut: "plus-4" }),
    ).toThrow(/only with All-Out Attack/);
    expect(() =>
      act(FRIEDRICK, newFighterBlock(14), { maneuver: "all-out-attack", allOut: "+2 damage" }),
    ).toThrow(/allOut/);
  });

  it("(a) with Pierre's shortsword: two attacks in the turn, at his plain skill; a third is refused", () => {
    let p = act(PIERRE, newFighterBlock(10), { maneuver: "all-out-attack", allOut: "two-attacks" });
    const f = ready(FRIEDRICK, 14);
    const first = attack(p, f, { aSheet: PIERRE, dSheet: FRIEDRICK }, MISS);
    expect(mods(first)).not.toContainEqual(["attack.all-out", 4]);
    p = blockOf(m2mFlow.result(first), "attacker");
    expect(data(p).attacks).toBe(1);
    const second = attack(p, f, { aSheet: PIERRE, dSheet: FRIEDRICK }, MISS);
    p = blockOf(m2mFlow.result(second), "attacker");
    expect(() => attack(p, f, { aSheet: PIERRE, dSheet: FRIEDRICK }, MISS)).toThrow(
      /already attacked/,
    );
  });

  it("(b) feint then attack: the margin counts on this turn's attack (L1656), then is spent", () => {
    const a = act(FRIEDRICK, newFighterBlock(14), {
      maneuver: "all-out-attack",
      allOut: "feint-then-attack",
    });
    // Skill 14 roll 9 (margin 5) against Pierre's 13 rolling 11 (margin 2): −3 (L1672).
    const { state } = parseFighterBlock(a);
    const f = feintBlock(
      { revision: a.revision, state },
      "pierre",
      { feinter: 14, foe: 13 },
      fixed({ feint: 9, feintResistance: 11 }),
    );
    expect(f.margin).toBe(3);
    expect(f.checks.map((c) => [c.roll, c.total, c.target, c.success])).toEqual([
      ["feint", 9, 14, true],
      ["feintResistance", 11, 13, true],
    ]);
    expect(data(f.block as RulesetBlock).feints).toEqual({ pierre: { margin: 3, armed: true } });
    // A second feint in the turn is refused.
    expect(() =>
      feintContest(parseFighterBlock(f.block).state, "pierre", { feinter: 14, foe: 13 }, fixed({})),
    ).toThrow(/already feinted/);
    const s = attack(f.block as RulesetBlock, ready(PIERRE, 10));
    expect(mods(s)).not.toContainEqual(["attack.all-out", 4]);
    const dodge = m2mFlow.pending(s)!.options.find((o) => o.id === "dodge")!;
    expect(dodge.target!.modifiers.map((m) => [m.key, m.value])).toContainEqual([
      "defence.feinted",
      -3,
    ]);
    const r = m2mFlow.result(
      m2mFlow.choose(s, { option: "dodge" }, fixed({ defence: 3, criticalMiss: 10 })),
    );
    expect(data(blockOf(r, "attacker")).feints).toEqual({});
  });

  it("a feint with a plain Attack maneuver is refused; a failed feint keeps nothing (L1668)", () => {
    const a = ready(FRIEDRICK, 14);
    expect(() =>
      feintContest(parseFighterBlock(a).state, "pierre", { feinter: 14, foe: 13 }, fixed({})),
    ).toThrow(/a feint needs Feint/);
    const f = act(FRIEDRICK, newFighterBlock(14), { maneuver: "feint" });
    // Both succeed, the foe by more: the feint fails.
    const r = feintContest(
      parseFighterBlock(f).state,
      "pierre",
      { feinter: 14, foe: 13 },
      fixed({ feint: 12, feintResistance: 8 }),
    );
    expect(r.margin).toBe(0);
    expect(r.feints).toEqual({});
  });
});

describe("Aim accumulates turn by turn and is spoiled (L1640–1644, L2043–2051, L2885–2895)", () => {
  const pierre = () => ready(PIERRE, 10);
  const shoot = (a: RulesetBlock, script: RollScript = MISS) =>
    attack(a, pierre(), { aSheet: ARCHER, weapon: "bow", kind: "missile" }, script);

  it("a snap shot is −4; one turn of aim gives his skill; each further turn +1, at most +3", () => {
    expect(mods(shoot(ready(ARCHER, 10)))).toContainEqual(["attack.snap-shot", -4]);
    let b = newFighterBlock(10);
    const bonuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      b = act(ARCHER, b, { maneuver: "aim", weapon: "bow", foe: "pierre" });
      const fire = act(ARCHER, b, { maneuver: "attack" });
      const s = shoot(fire);
      bonuses.push(s.attackTarget.value - 13);
    }
    expect(bonuses).toEqual([0, 1, 2, 3, 3]);
    expect(data(b).tactics?.aim).toMatchObject({ foe: "pierre", weapon: "bow", turns: 5 });
  });

  it("aiming at another foe, or doing anything else, starts over; the shot spends it", () => {
    let b = act(ARCHER, newFighterBlock(10), { maneuver: "aim", weapon: "bow", foe: "pierre" });
    b = act(ARCHER, b, { maneuver: "aim", weapon: "bow", foe: "friedrick" });
    expect(data(b).tactics?.aim?.turns).toBe(1);
    b = act(ARCHER, b, { maneuver: "aim", weapon: "bow", foe: "friedrick" });
    const moved = act(ARCHER, b, { maneuver: "move" });
    expect(data(moved).tactics).toMatchObject({
      aim: null,
      spoiled: { what: "aim", why: "maneuver" },
    });
    const fire = act(ARCHER, b, { maneuver: "attack" });
    const r = m2mFlow.result(shoot(fire));
    expect(data(blockOf(r, "attacker")).tactics?.aim).toBeNull();
  });

  it("any active defence spoils the aim; a wound alone does not (ruling M115)", () => {
    const aiming = act(ARCHER, newFighterBlock(10), {
      maneuver: "aim",
      weapon: "bow",
      foe: "pierre",
    });
    // Pierre swings at the archer: she dodges and fails; 1 cut through no armour wounds her.
    const p = ready(PIERRE, 10);
    const dodged = m2mFlow.result(
      m2mFlow.choose(
        attack(p, aiming, { aSheet: PIERRE, dSheet: ARCHER }),
        { option: "dodge" },
        fixed({ defence: 3, criticalMiss: 10 }),
      ),
    );
    expect(data(blockOf(dodged, "defender")).tactics).toMatchObject({
      aim: null,
      spoiled: { what: "aim", why: "defence" },
    });
    const hit = m2mFlow.result(
      m2mFlow.choose(
        attack(p, aiming, { aSheet: PIERRE, dSheet: ARCHER }),
        { option: "none" },
        fixed({ defence: 18, damage: 3 }),
      ),
    );
    const after = data(blockOf(hit, "defender"));
    expect(after.hp).toBeLessThan(10);
    expect(after.tactics?.aim).toMatchObject({ foe: "pierre", turns: 1 });
  });

  it("Aim needs a ready missile or thrown weapon and a named foe", () => {
    const b = newFighterBlock(10);
    expect(() => act(ARCHER, b, { maneuver: "aim", weapon: "knife", foe: "pierre" })).toThrow(
      /missile or thrown/,
    );
    expect(() => act(ARCHER, b, { maneuver: "aim", weapon: "bow" })).toThrow(/names its target/);
    expect(() => act(ARCHER, b, { maneuver: "aim", foe: "pierre" })).toThrow(/needs a weapon/);
  });
});

describe("Concentrate is broken by a defence or an injury (L1684–1686)", () => {
  it("counts consecutive turns; a wound breaks it", () => {
    let b = act(ARCHER, newFighterBlock(10), { maneuver: "concentrate" });
    b = act(ARCHER, b, { maneuver: "concentrate" });
    expect(data(b).tactics?.concentration?.turns).toBe(2);
    const r = m2mFlow.result(
      m2mFlow.choose(
        attack(ready(PIERRE, 10), b, { aSheet: PIERRE, dSheet: ARCHER }),
        { option: "none" },
        fixed({ defence: 18, damage: 3 }),
      ),
    );
    expect(data(blockOf(r, "defender")).tactics).toMatchObject({
      concentration: null,
      spoiled: { what: "concentration", why: "injury" },
    });
  });
});

describe("reloading a missile weapon (L1584–1588, L1624–1638, L2097)", () => {
  const pierre = () => ready(PIERRE, 10);
  it("the bow is unready for 2 Ready turns after a shot; while reloading, Dodge only, and a dodge loses the turn", () => {
    const shot = m2mFlow.result(
      attack(ready(ARCHER, 10), pierre(), { aSheet: ARCHER, weapon: "bow", kind: "missile" }, MISS),
    );
    let b = blockOf(shot, "attacker");
    expect(data(b).weapons.bow).toMatchObject({ turnsToReady: 2 });
    const tried = act(ARCHER, b, { maneuver: "attack" });
    expect(() =>
      attack(tried, pierre(), { aSheet: ARCHER, weapon: "bow", kind: "missile" }),
    ).toThrow(/is not ready \(2 Ready turn/);
    b = act(ARCHER, b, { maneuver: "ready", weapon: "bow" });
    expect(data(b).weapons.bow).toMatchObject({ turnsToReady: 1 });
    // Pierre attacks her while she reloads: only Dodge (and none) are open.
    const s = attack(ready(PIERRE, 10), b, { aSheet: PIERRE, dSheet: ARCHER });
    const open = m2mFlow
      .pending(s)!
      .options.filter((o) => !o.unavailableKey)
      .map((o) => o.id);
    expect(open).toEqual(["dodge", "dodge-retreat", "none"]);
    const r = m2mFlow.result(
      m2mFlow.choose(s, { option: "dodge" }, fixed({ defence: 3, criticalMiss: 10 })),
    );
    b = blockOf(r, "defender");
    expect(data(b).weapons.bow).toMatchObject({ turnsToReady: 2 });
    b = act(ARCHER, b, { maneuver: "ready", weapon: "bow" });
    b = act(ARCHER, b, { maneuver: "ready", weapon: "bow" });
    expect(data(b).weapons.bow).toMatchObject({ turnsToReady: 0 });
    const fire = act(ARCHER, b, { maneuver: "attack" });
    // A snap shot at 13 − 4: 5 hits, and Pierre is asked to defend.
    const again = attack(
      fire,
      pierre(),
      { aSheet: ARCHER, weapon: "bow", kind: "missile" },
      { attack: 5 },
    );
    expect(again.awaiting).toBe("defence");
  });

  it("a crossbow's cocking starts over after a dodge (L2097)", () => {
    const shot = m2mFlow.result(
      attack(
        ready(ARCHER, 10),
        pierre(),
        { aSheet: ARCHER, weapon: "xbow", kind: "missile" },
        MISS,
      ),
    );
    let b = blockOf(shot, "attacker");
    expect(data(b).weapons.xbow).toMatchObject({ turnsToReady: 4 });
    b = act(ARCHER, b, { maneuver: "ready", weapon: "xbow" });
    expect(data(b).weapons.xbow).toMatchObject({ turnsToReady: 3 });
    const s = attack(ready(PIERRE, 10), b, { aSheet: PIERRE, dSheet: ARCHER });
    const r = m2mFlow.result(
      m2mFlow.choose(s, { option: "dodge" }, fixed({ defence: 3, criticalMiss: 10 })),
    );
    expect(data(blockOf(r, "defender")).weapons.xbow).toMatchObject({ turnsToReady: 4 });
  });
});

describe("the tactics key of a block", () => {
  it("older blocks have none and read as before; a bad value names its field", () => {
    const b = newFighterBlock(10);
    expect(data(b).tactics).toBeUndefined();
    expect(data(act(PIERRE, b, { maneuver: "attack" })).tactics).toBeUndefined();
    expect(() => readTactics({ allOut: "berserk" }, "block.data.tactics")).toThrow(
      /block\.data\.tactics\.allOut/,
    );
    expect(() =>
      readTactics({ reloading: { bow: { total: 2, cocking: 2 } } }, "block.data.tactics"),
    ).toThrow(/reloading\.bow\.cocking/);
  });
});
