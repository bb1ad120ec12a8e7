/**
 * The CLI's `attack.aimAt {location, side, aap}` (aimed melee, seed 000 lines 5-15): read, checked
 * against the victim's plan, and turned into the attack EML's itemised modifiers (`gold.aimZone`
 * line 7, `gold.aimSide` line 9, `gold.aap` line 11), none of which may bring EML below 05.
 * Rulings G2-G4, G8 (docs/rulings.md). Errors name the field.
 */
import {
  checkKeys,
  InputError,
  readEnum,
  readNumber,
  readObject,
  readString,
} from "../../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../../core/modifiers";
import type { Hm3Attack, Hm3Fighter } from "../exchange";
import { EML_MAX, EML_MIN } from "../mechanics";
import { requireGold, type GoldOptions } from "./options";
import { GOLD_AIM_FLOOR, GOLD_SIDE_EML, GOLD_ZONE_EML, type AimAt, type GoldAimZone } from "./aim";
import { aimTarget } from "./aim-locate";

/** Most AAPs the input takes (an EML is at most 95 when rolled, so more can never be spent). */
export const AIM_AAP_LIMIT = 100;

/** The modifier keys the aim adds (labels: `AIM_MODIFIER_LABELS`). */
export const AIM_MODIFIER = Object.freeze({
  zone: "gold.aimZone",
  side: "gold.aimSide",
  aap: "gold.aap",
});

/** The labels of the aim's modifiers, for `HM3_MODIFIER_LABELS` (src/rules/hm3/combat.ts). */
export const AIM_MODIFIER_LABELS: Readonly<Record<string, string>> = Object.freeze({
  "gold.aimZone": "BLOWBYBLOW.Modifier.gold.aimZone",
  "gold.aimSide": "BLOWBYBLOW.Modifier.gold.aimSide",
  "gold.aap": "BLOWBYBLOW.Modifier.gold.aap",
});

/** Keys an attack EML given with an aim may not carry already (ruling G3: no double penalty). */
const REFUSED_KEYS: readonly string[] = ["aim.high", "aim.low", ...Object.values(AIM_MODIFIER)];

/** Reads `attack.aimAt` (untrusted) against the victim's plan. */
export function readAimAt(
  value: unknown,
  victim: Pick<Hm3Fighter, "bodyPlan">,
  field = "attack.aimAt",
): AimAt {
  const o = readObject(value, field);
  checkKeys(o, field, ["location", "side", "aap"]);
  const location = readString(o.location, `${field}.location`);
  const t = aimTarget(victim.bodyPlan, location, `${field}.location`);
  const side =
    o.side === undefined || o.side === null
      ? null
      : readEnum(o.side, `${field}.side`, ["left", "right"] as const);
  if (side && !t.paired)
    throw new InputError(
      `${field}.side`,
      side,
      `${location} has no left and right: give null (seed 000 line 9)`,
    );
  const aap =
    o.aap === undefined
      ? 0
      : readNumber(o.aap, `${field}.aap`, { integer: true, min: 0, max: AIM_AAP_LIMIT });
  return { location, side, aap };
}

/** The zone's name as the seed prints it, for messages. */
const ZONE_NAME: Readonly<Record<GoldAimZone, string>> = Object.freeze({
  head: "Head",
  arms: "Arms",
  body: "Body",
  legs: "Legs",
});

/**
 * The attack EML with the aim's modifiers added (seed 000 lines 7, 9, 11), each step checked
 * against the floor of 05 on the EML before clamping (an input error naming the field that
 * brought it below: `attack.aimAt.location`, `.side`, `.aap`).
 */
export function aimedTarget(
  target: Target,
  aimAt: AimAt,
  victim: Pick<Hm3Fighter, "bodyPlan">,
  field = "attack.aimAt",
): Target {
  const t = aimTarget(victim.bodyPlan, aimAt.location, `${field}.location`);
  const mods: Modifier[] = target.modifiers.map((m) => ({ ...m }));
  let raw = target.raw;
  const step = (key: string, value: number, line: number, f: string, v: unknown, why: string) => {
    raw += value;
    if (raw < GOLD_AIM_FLOOR)
      throw new InputError(
        f,
        v,
        `${why} brings the attack EML to ${raw}, below 05 (seed 000 line ${line}): aim at an easier location or with fewer points`,
      );
    mods.push({ key, value, source: `seed 000 line ${line}` });
  };
  const zone = GOLD_ZONE_EML[t.zone];
  step(
    AIM_MODIFIER.zone,
    zone,
    7,
    `${field}.location`,
    aimAt.location,
    `the ${ZONE_NAME[t.zone]} Aiming Zone (${zone === 0 ? "+0" : zone})`,
  );
  if (aimAt.side)
    step(
      AIM_MODIFIER.side,
      GOLD_SIDE_EML,
      9,
      `${field}.side`,
      aimAt.side,
      "choosing the side (−10)",
    );
  if (aimAt.aap > 0)
    step(AIM_MODIFIER.aap, -aimAt.aap, 11, `${field}.aap`, aimAt.aap, `${aimAt.aap} AAPs`);
  return buildTarget(target.baseKey, target.base, mods, { min: EML_MIN, max: EML_MAX });
}

/**
 * The hook of `parseDeclaration` (src/rules/hm3/parse.ts): with `a.aimAt` given, checks the option
 * (`requireGold`, G1), melee only (line 7), the aim, that `attack.aim` is the target's column or
 * left out and that the EML carries no aiming modifier of its own (G3); then sets the attack's
 * `aimAt`, its column (`aim`) and its EML with the aim's modifiers.
 */
export function applyAimAt(
  a: Readonly<Record<string, unknown>>,
  attack: Hm3Attack,
  options: Readonly<Partial<GoldOptions>>,
  victim: Pick<Hm3Fighter, "bodyPlan">,
): void {
  if (a.aimAt === undefined) return;
  requireGold(options, "aimedMelee", "attack.aimAt", a.aimAt);
  if (attack.type !== "melee")
    throw new InputError(
      "attack.aimAt",
      a.aimAt,
      "an aimed attack is a melee attack only (seed 000 line 7): not with a missile attack",
    );
  const aimAt = readAimAt(a.aimAt, victim);
  const column = aimTarget(victim.bodyPlan, aimAt.location).column;
  if (a.aim !== undefined && a.aim !== column)
    throw new InputError(
      "attack.aim",
      a.aim,
      `an aimed attack at ${aimAt.location} rolls in the ${column} column with HârnMaster Gold's Aiming Zone penalty instead of HM3's (ruling G3): give ${column} or leave attack.aim out`,
    );
  attack.target.modifiers.forEach((m, i) => {
    if (REFUSED_KEYS.includes(m.key))
      throw new InputError(
        `attack.eml.modifiers[${i}].key`,
        m.key,
        "an aimed attack's aiming modifiers are added by the engine from attack.aimAt (ruling G3): leave this one out",
      );
  });
  attack.aimAt = aimAt;
  attack.aim = column;
  attack.target = aimedTarget(attack.target, aimAt, victim);
}
