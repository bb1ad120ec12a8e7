/**
 * A whole exchange through the adapter's real entry points, against the stand-ins
 * (docs/foundry-stand-ins.md): the flow wired as `init` wires it (settings, data models, status
 * effects, queries, flow hooks, chat cards, tracker), each client's clicks run as that user
 * (`asUser`), the GM's client answers the players' queries and accepts their cards. Only the
 * dialogs' `prompt` is stubbed (it returns the request a user would submit); the dice are the
 * Foundry Rolls the clicking client rolls, their faces scripted through
 * `CONFIG.Dice.randomUniform`. Everything is asserted on the documents: the exchange card, the
 * actors' items and statuses, the combatants.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  addUser,
  asUser,
  createCombat,
  queryLog,
  setRolePermission,
  setUserActive,
  settle,
  standIns,
  type StandInActor,
  StandInChatMessage,
} from "../stand-ins";
import type { AttackRequest, ChoiceRequest } from "../../../src/core/combat";
import type { Dice } from "../../../src/core/dice";
import {
  completeChoiceRolls,
  replayExchange,
  rollOwnSide,
  type ExchangeCard,
} from "../../../src/core/flow";
import type { Side } from "../../../src/core/ruleset";
import {
  applyFailedLines,
  handSetLines,
  readAttackContext,
} from "../../../src/foundry/chat/card-lines";
import { localizeTree } from "../../../src/foundry/chat/text";
import {
  apply,
  attack,
  defend,
  QUERY_TIMEOUT_MS,
  takeAdvantage,
} from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { sweepDeclared } from "../../../src/foundry/combat/flow-hooks";
import { QUERY, QUERY_HANDLERS, runStep } from "../../../src/foundry/combat/queries";
import { exchangeBuild } from "../../../src/foundry/combat/query-common";
import { worldOptions, type ApplyMode } from "../../../src/foundry/combat/settings";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { cardOf, cardSource } from "../../../src/foundry/data/chat-message/exchange";
import { fightingRuleset, foundryRuleset } from "../../../src/foundry/rulesets";
import {
  cardId,
  planningDice,
  scriptDice,
  resetFlow,
  stubAttack,
  world,
  type DicePlan,
  type World,
} from "./fixtures";

type Obj = Record<string, unknown>;

const SWORD = "wpSword000000001";
const SHIELD = "wpShield00000001";

beforeEach(resetFlow);

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

async function setApplyMode(mode: ApplyMode): Promise<void> {
  await standIns.game.settings.set("blow-by-blow", "applyMode", mode);
}

function messageOf(id: string): StandInChatMessage {
  const m = standIns.game.messages!.get(id);
  if (!m) throw new Error(`no message ${id}`);
  return m as StandInChatMessage;
}

function card(id: string): ExchangeCard {
  return cardOf(messageOf(id).system);
}

/** The defence dialog submits `request`. */
function stubDefence(request: ChoiceRequest): void {
  vi.spyOn(DefenceDialog, "prompt").mockResolvedValue(request);
}

const block: ChoiceRequest = {
  optionId: "block",
  itemId: SHIELD,
  mode: null,
  aim: null,
  custom: [],
};
const dodge: ChoiceRequest = { optionId: "dodge", itemId: null, mode: null, aim: null, custom: [] };
const counterstrike: ChoiceRequest = {
  optionId: "counterstrike",
  itemId: SWORD,
  mode: "edge",
  aim: "mid",
  custom: [],
};

/**
 * Scripts the faces the Foundry Rolls will show so that the defence step's named rolls come out
 * as `plan` says, in the order the clients roll them: a GM who clicks rolls every die of the
 * step; a player's client rolls only its own side's dice and the active GM's client the rest
 * afterwards (architecture §2.6). The same pure functions the clients run are run here on
 * planning dice to learn that order.
 */
async function scriptChoice(
  messageId: string,
  chooser: StandInActor,
  request: ChoiceRequest,
  plan: DicePlan,
  clicker: "gm" | "player" = "gm",
): Promise<void> {
  const c = card(messageId);
  const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const value = fr.combat.buildChoice(
    pending!,
    exchangeBuild(c),
    fighterSnapshot(chooser as unknown as ActorLike),
    request,
  );
  const choice = fr.ruleset.parseChoice(state, value);
  const planning = planningDice(plan);
  if (clicker === "gm") fr.ruleset.choose(state, choice, planning);
  else {
    const planRoll = async (name: string, count: number, sides: number) =>
      planning.roll(name, count, sides);
    const step = (dice: Dice) => fr.ruleset.choose(state, choice, dice);
    const own = await rollOwnSide(fr.ruleset, pending!.by, false, step, planRoll);
    const owns = { attacker: pending!.by === "attacker", defender: pending!.by === "defender" };
    await completeChoiceRolls(
      fr.ruleset,
      c,
      { revision: c.revision, kind: pending!.kind, value, request, rolls: own },
      { userId: "player", isGM: false, owns },
      planRoll,
    );
  }
  scriptDice(planning.faces);
}

interface Strike {
  by: Side;
  location: string;
  injury: string;
  injuryLevel: number;
  shock: { failed: boolean } | null;
}
interface Result {
  result: string;
  strikes: Strike[];
  effects: {
    type: string;
    to: Side;
    condition?: string;
    severityKey?: string;
    location?: string;
  }[];
}
const resultOf = (id: string): Result => card(id).result as unknown as Result;

function injuries(actor: StandInActor): { name: string; hm3: Obj }[] {
  return actor.items
    .filter((i) => i.type === "injury")
    .map((i) => ({ name: i.name!, hm3: (i.system as unknown as { hm3: Obj }).hm3 }));
}

const warnings = (): string[] =>
  standIns.notifications.messages.filter((n) => n.type === "warning").map((n) => n.message);
const format = (key: string, data: Record<string, string> = {}): string =>
  standIns.game.i18n.format(key, data);

/** Alice attacks the Brigand with Sir Aldric's sword; the card as created on her client. */
async function aliceAttacks(w: World): Promise<StandInChatMessage> {
  stubAttack();
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
  );
  expect(message).not.toBeNull();
  return message as unknown as StandInChatMessage;
}

/** The GM attacks Sir Aldric with the Brigand's sword. */
async function gmAttacks(w: World): Promise<StandInChatMessage> {
  stubAttack();
  const message = await attack({
    actorUuid: w.brigand.uuid,
    tokenUuid: w.tBrigand.document.uuid,
    itemId: SWORD,
  });
  expect(message).not.toBeNull();
  return message as unknown as StandInChatMessage;
}

/** A hit with an injury to the Brigand's thorax: attack CS, block MF (A*2), impact 5 + 3 + 3. */
const HIT: DicePlan = { attack: 5, defence: 96, location: 50, impact: 3, shock: 6 };

// ── 1. A player attacks, the GM defends ──────────────────────────────────────────────────────

describe("a player's attack on the GM's Brigand", () => {
  it("is created by Alice, declared, then accepted by the GM's client", async () => {
    const w = world();
    const message = await aliceAttacks(w);
    expect(message.type).toBe("exchange");
    expect(message.author?.id).toBe(w.alice.id);
    // Created on Alice's client; the GM's client accepts it from its createChatMessage hook.
    expect(standIns.game.messages!.contents).toHaveLength(1);
    await settle();
    const c = card(cardId(message));
    expect(c.state).toBe("awaitingDefence");
    expect(c.revision).toBe(1);
    expect(c.attacker.actorUuid).toBe(w.aldric.uuid);
    expect(c.defender.actorUuid).toBe(w.brigand.uuid);
    expect(c.pending?.by).toBe("defender");
  });

  it("apply mode auto: the GM's block resolves and the injury and failed shock are applied at once", async () => {
    const w = world();
    await setApplyMode("auto");
    const message = await aliceAttacks(w);
    await settle();
    stubDefence(block);
    await scriptChoice(cardId(message), w.brigand, block, HIT);
    await defend(cardId(message), "block");
    await settle();
    const c = card(cardId(message));
    const result = resultOf(cardId(message));
    expect(result.result).toBe("A*2");
    const strike = result.strikes[0]!;
    expect(strike.shock?.failed).toBe(true);
    const injury = result.effects.find((e) => e.type === "injury")!;
    expect(c.state).toBe("applied");
    expect(c.applied?.userId).toBe(w.gm.id);
    const items = injuries(w.brigand);
    expect(items).toHaveLength(1);
    expect(items[0]!.hm3).toMatchObject({
      location: strike.location,
      severity: injury.severityKey,
    });
    expect(items[0]!.hm3.level).toBe(strike.injuryLevel);
    expect(w.brigand.statuses.has("shock")).toBe(true);
    // Alice's knight is untouched.
    expect(injuries(w.aldric)).toEqual([]);
  });

  it("apply mode auto in a running combat: a killing strike marks the Brigand dead and defeated", async () => {
    const w = world();
    await setApplyMode("auto");
    const combat = await createCombat([w.tAldric, w.tBrigand]);
    await combat.startCombat();
    await settle();
    const message = await aliceAttacks(w);
    await settle();
    stubDefence(block);
    // Impact 5 + 6 + 6 = 17 to the unarmoured thorax: K5, the kill (hm3.md).
    await scriptChoice(cardId(message), w.brigand, block, { ...HIT, impact: 6 });
    await defend(cardId(message), "block");
    await settle();
    expect(card(cardId(message)).state).toBe("applied");
    expect(resultOf(cardId(message)).effects).toContainEqual(
      expect.objectContaining({ type: "condition", to: "defender", condition: "dead" }),
    );
    expect(injuries(w.brigand)).toHaveLength(1);
    expect(w.brigand.statuses.has("dead")).toBe(true);
    const brigandCombatant = combat.combatants.find((x) => x.actorId === w.brigand.id)!;
    const aldricCombatant = combat.combatants.find((x) => x.actorId === w.aldric.id)!;
    expect(brigandCombatant.defeated).toBe(true);
    expect(aldricCombatant.defeated).toBe(false);
  });

  it("apply mode ask: nothing applies until the GM's Apply, which acts once", async () => {
    const w = world();
    await setApplyMode("ask");
    const message = await aliceAttacks(w);
    await settle();
    stubDefence(block);
    await scriptChoice(cardId(message), w.brigand, block, HIT);
    await defend(cardId(message), "block");
    await settle();
    expect(card(cardId(message)).state).toBe("resolved");
    expect(injuries(w.brigand)).toEqual([]);
    expect(w.brigand.statuses.size).toBe(0);
    // A player cannot apply.
    await asUser(w.alice, () => apply(cardId(message)));
    expect(card(cardId(message)).state).toBe("resolved");
    expect(warnings().at(-1)).toBe(format("BLOWBYBLOW.Flow.Error.notGM"));
    expect(injuries(w.brigand)).toEqual([]);
    await apply(cardId(message));
    await settle();
    const applied = card(cardId(message));
    expect(applied.state).toBe("applied");
    expect(injuries(w.brigand)).toHaveLength(1);
    expect(w.brigand.statuses.has("shock")).toBe(true);
    // The second click is refused and creates nothing.
    await apply(cardId(message));
    await settle();
    expect(card(cardId(message)).revision).toBe(applied.revision);
    expect(injuries(w.brigand)).toHaveLength(1);
    expect(warnings().at(-1)).toBe(format("BLOWBYBLOW.Flow.Error.alreadyApplied"));
  });

  it("apply mode report: the result is shown and nothing is applied", async () => {
    const w = world();
    await setApplyMode("report");
    const message = await aliceAttacks(w);
    await settle();
    stubDefence(block);
    await scriptChoice(cardId(message), w.brigand, block, HIT);
    await defend(cardId(message), "block");
    await settle();
    expect(card(cardId(message)).state).toBe("resolved");
    expect(resultOf(cardId(message)).effects.some((e) => e.type === "injury")).toBe(true);
    expect(injuries(w.brigand)).toEqual([]);
    expect(w.brigand.statuses.size).toBe(0);
  });
});

// ── 2. The GM attacks, the player defends ────────────────────────────────────────────────────

describe("the GM's attack on Alice's Sir Aldric", () => {
  it("Alice defends through the query; the GM's client resolves it", async () => {
    const w = world();
    const message = await gmAttacks(w);
    await settle();
    expect(card(cardId(message)).state).toBe("awaitingDefence");
    stubDefence(dodge);
    await scriptChoice(cardId(message), w.aldric, dodge, { attack: 96, defence: 5 }, "player");
    await asUser(w.alice, () => defend(cardId(message), "dodge"));
    await settle();
    const chooses = queryLog.filter((q) => q.name === QUERY.choose);
    expect(chooses).toHaveLength(1);
    expect(chooses[0]).toMatchObject({ from: w.alice.id, to: w.gm.id });
    const c = card(cardId(message));
    expect(c.state).toBe("resolved");
    expect(c.choices).toHaveLength(1);
  });

  it("Bob, who does not own Sir Aldric, is warned; the card is unchanged and no query is sent", async () => {
    const w = world();
    const message = await gmAttacks(w);
    await settle();
    const before = card(cardId(message));
    stubDefence(dodge);
    await asUser(w.bob, () => defend(cardId(message), "dodge"));
    await settle();
    expect(card(cardId(message))).toEqual(before);
    expect(queryLog.filter((q) => q.name === QUERY.choose)).toEqual([]);
    expect(DefenceDialog.prompt).not.toHaveBeenCalled();
    expect(warnings()).toContain(format("BLOWBYBLOW.Flow.Error.notOwner"));
  });

  it("Alice's second defence click, after the resolution, is refused: one result", async () => {
    const w = world();
    const message = await gmAttacks(w);
    await settle();
    stubDefence(dodge);
    await scriptChoice(cardId(message), w.aldric, dodge, { attack: 96, defence: 5 }, "player");
    await asUser(w.alice, () => defend(cardId(message), "dodge"));
    await settle();
    const resolved = card(cardId(message));
    expect(resolved.state).toBe("resolved");
    await asUser(w.alice, () => defend(cardId(message), "dodge"));
    await settle();
    expect(card(cardId(message))).toEqual(resolved);
    expect(queryLog.filter((q) => q.name === QUERY.choose)).toHaveLength(1);
    expect(warnings().at(-1)).toBe(format("BLOWBYBLOW.Flow.Error.wrongState"));
  });
});

// ── 2b. The query refused or unanswered (v13's QUERY_USER permission, query timeouts) ─────────

/** The request messages (`flags["blow-by-blow"].request`) in the log. */
const requests = (): StandInChatMessage[] =>
  standIns.game.messages!.contents.filter(
    (m) => (m.flags?.["blow-by-blow"] as { request?: unknown } | undefined)?.request,
  );

describe("a player's defence when the query cannot reach the GM", () => {
  it("a world that took Query Users from players: Alice is told why; nothing is sent or changed", async () => {
    const w = world();
    const message = await gmAttacks(w);
    await settle();
    setRolePermission("QUERY_USER", []);
    expect(w.alice.hasPermission("QUERY_USER")).toBe(false);
    expect(w.gm.hasPermission("QUERY_USER")).toBe(true); // a required role keeps it
    const before = card(cardId(message));
    stubDefence(dodge);
    await asUser(w.alice, () => defend(cardId(message), "dodge"));
    await settle();
    expect(warnings().at(-1)).toBe(format("BLOWBYBLOW.Combat.Error.queryPermission"));
    expect(queryLog).toEqual([]);
    expect(requests()).toEqual([]);
    expect(card(cardId(message))).toEqual(before);
  });

  it("Alice's own grant of Query Users (User permissions) overrides her role's: the defence goes through", async () => {
    const w = world();
    const message = await gmAttacks(w);
    await settle();
    setRolePermission("QUERY_USER", []);
    w.alice.permissions.QUERY_USER = true;
    stubDefence(dodge);
    await scriptChoice(cardId(message), w.aldric, dodge, { attack: 96, defence: 5 }, "player");
    await asUser(w.alice, () => defend(cardId(message), "dodge"));
    await settle();
    expect(queryLog.filter((q) => q.name === QUERY.choose)).toHaveLength(1);
    expect(card(cardId(message)).state).toBe("resolved");
  });

  it("a GM's client that does not answer within the timeout: Alice is told to check the card", async () => {
    const w = world();
    const message = await gmAttacks(w);
    await settle();
    stubDefence(dodge);
    await scriptChoice(cardId(message), w.aldric, dodge, { attack: 96, defence: 5 }, "player");
    // The GM's client is busy: its handler answers only when released.
    let release!: () => void;
    const busy = new Promise<void>((resolve) => (release = resolve));
    const real = QUERY_HANDLERS[QUERY.choose];
    standIns.CONFIG.queries[QUERY.choose] = async (data: unknown) => {
      await busy;
      return real(data);
    };
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const click = asUser(w.alice, () => defend(cardId(message), "dodge"));
      await vi.advanceTimersByTimeAsync(QUERY_TIMEOUT_MS - 1);
      expect(warnings()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await click;
    } finally {
      vi.useRealTimers();
    }
    expect(warnings().at(-1)).toBe(
      format("BLOWBYBLOW.Combat.Error.queryTimeout", {
        seconds: String(QUERY_TIMEOUT_MS / 1000),
      }),
    );
    expect(card(cardId(message)).state).toBe("awaitingDefence");
    // The GM's client answers late: the step is done there, once.
    release();
    await settle();
    expect(card(cardId(message)).state).toBe("resolved");
    expect(queryLog.filter((q) => q.name === QUERY.choose)).toHaveLength(1);
  });
});

// ── 3. No GM connected ───────────────────────────────────────────────────────────────────────

describe("with no GM connected", () => {
  it("the card waits, declared; a defence is refused; the GM's ready sweep accepts it", async () => {
    const w = world();
    await setUserActive(w.gm, false);
    const message = await aliceAttacks(w);
    await settle();
    expect(card(cardId(message)).state).toBe("declared");
    expect(card(cardId(message)).revision).toBe(0);
    expect(standIns.notifications.messages.map((n) => n.message)).toContain(
      format("BLOWBYBLOW.Combat.Info.waitingForGM"),
    );
    stubDefence(block);
    await asUser(w.alice, () => defend(cardId(message), "block"));
    expect(DefenceDialog.prompt).not.toHaveBeenCalled();
    expect(warnings().at(-1)).toBe(format("BLOWBYBLOW.Flow.Error.wrongState"));
    expect(card(cardId(message)).state).toBe("declared");
    expect(queryLog).toEqual([]);

    // The GM connects: the other clients hear userConnected; the GM's client sweeps at ready.
    await setUserActive(w.gm, true);
    await settle();
    await asUser(w.gm, () => standIns.Hooks.callAll("ready"));
    await settle();
    const c = card(cardId(message));
    expect(c.state).toBe("awaitingDefence");
    expect(c.revision).toBe(1);
  });
});

// ── 4. Tampering ─────────────────────────────────────────────────────────────────────────────

/** A killing injury to the skull that no dice rolled. */
const FAKE_EFFECTS = [
  {
    type: "injury",
    to: "defender",
    location: "skull",
    severityKey: "K",
    level: 5,
    data: { code: "K5" },
  },
  { type: "condition", to: "defender", condition: "dead", cause: "kill" },
];

describe("a consequence that cannot be applied (review m1)", () => {
  it("is listed on the card for the GM to make by hand; the rest is applied, once", async () => {
    const w = world();
    await setApplyMode("ask");
    const message = await aliceAttacks(w);
    await settle();
    stubDefence(block);
    await scriptChoice(cardId(message), w.brigand, block, HIT);
    await defend(cardId(message), "block");
    await settle();
    const injury = resultOf(cardId(message)).effects.find((e) => e.type === "injury")!;
    expect(injury).toBeDefined();
    const create = vi
      .spyOn(w.brigand, "createEmbeddedDocuments")
      .mockRejectedValueOnce(new Error("the server refused"));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await apply(cardId(message));
    await settle();
    create.mockRestore();
    error.mockRestore();
    const c = card(cardId(message));
    expect(c.state).toBe("applied");
    expect(injuries(w.brigand)).toEqual([]);
    // The shock status still landed.
    expect(w.brigand.statuses.has("shock")).toBe(true);
    const failed = c.context.applyFailed as { op: string; side: string; detail: string }[];
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ op: "createItem", side: "defender" });
    expect(failed[0]!.detail).toMatch(/wound/);
    const i18n = standIns.game.i18n;
    const lines = localizeTree(
      applyFailedLines(c, readAttackContext(c)),
      (k) => i18n.localize(k),
      (k, d) => i18n.format(k, d as Record<string, string>),
    );
    expect(lines).toEqual([
      `Not applied (make it by hand): the injury ${failed[0]!.detail} on Brigand.`,
    ]);
    // Apply acts once: a second click is refused and adds nothing.
    await apply(cardId(message));
    await settle();
    expect(injuries(w.brigand)).toEqual([]);
    expect(warnings().at(-1)).toBe(format("BLOWBYBLOW.Flow.Error.alreadyApplied"));
  });
});

describe("the situation set by hand (review m3)", () => {
  it("the GM's client measures on its map; the card says where the request differs", async () => {
    const w = world();
    vi.spyOn(AttackDialog, "prompt").mockImplementation((input) =>
      Promise.resolve({
        itemId: SWORD,
        mode: "edge",
        aim: "mid",
        band: null,
        situation: { ...input.situation, engagingDefender: 4, defenderProne: true },
        custom: [],
      }),
    );
    const message = await asUser(w.alice, () =>
      attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
    );
    await settle();
    const c = card(cardId(message as unknown as StandInChatMessage));
    expect(c.state).toBe("awaitingDefence");
    const request = c.context.request as { situation: Obj };
    expect(request.situation).toMatchObject({ engagingDefender: 4, defenderProne: true });
    expect(c.context.measured).toEqual({
      engagingDefender: 1,
      defenderProne: false,
      distance: request.situation.distance,
      // HM3 reads the scene's units (ruling R43); this grid names none: hexes.
      units: "",
    });
    const i18n = standIns.game.i18n;
    const lines = localizeTree(
      handSetLines(readAttackContext(c)),
      (k) => i18n.localize(k),
      (k, d) => i18n.format(k, d as Record<string, string>),
    );
    expect(lines).toEqual([
      "Set by hand: 4 engaging the defender (the GM's map shows 1).",
      "Set by hand: defender prone yes (the GM's map: no).",
    ]);
  });

  it("as measured: nothing is kept and nothing said", async () => {
    const w = world();
    const message = await aliceAttacks(w);
    await settle();
    const c = card(cardId(message));
    expect(c.context.measured).toBeUndefined();
    expect(handSetLines(readAttackContext(c))).toEqual([]);
  });
});

describe("the re-review's findings", () => {
  it("a second GM's client (an assistant) answers no step: only the active GM's decides (finding 1)", async () => {
    const w = world();
    const asa = addUser({ name: "Asa", role: 3, active: true });
    expect(standIns.game.users.activeGM?.id).toBe(w.gm.id);
    const message = await gmAttacks(w);
    await settle();
    const before = card(cardId(message));
    const outcome = await asUser(asa, () =>
      runStep(QUERY.apply, asa as never, { messageId: cardId(message), revision: 1 }),
    );
    expect(outcome).toMatchObject({ ok: false, code: "notGM" });
    const accept = await asUser(asa, () =>
      QUERY_HANDLERS[QUERY.declared]({ messageId: cardId(message) }),
    );
    expect(accept).toMatchObject({ ok: false, code: "notGM" });
    expect(card(cardId(message))).toEqual(before);
  });

  it("accepting is idempotent: after a failed delete, the next sweep makes no second card (finding 1)", async () => {
    const w = world();
    setUserActive(w.gm, false);
    const message = await aliceAttacks(w);
    setUserActive(w.gm, true);
    const del = vi.spyOn(message, "delete").mockRejectedValueOnce(new Error("server busy"));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    asUser(w.gm, () => standIns.Hooks.callAll("ready"));
    await settle();
    // The GM's card was made; the player's is still there (its delete failed).
    const exchanges = () => standIns.game.messages!.contents.filter((m) => m.type === "exchange");
    expect(exchanges()).toHaveLength(2);
    del.mockRestore();
    // The next sweep (`ready` runs once; a GM connecting runs it again).
    await asUser(w.gm, () => sweepDeclared());
    await settle();
    error.mockRestore();
    expect(exchanges()).toHaveLength(1);
    expect(exchanges()[0]!.author?.id).toBe(w.gm.id);
    expect(card(exchanges()[0]!.id!).state).toBe("awaitingDefence");
  });

  it("a card whose attacker is its defender is refused (finding 3)", async () => {
    const w = world();
    setUserActive(w.gm, false);
    const honest = card((await aliceAttacks(w)).id!);
    setUserActive(w.gm, true);
    // An honest declaration of Aldric against himself (his figures on both sides).
    const fr = fightingRuleset(foundryRuleset("hm3")!);
    const snap = fighterSnapshot(w.aldric as unknown as ActorLike);
    const build = fr.combat.buildDeclaration(
      snap,
      snap,
      honest.context.request as AttackRequest,
      worldOptions("hm3"),
    );
    const self = await asUser(w.alice, async () => {
      const m = await StandInChatMessage.create({
        type: "exchange",
        system: cardSource({
          ...honest,
          declaration: build.declaration as ExchangeCard["declaration"],
          context: { request: honest.context.request, rules: build.rules },
          defender: { ...honest.attacker, tokenUuid: null },
          attacker: { ...honest.attacker, tokenUuid: null },
        }),
      });
      return m as unknown as StandInChatMessage;
    });
    await settle();
    expect(standIns.game.messages!.get(self.id!)).toBeUndefined();
    expect(warnings().some((x) => x.includes("cannot attack itself"))).toBe(true);
  });

  it("the GM's card names the actors and tokens it resolved, and a token that is no token is refused (finding 4)", async () => {
    const w = world();
    setUserActive(w.gm, false);
    const m = await aliceAttacks(w);
    const honest = card(m.id!);
    await m.delete();
    setUserActive(w.gm, true);
    // The attacker's actor named as the Brigand, its token Aldric's: the token decides.
    const forged = await asUser(w.alice, async () => {
      const x = await StandInChatMessage.create({
        type: "exchange",
        system: cardSource({
          ...honest,
          attacker: { ...honest.attacker, actorUuid: w.brigand.uuid, name: "Someone" },
        }),
      });
      return x as unknown as StandInChatMessage;
    });
    await settle();
    const accepted = card(cardId(forged));
    expect(accepted.attacker).toEqual({
      actorUuid: w.aldric.uuid,
      tokenUuid: w.tAldric.document.uuid,
      name: "Sir Aldric",
    });
    const badToken = await asUser(w.alice, async () => {
      const x = await StandInChatMessage.create({
        type: "exchange",
        system: cardSource({
          ...honest,
          defender: {
            ...honest.defender,
            tokenUuid: w.tBrigand.document.uuid.replace(/Token\.[^.]+$/, "Token.abcdefghijklmnop"),
          },
        }),
      });
      return x as unknown as StandInChatMessage;
    });
    await settle();
    expect(standIns.game.messages!.get(badToken.id!)).toBeUndefined();
    expect(warnings().at(-1)).toContain("is not a token");
  });

  it("the sweep leaves a recent request alone and removes an old one (finding 7)", async () => {
    const w = world();
    const make = (timestamp: number) =>
      asUser(w.alice, async () => {
        const x = await StandInChatMessage.create({
          content: "request",
          whisper: [w.gm.id],
          timestamp,
          flags: { "blow-by-blow": { request: { query: QUERY.choose, data: {} } } },
        });
        return x as unknown as StandInChatMessage;
      });
    const recent = await make(Date.now());
    const old = await make(Date.now() - 10 * 60_000);
    asUser(w.gm, () => standIns.Hooks.callAll("ready"));
    await settle();
    expect(standIns.game.messages!.get(recent.id!)).toBeDefined();
    expect(standIns.game.messages!.get(old.id!)).toBeUndefined();
  });
});

describe("cards a player writes (review B1, B2)", () => {
  /** Creates an exchange message as Alice with `system` (a console or modified client). */
  const aliceCreates = (w: World, system: ExchangeCard): Promise<StandInChatMessage> =>
    asUser(w.alice, async () => {
      const m = await StandInChatMessage.create({ type: "exchange", system: cardSource(system) });
      return m as unknown as StandInChatMessage;
    });

  /** An honest card Alice's client would declare (taken while no GM is connected). */
  async function honestDeclared(w: World): Promise<ExchangeCard> {
    setUserActive(w.gm, false);
    const message = await aliceAttacks(w);
    setUserActive(w.gm, true);
    const c = card(message.id!);
    await message.delete();
    return c;
  }

  it("Alice cannot rewrite the accepted card: the GM wrote it", async () => {
    const w = world();
    await setApplyMode("ask");
    const message = await aliceAttacks(w);
    await settle();
    const accepted = messageOf(cardId(message));
    expect(accepted.author?.id).toBe(w.gm.id);
    const before = card(accepted.id!);
    const fake = { result: "A*4", strikes: [], effects: FAKE_EFFECTS };
    await expect(
      asUser(w.alice, () =>
        accepted.update({
          system: { state: "resolved", revision: 7, result: JSON.stringify(fake) },
        }),
      ),
    ).rejects.toThrow();
    expect(card(accepted.id!)).toEqual(before);
  });

  it("a declared card carrying the defender's choice and dice is refused and removed, nothing applied", async () => {
    const w = world();
    await setApplyMode("auto");
    const honest = await honestDeclared(w);
    // Alice picks Ignore for the Brigand and the dice: a kill to the thorax.
    const forged: ExchangeCard = {
      ...honest,
      choices: [
        {
          by: "defender",
          kind: "defence",
          value: { type: "ignore" },
          userId: w.alice.id,
          request: null,
        },
      ] as ExchangeCard["choices"],
    };
    const m = await aliceCreates(w, forged);
    await settle();
    expect(standIns.game.messages!.get(m.id!)).toBeUndefined();
    expect(standIns.game.messages!.contents.filter((x) => x.type === "exchange")).toEqual([]);
    expect(injuries(w.brigand)).toEqual([]);
    expect(warnings().at(-1)).toContain("was refused and removed");
  });

  it("a declared card with an advantage claimed or an amputation marked ahead is refused", async () => {
    const w = world();
    const honest = await honestDeclared(w);
    const claimed = await aliceCreates(w, {
      ...honest,
      advantages: { attacker: w.alice.id },
    });
    await settle();
    expect(standIns.game.messages!.get(claimed.id!)).toBeUndefined();
    // An amputation note in the context is not kept: the GM's card is made afresh.
    const amputated = await aliceCreates(w, {
      ...honest,
      context: { ...honest.context, amputated: [0], itemName: "Vorpal blade" },
    });
    await settle();
    const accepted = card(cardId(amputated));
    expect(accepted.state).toBe("awaitingDefence");
    expect(accepted.context).toEqual({
      request: honest.context.request,
      rules: honest.context.rules,
    });
  });

  it("a card Alice creates already resolved is unverified: no Apply, nothing applied", async () => {
    const w = world();
    await setApplyMode("ask");
    const honest = await honestDeclared(w);
    const forged = await aliceCreates(w, {
      ...honest,
      state: "resolved",
      revision: 2,
      result: { ruleset: "hm3", result: "A*4", strikes: [], effects: FAKE_EFFECTS },
    } as unknown as ExchangeCard);
    await settle();
    // Not accepted (not declared), still Alice's, so the GM's steps refuse it.
    expect(messageOf(forged.id!).author?.id).toBe(w.alice.id);
    await apply(forged.id!);
    await settle();
    expect(injuries(w.brigand)).toEqual([]);
    expect(w.brigand.statuses.size).toBe(0);
    expect(warnings().at(-1)).toBe(format("BLOWBYBLOW.Combat.Error.unverified", { user: "Alice" }));
    // Even past the client's own check, the GM's step refuses it.
    const outcome = await runStep(QUERY.apply, standIns.game.user, {
      messageId: forged.id!,
      revision: 2,
    });
    expect(outcome).toMatchObject({ ok: false, code: "unverified" });
    expect(card(forged.id!).state).toBe("resolved");
    expect(injuries(w.brigand)).toEqual([]);
  });

  it("a card Alice creates awaiting the defence gets no defence: unverified", async () => {
    const w = world();
    const honest = await honestDeclared(w);
    const forged = await aliceCreates(w, { ...honest, state: "awaitingDefence", revision: 1 });
    await settle();
    stubDefence(block);
    await defend(forged.id!, "block");
    await settle();
    expect(card(forged.id!).choices).toEqual([]);
    expect(warnings().at(-1)).toBe(format("BLOWBYBLOW.Combat.Error.unverified", { user: "Alice" }));
  });

  it("a forged result on the GM's card is never applied: the GM applies the replayed effects", async () => {
    const w = world();
    await setApplyMode("ask");
    const message = await aliceAttacks(w);
    await settle();
    stubDefence(block);
    await scriptChoice(cardId(message), w.brigand, block, HIT);
    await defend(cardId(message), "block");
    await settle();
    const real = resultOf(cardId(message));
    const forged = { ...real, effects: [...real.effects, ...FAKE_EFFECTS] };
    // Only a GM could write this (a GM's macro, say): the replay still decides.
    await messageOf(cardId(message)).update({ system: { result: JSON.stringify(forged) } });
    expect(resultOf(cardId(message)).effects).toHaveLength(real.effects.length + 2);
    await apply(cardId(message));
    await settle();
    expect(card(cardId(message)).state).toBe("applied");
    const items = injuries(w.brigand);
    expect(items).toHaveLength(1);
    expect(items[0]!.hm3.location).toBe(real.strikes[0]!.location);
    expect(items[0]!.hm3.location).not.toBe("skull");
    expect(w.brigand.statuses.has("dead")).toBe(false);
    expect(w.brigand.statuses.has("shock")).toBe(true);
  });
});

// ── 5. Counterstrike ─────────────────────────────────────────────────────────────────────────

describe("a counterstrike where both strike", () => {
  it("resolves and applies both strikes: each fighter gets an injury", async () => {
    const w = world();
    await setApplyMode("auto");
    const message = await aliceAttacks(w);
    await settle();
    stubDefence(counterstrike);
    await scriptChoice(cardId(message), w.brigand, counterstrike, {
      attack: 5,
      defence: 5,
      location: 50,
      impact: 6,
      shock: 1,
    });
    await defend(cardId(message), "counterstrike");
    await settle();
    const result = resultOf(cardId(message));
    expect(result.result).toMatch(/^B\*\d$/);
    expect(result.strikes.map((s) => s.by)).toEqual(["attacker", "defender"]);
    expect(card(cardId(message)).state).toBe("applied");
    expect(injuries(w.brigand)).toHaveLength(1);
    expect(injuries(w.aldric)).toHaveLength(1);
    expect(injuries(w.aldric)[0]!.hm3.location).toBe(result.strikes[1]!.location);
  });
});

// ── 6. Tactical advantage ────────────────────────────────────────────────────────────────────

describe("tactical advantage", () => {
  /** The GM attacks, Alice dodges: attack MF, dodge CS → DTA. */
  async function dta(w: World): Promise<StandInChatMessage> {
    const message = await gmAttacks(w);
    await settle();
    stubDefence(dodge);
    await scriptChoice(cardId(message), w.aldric, dodge, { attack: 96, defence: 5 }, "player");
    await asUser(w.alice, () => defend(cardId(message), "dodge"));
    await settle();
    expect(resultOf(cardId(message)).result).toBe("DTA");
    vi.restoreAllMocks();
    return message;
  }

  it("the defender's owner claims it once; a second claim is refused", async () => {
    const w = world();
    const message = await dta(w);
    await asUser(w.alice, () => takeAdvantage(cardId(message), "defender"));
    await settle();
    const claimed = card(cardId(message));
    expect(claimed.advantages).toEqual({ defender: w.alice.id });
    await asUser(w.alice, () => takeAdvantage(cardId(message), "defender"));
    await settle();
    expect(card(cardId(message))).toEqual(claimed);
    expect(warnings().at(-1)).toBe(format("BLOWBYBLOW.Flow.Error.advantageTaken"));
    // Bob owns neither side: refused on his client, no query.
    const asked = queryLog.length;
    await asUser(w.bob, () => takeAdvantage(cardId(message), "defender"));
    expect(queryLog).toHaveLength(asked);
  });

  it("in a running combat, a second advantage in the same character turn is refused", async () => {
    const w = world();
    const combat = await createCombat([w.tAldric, w.tBrigand]);
    await combat.startCombat();
    await settle();
    const first = await dta(w);
    await asUser(w.alice, () => takeAdvantage(first.id!, "defender"));
    await settle();
    expect(card(first.id!).advantages).toEqual({ defender: w.alice.id });
    const second = await dta(w);
    await asUser(w.alice, () => takeAdvantage(second.id!, "defender"));
    await settle();
    expect(card(second.id!).advantages).toEqual({});
    expect(warnings().at(-1)).toBe(
      format("BLOWBYBLOW.Combat.Error.turnAdvantage", { name: "Sir Aldric" }),
    );
    const current = combat.combatant as unknown as { system: { advantages: number } };
    expect(current.system.advantages).toBe(1);
  });
});

// ── 7. Initiative ────────────────────────────────────────────────────────────────────────────

describe("initiative", () => {
  it("combat.rollInitiative orders the tracker by Initiative EML, highest first", async () => {
    const w = world();
    const combat = await createCombat([w.tAldric, w.tBrigand]);
    await combat.rollInitiative(combat.combatants.map((c) => c.id!));
    const eml = (a: StandInActor) =>
      (a.system as unknown as { derived: { initiative: { eml: { value: number } } } }).derived
        .initiative.eml.value;
    // Same Initiative ML; Sir Aldric's armour gives him the larger physical penalty.
    expect(eml(w.brigand)).toBeGreaterThan(eml(w.aldric));
    const byName = Object.fromEntries(combat.combatants.map((c) => [c.name, c.initiative]));
    expect(byName).toEqual({ Brigand: eml(w.brigand), "Sir Aldric": eml(w.aldric) });
    expect(combat.turns.map((t) => t.name)).toEqual(["Brigand", "Sir Aldric"]);
  });
});
