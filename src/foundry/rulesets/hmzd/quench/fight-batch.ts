/**
 * Quench batch `blow-by-blow.hmzd-fight`: a zone-die fight run by the GM in the world where the
 * batch runs (docs/testing.md; issue 18 "from attack to shock state"), through the system's own
 * entry points only, as test/foundry/combat/hmzd-exchange.test.ts scripts it on the stand-ins.
 *
 * It sets the world's ruleset to hmzd, imports Sir Aldric and the Brigand from the hmzd sample
 * fighters pack as throw-away world actors, puts their tokens on a throw-away scene (the stage,
 * ../../../quench/stage.ts) in a throw-away combat, and does what the GM's clicks do: Roll All
 * and Begin Combat, `attack` (the broadsword's swing from placement 1, 001:25), `defend` (the
 * card's buttons: the Brigand's Block with his round shield; Sir Aldric's spending of his two
 * tactical advantages on Impact and Precision, Z6; his Precision pick of the zone, Z5), `apply`
 * (apply mode "ask": the injury item and the shock state, once) and Next Turn until the
 * Brigand's recovery Shock test at the end of his next turn (Z15). The dice are Foundry Rolls
 * whose faces are scripted through `CONFIG.Dice.randomUniform` (a die the script did not foresee
 * fails the step). Everything made is deleted afterwards, failure or not, and every setting and
 * function replaced is put back.
 */
import { flowCleanUps, flowOriginals } from "../../../quench/flow-run";
import type { AttackRequest, ChoiceRequest } from "../../../../core/combat";
import { replayExchange, type ExchangeCard } from "../../../../core/flow";
import type { HmzdResult } from "../../../../rules/hmzd/types";
import { apply, attack, defend } from "../../../combat/actions";
import { AttackDialog } from "../../../combat/attack-dialog";
import { DefenceDialog } from "../../../combat/defence-dialog";
import { exchangeBuild, systemFlags } from "../../../combat/query-common";
import { fighterSnapshot } from "../../../combat/snapshot";
import { cardOf } from "../../../data/chat-message/exchange";
import { BATCH_TIMEOUT_MS, type QuenchContext } from "../../../quench/context";
import { planFaces, scriptedUniform, type DicePlan } from "../../../quench/dice-plan";
import type { QuenchStage, StagedToken } from "../../../quench/stage";
import {
  blockOf,
  cleanUp,
  importActor,
  requireActiveGM,
  SYSTEM_ID,
  until,
} from "../../../quench/support";
import { fightingRuleset, foundryRuleset } from "../../../rulesets";

type FighterDoc = Actor.Implementation;

export const HMZD_FIGHT_PACK = `${SYSTEM_ID}.hmzd-sample-fighters`;
export const ALDRIC_NAME = "Sir Aldric, knight";
export const BRIGAND_NAME = "Brigand";

/** The world setting that names the world's ruleset. */
const RULESET_SETTING = "ruleset";

/**
 * The scripted dice (seed 001; the pack's figures): the Initiative d100s (shown, not ordered
 * by, Z11); the swing 5 (CS) against the Block 100 (CF): three stars, two TAs (001:145, Z1);
 * one Impact and one Precision (Z6): the zone d4 shows 3 (from placement 1: zone 3, the left
 * arm, 001:23), the Precision re-roll 1 (the head), the d10 location 2 (the left shoulder,
 * 001:40); he keeps the first; impact d10 5; the Brigand's Shock test 88; his recovery test at
 * the end of his next turn 20 against his Shock EML (5 × Endurance 12 = 60, Z7).
 */
export const HMZD_FIGHT_DICE = Object.freeze({
  initiative: [50, 40],
  block: { attack: 5, defence: 100 } as DicePlan,
  spend: { zone: 3, "zone.1": 1, location: 2 } as DicePlan,
  pick: { impact: 5, shock: 88 } as DicePlan,
  recovery: 20,
});

/**
 * What the fight gives (the pack's figures and HMZD_FIGHT_DICE): 5 + base 3 + STR 15 (+2,
 * 001:64-70) + one Impact TA 5 = 15 Edge on the left shoulder, where the Brigand's leather vest
 * stops 4 (Z13): 11, an S3 (001:76-79); Shock 88 against 60 fails (F, +1), + shoulder 3 + IL 3
 * = 7: stunned (STN, 001:152-155).
 */
export const HMZD_FIGHT_FIGURES = Object.freeze({
  impact: 15,
  effectiveImpact: 11,
  injury: "S3",
  shockIndex: 7,
  state: "STN",
  status: "stunned",
});

interface HmzdFighterBlock {
  state: string;
  recovery: { at: string; armed: boolean };
  revision: number;
}

const hmzdOf = (actor: FighterDoc): HmzdFighterBlock =>
  blockOf(actor, "hmzd") as unknown as HmzdFighterBlock;

function itemNamed(actor: FighterDoc, name: string): string {
  const item = actor.items.contents.find((i) => i.type === "weapon" && i.name === name);
  if (!item?.id) throw new Error(`${actor.name} has no weapon "${name}".`);
  return item.id;
}

const req = (optionId: string, more: Partial<ChoiceRequest> = {}): ChoiceRequest => ({
  optionId,
  itemId: null,
  mode: null,
  aim: null,
  custom: [],
  ...more,
});

/** The batch. `stage` is Foundry's canvas (foundryStage) in Foundry, the stand-ins' in Node. */
export function hmzdFightBatch(context: QuenchContext, stage: QuenchStage): void {
  const { describe, it, before, after, assert } = context;

  describe("A zone-die fight run by the GM (pack fighters, scripted dice)", function () {
    this.timeout(BATCH_TIMEOUT_MS);
    let aldric: FighterDoc | null = null;
    let brigand: FighterDoc | null = null;
    let tokens: [StagedToken, StagedToken] | null = null;
    let cleanupStage: (() => Promise<void>) | null = null;
    let combat: Combat.Implementation | null = null;
    const created = new Set<string>();
    let hookId: number | null = null;
    let rulesetBefore: string | null = null;
    let applyModeBefore: string | undefined = undefined;
    let swordId = "";
    let shieldId = "";
    let cardId = "";
    let choice: ChoiceRequest = req("block");
    const originals = flowOriginals();

    const card = (id: string): ExchangeCard => {
      const message = game.messages.get(id);
      if (!message) throw new Error(`The exchange card ${id} is gone.`);
      return cardOf(message.system);
    };
    const result = (): HmzdResult => card(cardId).result as HmzdResult;
    /** Whether the current combatant's turn-start event has run in `round`. */
    const turnStarted = (round: number) => {
      const flags = combat!.combatant?.flags as
        | { "blow-by-blow"?: { turnEvents?: { turnStart?: number } } }
        | undefined;
      return combat!.round === round && flags?.["blow-by-blow"]?.turnEvents?.turnStart === round;
    };
    const combatantOf = (actor: FighterDoc) =>
      combat!.combatants.contents.find((c) => c.actorId === actor.id)!;
    /** Runs `step` with the dice showing `faces`, waiting for `done` before they are put back. */
    const withDice = async (
      faces: [number, number][],
      step: () => Promise<unknown>,
      done: () => boolean,
      what: string,
    ) => {
      CONFIG.Dice.randomUniform = scriptedUniform(faces);
      try {
        await step();
        await until(done, what);
      } finally {
        CONFIG.Dice.randomUniform = originals.randomUniform!;
      }
    };
    /**
     * The pending choice of the card answered with `request` by the chooser `who` (the card's
     * button, as the GM), the dice of `plan`; waits until the card's revision moves on.
     */
    const answer = async (who: FighterDoc, request: ChoiceRequest, plan: DicePlan) => {
      const before = card(cardId);
      const fr = fightingRuleset(foundryRuleset(before.ruleset)!);
      const { state, pending } = replayExchange(fr.ruleset, before);
      if (!pending) throw new Error("The exchange waits for no choice.");
      const value = fr.combat.buildChoice(
        pending,
        exchangeBuild(before),
        fighterSnapshot(who),
        request,
      );
      const parsed = fr.ruleset.parseChoice(state, value);
      const faces = planFaces(plan, (dice) => fr.ruleset.choose(state, parsed, dice));
      choice = request;
      await withDice(
        faces,
        () => defend(cardId, request.optionId),
        () => card(cardId).revision > before.revision,
        `${who.name}'s ${request.optionId}`,
      );
    };

    before(async () => {
      requireActiveGM();
      hookId = Hooks.on("createChatMessage", (message) => {
        const core = (message.flags as { core?: { initiativeRoll?: boolean } } | undefined)?.core;
        if (
          message.id &&
          (message.type === "exchange" ||
            Object.keys(systemFlags(message)).length > 0 ||
            core?.initiativeRoll === true)
        )
          created.add(message.id);
      });
      rulesetBefore = String(game.settings.get(SYSTEM_ID, RULESET_SETTING));
      await game.settings.set(SYSTEM_ID, RULESET_SETTING, "hmzd");
      applyModeBefore = game.settings.get(SYSTEM_ID, "applyMode");
      await game.settings.set(SYSTEM_ID, "applyMode", "ask");
      originals.randomUniform = CONFIG.Dice.randomUniform;
      aldric = await importActor(HMZD_FIGHT_PACK, ALDRIC_NAME);
      brigand = await importActor(HMZD_FIGHT_PACK, BRIGAND_NAME);
      swordId = itemNamed(aldric, "Broadsword");
      shieldId = itemNamed(brigand, "Round Shield");
      const placed = await stage.placeTokens([aldric, brigand]);
      tokens = placed.tokens;
      cleanupStage = placed.cleanup;
      combat = (await CONFIG.Combat.documentClass.create({ scene: placed.sceneId, active: true }))!;
      await combat.createEmbeddedDocuments(
        "Combatant",
        [aldric, brigand].map((actor, i) => ({
          actorId: actor.id,
          tokenId: tokens![i]!.id,
          sceneId: placed.sceneId,
        })),
      );
      // The attack dialog answers with the broadsword's swing from placement 1 (the head).
      AttackDialog.prompt = (input) =>
        Promise.resolve<AttackRequest>({
          itemId: swordId,
          mode: "0",
          aim: "1",
          band: null,
          situation: input.situation,
          custom: [],
        });
      DefenceDialog.prompt = () => Promise.resolve(choice);
    });

    after(async () => {
      await cleanUp([
        ...flowCleanUps(() => ({
          originals,
          hookId,
          combat,
          created,
          cleanupStage,
          actors: [aldric, brigand],
          applyModeBefore,
        })),
        () =>
          rulesetBefore === null
            ? undefined
            : game.settings.set(SYSTEM_ID, RULESET_SETTING, rulesetBefore),
      ]);
    });

    it("Roll All and Begin: round 1, both fighters unhurt", async () => {
      await withDice(
        HMZD_FIGHT_DICE.initiative.map((v) => [v, 100] as [number, number]),
        () => combat!.rollAll(),
        () => combat!.combatants.contents.every((c) => c.initiative !== null),
        "the Initiative dice",
      );
      await combat!.startCombat();
      // The first turn's start event has run (it writes its fighter's block: an attack declared
      // before it would no longer match the fighters, and be refused).
      await until(() => turnStarted(1), "the first turn");
      assert.equal(hmzdOf(brigand!).state, "none", "the Brigand's shock state");
    });

    it("Sir Aldric swings; the Brigand blocks and loses by three stars (two TAs)", async () => {
      await stage.target(tokens![1]);
      await withDice(
        [],
        async () => {
          const message = await attack({
            actorUuid: aldric!.uuid,
            tokenUuid: tokens![0].uuid,
            itemId: swordId,
          });
          assert.isNotNull(message, "attack() made no card");
          cardId = message!.id!;
        },
        () => !!cardId && card(cardId).state !== "declared",
        "the GM's client to accept the card",
      );
      const decl = card(cardId).declaration as { round: number; attack: { placement: number } };
      assert.equal(decl.round, 1, "the declaration counts the tracker's round (Z21)");
      assert.equal(decl.attack.placement, 1);
      await answer(brigand!, req("block", { itemId: shieldId }), HMZD_FIGHT_DICE.block);
      const pending = card(cardId).pending;
      assert.equal(pending?.kind, "spendStars", "the winner spends his stars");
      assert.equal(pending?.by, "attacker");
      assert.equal((pending?.data as { tacticalAdvantages?: number }).tacticalAdvantages, 2);
    });

    it("he spends one Impact and one Precision, then keeps the first zone rolled", async () => {
      const spend = req("impact", { counts: { impact: 1, precision: 1, action: 0, setup: 0 } });
      await answer(aldric!, spend, HMZD_FIGHT_DICE.spend);
      assert.equal(card(cardId).pending?.kind, "pickZone", "the Precision pick (Z5)");
      await answer(aldric!, req("0"), HMZD_FIGHT_DICE.pick);
      assert.equal(card(cardId).state, "resolved");
      const r = result();
      assert.deepEqual(r.spent, { impact: 1, precision: 1, action: 0, setup: 0 });
      assert.equal(r.strike?.zone, "arms");
      assert.deepEqual(r.strike?.zoneRolls, [3, 1]);
      assert.equal(r.strike?.location, "left-shoulder");
      assert.equal(r.strike?.impact, HMZD_FIGHT_FIGURES.impact, "the impact");
      assert.equal(r.strike?.effectiveImpact, HMZD_FIGHT_FIGURES.effectiveImpact, "past armour");
      assert.equal(r.strike?.injury, HMZD_FIGHT_FIGURES.injury, "the injury");
      assert.equal(r.strike?.shock?.index, HMZD_FIGHT_FIGURES.shockIndex, "the Shock Index");
      assert.equal(r.strike?.shock?.state, HMZD_FIGHT_FIGURES.state, "the shock state");
    });

    it("Apply: the injury item and the shock state as a condition, once", async () => {
      assert.equal(hmzdOf(brigand!).state, "none", "nothing applied before Apply");
      await apply(cardId);
      await until(() => card(cardId).state === "applied", "the card to be applied");
      const injuries = () => brigand!.items.contents.filter((i) => i.type === "injury");
      assert.lengthOf(injuries(), 1, "one injury item");
      const block = blockOf(injuries()[0]!, "hmzd");
      assert.equal(`${String(block.severity)}${String(block.level)}`, HMZD_FIGHT_FIGURES.injury);
      assert.equal(block.zone, "arms");
      assert.equal(block.side, "left");
      assert.equal(block.location, "shoulder");
      assert.equal(hmzdOf(brigand!).state, HMZD_FIGHT_FIGURES.state, "his shock state");
      assert.isTrue(brigand!.statuses.has(HMZD_FIGHT_FIGURES.status), "his token shows it");
      const revision = hmzdOf(brigand!).revision;
      await apply(cardId);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.lengthOf(injuries(), 1, "a second Apply makes no second injury");
      assert.equal(hmzdOf(brigand!).revision, revision, "nor changes his block");
    });

    it("Next Turn: his recovery Shock test at the end of his next turn ends the stun (Z15)", async () => {
      // On to the start of his next turn (no dice: the tracker's order is fixed).
      for (let i = 0; i < 4; i++) {
        if (combat!.combatant?.actorId === brigand!.id && hmzdOf(brigand!).recovery.armed) break;
        const before = `${combat!.round}.${combat!.turn}`;
        await withDice(
          [],
          () => combat!.nextTurn(),
          () => `${combat!.round}.${combat!.turn}` !== before && turnStarted(combat!.round),
          "the next turn to start",
        );
      }
      assert.equal(combat!.combatant?.actorId, brigand!.id, "the Brigand's turn");
      assert.isTrue(hmzdOf(brigand!).recovery.armed, "his test falls due at this turn's end");
      assert.equal(hmzdOf(brigand!).state, HMZD_FIGHT_FIGURES.state, "still stunned");
      await withDice(
        [[HMZD_FIGHT_DICE.recovery, 100]],
        () => combat!.nextTurn(),
        () => hmzdOf(brigand!).state !== HMZD_FIGHT_FIGURES.state,
        "the recovery test",
      );
      assert.equal(hmzdOf(brigand!).state, "none", "the stun is over");
      assert.isFalse(
        brigand!.statuses.has(HMZD_FIGHT_FIGURES.status),
        "his token no longer shows it",
      );
      assert.isFalse(combatantOf(brigand!).defeated);
    });
  });
}
