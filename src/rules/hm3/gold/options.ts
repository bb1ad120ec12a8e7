/**
 * The HârnMaster Gold house rules of seed 000 as HârnMaster 3 world options (issue 19): one
 * entry per rule and per boxed sub-rule, named as in the seed (camelCase of its heading), with
 * the seed lines it implements. A sub-rule (`parent`) takes effect only with its rule on
 * (`goldOn`). Every option is off by default. `limbInjuries` is ruling R29 (exchange.ts).
 *
 * `group` says which module of src/rules/hm3/gold/ implements it.
 */
import { InputError } from "../../../core/errors";

export type GoldGroup =
  | "aim"
  | "impact"
  | "armour"
  | "eml"
  | "rolls"
  | "paired"
  | "turns"
  | "existing";

export interface GoldOptionSpec {
  readonly id: string;
  /** Seed 000 lines. */
  readonly lines: string;
  /** The rule this sub-rule belongs to; it takes effect only when that rule is on. */
  readonly parent: string | null;
  readonly group: GoldGroup;
  readonly nameKey: string;
  readonly hintKey: string;
}

export const GOLD_OPTIONS = Object.freeze([
  Object.freeze({
    id: "aimedMelee",
    lines: "5-15",
    parent: null,
    group: "aim",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.aimedMelee.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.aimedMelee.Hint",
  }),
  Object.freeze({
    id: "angryStrike",
    lines: "17-27",
    parent: null,
    group: "impact",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.angryStrike.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.angryStrike.Hint",
  }),
  Object.freeze({
    id: "angryStrikeMaxBonus",
    lines: "29",
    parent: "angryStrike",
    group: "impact",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.angryStrikeMaxBonus.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.angryStrikeMaxBonus.Hint",
  }),
  Object.freeze({
    id: "bluntTrauma",
    lines: "31-37",
    parent: null,
    group: "impact",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.bluntTrauma.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.bluntTrauma.Hint",
  }),
  Object.freeze({
    id: "bluntTraumaMinimumInjury",
    lines: "39",
    parent: "bluntTrauma",
    group: "impact",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.bluntTraumaMinimumInjury.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.bluntTraumaMinimumInjury.Hint",
  }),
  Object.freeze({
    id: "bruteForce",
    lines: "41-57",
    parent: null,
    group: "paired",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.bruteForce.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.bruteForce.Hint",
  }),
  Object.freeze({
    id: "counterstriking",
    lines: "59-61",
    parent: null,
    group: "eml",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.counterstriking.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.counterstriking.Hint",
  }),
  Object.freeze({
    id: "cuttingWeapons",
    lines: "63-69",
    parent: null,
    group: "armour",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.cuttingWeapons.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.cuttingWeapons.Hint",
  }),
  Object.freeze({
    id: "darkness",
    lines: "71-81",
    parent: null,
    group: "eml",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.darkness.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.darkness.Hint",
  }),
  Object.freeze({
    id: "darknessThrusting",
    lines: "83",
    parent: "darkness",
    group: "eml",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.darknessThrusting.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.darknessThrusting.Hint",
  }),
  Object.freeze({
    id: "disengaging",
    lines: "85-91",
    parent: null,
    group: "turns",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.disengaging.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.disengaging.Hint",
  }),
  Object.freeze({
    id: "dodging",
    lines: "93-99",
    parent: null,
    group: "eml",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.dodging.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.dodging.Hint",
  }),
  Object.freeze({
    id: "encumbranceFatigue",
    lines: "101-113",
    parent: null,
    group: "turns",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.encumbranceFatigue.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.encumbranceFatigue.Hint",
  }),
  Object.freeze({
    id: "feint",
    lines: "115-125",
    parent: null,
    group: "eml",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.feint.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.feint.Hint",
  }),
  Object.freeze({
    id: "feintingCounterstrikes",
    lines: "127",
    parent: "feint",
    group: "eml",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.feintingCounterstrikes.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.feintingCounterstrikes.Hint",
  }),
  Object.freeze({
    id: "impactSize",
    lines: "129-145",
    parent: null,
    group: "impact",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.impactSize.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.impactSize.Hint",
  }),
  Object.freeze({
    id: "impactSizeByLocation",
    lines: "147",
    parent: "impactSize",
    group: "impact",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.impactSizeByLocation.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.impactSizeByLocation.Hint",
  }),
  Object.freeze({
    id: "initiative",
    lines: "149-151",
    parent: null,
    group: "turns",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.initiative.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.initiative.Hint",
  }),
  Object.freeze({
    id: "initiativeWeaponFactor",
    lines: "153",
    parent: "initiative",
    group: "turns",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.initiativeWeaponFactor.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.initiativeWeaponFactor.Hint",
  }),
  Object.freeze({
    id: "initiativeQuick",
    lines: "154",
    parent: "initiative",
    group: "turns",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.initiativeQuick.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.initiativeQuick.Hint",
  }),
  Object.freeze({
    id: "injuryRollBonus",
    lines: "156-165",
    parent: null,
    group: "rolls",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.injuryRollBonus.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.injuryRollBonus.Hint",
  }),
  Object.freeze({
    id: "grievousWoundPenalty",
    lines: "167",
    parent: "injuryRollBonus",
    group: "rolls",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.grievousWoundPenalty.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.grievousWoundPenalty.Hint",
  }),
  Object.freeze({
    id: "injuryRollSkills",
    lines: "169",
    parent: null,
    group: "rolls",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.injuryRollSkills.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.injuryRollSkills.Hint",
  }),
  Object.freeze({
    id: "limbInjuries",
    lines: "171-175",
    parent: null,
    group: "existing",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.limbInjuries.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.limbInjuries.Hint",
  }),
  Object.freeze({
    id: "mountedCombat",
    lines: "177-185",
    parent: null,
    group: "eml",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.mountedCombat.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.mountedCombat.Hint",
  }),
  Object.freeze({
    id: "nonLethalAttacks",
    lines: "187-229",
    parent: null,
    group: "rolls",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.nonLethalAttacks.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.nonLethalAttacks.Hint",
  }),
  Object.freeze({
    id: "disarmWeaponMass",
    lines: "203",
    parent: "nonLethalAttacks",
    group: "rolls",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.disarmWeaponMass.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.disarmWeaponMass.Hint",
  }),
  Object.freeze({
    id: "sweepBigTargets",
    lines: "219",
    parent: "nonLethalAttacks",
    group: "rolls",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.sweepBigTargets.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.sweepBigTargets.Hint",
  }),
  Object.freeze({
    id: "handedImpact",
    lines: "231-239",
    parent: null,
    group: "impact",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.handedImpact.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.handedImpact.Hint",
  }),
  Object.freeze({
    id: "handModePenalty",
    lines: "241",
    parent: "handedImpact",
    group: "impact",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.handModePenalty.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.handModePenalty.Hint",
  }),
  Object.freeze({
    id: "pairedWeapons",
    lines: "243-278",
    parent: null,
    group: "paired",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.pairedWeapons.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.pairedWeapons.Hint",
  }),
  Object.freeze({
    id: "reactionRoll",
    lines: "280-326",
    parent: null,
    group: "paired",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.reactionRoll.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.reactionRoll.Hint",
  }),
  Object.freeze({
    id: "randomAspect",
    lines: "328",
    parent: null,
    group: "armour",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.randomAspect.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.randomAspect.Hint",
  }),
  Object.freeze({
    id: "ringScaleArmour",
    lines: "330-336",
    parent: null,
    group: "armour",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.ringScaleArmour.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.ringScaleArmour.Hint",
  }),
  Object.freeze({
    id: "strikeRecovery",
    lines: "338-344",
    parent: null,
    group: "eml",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.strikeRecovery.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.strikeRecovery.Hint",
  }),
  Object.freeze({
    id: "unarmedStyles",
    lines: "346-364",
    parent: null,
    group: "rolls",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.unarmedStyles.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.unarmedStyles.Hint",
  }),
  Object.freeze({
    id: "kamtolaSkillBase",
    lines: "362",
    parent: "unarmedStyles",
    group: "rolls",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.kamtolaSkillBase.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.kamtolaSkillBase.Hint",
  }),
  Object.freeze({
    id: "unarmedTechniquePenalties",
    lines: "366",
    parent: "unarmedStyles",
    group: "rolls",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.unarmedTechniquePenalties.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.unarmedTechniquePenalties.Hint",
  }),
  Object.freeze({
    id: "shieldsCheckFirst",
    lines: "368",
    parent: null,
    group: "armour",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.shieldsCheckFirst.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.shieldsCheckFirst.Hint",
  }),
  Object.freeze({
    id: "weaponDamageModifiers",
    lines: "368",
    parent: null,
    group: "armour",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.weaponDamageModifiers.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.weaponDamageModifiers.Hint",
  }),
  Object.freeze({
    id: "weaponOml",
    lines: "368",
    parent: null,
    group: "turns",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.weaponOml.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.weaponOml.Hint",
  }),
  Object.freeze({
    id: "weaponReach",
    lines: "368",
    parent: null,
    group: "turns",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.weaponReach.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.weaponReach.Hint",
  }),
  Object.freeze({
    id: "relativelyLongWeapons",
    lines: "368",
    parent: "weaponReach",
    group: "turns",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.relativelyLongWeapons.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.relativelyLongWeapons.Hint",
  }),
  Object.freeze({
    id: "naturalReach",
    lines: "368-372",
    parent: "weaponReach",
    group: "turns",
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.naturalReach.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.naturalReach.Hint",
  }),
] as const);

export type GoldOptionId = (typeof GOLD_OPTIONS)[number]["id"];
export type GoldOptions = Record<GoldOptionId, boolean>;

/** Every Gold option off. */
export const GOLD_DEFAULTS: Readonly<GoldOptions> = Object.freeze(
  Object.fromEntries(GOLD_OPTIONS.map((o) => [o.id, false])) as GoldOptions,
);

const BY_ID: ReadonlyMap<string, GoldOptionSpec> = new Map(GOLD_OPTIONS.map((o) => [o.id, o]));

/** The option's entry, or undefined for an id that is no Gold option. */
export function goldOption(id: string): GoldOptionSpec | undefined {
  return BY_ID.get(id);
}

/** Whether a Gold option takes effect: it is on, and so is the rule it belongs to. */
export function goldOn(options: Readonly<Partial<GoldOptions>>, id: GoldOptionId): boolean {
  if (options[id] !== true) return false;
  const parent = BY_ID.get(id)?.parent;
  return parent ? goldOn(options, parent as GoldOptionId) : true;
}

/**
 * Refuses a field that only a Gold option gives meaning to while that option does not take
 * effect (issue 19: "an option's field given while the option is off is an input error naming
 * the field").
 */
export function requireGold(
  options: Readonly<Partial<GoldOptions>>,
  id: GoldOptionId,
  field: string,
  value: unknown,
): void {
  if (goldOn(options, id)) return;
  const spec = BY_ID.get(id)!;
  const parent =
    spec.parent && !goldOn(options, spec.parent as GoldOptionId) ? ` and ${spec.parent}` : "";
  throw new InputError(
    field,
    value,
    `needs the HârnMaster Gold option ${id}${parent} (seed 000 lines ${spec.lines}), which is off`,
  );
}

/** Refuses a sub-rule switched on while its rule is off (the CLI's `options`). */
export function checkGoldParents(options: Readonly<Partial<GoldOptions>>, field = "options"): void {
  for (const o of GOLD_OPTIONS) {
    if (o.parent && options[o.id] === true && options[o.parent as GoldOptionId] !== true)
      throw new InputError(
        `${field}.${o.id}`,
        true,
        `is part of ${o.parent} (seed 000 line ${o.lines}): switch ${o.parent} on too`,
      );
  }
}
