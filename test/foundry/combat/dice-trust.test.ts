/**
 * Issue 15, dice and card trust, through the adapter's real entry points against the stand-ins
 * (docs/foundry-stand-ins.md): each test first makes the attack a modified client could make,
 * then shows the GM's client refusing it.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, setUserActive, settle, standIns, StandInChatMessage } from "../stand-ins";
import type { ChoiceRequest } from "../../../src/core/combat";
import type { RollRecord } from "../../../src/core/dice";
import { replayExchange, type ExchangeCard } from "../../../src/core/flow";
import { hm3 } from "../../../src/rules/hm3";
import { renderExchangeCard } from "../../../src/foundry/chat/render";
import { attack, defend } from "../../../src/foundry/combat/actions";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { acceptedCardId } from "../../../src/foundry/combat/accept";
import { sweepDeclared } from "../../../src/foundry/combat/flow-hooks";
import { QUERY } from "../../../src/foundry/combat/queries";
import { exchangeBuild } from "../../../src/foundry/combat/query-common";
import { cardOf, cardSource } from "../../../src/foundry/data/chat-message/exchange";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { FOUNDRY_RULESETS, fightingRuleset } from "../../../src/foundry/rulesets";
import { planningDice, scriptDice, resetFlow, stubAttack, world, type World } from "./fixtures";

const SWORD = "wpSword000000001";

beforeEach(resetFlow);

/** Alice attacks the Brigand with Sir Aldric's sword while no GM is connected: the card waits. */
async function aliceDeclaresAlone(w: World): Promise<StandInChatMessage> {
  stubAttack();
  setUserActive(w.gm, false);
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
  );
  expect(message).not.toBeNull();
  return message as unknown as StandInChatMessage;
}

const exchanges = () => standIns.game.messages!.contents.filter((m) => m.type === "exchange");

describe("a message squatting the accepted card's id (issue 15)", () => {
  it("Bob's message made with acceptedCardId(Alice's card) does not make the GM drop her card", async () => {
    const w = world();
    const declared = await aliceDeclaresAlone(w);
    const squatId = acceptedCardId(declared.id!);
    // Bob, who owns nothing, reads the waiting card's id and takes the GM card's id first.
    const squat = await asUser(w.bob, () =>
      StandInChatMessage.create({ _id: squatId, content: "mine now" }, { keepId: true }),
    );
    expect(squat?.id).toBe(squatId);
    setUserActive(w.gm, true);
    await asUser(w.gm, () => sweepDeclared());
    await settle();
    // The GM's card was made from Alice's (under another id); hers is gone; Bob's is untouched.
    const cards = exchanges();
    expect(cards).toHaveLength(1);
    const accepted = cards[0]!;
    expect(accepted.author?.id).toBe(w.gm.id);
    expect(accepted.id).not.toBe(squatId);
    expect((accepted.flags?.["blow-by-blow"] as { declaredAs?: string }).declaredAs).toBe(
      declared.id,
    );
    expect(cardOf(accepted.system).state).toBe("awaitingDefence");
    expect(standIns.game.messages!.get(declared.id!)).toBeUndefined();
    expect(standIns.game.messages!.get(squatId)?.author?.id).toBe(w.bob.id);
  });

  it("an exchange card Alice herself makes under that id is not honoured either; a second sweep makes no second card", async () => {
    const w = world();
    const declared = await aliceDeclaresAlone(w);
    const forged: ExchangeCard = { ...cardOf(declared.system), state: "resolved", revision: 3 };
    const squatId = acceptedCardId(declared.id!);
    await asUser(w.alice, () =>
      StandInChatMessage.create(
        {
          _id: squatId,
          type: "exchange",
          system: cardSource(forged),
          flags: { "blow-by-blow": { declaredAs: declared.id } },
        },
        { keepId: true },
      ),
    );
    // The player's delete of her declared card fails once: the GM's card is made, hers stays.
    const del = vi.spyOn(declared, "delete").mockRejectedValueOnce(new Error("server busy"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    setUserActive(w.gm, true);
    await asUser(w.gm, () => sweepDeclared());
    await settle();
    del.mockRestore();
    const gmCards = () => exchanges().filter((m) => m.author?.id === w.gm.id);
    expect(gmCards()).toHaveLength(1);
    const id = gmCards()[0]!.id;
    expect(id).not.toBe(squatId);
    // The retry finds the GM's card by its flag: no second card, the player's card goes.
    await asUser(w.gm, () => sweepDeclared());
    await settle();
    expect(gmCards().map((m) => m.id)).toEqual([id]);
    expect(cardOf(gmCards()[0]!.system).state).toBe("awaitingDefence");
    expect(standIns.game.messages!.get(declared.id!)).toBeUndefined();
  });
});

const fr = fightingRuleset(FOUNDRY_RULESETS.hm3!);
type Obj = Record<string, unknown>;
const rolledValues = (c: ExchangeCard) =>
  Object.fromEntries(c.rolls.map((r) => [r.name, r.values]));
const rolledBy = (c: ExchangeCard) => c.context.rolledBy as Record<string, Obj>;
const gmCard = (w: World) => exchanges().find((m) => m.author?.id === w.gm.id)!;

/**
 * A test ruleset that rolls at declaration, as GURPS Man to Man does (attack, critical hit and
 * damage in `start`): HM3 whose `start` first rolls a die of the attacker's own, one of the
 * defender's and one the GM's client rolls (`rollSide` null).
 */
function rollsAtDeclaration(): void {
  const start = hm3.start;
  const side = hm3.rollSide!;
  vi.spyOn(hm3, "start").mockImplementation((decl, dice) => {
    dice.roll("declaredOwn", 1, 6);
    dice.roll("declaredTheirs", 1, 6);
    dice.roll("declaredGM", 1, 6);
    return start.call(hm3, decl, dice);
  });
  vi.spyOn(hm3, "rollSide").mockImplementation((name: string) =>
    name === "declaredOwn"
      ? "attacker"
      : name === "declaredTheirs"
        ? "defender"
        : name === "declaredGM"
          ? null
          : side.call(hm3, name),
  );
}

describe("dice rolled at declaration (issue 15)", () => {
  it("a player's card keeps only the attacker's own declaration dice; the GM's client rolls the others", async () => {
    const w = world();
    rollsAtDeclaration();
    // Alice's client rolls her own die (5); the others stand in as 1s.
    scriptDice([[5, 6]]);
    const declared = await aliceDeclaresAlone(w);
    const honest = cardOf(declared.system);
    expect(rolledValues(honest)).toEqual({
      declaredOwn: [5],
      declaredTheirs: [1],
      declaredGM: [1],
    });
    // Her modified client declares again, choosing the defender's die and the GM's (6s).
    await asUser(w.alice, () => declared.delete());
    const six = (r: RollRecord): RollRecord =>
      r.name === "declaredOwn" ? r : { ...r, values: [6], total: 6 };
    const forged = await asUser(w.alice, () =>
      StandInChatMessage.create({
        type: "exchange",
        system: cardSource({ ...honest, rolls: honest.rolls.map(six) }),
      }),
    );
    expect(cardOf(forged!.system).rolls.map((r) => r.values[0])).toEqual([5, 6, 6]);
    // The GM's client rolls the defender's die (2), then the GM's (3).
    scriptDice([
      [2, 6],
      [3, 6],
    ]);
    setUserActive(w.gm, true);
    await asUser(w.gm, () => sweepDeclared());
    await settle();
    const accepted = cardOf(gmCard(w).system);
    expect(accepted.state).toBe("awaitingDefence");
    expect(rolledValues(accepted)).toEqual({
      declaredOwn: [5],
      declaredTheirs: [2],
      declaredGM: [3],
    });
    expect(rolledBy(accepted)).toEqual({
      declaredOwn: { by: "user", userId: w.alice.id, name: "Alice" },
      declaredTheirs: { by: "gm" },
      declaredGM: { by: "gm" },
    });
  });

  it("with 'the GM's client rolls every die', the attacker's own declaration die is the GM's too", async () => {
    const w = world();
    rollsAtDeclaration();
    await standIns.game.settings.set("blow-by-blow", "gmRollsAll", true);
    // Alice's client rolls nothing: every die stands in as 1 (an unscripted roll would throw).
    scriptDice([]);
    const declared = await aliceDeclaresAlone(w);
    const honest = cardOf(declared.system);
    await asUser(w.alice, () => declared.delete());
    const forgedRolls = honest.rolls.map((r) => ({ ...r, values: [6], total: 6 }));
    await asUser(w.alice, () =>
      StandInChatMessage.create({
        type: "exchange",
        system: cardSource({ ...honest, rolls: forgedRolls }),
      }),
    );
    scriptDice([
      [4, 6],
      [2, 6],
      [3, 6],
    ]);
    setUserActive(w.gm, true);
    await asUser(w.gm, () => sweepDeclared());
    await settle();
    const accepted = cardOf(gmCard(w).system);
    expect(rolledValues(accepted)).toEqual({
      declaredOwn: [4],
      declaredTheirs: [2],
      declaredGM: [3],
    });
    expect(Object.values(rolledBy(accepted))).toEqual([{ by: "gm" }, { by: "gm" }, { by: "gm" }]);
  });
});

// ── A chooser's own dice and the world setting "the GM's client rolls every die" ──────────────

const BLOCK: ChoiceRequest = {
  optionId: "block",
  itemId: "wpShield00000001",
  mode: null,
  aim: null,
  custom: [],
};

/** The GM attacks Alice's Sir Aldric with the Brigand's sword; the accepted card's message. */
async function gmAttacks(w: World): Promise<StandInChatMessage> {
  stubAttack();
  const message = await attack({
    actorUuid: w.brigand.uuid,
    tokenUuid: w.tBrigand.document.uuid,
    itemId: SWORD,
  });
  await settle();
  return message as unknown as StandInChatMessage;
}

/** What a (possibly modified) client sends for a step: a request message, then the query. */
async function ask(w: World, user: World["alice"], data: Obj): Promise<unknown> {
  return asUser(user, async () => {
    const request = (await StandInChatMessage.create({
      content: "request",
      whisper: [w.gm.id],
      flags: { "blow-by-blow": { request: { query: QUERY.choose, data } } },
    })) as StandInChatMessage;
    return w.gm.query(QUERY.choose, { requestId: request.id });
  });
}

/** Sir Aldric's block on the card, and the faces the GM's client rolls for `plan` but `skip`. */
function aldricBlock(message: StandInChatMessage, plan: Record<string, number>, skip: string[]) {
  const c = cardOf(message.system);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const value = fr.combat.buildChoice(
    pending!,
    exchangeBuild(c),
    fighterSnapshot(standIns.game.actors!.get("actorAldric00001") as unknown as ActorLike),
    BLOCK,
  );
  const asked: string[] = [];
  const dice = planningDice(plan);
  fr.ruleset.choose(state, fr.ruleset.parseChoice(state, value), {
    roll(name: string, count: number, sides: number) {
      asked.push(name);
      return dice.roll(name, count, sides);
    },
  });
  scriptDice(dice.faces.filter((_, i) => !skip.includes(asked[i]!)));
  return value;
}

/** Alice's client sends a critical success: her defence die at 5. */
const DEFENCE_5: RollRecord = { name: "defence", count: 1, sides: 100, values: [5], total: 5 };

describe("whose client rolls a chooser's dice (issue 15)", () => {
  it("by default Alice's own defence die is kept (as documented) and the card says she rolled it", async () => {
    const w = world();
    const message = await gmAttacks(w);
    const value = aldricBlock(message, { attack: 50, defence: 5 }, ["defence"]);
    expect(
      await ask(w, w.alice, {
        messageId: message.id,
        submission: { revision: 1, kind: "defence", value, request: BLOCK, rolls: [DEFENCE_5] },
      }),
    ).toEqual({ ok: true });
    const c = cardOf(message.system);
    expect(rolledValues(c).defence).toEqual([5]);
    expect(rolledBy(c).defence).toEqual({ by: "user", userId: w.alice.id, name: "Alice" });
    expect(rolledBy(c).attack).toEqual({ by: "gm" });
  });

  it("with 'the GM's client rolls every die', Alice's defence die is refused: the GM's client rolls it", async () => {
    const w = world();
    await standIns.game.settings.set("blow-by-blow", "gmRollsAll", true);
    const message = await gmAttacks(w);
    const value = aldricBlock(message, { attack: 50, defence: 60 }, []);
    expect(
      await ask(w, w.alice, {
        messageId: message.id,
        submission: { revision: 1, kind: "defence", value, request: BLOCK, rolls: [DEFENCE_5] },
      }),
    ).toEqual({ ok: true });
    const c = cardOf(message.system);
    expect(c.state).toBe("resolved");
    expect(rolledValues(c).defence).toEqual([60]);
    expect(rolledValues(c).attack).toEqual([50]);
    expect(c.rolls.map((r) => rolledBy(c)[r.name])).toEqual(c.rolls.map(() => ({ by: "gm" })));
  });

  it("with 'the GM's client rolls every die', Alice's own click rolls nothing: every die is the GM's client's", async () => {
    const w = world();
    await standIns.game.settings.set("blow-by-blow", "gmRollsAll", true);
    const message = await gmAttacks(w);
    aldricBlock(message, { attack: 50, defence: 60 }, []);
    const config = standIns.CONFIG as unknown as { Dice: { randomUniform: () => number } };
    const scripted = config.Dice.randomUniform;
    const rollers: string[] = [];
    config.Dice.randomUniform = () => {
      rollers.push(standIns.game.user!.id!);
      return scripted();
    };
    vi.spyOn(DefenceDialog, "prompt").mockResolvedValue(BLOCK);
    await asUser(w.alice, () => defend(message.id!, "block"));
    await settle();
    const c = cardOf(message.system);
    expect(c.state).toBe("resolved");
    expect(rollers.length).toBe(c.rolls.reduce((n, r) => n + r.count, 0));
    expect(rollers.every((id) => id === w.gm.id)).toBe(true);
    expect(rolledValues(c).defence).toEqual([60]);
    expect(c.rolls.map((r) => rolledBy(c)[r.name])).toEqual(c.rolls.map(() => ({ by: "gm" })));
  });

  it("the card's dice list names whose client rolled each die, the user's name escaped", async () => {
    const w = world();
    (w.alice as unknown as { name: string }).name = "<img src=x onerror=alert(1)>";
    const message = await gmAttacks(w);
    const value = aldricBlock(message, { attack: 50, defence: 5 }, ["defence"]);
    await ask(w, w.alice, {
      messageId: message.id,
      submission: { revision: 1, kind: "defence", value, request: BLOCK, rolls: [DEFENCE_5] },
    });
    const html = await renderExchangeCard(message as never);
    expect(html).toContain(
      "Defence test (1d100): 5, rolled by &lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;",
    );
    expect(html).toContain("Attack test (1d100): 50, rolled by the GM&#x27;s client");
    expect(html).not.toContain("<img");
  });
});
