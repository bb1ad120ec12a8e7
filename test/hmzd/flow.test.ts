/**
 * The zone-die exchange through the core flow (src/core/flow.ts), as the Foundry adapter will
 * drive it: the card replays from its declaration, choices and rolls at every step; the
 * defender defends, the victor spends (Z6), the striker picks (Z5); each chooser's client rolls
 * its own side's dice (Ruleset.rollSide). The result equals runExchange's with the same dice.
 */
import { describe, expect, it } from "vitest";
import {
  RecordingDice,
  SeededDice,
  ScriptedDice,
  type Dice,
  type RollRecord,
} from "../../src/core/dice";
import {
  acceptExchange,
  declareExchange,
  replayExchange,
  rollOwnSide,
  submitChoice,
  type Caller,
  type ExchangeCard,
} from "../../src/core/flow";
import { runExchange } from "../../src/core/ruleset";
import { hmzd, type HmzdResult } from "../../src/rules/hmzd";
import { workedExample } from "./helpers";

const gm: Caller = { userId: "gm", isGM: true, owns: { attacker: true, defender: true } };
const alice: Caller = { userId: "alice", isGM: false, owns: { attacker: true, defender: false } };
const bob: Caller = { userId: "bob", isGM: false, owns: { attacker: false, defender: true } };

const ex = workedExample();
const DECL = { attack: ex.attack, attacker: ex.attacker, defender: ex.defender };
const who = (name: string) => ({ actorUuid: `Actor.${name}`, tokenUuid: null, name });

function declared(declaration: unknown = DECL): ExchangeCard {
  return acceptExchange(
    hmzd,
    declareExchange(hmzd, {
      attacker: who("A"),
      defender: who("D"),
      declaration,
      context: {},
      rolls: [],
    }),
    gm,
    true,
  );
}

/** The rolls one step makes (every die, as the GM's client rolls them). */
function stepRolls(card: ExchangeCard, value: unknown, dice: Dice): RollRecord[] {
  const { state } = replayExchange(hmzd, card);
  const rec = new RecordingDice(dice);
  hmzd.choose(state, hmzd.parseChoice(state, value), rec);
  return rec.records;
}

function submit(card: ExchangeCard, kind: string, value: unknown, dice: Dice, by: Caller) {
  const rolls = stepRolls(card, value, dice);
  return submitChoice(
    hmzd,
    card,
    { revision: card.revision, kind, value, request: {}, rolls },
    gm,
    by,
  );
}

describe("hmzd through the core flow", () => {
  it("defence, spend, pick: three prompts, each by its side, the result as runExchange's", () => {
    const script = {
      attack: 35,
      defence: 62,
      zone: 3,
      location: 2,
      "zone.1": 1,
      impact: 9,
      shock: 50,
    };
    const dice = new ScriptedDice(script, new SeededDice(3));
    let card = declared();
    expect(card.state).toBe("awaitingDefence");
    expect(card.pending).toMatchObject({ by: "defender", kind: "defence" });
    card = submit(card, "defence", { type: "block", eml: 50 }, dice, bob);
    expect(card.pending).toMatchObject({ by: "attacker", kind: "spendStars" });
    expect(() => submit(card, "spendStars", { precision: 1 }, dice, bob)).toThrow(
      /does not own the attacker/,
    );
    card = submit(card, "spendStars", { precision: 1 }, dice, alice);
    expect(card.pending).toMatchObject({ by: "attacker", kind: "pickZone" });
    card = submit(card, "pickZone", 1, dice, alice);
    expect(card.state).toBe("resolved");
    const result = card.result as unknown as HmzdResult;
    expect(result.strike).toMatchObject({ zoneRolls: [3, 1], zonePick: 1, location: "skull" });

    const expected = runExchange(
      hmzd,
      hmzd.parseDeclaration(DECL),
      { defence: [{ type: "block", eml: 50 }], spendStars: [{ precision: 1 }], pickZone: [1] },
      new ScriptedDice(script, new SeededDice(3)),
    ).result;
    expect(result).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(card.rolls.map((r) => r.name)).toEqual(expected.rolls.map((r) => r.name));
  });

  it("an INC defender's card needs no defence: the attack is rolled at start (Z3)", () => {
    const declaration = { ...DECL, defender: { ...(DECL.defender as object), state: "INC" } };
    const dice = new ScriptedDice({ attack: 34 }, new SeededDice(1));
    const rec = new RecordingDice(dice);
    hmzd.start(hmzd.parseDeclaration(declaration), rec);
    const card = acceptExchange(
      hmzd,
      declareExchange(hmzd, {
        attacker: who("A"),
        defender: who("D"),
        declaration,
        context: {},
        rolls: rec.records,
      }),
      gm,
      true,
    );
    expect(card.pending).toMatchObject({ by: "attacker", kind: "spendStars" });
    expect(card.rolls.map((r) => r.name)).toEqual(["attack"]);
  });

  it("the defender's client rolls only its own dice for the defence step", async () => {
    const card = declared();
    const { state } = replayExchange(hmzd, card);
    const choice = hmzd.parseChoice(state, { type: "block", eml: 50 });
    const own = await rollOwnSide(
      hmzd,
      "defender",
      false,
      (d) => hmzd.choose(state, choice, d),
      (_n, count) => Promise.resolve(new Array<number>(count).fill(41)),
    );
    expect(own.map((r) => r.name)).toEqual(["defence"]);
  });
});
