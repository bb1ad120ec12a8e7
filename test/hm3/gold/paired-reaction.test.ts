/**
 * HârnMaster Gold Reaction Roll (seed 000 lines 280-326; rulings G50-G53): the tables cell by
 * cell, the roll made at start and replayed, and the defences each level leaves open.
 */
import { describe, expect, it } from "vitest";
import { replayDice } from "../../../src/core/dice";
import { InputError } from "../../../src/core/errors";
import { runExchange } from "../../../src/core/ruleset";
import { hm3 } from "../../../src/rules/hm3";
import { REACTION_IGNORE_KEY } from "../../../src/rules/hm3/gold/paired";
import {
  ADVANTAGE_ATTACK,
  ADVANTAGE_DEFENCE,
  attackAllowed,
  reactionTarget,
  SURPRISE_TABLE,
} from "../../../src/rules/hm3/gold/paired-reaction";
import { FIGHTER, input, run } from "./paired-helpers";

/** A d100 roll that gives each level against the reaction target 50 (Initiative 60, PP 2). */
const ROLL = { CS: 25, MS: 27, MF: 61, CF: 65 } as const;
const DEFENDER = { ...FIGHTER, initiative: 60, pp: 2 };

function surprised(context: "surprise" | "advantage", defence: Record<string, unknown>) {
  return input(["reactionRoll"], {
    attack: { type: "melee", eml: 70, aspect: "edge", impact: 5, defenderSurprised: context },
    defender: DEFENDER,
    defence,
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

describe("the tables, cell by cell", () => {
  it("a surprise: CS full EML, MS half, MF and CF Ignore (seed 000 lines 284-287)", () => {
    expect(SURPRISE_TABLE).toEqual({ CS: "any", MS: "half", MF: "ignore", CF: "ignore" });
  });
  it("ATTACK after a TA: CS any weapon, MS primary, MF secondary or Pass, CF Pass (lines 298-302)", () => {
    expect(ADVANTAGE_ATTACK).toEqual({
      CS: "any",
      MS: "primary",
      MF: "secondaryOrPass",
      CF: "pass",
    });
    expect([attackAllowed("CS", "primary"), attackAllowed("CS", "secondary")]).toEqual([
      true,
      true,
    ]);
    expect([attackAllowed("MS", "primary"), attackAllowed("MS", "secondary")]).toEqual([
      true,
      false,
    ]);
    expect([attackAllowed("MF", "primary"), attackAllowed("MF", "secondary")]).toEqual([
      false,
      true,
    ]);
    expect([attackAllowed("CF", "primary"), attackAllowed("CF", "secondary")]).toEqual([
      false,
      false,
    ]);
    expect(attackAllowed("CF", "pass")).toBe(true);
  });
  it("BLOCK: CS any, MS secondary, MF primary, CF Ignore (lines 304-312)", () => {
    expect(ADVANTAGE_DEFENCE.block).toEqual({
      CS: "any",
      MS: "secondary",
      MF: "primary",
      CF: "ignore",
    });
  });
  it("COUNTERSTRIKE: CS any, MS primary, MF secondary, CF Ignore (lines 314-319)", () => {
    expect(ADVANTAGE_DEFENCE.counterstrike).toEqual({
      CS: "any",
      MS: "primary",
      MF: "secondary",
      CF: "ignore",
    });
  });
  it("DODGE: CS normal, MS hex or half, MF hex at half, CF Ignore (lines 321-326)", () => {
    expect(ADVANTAGE_DEFENCE.dodge).toEqual({
      CS: "any",
      MS: "hexOrHalf",
      MF: "hexHalf",
      CF: "ignore",
    });
  });
});

describe("the Reaction Roll", () => {
  it("rolls against Initiative less 5 × PP (line 282)", () => {
    const t = reactionTarget(60, 2);
    expect(t.value).toBe(50);
    expect(t.modifiers).toEqual([
      { key: "physicalPenalty", value: -10, source: "seed 000 line 282" },
    ]);
  });

  it("is the named roll `reaction`, made at start, first in the rolls, and replays", () => {
    const raw = surprised("surprise", { type: "block", eml: 60 });
    const r = run(raw, { reaction: ROLL.MS, attack: 30, defence: 20 });
    expect(r.rolls[0]).toEqual({ name: "reaction", count: 1, sides: 100, values: [27], total: 27 });
    expect(r.reaction).toMatchObject({ context: "surprise", roll: 27, level: "MS", again: false });
    const { decl, answers } = hm3.parseResolveInput(raw);
    const again = runExchange(hm3, decl, answers, replayDice(r.rolls)).result;
    expect(again).toEqual(r);
  });

  it("CS: the defence at full EML (line 284)", () => {
    const r = run(surprised("surprise", { type: "block", eml: 60 }), { reaction: ROLL.CS });
    expect(r.defence!.target).toBe(60);
  });

  it("MS: the defence at half EML, itemised, rounding half up (line 285)", () => {
    const r = run(surprised("surprise", { type: "dodge", eml: 61 }), { reaction: ROLL.MS });
    expect(r.defence!.target).toBe(31);
    expect(r.defence!.eml.modifiers).toEqual([
      { key: "gold.reactionHalf", value: -30, source: "seed 000 line 285" },
    ]);
    // The choice kept for replay is the defence as chosen, not halved again.
    expect(r.choices[0]!.value).toMatchObject({ type: "dodge", target: { value: 61 } });
  });

  it("MF: only Ignore is open; CF also calls for another roll next turn (lines 286-287)", () => {
    const raw = surprised("surprise", { type: "block", eml: 60 });
    const e = error(() => run(raw, { reaction: ROLL.MF }));
    expect(e.field).toBe("defence.type");
    expect(e.message).toContain("MF");
    const mf = run(surprised("surprise", { type: "ignore" }), { reaction: ROLL.MF });
    expect(mf.defenceType).toBe("ignore");
    expect(mf.reaction!.again).toBe(false);
    const cf = run(surprised("surprise", { type: "ignore" }), { reaction: ROLL.CF });
    expect(cf.reaction).toMatchObject({ level: "CF", again: true });
  });

  it("the pending defence marks what the roll rules out, and carries the roll", () => {
    const { decl } = hm3.parseResolveInput(surprised("surprise", { type: "ignore" }));
    const state = hm3.start(
      decl,
      replayDice([{ name: "reaction", count: 1, sides: 100, values: [61], total: 61 }]),
    );
    const p = hm3.pending(state)!;
    expect(p.options.map((o) => [o.id, o.unavailableKey ?? null])).toEqual([
      ["block", REACTION_IGNORE_KEY],
      ["counterstrike", REACTION_IGNORE_KEY],
      ["dodge", REACTION_IGNORE_KEY],
      ["ignore", null],
    ]);
    expect(p.data).toMatchObject({ reaction: { level: "MF" } });
  });
});

describe("after a tactical advantage (lines 292-326)", () => {
  it("MS Block only with the secondary weapon; MF only with the primary (G51)", () => {
    const primary = { type: "block", eml: 60, hand: "primary" };
    const secondary = { type: "block", eml: 60, hand: "secondary" };
    expect(error(() => run(surprised("advantage", primary), { reaction: ROLL.MS })).field).toBe(
      "defence.hand",
    );
    expect(run(surprised("advantage", secondary), { reaction: ROLL.MS }).defence!.target).toBe(60);
    expect(run(surprised("advantage", primary), { reaction: ROLL.MF }).defence!.target).toBe(60);
    expect(error(() => run(surprised("advantage", secondary), { reaction: ROLL.MF })).field).toBe(
      "defence.hand",
    );
    expect(
      error(() => run(surprised("advantage", { type: "block", eml: 60 }), { reaction: ROLL.MS }))
        .field,
    ).toBe("defence.hand");
  });

  it("Counterstrike: MS primary, MF secondary, CS either, CF Ignore", () => {
    const cs = (hand: string) => ({
      type: "counterstrike",
      eml: 60,
      aspect: "blunt",
      impact: 3,
      hand,
    });
    expect(run(surprised("advantage", cs("primary")), { reaction: ROLL.MS }).defenceType).toBe(
      "counterstrike",
    );
    expect(
      error(() => run(surprised("advantage", cs("secondary")), { reaction: ROLL.MS })).field,
    ).toBe("defence.hand");
    expect(run(surprised("advantage", cs("secondary")), { reaction: ROLL.MF }).defenceType).toBe(
      "counterstrike",
    );
    expect(run(surprised("advantage", cs("secondary")), { reaction: ROLL.CS }).defenceType).toBe(
      "counterstrike",
    );
    expect(
      error(() => run(surprised("advantage", cs("primary")), { reaction: ROLL.CF })).field,
    ).toBe("defence.type");
  });

  it("Dodge: MS into a hex at full EML or at half; MF into a hex at half, else Ignore", () => {
    const hex = { type: "dodge", eml: 60, dodgeHex: true };
    const plain = { type: "dodge", eml: 60 };
    expect(run(surprised("advantage", hex), { reaction: ROLL.MS }).defence!.target).toBe(60);
    const ms = run(surprised("advantage", plain), { reaction: ROLL.MS });
    expect(ms.defence!.target).toBe(30);
    expect(ms.defence!.eml.modifiers[0]).toMatchObject({ source: "seed 000 line 324" });
    const mf = run(surprised("advantage", hex), { reaction: ROLL.MF });
    expect(mf.defence!.target).toBe(30);
    expect(mf.defence!.eml.modifiers[0]).toMatchObject({ source: "seed 000 line 325" });
    expect(error(() => run(surprised("advantage", plain), { reaction: ROLL.MF })).field).toBe(
      "defence.dodgeHex",
    );
    expect(run(surprised("advantage", plain), { reaction: ROLL.CS }).defence!.target).toBe(60);
  });

  it("keeps the hand and the hex in the choice, so the exchange replays", () => {
    const raw = surprised("advantage", { type: "dodge", eml: 60, dodgeHex: true });
    const r = run(raw, { reaction: ROLL.MF });
    expect(r.choices[0]!.value).toMatchObject({ type: "dodge", dodgeHex: true });
    const { decl, answers } = hm3.parseResolveInput(raw);
    const again = runExchange(hm3, decl, answers, replayDice(r.rolls));
    expect(again.result).toEqual(r);
  });
});

describe("input errors name the field", () => {
  it("defenderSurprised while reactionRoll is off", () => {
    const raw = surprised("surprise", { type: "ignore" });
    raw.options = {};
    const e = error(() => hm3.parseResolveInput(raw));
    expect(e.field).toBe("attack.defenderSurprised");
    expect(e.message).toContain("reactionRoll");
  });
  it("a surprised defender with no Initiative", () => {
    const raw = surprised("surprise", { type: "ignore" });
    raw.defender = FIGHTER;
    expect(error(() => hm3.parseResolveInput(raw)).field).toBe("defender.initiative");
  });
  it("an unknown context", () => {
    const raw = surprised("surprise", { type: "ignore" });
    (raw.attack as Record<string, unknown>).defenderSurprised = "ambush";
    expect(error(() => hm3.parseResolveInput(raw)).field).toBe("attack.defenderSurprised");
  });
  it("a hand without a Reaction Roll after a TA", () => {
    const raw = surprised("surprise", { type: "block", eml: 60, hand: "primary" });
    expect(error(() => run(raw, { reaction: ROLL.CS })).field).toBe("defence.hand");
  });
});
