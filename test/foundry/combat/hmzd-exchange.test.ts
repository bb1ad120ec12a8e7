/**
 * A zone-die exchange through the generic Foundry flow (issue 18), against the stand-ins: the
 * world plays hmzd, Alice owns Sir Aldric, Bob owns the Brigand (./hmzd-world.ts). Alice swings
 * the broadsword from placement 1 on her client; the GM's client accepts; Bob blocks with the
 * shield on his; Alice wins with tactical advantages and spends them (Impact and Precision, Z6)
 * on hers, then picks one of the zone dice rolled (Z5); the GM applies once: the injury item on
 * the Brigand (§4) and his shock state on `system.hmzd` with its status (Z15). Only the chooser
 * answers each prompt: Bob's click on Alice's spending is refused, nothing changes. A winning
 * counterstrike makes the defender the one who spends (Z6) and strikes the attacker.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, settle, standIns } from "../stand-ins";
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

/** Alice swings the broadsword at the Brigand from placement 1 (the head, 001:25). */
async function aliceSwings(w: HmzdWorld): Promise<string> {
  stubHmzdAttack(SWORD, "0", "1");
  scriptDice([]);
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
  );
  expect(message, JSON.stringify(standIns.notifications.messages)).not.toBeNull();
  await settle();
  return cardId(message as unknown as { id: string | null });
}

const resultOf = (id: string) => card(id).result as HmzdResult;

beforeEach(resetFlow);

describe("a zone-die exchange in Foundry", () => {
  it("attack → block → the attacker spends Impact and Precision → picks a zone → injury and shock applied once", async () => {
    const w = await hmzdWorld();
    const id = await aliceSwings(w);
    let c = card(id);
    expect(c.state).toBe("awaitingDefence");
    expect(c.pending).toMatchObject({ by: "defender", kind: "defence" });
    const decl = c.declaration as { attack: { placement: number; weapon: unknown } };
    expect(decl.attack.placement).toBe(1);
    expect(decl.attack.weapon).toEqual({
      zoneDie: 4,
      impact: { die: 10, base: 3, aspect: "edge" },
    });

    // Bob blocks with the shield: attack 5 (CS), block 100 (CF): 3 stars, 2 TAs (Z1, 001:168).
    const block = req("block", { itemId: SHIELD });
    await scriptStep(id, w.brigand, "defender", block, { attack: 5, defence: 100 });
    stubChoice(block);
    await asUser(w.bob, () => defend(id, "block"));
    await settle();
    c = card(id);
    expect(c.state).toBe("awaitingDefence");
    expect(c.pending).toMatchObject({ by: "attacker", kind: "spendStars" });

    // Bob does not own Sir Aldric: his click on the spending is refused, nothing changes.
    const before = card(id).revision;
    stubChoice(req("impact"));
    await asUser(w.bob, () => defend(id, "impact"));
    await settle();
    expect(card(id).revision).toBe(before);
    expect(notices("warning")).toContain("You do not own the combatant who must make that choice.");

    // Alice spends one Impact and one Precision: zone d4 3 (arms, left), Precision 1 (head).
    const spend = req("impact", { counts: { impact: 1, precision: 1, action: 0, setup: 0 } });
    await scriptStep(id, w.aldric, "attacker", spend, { zone: 3, "zone.1": 1, location: 2 });
    stubChoice(spend);
    await asUser(w.alice, () => defend(id, "impact"));
    await settle();
    c = card(id);
    expect(c.pending).toMatchObject({ by: "attacker", kind: "pickZone" });

    // She keeps the first zone die (3: left arm); d10 2 → left shoulder (001:23, 40).
    const pick = req("0");
    await scriptStep(id, w.aldric, "attacker", pick, { impact: 9, shock: 52 });
    stubChoice(pick);
    await asUser(w.alice, () => defend(id, "0"));
    await settle();
    c = card(id);
    expect(c.state).toBe("resolved");
    const r = resultOf(id);
    expect(r.stars).toBe(3);
    expect(r.victor).toBe("attacker");
    expect(r.spent).toEqual({ impact: 1, precision: 1, action: 0, setup: 0 });
    expect(r.strike).toMatchObject({
      by: "attacker",
      zone: "arms",
      zoneRolls: [3, 1],
      zonePick: 0,
      location: "left-shoulder",
      impactRoll: 9,
      impactBase: 3,
      strModifier: 3,
      impactTAs: 1,
      // 9 + 3 + STR 16 (+3) + 5 = 20, no armour: G5 (001:78-79).
      impact: 20,
      effectiveImpact: 20,
      injury: "G5",
    });
    // Shock 52 (S, +0) + shoulder 3 + IL 5 = 8: INC (001:154-155).
    expect(r.strike!.shock).toMatchObject({
      modifier: 0,
      locationShock: 3,
      index: 8,
      state: "INC",
    });

    // Z10: the G5 from Edge bleeds and calls the amputation (▽); the victim is not killed.
    expect(r.strike!.special).toMatchObject({
      symbol: "triangle",
      bleeding: true,
      amputation: true,
    });
    // Each condition once (Z20): the block's `shock` (INC) and `prone` (he falls), never the
    // engine's shock conditions beside them; the special effect's `bleeding` stays.
    const conditions = r.effects
      .filter((e) => e.type === "condition" && e.to === "defender")
      .map((e) => (e as { condition: string }).condition)
      .sort();
    expect(conditions).toEqual(["bleeding", "prone", "shock"]);
    expect(r.effects.filter((e) => e.type === "state").map((e) => e.to)).toEqual([
      "attacker",
      "defender",
    ]);
    // The injury effect names the injury for the block's `unhindered` list (turn.ts).
    expect(r.effects.find((e) => e.type === "injury")).toMatchObject({
      data: { key: "left-shoulder:G5" },
    });

    // The GM applies: the injury item and the shock state, once.
    await apply(id);
    await settle();
    expect(card(id).state).toBe("applied");
    const injuries = w.brigand.items.filter((i) => i.type === "injury");
    expect(injuries.length).toBe(1);
    expect((injuries[0]!.system as unknown as { hmzd: unknown }).hmzd).toMatchObject({
      severity: "G",
      level: 5,
      aspect: "edge",
      zone: "arms",
      side: "left",
      location: "shoulder",
    });
    const hmzd = (w.brigand._source.system as { hmzd: { state: string; revision: number } }).hmzd;
    expect(hmzd.state).toBe("INC");
    expect(hmzd.revision).toBe(1);
    expect([...w.brigand.statuses].sort()).toEqual(["bleeding", "prone", "shock"]);
    await apply(id);
    await settle();
    expect(w.brigand.items.filter((i) => i.type === "injury").length).toBe(1);
  });

  it("a winning counterstrike: the defender spends (Z6) and strikes the attacker", async () => {
    const w = await hmzdWorld();
    const id = await aliceSwings(w);
    // Bob counterstrikes with the sword's thrust from placement 4 (the torso): attack 96 (F),
    // counterstrike 5 (CS): the defender wins by 2, 1 TA (001:145).
    const counter = req("counterstrike", { itemId: SWORD, mode: "1", aim: "4" });
    await scriptStep(id, w.brigand, "defender", counter, { attack: 96, defence: 5 });
    stubChoice(counter);
    await asUser(w.bob, () => defend(id, "counterstrike"));
    await settle();
    expect(card(id).pending).toMatchObject({ by: "defender", kind: "spendStars" });
    // Alice may not spend the Brigand's TAs.
    const rev = card(id).revision;
    stubChoice(req("impact"));
    await asUser(w.alice, () => defend(id, "impact"));
    await settle();
    expect(card(id).revision).toBe(rev);

    const spend = req("impact");
    await scriptStep(id, w.brigand, "defender", spend, {
      zone: 1,
      location: 3,
      impact: 4,
      shock: 5,
    });
    stubChoice(spend);
    await asUser(w.bob, () => defend(id, "impact"));
    await settle();
    const r = resultOf(id);
    expect(card(id).state).toBe("resolved");
    expect(r.victor).toBe("defender");
    expect(r.spent).toEqual({ impact: 1, precision: 0, action: 0, setup: 0 });
    expect(r.strike).toMatchObject({ by: "defender", zoneValue: 4, zone: "torso", impactTAs: 1 });
    await apply(id);
    await settle();
    expect(w.aldric.items.filter((i) => i.type === "injury").length).toBe(r.strike!.injury ? 1 : 0);
  });
});
