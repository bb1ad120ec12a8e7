/**
 * HârnMaster Gold Reaction Rolls across turns in the Foundry flow, against the stand-ins (seed
 * 000 lines 280-326; rulings G80-G83; src/rules/hm3/gold/paired-carry.ts,
 * src/foundry/rulesets/hm3/carry.ts): a surprise CF (000:287) marks the defender's combatant,
 * the next round's first attack rolls the Reaction Roll again (the named roll `reaction`, the
 * card saying it was carried) and clears the mark; a tactical advantage taken makes the taker's
 * own Reaction Roll (000:296-303, named `advantageReaction`), which limits its TA attack's
 * weapon and makes the defender react too.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  asUser,
  createCombat,
  settle,
  standIns,
  targetTokens,
  type StandInActor,
} from "../stand-ins";
import type {
  AttackOption,
  AttackRequest,
  CatalogRowInput,
  ChoiceRequest,
} from "../../../src/core/combat";
import { ADVANTAGE_UNAVAILABLE_KEY } from "../../../src/rules/hm3/gold/paired-carry";
import { CLEAR_MARKS_ACTION } from "../../../src/foundry/rulesets/hm3/carry-marks";
import { exchangeFight, setMark } from "../../../src/foundry/combat/tracker";
import type { ExchangeCard } from "../../../src/core/flow";
import { replayExchange } from "../../../src/core/flow";
import { attack, defend, takeAdvantage } from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { exchangeBuild } from "../../../src/foundry/combat/query-common";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { cardOf } from "../../../src/foundry/data/chat-message/exchange";
import { HM3_FOUNDRY, HM3_ROLL_LABELS } from "../../../src/foundry/rulesets/hm3";
import { CARRY_KEY } from "../../../src/foundry/rulesets/hm3/carry-card";
import {
  cardId,
  planningDice,
  resetFlow,
  scriptDice,
  world,
  type DicePlan,
  type World,
} from "./fixtures";

const SWORD = "wpSword000000001";
const SHIELD = "wpShield00000001";
type Obj = Record<string, unknown>;

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

let w: World;

beforeEach(() => {
  resetFlow();
  w = world();
});

/** The GM attacks with `attacker`'s `itemId` at the other fighter, the rows given; start's dice scripted. */
async function gmAttacks(
  attacker: StandInActor,
  itemId: string,
  catalog: CatalogRowInput[],
  startFaces: [number, number][],
) {
  vi.spyOn(AttackDialog, "prompt").mockImplementation(
    (input): Promise<AttackRequest> =>
      Promise.resolve({
        itemId,
        mode: itemId === SHIELD ? "blunt" : "edge",
        aim: "mid",
        band: null,
        situation: input.situation,
        custom: [],
        catalog,
      }),
  );
  scriptDice(startFaces);
  const token = attacker === w.aldric ? w.tAldric : w.tBrigand;
  targetTokens([attacker === w.aldric ? w.tBrigand : w.tAldric], w.gm);
  const message = await attack({
    actorUuid: attacker.uuid,
    tokenUuid: token.document.uuid,
    itemId,
  });
  await settle();
  return message as { id: string | null } | null;
}

const cardNow = (message: { id: string | null }): ExchangeCard =>
  cardOf(standIns.game.messages!.get(cardId(message as never))!.system);

/** The GM defends with `request` for the defender, the dice of the choice scripted from `plan`. */
async function gmDefends(message: { id: string | null }, request: ChoiceRequest, plan: DicePlan) {
  const c = cardNow(message);
  const { state, pending } = replayExchange(HM3_FOUNDRY.ruleset, c);
  const actor = c.defender.name === "Sir Aldric" ? w.aldric : w.brigand;
  const value = HM3_FOUNDRY.combat.buildChoice(
    pending!,
    exchangeBuild(c),
    fighterSnapshot(actor as unknown as ActorLike),
    request,
  );
  const dice = planningDice(plan);
  HM3_FOUNDRY.ruleset.choose(state, HM3_FOUNDRY.ruleset.parseChoice(state, value), dice);
  scriptDice(dice.faces);
  vi.spyOn(DefenceDialog, "prompt").mockResolvedValue(request);
  await defend(cardId(message as never), request.optionId);
  await settle();
}

/** The marks a fighter's combatant carries (`flags["blow-by-blow"].marks`). */
function marksOf(actor: StandInActor): Obj {
  const c = [...standIns.game.combat!.combatants].find(
    (x) => (x as unknown as { actor: { uuid: string } }).actor.uuid === actor.uuid,
  ) as unknown as { flags: Record<string, { marks?: Obj }> };
  return c.flags["blow-by-blow"]?.marks ?? {};
}

async function startedCombat() {
  const combat = await createCombat([w.tAldric, w.tBrigand]);
  await combat.startCombat();
  return combat;
}

describe("a surprise CF carried to the next round (000:287, ruling G80)", () => {
  it("marks the defender, rolls again at the next round's first attack with its label, then clears", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.reactionRoll", true as never);
    const combat = await startedCombat();
    // Round 1: the Brigand ambushes Sir Aldric; his Reaction Roll 100 is a CF (000:287).
    const first = await gmAttacks(
      w.brigand,
      SWORD,
      [{ id: "defenderSurprised", param: "surprise" }],
      [[100, 100]],
    );
    expect(cardNow(first!).rolls.map((r) => r.name)).toEqual(["reaction"]);
    await gmDefends(first!, IGNORE, { attack: 50, location: 50, impact: 1 });
    const r1 = cardNow(first!).result as { reaction?: { level: string; again: boolean } };
    expect(r1.reaction).toMatchObject({ level: "CF", again: true });
    expect(marksOf(w.aldric).reactionDue).toEqual({ round: 1 });
    expect(marksOf(w.brigand).reactionDue).toBeUndefined();

    // The same round, another attack: not yet the next Turn, nothing carried.
    const same = await gmAttacks(w.brigand, SWORD, [], []);
    const sameCard = cardNow(same!);
    expect((sameCard.declaration as { attack: Obj }).attack.defenderSurprised).toBeUndefined();

    // Round 2: the first attack on him declares him surprised again, no row needed.
    await combat.nextRound();
    const second = await gmAttacks(w.brigand, SWORD, [], [[5, 100]]);
    const c2 = cardNow(second!);
    expect((c2.declaration as { attack: Obj }).attack.defenderSurprised).toBe("surprise");
    expect((c2.context.rules as Obj).reactionCarried).toBe(1);
    expect(c2.rolls).toEqual([{ name: "reaction", count: 1, sides: 100, values: [5], total: 5 }]);
    expect(HM3_ROLL_LABELS.reaction).toBe(CARRY_KEY.rollReaction);
    await gmDefends(second!, IGNORE, { attack: 50, location: 50, impact: 1 });
    const done = cardNow(second!);
    expect((done.result as { reaction?: { level: string } }).reaction?.level).toBe("CS");
    const view = HM3_FOUNDRY.card.resultContext(done, {
      userId: w.gm.id,
      isGM: true,
      owns: { attacker: true, defender: true },
      gmOnline: true,
      showDefenceTargets: true,
    }) as { goldNotes: { text: { i18n: string; data?: Obj } }[] };
    expect(view.goldNotes.map((n) => n.text.i18n)).toContain(CARRY_KEY.carried);
    expect(marksOf(w.aldric).reactionDue).toBeNull();

    // Round 3: nothing carried any more.
    await combat.nextRound();
    const third = await gmAttacks(w.brigand, SWORD, [], []);
    expect(
      (cardNow(third!).declaration as { attack: Obj }).attack.defenderSurprised,
    ).toBeUndefined();
  });

  it("a player's attack on a fighter carrying it: the GM's client rebuilds it alike and rolls it", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.reactionRoll", true as never);
    const combat = await startedCombat();
    const own = [...combat.combatants].find(
      (x) => (x as unknown as { actor: { uuid: string } }).actor.uuid === w.brigand.uuid,
    )!;
    await own.update({ flags: { "blow-by-blow": { marks: { reactionDue: { round: 1 } } } } });
    await combat.nextRound();
    vi.spyOn(AttackDialog, "prompt").mockImplementation(
      (input): Promise<AttackRequest> =>
        Promise.resolve({
          itemId: SWORD,
          mode: "edge",
          aim: "mid",
          band: null,
          situation: input.situation,
          custom: [],
        }),
    );
    // The Reaction Roll is the defender's die: the GM's client rolls it (architecture §2.6).
    scriptDice([[5, 100]]);
    const message = await asUser(w.alice, () =>
      attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
    );
    await settle();
    const c = cardNow(message as never);
    expect(c.state).toBe("awaitingDefence");
    expect((c.declaration as { attack: Obj }).attack.defenderSurprised).toBe("surprise");
    expect((c.context.rules as Obj).reactionCarried).toBe(1);
    expect(c.rolls).toEqual([{ name: "reaction", count: 1, sides: 100, values: [5], total: 5 }]);
  });

  it("with the option off a CF leaves no mark and nothing is carried", async () => {
    const combat = await startedCombat();
    const first = await gmAttacks(w.brigand, SWORD, [], []);
    await gmDefends(first!, IGNORE, { attack: 50, location: 50, impact: 1 });
    expect(marksOf(w.aldric)).toEqual({});
    // A mark left from a game played with the option on is not read while it is off.
    const own = [...combat.combatants].find(
      (x) => (x as unknown as { actor: { uuid: string } }).actor.uuid === w.aldric.uuid,
    )!;
    await own.update({ flags: { "blow-by-blow": { marks: { reactionDue: { round: 1 } } } } });
    await combat.nextRound();
    const next = await gmAttacks(w.brigand, SWORD, [], []);
    expect(
      (cardNow(next!).declaration as { attack: Obj }).attack.defenderSurprised,
    ).toBeUndefined();
  });
});

describe("the TA taker's own Reaction Roll (000:296-303, rulings G53, G81)", () => {
  it("is rolled as the TA is claimed, limits the TA attack's weapon, makes the defender react, and clears", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.reactionRoll", true as never);
    await startedCombat();
    // The Brigand attacks; Sir Aldric's shield block gives him a DTA (attack 96 CF, block 5 CS).
    const first = await gmAttacks(w.brigand, SWORD, [], []);
    await gmDefends(first!, BLOCK, { attack: 96, defence: 5 });
    expect(cardNow(first!).result).toMatchObject({ tacticalAdvantage: "defender" });

    // The claim rolls his own Reaction Roll: 11 against Initiative 60 less PP × 5 is an MS.
    scriptDice([[11, 100]]);
    await takeAdvantage(cardId(first as never), "defender");
    await settle();
    const mark = marksOf(w.aldric).advantageReaction as Obj;
    expect(mark).toMatchObject({ round: 1, turn: 0, roll: 11, level: "MS" });
    const posted = standIns.game.messages!.contents.find(
      (m) => (m.flags?.["blow-by-blow"] as Obj | undefined)?.advantageReaction,
    )!;
    const flag = (posted.flags["blow-by-blow"] as { advantageReaction: { rolls: Obj[] } })
      .advantageReaction;
    expect(flag.rolls).toEqual([
      { name: "advantageReaction", count: 1, sides: 100, values: [11], total: 11 },
    ]);
    expect(posted.content).toContain("must attack with the primary weapon");
    expect(posted.content).toContain("Reaction Roll after a tactical advantage");

    // MS: only the primary weapon (000:301): the shield (off hand) is refused, no card.
    const before = standIns.game.messages!.contents.length;
    const refused = await gmAttacks(w.aldric, SHIELD, [], []);
    expect(refused).toBeNull();
    expect(standIns.game.messages!.contents.length).toBe(before);
    expect(standIns.notifications.messages.map((n) => n.message).join("; ")).toMatch(/primary/);

    // The sword: the defender reacts after the TA (its roll `reaction` at start).
    const ta = await gmAttacks(w.aldric, SWORD, [], [[50, 100]]);
    const c = cardNow(ta!);
    expect((c.declaration as { attack: Obj }).attack.defenderSurprised).toBe("advantage");
    expect((c.context.rules as Obj).advantageReaction).toMatchObject({ roll: 11, level: "MS" });
    await gmDefends(ta!, IGNORE, { attack: 50, location: 50, impact: 1 });
    const view = HM3_FOUNDRY.card.resultContext(cardNow(ta!), {
      userId: w.gm.id,
      isGM: true,
      owns: { attacker: true, defender: true },
      gmOnline: true,
      showDefenceTargets: true,
    }) as { goldNotes: { text: { i18n: string } }[] };
    expect(view.goldNotes.map((n) => n.text.i18n)).toContain(CARRY_KEY.attacker);
    expect(marksOf(w.aldric).advantageReaction).toBeNull();
  });

  it("the attack dialog marks the weapon the roll rules out, with its reason (000:301)", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.reactionRoll", true as never);
    await startedCombat();
    /** The options Sir Aldric's attack dialog offers (the dialog closed: no card). */
    const offered = async () => {
      let got: AttackOption[] = [];
      vi.spyOn(AttackDialog, "prompt").mockImplementation((input) => {
        got = input.options;
        return Promise.resolve(null);
      });
      targetTokens([w.tBrigand], w.gm);
      await attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD });
      return Object.fromEntries(got.map((o) => [o.itemId, o.unavailableKey ?? null]));
    };
    // No roll carried: both his weapons are offered (his longbow is not strung).
    const bow = { msLongbow0000001: "BLOWBYBLOW.HM3.Combat.Unavailable.NotEquipped" };
    expect(await offered()).toEqual({ [SWORD]: null, [SHIELD]: null, ...bow });
    const first = await gmAttacks(w.brigand, SWORD, [], []);
    await gmDefends(first!, BLOCK, { attack: 96, defence: 5 });
    scriptDice([[11, 100]]);
    await takeAdvantage(cardId(first as never), "defender");
    await settle();
    expect(marksOf(w.aldric).advantageReaction).toMatchObject({ level: "MS" });
    // MS: the shield, in his off hand, is unavailable, its reason said in the dialog.
    expect(await offered()).toEqual({
      [SWORD]: null,
      [SHIELD]: ADVANTAGE_UNAVAILABLE_KEY.primary,
      ...bow,
    });
    expect(standIns.game.i18n.localize(ADVANTAGE_UNAVAILABLE_KEY.primary)).toMatch(
      /allows only the primary weapon/,
    );
  });

  it("with the option off the claim rolls nothing", async () => {
    await startedCombat();
    const first = await gmAttacks(w.brigand, SWORD, [], []);
    await gmDefends(first!, BLOCK, { attack: 96, defence: 5 });
    scriptDice([]);
    await takeAdvantage(cardId(first as never), "defender");
    await settle();
    expect(cardNow(first!).advantages).toEqual({ defender: w.gm.id });
    expect(marksOf(w.aldric).advantageReaction).toBeUndefined();
    const posted = standIns.game.messages!.contents.filter(
      (m) => (m.flags?.["blow-by-blow"] as Obj | undefined)?.advantageReaction,
    );
    expect(posted).toEqual([]);
    expect(standIns.notifications.messages).toEqual([]);
  });
});

describe("the Reaction Rolls a combatant carries on the tracker line, cleared by a GM", () => {
  it("shows the TA roll and the CF's roll due to everyone; only a GM's click clears them", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.reactionRoll", true as never);
    const combat = await startedCombat();
    const combatantOf = (a: StandInActor) =>
      [...combat.combatants].find(
        (x) => (x as unknown as { actor: { uuid: string } }).actor.uuid === a.uuid,
      )!;
    const aldric = combatantOf(w.aldric);
    const t = HM3_FOUNDRY.tracker;
    expect(t.markup(combat, aldric, true)).toBe("");
    const first = await gmAttacks(w.brigand, SWORD, [], []);
    await gmDefends(first!, BLOCK, { attack: 96, defence: 5 });
    scriptDice([[11, 100]]);
    await takeAdvantage(cardId(first as never), "defender");
    await settle();
    // A CF left him too (set by hand here: the mark the carry writes, 000:287).
    await setMark(w.aldric.uuid, "reactionDue", { round: 1 });
    const gmLine = t.markup(combat, aldric, true);
    expect(gmLine).toContain("Reaction Roll (HârnMaster Gold)");
    expect(gmLine).toContain("due again (completely surprised, CF, in round 1)");
    expect(gmLine).toContain(
      "after the tactical advantage in round 1: MS, must attack with the primary weapon",
    );
    expect(gmLine).toContain(`data-bbb-tracker-action="${CLEAR_MARKS_ACTION}"`);
    const playerLine = t.markup(combat, aldric, false);
    expect(playerLine).toContain("must attack with the primary weapon");
    expect(playerLine).not.toContain("data-bbb-tracker-action");
    // A player's click changes nothing; the GM's clears both marks, once.
    expect(await asUser(w.alice, () => t.action(CLEAR_MARKS_ACTION, combat, aldric))).toBe(false);
    expect(marksOf(w.aldric).advantageReaction).toMatchObject({ level: "MS" });
    expect(await t.action(CLEAR_MARKS_ACTION, combat, aldric)).toBe(true);
    expect(marksOf(w.aldric)).toMatchObject({ advantageReaction: null, reactionDue: null });
    expect(t.markup(combat, aldric, true)).toBe("");
    expect(await t.action(CLEAR_MARKS_ACTION, combat, aldric)).toBe(false);
    // Nothing carried: the next attack offers every weapon again.
    expect(exchangeFight(w.aldric.uuid, w.brigand.uuid).marks).toBeUndefined();
  });
});
