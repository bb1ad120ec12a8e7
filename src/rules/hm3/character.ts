/**
 * The HM3 character derivation: everything a sheet shows that the rules compute (Endurance,
 * UP, PP, skill bases and EMLs, AML/DML per weapon, missile EMLs per range band, Initiative,
 * Dodge, encumbrance, armour and injuries per location). Pure and framework-free; the Foundry
 * adapter calls it from `prepareDerivedData`. Rulings: docs/rulings.md R19-R27.
 *
 * Attributes, fatigue and the encumbrance override are checked (InputError naming the field).
 * Anything else wrong in the sheet (a weapon whose skill is missing, armour on a location the
 * body plan lacks, a broken number) is worked around and reported in `warnings`, so the sheet
 * still renders.
 */
import { goldOn } from "./gold/options";
import { skillBaseAttributesOf } from "./gold/derive-options";
import {
  conditionMl,
  encumbranceLevels,
  goldEncumbrance,
  type GoldEncumbrance,
} from "./gold/turns-encumbrance";
import { findLocation, splitSided } from "../../core/body";
import { InputError } from "../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../core/modifiers";
import { HUMAN_BODY_PLAN, validateBodyPlan } from "./body-plan";
import { goldArmourOf, goldColumnsOf } from "./gold/armour-derive";
import {
  HM3_ATTRIBUTE_MAX,
  HM3_ATTRIBUTES,
  type Hm3ArmourInput,
  type Hm3BodyPlanInput,
  type Hm3CharacterInput,
  type Hm3Derived,
  type Hm3DerivedInjurySummary,
  type Hm3DerivedSkill,
  type Hm3SkillInput,
  type Hm3Warning,
} from "./character-types";
import {
  armourFromLayers,
  endurance,
  EML_MAX,
  EML_MIN,
  flammableFromLayers,
  parseMaterial,
  physicalPenalty,
  universalPenalty,
  type ArmourLayer,
} from "./mechanics";
import { ASPECTS, RANGE_BANDS, RANGE_EML, SEVERITIES, type Aspect, type Severity } from "./tables";

/** Warning keys (BLOWBYBLOW.HM3.Warning.*), written whole for the localisation audit. */
export const HM3_WARNINGS = Object.freeze({
  invalidNumber: "BLOWBYBLOW.HM3.Warning.invalidNumber",
  duplicateId: "BLOWBYBLOW.HM3.Warning.duplicateId",
  skillBaseAttributes: "BLOWBYBLOW.HM3.Warning.skillBaseAttributes",
  weaponSkillMissing: "BLOWBYBLOW.HM3.Warning.weaponSkillMissing",
  initiativeMissing: "BLOWBYBLOW.HM3.Warning.initiativeMissing",
  dodgeMissing: "BLOWBYBLOW.HM3.Warning.dodgeMissing",
  armourMaterialUnknown: "BLOWBYBLOW.HM3.Warning.armourMaterialUnknown",
  armourLocationUnknown: "BLOWBYBLOW.HM3.Warning.armourLocationUnknown",
  injuryLocationUnknown: "BLOWBYBLOW.HM3.Warning.injuryLocationUnknown",
  injurySeverityUnknown: "BLOWBYBLOW.HM3.Warning.injurySeverityUnknown",
  bodyPlanInvalid: "BLOWBYBLOW.HM3.Warning.bodyPlanInvalid",
});

const SEED = "seed 003";
const LIMIT = { min: EML_MIN, max: EML_MAX };
const SEVERITY_RANK: Readonly<Record<Severity, number>> = { M: 0, S: 1, G: 2, K: 3 };

/** A whole number in bounds, or an InputError naming the field (sheet-level figures). */
function checked(value: unknown, field: string, min: number, max?: number): number {
  if (typeof value !== "number" || !Number.isInteger(value))
    throw new InputError(field, value, "expected a whole number");
  if (value < min || (max !== undefined && value > max))
    throw new InputError(
      field,
      value,
      max === undefined ? `must be at least ${min}` : `must be between ${min} and ${max}`,
    );
  return value;
}

/** The skill base of a skill with no SB entered: round(mean of three attributes) + modifier. */
export function skillBase(
  attributes: Readonly<Record<string, number>>,
  ids: readonly string[],
  modifier: number,
): number {
  const sum = ids.reduce((t, id) => t + (attributes[id] ?? 0), 0);
  return Math.round(sum / ids.length) + modifier;
}

/** Encumbrance from the load: round(load ÷ Endurance) (seed 000 line 103; ruling R23). */
export function encumbranceFor(load: number, end: number): number {
  return Math.round(load / end);
}

const normal = (name: string) => name.trim().toLowerCase();

/**
 * The Gold encumbrance figures when the option is on (G65: Condition ML from a skill named
 * "Condition" with an ML, else Endurance × 5); null when it is off.
 */
function goldEncumbranceOf(
  input: Hm3CharacterInput,
  load: number,
  end: number,
): GoldEncumbrance | null {
  if (!goldOn(input.options ?? {}, "encumbranceFatigue")) return null;
  const skill = (input.skills ?? []).find((s) => normal(s.name ?? "") === "condition");
  const ml = typeof skill?.ml === "number" && Number.isInteger(skill.ml) ? skill.ml : null;
  return goldEncumbrance(load, conditionMl(end, ml));
}

class Deriver {
  readonly warnings: Hm3Warning[] = [];

  warn(field: string, key: string, value: unknown): void {
    this.warnings.push({ field, key, value });
  }

  /** A sheet number: whole and ≥ min, else 0 (or `fallback`) and a warning. */
  num(value: unknown, field: string, min: number, fallback = 0): number {
    if (typeof value === "number" && Number.isInteger(value) && value >= min) return value;
    this.warn(field, HM3_WARNINGS.invalidNumber, value);
    return fallback;
  }

  /** A sheet number that may be fractional (weights). */
  real(value: unknown, field: string): number {
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
    this.warn(field, HM3_WARNINGS.invalidNumber, value);
    return 0;
  }
}

/** An EML target: `base` less 5 × a penalty (and any further modifiers), clamped 5..95. */
function emlTarget(
  baseKey: string,
  base: number,
  penalty: { key: "physicalPenalty" | "universalPenalty"; points: number; source: string },
  more: Modifier[] = [],
): Target {
  return buildTarget(
    baseKey,
    base,
    [{ key: penalty.key, value: -5 * penalty.points, source: penalty.source }, ...more],
    LIMIT,
  );
}

/**
 * Derives an HM3 sheet. Pure; throws InputError only for attributes (whole 1..attributeMax,
 * 30 unless given: R27, R28), fatigue and the encumbrance override (R27); other bad figures
 * become warnings.
 */
export function deriveHm3Character(input: Hm3CharacterInput): Hm3Derived {
  const d = new Deriver();
  const attrs = {} as Record<string, number>;
  // Characters 1..30; a creature's adapter passes a wider bound (R28).
  const attributeMax = input.attributeMax ?? HM3_ATTRIBUTE_MAX;
  for (const id of HM3_ATTRIBUTES)
    attrs[id] = checked(input.attributes?.[id], `attributes.${id}`, 1, attributeMax);
  const fatigue = checked(input.fatigue, "fatigue", 0);
  const override =
    input.encumbranceOverride === null || input.encumbranceOverride === undefined
      ? null
      : checked(input.encumbranceOverride, "encumbranceOverride", 0);

  // Body plan: a creature's own, validated; a broken one falls back to the human plan (R19).
  let plan: Hm3BodyPlanInput = HUMAN_BODY_PLAN;
  if (input.bodyPlan) {
    try {
      plan = validateBodyPlan(input.bodyPlan, "bodyPlan");
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      d.warn(e.field, HM3_WARNINGS.bodyPlanInvalid, e.value);
    }
  }
  const sidedIds = plan.locations.flatMap((l) =>
    l.paired ? [`left-${l.id}`, `right-${l.id}`] : [l.id],
  );

  // Endurance, injuries, UP (hm3.md §2; ruling R25).
  const end = endurance(attrs.str!, attrs.sta!, attrs.wil!);
  const injuries: Record<string, Hm3DerivedInjurySummary> = {};
  const levels: number[] = [];
  for (const [i, inj] of (input.injuries ?? []).entries()) {
    const f = `injuries[${i}]`;
    const level = d.num(inj.level, `${f}.level`, 0);
    levels.push(level);
    let severity: Severity = inj.severity;
    if (!(SEVERITIES as readonly string[]).includes(severity)) {
      d.warn(`${f}.severity`, HM3_WARNINGS.injurySeverityUnknown, inj.severity);
      severity = "M";
    }
    const where = typeof inj.location === "string" ? inj.location : "";
    const loc = findLocation(plan, where);
    // A paired location needs its side: `forearm` alone is not a place on the body.
    if (!loc || (loc.paired && splitSided(where).side === null)) {
      d.warn(`${f}.location`, HM3_WARNINGS.injuryLocationUnknown, inj.location);
      continue;
    }
    const s = (injuries[where] ??= { levels: 0, worst: severity, count: 0 });
    s.levels += level;
    s.count += 1;
    if (SEVERITY_RANK[severity] > SEVERITY_RANK[s.worst]) s.worst = severity;
  }
  const up = universalPenalty(levels, fatigue);

  // Load and encumbrance (ruling R23), PP (hm3.md §2).
  let load = 0;
  for (const [i, item] of (input.load ?? []).entries()) {
    if (!item.carried) continue;
    load +=
      d.real(item.weight, `load[${i}].weight`) * d.num(item.quantity, `load[${i}].quantity`, 0);
  }
  // HârnMaster Gold: ENC from Condition, in PP levels (seed 000 lines 101-113, G64-G65).
  const gold = goldEncumbranceOf(input, load, end);
  const encumbrance = override ?? (gold ? encumbranceLevels(gold.enc) : encumbranceFor(load, end));
  const pp = physicalPenalty(up, encumbrance);

  const ppPenalty = (source: string) => ({ key: "physicalPenalty" as const, points: pp, source });

  // Skills: SB, ML, EML (ruling R20, R21).
  const skills: Record<string, Hm3DerivedSkill> = {};
  const byName = new Map<string, Hm3SkillInput>();
  for (const [i, sk] of (input.skills ?? []).entries()) {
    const f = `skills[${i}]`;
    if (skills[sk.id]) {
      d.warn(`${f}.id`, HM3_WARNINGS.duplicateId, sk.id);
      continue;
    }
    const ml = d.num(sk.ml, `${f}.ml`, 0);
    let sb: number;
    if (sk.skillBase !== null && sk.skillBase !== undefined) {
      sb = d.num(sk.skillBase, `${f}.skillBase`, 0);
    } else {
      // HârnMaster Gold Kamtóla skill base (000:362, G91): DEX AGL AGL for its Unarmed skill.
      const ids = skillBaseAttributesOf(
        { name: sk.name ?? "", sbAttributes: sk.sbAttributes ?? [] },
        input.unarmedStyle,
        input.options ?? {},
      );
      const known = ids.every((a) => (HM3_ATTRIBUTES as readonly string[]).includes(a));
      if (ids.length !== 3 || !known) {
        d.warn(`${f}.sbAttributes`, HM3_WARNINGS.skillBaseAttributes, ids);
        sb = 0;
      } else {
        sb = skillBase(attrs, ids, d.num(sk.sbModifier, `${f}.sbModifier`, -100));
      }
    }
    const physical = sk.category === "physical" || sk.category === "combat";
    skills[sk.id] = {
      id: sk.id,
      sb,
      ml,
      penalty: physical ? "physical" : "universal",
      eml: physical
        ? emlTarget("ml", ml, ppPenalty("hm3.md §2; docs/rulings.md R21"))
        : emlTarget("ml", ml, {
            key: "universalPenalty",
            points: up,
            source: "hm3.md §2; docs/rulings.md R21",
          }),
    };
    const key = normal(sk.name ?? "");
    if (!byName.has(key)) byName.set(key, sk);
  }
  const mlOf = (skillId: string | undefined) => (skillId ? (skills[skillId]?.ml ?? 0) : 0);

  // Melee weapons and shields: AML, DML, their EMLs, impacts (hm3.md §2, line 177; R26).
  const weapons: Hm3Derived["weapons"] = {};
  for (const [i, w] of (input.weapons ?? []).entries()) {
    const f = `weapons[${i}]`;
    if (weapons[w.id]) {
      d.warn(`${f}.id`, HM3_WARNINGS.duplicateId, w.id);
      continue;
    }
    const skill = byName.get(normal(w.skill ?? ""));
    if (!skill) d.warn(`${f}.skill`, HM3_WARNINGS.weaponSkillMissing, w.skill);
    const ml = mlOf(skill?.id);
    const aml = ml + d.num(w.attack, `${f}.attack`, -100);
    const dml = ml + d.num(w.defence, `${f}.defence`, -100);
    const impacts: { aspect: Aspect; impact: number }[] = [];
    for (const aspect of ASPECTS) {
      const v = w.impact?.[aspect];
      if (v === null || v === undefined) continue;
      impacts.push({ aspect, impact: d.num(v, `${f}.impact.${aspect}`, 0) });
    }
    weapons[w.id] = {
      id: w.id,
      skillId: skill?.id ?? null,
      ml,
      aml,
      dml,
      attackEml: emlTarget("aml", aml, ppPenalty(`${SEED} line 177`)),
      defenceEml: emlTarget("dml", dml, ppPenalty(`${SEED} line 177`)),
      impacts,
    };
  }

  // Missiles: the attack EML at each range band (seed 003 lines 208-212, 283).
  const missiles: Hm3Derived["missiles"] = {};
  for (const [i, m] of (input.missiles ?? []).entries()) {
    const f = `missiles[${i}]`;
    if (missiles[m.id]) {
      d.warn(`${f}.id`, HM3_WARNINGS.duplicateId, m.id);
      continue;
    }
    const skill = byName.get(normal(m.skill ?? ""));
    if (!skill) d.warn(`${f}.skill`, HM3_WARNINGS.weaponSkillMissing, m.skill);
    const ml = mlOf(skill?.id);
    missiles[m.id] = {
      id: m.id,
      skillId: skill?.id ?? null,
      ml,
      bands: RANGE_BANDS.map((band) => ({
        band,
        range: d.num(m.ranges?.[band]?.range, `${f}.ranges.${band}.range`, 0),
        impact: d.num(m.ranges?.[band]?.impact, `${f}.ranges.${band}.impact`, 0),
        eml: emlTarget("aml", ml, ppPenalty(`${SEED} line 210`), [
          { key: `range.${band}`, value: RANGE_EML[band], source: `${SEED} lines 212, 283` },
        ]),
      })),
    };
  }

  // Initiative and Dodge (ruling R22).
  const special = (name: string, missing: string, source: string) => {
    const skill = byName.get(normal(name));
    if (!skill) d.warn(`skills`, missing, name);
    const ml = mlOf(skill?.id);
    return { skillId: skill?.id ?? null, ml, eml: emlTarget("ml", ml, ppPenalty(source)) };
  };
  const initiative = special(
    "Initiative",
    HM3_WARNINGS.initiativeMissing,
    "hm3.md §2; docs/rulings.md R22",
  );
  // Dodge is a defence: the same target as the exchange's Dodge EML (meleeEml, line 177).
  const dodge = special("Dodge", HM3_WARNINGS.dodgeMissing, `${SEED} line 177`);

  // Armour and flammable layers per sided location (seed 003 lines 219-277; ruling R24).
  const layers = armourLayers(input.armour ?? [], plan, d);
  const armour: Hm3Derived["armour"] = {};
  const summed = armourFromLayers(layers, plan);
  for (const id of sidedIds) {
    const p = summed[id];
    armour[id] = {
      blunt: p?.blunt ?? 0,
      edge: p?.edge ?? 0,
      point: p?.point ?? 0,
      fire: p?.fire ?? 0,
    };
  }
  const flammable = flammableFromLayers(layers, plan);
  const goldArmour = goldArmourOf(layers, plan, sidedIds);

  return {
    endurance: end,
    injuryLevels: levels.reduce((a, b) => a + b, 0),
    fatigue,
    up,
    load: Math.round(load * 100) / 100,
    encumbrance,
    ...(gold ? { goldEncumbrance: gold } : {}),
    pp,
    initiative,
    dodge,
    skills,
    weapons,
    missiles,
    armour,
    goldArmour,
    flammable,
    injuries,
    plan: {
      id: plan.id,
      name: plan.name,
      locations: plan.locations.flatMap((l) =>
        (l.paired ? [`left-${l.id}`, `right-${l.id}`] : [l.id]).map((id) => ({
          id,
          name: l.name,
          region: l.region,
          paired: l.paired,
        })),
      ),
    },
    warnings: d.warnings,
  };
}

/** The equipped pieces as layers; entries the plan lacks are dropped with a warning. */
function armourLayers(
  pieces: readonly Hm3ArmourInput[],
  plan: Hm3BodyPlanInput,
  d: Deriver,
): ArmourLayer[] {
  const layers: ArmourLayer[] = [];
  for (const [i, piece] of pieces.entries()) {
    if (!piece.equipped) continue;
    const f = `armour[${i}]`;
    let material;
    try {
      material = parseMaterial(piece.material, `${f}.material`);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      d.warn(`${f}.material`, HM3_WARNINGS.armourMaterialUnknown, piece.material);
      continue;
    }
    const locations: string[] = [];
    for (const [j, loc] of (piece.locations ?? []).entries()) {
      if (typeof loc === "string" && findLocation(plan, loc)) locations.push(loc);
      else d.warn(`${f}.locations[${j}]`, HM3_WARNINGS.armourLocationUnknown, loc);
    }
    layers.push({
      material,
      quality: d.num(piece.quality, `${f}.quality`, -100),
      enchantment: d.num(piece.enchantment, `${f}.enchantment`, 0),
      locations,
      ...goldColumnsOf(piece, f, (field, v) => d.warn(field, HM3_WARNINGS.invalidNumber, v)),
    });
  }
  return layers;
}
