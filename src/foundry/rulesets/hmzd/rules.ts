/**
 * The bounds and choices of every stored field of the zone-die block (`system.hmzd`), as plain
 * data: the block's schema (`./fields.ts`) and the sheet-input check (src/foundry/data/validate.ts,
 * through the registry) share this one definition, as HM3's `rules.ts` does. "001:L" is a line
 * of seed 001, "Zn" a ruling of `../shared/rules/hmzd.md` §8, "§n" a section of it.
 */
import { REGIONS } from "../../../rules/hm3/body-plan";
import { HM3_ML } from "../../../rules/hm3/character-types";
import {
  HMZD_BASE,
  HMZD_IMPACT_DICE,
  HMZD_PLAN_IDS,
  HMZD_ZONE_DICE,
} from "../../../rules/hmzd/character";
import { HMZD_ASPECTS, HMZD_STATES } from "../../../rules/hmzd/types";
import { choice, int, nullableInt, type NumberRule, type Rule } from "../../data/rule-kinds";

/**
 * When a shock state is tested again (Z15; zd-state's `HmzdRecovery.at`, null stored as
 * `none`): not at all (none, KIA), at the end of the bearer's next turn (STN, INC), or when the
 * clock reaches the due time, ten minutes on (UNC).
 */
export const RECOVERY_AT = ["none", "turnEnd", "clock"] as const;
export type RecoveryAt = (typeof RECOVERY_AT)[number];

/** The injury severities (§4): Minor, Serious, Grievous. */
export const HMZD_SEVERITIES = ["M", "S", "G"] as const;

/** The injury levels each severity has in the injury table (§4: M1, S2, S3, G4, G5). */
export const SEVERITY_LEVELS: Readonly<
  Record<(typeof HMZD_SEVERITIES)[number], readonly number[]>
> = Object.freeze({ M: [1], S: [2, 3], G: [4, 5] });

/** The side an injury sits on: none for an unpaired location. */
export const INJURY_SIDES = ["none", "right", "left"] as const;

/**
 * How a zone tells left from right (the engine's `HmzdSideRule.by`, src/rules/hmzd/types.ts):
 * by the zone value rolled (the human Arms, ZD 2 right and 3 left, 001:23; Legs by parity), by
 * the d10 location die (a creature zone of one value holding both legs: the dog's hind legs,
 * Z24), or `none` (an unsided zone, the engine's null: Head, Torso).
 */
export const SIDES_BY = ["none", "zone", "location"] as const;
export type HmzdSidesBy = (typeof SIDES_BY)[number];

/** The dice a zone die or an impact die may be (001:17, Z12; d20 for large plans, Z14). */
export const ZONE_DICE: readonly number[] = HMZD_ZONE_DICE;
export const IMPACT_DICE: readonly number[] = HMZD_IMPACT_DICE;

/** The shipped body plans a character's strikes may be located on (Z14, Z24: human, dog, horse). */
export const PLAN_IDS = HMZD_PLAN_IDS;

/** Bounds of the zone-die fields. */
export const HMZD_BOUNDS = Object.freeze({
  /** The Shock skill's EML (Z7), as an HM3 mastery level; null: 5 × Endurance. */
  shock: nullableInt(HM3_ML.min, HM3_ML.max),
  /** Game seconds (Z15: UNC tests again ten minutes on; 001:83). */
  seconds: int(0, undefined, 0),
  due: nullableInt(0, undefined),
  /** A combat round. */
  round: int(0, undefined, 0),
  actionRound: nullableInt(0, undefined),
  /** Setup TAs won in one round (Z16): at least one; a fight's TAs are few, 20 is far beyond any. */
  setupCount: int(1, 20, 1),
  revision: int(0, undefined, 0),
  /** Sides of a zone die; `./validate.ts` checks it is one of ZONE_DICE. */
  zoneDie: int(2, 20, 6),
  /** Sides of an impact die; `./validate.ts` checks it is one of IMPACT_DICE. */
  impactDie: int(2, 20, 6),
  /** A mode's base (Z12: round(0.6 × HM3 impact)), the bounds of zd-content's character input. */
  base: int(HMZD_BASE.min, HMZD_BASE.max, 0),
  injuryLevel: int(1, 5, 1),
  /** A zone value (ZD + placement − 1) of a plan: up to 20+ zones for large creatures (001:61). */
  zoneValue: int(1, 30, 1),
  /** A d10 result. */
  d10: int(1, 10, 1),
  /** Location shock (001:36-51: 1 to 5 for a human; a creature's up to 10). */
  locationShock: int(0, 10, 0),
});

const text = (initial: string, blank = false) => ({ kind: "text", blank, initial }) as const;
const slug = (initial: string) => ({ kind: "slug", initial }) as const;
const bool = (initial: boolean) => ({ kind: "boolean", initial }) as const;

/** The actor fields characters and creatures share. */
const actor = {
  shock: HMZD_BOUNDS.shock,
  state: choice(HMZD_STATES, "none"),
  "recovery.at": choice(RECOVERY_AT, "none"),
  "recovery.armed": bool(false),
  "recovery.due": HMZD_BOUNDS.due,
  clock: HMZD_BOUNDS.seconds,
  "setups.*.round": HMZD_BOUNDS.round,
  "setups.*.count": HMZD_BOUNDS.setupCount,
  actionRound: HMZD_BOUNDS.actionRound,
  "unhindered.*.key": text("injury"),
  "unhindered.*.until": HMZD_BOUNDS.seconds,
  revision: HMZD_BOUNDS.revision,
};

/** A weapon's or missile's fields (`zoneDie`: its default die, Z12 and Z4). */
const weapon = (zoneDie: number) => ({
  zoneDie: { ...HMZD_BOUNDS.zoneDie, initial: zoneDie } as NumberRule,
  "modes.*.name": text("Strike"),
  "modes.*.die": HMZD_BOUNDS.impactDie,
  "modes.*.base": HMZD_BOUNDS.base,
  "modes.*.aspect": choice(HMZD_ASPECTS, "blunt"),
});

/**
 * Every stored leaf of the zone-die block of each type, by path inside the block; `*` stands
 * for an array index. A creature's nullable `bodyPlan` is listed by its leaves.
 */
export const HMZD_RULES = {
  "Actor.character": { ...actor, bodyPlan: choice(PLAN_IDS, "human") },
  "Actor.creature": {
    ...actor,
    "bodyPlan.id": slug("creature"),
    "bodyPlan.name": text("Creature"),
    "bodyPlan.zones.*.id": slug("zone"),
    "bodyPlan.zones.*.name": text("Zone"),
    "bodyPlan.zones.*.values.from": HMZD_BOUNDS.zoneValue,
    "bodyPlan.zones.*.values.to": HMZD_BOUNDS.zoneValue,
    "bodyPlan.zones.*.region": choice(REGIONS, "torso"),
    "bodyPlan.zones.*.sides.by": choice(SIDES_BY, "none"),
    "bodyPlan.zones.*.sides.right": { kind: "list", element: { ...HMZD_BOUNDS.zoneValue } },
    "bodyPlan.zones.*.sides.left": { kind: "list", element: { ...HMZD_BOUNDS.zoneValue } },
    "bodyPlan.zones.*.locations.*.id": slug("body"),
    "bodyPlan.zones.*.locations.*.name": text("Body"),
    "bodyPlan.zones.*.locations.*.d10.from": HMZD_BOUNDS.d10,
    "bodyPlan.zones.*.locations.*.d10.to": { ...HMZD_BOUNDS.d10, initial: 10 } as NumberRule,
    "bodyPlan.zones.*.locations.*.shock": HMZD_BOUNDS.locationShock,
    "bodyPlan.zones.*.locations.*.paired": bool(false),
    "bodyPlan.zones.*.locations.*.region": choice(REGIONS, "torso"),
  },
  /** Z12: d6 unless converted (the conversion script sets each weapon's die). */
  "Item.weapon": weapon(6),
  /** Z4: a missile's zone die is d10 from placement 1 unless aimed. */
  "Item.missile": weapon(10),
  "Item.injury": {
    severity: choice(HMZD_SEVERITIES, "M"),
    level: HMZD_BOUNDS.injuryLevel,
    aspect: choice(HMZD_ASPECTS, "blunt"),
    zone: slug("torso"),
    side: choice(INJURY_SIDES, "none"),
    location: slug("thorax"),
    shockFailed: bool(false),
  },
} as const satisfies Record<string, Record<string, Rule>>;
