/**
 * The Action TA in the tracker (001:166, Z6, ruling Z37): the fighter who spends one acts at
 * once, beyond his own turn. The result card says so; its "extra action" button, claimed by his
 * owner, is counted on the GM's client once a round on his own combatant (not HM3's one per
 * character turn on the combatant whose turn it is), so it works out of his turn even when the
 * turn's fighter has had a tactical advantage; a second claim in the same round is refused, the
 * next round allows one again. On the stand-ins: Alice (Sir Aldric) blocks the Brigand's swing
 * in a started combat and wins two TAs: one Action, one Setup.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createCombat, settle, standIns } from "../stand-ins";
import type { ChoiceRequest } from "../../../src/core/combat";
import { attack, defend, takeAdvantage } from "../../../src/foundry/combat/actions";
import { gainAdvantage } from "../../../src/foundry/combat/tracker";
import { hmzdResultContext } from "../../../src/foundry/rulesets/hmzd/card";
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
} from "./hmzd-world";

const req = (optionId: string, more: Partial<ChoiceRequest> = {}): ChoiceRequest => ({
  optionId,
  itemId: null,
  mode: null,
  aim: null,
  custom: [],
  ...more,
});

const gm = {
  userId: "gm",
  isGM: true,
  owns: { attacker: true, defender: true },
  gmOnline: true,
  showDefenceTargets: false,
};

beforeEach(resetFlow);

describe("the Action TA acts at once (Z37)", () => {
  it("the card says so; the claim works out of turn once a round, on the GM's client", async () => {
    const w = await hmzdWorld();
    const combat = await createCombat([w.tAldric, w.tBrigand]);
    await combat.rollAll();
    await combat.startCombat();
    await settle();
    // The turn's fighter has had his tactical advantage this turn (HM3's count on his
    // combatant): under HM3's per-turn count another claim in this turn would be refused.
    const current = combat.combatant!;
    await current.update({ system: { advantages: 1, turnKey: `${combat.round}.${combat.turn}` } });

    stubHmzdAttack(SWORD, "0", "4");
    scriptDice([]);
    const message = await asUser(w.bob, () =>
      attack({ actorUuid: w.brigand.uuid, tokenUuid: w.tBrigand.document.uuid, itemId: SWORD }),
    );
    await settle();
    const id = cardId(message as unknown as { id: string | null });
    const block = req("block", { itemId: SHIELD });
    await scriptStep(id, w.aldric, "defender", block, { attack: 100, defence: 5 });
    stubChoice(block);
    await asUser(w.alice, () => defend(id, "block"));
    await settle();
    const spend = req("action", { counts: { impact: 0, precision: 0, action: 1, setup: 1 } });
    await scriptStep(id, w.aldric, "defender", spend, {});
    stubChoice(spend);
    await asUser(w.alice, () => defend(id, "action"));
    await settle();
    expect(card(id).state).toBe("resolved");

    // The result card says he acts at once.
    const view = hmzdResultContext(card(id), gm);
    expect(view.action).toEqual({
      i18n: "BLOWBYBLOW.HMZD.Card.action",
      data: { name: "Sir Aldric" },
    });
    expect(
      standIns.game.i18n.format((view.action as { i18n: string }).i18n, { name: "Sir Aldric" }),
    ).toBe(
      "Action TA: Sir Aldric acts at once, beyond their own turn: attack now, or take the extra action the GM allows (once a round).",
    );

    // Alice claims it (her client asks the GM's): taken, recorded on her own combatant.
    await asUser(w.alice, () => takeAdvantage(id, "defender"));
    await settle();
    expect(card(id).advantages?.defender).toBeDefined();
    const mine = combat.combatants.find((c) => c.actor?.id === w.aldric.id)!;
    expect((mine.flags["blow-by-blow"] as { actionRound?: number }).actionRound).toBe(1);
    expect(notices("error")).toEqual([]);

    // A second in the same round is refused; the next round allows one again.
    expect(await gainAdvantage(w.aldric.uuid, "round")).toBe("refused");
    await combat.nextRound();
    await settle();
    expect(await gainAdvantage(w.aldric.uuid, "round")).toBe("extraAction");
  });
});
