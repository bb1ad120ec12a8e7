/**
 * What the HM3 Foundry combat rules (src/rules/hm3/combat.ts) add to a declaration and a
 * defence for the armour group's options (issue 19), read from the items and derived figures:
 * a cutting weapon's trait, a weapon's other aspects, a blocking shield, and the fighters'
 * six-column armour. Each is added only while its option takes effect (`goldOn`).
 */
import { goldOn, type GoldOptions } from "./options";

type Options = Readonly<Partial<GoldOptions>>;

/** The derived impacts of a melee weapon or shield (`Hm3DerivedWeapon.impacts`). */
type Impacts = readonly { aspect: string; impact: number }[];

/**
 * The weapon's aspects other than the one declared (the engine adds the declared one with its
 * impact as declared, whatever changed it), for random aspect and weapon damage modifiers.
 */
function otherAspects(impacts: Impacts, declared: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of impacts) if (i.aspect !== declared) out[i.aspect] = i.impact;
  return out;
}

const wantsAspects = (options: Options) =>
  goldOn(options, "randomAspect") || goldOn(options, "weaponDamageModifiers");

/**
 * A striking melee weapon's fields (the attack; a counterstrike): `cutting` from the item's
 * trait (cutting weapons), `aspects` its other aspects (random aspect, weapon damage modifiers).
 */
export function goldStrikeFields(
  hm3: Readonly<Record<string, unknown>>,
  impacts: Impacts,
  declared: string,
  options: Options,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (goldOn(options, "cuttingWeapons") && hm3.cutting === true) out.cutting = true;
  if (wantsAspects(options)) {
    const aspects = otherAspects(impacts, declared);
    if (Object.keys(aspects).length > 0) out.aspects = aspects;
  }
  return out;
}

/** A Block's fields: `shield` (shields check first), `aspects` (weapon damage modifiers). */
export function goldBlockFields(
  shield: boolean,
  impacts: Impacts,
  options: Options,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (goldOn(options, "shieldsCheckFirst")) out.shield = shield;
  if (goldOn(options, "weaponDamageModifiers")) {
    const aspects = otherAspects(impacts, null);
    if (Object.keys(aspects).length > 0) out.aspects = aspects;
  }
  return out;
}

/**
 * The fighter's armour as the declaration gives it: with ring & scale armour the derivation's
 * six columns (`derived.goldArmour`, rulings G20-G22), else `armour` as it was built.
 */
export function goldFighterArmour(
  armour: Record<string, unknown>,
  goldArmour: Readonly<Record<string, Readonly<Record<string, number>>>> | undefined,
  options: Options,
): Record<string, unknown> {
  if (!goldOn(options, "ringScaleArmour") || !goldArmour) return armour;
  const out: Record<string, Record<string, number>> = {};
  for (const [loc, p] of Object.entries(goldArmour)) out[loc] = { ...p };
  return out;
}
