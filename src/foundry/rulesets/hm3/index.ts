/**
 * HârnMaster 3 in Foundry (`FoundryRuleset`, ../contract.ts): the core ruleset (src/rules/hm3),
 * its combat functions (`hm3Combat`), the card partial of its result (./card.ts), how its
 * result names the victim of a strike for the GM's amputation decision (ruling R30), its
 * `system.hm3` blocks (./source.ts shape, ./fields.ts schema, ./rules.ts field rules,
 * ./labels.ts labels, ./migrations.ts, ./validate.ts) and its actors' derivation (./input.ts).
 */
import type { ExchangeCard } from "../../../core/flow";
import type { MessageLike } from "../../combat/query-common";
import {
  carriedMarkup,
  carryCombatEnded,
  carryResolved,
  carryTurn,
  clearCarried,
  type CarryActorLike,
  type CarryCombatLike,
} from "./gold-carry";
import { carryAdvantage, carryResolved as reactionResolved } from "./carry";
import {
  CLEAR_MARKS_ACTION,
  clearReactionMarks,
  marksMarkup,
  type MarkedCombatantLike,
} from "./carry-marks";
import { disengage } from "./disengage-action";
import { rest } from "./gold-rest";
import { DISENGAGE_BUTTON } from "./disengage-view";
import { DISENGAGE_STEP, disengageFoeStep, renderDisengageCard } from "./disengage-foes";
import { addMinuteFatigue, goldFatigueOn, type FatigueCombatLike } from "./gold-fatigue";
import {
  DERIVATION_GOLD_OPTIONS,
  derivationGoldOptions,
} from "../../../rules/hm3/gold/derive-options";
import type { ExchangeRecord, Side } from "../../../core/ruleset";
import { hm3, hm3Combat, type Hm3Result } from "../../../rules/hm3";
import { deriveHm3Character } from "../../../rules/hm3/character";
import { prefixFor } from "../../data/prefixes";
import type { CharacterSource, CreatureSource } from "../../data/source";
import type { FoundryRuleset, ItemLike, RulesetStepTools } from "../contract";
import { HM3_RESULT_TEMPLATE, hm3ResultContext } from "./card";
import { HM3_BLOCKS } from "./fields";
import { hm3Input } from "./input";
import { HM3_LABELS } from "./labels";
import { HM3_BLOCK_FIELDS, HM3_MIGRATIONS } from "./migrations";
import { HM3_RULES } from "./rules";
import { HM3_HUMAN_PLAN, hm3BlockProblems, hm3OwnPlan, HM3_SHORTCUTS } from "./validate";

/** The victim of strike `strike` when the GM must decide an amputation (R30), else null. */
export function hm3AmputationVictim(result: ExchangeRecord, strike: number): Side | null {
  if (result.ruleset !== "hm3" || !Number.isInteger(strike)) return null;
  const s = (result as Hm3Result).strikes?.[strike];
  if (!s?.amputationRoll) return null;
  return s.by === "attacker" ? "defender" : "attacker";
}

/** The lang key of every roll an HM3 exchange makes (the names of `hm3.rollSide`). */
/**
 * The world's HârnMaster Gold options the derivation reads (`DERIVATION_GOLD_OPTIONS`: seed 000
 * lines 101-113 and 362): from the world settings once they are there; none outside Foundry or
 * before the settings are registered. The CLI, the duels and the workbench pass their own.
 */
function worldDerivationOptions(): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  try {
    const settings = (
      globalThis as { game?: { settings?: { get(ns: string, key: string): unknown } } }
    ).game?.settings;
    for (const id of DERIVATION_GOLD_OPTIONS)
      out[id] = settings?.get("blow-by-blow", `hm3.${id}`) === true;
  } catch {
    return {};
  }
  return out;
}

export const HM3_ROLL_LABELS: Readonly<Record<string, string>> = Object.freeze({
  attack: "BLOWBYBLOW.HM3.Roll.attack",
  location: "BLOWBYBLOW.HM3.Roll.location",
  face: "BLOWBYBLOW.HM3.Roll.face",
  impact: "BLOWBYBLOW.HM3.Roll.impact",
  ignite: "BLOWBYBLOW.HM3.Roll.ignite",
  "counter.shock": "BLOWBYBLOW.HM3.Roll.counterShock",
  "counter.fumble": "BLOWBYBLOW.HM3.Roll.counterFumble",
  "counter.stumble": "BLOWBYBLOW.HM3.Roll.counterStumble",
  "counter.kill": "BLOWBYBLOW.HM3.Roll.counterKill",
  attackerFumble: "BLOWBYBLOW.HM3.Roll.attackerFumble",
  attackerStumble: "BLOWBYBLOW.HM3.Roll.attackerStumble",
  attackerWeaponDamage: "BLOWBYBLOW.HM3.Roll.attackerWeaponDamage",
  // HârnMaster Gold mounted combat (gold/eml-rules.ts): an AF or AS read as AU.
  attackerUnhorsing: "BLOWBYBLOW.HM3.Gold.Eml.Roll.attackerUnhorsing",
  defence: "BLOWBYBLOW.HM3.Roll.defence",
  "counter.location": "BLOWBYBLOW.HM3.Roll.counterLocation",
  "counter.face": "BLOWBYBLOW.HM3.Roll.counterFace",
  "counter.impact": "BLOWBYBLOW.HM3.Roll.counterImpact",
  "counter.ignite": "BLOWBYBLOW.HM3.Roll.counterIgnite",
  shock: "BLOWBYBLOW.HM3.Roll.shock",
  fumble: "BLOWBYBLOW.HM3.Roll.fumble",
  stumble: "BLOWBYBLOW.HM3.Roll.stumble",
  kill: "BLOWBYBLOW.HM3.Roll.kill",
  defenderFumble: "BLOWBYBLOW.HM3.Roll.defenderFumble",
  defenderStumble: "BLOWBYBLOW.HM3.Roll.defenderStumble",
  defenderWeaponDamage: "BLOWBYBLOW.HM3.Roll.defenderWeaponDamage",
  // HârnMaster Gold: the defender's Reaction Roll (seed 000 lines 280-326).
  reaction: "BLOWBYBLOW.HM3.Gold.Paired.Carry.rollReaction",
});

/** The `system` path of a field the HM3 derivation names (`attributes.str` → `hm3.attributes.str`). */
export function hm3FieldPath(field: string): string {
  if (field === "encumbranceOverride") return "hm3.encumbrance";
  if (field === "fatigue" || field.startsWith("attributes.")) return `hm3.${field}`;
  return field;
}

/** The block's LOCALIZATION_PREFIXES entry per type. */
const actorPrefix = prefixFor("HM3.Actor");

export const HM3_FOUNDRY = Object.freeze({
  id: "hm3",
  ruleset: hm3,
  combat: hm3Combat,
  card: Object.freeze({ resultTemplate: HM3_RESULT_TEMPLATE, resultContext: hm3ResultContext }),
  amputationVictim: hm3AmputationVictim,
  rollLabels: HM3_ROLL_LABELS,
  data: Object.freeze({
    blocks: HM3_BLOCKS,
    rules: HM3_RULES,
    prefixes: Object.freeze({
      "Actor.character": actorPrefix,
      "Actor.creature": actorPrefix,
      "Item.weapon": prefixFor("HM3.Weapon"),
      "Item.missile": prefixFor("HM3.Missile"),
      "Item.armour": prefixFor("HM3.Armour"),
      "Item.skill": prefixFor("HM3.Skill"),
      "Item.injury": prefixFor("HM3.Injury"),
    }),
    labels: HM3_LABELS,
    blockFields: HM3_BLOCK_FIELDS,
    nullable: Object.freeze({ "Actor.creature": ["bodyPlan"] }),
    migrations: HM3_MIGRATIONS,
    shortcuts: HM3_SHORTCUTS,
    humanPlan: HM3_HUMAN_PLAN,
    ownPlan: hm3OwnPlan,
    blockProblems: hm3BlockProblems,
  }),
  derive: Object.freeze({
    /** The derived figures, tagged with the ruleset that derived them (`RulesetDerived`). */
    actor: (
      system: Record<string, unknown>,
      items: readonly ItemLike[],
      options?: Readonly<Record<string, boolean>>,
    ) => ({
      ruleset: "hm3" as const,
      ...deriveHm3Character({
        ...hm3Input(system as unknown as CharacterSource | CreatureSource, items),
        options: derivationGoldOptions(options ?? worldDerivationOptions()),
      }),
    }),
    fieldPath: hm3FieldPath,
  }),
  // HârnMaster Gold Disengage (seed 000 lines 85-91, G67, G85): `rulesetAction("disengage", …)`.
  // HârnMaster Gold rest (seed 000 line 113, G93): `rulesetAction("rest", {actorUuid, minutes})`.
  // A token HUD button while the Disengage option is on, each foe's answer from the card (G85).
  actions: { disengage, rest },
  actionButtons: [DISENGAGE_BUTTON],
  steps: { [DISENGAGE_STEP]: disengageFoeStep },
  renderChatMessage: renderDisengageCard,
  // HârnMaster Gold fatigue: FR added per minute of combat (seed 000 lines 109-113, G66).
  roundStart: async (combat: unknown, round: number) =>
    goldFatigueOn() ? addMinuteFatigue(combat as FatigueCombatLike, round) : [],
  // HârnMaster Gold state carried across turns (gold-carry.ts, G75-G78).
  turnEvent: (combat: unknown, combatant: unknown, event: "turnStart" | "turnEnd") =>
    carryTurn(combat as CarryCombatLike, combatant as { actor: CarryActorLike | null }, event),
  combatEnded: (combat: unknown) => carryCombatEnded(combat as CarryCombatLike),
  // And the Reaction Rolls its combatant carries (carry-marks.ts, G80, G81), each line with a GM's clear.
  tracker: {
    markup: (combat: unknown, combatant: unknown, isGM: boolean) =>
      carriedMarkup(
        combat as CarryCombatLike,
        combatant as { actor: CarryActorLike | null },
        isGM,
        (key) => game.i18n?.localize(key) ?? key,
        (key, data) => game.i18n?.format(key, data) ?? key,
      ) +
      marksMarkup(
        combatant as MarkedCombatantLike | null,
        isGM,
        (key) => game.i18n?.localize(key) ?? key,
        (key, data) => game.i18n?.format(key, data) ?? key,
      ),
    action: (id: string, combat: unknown, combatant: unknown) =>
      id === "clearCarried"
        ? clearCarried(combat as CarryCombatLike, combatant as { actor: CarryActorLike | null })
        : id === CLEAR_MARKS_ACTION
          ? clearReactionMarks(combatant as MarkedCombatantLike | null)
          : Promise.resolve(false),
  },
  // As a card resolves: the Gold state (gold-carry.ts, G75-G78) and Reaction Rolls (./carry.ts,
  // seed 000 lines 280-326, G80-G84) the fighters carry to their next exchanges.
  resolved: async (
    card: ExchangeCard,
    result: ExchangeRecord,
    tools: () => Promise<RulesetStepTools>,
    message: unknown,
  ) => {
    await carryResolved(message as MessageLike, card);
    await reactionResolved(card, result, tools);
  },
  advantageClaimed: carryAdvantage,
} satisfies FoundryRuleset);
