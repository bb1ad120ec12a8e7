/**
 * Quench batch `blow-by-blow.exchange`: one whole HM3 exchange run by the GM through the
 * system's own entry points, in the world where the batch runs (docs/testing.md).
 *
 * It imports Sir Aldric and the Brigand from the sample fighters pack as throw-away world actors,
 * puts their tokens on a throw-away scene (the stage, stage.ts) in a throw-away combat, and then
 * does what a GM's clicks do: `attack` (the token HUD's button; the attack dialog answers with a
 * fixed request), `defend` (the card's Block button; the defence dialog answers with the shield),
 * `apply` (the card's Apply button, apply mode "ask"), and Apply again. The dice the GM's client
 * rolls are Foundry Rolls whose faces are scripted through `CONFIG.Dice.randomUniform`, so the
 * result is known: the exchange card's states, the injury item, the conditions and the combat
 * tracker's defeated mark are asserted. Everything made is deleted afterwards, failure or not,
 * and every setting and function replaced is put back.
 */
import { flowCleanUps, flowOriginals } from "../../../quench/flow-run";
import type { AttackRequest, ChoiceRequest } from "../../../../core/combat";
import { replayExchange, type ExchangeCard } from "../../../../core/flow";
import type { Hm3Result } from "../../../../rules/hm3";
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
  requireWorldRuleset,
  SYSTEM_ID,
  until,
} from "../../../quench/support";
import { fightingRuleset, foundryRuleset } from "../../../rulesets";

type Obj = Record<string, unknown>;

export const FIGHTERS_PACK = `${SYSTEM_ID}.hm3-sample-fighters`;
/** The pack's names of the two fighters (packs/_source/hm3-sample-fighters). */
export const ATTACKER_NAME = "Sir Aldric, knight";
export const DEFENDER_NAME = "Brigand";

/**
 * The scripted dice of the Brigand's block and what they make (HM3, hm3.md; the pack's figures):
 * attack d100 05 against Sir Aldric's broadsword EML 62 (AML 87, physical penalty -25): a
 * critical success (≤ EML, a multiple of 5); defence d100 96 against the Brigand's shield DML 65:
 * a marginal failure. CS against MF is A*2: two impact dice. Location 50: the thorax. Impact
 * 5 (broadsword, edge) + 6 + 6 = 17, less 4 for the leather vest (edge) = 13: G4 on the thorax
 * table (13-16). Shock: 4d6 all 6s = 24 against endurance 12: failed, so the Brigand is in shock,
 * which HM3 counts as incapacitating: the tracker marks him defeated.
 */
export const HEAVY_BLOCK: DicePlan = { attack: 5, defence: 96, location: 50, impact: 6, shock: 6 };

/** What HEAVY_BLOCK gives, as the card records it. */
export const HEAVY_BLOCK_RESULT = Object.freeze({
  result: "A*2",
  location: "thorax",
  impact: 17,
  armour: 4,
  effectiveImpact: 13,
  injury: "G4",
  injuryLevel: 4,
  condition: "shock",
});

/** A throw-away fighter: a world Actor made from the sample fighters pack. */
export type FighterDoc = Actor.Implementation;

/** Fails unless this client is the active GM's and the world plays HM3. */
export function requireGMAndHM3(): void {
  requireActiveGM();
  requireWorldRuleset("hm3", "exchange");
}

/** Imports a fighter of the HM3 sample fighters pack as a throw-away world actor. */
export const importFighter = (name: string): Promise<FighterDoc> =>
  importActor(FIGHTERS_PACK, name);

function itemNamed(actor: FighterDoc, type: string, name: string): Item.Implementation {
  const item = actor.items.contents.find((i) => i.type === type && i.name === name);
  if (!item?.id) throw new Error(`${actor.name} has no ${type} "${name}".`);
  return item;
}

/** A document's HM3 block, read as the plain data the batches compare. */
export const hm3Of = (doc: { system: unknown }): Obj => blockOf(doc, "hm3");

export function injuries(actor: FighterDoc): { name: string; hm3: Obj }[] {
  return actor.items.contents
    .filter((i) => i.type === "injury")
    .map((i) => ({ name: i.name, hm3: hm3Of(i) }));
}

/** The batch. `stage` is Foundry's canvas (foundryStage) in Foundry, the stand-ins' in Node. */
export function exchangeBatch(context: QuenchContext, stage: QuenchStage): void {
  const { describe, it, before, after, assert } = context;

  describe("A whole HM3 exchange run by the GM (sample fighters, scripted dice)", function () {
    this.timeout(BATCH_TIMEOUT_MS);
    let aldric: FighterDoc | null = null;
    let brigand: FighterDoc | null = null;
    let tokens: [StagedToken, StagedToken] | null = null;
    let cleanupStage: (() => Promise<void>) | null = null;
    let combat: Combat.Implementation | null = null;
    let messageId = "";
    const created = new Set<string>();
    let hookId: number | null = null;
    let applyModeBefore: string | undefined = undefined;
    let swordId = "";
    let shieldId = "";
    const originals = flowOriginals();

    /** The Brigand's answer to the defence prompt: block with the shield. */
    const blockRequest = (): ChoiceRequest => ({
      optionId: "block",
      itemId: shieldId,
      mode: null,
      aim: null,
      custom: [],
    });

    const card = (): ExchangeCard => {
      const message = game.messages.get(messageId);
      if (!message) throw new Error(`The exchange card ${messageId} is gone.`);
      return cardOf(message.system);
    };

    before(async () => {
      requireGMAndHM3();
      // The system's messages made during the run (exchange cards, request messages), not
      // what other users write meanwhile.
      hookId = Hooks.on("createChatMessage", (message) => {
        if (message.id && (message.type === "exchange" || systemFlags(message).request))
          created.add(message.id);
      });
      applyModeBefore = game.settings.get(SYSTEM_ID, "applyMode");
      await game.settings.set(SYSTEM_ID, "applyMode", "ask");
      originals.randomUniform = CONFIG.Dice.randomUniform;
      aldric = await importFighter(ATTACKER_NAME);
      brigand = await importFighter(DEFENDER_NAME);
      swordId = itemNamed(aldric, "weapon", "Broadsword").id!;
      shieldId = itemNamed(brigand, "weapon", "Round Shield").id!;
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
      await combat.startCombat();
      // The dialogs answer as the GM would: Sir Aldric's broadsword, edge, mid; the shield block.
      AttackDialog.prompt = (input) =>
        Promise.resolve<AttackRequest>({
          itemId: swordId,
          mode: "edge",
          aim: "mid",
          band: null,
          situation: input.situation,
          custom: [],
        });
      DefenceDialog.prompt = () => Promise.resolve(blockRequest());
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
      ]);
    });

    it("the GM's attack makes an exchange card that awaits the Brigand's defence", async () => {
      await stage.target(tokens![1]);
      const message = await attack({
        actorUuid: aldric!.uuid,
        tokenUuid: tokens![0].uuid,
        itemId: swordId,
      });
      assert.isNotNull(message, "attack() made no card");
      messageId = message!.id!;
      await until(() => card().state !== "declared", "the GM's client to accept the card");
      const c = card();
      assert.equal(c.state, "awaitingDefence");
      assert.equal(c.attacker.actorUuid, aldric!.uuid);
      assert.equal(c.defender.actorUuid, brigand!.uuid);
      assert.equal(c.pending?.by, "defender");
    });

    it("the Brigand's block with scripted dice resolves: A*2, G4 to the thorax, shock failed", async () => {
      const before = card();
      const fr = fightingRuleset(foundryRuleset(before.ruleset)!);
      const { state, pending } = replayExchange(fr.ruleset, before);
      const request = blockRequest();
      const chooser = fighterSnapshot(brigand!);
      const value = fr.combat.buildChoice(pending!, exchangeBuild(before), chooser, request);
      const choice = fr.ruleset.parseChoice(state, value);
      const faces = planFaces(HEAVY_BLOCK, (dice) => fr.ruleset.choose(state, choice, dice));
      CONFIG.Dice.randomUniform = scriptedUniform(faces);
      try {
        await defend(messageId, "block");
        await until(() => card().state !== "awaitingDefence", "the exchange to resolve");
      } finally {
        CONFIG.Dice.randomUniform = originals.randomUniform!;
      }
      const c = card();
      assert.equal(c.state, "resolved");
      // The card holds the rulesets' common ExchangeRecord; this exchange is HM3's (the batch
      // requires the hm3 ruleset), so it is HM3's record.
      const result = c.result as Hm3Result;
      const want = HEAVY_BLOCK_RESULT;
      assert.equal(result.result, want.result);
      assert.lengthOf(result.strikes, 1);
      const strike = result.strikes[0]!;
      assert.deepEqual(
        [strike.by, strike.location, strike.impact, strike.armour, strike.effectiveImpact],
        ["attacker", want.location, want.impact, want.armour, want.effectiveImpact],
      );
      assert.deepEqual([strike.injury, strike.injuryLevel], [want.injury, want.injuryLevel]);
      assert.isTrue(strike.shock?.failed, "the Brigand fails his shock roll");
      assert.ok(
        result.effects.some(
          (e) => e.type === "condition" && e.to === "defender" && e.condition === want.condition,
        ),
        "the card's effects put the Brigand in shock",
      );
    });

    it("apply mode ask: nothing is applied before the GM's Apply", () => {
      assert.lengthOf(injuries(brigand!), 0);
      assert.isFalse(brigand!.statuses.has(HEAVY_BLOCK_RESULT.condition));
      assert.isFalse(combat!.combatants.contents.some((c) => c.defeated));
    });

    it("Apply makes the injury item, the shock condition and the tracker's defeated mark", async () => {
      await apply(messageId);
      await until(() => card().state === "applied", "the card to be applied");
      const items = injuries(brigand!);
      assert.lengthOf(items, 1);
      assert.equal(items[0]!.hm3.location, HEAVY_BLOCK_RESULT.location);
      assert.equal(items[0]!.hm3.level, HEAVY_BLOCK_RESULT.injuryLevel);
      assert.equal(items[0]!.hm3.severity, "G");
      assert.isTrue(brigand!.statuses.has(HEAVY_BLOCK_RESULT.condition));
      const byActor = (actor: FighterDoc) =>
        combat!.combatants.contents.find((c) => c.actorId === actor.id);
      assert.isTrue(byActor(brigand!)?.defeated, "the Brigand's combatant is defeated");
      assert.isFalse(byActor(aldric!)?.defeated, "Sir Aldric's combatant is not");
      assert.lengthOf(injuries(aldric!), 0);
      assert.equal(card().applied?.userId, game.user.id);
    });

    it("a second Apply is refused and changes nothing", async () => {
      const applied = card();
      await apply(messageId);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(card().revision, applied.revision);
      assert.lengthOf(injuries(brigand!), 1);
    });
  });
}
