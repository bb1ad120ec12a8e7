/**
 * The zone-die exchange counts the combat tracker's rounds (issue 18, Z6, Z16, Z21): the
 * declaration carries Foundry's `Combat#round`, so a Setup won in round 1 raises its owner's
 * test in round 2 and lapses after it, and an Action TA is taken once a round (a second one in
 * the same round is refused; the next round allows it again). On the stand-ins: Alice (Sir
 * Aldric) and Bob (the Brigand) in a started combat, the GM applying each card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createCombat, settle, standIns, type StandInActor } from "../stand-ins";
import type { ChoiceRequest } from "../../../src/core/combat";
import type { HmzdResult } from "../../../src/rules/hmzd/types";
import { apply, attack, defend } from "../../../src/foundry/combat/actions";
import { cardId, resetFlow, scriptDice } from "./fixtures";
import {
  card,
  hmzdWorld,
  notices,
  scriptStep,
  SHIELD,
  stubChoice,
  stubHmzdAttack,
  SWORD,
  type HmzdWorld,
} from "./hmzd-world";

const req = (optionId: string, more: Partial<ChoiceRequest> = {}): ChoiceRequest => ({
  optionId,
  itemId: null,
  mode: null,
  aim: null,
  custom: [],
  ...more,
});

type Block = { setups: { round: number; count: number }[]; actionRound: number | null };
const blockOf = (a: StandInActor) => (a._source.system as unknown as { hmzd: Block }).hmzd;
type Fighter = { setup: number; actionTaken: boolean };
const declOf = (id: string) =>
  card(id).declaration as { round: number; attacker: Fighter; defender: Fighter };

/** Bob's Brigand swings at Sir Aldric (placement 4, the torso) on Bob's client. */
async function bobSwings(w: HmzdWorld): Promise<string> {
  stubHmzdAttack(SWORD, "0", "4");
  scriptDice([]);
  const message = await asUser(w.bob, () =>
    attack({ actorUuid: w.brigand.uuid, tokenUuid: w.tBrigand.document.uuid, itemId: SWORD }),
  );
  expect(message, JSON.stringify(standIns.notifications.messages)).not.toBeNull();
  await settle();
  return cardId(message as unknown as { id: string | null });
}

/**
 * Alice blocks with the shield; the attack rolls 100 (CF), the block 5 (CS): Alice wins with
 * three stars, two TAs (Z1), a defender who blocked: Action and Setup only (Z6).
 */
async function aliceBlocksAndWins(w: HmzdWorld, id: string): Promise<void> {
  const block = req("block", { itemId: SHIELD });
  await scriptStep(id, w.aldric, "defender", block, { attack: 100, defence: 5 });
  stubChoice(block);
  await asUser(w.alice, () => defend(id, "block"));
  await settle();
  expect(card(id).pending).toMatchObject({ by: "defender", kind: "spendStars" });
}

async function aliceSpends(
  w: HmzdWorld,
  id: string,
  counts: { action: number; setup: number },
): Promise<void> {
  const spend = req(counts.action ? "action" : "setup", {
    counts: { impact: 0, precision: 0, ...counts },
  });
  await scriptStep(id, w.aldric, "defender", spend, {});
  stubChoice(spend);
  await asUser(w.alice, () => defend(id, spend.optionId));
  await settle();
}

async function startedCombat(w: HmzdWorld) {
  const combat = await createCombat([w.tAldric, w.tBrigand]);
  await combat.rollAll();
  await combat.startCombat();
  await settle();
  return combat;
}

beforeEach(resetFlow);

describe("zone-die rounds are the tracker's (Z6, Z16, Z21)", () => {
  it("a Setup won in round 1 raises its owner's test in round 2, then lapses", async () => {
    const w = await hmzdWorld();
    const combat = await startedCombat(w);
    expect(combat.round).toBe(1);

    const first = await bobSwings(w);
    expect(declOf(first).round).toBe(1);
    await aliceBlocksAndWins(w, first);
    await aliceSpends(w, first, { action: 0, setup: 2 });
    expect(card(first).state).toBe("resolved");
    expect((card(first).result as HmzdResult).spent.setup).toBe(2);
    await apply(first);
    await settle();
    expect(blockOf(w.aldric).setups).toEqual([{ round: 1, count: 2 }]);

    // Still round 1: the Setups are owed to round 2, not to this round's tests.
    const again = await bobSwings(w);
    expect(declOf(again)).toMatchObject({ round: 1, defender: { setup: 0 } });

    // Round 2: Alice's block is raised by both levels (Z16: several add up).
    await combat.nextRound();
    await settle();
    expect(combat.round).toBe(2);
    const second = await bobSwings(w);
    expect(declOf(second)).toMatchObject({
      round: 2,
      defender: { setup: 2 },
      attacker: { setup: 0 },
    });
    // Both roll 100 (CF): level for level a tie without a victor, but her CF raised two levels
    // is an S (Z17): two stars, one TA to spend.
    const block = req("block", { itemId: SHIELD });
    await scriptStep(second, w.aldric, "defender", block, { attack: 100, defence: 100 });
    stubChoice(block);
    await asUser(w.alice, () => defend(second, "block"));
    await settle();
    expect(card(second).pending).toMatchObject({
      by: "defender",
      kind: "spendStars",
      data: { stars: 2, tacticalAdvantages: 1 },
    });

    // Round 3: a Setup of round 1 is gone, used or not (Z21).
    await combat.nextRound();
    await settle();
    const third = await bobSwings(w);
    expect(declOf(third)).toMatchObject({ round: 3, defender: { setup: 0 } });
  });

  it("an Action TA once a round: a second in the same round is refused, the next round allows it", async () => {
    const w = await hmzdWorld();
    const combat = await startedCombat(w);

    const first = await bobSwings(w);
    await aliceBlocksAndWins(w, first);
    const offered = card(first).pending!.options.find((o) => o.id === "action")!;
    expect(offered.unavailableKey).toBeUndefined();
    await aliceSpends(w, first, { action: 1, setup: 1 });
    expect((card(first).result as HmzdResult).spent).toMatchObject({ action: 1, setup: 1 });
    await apply(first);
    await settle();
    expect(blockOf(w.aldric).actionRound).toBe(1);

    // A second win in round 1: the Action is marked taken, and spending one is refused.
    const second = await bobSwings(w);
    expect(declOf(second).defender.actionTaken).toBe(true);
    await aliceBlocksAndWins(w, second);
    const action = card(second).pending!.options.find((o) => o.id === "action")!;
    expect(action.unavailableKey).toBeTruthy();
    const rev = card(second).revision;
    const spend = req("action", { counts: { impact: 0, precision: 0, action: 1, setup: 0 } });
    stubChoice(spend);
    await asUser(w.alice, () => defend(second, "action"));
    await settle();
    expect(card(second).revision).toBe(rev);
    expect(notices("warning")).toContain("That defence is not open to the defender now.");

    // Round 2: the Action is open again.
    await combat.nextRound();
    await settle();
    const third = await bobSwings(w);
    expect(declOf(third)).toMatchObject({ round: 2, defender: { actionTaken: false } });
  });
});
