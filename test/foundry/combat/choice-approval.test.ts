/**
 * Issue 15, a player's defence beyond the world's cap on custom modifiers: held on its card for
 * the GM's approval exactly as an over-cap attack is (src/core/approval.ts `choiceApprovalFor`,
 * combat/steps.ts, combat/approve.ts). First the forged rows are shown to move the Block, then
 * the defence is held (nothing chosen, nothing applied), refused (nothing chosen, the card
 * offers the defence again), and approved (chosen and applied once, however often the buttons
 * are clicked). Against the stand-ins, each click run as its user; the dice scripted.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, queryLog, settle, standIns, type StandInChatMessage } from "../stand-ins";
import type { ChoiceRequest } from "../../../src/core/combat";
import type { Dice } from "../../../src/core/dice";
import {
  completeChoiceRolls,
  replayExchange,
  rollOwnSide,
  type ExchangeCard,
} from "../../../src/core/flow";
import { exchangeCardContext } from "../../../src/foundry/chat/card-context";
import { readAttackContext } from "../../../src/foundry/chat/card-lines";
import { choiceApprovalLines } from "../../../src/foundry/chat/card-lines";
import { localizeTree, type LangText } from "../../../src/foundry/chat/text";
import { approveAttack, attack, defend } from "../../../src/foundry/combat/actions";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { QUERY } from "../../../src/foundry/combat/queries";
import { exchangeBuild, pendingApproval } from "../../../src/foundry/combat/query-common";
import { CUSTOM_CAP_DEFAULT, type ApplyMode } from "../../../src/foundry/combat/settings";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { cardOf } from "../../../src/foundry/data/chat-message/exchange";
import { cardRuleset, fightingRuleset, foundryRuleset } from "../../../src/foundry/rulesets";
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

beforeEach(resetFlow);

const LUCK = [{ label: "luck", value: 100 }];
const honestBlock: ChoiceRequest = {
  optionId: "block",
  itemId: SHIELD,
  mode: null,
  aim: null,
  custom: [],
};
const forgedBlock: ChoiceRequest = { ...honestBlock, custom: LUCK };
/** The Brigand's attack hits (CS), Sir Aldric's Block fails (MF): 17 impact, an injury to apply. */
const HIT: DicePlan = { attack: 5, defence: 96, location: 50, impact: 6, shock: 6 };

const messages = () => standIns.game.messages!;
const card = (id: string): ExchangeCard => cardOf(messages().get(id)!.system);
const warnings = (): string[] =>
  standIns.notifications.messages.filter((n) => n.type === "warning").map((n) => n.message);
const format = (key: string, data: Record<string, string> = {}): string =>
  standIns.game.i18n.format(key, data);
const text = (lines: LangText[]): string[] => {
  const i18n = standIns.game.i18n;
  return localizeTree(
    lines,
    (k) => i18n.localize(k),
    (k, d) => i18n.format(k, d as Record<string, string>),
  ) as string[];
};
const injuries = (w: World) => w.aldric.items.filter((i) => i.type === "injury").length;

/** The GM's Brigand attacks Alice's Sir Aldric; the card waits for Sir Aldric's defence. */
async function gmAttacks(w: World): Promise<string> {
  stubAttack();
  const message = await attack({
    actorUuid: w.brigand.uuid,
    tokenUuid: w.tBrigand.document.uuid,
    itemId: SWORD,
  });
  await settle();
  const id = cardId(message as unknown as StandInChatMessage);
  expect(card(id).state).toBe("awaitingDefence");
  return id;
}

/** Sir Aldric's Block EML as `request` builds it, before the rules' limits (base + modifiers). */
function blockEml(id: string, w: World, request: ChoiceRequest): number {
  const c = card(id);
  const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
  const { pending } = replayExchange(fr.ruleset, c);
  const snapshot = fighterSnapshot(w.aldric as unknown as ActorLike);
  const value = fr.combat.buildChoice(pending!, exchangeBuild(c), snapshot, request);
  const eml = (value as { eml: { base: number; modifiers: { value: number }[] } }).eml;
  return eml.modifiers.reduce((sum, m) => sum + m.value, eml.base);
}

/**
 * Scripts the dice of Sir Aldric's Block as a player's click rolls them: Alice's client rolls
 * the defender's own dice at the click, the GM's client the rest when the choice is made.
 */
async function scriptPlayerBlock(id: string, w: World, request: ChoiceRequest): Promise<void> {
  const c = card(id);
  const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const value = fr.combat.buildChoice(
    pending!,
    exchangeBuild(c),
    fighterSnapshot(w.aldric as unknown as ActorLike),
    request,
  );
  const choice = fr.ruleset.parseChoice(state, value);
  const planning = planningDice(HIT);
  const roll = async (name: string, count: number, sides: number) =>
    planning.roll(name, count, sides);
  const step = (dice: Dice) => fr.ruleset.choose(state, choice, dice);
  const own = await rollOwnSide(fr.ruleset, "defender", false, step, roll);
  await completeChoiceRolls(
    fr.ruleset,
    c,
    { revision: c.revision, kind: pending!.kind, value, request, rolls: own },
    { userId: w.alice.id!, isGM: false, owns: { attacker: false, defender: true } },
    roll,
  );
  scriptDice(planning.faces);
}

/** The card as the GM (or Alice) sees it. */
function view(c: ExchangeCard, isGM: boolean) {
  return exchangeCardContext(
    c,
    {
      isGM,
      owns: { attacker: isGM, defender: !isGM },
      gmOnline: true,
      userId: isGM ? "gm" : "a",
      showDefenceTargets: true,
    },
    cardRuleset(foundryRuleset(c.ruleset)!),
    { applyMode: "auto", authorIsGM: true },
  );
}

/** Alice's Sir Aldric blocks with `request` (the dialog stubbed, her own dice scripted). */
async function aliceBlocks(id: string, w: World, request: ChoiceRequest): Promise<void> {
  vi.spyOn(DefenceDialog, "prompt").mockResolvedValue(request);
  await scriptPlayerBlock(id, w, request);
  await asUser(w.alice, () => defend(id, "block"));
  await settle();
}

describe("a player's defence beyond the world's cap (issue 15)", () => {
  beforeEach(async () => {
    await standIns.game.settings.set("blow-by-blow", "applyMode", "auto" satisfies ApplyMode);
  });

  it("a +100 row moves the Block by 100 before the cap; the defence is held, nothing chosen or applied", async () => {
    const w = world();
    const id = await gmAttacks(w);
    // The attack: the row reaches the Block's EML (then limited by the rules to 95).
    expect(blockEml(id, w, honestBlock)).toBe(50);
    expect(blockEml(id, w, forgedBlock)).toBe(150);
    const before = card(id);

    await aliceBlocks(id, w, forgedBlock);
    const held = card(id);
    // Held: no choice made, no die taken, the revision unchanged, nothing applied.
    expect(held.state).toBe("awaitingDefence");
    expect(held.choices).toEqual([]);
    expect(held.rolls).toEqual(before.rolls);
    expect(held.revision).toBe(before.revision);
    expect(injuries(w)).toBe(0);
    expect(pendingApproval(held)).toMatchObject({
      pending: true,
      reasons: ["custom"],
      cap: CUSTOM_CAP_DEFAULT,
      customTotal: 100,
    });
    // The card shows the total and the cap; the GM sees Approve and Refuse, nobody a defence.
    expect(text(choiceApprovalLines(readAttackContext(held)))).toEqual([
      "Sir Aldric's defence: custom modifiers total +100, beyond this world's cap of ±20.",
    ]);
    const gmView = view(held, true);
    expect(gmView.canApprove).toBe(true);
    expect(text(gmView.approval!.lines)).toContain(
      "Sir Aldric's defence: custom modifiers total +100, beyond this world's cap of ±20.",
    );
    expect(text(gmView.status.map((s) => s.text))[0]).toBe(
      format("BLOWBYBLOW.Card.Approval.waits"),
    );
    expect(view(held, false).canApprove).toBe(false);
    expect(view(held, false).defence).toBeNull();

    // A second defence click while it waits is refused; the card is as it was.
    await aliceBlocks(id, w, honestBlock);
    expect(warnings().at(-1)).toBe(
      format("BLOWBYBLOW.Combat.Error.choiceAwaitingApproval", {
        name: "Sir Aldric",
        attacker: "Brigand",
      }),
    );
    expect(card(id)).toEqual(held);
    // Alice cannot approve it herself.
    await asUser(w.alice, () => approveAttack(id, true));
    await settle();
    expect(pendingApproval(card(id))).not.toBeNull();
  });

  it("refused: nothing is chosen or applied, Alice is told, and the card offers the defence again", async () => {
    const w = world();
    const id = await gmAttacks(w);
    await aliceBlocks(id, w, forgedBlock);
    const held = card(id);
    await approveAttack(id, false);
    await settle();
    const c = card(id);
    expect(c.state).toBe("awaitingDefence");
    expect(c.choices).toEqual([]);
    expect(c.rolls).toEqual(held.rolls);
    expect(pendingApproval(c)).toBeNull();
    expect(c.context.choiceApproval).toBeUndefined();
    expect(injuries(w)).toBe(0);
    const note = messages().contents.at(-1)!;
    expect(note.whisper).toContain(w.alice.id);
    expect(String(note.content)).toContain(
      format("BLOWBYBLOW.Combat.Error.choiceRefused", {
        name: "Sir Aldric",
        attacker: "Brigand",
        total: "+100",
        cap: "20",
      }),
    );
    expect(view(c, false).defence).not.toBeNull();
    // Alice defends again within the cap: it goes on at once.
    await aliceBlocks(id, w, honestBlock);
    expect(card(id).choices).toHaveLength(1);
    expect(card(id).state).toBe("applied");
    expect(injuries(w)).toBe(1);
  });

  it("approved: the defence is made and applied once, though Approve and Defend are clicked twice", async () => {
    const w = world();
    const id = await gmAttacks(w);
    await aliceBlocks(id, w, forgedBlock);
    const held = card(id);
    const chooses = queryLog.filter((q) => q.name === QUERY.choose).length;

    await approveAttack(id, true);
    await settle();
    const c = card(id);
    expect(c.choices).toHaveLength(1);
    expect(c.choices[0]).toMatchObject({ by: "defender", userId: w.alice.id });
    expect(c.choices[0]!.request).toMatchObject({ custom: LUCK });
    expect(c.revision).toBe(held.revision + 2); // chosen, then applied (apply mode auto)
    expect(c.state).toBe("applied");
    expect(injuries(w)).toBe(1);
    // As approved, the row counts: Block 95 (150 before the limit) against the roll of 96.
    expect(c.result).toMatchObject({ defence: { target: 95, raw: 150, roll: 96 } });
    // The defender's die is Alice's client's, the attacker's the GM's client's.
    expect(c.context.rolledBy).toMatchObject({
      defence: { by: "user", userId: w.alice.id },
      attack: { by: "gm" },
    });
    expect(text(choiceApprovalLines(readAttackContext(c)))).toEqual([
      "Sir Aldric's defence: custom modifiers total +100, beyond this world's cap of ±20.",
      format("BLOWBYBLOW.Card.Approval.approved", { name: w.gm.name! }),
    ]);
    expect((c.context.choiceApproval as { held?: unknown }).held).toBeUndefined();

    // The second Approve and a second Defend change nothing.
    await approveAttack(id, true);
    await settle();
    expect(warnings().at(-1)).toBe(
      format("BLOWBYBLOW.Combat.Error.notAwaitingApproval", { attacker: "Brigand" }),
    );
    vi.spyOn(DefenceDialog, "prompt").mockResolvedValue(forgedBlock);
    await asUser(w.alice, () => defend(id, "block"));
    await settle();
    expect(card(id)).toEqual(c);
    expect(injuries(w)).toBe(1);
    expect(queryLog.filter((q) => q.name === QUERY.choose).length).toBe(chooses);
  });

  it("rows within the world's cap go on at once", async () => {
    const w = world();
    await standIns.game.settings.set("blow-by-blow", "customModifierCap", 100);
    const id = await gmAttacks(w);
    await aliceBlocks(id, w, forgedBlock);
    expect(pendingApproval(card(id))).toBeNull();
    expect(card(id).choices).toHaveLength(1);
    expect(card(id).state).toBe("applied");
  });

  it("a GM's own defence beyond the cap is the GM's word: it goes on at once", async () => {
    const w = world();
    stubAttack();
    const message = await asUser(w.alice, () =>
      attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
    );
    await settle();
    const id = cardId(message as unknown as StandInChatMessage);
    expect(card(id).state).toBe("awaitingDefence");
    const c = card(id);
    const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
    const { state, pending } = replayExchange(fr.ruleset, c);
    const value = fr.combat.buildChoice(
      pending!,
      exchangeBuild(c),
      fighterSnapshot(w.brigand as unknown as ActorLike),
      forgedBlock,
    );
    const planning = planningDice(HIT);
    fr.ruleset.choose(state, fr.ruleset.parseChoice(state, value), planning);
    scriptDice(planning.faces);
    vi.spyOn(DefenceDialog, "prompt").mockResolvedValue(forgedBlock);
    await defend(id, "block");
    await settle();
    expect(pendingApproval(card(id))).toBeNull();
    expect(card(id).choices).toHaveLength(1);
    expect(card(id).choices[0]!.request).toMatchObject({ custom: LUCK });
  });
});
