/**
 * HârnMaster Gold brute force & ignorance (seed 000 lines 41-57; rulings G56-G58): an object
 * Ignores and gives an automatic TA; damage beyond its Blunt or Edge AP counts toward its
 * Damage Factor; beyond DF it is destroyed; a CF is a fumble roll and a weapon damage check.
 */
import { describe, expect, it } from "vitest";
import { replayDice } from "../../../src/core/dice";
import { InputError } from "../../../src/core/errors";
import { runExchange } from "../../../src/core/ruleset";
import { hm3 } from "../../../src/rules/hm3";
import { OBJECT_IGNORE_KEY } from "../../../src/rules/hm3/gold/paired";
import { DOORS } from "../../../src/rules/hm3/gold/paired-object";
import { FIGHTER, input, run } from "./paired-helpers";

function door(object: Record<string, unknown>, attack: Record<string, unknown> = {}) {
  return input(["bruteForce"], {
    attack: { type: "melee", eml: 70, aspect: "edge", impact: 5, wq: 12, ...attack },
    defence: { type: "ignore" },
    defender: { object },
  });
}

function error(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("no InputError");
}

describe("brute force & ignorance", () => {
  it("the doors table, cell by cell (lines 53-56)", () => {
    expect(DOORS).toEqual({
      plain: { blunt: 15, edge: 13, dfDice: 2 },
      ironBound: { blunt: 16, edge: 16, dfDice: 3 },
    });
  });

  it("rolls a door's DF once, 2d6 per inch of plain wood (damageFactor)", () => {
    const r = run(door({ door: "plain", thickness: 2 }), {
      damageFactor: [1, 2, 3, 4],
      attack: 71,
      impact: [1],
    });
    expect(r.rolls[0]).toMatchObject({ name: "damageFactor", count: 4, sides: 6, total: 10 });
    expect(r.object).toMatchObject({ df: 10, dfRolls: [1, 2, 3, 4] });
  });

  it("3d6 per inch of iron bound door", () => {
    const r = run(door({ door: "ironBound", thickness: 1 }), {
      damageFactor: [6, 6, 6],
      attack: 61,
    });
    expect(r.object!.df).toBe(18);
    expect(r.rolls[0]).toMatchObject({ count: 3 });
  });

  it("damage beyond Edge AP adds to the total; beyond DF the door is destroyed (line 51)", () => {
    // CS (25 ≤ 70) vs Ignore: A*4 (seed 003 line 10); 5 + 6+6+5+5 = 27 against Edge 13: 14.
    const r = run(door({ door: "plain", df: 12, damage: 0 }), { attack: 25, impact: [6, 6, 5, 5] });
    expect(r.result).toBe("A*4");
    expect(r.object!.strike).toMatchObject({ aspect: "edge", impact: 27, ap: 13, damage: 14 });
    expect(r.object).toMatchObject({
      damageBefore: 0,
      damage: 14,
      df: 12,
      destroyed: true,
      dfRolls: null,
    });
    expect(r.strikes).toEqual([]);
  });

  it("Blunt meets the Blunt AP; damage equal to DF does not destroy it", () => {
    // MS (27) vs Ignore: A*3; 5 + 4+4+4 = 17 against Blunt 15: 2; 8 + 2 = 10 = DF.
    const r = run(door({ door: "plain", df: 10, damage: 8 }, { aspect: "blunt" }), {
      attack: 27,
      impact: [4, 4, 4],
    });
    expect(r.object!.strike).toMatchObject({ ap: 15, damage: 2 });
    expect(r.object).toMatchObject({ damage: 10, destroyed: false });
  });

  it("a Point strike counts nothing (AP rated for Edge and Blunt only, G57)", () => {
    const r = run(door({ blunt: 5, edge: 5, df: 3 }, { aspect: "point" }), {
      attack: 25,
      impact: [6, 6, 6, 6],
    });
    expect(r.object!.strike).toMatchObject({ damage: 0 });
    expect(r.object!.destroyed).toBe(false);
  });

  it("the attacker gains an automatic tactical advantage (line 49)", () => {
    // MF (71 > 70) vs Ignore: A*1 (seed 003 line 8).
    const r = run(door({ door: "plain", df: 12 }), { attack: 71 });
    expect(r.result).toBe("A*1");
    expect(r.tacticalAdvantage).toBe("attacker");
    expect(r.effects).toContainEqual({ type: "tacticalAdvantage", to: "attacker", cause: "A*1" });
  });

  it("a CF is a fumble roll and a weapon damage check, and no TA (line 49; G58)", () => {
    const r = run(door({ door: "plain", df: 12 }), {
      attack: 75,
      attackerFumble: [6, 6, 6],
      attackerWeaponDamage: [6, 6, 6],
    });
    expect(r.result).toBe("AF");
    expect(r.tacticalAdvantage).toBeNull();
    expect(r.fumbles[0]).toMatchObject({ side: "attacker", check: { failed: true } });
    expect(r.weaponDamage[0]).toMatchObject({ side: "attacker", wq: 12, broken: true });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "attacker",
      condition: "disarmed",
      cause: "fumble",
    });
    expect(r.object!.strike).toBeNull();
  });

  it("replays from its rolls", () => {
    const raw = door({ door: "ironBound", thickness: 2 });
    const r = run(raw, {}, 3);
    const { decl, answers } = hm3.parseResolveInput(raw);
    expect(runExchange(hm3, decl, answers, replayDice(r.rolls)).result).toEqual(r);
  });

  it("the object can only Ignore", () => {
    const { decl } = hm3.parseResolveInput(door({ door: "plain", df: 5 }));
    const p = hm3.pending(hm3.start(decl, replayDice([])))!;
    expect(
      p.options.filter((o) => o.unavailableKey === OBJECT_IGNORE_KEY).map((o) => o.id),
    ).toEqual(["block", "counterstrike", "dodge"]);
    const raw = door({ door: "plain", df: 5 });
    raw.defence = { type: "block", eml: 50 };
    expect(error(() => run(raw, {})).field).toBe("defence.type");
  });

  it("input errors name the field", () => {
    const off = door({ door: "plain", df: 5 });
    off.options = {};
    expect(error(() => hm3.parseResolveInput(off)).field).toBe("defender.object");
    expect(error(() => hm3.parseResolveInput(door({ blunt: 5, edge: 5 }))).field).toBe(
      "defender.object.df",
    );
    expect(error(() => hm3.parseResolveInput(door({ door: "plain" }))).field).toBe(
      "defender.object.thickness",
    );
    expect(error(() => hm3.parseResolveInput(door({ door: "oak", df: 3 }))).field).toBe(
      "defender.object.door",
    );
    const missile = door({ door: "plain", df: 5 }, { type: "missile" });
    expect(error(() => hm3.parseResolveInput(missile)).field).toBe("attack.type");
    const attacker = door({ door: "plain", df: 5 });
    attacker.attacker = { ...FIGHTER, object: { door: "plain", df: 5 } };
    expect(error(() => hm3.parseResolveInput(attacker)).field).toBe("attacker.object");
  });
});
