/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Aimed melee attacks (seed 000 lines 5-15).
 * The types below are what this group adds to the HM3 exchange's declaration and result
 * (src/rules/hm3/exchange.ts extends them through ./types.ts); `AIM_CATALOG` are its
 * attack-dialog rows, each shown only while its option is on (`CatalogRowOption.option`).
 *
 * The rule, as rulings G2-G9 (docs/rulings.md) read it on the HM3 tables: the attacker names a
 * target location (`attack.aimAt.location`, a face part too), optionally its side and a number of
 * Aiming Adjustment Points (AAPs). The engine adds the Aiming Zone penalty (line 7), the side's
 * −10 (line 9) and the AAPs (line 11) to the attack EML as itemised modifiers, never below 05.
 * On a hit the location roll is made in the HM3 column where the target location is widest
 * (G3) and the AAPs move it toward the target's range (./aim-locate.ts).
 */
import type { CatalogRowOption } from "../../../core/combat";
import { LOCATION_LABEL_KEYS } from "../body-plan";
import { FACE_PARTS, LOCATIONS, type AimZone, type FacePart, type LocationId } from "../tables";

/** The attacker's aim (the CLI's `attack.aimAt`). */
export interface AimAt {
  /** A location id of the victim's plan (human: `neck`…), or on the human plan a face part (`jaw`). */
  location: string;
  /** The side aimed at (line 9), or null for none. */
  side: "left" | "right" | null;
  /** Aiming Adjustment Points (line 11), 0 or more. */
  aap: number;
}

/** Seed 000 line 7's Aiming Zones. */
export const GOLD_AIM_ZONES = ["head", "arms", "body", "legs"] as const;
export type GoldAimZone = (typeof GOLD_AIM_ZONES)[number];

/** EML penalty of each Aiming Zone (seed 000 line 7). */
export const GOLD_ZONE_EML: Readonly<Record<GoldAimZone, number>> = Object.freeze({
  head: -10,
  arms: -15,
  body: 0,
  legs: -10,
});

/** EML penalty for choosing the side (seed 000 line 9). */
export const GOLD_SIDE_EML = -10;
/** The chance of striking the chosen side, in d100 (seed 000 line 9): 01-95 keeps it. */
export const GOLD_SIDE_CHANCE = 95;
/** The EML floor of every step (seed 000 lines 7, 9, 11). */
export const GOLD_AIM_FLOOR = 5;

/**
 * The Aiming Zone of each human location (seed 000 line 7: Head Sk Fa Nk Sh, Arms Ua El Fo Ha,
 * Body Wg Tx Ab Hp, Legs Gr Ta Th Kn Cf Ft). A face part is in the Head zone (ruling G2).
 */
export const HUMAN_AIM_ZONE: Readonly<Record<LocationId, GoldAimZone>> = Object.freeze({
  skull: "head",
  face: "head",
  neck: "head",
  shoulder: "head",
  "upper-arm": "arms",
  elbow: "arms",
  forearm: "arms",
  hand: "arms",
  thorax: "body",
  abdomen: "body",
  hip: "body",
  groin: "legs",
  thigh: "legs",
  knee: "legs",
  calf: "legs",
  foot: "legs",
});

/**
 * The Aiming Zone of a creature plan's location that has no human id, by its region (ruling
 * G2): the seed's Wg (wing) is Body, its Ta (tail) Legs.
 */
export const REGION_AIM_ZONE: Readonly<Record<string, GoldAimZone>> = Object.freeze({
  head: "head",
  neck: "head",
  arm: "arms",
  torso: "body",
  wing: "body",
  other: "body",
  leg: "legs",
  tail: "legs",
});

export function isHumanLocation(id: string): id is LocationId {
  return (LOCATIONS as readonly string[]).includes(id);
}

export function isFacePart(id: string): id is FacePart {
  return (FACE_PARTS as readonly string[]).includes(id);
}

/** The record of an aimed strike's location (seed 000 line 11; rulings G3-G6). */
export interface AimedStrike {
  /** The location aimed at (`attack.aimAt.location`). */
  target: string;
  /** The side aimed at, or null. */
  side: "left" | "right" | null;
  zone: GoldAimZone;
  /** The HM3 column the location roll was made in (ruling G3). */
  column: AimZone;
  /** AAPs declared. */
  aap: number;
  /** The d100 range aimed at in that column (the face's, for a face part). */
  range: { from: number; to: number };
  /** The location roll after the AAPs (the raw roll is the strike's `locationRoll`). */
  locationRoll: number;
  /** AAPs used on the location roll (less than `aap` only when less reached the range). */
  locationAap: number;
  /**
   * With a face part aimed at and the face struck: the face sub-table's range aimed at, the
   * roll after the AAPs (the raw one is the strike's `faceRoll`) and the AAPs used (line 11).
   */
  face: { range: { from: number; to: number }; roll: number; aap: number } | null;
  /**
   * The `side` roll (d100, 01-95 keeps the chosen side, line 9), made when a side was chosen
   * and a paired location (or face part) was struck; null otherwise.
   */
  sideRoll: number | null;
  /** Whether the side roll kept the chosen side; null without a side roll. */
  sideKept: boolean | null;
}

/** Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). */
export type AimAttack = {
  /** Aimed melee (seed 000 lines 5-15): the location aimed at; only with `aimedMelee` on. */
  aimAt?: AimAt;
};
/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export type AimDefence = Record<never, never>;
/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export type AimFighter = Record<never, never>;
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export type AimStrike = {
  /** The aimed strike's location record, when the attack was aimed (ruling G5). */
  aimed?: AimedStrike;
};
/** Fields this group adds to the exchange result (`Hm3Result`). */
export type AimResult = Record<never, never>;

/** Ids of the attack dialog's aimed-melee rows. */
export const AIM_ROW = Object.freeze({
  location: "aimedMelee.location",
  side: "aimedMelee.side",
  aap: "aimedMelee.aap",
});

/** Most AAPs the dialog offers: EML 95 less the floor 05. */
export const AIM_MAX_AAP = 90;

/** Lang keys of the face parts in the location row (whole literals for the lang audit). */
const FACE_PART_KEYS: Readonly<Record<FacePart, string>> = Object.freeze({
  jaw: "BLOWBYBLOW.HM3.Gold.Aim.Face.jaw",
  eye: "BLOWBYBLOW.HM3.Gold.Aim.Face.eye",
  cheek: "BLOWBYBLOW.HM3.Gold.Aim.Face.cheek",
  nose: "BLOWBYBLOW.HM3.Gold.Aim.Face.nose",
  ear: "BLOWBYBLOW.HM3.Gold.Aim.Face.ear",
  mouth: "BLOWBYBLOW.HM3.Gold.Aim.Face.mouth",
});

/**
 * The attack dialog's rows (ruling G9): the target location (the human locations, then the face
 * parts), the side, the AAPs. Offered only while `aimedMelee` is on.
 */
export const AIM_CATALOG: readonly CatalogRowOption[] = Object.freeze([
  Object.freeze({
    id: AIM_ROW.location,
    labelKey: "BLOWBYBLOW.HM3.Gold.Aim.Row.location",
    option: "aimedMelee",
    param: Object.freeze({
      kind: "choice" as const,
      choices: Object.freeze([
        ...LOCATIONS.map((id) => Object.freeze({ id, labelKey: LOCATION_LABEL_KEYS[id] })),
        ...FACE_PARTS.map((id) => Object.freeze({ id, labelKey: FACE_PART_KEYS[id] })),
      ]) as { id: string; labelKey: string }[],
    }),
  }),
  Object.freeze({
    id: AIM_ROW.side,
    labelKey: "BLOWBYBLOW.HM3.Gold.Aim.Row.side",
    option: "aimedMelee",
    param: Object.freeze({
      kind: "choice" as const,
      choices: Object.freeze([
        Object.freeze({ id: "left", labelKey: "BLOWBYBLOW.HM3.Gold.Aim.Side.left" }),
        Object.freeze({ id: "right", labelKey: "BLOWBYBLOW.HM3.Gold.Aim.Side.right" }),
      ]) as { id: string; labelKey: string }[],
    }),
  }),
  Object.freeze({
    id: AIM_ROW.aap,
    labelKey: "BLOWBYBLOW.HM3.Gold.Aim.Row.aap",
    option: "aimedMelee",
    param: Object.freeze({ kind: "number" as const, min: 0, max: AIM_MAX_AAP, default: 10 }),
  }),
]) as readonly CatalogRowOption[];
