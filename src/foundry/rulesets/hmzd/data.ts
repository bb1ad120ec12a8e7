/**
 * The data side of the HârnMaster zone-die ruleset in Foundry (`RulesetData`, ../contract.ts):
 * its `system.hmzd` blocks (./source.ts shape, ./fields.ts schema, ./rules.ts field rules,
 * ./labels.ts labels, ./migrations.ts, ./validate.ts) and the plans its items name. The
 * ruleset's `FoundryRuleset` (./index.ts, with the combat rules and the card) takes this
 * object as its `data`.
 *
 * The block sits on characters, creatures, weapons, missiles and injuries. Armour and skills
 * have none: an hmzd fighter's armour is read from the HM3 armour items' `system.hm3` (Z13) and
 * his EMLs from the HM3 skills; the attributes (STR for the impact modifier, §3; STR, STA, WIL
 * for Endurance, Z7) from `system.hm3.attributes`.
 */
import { prefixFor } from "../../data/prefixes";
import { planContext } from "../../data/plan-context";
import type { PlanContext, RulesetData } from "../contract";
import { HMZD_BLOCKS } from "./fields";
import { HMZD_LABELS } from "./labels";
import { HMZD_BLOCK_FIELDS, HMZD_MIGRATIONS } from "./migrations";
import { humanPlanSource } from "./plans";
import { HMZD_RULES } from "./rules";
import { hmzdBlockProblems } from "./validate";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The locations of a zone plan as items name them: a paired location of a sided zone is named
 * with its side (`left-shoulder`), the others bare.
 */
export function zonePlanContext(plan: {
  name: string;
  zones: readonly {
    sides: { by: string } | null;
    locations: readonly { id: string; paired: boolean }[];
  }[];
}): PlanContext {
  const seen = new Map<string, boolean>();
  for (const zone of plan.zones) {
    const sided = zone.sides !== null && zone.sides.by !== "none";
    for (const location of zone.locations)
      seen.set(location.id, (seen.get(location.id) ?? false) || (sided && location.paired));
  }
  const locations = [...seen].map(([id, paired]) => ({ id, paired }));
  return { ...planContext({ name: plan.name, locations }), ruleset: "hmzd" };
}

/** The human plan's locations (§2). */
export const HMZD_HUMAN_PLAN: PlanContext = Object.freeze({
  ...zonePlanContext(humanPlanSource()),
  name: "BLOWBYBLOW.Validation.humanPlan",
});

/** A creature's own zone plan from its block; undefined: the human plan. */
export function hmzdOwnPlan(type: string, block: unknown): PlanContext | undefined {
  if (type !== "creature" || !isObj(block)) return undefined;
  const plan = block.bodyPlan;
  if (!isObj(plan) || !Array.isArray(plan.zones)) return undefined;
  const zones = plan.zones.filter(isObj).map((z) => ({
    sides: isObj(z.sides) && typeof z.sides.by === "string" ? { by: z.sides.by } : null,
    locations: Array.isArray(z.locations)
      ? z.locations
          .filter((l): l is Obj & { id: string } => isObj(l) && typeof l.id === "string")
          .map((l) => ({ id: l.id, paired: l.paired === true }))
      : [],
  }));
  return zonePlanContext({ name: String(plan.name), zones });
}

export const HMZD_DATA = Object.freeze({
  blocks: HMZD_BLOCKS,
  rules: HMZD_RULES,
  prefixes: Object.freeze({
    "Actor.character": prefixFor("HMZD.Actor"),
    "Actor.creature": prefixFor("HMZD.Actor"),
    "Item.weapon": prefixFor("HMZD.Weapon"),
    "Item.missile": prefixFor("HMZD.Missile"),
    "Item.injury": prefixFor("HMZD.Injury"),
  }),
  labels: HMZD_LABELS,
  blockFields: HMZD_BLOCK_FIELDS,
  nullable: Object.freeze({ "Actor.creature": ["bodyPlan"] }),
  migrations: HMZD_MIGRATIONS,
  shortcuts: Object.freeze([]),
  humanPlan: HMZD_HUMAN_PLAN,
  ownPlan: hmzdOwnPlan,
  blockProblems: hmzdBlockProblems,
} satisfies RulesetData);
