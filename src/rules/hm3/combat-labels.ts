/**
 * HârnMaster 3 combat: the localisation keys and labels its combat functions name, and its
 * optional rules (hm3.md §2) with the HârnMaster Gold ones (seed 000) as world settings.
 */
import { DERIVATION_GOLD_OPTIONS } from "./gold/derive-options";
import type { OptionalRule, OptionalRuleMenu, TargetLabels } from "../../core/combat";
import { DEFAULT_OPTIONS, type Hm3Options } from "./exchange";
import { GOLD_OPTIONS } from "./gold/options";
import { EML_MODIFIER_LABELS } from "./gold/eml";
import { AIM_MODIFIER_LABELS } from "./gold/aim-parse";
import { IMPACT_MODIFIER_LABELS } from "./gold/impact-combat";
import { ROLLS_MODIFIER_LABELS } from "./gold/rolls";
import { type AimZone, type Aspect, type RangeBand } from "./tables";

// ── Localisation keys (whole literals, for the lang audit) ──────────────────────────────────

/** Keys of what the HM3 combat functions name: aspects, aims, range bands, refusals. */
export const HM3_COMBAT_KEYS = Object.freeze({
  aspect: Object.freeze({
    blunt: "BLOWBYBLOW.HM3.Combat.Aspect.blunt",
    edge: "BLOWBYBLOW.HM3.Combat.Aspect.edge",
    point: "BLOWBYBLOW.HM3.Combat.Aspect.point",
    fire: "BLOWBYBLOW.HM3.Combat.Aspect.fire",
  } satisfies Record<Aspect, string>),
  aim: Object.freeze({
    high: "BLOWBYBLOW.HM3.Combat.Aim.high",
    mid: "BLOWBYBLOW.HM3.Combat.Aim.mid",
    low: "BLOWBYBLOW.HM3.Combat.Aim.low",
  } satisfies Record<AimZone, string>),
  band: Object.freeze({
    short: "BLOWBYBLOW.HM3.Combat.Band.short",
    medium: "BLOWBYBLOW.HM3.Combat.Band.medium",
    long: "BLOWBYBLOW.HM3.Combat.Band.long",
    extreme: "BLOWBYBLOW.HM3.Combat.Band.extreme",
  } satisfies Record<RangeBand, string>),
  unavailable: Object.freeze({
    notEquipped: "BLOWBYBLOW.HM3.Combat.Unavailable.NotEquipped",
    notHeld: "BLOWBYBLOW.HM3.Combat.Unavailable.NotHeld",
    broken: "BLOWBYBLOW.HM3.Combat.Unavailable.Broken",
    nothingToBlock: "BLOWBYBLOW.HM3.Unavailable.NothingToBlock",
    noWeapon: "BLOWBYBLOW.HM3.Unavailable.NoWeapon",
  }),
  injuryName: "BLOWBYBLOW.HM3.Combat.InjuryName",
});

/**
 * Labels of every modifier key an HM3 target itemises (`Modifier.key`; a custom modifier
 * shows its own `label`). The adapter localises a breakdown with it.
 */
export const HM3_MODIFIER_LABELS: Readonly<Record<string, string>> = Object.freeze({
  physicalPenalty: "BLOWBYBLOW.Modifier.physicalPenalty",
  universalPenalty: "BLOWBYBLOW.Modifier.universalPenalty",
  specialPenalty: "BLOWBYBLOW.Modifier.specialPenalty",
  outnumbered: "BLOWBYBLOW.Modifier.outnumbered",
  proneOpponent: "BLOWBYBLOW.Modifier.proneOpponent",
  targetSize: "BLOWBYBLOW.Modifier.targetSize",
  weather: "BLOWBYBLOW.Modifier.weather",
  "range.short": "BLOWBYBLOW.Modifier.range.short",
  "range.medium": "BLOWBYBLOW.Modifier.range.medium",
  "range.long": "BLOWBYBLOW.Modifier.range.long",
  "range.extreme": "BLOWBYBLOW.Modifier.range.extreme",
  "aim.high": "BLOWBYBLOW.Modifier.aim.high",
  "aim.low": "BLOWBYBLOW.Modifier.aim.low",
  "missileDefence.weaponHalf": "BLOWBYBLOW.Modifier.missileDefence.weaponHalf",
  "missileDefence.weapon05": "BLOWBYBLOW.Modifier.missileDefence.weapon05",
  "missileDefence.dodgeHalf": "BLOWBYBLOW.Modifier.missileDefence.dodgeHalf",
  // HârnMaster Gold EML options (gold/eml.ts).
  ...EML_MODIFIER_LABELS,
  // HârnMaster Gold aimed melee (seed 000 lines 7-11).
  ...AIM_MODIFIER_LABELS,
  // HârnMaster Gold paired group (gold/paired*.ts).
  "gold.doubleStrike": "BLOWBYBLOW.Modifier.gold.doubleStrike",
  "gold.doubleStrikeDefence": "BLOWBYBLOW.Modifier.gold.doubleStrikeDefence",
  "gold.reactionHalf": "BLOWBYBLOW.Modifier.gold.reactionHalf",
  "gold.tangle": "BLOWBYBLOW.Modifier.gold.tangle",
  "gold.tangled": "BLOWBYBLOW.Modifier.gold.tangled",
  ...IMPACT_MODIFIER_LABELS,
  ...ROLLS_MODIFIER_LABELS,
});

/** Labels of the bases HM3 targets start from (`Target.baseKey`). */
export const HM3_BASE_LABELS: Readonly<Record<string, string>> = Object.freeze({
  ml: "BLOWBYBLOW.Modifier.Base.ml",
  aml: "BLOWBYBLOW.Modifier.Base.aml",
  dml: "BLOWBYBLOW.Modifier.Base.dml",
  eml: "BLOWBYBLOW.Modifier.Base.eml",
});

/**
 * HM3's target labels (`CombatRules.labels`): the combat flow reads them through the ruleset,
 * and the HM3 sheets (whose targets are HM3's derived ones) import them from here.
 */
export const HM3_TARGET_LABELS: TargetLabels = Object.freeze({
  modifiers: HM3_MODIFIER_LABELS,
  bases: HM3_BASE_LABELS,
});

/** The settings menu of the HârnMaster Gold options (43 of them: a window of their own). */
export const GOLD_MENU: OptionalRuleMenu = Object.freeze({
  id: "gold",
  nameKey: "BLOWBYBLOW.HM3.Combat.GoldMenu.Name",
  labelKey: "BLOWBYBLOW.HM3.Combat.GoldMenu.Label",
  hintKey: "BLOWBYBLOW.HM3.Combat.GoldMenu.Hint",
});

/** The HM3 optional rules (hm3.md §2) and the HârnMaster Gold ones (seed 000), as world settings. */
export const HM3_OPTIONAL_RULES: readonly OptionalRule[] = Object.freeze([
  Object.freeze({
    id: "killRoll",
    default: DEFAULT_OPTIONS.killRoll,
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.killRoll.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.killRoll.Hint",
  }),
  Object.freeze({
    id: "amputation",
    default: DEFAULT_OPTIONS.amputation,
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.amputation.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.amputation.Hint",
  }),
  Object.freeze({
    id: "bleeding",
    default: DEFAULT_OPTIONS.bleeding,
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.bleeding.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.bleeding.Hint",
  }),
  // The HârnMaster Gold house rules (seed 000, issue 19), limb injuries (R29) among them.
  ...GOLD_OPTIONS.map((o) =>
    Object.freeze({
      id: o.id,
      default: false,
      nameKey: o.nameKey,
      hintKey: o.hintKey,
      menu: GOLD_MENU.id,
      ...(o.parent ? { parent: o.parent } : {}),
      // The derivation reads it (gold/derive-options.ts): actors re-derive.
      ...(DERIVATION_GOLD_OPTIONS.includes(o.id) ? { requiresReload: true } : {}),
    }),
  ),
] satisfies { id: keyof Hm3Options }[]);
