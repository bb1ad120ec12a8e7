/**
 * Creature body plans for hmzd (ruling Z14 of `hmzd.md` §8; the design is the project's ruling
 * Z24, docs/rulings.md). No seed gives a creature's STRIKE LOCATION table: seed 001 says only
 * that small creatures have 4 or 6 zones and larger ones 12, 15, 20 or more (001:61), and that
 * a small terrier bites for d6−4P at STR 4 (001:101). These two plans were made for Blow by
 * Blow, and their descriptions say so.
 *
 * Z24, the design:
 * - The locations are those of the HM3 creature plans of this project (packs/_source/
 *   hm3-body-plans: dog head, neck, foreleg, body, hindleg; horse head, neck, forequarter,
 *   barrel, hindquarter, foreleg, hindleg), so the HM3 armour and injuries of a creature keep
 *   their location ids in either ruleset. The tail, which the HM3 plans never let a blow reach
 *   (0 points in every aiming zone), is left out here too.
 * - Zones run from the head backwards, as the human plan's run from the head down (001:25):
 *   a low placement aims at the head, a high one at the hind legs. Each zone holds one region,
 *   as the human zones do, so an injury impairs that region's actions (Z8).
 * - Sides as on the human plan: by the zone value, even right and odd left (001:23, §2); a
 *   zone of one value holding both legs takes the side from the d10, even right and odd left.
 * - Location shock by analogy with the human table (001:36-51): head 5 (skull), neck 5 (the
 *   horse's 4: its HM3 neck is Grievous where the head kills), body and forequarter and barrel
 *   4 (thorax, abdomen), hindquarter 3 (thigh), legs 2 (the human limbs average 2).
 * - The bite is d6 (001:101) + round(0.6 × the HM3 impact) Point, zone die d6 as unarmed
 *   (Z12): the seed's terrier d6+0P (d6−4P at STR 4), the war dog's HM3 Jaws P4 d6+2P.
 */
import { deepFreeze } from "../../core/data";
import type { HmzdPlan, HmzdPlanLocation } from "./types";

const loc = (
  id: string,
  from: number,
  to: number,
  shock: number,
  region: HmzdPlanLocation["region"],
  paired = false,
): HmzdPlanLocation => ({ id, d10: { from, to }, shock, paired, region });

/** Even zone values right, odd left (001:23; §2). */
const byZone = (values: number[]) => ({
  by: "zone" as const,
  right: values.filter((v) => v % 2 === 0),
  left: values.filter((v) => v % 2 === 1),
});

/** Even d10 right, odd left, for a zone of one value holding both legs (Z24). */
const byLocationDie = () => ({
  by: "location" as const,
  right: [2, 4, 6, 8, 10],
  left: [1, 3, 5, 7, 9],
});

/**
 * A dog (hunting or war dog), six zones (001:61): 1 head, 2-3 forelegs (2 right, 3 left), 4-5
 * body, 6 hind legs (side by the d10). Made for this system (Z24).
 */
export const DOG_PLAN: HmzdPlan = deepFreeze({
  id: "dog",
  zoneCount: 6,
  zones: [
    {
      id: "head",
      values: { from: 1, to: 1 },
      region: "head",
      sides: null,
      locations: [loc("head", 1, 6, 5, "head"), loc("neck", 7, 10, 5, "neck")],
    },
    {
      id: "forelegs",
      values: { from: 2, to: 3 },
      region: "leg",
      sides: byZone([2, 3]),
      locations: [loc("foreleg", 1, 10, 2, "leg", true)],
    },
    {
      id: "body",
      values: { from: 4, to: 5 },
      region: "torso",
      sides: null,
      locations: [loc("body", 1, 10, 4, "torso")],
    },
    {
      id: "hindlegs",
      values: { from: 6, to: 6 },
      region: "leg",
      sides: byLocationDie(),
      locations: [loc("hindleg", 1, 10, 2, "leg", true)],
    },
  ],
} satisfies HmzdPlan);

/**
 * A riding or war horse, twelve zones (001:61): 1 head, 2-3 neck, 4 forequarter, 5-6 forelegs
 * (6 right, 5 left), 7-8 barrel, 9-10 hindquarter, 11-12 hind legs (12 right, 11 left). Made
 * for this system (Z24).
 */
export const HORSE_PLAN: HmzdPlan = deepFreeze({
  id: "horse",
  zoneCount: 12,
  zones: [
    {
      id: "head",
      values: { from: 1, to: 1 },
      region: "head",
      sides: null,
      locations: [loc("head", 1, 10, 5, "head")],
    },
    {
      id: "neck",
      values: { from: 2, to: 3 },
      region: "neck",
      sides: null,
      locations: [loc("neck", 1, 10, 4, "neck")],
    },
    {
      id: "forequarter",
      values: { from: 4, to: 4 },
      region: "torso",
      sides: null,
      locations: [loc("forequarter", 1, 10, 4, "torso")],
    },
    {
      id: "forelegs",
      values: { from: 5, to: 6 },
      region: "leg",
      sides: byZone([5, 6]),
      locations: [loc("foreleg", 1, 10, 2, "leg", true)],
    },
    {
      id: "barrel",
      values: { from: 7, to: 8 },
      region: "torso",
      sides: null,
      locations: [loc("barrel", 1, 10, 4, "torso")],
    },
    {
      id: "hindquarter",
      values: { from: 9, to: 10 },
      region: "torso",
      sides: null,
      locations: [loc("hindquarter", 1, 10, 3, "torso")],
    },
    {
      id: "hindlegs",
      values: { from: 11, to: 12 },
      region: "leg",
      sides: byZone([11, 12]),
      locations: [loc("hindleg", 1, 10, 2, "leg", true)],
    },
  ],
} satisfies HmzdPlan);

/** Why the creature plans exist, for their pack documents (Z24). */
export const MADE_FOR_THIS_SYSTEM =
  "No seed gives creature STRIKE LOCATION tables: this plan was made for Blow by Blow " +
  "(docs/rulings.md Z24). Seed 001 says only that small creatures have 4 or 6 zones and " +
  "larger ones 12 or more; the locations are those of the HM3 creature plans, the zones run " +
  "from the head backwards, the location shock follows the human table. Copy it and change " +
  "it for your own creatures.";

/** A creature plan with the English names and description its pack document shows. */
export interface CreaturePlanEntry {
  plan: HmzdPlan;
  name: string;
  description: string;
  /** English names of the zones and locations, by id. */
  zoneNames: Readonly<Record<string, string>>;
  locationNames: Readonly<Record<string, string>>;
}

/** The creature plans made for this system (Z14, Z24), by plan id. */
export const CREATURE_PLANS: Readonly<Record<"dog" | "horse", CreaturePlanEntry>> = deepFreeze({
  dog: {
    plan: DOG_PLAN,
    name: "Dog",
    description: `A dog in six zones. ${MADE_FOR_THIS_SYSTEM}`,
    zoneNames: { head: "Head", forelegs: "Forelegs", body: "Body", hindlegs: "Hind legs" },
    locationNames: {
      head: "Head",
      neck: "Neck",
      foreleg: "Foreleg",
      body: "Body",
      hindleg: "Hindleg",
    },
  },
  horse: {
    plan: HORSE_PLAN,
    name: "Horse",
    description: `A horse in twelve zones. ${MADE_FOR_THIS_SYSTEM}`,
    zoneNames: {
      head: "Head",
      neck: "Neck",
      forequarter: "Forequarter",
      forelegs: "Forelegs",
      barrel: "Barrel",
      hindquarter: "Hindquarter",
      hindlegs: "Hind legs",
    },
    locationNames: {
      head: "Head",
      neck: "Neck",
      forequarter: "Forequarter",
      foreleg: "Foreleg",
      barrel: "Barrel",
      hindquarter: "Hindquarter",
      hindleg: "Hindleg",
    },
  },
});
