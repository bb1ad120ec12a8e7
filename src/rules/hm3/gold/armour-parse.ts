/**
 * The CLI's fields of the armour group (issue 19): `attack.cutting`, `attack.aspects`,
 * `attack.chargeBonus`, `defence.shield`, `defence.aspects`, `defence.cutting` (counterstrike),
 * and Squeeze and Tear in a fighter's `armour` map and `layers`. Each is refused naming the
 * field while its option is off (ruling G1).
 */
import { InputError, readBoolean, readNumber, readObject } from "../../../core/errors";
import { ASPECT_ALIASES, ASPECTS } from "../tables";
import type { AspectImpacts } from "./armour-aspect";
import type { ArmourAttack, ArmourDefence, ArmourWeapon } from "./armour";
import { GOLD_COLUMNS, type SixAspectOverride } from "./armour-columns";
import { goldOn, requireGold, type GoldOptions } from "./options";

type Options = Readonly<Partial<GoldOptions>>;

/** The keys this group adds to `attack`; `defence` takes `DEFENCE_KEYS`. */
export const ATTACK_KEYS = ["cutting", "aspects", "chargeBonus"] as const;
export const DEFENCE_KEYS = ["cutting", "aspects", "shield"] as const;
/** The keys an armour map entry and a layer may add: Squeeze and Tear (ring & scale armour). */
export const ARMOUR_KEYS = GOLD_COLUMNS;

const ASPECT_KEYS: readonly string[] = [...ASPECTS, ...Object.keys(ASPECT_ALIASES)];

/** `aspects`: the weapon's impact per aspect, the declared one (if named) as declared. */
function readAspects(
  value: unknown,
  field: string,
  options: Options,
  declared?: { aspect: string; impact: number },
): AspectImpacts {
  if (!goldOn(options, "randomAspect") && !goldOn(options, "weaponDamageModifiers"))
    throw new InputError(
      field,
      value,
      "needs the HârnMaster Gold option randomAspect (seed 000 line 328) or weaponDamageModifiers (line 368), which are off",
    );
  const o = readObject(value, field);
  const out: Record<string, number> = {};
  for (const [aspect, impact] of Object.entries(o)) {
    if (!ASPECT_KEYS.includes(aspect))
      throw new InputError(
        `${field}.${aspect}`,
        impact,
        `unknown aspect (expected one of ${ASPECT_KEYS.join(", ")})`,
      );
    const v = readNumber(impact, `${field}.${aspect}`, { integer: true, min: 0, max: 100 });
    if (declared && aspect === declared.aspect && v !== declared.impact)
      throw new InputError(
        `${field}.${aspect}`,
        v,
        `differs from the declared ${declared.aspect} impact ${declared.impact}`,
      );
    out[aspect] = v;
  }
  return out;
}

/** The striking weapon's `cutting` and `aspects` (attack, counterstrike). */
export function readArmourWeapon(
  o: Record<string, unknown>,
  field: string,
  options: Options,
  declared?: { aspect: string; impact: number },
): ArmourWeapon {
  const out: ArmourWeapon = {};
  if (o.cutting !== undefined) {
    requireGold(options, "cuttingWeapons", `${field}.cutting`, o.cutting);
    out.cutting = readBoolean(o.cutting, `${field}.cutting`);
  }
  if (o.aspects !== undefined)
    out.aspects = readAspects(o.aspects, `${field}.aspects`, options, declared);
  return out;
}

/** `attack.chargeBonus`: a mounted charge's impact bonus (weapon damage modifiers, line 368). */
export function readArmourAttack(o: Record<string, unknown>, options: Options): ArmourAttack {
  if (o.chargeBonus === undefined) return {};
  requireGold(options, "weaponDamageModifiers", "attack.chargeBonus", o.chargeBonus);
  return {
    chargeBonus: readNumber(o.chargeBonus, "attack.chargeBonus", {
      integer: true,
      min: 0,
      max: 100,
    }),
  };
}

/**
 * `defence.shield` and, for a defence other than a counterstrike (whose weapon reads them with
 * `readArmourWeapon`), `defence.aspects` and `defence.cutting`.
 */
export function readArmourDefence(
  d: Record<string, unknown>,
  counterstrike: boolean,
  options: Options,
): ArmourDefence {
  const out: ArmourDefence = {};
  if (d.shield !== undefined) {
    requireGold(options, "shieldsCheckFirst", "defence.shield", d.shield);
    out.shield = readBoolean(d.shield, "defence.shield");
  }
  if (!counterstrike) {
    if (d.aspects !== undefined) out.aspects = readAspects(d.aspects, "defence.aspects", options);
    if (d.cutting !== undefined) {
      // Only a counterstrike cuts; on any other defence the field is checked and carries nothing.
      requireGold(options, "cuttingWeapons", "defence.cutting", d.cutting);
      readBoolean(d.cutting, "defence.cutting");
    }
  }
  return out;
}

/** Squeeze and Tear given in an armour map entry: only with ring & scale armour (G20). */
export function checkArmourColumns(
  entry: Record<string, unknown>,
  field: string,
  options: Options,
): void {
  for (const c of ARMOUR_KEYS)
    if (entry[c] !== undefined) requireGold(options, "ringScaleArmour", `${field}.${c}`, entry[c]);
}

/** A layer's own Squeeze and Tear base (G22): whole numbers 0-100, with ring & scale armour. */
export function readLayerColumns(
  o: Record<string, unknown>,
  field: string,
  options: Options,
): SixAspectOverride {
  const out: SixAspectOverride = {};
  for (const c of ARMOUR_KEYS) {
    const v = o[c];
    if (v === undefined || v === null) continue;
    requireGold(options, "ringScaleArmour", `${field}.${c}`, v);
    out[c] = readNumber(v, `${field}.${c}`, { integer: true, min: 0, max: 100 });
  }
  return out;
}
