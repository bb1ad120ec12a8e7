/**
 * HârnMaster Gold state carried across turns in Foundry (src/foundry/rulesets/hm3/gold-carry.ts;
 * rulings G75-G78) against the stand-ins: in a running combat the active GM's client records on
 * the fighter's actor what a resolved exchange left it (a Dodge without a DTA, seed 000 lines
 * 96-98; the weapon that struck, 000:340-342; a tangle penalty, 000:272 and 278), the next
 * attack or defence the fighter declares carries it as itemised modifiers, the GM's client
 * rebuilds the same declaration, and it ends as the rules say (the attack that spends it, the
 * bearer's turns, the combat's end, the GM's clear button). Outside a combat nothing is recorded.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, createCombat, settle, standIns, type StandInActor } from "../stand-ins";
import type { ChoiceRequest } from "../../../src/core/combat";
import { replayExchange, type ExchangeCard } from "../../../src/core/flow";
import { approveAttack, attack, defend } from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { exchangeBuild } from "../../../src/foundry/combat/query-common";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import {
  decorateTracker,
  type CombatLike,
  type ElementLike,
} from "../../../src/foundry/combat/tracker";
import { cardOf } from "../../../src/foundry/data/chat-message/exchange";
import { fightingRuleset, foundryRuleset } from "../../../src/foundry/rulesets";
import { HM3_FOUNDRY } from "../../../src/foundry/rulesets/hm3";
import {
  CARRY_KEYS,
  carryUpdate,
  settledExchange,
  storedCarry,
} from "../../../src/foundry/rulesets/hm3/gold-carry";
import { parseDeclaration } from "../../../src/rules/hm3";
import {
  cardId,
  planningDice,
  resetFlow,
  scriptDice,
  stubAttack,
  world,
  type DicePlan,
  type World,
} from "./fixtures";

const SWORD = "wpSword000000001";
const SHIELD = "wpShield00000001";
type Obj = Record<string, unknown>;

beforeEach(resetFlow);

const setOption = (id: string, on = true) =>
  standIns.game.settings.set("blow-by-blow", `hm3.${id}`, on as never);

const card = (id: string): ExchangeCard => cardOf(standIns.game.messages!.get(id)!.system);

const dodge: ChoiceRequest = { optionId: "dodge", itemId: null, mode: null, aim: null, custom: [] };
const block: ChoiceRequest = {
  optionId: "block",
  itemId: SHIELD,
  mode: null,
  aim: null,
  custom: [],
};

/** The GM's client defends the card with `request`, the dice coming out as `plan` says. */
async function gmDefends(
  messageId: string,
  chooser: StandInActor,
  request: ChoiceRequest,
  plan: DicePlan,
) {
  const c = card(messageId);
  const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const value = fr.combat.buildChoice(
    pending!,
    exchangeBuild(c),
    fighterSnapshot(chooser as unknown as ActorLike),
    request,
  );
  const planning = planningDice(plan);
  fr.ruleset.choose(state, fr.ruleset.parseChoice(state, value), planning);
  scriptDice(planning.faces);
  vi.spyOn(DefenceDialog, "prompt").mockResolvedValue(request);
  await defend(messageId, request.optionId);
  await settle();
}

/** The Brigand (the GM's) attacks Sir Aldric, who dodges and wins no DTA (attack CS, dodge CF). */
async function brigandAttacksAldricDodges(w: World): Promise<string> {
  stubAttack();
  const message = await attack({
    actorUuid: w.brigand.uuid,
    tokenUuid: w.tBrigand.document.uuid,
    itemId: SWORD,
  });
  await settle();
  const id = cardId(message as never);
  await gmDefends(id, w.aldric, dodge, { attack: 5, defence: 100, location: 50, impact: 1 });
  expect(card(id).state).toBe("resolved");
  return id;
}

/** Alice attacks the Brigand with Sir Aldric's sword; the card's parsed declaration. */
async function aliceAttacks(w: World) {
  stubAttack();
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
  );
  await settle();
  expect(message).not.toBeNull();
  const id = cardId(message as never);
  const c = card(id);
  return { id, raw: c.declaration as Obj, decl: parseDeclaration(c.declaration) };
}

async function startCombat(w: World) {
  const combat = await createCombat([w.tAldric, w.tBrigand]);
  await combat.startCombat();
  await settle();
  const of = (a: StandInActor) => combat.combatants.find((x) => x.actorId === a.id)!;
  return { combat, aldric: of(w.aldric), brigand: of(w.brigand) };
}

const goldMods = (decl: ReturnType<typeof parseDeclaration>) =>
  decl.attack.target.modifiers.filter((m) => m.key.startsWith("gold."));

describe("a Dodge carried to the dodger's next attack (000:96-98; G75)", () => {
  it("recorded from the result, applied to the next attack as −20, then spent", async () => {
    await setOption("dodging");
    const w = world();
    const { combat } = await startCombat(w);
    await brigandAttacksAldricDodges(w);
    expect(storedCarry(w.aldric)).toEqual({ combat: combat.id, dodged: { armed: false } });
    expect(storedCarry(w.brigand)).toBeNull();

    const { id, decl } = await aliceAttacks(w);
    // The GM's client rebuilt the same declaration (the card is the GM's, awaiting the defence).
    expect(card(id).state).toBe("awaitingDefence");
    expect(goldMods(decl)).toEqual([
      { key: "gold.dodged", value: -20, source: "seed 000 line 97" },
    ]);
    await gmDefends(id, w.brigand, block, { attack: 50, defence: 50 });
    expect(storedCarry(w.aldric)).toBeNull();
    // The next attack after it is plain again.
    expect(goldMods((await aliceAttacks(w)).decl)).toEqual([]);
  });

  it("not applied when another fighter attacks, nor with the option off", async () => {
    await setOption("dodging");
    const w = world();
    await startCombat(w);
    await brigandAttacksAldricDodges(w);
    // The Brigand's next attack takes nothing of Sir Aldric's Dodge.
    stubAttack();
    const other = await attack({
      actorUuid: w.brigand.uuid,
      tokenUuid: w.tBrigand.document.uuid,
      itemId: SWORD,
    });
    await settle();
    expect(goldMods(parseDeclaration(card(cardId(other as never)).declaration))).toEqual([]);
    // The option turned off: Sir Aldric's attack takes no −20 (a row would be refused).
    await setOption("dodging", false);
    expect(storedCarry(w.aldric)?.dodged).toEqual({ armed: false });
    expect(goldMods((await aliceAttacks(w)).decl)).toEqual([]);
  });

  it("records nothing with the option off, nor outside a combat", async () => {
    const w = world();
    await startCombat(w);
    await brigandAttacksAldricDodges(w);
    expect(storedCarry(w.aldric)).toBeNull();

    resetFlow();
    await setOption("dodging");
    const w2 = world();
    await brigandAttacksAldricDodges(w2);
    expect(storedCarry(w2.aldric)).toBeNull();
  });

  it("lapses at the end of the dodger's following turn; the combat's end clears it", async () => {
    await setOption("dodging");
    const w = world();
    const { combat, aldric } = await startCombat(w);
    await brigandAttacksAldricDodges(w);
    const turn = (event: "turnStart" | "turnEnd") => HM3_FOUNDRY.turnEvent(combat, aldric, event);
    await turn("turnStart");
    expect(storedCarry(w.aldric)?.dodged).toEqual({ armed: true });
    await turn("turnEnd");
    expect(storedCarry(w.aldric)).toBeNull();

    await brigandAttacksAldricDodges(w);
    expect(storedCarry(w.aldric)).not.toBeNull();
    await combat.delete();
    await settle();
    expect(storedCarry(w.aldric)).toBeNull();
  });
});

describe("strike recovery carried to the same weapon's next strike (000:340-342; G76)", () => {
  it("the sword that struck strikes again at min(Attack, Defence) until Aldric's next turn", async () => {
    await setOption("strikeRecovery");
    const w = world();
    const { combat, aldric } = await startCombat(w);
    const first = await aliceAttacks(w);
    expect(goldMods(first.decl)).toEqual([]);
    await gmDefends(first.id, w.brigand, block, { attack: 50, defence: 50 });
    expect(storedCarry(w.aldric)).toEqual({ combat: combat.id, recovery: { items: [SWORD] } });
    // A second strike with it (a tactical advantage): the recovery, as the engine computes it.
    const second = await aliceAttacks(w);
    const mods = goldMods(second.decl);
    expect(mods.map((m) => [m.key, m.source])).toEqual([
      ["gold.strikeRecovery", "seed 000 lines 340-342"],
    ]);
    expect(mods[0]!.value).toBeLessThan(0);
    // Sir Aldric's next turn starts: the recovery is over.
    await HM3_FOUNDRY.turnEvent(combat, aldric, "turnStart");
    expect(storedCarry(w.aldric)).toBeNull();
  });
});

describe("a double strike's two weapons both recorded for strike recovery (000:340-342; G76)", () => {
  it("Aldric's double strike with sword and shield: both items carried until his next turn", async () => {
    await setOption("strikeRecovery");
    await setOption("pairedWeapons");
    const w = world();
    const { combat, aldric } = await startCombat(w);
    vi.spyOn(AttackDialog, "prompt").mockImplementation((input) =>
      Promise.resolve({
        itemId: SWORD,
        mode: "edge",
        aim: "mid",
        band: null,
        situation: input.situation,
        custom: [],
        catalog: [{ id: "doubleStrike" }],
      }),
    );
    const message = await asUser(w.alice, () =>
      attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
    );
    await settle();
    const id = cardId(message as never);
    // A catalog row waits for the GM's approval (the flow's rule for declared rows).
    await approveAttack(id, true);
    await settle();
    // The declaration's notes name the off-hand weapon (seed 000 lines 249-262).
    expect((card(id).context.rules as Obj).doubleItemId).toBe(SHIELD);
    expect(((card(id).declaration as Obj).attack as Obj).double).toBeDefined();
    await gmDefends(id, w.brigand, block, { attack: 50, defence: 50 });
    expect(card(id).state).toBe("resolved");
    // Both weapons struck in quick succession (000:340): each is recorded.
    expect(storedCarry(w.aldric)).toEqual({
      combat: combat.id,
      recovery: { items: [SWORD, SHIELD] },
    });
    await HM3_FOUNDRY.turnEvent(combat, aldric, "turnStart");
    expect(storedCarry(w.aldric)).toBeNull();
  });
});

describe("a tangle penalty carried by the tangled fighter (000:272, 278; G77)", () => {
  it("Aldric tangles the Brigand: the rolled penalty is on the Brigand's next attack and defence", async () => {
    await setOption("pairedWeapons");
    const w = world();
    const { combat, brigand } = await startCombat(w);
    vi.spyOn(AttackDialog, "prompt").mockImplementation((input) =>
      Promise.resolve({
        itemId: SWORD,
        mode: "edge",
        aim: "mid",
        band: null,
        situation: input.situation,
        custom: [],
        catalog: [{ id: "tangle", param: "body" }],
      }),
    );
    const message = await asUser(w.alice, () =>
      attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
    );
    await settle();
    const id = cardId(message as never);
    // A catalog row waits for the GM's approval (the flow's rule for declared rows).
    await approveAttack(id, true);
    await settle();
    // Attack CS, Block CF: the attacker strikes, so the tangle succeeds (G59); 5d6 of 3s = 15.
    await gmDefends(id, w.brigand, block, { attack: 5, defence: 100, tangle: 3 });
    expect((card(id).result as { tangle?: { penalty: number } }).tangle?.penalty).toBe(15);
    expect(storedCarry(w.brigand)).toMatchObject({
      combat: combat.id,
      tangled: { penalty: 15, armed: false },
    });
    // The Brigand's next attack: attacker.tangled, itemised −15 (line 278).
    stubAttack();
    const next = await attack({
      actorUuid: w.brigand.uuid,
      tokenUuid: w.tBrigand.document.uuid,
      itemId: SWORD,
    });
    await settle();
    const c = card(cardId(next as never));
    expect(((c.declaration as Obj).attacker as Obj).tangled).toBe(15);
    expect(goldMods(parseDeclaration(c.declaration))).toEqual([
      { key: "gold.tangled", value: -15, source: "seed 000 line 278" },
    ]);
    // Sir Aldric's attack on the tangled Brigand: his defence carries it (defender.tangled).
    stubAttack();
    const third = await asUser(w.alice, () =>
      attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
    );
    await settle();
    const d = card(cardId(third as never)).declaration as Obj;
    expect((d.defender as Obj).tangled).toBe(15);
    expect((d.attacker as Obj).tangled).toBeUndefined();
    // The Brigand's turn starts and ends: the penalty is gone.
    await HM3_FOUNDRY.turnEvent(combat, brigand, "turnStart");
    expect(storedCarry(w.brigand)?.tangled?.armed).toBe(true);
    await HM3_FOUNDRY.turnEvent(combat, brigand, "turnEnd");
    expect(storedCarry(w.brigand)).toBeNull();
  });

  it("reads the tangle of a resolved card (settledExchange)", () => {
    const ex = settledExchange({
      declaration: { options: { pairedWeapons: true } },
      result: {
        attackType: "melee",
        defenceType: "block",
        tacticalAdvantage: "attacker",
        tangle: { success: true, dice: 4, rolls: [3, 3, 3, 4], penalty: 13 },
      },
      context: { request: { itemId: "net" } },
      choices: [],
    } as unknown as ExchangeCard);
    expect(ex).toMatchObject({ tanglePenalty: 13, attackItemId: "net", defenceType: "block" });
  });
});

describe("the tracker line and the GM's clear (G78)", () => {
  it("shows what a combatant carries to everyone; only a GM's click clears it", async () => {
    await setOption("dodging");
    const w = world();
    const { combat, aldric, brigand } = await startCombat(w);
    await brigandAttacksAldricDodges(w);
    const t = HM3_FOUNDRY.tracker;
    const gmLine = t.markup(combat, aldric, true);
    expect(gmLine).toContain(standIns.game.i18n.localize(CARRY_KEYS.dodged));
    expect(gmLine).toContain('data-bbb-tracker-action="clearCarried"');
    expect(t.markup(combat, aldric, false)).not.toContain("data-bbb-tracker-action");
    expect(t.markup(combat, brigand, true)).toBe("");
    // A player's click changes nothing; the GM's clears the state.
    expect(await asUser(w.alice, () => t.action("clearCarried", combat, aldric))).toBe(false);
    expect(storedCarry(w.aldric)).not.toBeNull();
    // The tracker showing this combat re-renders when the flag changes.
    const ui = globalThis as unknown as { ui: { combat?: unknown } };
    const render = vi.fn();
    const before = ui.ui.combat;
    ui.ui.combat = { viewed: combat, render };
    expect(await t.action("clearCarried", combat, aldric)).toBe(true);
    expect(storedCarry(w.aldric)).toBeNull();
    expect(render).toHaveBeenCalled();
    ui.ui.combat = before;
  });

  it("the rendered tracker carries the line and its button clears on a GM's click", async () => {
    await setOption("dodging");
    const w = world();
    const { combat, aldric } = await startCombat(w);
    await brigandAttacksAldricDodges(w);
    // A tracker row: its name element gets the markup; the button is found by its action.
    const clicks: (() => void)[] = [];
    const button = {
      dataset: { bbbTrackerAction: "clearCarried" },
      addEventListener: (_type: "click", listener: (e: object) => void) =>
        clicks.push(() => listener({})),
    };
    const name = { html: "", insertAdjacentHTML: (_p: string, h: string) => (name.html += h) };
    const row = {
      dataset: { combatantId: aldric.id! },
      querySelector: (sel: string) => (sel === ".token-name" ? name : null),
      querySelectorAll: (sel: string) => (sel === "[data-bbb-tracker-action]" ? [button] : []),
    };
    const root = { querySelectorAll: () => [row] };
    decorateTracker(combat as unknown as CombatLike, root as unknown as ElementLike);
    expect(name.html).toContain("bbb-tracker-carried");
    expect(clicks).toHaveLength(1);
    clicks[0]!();
    await settle();
    expect(storedCarry(w.aldric)).toBeNull();
  });

  it("a flag left by a combat that ended is not read into the snapshot", async () => {
    const w = world();
    await w.aldric.update(carryUpdate("combatGone000001", { dodged: { armed: true } }));
    expect(fighterSnapshot(w.aldric as unknown as ActorLike).carried).toBeUndefined();
  });
});
