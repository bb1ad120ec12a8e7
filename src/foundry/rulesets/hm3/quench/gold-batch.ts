/**
 * Quench batch `blow-by-blow.gold`: HârnMaster Gold options (issue 19; seed 000) in play in the
 * world where the batch runs, through the system's own entry points (docs/testing.md).
 *
 * It switches six Gold options on through the Gold menu's own save (`saveRuleValues`, what the
 * "HârnMaster Gold options" window does; every other Gold option of the menu off, so the
 * result is known; a rule that asks for a reload must be off already, else the batch stops at
 * once saying so), imports Sir
 * Aldric and the Brigand from the HM3 sample fighters pack as throw-away world actors, puts their
 * tokens side by side on a throw-away scene (the stage, ../../../quench/stage.ts) in a
 * throw-away combat, and does what the GM's clicks do: Roll All (Gold initiative, G60), the
 * token HUD's `attack` with the attack dialog answering (aimed melee at the neck with AAPs, G9;
 * an angry strike, G10), the card's Block (`defend`), the Brigand's handaxe against Sir
 * Aldric's plate (blunt trauma, G13), a Long Reach weapon against an adjacent foe (refused,
 * G68), the Disengage action (G67), and the options switched off again (their dialog rows gone).
 * The dice are Foundry Rolls whose faces are scripted through `CONFIG.Dice.randomUniform`. The
 * menu's options, the apply mode, the dialogs and the dice are put back and everything made is
 * deleted afterwards, failure or not.
 */
import { flowCleanUps, flowOriginals } from "../../../quench/flow-run";
import type { AttackRequest, CatalogRowInput, ChoiceRequest } from "../../../../core/combat";
import { replayExchange, type ExchangeCard } from "../../../../core/flow";
import { parseDeclaration, type Hm3Result } from "../../../../rules/hm3";
import { AIM_ROW } from "../../../../rules/hm3/gold/aim";
import { IMPACT_ROWS } from "../../../../rules/hm3/gold/impact-combat";
import { REACH_KEYS } from "../../../../rules/hm3/gold/turns-reach";
import { renderExchangeCard } from "../../../chat/render";
import { attack, defend } from "../../../combat/actions";
import { AttackDialog, type AttackDialogInput } from "../../../combat/attack-dialog";
import { DefenceDialog } from "../../../combat/defence-dialog";
import { exchangeBuild, systemFlags } from "../../../combat/query-common";
import {
  combatSettingMenus,
  saveRuleValues,
  worldOptions,
  type SettingMenuDefinition,
} from "../../../combat/settings";
import { fighterSnapshot } from "../../../combat/snapshot";
import { initiativeFormula } from "../../../combat/tracker";
import { cardOf } from "../../../data/chat-message/exchange";
import { BATCH_TIMEOUT_MS, type QuenchContext } from "../../../quench/context";
import { planFaces, scriptedUniform, type DicePlan } from "../../../quench/dice-plan";
import { STAGE_GRID, type QuenchStage, type StagedToken } from "../../../quench/stage";
import { cleanUp, importActor, SYSTEM_ID, until } from "../../../quench/support";
import { fightingRuleset, foundryRuleset } from "../../../rulesets";
import { IMPACT_CARD_KEYS } from "../card-impact";
import { DISENGAGE_KEYS } from "../disengage";
import { disengage } from "../disengage-action";
import { answerDisengage } from "../disengage-foes";
import { FIGHTERS_PACK, requireGMAndHM3 } from "./exchange-batch";

type FighterDoc = Actor.Implementation;

export const ALDRIC_NAME = "Sir Aldric, knight";
export const BRIGAND_NAME = "Brigand";

/** The Gold options the batch plays, switched on through the Gold menu (every other one off). */
export const GOLD_BATCH_OPTIONS = Object.freeze([
  "aimedMelee",
  "angryStrike",
  "bluntTrauma",
  "initiative",
  "weaponReach",
  "disengaging",
]);

/** The Gold options whose dialog rows the last test switches off again. */
export const GOLD_ROW_OPTIONS = Object.freeze(["aimedMelee", "angryStrike"]);

/**
 * Sir Aldric's aimed angry swing (G9, G10): at the neck (the Head zone, −10, 000:7) with 10 AAPs
 * (−10, 000:11), sacrificing 10 EML in anger (−10, +1 impact, 000:21).
 */
export const AIMED_ANGRY_ROWS: readonly CatalogRowInput[] = Object.freeze([
  { id: AIM_ROW.location, param: "neck" },
  { id: AIM_ROW.aap, param: 10 },
  { id: IMPACT_ROWS.angry, param: 10 },
]);

/** The Gold modifiers the swing's declaration itemises, by key. */
export const AIMED_ANGRY_MODIFIERS = Object.freeze([
  ["gold.angry", -10],
  ["gold.aimZone", -10],
  ["gold.aap", -10],
]);

/**
 * The scripted dice (the pack's figures): the tracker's d100s (Gold initiative, INI + 1d100,
 * 000:151); Sir Aldric's aimed angry swing 05 (CS) against the Brigand's shield block 96 (MF):
 * A*2, the location d100 25 in the High column moved by 6 of his 10 AAPs to 31, the neck (G4),
 * impact dice 1s; the Brigand's handaxe 05 (CS) against Sir Aldric's shield block 96 (MF):
 * A*2, location 93 in the Mid column (the calf, 003:69; odd: the left one), impact
 * dice 1s; the Disengage: his Initiative 05 (CS) and the Brigand's 96 (a failure).
 */
export const GOLD_DICE = Object.freeze({
  initiative: [40, 70],
  swing: { attack: 5, defence: 96, location: 25, impact: 1, shock: 1 } as DicePlan,
  handaxe: { attack: 5, defence: 96, location: 93, impact: 1, shock: 1 } as DicePlan,
  disengage: [5, 96],
});

/**
 * What the scripted dice give (the pack's figures): the tracker's bases are the Initiative EMLs,
 * ML less the physical penalty (Sir Aldric 64 − 25 = 39, the Brigand 52 − 5 = 47). The swing
 * lands on the neck with the angry strike's +1 (000:21). The handaxe: Edge 6 + 1 + 1 = 8 less
 * the leather boots' 4 = 4, a non-penetrating strike (1-4, 000:33), recalculated as Blunt:
 * 4 + 1 + 1 = 6 less the boots' Blunt 2 = 4 (000:37).
 */
export const GOLD_FIGURES = Object.freeze({
  initiativeBase: { aldric: 39, brigand: 47 },
  swing: { result: "A*2", location: "neck", angryBonus: 1 },
  handaxe: { location: "left-calf", blunt: { impact: 6, armour: 2, effectiveImpact: 4 } },
});

function weaponId(actor: FighterDoc, name: string): string {
  const item = actor.items.contents.find((i) => i.type === "weapon" && i.name === name);
  if (!item?.id) throw new Error(`${actor.name} has no weapon "${name}".`);
  return item.id;
}

/** A card's text as a reader sees it: the tags dropped, Handlebars' escapes read back. */
export function cardText(html: string): string {
  const entities: Record<string, string> = {
    "&amp;": "&",
    "&lt;": "<",
    "&gt;": ">",
    "&quot;": '"',
    "&#x27;": "'",
    "&#39;": "'",
    "&#x60;": "`",
    "&#x3D;": "=",
  };
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:amp|lt|gt|quot|#x27|#39|#x60|#x3D);/g, (e) => entities[e] ?? e)
    .replace(/\s+/g, " ");
}

const block = (itemId: string): ChoiceRequest => ({
  optionId: "block",
  itemId,
  mode: null,
  aim: null,
  custom: [],
});

/** The batch. `stage` is Foundry's canvas (foundryStage) in Foundry, the stand-ins' in Node. */
export function goldBatch(context: QuenchContext, stage: QuenchStage): void {
  const { describe, it, before, after, assert } = context;

  describe("HârnMaster Gold options in play (sample fighters, scripted dice)", function () {
    this.timeout(BATCH_TIMEOUT_MS);
    let aldric: FighterDoc | null = null;
    let brigand: FighterDoc | null = null;
    let tokens: [StagedToken, StagedToken] | null = null;
    let cleanupStage: (() => Promise<void>) | null = null;
    let combat: Combat.Implementation | null = null;
    const created = new Set<string>();
    let hookId: number | null = null;
    let menu: SettingMenuDefinition | null = null;
    let optionsBefore: Record<string, boolean> | null = null;
    let applyModeBefore: string | undefined = undefined;
    let swingId = "";
    const ids = { sword: "", knightShield: "", handaxe: "", roundShield: "" };
    /** What the attack dialog answers next (null: the user cancels) and what it was offered. */
    let answer: ((input: AttackDialogInput) => AttackRequest | null) | null = null;
    let offered: AttackDialogInput | null = null;
    let defence: ChoiceRequest = block("");
    const originals = flowOriginals();

    const card = (id: string): ExchangeCard => {
      const message = game.messages.get(id);
      if (!message) throw new Error(`The exchange card ${id} is gone.`);
      return cardOf(message.system);
    };
    const cards = () => game.messages.contents.filter((m) => m.type === "exchange").length;
    const withDice = async (faces: [number, number][], step: () => Promise<unknown>) => {
      CONFIG.Dice.randomUniform = scriptedUniform(faces);
      try {
        await step();
      } finally {
        CONFIG.Dice.randomUniform = originals.randomUniform!;
      }
    };
    const request = (input: AttackDialogInput, itemId: string, more: Partial<AttackRequest>) => ({
      itemId,
      mode: "edge",
      aim: "mid",
      band: null,
      situation: input.situation,
      custom: [],
      ...more,
    });

    /** The attacker's attack at the target its user targets, the dialog answering `reply`. */
    const attackWith = async (
      who: FighterDoc,
      token: StagedToken,
      target: StagedToken,
      reply: (input: AttackDialogInput) => AttackRequest | null,
    ): Promise<string | null> => {
      offered = null;
      answer = reply;
      await stage.target(target);
      const message = await attack({ actorUuid: who.uuid, tokenUuid: token.uuid });
      if (!message?.id) return null;
      const id = message.id;
      await until(() => card(id).state !== "declared", "the GM's client to accept the card");
      return id;
    };

    /** The defender's block (the card's button), the dice showing `plan`: the card resolves. */
    const blockWith = async (id: string, who: FighterDoc, shieldId: string, plan: DicePlan) => {
      const before = card(id);
      const fr = fightingRuleset(foundryRuleset(before.ruleset)!);
      const { state, pending } = replayExchange(fr.ruleset, before);
      if (!pending) throw new Error("The exchange waits for no defence.");
      defence = block(shieldId);
      const value = fr.combat.buildChoice(
        pending,
        exchangeBuild(before),
        fighterSnapshot(who),
        defence,
      );
      const choice = fr.ruleset.parseChoice(state, value);
      const faces = planFaces(plan, (dice) => fr.ruleset.choose(state, choice, dice));
      await withDice(faces, async () => {
        await defend(id, "block");
        await until(() => card(id).state !== "awaitingDefence", "the exchange to resolve");
      });
      assert.equal(card(id).state, "resolved");
      return card(id).result as Hm3Result;
    };

    /** The card's text as the GM's client renders it. */
    const rendered = async (id: string) =>
      cardText(await renderExchangeCard(game.messages.get(id)!));

    before(async () => {
      requireGMAndHM3();
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
      menu = combatSettingMenus().find((d) => d.rules.some((r) => r.id === "aimedMelee")) ?? null;
      if (!menu) throw new Error("The HârnMaster Gold options menu is not registered.");
      optionsBefore = worldOptions("hm3");
      // A rule that asks for a reload (encumbrance & fatigue: the actors' derivation) cannot be
      // switched for the run, and would change the pack fighters' figures.
      const reload = menu.rules.filter((r) => r.requiresReload && optionsBefore![r.id]);
      if (reload.length)
        throw new Error(
          `The gold batch needs these HârnMaster Gold options off: ${reload.map((r) => r.id).join(", ")} (they take effect after a reload: switch them off in the HârnMaster Gold options window and reload).`,
        );
      // Only the batch's options on (the rest off), so the result is known.
      await saveRuleValues(
        menu,
        Object.fromEntries(
          menu.rules
            .filter((r) => !r.requiresReload)
            .map((r) => [r.id, GOLD_BATCH_OPTIONS.includes(r.id)]),
        ),
      );
      applyModeBefore = game.settings.get(SYSTEM_ID, "applyMode");
      await game.settings.set(SYSTEM_ID, "applyMode", "ask");
      originals.randomUniform = CONFIG.Dice.randomUniform;
      aldric = await importActor(FIGHTERS_PACK, ALDRIC_NAME);
      brigand = await importActor(FIGHTERS_PACK, BRIGAND_NAME);
      ids.sword = weaponId(aldric, "Broadsword");
      ids.knightShield = weaponId(aldric, "Knight Shield");
      ids.handaxe = weaponId(brigand, "Handaxe");
      ids.roundShield = weaponId(brigand, "Round Shield");
      // The ordinary 5 ft grid space, units named: HM3 reads the distance between the tokens in
      // the scene's units, 5 ft one hex (ruling R43), so the fighters side by side are adjacent.
      const placed = await stage.placeTokens([aldric, brigand], STAGE_GRID);
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
      AttackDialog.prompt = (input) => {
        offered = input;
        return Promise.resolve(answer ? answer(input) : null);
      };
      DefenceDialog.prompt = () => Promise.resolve(defence);
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
        () => (menu && optionsBefore ? saveRuleValues(menu, optionsBefore) : undefined),
      ]);
    });

    it("the Gold menu's save switched the batch's options on, and only those", () => {
      const on = worldOptions("hm3");
      for (const id of GOLD_BATCH_OPTIONS) assert.isTrue(on[id], `${id} is on`);
      const others = menu!.rules.filter(
        (r) => !r.requiresReload && !GOLD_BATCH_OPTIONS.includes(r.id),
      );
      assert.deepEqual(
        others.filter((r) => on[r.id]).map((r) => r.id),
        [],
        "the other Gold options are off",
      );
    });

    it("initiative: Roll All rolls INI + 1d100 for each combatant (000:151, G60)", async () => {
      const want = GOLD_FIGURES.initiativeBase;
      assert.equal(initiativeFormula(aldric!), `${want.aldric} + 1d100`, "Sir Aldric's formula");
      assert.equal(initiativeFormula(brigand!), `${want.brigand} + 1d100`, "the Brigand's formula");
      await withDice(
        GOLD_DICE.initiative.map((v) => [v, 100] as [number, number]),
        async () => {
          await combat!.rollAll();
          await until(
            () => combat!.combatants.contents.every((c) => c.initiative !== null),
            "the initiative rolls",
          );
        },
      );
      const of = (actor: FighterDoc) =>
        combat!.combatants.contents.find((c) => c.actorId === actor.id)?.initiative;
      assert.equal(of(aldric!), want.aldric + GOLD_DICE.initiative[0]!, "Sir Aldric's initiative");
      assert.equal(
        of(brigand!),
        want.brigand + GOLD_DICE.initiative[1]!,
        "the Brigand's initiative",
      );
      await combat!.startCombat();
    });

    it("aimed melee and angry strike: the dialog offers their rows; the declaration itemises them", async () => {
      const id = await attackWith(aldric!, tokens![0], tokens![1], (input) =>
        request(input, ids.sword, { catalog: [...AIMED_ANGRY_ROWS] }),
      );
      const rows = (offered?.catalog ?? []).map((r) => r.id);
      for (const row of [AIM_ROW.location, AIM_ROW.side, AIM_ROW.aap, IMPACT_ROWS.angry])
        assert.include(rows, row, `the dialog offers the row ${row}`);
      assert.isNotNull(id, "attack() made no card");
      swingId = id!;
      const c = card(swingId);
      assert.equal(c.state, "awaitingDefence");
      const decl = c.declaration as { attack: Record<string, unknown> };
      assert.deepEqual(decl.attack.aimAt, { location: "neck", side: null, aap: 10 });
      assert.equal(decl.attack.angry, 10);
      const modifiers = parseDeclaration(c.declaration)
        .attack.target.modifiers.filter((m) => m.key.startsWith("gold."))
        .map((m) => [m.key, m.value]);
      assert.deepEqual(
        modifiers,
        AIMED_ANGRY_MODIFIERS.map((m) => [...m]),
      );
      // The dialog's own preview itemises them alike.
      const preview = offered!
        .preview(request(offered!, ids.sword, { catalog: [...AIMED_ANGRY_ROWS] }))
        .modifiers.filter((m) => m.key.startsWith("gold."))
        .map((m) => [m.key, m.value]);
      assert.deepEqual(
        preview,
        AIMED_ANGRY_MODIFIERS.map((m) => [...m]),
      );
    });

    it("the Brigand's failed block: the strike lands on the neck; the card shows the angry +1", async () => {
      const result = await blockWith(swingId, brigand!, ids.roundShield, GOLD_DICE.swing);
      const want = GOLD_FIGURES.swing;
      assert.equal(result.result, want.result);
      const strike = result.strikes[0];
      assert.equal(strike?.location, want.location, "the aimed location");
      const text = await rendered(swingId);
      assert.notMatch(text, /BLOWBYBLOW\./, "no untranslated key on the card");
      assert.include(
        text,
        game.i18n.format(IMPACT_CARD_KEYS.angry, { bonus: String(want.angryBonus) }),
      );
    });

    it("blunt trauma: the handaxe does not get through Sir Aldric's boots; the card shows the recalculation", async () => {
      const id = await attackWith(brigand!, tokens![1], tokens![0], (input) =>
        request(input, ids.handaxe, {}),
      );
      assert.isNotNull(id, "attack() made no card");
      const result = await blockWith(id!, aldric!, ids.knightShield, GOLD_DICE.handaxe);
      const want = GOLD_FIGURES.handaxe;
      const strike = result.strikes[0] as
        | (Hm3Result["strikes"][number] & { bluntTrauma?: unknown })
        | undefined;
      assert.equal(strike?.location, want.location);
      assert.deepEqual(strike?.bluntTrauma, want.blunt, "the blunt recalculation");
      const text = await rendered(id!);
      assert.include(
        text,
        game.i18n.format(IMPACT_CARD_KEYS.blunt, {
          impact: String(want.blunt.impact),
          armour: String(want.blunt.armour),
          effective: String(want.blunt.effectiveImpact),
        }),
      );
    });

    it("weapon reach: a Long Reach weapon is refused against the adjacent Brigand (G68)", async () => {
      const sword = aldric!.items.get(ids.sword)!;
      await sword.update({ "system.hm3.longReach": true } as never);
      try {
        const before = cards();
        const id = await attackWith(aldric!, tokens![0], tokens![1], (input) =>
          request(input, ids.sword, {}),
        );
        const option = offered?.options.find((o) => o.itemId === ids.sword);
        assert.equal(option?.unavailableKey, REACH_KEYS.tooClose, "the dialog marks the sword");
        assert.isNull(id, "an attack out of reach makes no card");
        assert.equal(cards(), before);
      } finally {
        await sword.update({ "system.hm3.longReach": false } as never);
      }
    });

    it("disengage: Sir Aldric's Disengage posts its card, the Brigand's test is rolled when answered (G67, G85)", async () => {
      await stage.target(tokens![1]);
      let message: ChatMessage.Implementation | null = null;
      await withDice([[GOLD_DICE.disengage[0]!, 100]], async () => {
        message = (await disengage({
          actorUuid: aldric!.uuid,
        })) as ChatMessage.Implementation | null;
      });
      const posted = message as ChatMessage.Implementation | null;
      assert.isNotNull(posted, "the Disengage posted no card");
      if (posted?.id) created.add(posted.id);
      // Only the disengager's own test is rolled at once; each foe answers on the card (G85).
      assert.include(posted!.content ?? "", "bbb-disengage-answer", "the Brigand's buttons");
      await withDice([[GOLD_DICE.disengage[1]!, 100]], async () => {
        assert.isTrue(
          await answerDisengage({ messageId: posted!.id!, foe: 0, test: true }),
          "the GM's answer for the Brigand was refused",
        );
      });
      const answered = game.messages!.get(posted!.id!)!;
      const text = cardText(answered.content ?? "");
      assert.include(text, game.i18n.localize(DISENGAGE_KEYS.title));
      assert.include(text, `${brigand!.name}:`);
      assert.include(text, `(${GOLD_DICE.disengage[1]} `);
      assert.notInclude(answered.content ?? "", "bbb-disengage-answer", "answered once");
    });

    it("switched off in the Gold menu, aimed melee and angry strike leave the attack dialog", async () => {
      await saveRuleValues(menu!, Object.fromEntries(GOLD_ROW_OPTIONS.map((id) => [id, false])));
      const before = cards();
      const id = await attackWith(aldric!, tokens![0], tokens![1], () => null);
      assert.isNotNull(offered, "the attack dialog opened");
      const options = (offered!.catalog ?? []).map((r) => r.option);
      for (const option of GOLD_ROW_OPTIONS) assert.notInclude(options, option, `no ${option} row`);
      assert.isNull(id, "the dialog was cancelled");
      assert.equal(cards(), before);
      assert.isTrue(worldOptions("hm3").bluntTrauma, "the other options stay on");
    });
  });
}
