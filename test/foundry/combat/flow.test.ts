/**
 * The exchange flow through the adapter (src/foundry/combat/{actions,queries,apply}.ts) against
 * the Foundry stand-ins: a GM and two players on their own clients (`asUser`), real HM3 actors
 * (the sheet fixtures' knight and a brigand) on a square grid, the real HM3 ruleset and combat
 * rules, the exchange ChatMessage with its data model, v13 queries, Foundry Rolls with scripted
 * randomness (`CONFIG.Dice.randomUniform`), status effects and a combat. Only the two dialogs'
 * `prompt` are stubbed (they return the request a user would submit).
 *
 * Each test drives what users click and checks what the documents hold afterwards: the card's
 * state and revision, who chose, the injury item, the statuses, the combatants' defeated flag,
 * the notifications users see, and the queries sent. Refusals leave everything as it was.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import {
  asUser,
  canvasStandIn,
  createCombat,
  createLog,
  installDice3d,
  queryLog,
  resetStandIns,
  settle,
  setUserActive,
  standIns,
  StandInChatMessage,
  targetTokens,
  type StandInActor,
  type StandInUser,
} from "../stand-ins";
import type { AttackRequest, ChoiceRequest } from "../../../src/core/combat";
import type { Dice, RollRecord } from "../../../src/core/dice";
import {
  completeChoiceRolls,
  replayExchange,
  rollOwnSide,
  type ExchangeCard,
} from "../../../src/core/flow";
import { registerStatusEffects } from "../../../src/foundry/config";
import { registerDataModels } from "../../../src/foundry/data";
import { cardOf } from "../../../src/foundry/data/chat-message/exchange";
import * as actions from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { registerFlowHooks } from "../../../src/foundry/combat/flow-hooks";
import {
  QUERY,
  registerQueries,
  requestOf,
  type StepName,
  type StepRequest,
} from "../../../src/foundry/combat/queries";
import { exchangeBuild } from "../../../src/foundry/combat/query-common";
import { optionalRuleKey, registerCombatSettings } from "../../../src/foundry/combat/settings";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { FOUNDRY_RULESETS, fightingRuleset } from "../../../src/foundry/rulesets";
import { cardId, planningDice, scriptDice, world, type DicePlan, type World } from "./fixtures";

type Obj = Record<string, unknown>;
const fr = fightingRuleset(FOUNDRY_RULESETS.hm3!);

const SWORD = "wpSword000000001";
const SHIELD = "wpShield00000001";

const swordAttack = (situation: AttackRequest["situation"]): AttackRequest => ({
  itemId: SWORD,
  mode: "edge",
  aim: "mid",
  band: null,
  situation,
  custom: [],
});
const IGNORE: ChoiceRequest = {
  optionId: "ignore",
  itemId: null,
  mode: null,
  aim: null,
  custom: [],
};
const BLOCK: ChoiceRequest = {
  optionId: "block",
  itemId: SHIELD,
  mode: null,
  aim: null,
  custom: [],
};

/** A hit on the defender's thorax (Ignore): A*4 for Edge, G4 thorax, shock failed (hm3.md §1-2). */
const HIT_THORAX: DicePlan = { attack: 5, location: 50, impact: 2, shock: 6 };

let w: World;
let attackPrompt: MockInstance<typeof AttackDialog.prompt>;
let defencePrompt: MockInstance<typeof DefenceDialog.prompt>;
let nextDefence: ChoiceRequest | null = IGNORE;
/** Every step request message created (queries.ts): its author, recipients and request. */
const requestLog: { author: string | undefined; whisper: string[]; request: StepRequest }[] = [];

beforeEach(() => {
  resetStandIns();
  registerDataModels();
  registerStatusEffects();
  registerCombatSettings();
  registerQueries();
  registerFlowHooks();
  w = world();
  nextDefence = IGNORE;
  requestLog.length = 0;
  standIns.Hooks.on("createChatMessage", (m: unknown) => {
    const message = m as StandInChatMessage;
    const request = requestOf(message);
    if (request)
      requestLog.push({ author: message.author?.id, whisper: [...message.whisper], request });
  });
  attackPrompt = vi
    .spyOn(AttackDialog, "prompt")
    .mockImplementation(async (input) => swordAttack(input.situation));
  defencePrompt = vi.spyOn(DefenceDialog, "prompt").mockImplementation(async () => nextDefence);
});

afterEach(async () => {
  await settle();
  vi.restoreAllMocks();
});

const messages = () => standIns.notifications.messages.map((m) => `${m.type}: ${m.message}`);
/** The card an attack made as it is now (the GM's re-created card once accepted: `cardId`). */
const card = (message: StandInChatMessage): ExchangeCard =>
  cardOf((standIns.game.messages!.get(cardId(message)) ?? message).system);
const injuries = (actor: StandInActor) =>
  [...actor.items]
    .filter((i) => i.type === "injury")
    .map((i) => ({
      name: i.name,
      hm3: (i.system.toObject() as { hm3: Obj }).hm3,
    }));
const statuses = (actor: StandInActor) =>
  [...((actor as unknown as ActorLike).statuses ?? [])].sort();
const defeated = () =>
  Object.fromEntries(
    [...(standIns.game.combat as unknown as { combatants: Iterable<Obj> }).combatants].map((c) => [
      c.name,
      c.defeated,
    ]),
  );

/** `user` attacks with `attacker` (its token) at what it targets; settles the GM's acceptance. */
async function attackAs(user: StandInUser, attacker: StandInActor): Promise<StandInChatMessage> {
  const token = attacker === w.aldric ? w.tAldric : w.tBrigand;
  const message = await asUser(user, () =>
    actions.attack({ actorUuid: attacker.uuid, tokenUuid: token.document.uuid, itemId: SWORD }),
  );
  await settle();
  expect(message).toBeInstanceOf(StandInChatMessage);
  return message as unknown as StandInChatMessage;
}

/**
 * What a client (a modified one included) sends for step `name`: a request message created as
 * `user` (the stand-ins, like Foundry's server, make `user` its author), then the query naming it.
 */
async function ask(user: StandInUser, name: StepName, data: Obj): Promise<unknown> {
  return asUser(user, async () => {
    const request = (await StandInChatMessage.create({
      content: "request",
      whisper: [w.gm.id],
      flags: { "blow-by-blow": { request: { query: name, data } } },
    })) as StandInChatMessage;
    return w.gm.query(name, { requestId: request.id });
  });
}

/**
 * Scripts the dice the chooser's step will roll (from `plan`, by roll name) and returns them,
 * computed with the ruleset on the card as it is, for the request the dialog will return. Sir
 * Aldric is Alice's: her client rolls only the defender's own dice (each click, `times` times),
 * then the active GM's client rolls the attacker's (architecture §2.6); the GM's Brigand's
 * defence is rolled whole on the GM's client.
 */
async function scriptDefence(
  message: StandInChatMessage,
  request: ChoiceRequest,
  plan: DicePlan,
  times = 1,
) {
  const c = card(message);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const chooser = pending!.by === "defender" ? c.defender : c.attacker;
  const actor = [w.aldric, w.brigand].find((a) => a.name === chooser.name)!;
  const value = fr.combat.buildChoice(
    pending!,
    exchangeBuild(c),
    fighterSnapshot(actor as unknown as ActorLike),
    request,
  );
  const choice = fr.ruleset.parseChoice(state, value);
  nextDefence = request;
  if (actor !== w.aldric) {
    const dice = planningDice(plan);
    fr.ruleset.choose(state, choice, dice);
    scriptDice(Array.from({ length: times }, () => dice.faces).flat());
    return dice.faces;
  }
  const step = (d: Dice) => fr.ruleset.choose(state, choice, d);
  const player = planningDice(plan);
  const own = await rollOwnSide(fr.ruleset, pending!.by, false, step, async (n, k, sd) =>
    player.roll(n, k, sd),
  );
  const gm = planningDice(plan);
  const owns = { attacker: pending!.by === "attacker", defender: pending!.by === "defender" };
  await completeChoiceRolls(
    fr.ruleset,
    c,
    { revision: c.revision, kind: pending!.kind, value, request, rolls: own },
    { userId: w.alice.id, isGM: false, owns },
    async (n, k, sd) => gm.roll(n, k, sd),
  );
  const faces = [...Array.from({ length: times }, () => player.faces).flat(), ...gm.faces];
  scriptDice(faces);
  return faces;
}

/** Sir Aldric's defence `request` on the card as it is: the state and the choice it builds. */
function aldricChoice(message: StandInChatMessage, request: ChoiceRequest) {
  const c = card(message);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const value = fr.combat.buildChoice(
    pending!,
    exchangeBuild(c),
    fighterSnapshot(w.aldric as unknown as ActorLike),
    request,
  ) as Obj;
  return { state, value };
}

describe("a player attacks the GM's NPC; the GM defends; consequences applied automatically", () => {
  it("attack → declared card → accepted by the GM → defence → resolved → applied to the actors", async () => {
    await standIns.game.settings.set("blow-by-blow", "applyMode", "auto");
    await createCombat([w.tAldric, w.tBrigand]);
    const seenAtCreation: string[] = [];
    standIns.Hooks.on("createChatMessage", (m: unknown) => {
      if (standIns.game.user.id === w.alice.id)
        seenAtCreation.push(card(m as StandInChatMessage).state);
    });

    const message = await attackAs(w.alice, w.aldric);

    // The dialog got the fighters, the attacks and the situation measured on the canvas.
    const input = attackPrompt.mock.calls[0]![0];
    expect(input.attacker.name).toBe("Sir Aldric");
    expect(input.defender.name).toBe("Brigand");
    expect(input.itemId).toBe(SWORD);
    // HM3 reads the scene's units (ruling R43); the stand-in's grid names none: hexes.
    expect(input.situation).toEqual({
      engagingDefender: 1,
      defenderProne: false,
      distance: 1,
      units: "",
    });
    expect(input.options.map((o) => o.itemId)).toContain(SWORD);
    expect(input.preview(swordAttack(input.situation)).value).toBeGreaterThan(0);

    // Made declared by Alice; the GM's client accepts it by writing it afresh as the GM's own
    // card and deleting hers (review B1, B2), so only a GM can change the card from now on.
    expect(seenAtCreation).toEqual(["declared", "awaitingDefence"]);
    expect(message.author?.id).toBe(w.alice.id);
    expect(standIns.game.messages!.get(message.id!)).toBeUndefined();
    const gmCard = standIns.game.messages!.get(cardId(message))!;
    expect(gmCard.author?.id).toBe(w.gm.id);
    expect(gmCard.flags["blow-by-blow"]).toEqual({
      declaredAs: message.id,
      declaredBy: w.alice.id,
    });
    expect(gmCard.speaker).toEqual(message.speaker);
    const accepted = card(message);
    expect(accepted).toMatchObject({
      ruleset: "hm3",
      state: "awaitingDefence",
      revision: 1,
      attacker: {
        actorUuid: w.aldric.uuid,
        tokenUuid: w.tAldric.document.uuid,
        name: "Sir Aldric",
      },
      defender: { actorUuid: w.brigand.uuid, tokenUuid: w.tBrigand.document.uuid, name: "Brigand" },
      rolls: [],
      choices: [],
      pending: { by: "defender", kind: "defence" },
      context: { request: { itemId: SWORD, mode: "edge", aim: "mid" } },
    });

    // The GM defends for the NPC: the handler runs on the GM's own client (no query sent).
    const faces = await scriptDefence(message, IGNORE, HIT_THORAX);
    await actions.defend(cardId(message), "ignore");
    await settle();
    expect(defencePrompt).toHaveBeenCalledOnce();
    expect(defencePrompt.mock.calls[0]![0]).toMatchObject({
      optionId: "ignore",
      attackerName: "Sir Aldric",
    });
    expect(queryLog).toEqual([]);

    const done = card(message);
    expect(done.state).toBe("applied");
    expect(done.revision).toBe(3);
    expect(done.choices).toMatchObject([{ by: "defender", kind: "defence", userId: w.gm.id }]);
    expect(done.rolls.map((r) => r.name)).toEqual(["attack", "location", "impact", "shock"]);
    expect(done.rolls.flatMap((r) => r.values)).toEqual(faces.map(([f]) => f));
    expect(done.applied).toEqual({ userId: w.gm.id, effects: [0, 1] });
    expect(done.result?.effects.map((e) => e.type)).toEqual(["injury", "condition"]);

    // Consequences: the injury item, the shock status, the brigand's combatant defeated.
    expect(injuries(w.brigand)).toEqual([
      {
        name: "G4 wound (thorax)",
        hm3: {
          location: "thorax",
          aspect: "edge",
          severity: "G",
          level: 4,
          healingRate: 0,
          bleeding: false,
        },
      },
    ]);
    expect(statuses(w.brigand)).toEqual(["shock"]);
    expect(statuses(w.aldric)).toEqual([]);
    expect(defeated()).toEqual({ "Sir Aldric": false, Brigand: true });
    expect(messages()).toEqual([]);
  });

  it("Dice So Nice shows each roll once, on the rolling client", async () => {
    const dsn = installDice3d();
    const message = await attackAs(w.alice, w.aldric);
    await scriptDefence(message, IGNORE, HIT_THORAX);
    await actions.defend(cardId(message), "ignore");
    await settle();
    expect(dsn.calls.map((c) => [c.roll.formula, c.user?.id, c.synchronize])).toEqual([
      ["1d100", w.gm.id, true],
      ["1d100", w.gm.id, true],
      ["4d6", w.gm.id, true],
      ["4d6", w.gm.id, true],
    ]);
  });
});

describe("the player's character defends: the submission goes to the GM by query", () => {
  it("Alice blocks with her shield; the GM's client resolves; 'ask' leaves the Apply button to the GM", async () => {
    const message = await attackAs(w.gm, w.brigand);
    expect(card(message).state).toBe("awaitingDefence");
    await scriptDefence(message, BLOCK, {
      attack: 50,
      defence: 45,
      attackerWeaponDamage: 1,
      defenderWeaponDamage: 6,
    });
    await asUser(w.alice, () => actions.defend(cardId(message), "block"));
    await settle();

    expect(queryLog.map((q) => [q.from, q.to, q.name])).toEqual([
      [w.alice.id, w.gm.id, QUERY.choose],
    ]);
    // The query names only the request message; the request (authored by Alice, stamped by the
    // server) carries the step, and the GM's client deleted it once taken (review B3).
    const requestId = (queryLog[0]!.data as { requestId: string }).requestId;
    expect(queryLog[0]!.data).toEqual({ requestId });
    expect(standIns.game.messages!.get(requestId)).toBeUndefined();
    expect(requestLog.at(-1)).toMatchObject({
      author: w.alice.id,
      whisper: [w.gm.id],
      request: {
        query: QUERY.choose,
        data: {
          messageId: cardId(message),
          submission: { revision: 1, kind: "defence", request: BLOCK },
        },
      },
    });
    const resolved = card(message);
    expect(resolved.state).toBe("resolved");
    expect(resolved.choices).toMatchObject([
      { by: "defender", userId: w.alice.id, request: { itemId: SHIELD } },
    ]);
    const effects = resolved.result!.effects;
    expect(effects).toEqual([
      { type: "weaponDamaged", to: "defender", broken: false, cause: "block" },
    ]);
    // Apply mode "ask": nothing applied yet.
    expect(createLog).toEqual([]);
    expect((w.aldric.items.get(SHIELD)!.system.toObject() as { hm3: { wq: number } }).hm3.wq).toBe(
      12,
    );

    // A player cannot apply; the GM applies once; a second click is refused.
    await asUser(w.alice, () => actions.apply(cardId(message)));
    expect(messages()).toEqual([
      "warning: Only the Game Master's client can do that. Wait for an active GM.",
    ]);
    await actions.apply(cardId(message));
    expect(card(message).state).toBe("applied");
    expect((w.aldric.items.get(SHIELD)!.system.toObject() as { hm3: { wq: number } }).hm3.wq).toBe(
      11,
    );
    await actions.apply(cardId(message));
    expect(messages().at(-1)).toBe(
      "warning: The consequences of this exchange were already applied.",
    );
    expect((w.aldric.items.get(SHIELD)!.system.toObject() as { hm3: { wq: number } }).hm3.wq).toBe(
      11,
    );
    expect(card(message).revision).toBe(3);
  });

  it("a tactical advantage is claimed by the defender's owner, once", async () => {
    const message = await attackAs(w.gm, w.brigand);
    await scriptDefence(message, BLOCK, { attack: 96, defence: 5 });
    await asUser(w.alice, () => actions.defend(cardId(message), "block"));
    await settle();
    expect(card(message).result).toMatchObject({ result: "DTA", tacticalAdvantage: "defender" });

    await asUser(w.bob, () => actions.takeAdvantage(cardId(message), "defender"));
    expect(messages()).toEqual([
      "warning: You do not own the combatant who must make that choice.",
    ]);
    await asUser(w.alice, () => actions.takeAdvantage(cardId(message), "attacker"));
    expect(messages().at(-1)).toBe(
      "warning: You do not own the combatant who must make that choice.",
    );
    expect(card(message).advantages).toEqual({});

    await asUser(w.alice, () => actions.takeAdvantage(cardId(message), "defender"));
    expect(card(message).advantages).toEqual({ defender: w.alice.id });
    expect(messages()).toHaveLength(2);
    await asUser(w.alice, () => actions.takeAdvantage(cardId(message), "defender"));
    expect(messages().at(-1)).toBe("warning: That tactical advantage was already taken.");
    // The GM may claim for the attacker only if the result gives one: it does not.
    await actions.takeAdvantage(cardId(message), "attacker");
    expect(messages().at(-1)).toBe(
      "warning: This exchange gives that combatant no tactical advantage.",
    );
  });
});

describe("refusals: nothing changes", () => {
  it("a user who does not own the defender clicking a defence is warned; no dialog, no query", async () => {
    const message = await attackAs(w.alice, w.aldric);
    const before = card(message);
    await asUser(w.bob, () => actions.defend(cardId(message), "ignore"));
    await asUser(w.alice, () => actions.defend(cardId(message), "ignore"));
    expect(messages()).toEqual([
      "warning: You do not own the combatant who must make that choice.",
      "warning: You do not own the combatant who must make that choice.",
    ]);
    expect(defencePrompt).not.toHaveBeenCalled();
    expect(queryLog).toEqual([]);
    expect(card(message)).toEqual(before);
  });

  it("a query is run as its request's author, whatever user the data names (review B3)", async () => {
    const message = await attackAs(w.alice, w.aldric);
    const before = card(message);
    const submission = {
      revision: 1,
      kind: "defence",
      value: { type: "ignore" },
      request: IGNORE,
      rolls: [],
    };
    // Bob names the GM: the GM would own both sides, but Bob wrote the request.
    const outcome = await ask(w.bob, QUERY.choose, {
      messageId: cardId(message),
      userId: w.gm.id,
      submission,
    });
    expect(outcome).toMatchObject({
      ok: false,
      code: "notOwner",
      key: "BLOWBYBLOW.Flow.Error.notOwner",
    });
    expect(card(message)).toEqual(before);
    // Bob cannot write a request as the GM (Foundry's server refuses; the stand-ins too).
    await expect(
      asUser(w.bob, () =>
        StandInChatMessage.create({
          author: w.gm.id,
          content: "request",
          flags: { "blow-by-blow": { request: { query: QUERY.choose, data: {} } } },
        }),
      ),
    ).rejects.toThrow();
    // The old form of the query (the step's data in the query, a user id in it) is refused.
    const direct = await asUser(w.bob, () =>
      w.gm.query(QUERY.choose, { messageId: cardId(message), userId: w.gm.id, submission }),
    );
    expect(direct).toMatchObject({ ok: false, code: "badRequest" });
    // Nor can a request for one step be used for another.
    const wrong = await asUser(w.bob, async () => {
      const request = (await StandInChatMessage.create({
        content: "request",
        flags: { "blow-by-blow": { request: { query: QUERY.advantage, data: {} } } },
      })) as StandInChatMessage;
      return w.gm.query(QUERY.apply, { requestId: request.id });
    });
    expect(wrong).toMatchObject({ ok: false, code: "noRequest" });
    expect(card(message)).toEqual(before);
  });

  it("a request is taken once: the GM's client deletes it; the same id again is refused", async () => {
    const message = await attackAs(w.gm, w.brigand);
    const before = card(message);
    const requestId = await asUser(w.alice, async () => {
      const request = (await StandInChatMessage.create({
        content: "request",
        whisper: [w.gm.id],
        flags: {
          "blow-by-blow": {
            request: {
              query: QUERY.advantage,
              data: { messageId: cardId(message), side: "defender", revision: 1 },
            },
          },
        },
      })) as StandInChatMessage;
      return request.id!;
    });
    const first = await asUser(w.alice, () => w.gm.query(QUERY.advantage, { requestId }));
    expect(first).toMatchObject({ ok: false, code: "notResolved" });
    expect(standIns.game.messages!.get(requestId)).toBeUndefined();
    const again = await asUser(w.alice, () => w.gm.query(QUERY.advantage, { requestId }));
    expect(again).toMatchObject({ ok: false, code: "noRequest" });
    expect(card(message)).toEqual(before);
  });

  it("a submission whose dice or choice do not match is refused (badRolls, choiceChanged)", async () => {
    const message = await attackAs(w.gm, w.brigand);
    const before = card(message);
    const submit = (submission: Obj) =>
      ask(w.alice, QUERY.choose, { messageId: cardId(message), submission });
    // A die of her own side that is no die (a d100 showing 101): refused, nothing rolled.
    const badDie = await submit({
      revision: 1,
      kind: "defence",
      value: { type: "ignore" },
      request: IGNORE,
      rolls: [{ name: "shock", count: 3, sides: 6, values: [7, 1, 1], total: 9 }],
    });
    expect(badDie).toMatchObject({ ok: false, code: "badRolls" });
    expect(card(message)).toEqual(before);
    // A Dodge value sent with a Block request: the GM rebuilds the choice from the request.
    const { state, value } = aldricChoice(message, BLOCK);
    // The rolls the Block leads to, as the defender's client would send them.
    const planned = planningDice({ attack: 50, defence: 45 });
    const rolls: RollRecord[] = [];
    fr.ruleset.choose(state, fr.ruleset.parseChoice(state, value), {
      roll(name: string, count: number, sides: number) {
        const values = planned.roll(name, count, sides);
        rolls.push({ name, count, sides, values, total: values.reduce((t, v) => t + v, 0) });
        return values;
      },
    });
    expect(rolls.map((r) => r.name)).toContain("defenderWeaponDamage");
    const ok = { revision: 1, kind: "defence", value, request: BLOCK, rolls };
    // A better WQ than the shield has (fewer weapon damage failures): valid, but not the shield's.
    const inflated = { ...value, wq: 30 };
    expect(await submit({ ...ok, value: inflated })).toMatchObject({
      ok: false,
      code: "choiceChanged",
    });
    expect(card(message)).toEqual(before);
    expect(await submit(ok)).toEqual({ ok: true });
    expect(card(message).state).toBe("resolved");
  });

  it("a modified defender's client cannot choose the attacker's dice: the GM's client rolls them (architecture §2.6)", async () => {
    const message = await attackAs(w.gm, w.brigand);
    const { state, value } = aldricChoice(message, IGNORE);
    // Alice's client sends a fumbled attack (100: critical failure) and a miss everywhere.
    const forged: RollRecord[] = [
      { name: "attack", count: 1, sides: 100, values: [100], total: 100 },
      { name: "location", count: 1, sides: 100, values: [1], total: 1 },
      { name: "impact", count: 1, sides: 6, values: [1], total: 1 },
    ];
    // The GM's client rolls the attack (05: a critical success against EML 5+), the location
    // (40) and the impact (6); the defender's shock roll is the GM's too, since none was sent.
    const gm = planningDice({ attack: 5, location: 40, impact: 6, shock: 1 });
    fr.ruleset.choose(state, fr.ruleset.parseChoice(state, value), gm);
    scriptDice(gm.faces);
    expect(
      await ask(w.alice, QUERY.choose, {
        messageId: cardId(message),
        submission: { revision: 1, kind: "defence", value, request: IGNORE, rolls: forged },
      }),
    ).toEqual({ ok: true });
    const after = card(message);
    expect(after.state).toBe("resolved");
    const rolled = Object.fromEntries(after.rolls.map((r) => [r.name, r.values]));
    expect(rolled.attack).toEqual([5]);
    expect(rolled.location).toEqual([40]);
    expect(rolled.impact?.every((v) => v === 6)).toBe(true);
    expect((after.result as unknown as { result: string }).result).not.toBe("AF");
  });

  it("the defender's own dice sent by its client are kept; the attacker's are the GM's", async () => {
    const message = await attackAs(w.gm, w.brigand);
    const { state, value } = aldricChoice(message, BLOCK);
    const own: RollRecord = { name: "defence", count: 1, sides: 100, values: [7], total: 7 };
    const gm = planningDice({ attack: 50, defence: 7 });
    const asked: string[] = [];
    fr.ruleset.choose(state, fr.ruleset.parseChoice(state, value), {
      roll(name: string, count: number, sides: number) {
        asked.push(name);
        return gm.roll(name, count, sides);
      },
    });
    // The GM's client rolls all but the defence: script its faces without the defence die.
    const faces = gm.faces.filter((_, i) => asked[i] !== "defence");
    scriptDice(faces);
    expect(
      await ask(w.alice, QUERY.choose, {
        messageId: cardId(message),
        submission: { revision: 1, kind: "defence", value, request: BLOCK, rolls: [own] },
      }),
    ).toEqual({ ok: true });
    const rolled = Object.fromEntries(card(message).rolls.map((r) => [r.name, r.values]));
    expect(rolled.defence).toEqual([7]);
    expect(rolled.attack).toEqual([50]);
  });

  it("a double defence: the second, sent at the same revision, is refused on the GM's client; a later click finds it resolved", async () => {
    const message = await attackAs(w.gm, w.brigand);
    await scriptDefence(message, BLOCK, { attack: 50, defence: 45 }, 2);
    await asUser(w.alice, () =>
      Promise.all([
        actions.defend(cardId(message), "block"),
        actions.defend(cardId(message), "block"),
      ]),
    );
    await settle();
    expect(queryLog.map((q) => q.name)).toEqual([QUERY.choose, QUERY.choose]);
    // The GM's client handles them one after another: the second finds the exchange resolved.
    expect(messages()).toEqual([
      "warning: This exchange has moved on: that step is no longer possible.",
    ]);
    expect(card(message).choices).toHaveLength(1);
    expect(card(message).revision).toBe(2);
    await asUser(w.alice, () => actions.defend(cardId(message), "block"));
    expect(messages().at(-1)).toBe(
      "warning: This exchange has moved on: that step is no longer possible.",
    );
    expect(queryLog).toHaveLength(2);
  });

  it("no GM connected: a defence changes nothing and says the exchange waits", async () => {
    const message = await attackAs(w.gm, w.brigand);
    const before = card(message);
    setUserActive(w.gm, false);
    await asUser(w.alice, () => actions.defend(cardId(message), "block"));
    expect(messages()).toEqual([
      "warning: No Game Master is connected: the exchange waits until one joins. Nothing was changed.",
    ]);
    expect(defencePrompt).not.toHaveBeenCalled();
    expect(queryLog).toEqual([]);
    expect(card(message)).toEqual(before);
  });

  it("a stale apply is refused; a tampered result is never applied: the effects come from the replay", async () => {
    const message = await attackAs(w.alice, w.aldric);
    await scriptDefence(message, IGNORE, HIT_THORAX);
    await actions.defend(cardId(message), "ignore");
    await settle();
    const resolved = card(message);
    expect(resolved.state).toBe("resolved");

    const stale = await ask(w.gm, QUERY.apply, { messageId: cardId(message), revision: 1 });
    expect(stale).toMatchObject({ ok: false, code: "staleRevision" });
    expect(createLog).toEqual([]);

    // Someone rewrites the stored result: a kill to the skull instead of the G4 thorax wound.
    const fake = structuredClone(resolved.result!);
    fake.effects = [
      {
        type: "injury",
        to: "defender",
        location: "skull",
        severityKey: "K",
        level: 5,
        data: { code: "K5", aspect: "edge" },
      },
      { type: "condition", to: "defender", condition: "dead", cause: "kill" },
    ];
    const gmCard = standIns.game.messages!.get(cardId(message))!;
    await gmCard.update({ system: { result: JSON.stringify(fake) } });
    expect(card(message).result!.effects).toEqual(fake.effects);

    await actions.apply(cardId(message));
    expect(card(message).state).toBe("applied");
    expect(card(message).result).toEqual(resolved.result);
    expect(injuries(w.brigand).map((i) => i.name)).toEqual(["G4 wound (thorax)"]);
    expect(statuses(w.brigand)).toEqual(["shock"]);
  });

  it("attack refusals: not the owner, not exactly one target, the attacker itself", async () => {
    await asUser(w.bob, () =>
      actions.attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid }),
    );
    asUser(w.alice, () => targetTokens([]));
    await asUser(w.alice, () =>
      actions.attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid }),
    );
    asUser(w.alice, () => targetTokens([w.tAldric, w.tBrigand]));
    await asUser(w.alice, () =>
      actions.attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid }),
    );
    asUser(w.alice, () => targetTokens([w.tAldric]));
    await asUser(w.alice, () =>
      actions.attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid }),
    );
    expect(messages()).toEqual([
      "warning: You do not own Sir Aldric: only its owners can attack with it.",
      "warning: Target exactly one token to attack (you have 0 targeted).",
      "warning: Target exactly one token to attack (you have 2 targeted).",
      "warning: Sir Aldric cannot attack itself.",
    ]);
    expect(attackPrompt).not.toHaveBeenCalled();
    expect(standIns.game.messages!.size).toBe(0);
  });

  it("a cancelled attack dialog makes no card", async () => {
    attackPrompt.mockResolvedValueOnce(null);
    const made = await asUser(w.alice, () =>
      actions.attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid }),
    );
    expect(made).toBeNull();
    expect(standIns.game.messages!.size).toBe(0);
  });
});

describe("no GM at the attack; forged cards", () => {
  it("the card is made declared and waits; the GM's client accepts it when the GM comes back", async () => {
    setUserActive(w.gm, false);
    const message = await attackAs(w.alice, w.aldric);
    expect(card(message).state).toBe("declared");
    expect(messages()).toEqual([
      "info: The attack is declared. No Game Master is connected: the exchange waits for one before the defender can answer.",
    ]);
    setUserActive(w.gm, true);
    asUser(w.gm, () => standIns.Hooks.callAll("ready"));
    await settle();
    expect(card(message)).toMatchObject({ state: "awaitingDefence", revision: 1 });
  });

  it("a card whose author does not own the attacker is refused; the GM is told", async () => {
    setUserActive(w.gm, false);
    const legit = card(await attackAs(w.gm, w.brigand));
    setUserActive(w.gm, true);
    const forged = (await asUser(w.alice, () =>
      StandInChatMessage.create({ type: "exchange", system: legit as unknown as Obj }),
    )) as StandInChatMessage;
    await settle();
    // Refused (review M4): the card is removed, not left waiting; Alice and the GM are told.
    const said =
      "An attack card made by Alice was refused and removed: That attack was declared by someone who does not own the attacker, so it was refused. Attack again if you still mean to.";
    expect(standIns.game.messages!.get(forged.id!)).toBeUndefined();
    expect(messages().at(-1)).toBe(`warning: ${said}`);
    const whisper = standIns.game.messages!.contents.at(-1)!;
    expect(whisper.type).not.toBe("exchange");
    expect(whisper.author?.id).toBe(w.gm.id);
    expect([...whisper.whisper].sort()).toEqual([w.alice.id, w.gm.id].sort());
    expect(whisper.content).toBe(`<p class="blow-by-blow bbb-refused">${said}</p>`);
    // The sweep at the next ready finds nothing left to refuse.
    const before = messages().length;
    asUser(w.gm, () => standIns.Hooks.callAll("ready"));
    await settle();
    expect(messages()).toHaveLength(before);
  });

  it("a card whose declaration was altered (a heavier blow than the sword's) is refused", async () => {
    setUserActive(w.gm, false);
    const legit = card(await attackAs(w.alice, w.aldric));
    setUserActive(w.gm, true);
    const tampered = structuredClone(legit);
    const decl = tampered.declaration as { attack: { impact: number } };
    expect(decl.attack.impact).toBe(5);
    decl.attack.impact = 12;
    const forged = (await asUser(w.alice, () =>
      StandInChatMessage.create({ type: "exchange", system: tampered as unknown as Obj }),
    )) as StandInChatMessage;
    await settle();
    expect(standIns.game.messages!.get(forged.id!)).toBeUndefined();
    expect(messages().at(-1)).toMatch(
      /^warning: An attack card made by Alice was refused and removed: The attack by Sir Aldric on Brigand does not match the fighters/,
    );
  });
});

describe("amputation (ruling R30): the GM marks the limb severed, once", () => {
  it("only on a strike that called for it, only by a GM, once; the victim gets the amputated status", async () => {
    const message = await attackAs(w.alice, w.aldric);
    await scriptDefence(message, IGNORE, { attack: 50, location: 40, impact: 4, shock: 1 });
    await actions.defend(cardId(message), "ignore");
    await settle();
    const resolved = card(message);
    expect(resolved.result).toMatchObject({
      strikes: [{ location: "right-hand", amputationRoll: true }],
    });

    await asUser(w.alice, () => actions.markAmputated(cardId(message), 0));
    expect(messages()).toEqual([
      "warning: Only the Game Master's client can do that. Wait for an active GM.",
    ]);
    await actions.markAmputated(cardId(message), 1);
    expect(messages().at(-1)).toBe("warning: That strike calls for no amputation.");
    expect(statuses(w.brigand)).toEqual([]);

    await actions.markAmputated(cardId(message), 0);
    expect(statuses(w.brigand)).toEqual(["amputated"]);
    expect(card(message)).toMatchObject({
      state: "resolved",
      revision: resolved.revision + 1,
      context: { amputated: [0] },
    });
    await actions.markAmputated(cardId(message), 0);
    expect(messages().at(-1)).toBe(
      "warning: The amputation of Brigand from that strike was already marked.",
    );
  });
});

describe("HM3 on an ordinary 5-ft scene (rulings R37, R43)", () => {
  it("the adjacent foe measures 5 ft, one hex: in HârnMaster Gold weapon reach", async () => {
    await standIns.game.settings.set(
      "blow-by-blow",
      optionalRuleKey("hm3", { id: "weaponReach" }),
      true,
    );
    const grid = (canvasStandIn as unknown as { scene: { grid: Obj } }).scene.grid;
    grid.units = "ft";
    grid.distance = 5;
    const message = await attackAs(w.alice, w.aldric);
    const input = attackPrompt.mock.calls[0]![0];
    expect(input.situation).toMatchObject({ distance: 5, units: "ft" });
    expect(input.options.find((o) => o.itemId === SWORD)!.unavailableKey).toBeUndefined();
    // The defences get the distance in hexes.
    expect(exchangeBuild(card(message)).rules.reach).toEqual({ distance: 1, longReach: false });
    // Two spaces away, 10 ft: two hexes, out of the sword's reach.
    attackPrompt.mockClear();
    await w.tBrigand.document.update({ x: 200 });
    await asUser(w.alice, () =>
      actions.attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid }),
    );
    const far = attackPrompt.mock.calls[0]![0];
    expect(far.situation).toMatchObject({ distance: 10, units: "ft" });
    expect(far.options.find((o) => o.itemId === SWORD)!.unavailableKey).toBeTruthy();
  });
});
