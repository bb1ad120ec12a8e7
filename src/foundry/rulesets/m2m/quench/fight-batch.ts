/**
 * Quench batch `blow-by-blow.m2m-fight`: a whole GURPS Man to Man fight run by the GM in the
 * world where the batch runs (docs/testing.md), through the system's own entry points only, as
 * test/foundry/combat/m2m-full-fight.test.ts scripts it on the stand-ins.
 *
 * It sets the world's ruleset to m2m, imports Fiendish Friedrick and Filthy Pierre from the m2m
 * sample fighters pack as throw-away world actors, puts their tokens on a throw-away scene (the
 * stage, ../../../quench/stage.ts) in a throw-away combat, and then does what the GM's clicks do:
 * Roll All and Begin Combat (the tracker), each turn's maneuver (`sendManeuver`, the maneuver
 * dialog's query), `attack` (the token HUD's button; the attack dialog answers with the axe at
 * the torso), `defend` (the card's defence buttons; the defence dialog answers), `apply` (the
 * card's Apply button, apply mode "ask") and Next Turn (the turn-start rolls). The dice are
 * Foundry Rolls whose faces are scripted through `CONFIG.Dice.randomUniform` (a die the script
 * did not foresee fails the step), so the fight is known: the axe takes Pierre to 0 HP and
 * stuns him, he rolls to stay conscious and to recover, chooses All-Out Attack, and the axe
 * takes him to −10 HP: a death check survived, unconscious, marked defeated and skipped by the
 * tracker. HP, conditions, statuses and the defeated mark are checked at each step. Everything
 * made is deleted afterwards, failure or not, and every setting and function replaced is put
 * back.
 */
import { flowCleanUps, flowOriginals } from "../../../quench/flow-run";
import type { AttackRequest, ChoiceRequest } from "../../../../core/combat";
import { replayExchange, type ExchangeCard } from "../../../../core/flow";
import { parseFighterBlock, type M2mFighterState } from "../../../../rules/m2m/flow";
import { apply, attack, defend } from "../../../combat/actions";
import { AttackDialog } from "../../../combat/attack-dialog";
import { DefenceDialog } from "../../../combat/defence-dialog";
import { sendManeuver } from "../../../combat/maneuver-action";
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
import { readFight } from "../fight";

type Obj = Record<string, unknown>;
type FighterDoc = Actor.Implementation;

export const FIGHT_PACK = `${SYSTEM_ID}.m2m-sample-fighters`;
export const FRIEDRICK_NAME = "Fiendish Friedrick";
export const PIERRE_NAME = "Filthy Pierre";

/** The world setting that names the world's ruleset. */
const RULESET_SETTING = "ruleset";

/**
 * The scripted dice (seed 004; the pack's figures): the sequence dice (Friedrick 2, Pierre 5:
 * Friedrick's Move 5 beats Pierre's 4 whatever they show, L1600-1602); the axe's swing, 10
 * against Axe/Mace 12; Pierre's dodge, 16 against 7, failed; 1d+4 cutting showing 4: 8 basic,
 * DR 1, 7 through, ×1.5: 10 injury, 10 → 0 HP; the major wound's knockdown roll 6 against HT 10:
 * he stays up, stunned (L1868-1870). His turn: 6 against HT 10 to stay conscious at 0 HP, 6 to
 * recover from the stun (L1870-1876). Round 3: the swing again against his PD alone (17, after
 * All-Out Attack he has no active defence, L1660), 4 again: 0 → −10 HP, a death check at −10,
 * 6 against HT 10, survived; unconscious (L1874-1878).
 */
export const FIGHT_DICE = Object.freeze({
  sequence: [2, 5],
  swing: [3, 3, 4],
  firstDefence: { defence: [6, 5, 5], damage: 4, knockdown: [1, 2, 3] } as DicePlan,
  pierreTurn1: [1, 2, 3, 1, 2, 3],
  pierreTurn: [1, 2, 3],
  lastDefence: { defence: [6, 6, 5], damage: 4, death: [2, 2, 2] } as DicePlan,
});

/** What the fight leaves, step by step (the pack's figures and FIGHT_DICE). */
export const FIGHT_FIGURES = Object.freeze({
  pierreHp: 10,
  friedrickHp: 14,
  afterFirstHit: 0,
  afterLastHit: -10,
});

/** A fighter's block now (its sheet's HP), or null outside a fight. */
export function fightState(actor: FighterDoc): (M2mFighterState & { revision: number }) | null {
  const block = readFight(fighterSnapshot(actor));
  return block ? { revision: block.revision, ...parseFighterBlock(block).state } : null;
}

const hpOf = (actor: FighterDoc): number => blockOf(actor, "m2m").hp as number;

function itemNamed(actor: FighterDoc, name: string): string {
  const item = actor.items.contents.find((i) => i.type === "weapon" && i.name === name);
  if (!item?.id) throw new Error(`${actor.name} has no weapon "${name}".`);
  return item.id;
}

/** Dice faces of `values`, each a d6. */
const d6 = (values: readonly number[]): [number, number][] => values.map((v) => [v, 6]);

/** The batch. `stage` is Foundry's canvas (foundryStage) in Foundry, the stand-ins' in Node. */
export function m2mFightBatch(context: QuenchContext, stage: QuenchStage): void {
  const { describe, it, before, after, assert } = context;

  describe("A whole GURPS Man to Man fight run by the GM (pack fighters, scripted dice)", function () {
    this.timeout(BATCH_TIMEOUT_MS);
    let friedrick: FighterDoc | null = null;
    let pierre: FighterDoc | null = null;
    let tokens: [StagedToken, StagedToken] | null = null;
    let cleanupStage: (() => Promise<void>) | null = null;
    let combat: Combat.Implementation | null = null;
    const created = new Set<string>();
    let hookId: number | null = null;
    let rulesetBefore: string | null = null;
    let applyModeBefore: string | undefined = undefined;
    let axeId = "";
    let defence: ChoiceRequest["optionId"] = "dodge";
    const originals = flowOriginals();

    const card = (id: string): ExchangeCard => {
      const message = game.messages.get(id);
      if (!message) throw new Error(`The exchange card ${id} is gone.`);
      return cardOf(message.system);
    };
    const current = () => ({ combatId: combat!.id!, combatantId: combat!.combatant!.id! });
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
    /** The GM chooses `maneuver` for the current combatant (the maneuver dialog's query). */
    const choose = async (choice: Obj, who: FighterDoc) => {
      assert.equal(combat!.combatant?.actorId, who.id, `${who.name}'s turn`);
      const ok = await sendManeuver(current(), choice);
      assert.isTrue(ok, `${who.name}'s ${String(choice.maneuver)} is accepted`);
      await until(() => fightState(who)?.maneuver === choice.maneuver, `${who.name}'s maneuver`);
    };
    /** The axe swing at the torso (the dice show FIGHT_DICE.swing); the card's id. */
    const swing = async (): Promise<string> => {
      await stage.target(tokens![1]);
      let id = "";
      await withDice(
        d6(FIGHT_DICE.swing),
        async () => {
          const message = await attack({
            actorUuid: friedrick!.uuid,
            tokenUuid: tokens![0].uuid,
            itemId: axeId,
          });
          assert.isNotNull(message, "attack() made no card");
          id = message!.id!;
        },
        () => !!id && card(id).state !== "declared",
        "the GM's client to accept the card",
      );
      return id;
    };
    /** Pierre's defence `optionId` with the dice of `plan`; waits for the exchange to resolve. */
    const defendWith = async (id: string, optionId: string, plan: DicePlan) => {
      const before = card(id);
      const fr = fightingRuleset(foundryRuleset(before.ruleset)!);
      const { state, pending } = replayExchange(fr.ruleset, before);
      const request: ChoiceRequest = { optionId, itemId: null, mode: null, aim: null, custom: [] };
      const value = fr.combat.buildChoice(
        pending!,
        exchangeBuild(before),
        fighterSnapshot(pierre!),
        request,
      );
      const choice = fr.ruleset.parseChoice(state, value);
      const faces = planFaces(plan, (dice) => fr.ruleset.choose(state, choice, dice));
      defence = optionId;
      await withDice(
        faces,
        () => defend(id, optionId),
        () => card(id).state === "resolved",
        "the exchange to resolve",
      );
    };
    /** Next Turn; the turn start's dice show `faces`; waits for `who`'s turn `turn` to start. */
    const nextTurn = async (faces: number[], who: FighterDoc, turn: number) => {
      await withDice(
        d6(faces),
        () => combat!.nextTurn(),
        () => fightState(who)?.turn === turn,
        `${who.name}'s turn ${turn}`,
      );
    };

    before(async () => {
      // The batch switches the world to m2m itself; it needs the active GM's client.
      requireActiveGM();
      // The messages the fight makes (exchange cards, requests, turn cards, maneuvers and the
      // sequence dice's initiative rolls), not what other users write meanwhile.
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
      await game.settings.set(SYSTEM_ID, RULESET_SETTING, "m2m");
      applyModeBefore = game.settings.get(SYSTEM_ID, "applyMode");
      await game.settings.set(SYSTEM_ID, "applyMode", "ask");
      originals.randomUniform = CONFIG.Dice.randomUniform;
      friedrick = await importActor(FIGHT_PACK, FRIEDRICK_NAME);
      pierre = await importActor(FIGHT_PACK, PIERRE_NAME);
      axeId = itemNamed(friedrick, "Axe");
      const placed = await stage.placeTokens([friedrick, pierre]);
      tokens = placed.tokens;
      cleanupStage = placed.cleanup;
      combat = (await CONFIG.Combat.documentClass.create({ scene: placed.sceneId, active: true }))!;
      await combat.createEmbeddedDocuments(
        "Combatant",
        [friedrick, pierre].map((actor, i) => ({
          actorId: actor.id,
          tokenId: tokens![i]!.id,
          sceneId: placed.sceneId,
        })),
      );
      AttackDialog.prompt = (input) =>
        Promise.resolve<AttackRequest>({
          itemId: axeId,
          mode: "0",
          aim: "torso",
          band: null,
          situation: input.situation,
          custom: [],
        });
      DefenceDialog.prompt = () =>
        Promise.resolve({ optionId: defence, itemId: null, mode: null, aim: null, custom: [] });
    });

    after(async () => {
      await cleanUp([
        ...flowCleanUps(() => ({
          originals,
          hookId,
          combat,
          created,
          cleanupStage,
          actors: [friedrick, pierre],
          applyModeBefore,
        })),
        () =>
          rulesetBefore === null
            ? undefined
            : game.settings.set(SYSTEM_ID, RULESET_SETTING, rulesetBefore),
      ]);
    });

    it("Roll All and Begin: Friedrick moves first, both blocks seeded from the sheets", async () => {
      await withDice(
        d6(FIGHT_DICE.sequence),
        () => combat!.rollAll(),
        () => combat!.combatants.contents.every((c) => c.initiative !== null),
        "the sequence dice",
      );
      await combat!.startCombat();
      await until(() => fightState(friedrick!)?.turn === 1, "Friedrick's first turn");
      assert.equal(combat!.combatant?.actorId, friedrick!.id, "Friedrick (Move 5) acts first");
      const p = fightState(pierre!);
      assert.isNotNull(p, "Pierre's block is seeded as the combat starts");
      assert.deepEqual(p!.conditions, []);
      assert.equal(fightState(friedrick!)!.hp, FIGHT_FIGURES.friedrickHp, "Friedrick's HP");
      // Last, so that the fight goes on whatever it finds (the next tests check what follows).
      assert.equal(p!.hp, FIGHT_FIGURES.pierreHp, "Pierre's HP");
    });

    it("round 1: Friedrick's axe takes Pierre to 0 HP, stunned; applied once", async () => {
      await choose({ maneuver: "attack" }, friedrick!);
      const id = await swing();
      assert.equal(card(id).state, "awaitingDefence");
      const hpBefore = hpOf(pierre!);
      await defendWith(id, "dodge", FIGHT_DICE.firstDefence);
      assert.equal(hpOf(pierre!), hpBefore, "nothing applied before Apply");
      await apply(id);
      await until(() => card(id).state === "applied", "the card to be applied");
      assert.deepEqual([...pierre!.statuses].sort(), ["shocked", "stunned"]);
      const applied = { revision: fightState(pierre!)!.revision, hp: hpOf(pierre!) };
      await apply(id);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(
        { revision: fightState(pierre!)!.revision, hp: hpOf(pierre!) },
        applied,
        "a second Apply changes nothing",
      );
      assert.equal(hpOf(pierre!), FIGHT_FIGURES.afterFirstHit, "Pierre's HP");
    });

    it("round 1, Pierre's turn: he stays conscious and recovers from the stun; All-Out Attack", async () => {
      await nextTurn(FIGHT_DICE.pierreTurn1, pierre!, 1);
      assert.equal(combat!.combatant?.actorId, pierre!.id);
      assert.deepEqual(
        fightState(pierre!)!.conditions.map((c) => c.condition),
        ["shocked"],
        "the stun is over, the shock lasts through his turn",
      );
      assert.isFalse(pierre!.statuses.has("stunned"));
      await choose({ maneuver: "all-out-attack" }, pierre!);
    });

    it("round 2: Friedrick readies his axe; Pierre rolls to stay conscious again", async () => {
      await nextTurn([], friedrick!, 2);
      assert.deepEqual(fightState(pierre!)!.conditions, [], "Pierre's shock ended with his turn");
      assert.equal(fightState(friedrick!)!.weapons[axeId]?.turnsToReady, 1, "axe unready (§4.6)");
      await choose({ maneuver: "ready", weapon: axeId }, friedrick!);
      assert.equal(fightState(friedrick!)!.weapons[axeId]?.turnsToReady ?? 0, 0, "axe ready");
      await nextTurn(FIGHT_DICE.pierreTurn, pierre!, 2);
      await choose({ maneuver: "all-out-attack" }, pierre!);
    });

    it("round 3: with no defence after All-Out Attack, the axe takes Pierre to −10 HP: a death check survived, unconscious", async () => {
      await nextTurn([], friedrick!, 3);
      await choose({ maneuver: "attack" }, friedrick!);
      const id = await swing();
      await defendWith(id, "none", FIGHT_DICE.lastDefence);
      await apply(id);
      await until(() => card(id).state === "applied", "the card to be applied");
      const held = fightState(pierre!)!.conditions.map((c) => c.condition);
      assert.include(held, "unconscious");
      assert.notInclude(held, "dead");
      assert.isTrue(pierre!.statuses.has("unconscious"), "Pierre's token shows it");
      assert.isFalse(combatantOf(friedrick!).defeated);
      assert.equal(hpOf(pierre!), FIGHT_FIGURES.afterLastHit, "Pierre's HP");
    });

    it("round 3, Pierre's turn: out of the fight, marked defeated and skipped", async () => {
      await withDice(
        [],
        () => combat!.nextTurn(),
        () => combatantOf(pierre!).defeated && combat!.round === 4,
        "Pierre to be marked defeated and skipped",
      );
      assert.isTrue(combatantOf(pierre!).defeated, "Pierre's combatant is defeated");
      assert.isFalse(combatantOf(friedrick!).defeated, "Friedrick's is not");
      assert.equal(combat!.combatant?.actorId, friedrick!.id, "the tracker moved on to Friedrick");
      assert.equal(hpOf(friedrick!), FIGHT_FIGURES.friedrickHp, "Friedrick unhurt");
    });

    it("ending the combat clears both blocks and writes back what outlasts the fight", async () => {
      await combat!.delete();
      await until(() => fightState(pierre!) === null, "the blocks to be cleared");
      combat = null;
      assert.isNull(fightState(friedrick!));
      const encounter = blockOf(pierre!, "m2m").encounter as Obj;
      assert.isTrue(encounter.unconscious, "Pierre stays unconscious after the fight");
      assert.equal(encounter.shock, 0);
    });
  });
}
