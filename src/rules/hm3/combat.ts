/**
 * HârnMaster 3 for the Foundry adapter's combat flow: the core's `CombatRules` (core/combat.ts)
 * over fighter snapshots, i.e. an actor's stored `system` (`system.hm3`), its derived figures
 * (`Hm3Derived`, character.ts) and its items' stored systems (`system.hm3`, `equipped`,
 * `held`). Pure and deterministic; untrusted requests are refused with an `InputError` naming
 * the field.
 *
 * Rules: seed 003 lines 37-50 (missile defences), 54 (aiming), 175-181 (melee EML modifiers),
 * 208-215 and 279-295 (missile EML modifiers and range bands); hm3.md §2; rulings R2, R16,
 * R26, R29-R34 (docs/rulings.md).
 *
 * Split by concern: combat-labels.ts (keys, labels, optional rules), combat-view.ts (reading a
 * snapshot), combat-read.ts (reading requests), combat-attack.ts (attacks and the declaration),
 * combat-defence.ts (defences and the choice); here the consequences and the `CombatRules`.
 */
import { objectTally } from "./gold/paired-object-combat";
import { aimCatalogFor } from "./gold/aim-creature";
import type { CombatRules, FighterItem, FighterSnapshot, InjuryItemData } from "../../core/combat";
import { InputError, readObject } from "../../core/errors";
import type { ConditionId, Effect } from "../../core/ruleset";
import { GOLD_CATALOG } from "./gold/types";
import { initiativeRoll } from "./gold/turns-initiative";
import { ASPECT_ALIASES, ASPECTS, SEVERITIES, type Severity } from "./tables";
import { HM3_COMBAT_KEYS, HM3_TARGET_LABELS, GOLD_MENU, HM3_OPTIONAL_RULES } from "./combat-labels";
import { isRecord, view, itemSystem } from "./combat-view";
import { attackOptions, bandFor, attackTarget, buildDeclaration } from "./combat-attack";
import { choiceOptions, buildChoice } from "./combat-defence";

export {
  GOLD_MENU,
  HM3_BASE_LABELS,
  HM3_COMBAT_KEYS,
  HM3_MODIFIER_LABELS,
  HM3_OPTIONAL_RULES,
  HM3_TARGET_LABELS,
} from "./combat-labels";
export {
  MAX_OPPONENTS,
  readAttackRequest,
  readCustom,
  readId,
  readNullableId,
  readSituation,
} from "./combat-read";
export { readExchange, type ExchangeContext } from "./combat-defence";

// ── Consequences ─────────────────────────────────────────────────────────────────────────────

const INJURY_ASPECTS: readonly string[] = [...ASPECTS, ...Object.keys(ASPECT_ALIASES)];

function injuryItem(
  effect: Extract<Effect, { type: "injury" }>,
  victim: FighterSnapshot,
): InjuryItemData {
  const e = readObject(effect, "effect");
  if (e.type !== "injury") throw new InputError("type", e.type, "expected an injury effect");
  const severity = e.severityKey;
  if (!(SEVERITIES as readonly unknown[]).includes(severity))
    throw new InputError("severityKey", severity, `expected one of ${SEVERITIES.join(", ")}`);
  const level = e.level;
  if (typeof level !== "number" || !Number.isInteger(level) || level < 1 || level > 5)
    throw new InputError("level", level, "expected an injury level 1 to 5");
  const v = view(victim, "victim");
  const location = e.location;
  const ids = v.derived.plan.locations.map((l) => l.id);
  if (typeof location !== "string" || !ids.includes(location))
    throw new InputError("location", location, `not a location of ${v.derived.plan.name}`);
  const data = isRecord(e.data) ? e.data : {};
  const aspect = data.aspect;
  if (typeof aspect !== "string" || !INJURY_ASPECTS.includes(aspect))
    throw new InputError("data.aspect", aspect, `expected one of ${INJURY_ASPECTS.join(", ")}`);
  const code = `${severity as Severity}${level}`;
  return {
    nameKey: HM3_COMBAT_KEYS.injuryName,
    nameData: { location, code },
    system: {
      description: "",
      hm3: {
        location,
        aspect,
        severity,
        level,
        healingRate: 0,
        bleeding: data.bleeding === true,
      },
    },
  };
}

/**
 * Ruling R31: a failed weapon damage roll costs the weapon (or shield) 1 WQ; at WQ 0 it is
 * broken, so it is also unequipped and put out of hand. Worked out from the item's WQ as it is
 * now (an earlier exchange may have lowered it since the declaration); an item already at WQ 0
 * is only put away. `{}` when nothing changes.
 */
function weaponDamage(
  effect: Extract<Effect, { type: "weaponDamaged" }>,
  item: FighterItem,
): Record<string, unknown> {
  if (effect?.type !== "weaponDamaged") return {};
  if (item.type !== "weapon" && item.type !== "missile") return {};
  const s = itemSystem(item);
  const wq = s.hm3.wq;
  if (typeof wq !== "number" || !Number.isInteger(wq)) return {};
  const out: Record<string, unknown> = {};
  const now = Math.max(0, wq - 1);
  if (wq > 0) out["system.hm3.wq"] = now;
  if (now === 0) {
    if (s.equipped) out["system.equipped"] = false;
    if (s.held !== "none") out["system.held"] = "none";
  }
  return out;
}

/** Initiative EML (hm3.md §2; ruling R22): higher acts first. */
function initiative(fighter: FighterSnapshot): number {
  return view(fighter, "fighter").derived.initiative.eml.value;
}

/** Shock takes a combatant out of the fight (hm3.md §2), as do unconsciousness and death. */
const INCAPACITATING: readonly ConditionId[] = Object.freeze(["shock", "unconscious", "dead"]);

export const hm3Combat: CombatRules = Object.freeze({
  optionalRules: HM3_OPTIONAL_RULES,
  ruleMenus: Object.freeze([GOLD_MENU]),
  labels: HM3_TARGET_LABELS,
  // The HârnMaster Gold decisions (issue 19), each row offered only while its option is on.
  catalog: GOLD_CATALOG,
  // Aimed melee at a creature's own locations (gold/aim-creature.ts, ruling G72).
  catalogAt: (defender: FighterSnapshot | null) => aimCatalogFor(GOLD_CATALOG, defender),
  incapacitating: INCAPACITATING,
  // The scene's units, to read its distance in hexes (ruling R43, hexes.ts).
  situation: Object.freeze(["units"] as const),
  attackOptions,
  bandFor,
  attackTarget,
  buildDeclaration,
  choiceOptions,
  buildChoice,
  injuryItem,
  weaponDamage,
  // HârnMaster Gold brute force: an object's damage written back (gold/paired-object-combat.ts).
  tally: objectTally,
  initiative,
  // HârnMaster Gold initiative (seed 000 lines 149-154) when its option is on.
  initiativeRoll,
});
