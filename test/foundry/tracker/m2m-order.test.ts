/**
 * GURPS Man to Man's sequence in the combat tracker (issue 17; seed 004 L1600-1602, spec §4.1,
 * A23; ruling M101): Move first, then Basic Speed, then a die each combatant rolls once as a
 * Foundry Roll (its initiative); the figures are fixed when it rolls. Pack fighters on the
 * stand-ins: Friedrick (Speed 8.125 with his Running), Rogan (HT 12, DX 12: Speed 6), Louis (Speed
 * 6.25), Pierre (Speed 5.5).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fixedFaces, standIns, type StandInCombat } from "../stand-ins";
import { sequenceCompare } from "../../../src/foundry/combat/tracker-logic";
import { sequenceMarkup } from "../../../src/foundry/combat/tracker";
import { m2mTurns } from "../../../src/rules/m2m/flow";
import { m2mActor, m2mCombat, PACK_FIGHTERS as P, resetM2mWorld } from "./m2m-fixtures";

type Obj = Record<string, unknown>;

const names = (combat: StandInCombat): string[] => combat.turns.map((t) => t.name);
const figuresOf = (combat: StandInCombat, name: string) =>
  ((combat.combatants.find((c) => c.name === name)!.flags as Obj)["blow-by-blow"] as Obj).sequence;
const derivedChar = (a: { system: unknown }) =>
  (a.system as { derived: { character: { move: { value: number }; speed: { value: number } } } })
    .derived.character;

beforeEach(async () => {
  await resetM2mWorld();
});

describe("the pure comparison (tracker-logic sequenceCompare)", () => {
  const order = (e: Parameters<typeof m2mTurns.order>[0]) => m2mTurns.order(e);
  it("Move first, then Speed, then the die; a full tie is 0; unrolled last", () => {
    expect(
      sequenceCompare(order, { move: 6, speed: 6, roll: 1 }, { move: 5, speed: 7, roll: 6 }),
    ).toBe(-1);
    expect(
      sequenceCompare(order, { move: 5, speed: 6.25, roll: 1 }, { move: 5, speed: 6.5, roll: 6 }),
    ).toBe(1);
    expect(
      sequenceCompare(order, { move: 5, speed: 6, roll: 2 }, { move: 5, speed: 6, roll: 5 }),
    ).toBe(1);
    expect(
      sequenceCompare(order, { move: 5, speed: 6, roll: 4 }, { move: 5, speed: 6, roll: 4 }),
    ).toBe(0);
    expect(sequenceCompare(order, null, { move: 1, speed: 1, roll: 1 })).toBe(1);
    expect(sequenceCompare(order, { move: 1, speed: 1, roll: 1 }, null)).toBe(-1);
    expect(sequenceCompare(order, null, null)).toBe(0);
  });
});

describe("the tracker's order", () => {
  it("rolls 1d6 per combatant as a Foundry Roll and orders by Move, Speed, then the die", async () => {
    const friedrick = m2mActor(P.friedrick);
    const rogan = m2mActor(P.rogan);
    const louis = m2mActor(P.louis);
    const pierre = m2mActor(P.pierre);
    const figures = [friedrick, rogan, louis, pierre].map((a) => ({
      name: a.name,
      move: derivedChar(a).move.value,
      speed: derivedChar(a).speed.value,
    }));
    expect(figures.map((f) => f.speed)).toEqual([8.125, 6, 6.25, 5.5]);
    const combat = await m2mCombat([pierre, louis, rogan, friedrick]);
    // Dice in creation order: Pierre 6, Louis 1, Rogan 3, Friedrick 2.
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [6, 6],
      [1, 6],
      [3, 6],
      [2, 6],
    ]);
    await combat.rollAll();
    const rolled = Object.fromEntries(combat.combatants.map((c) => [c.name, c.initiative]));
    expect(rolled).toEqual({
      "Filthy Pierre": 6,
      "Louis LeBlanc": 1,
      "Rogan the Reaver": 3,
      "Fiendish Friedrick": 2,
    });
    // Each die was a Foundry Roll of 1d6 recorded in the chat log.
    const rolls = standIns.game.messages!.map(
      (m) => (m as unknown as { rolls: { formula: string }[] }).rolls[0]!.formula,
    );
    expect(rolls).toEqual(["1d6", "1d6", "1d6", "1d6"]);
    // The expected order, from the core's own order of the figures each fixed.
    const expected = m2mTurns.order(
      figures.map((f) => ({
        id: f.name,
        figures: { move: f.move, speed: f.speed, roll: rolled[f.name]! },
      })),
    );
    expect(names(combat)).toEqual(expected);
    // Move 5, 4, 6, 4 (their loads): Louis's Move 6 beats Friedrick's Speed 8.125; at Move 4
    // Rogan's Speed 6 beats Pierre's 5.5 though Pierre rolled a 6.
    expect(figures.map((f) => f.move)).toEqual([5, 4, 6, 4]);
    expect(names(combat)).toEqual([
      "Louis LeBlanc",
      "Fiendish Friedrick",
      "Rogan the Reaver",
      "Filthy Pierre",
    ]);
    expect(figuresOf(combat, "Fiendish Friedrick")).toEqual({
      move: figures[0]!.move,
      speed: 8.125,
    });
  });

  it("equal Move and Speed: the die decides; an equal die too: name, then id (M101)", async () => {
    const a = m2mActor(P.rogan, { id: "m2mRoganAAAAAAA1", name: "Rogan A" });
    const b = m2mActor(P.rogan, { id: "m2mRoganBBBBBBB2", name: "Rogan B" });
    const c = m2mActor(P.rogan, { id: "m2mRoganCCCCCCC3", name: "Rogan C" });
    const combat = await m2mCombat([c, b, a]);
    // C 2, B 5, A 2.
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [2, 6],
      [5, 6],
      [2, 6],
    ]);
    await combat.rollAll();
    expect(names(combat)).toEqual(["Rogan B", "Rogan A", "Rogan C"]);
  });

  it("a combatant that has not rolled comes last; Roll All rolls only those that have not", async () => {
    const f = m2mActor(P.friedrick);
    const p = m2mActor(P.pierre);
    const combat = await m2mCombat([f, p]);
    const pierre = combat.combatants.find((c) => c.name === "Filthy Pierre")!;
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([[4, 6]]);
    await combat.rollInitiative([pierre.id!]);
    expect(names(combat)).toEqual(["Filthy Pierre", "Fiendish Friedrick"]);
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([[1, 6]]);
    await combat.rollAll();
    expect(pierre.initiative).toBe(4);
    expect(names(combat)).toEqual(["Fiendish Friedrick", "Filthy Pierre"]);
  });

  it("the figures stay as rolled when Move changes later (fixed before combat, L1602, A23)", async () => {
    const f = m2mActor(P.friedrick);
    const l = m2mActor(P.louis);
    const combat = await m2mCombat([f, l]);
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [1, 6],
      [6, 6],
    ]);
    await combat.rollAll();
    const before = names(combat);
    const stored = figuresOf(combat, "Fiendish Friedrick");
    // Friedrick loaded to the limit: his Move drops, the stored figures do not.
    await f.update({ "system.m2m.hp": 3 });
    expect(derivedChar(f).move.value).toBeLessThan((stored as { move: number }).move);
    combat.setupTurns();
    expect(figuresOf(combat, "Fiendish Friedrick")).toEqual(stored);
    expect(names(combat)).toEqual(before);
  });

  it("the tracker shows each combatant's fixed figures under its name (none before it rolls)", async () => {
    const f = m2mActor(P.friedrick);
    const combat = await m2mCombat([f]);
    const c = combat.combatants.contents[0]!;
    expect(sequenceMarkup(c)).toBe("");
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([[2, 6]]);
    await combat.rollAll();
    expect(sequenceMarkup(c)).toBe(
      '<span class="bbb-tracker-sequence">Move 5 · Basic Speed 8.125 · Sequence die 2</span>',
    );
  });
});
