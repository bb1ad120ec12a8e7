/**
 * The CLI's (and the stored declaration's) fields of the impact group (issue 19; docs/cli.md):
 * `attack.angry`, `attack.enraged`, `attack.ml`, `attack.blunt`, `attack.handed`, the same on a
 * counterstrike's `defence` (000:25), and a fighter's `sizeClass` and `locationSizeClasses`.
 * Each is refused naming the field while its option is off (ruling G1). The EML changes of a
 * decision are itemised modifiers added here to the given EML (`gold.angry`, `gold.enraged`,
 * `gold.handMode`), once: a stored declaration that has them already keeps them.
 */
import {
  checkKeys,
  InputError,
  readBoolean,
  readEnum,
  readNumber,
  readObject,
} from "../../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../../core/modifiers";
import { EML_MAX, EML_MIN } from "../../shared/hm-test";
import { requireGold, goldOn, type GoldOptions } from "./options";
import { checkAngry } from "./impact-angry";
import { handedImpact, type HandedGrip } from "./impact-handed";
import { readSizeClass, type SizeClass } from "./impact-size";
import type { ImpactWeapon } from "./impact-strike";

/** The keys this group adds to the attack and to a counterstrike's defence. */
export const IMPACT_WEAPON_KEYS = Object.freeze(["angry", "enraged", "ml", "blunt", "handed"]);
/** The keys this group adds to a fighter. */
export const IMPACT_FIGHTER_KEYS = Object.freeze(["sizeClass", "locationSizeClasses"]);

/** The EML modifier keys this group adds (labels: `HM3_MODIFIER_LABELS`). */
export const IMPACT_MODIFIERS = Object.freeze({
  angry: { key: "gold.angry", source: "seed 000 line 21" },
  enraged: { key: "gold.enraged", source: "seed 000 line 27" },
  handMode: { key: "gold.handMode", source: "seed 000 line 233" },
  handModeLighter: { key: "gold.handMode", source: "seed 000 lines 233, 241" },
});

/**
 * `target` with the modifier `key` of `value` (0: none). A target that has the key already (a
 * stored declaration, the Foundry flow's itemised EML) keeps it when the value agrees; another
 * value is refused naming `field`.
 */
export function withModifier(
  target: Target,
  mod: { key: string; source: string },
  value: number,
  field: string,
): Target {
  const had = target.modifiers.find((m) => m.key === mod.key);
  if (had) {
    if (had.value !== value)
      throw new InputError(
        `${field}`,
        value,
        `the EML's ${mod.key} modifier is ${had.value}, the declaration says ${value}`,
      );
    return target;
  }
  if (value === 0) return target;
  const modifiers: Modifier[] = [...target.modifiers, { key: mod.key, value, source: mod.source }];
  return buildTarget(target.baseKey, target.base, modifiers, { min: EML_MIN, max: EML_MAX });
}

function readHanded(value: unknown, field: string): HandedGrip {
  const o = readObject(value, field);
  checkKeys(o, field, ["weapon", "grip", "penalty", "lighter", "str", "strRequirement", "strLoss"]);
  const whole = (k: string, min: number, max: number) =>
    readNumber(o[k], `${field}.${k}`, { integer: true, min, max });
  const g: HandedGrip = {
    weapon: readEnum(o.weapon, `${field}.weapon`, ["one", "two"] as const),
    grip: readEnum(o.grip, `${field}.grip`, ["one", "two"] as const),
    penalty: o.penalty === undefined ? 0 : whole("penalty", 0, 100),
  };
  if (o.lighter !== undefined) g.lighter = whole("lighter", 0, 10);
  if (o.str !== undefined) g.str = whole("str", 1, 99);
  if (o.strRequirement !== undefined) g.strRequirement = whole("strRequirement", 0, 99);
  if (o.strLoss !== undefined) g.strLoss = whole("strLoss", 0, 20);
  if ((g.str === undefined) !== (g.strRequirement === undefined))
    throw new InputError(
      g.str === undefined ? `${field}.str` : `${field}.strRequirement`,
      undefined,
      "the Strength Requirement check (seed 000 line 239) needs both str and strRequirement",
    );
  return g;
}

/**
 * Reads the impact group's fields of a striking weapon (`attack`, or a counterstrike's
 * `defence`) and adds their EML modifiers to `target`. `melee`: a missile makes no angry strike
 * and has no grip (000:19 "during melee combat").
 */
export function readImpactWeapon(
  o: Record<string, unknown>,
  field: string,
  options: Readonly<Partial<GoldOptions>>,
  target: Target,
  melee: boolean,
): { weapon: ImpactWeapon; enraged: boolean; target: Target } {
  const weapon: ImpactWeapon = {};
  let enraged = false;
  let t = target;
  if (o.ml !== undefined)
    weapon.ml = readNumber(o.ml, `${field}.ml`, { integer: true, min: 0, max: 200 });
  if (o.enraged !== undefined) {
    requireGold(options, "angryStrike", `${field}.enraged`, o.enraged);
    enraged = readBoolean(o.enraged, `${field}.enraged`);
    if (enraged && o.angry === undefined)
      throw new InputError(
        `${field}.enraged`,
        true,
        `give the enraged penalty as ${field}.angry (10 or 20, seed 000 line 27)`,
      );
  }
  if (o.angry !== undefined) {
    requireGold(options, "angryStrike", `${field}.angry`, o.angry);
    if (!melee)
      throw new InputError(
        `${field}.angry`,
        o.angry,
        "an angry strike is a melee attack (seed 000 line 19)",
      );
    const angry = readNumber(o.angry, `${field}.angry`, { integer: true, min: 0, max: 200 });
    const cap = goldOn(options, "angryStrikeMaxBonus");
    if (cap && weapon.ml === undefined)
      throw new InputError(
        `${field}.ml`,
        undefined,
        "the angry strike's maximum bonus (seed 000 line 29) needs the weapon's ML (Skill Index = ML ÷ 10)",
      );
    checkAngry(`${field}.angry`, angry, { enraged, ml: weapon.ml, cap });
    weapon.angry = angry;
    t = withModifier(
      t,
      enraged ? IMPACT_MODIFIERS.enraged : IMPACT_MODIFIERS.angry,
      -angry,
      `${field}.angry`,
    );
    // 000:21: EML may not be reduced to less than 05.
    if (t.raw < EML_MIN)
      throw new InputError(
        `${field}.angry`,
        angry,
        `it would bring the EML to ${t.raw}, below 05 (seed 000 line 21)`,
      );
  }
  if (o.blunt !== undefined) {
    requireGold(options, "bluntTrauma", `${field}.blunt`, o.blunt);
    weapon.blunt = readNumber(o.blunt, `${field}.blunt`, { integer: true, min: 0, max: 100 });
  }
  if (o.handed !== undefined) {
    requireGold(options, "handedImpact", `${field}.handed`, o.handed);
    if (!melee)
      throw new InputError(
        `${field}.handed`,
        o.handed,
        "only a melee weapon has a grip (seed 000 line 233)",
      );
    const handed = readHanded(o.handed, `${field}.handed`);
    if (handed.lighter !== undefined)
      requireGold(options, "handModePenalty", `${field}.handed.lighter`, handed.lighter);
    weapon.handed = handed;
    const h = handedImpact(handed, goldOn(options, "handModePenalty"));
    t = withModifier(
      t,
      handed.lighter ? IMPACT_MODIFIERS.handModeLighter : IMPACT_MODIFIERS.handMode,
      -h.emlPenalty,
      `${field}.handed.penalty`,
    );
  }
  return { weapon, enraged, target: t };
}

/**
 * A fighter's size class (000:133) and its locations' own classes (000:147), the latter keyed
 * by unsided location id of the fighter's plan (`ids`).
 */
export function readImpactFighter(
  o: Record<string, unknown>,
  field: string,
  options: Readonly<Partial<GoldOptions>>,
  ids: readonly string[],
): { sizeClass?: SizeClass; locationSizeClasses?: Record<string, SizeClass> } {
  const out: { sizeClass?: SizeClass; locationSizeClasses?: Record<string, SizeClass> } = {};
  if (o.sizeClass !== undefined) {
    requireGold(options, "impactSize", `${field}.sizeClass`, o.sizeClass);
    out.sizeClass = readSizeClass(`${field}.sizeClass`, o.sizeClass);
  }
  if (o.locationSizeClasses !== undefined) {
    const f = `${field}.locationSizeClasses`;
    requireGold(options, "impactSizeByLocation", f, o.locationSizeClasses);
    const m = readObject(o.locationSizeClasses, f);
    const classes: Record<string, SizeClass> = {};
    for (const [loc, cls] of Object.entries(m)) {
      if (!ids.includes(loc))
        throw new InputError(
          `${f}.${loc}`,
          cls,
          `unknown location (expected one of ${ids.join(", ")})`,
        );
      classes[loc] = readSizeClass(`${f}.${loc}`, cls);
    }
    out.locationSizeClasses = classes;
  }
  return out;
}
