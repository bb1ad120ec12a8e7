/**
 * The attributes tab of the GURPS Man to Man actor sheet: attributes with their point costs and
 * final scores, race and attribute basis, advantages with their levels, and the point totals,
 * from the stored block and the derivation. Pure.
 */
import { attributeCost, ADVANTAGE_IDS, ADVANTAGES } from "../../../../../rules/m2m/character";
import { ATTRIBUTES, RACE_IDS } from "../../../../../rules/m2m/races";
import { ATTRIBUTE_BASES, M2M_BOUNDS, m2mLabelFor } from "../../character-data";
import { ATTRIBUTE_ABBR, BASIS_LABEL, RACE_LABEL, TEXT } from "../labels";
import { options, type M2mActorContextInput, type Option, type Tools } from "./shared";

export interface AttributeContext {
  id: string;
  abbr: string;
  label: string;
  name: string;
  value: number;
  min: number;
  max: number;
  /** Final score after the race (derived), or "—". */
  final: string;
  /** Point cost of the bought score (the engine's attribute table), or "—". */
  cost: string;
}

export interface AdvantageContext {
  id: string;
  label: string;
  name: string;
  value: number;
  options: Option[];
  cost: string;
  free: boolean;
}

export function attributesContext(input: M2mActorContextInput, t: Tools) {
  const block = input.system.m2m;
  const d = input.derived?.character ?? null;
  const list: AttributeContext[] = ATTRIBUTES.map((a) => ({
    id: a,
    abbr: t.localize(ATTRIBUTE_ABBR[a]),
    label: t.localize(m2mLabelFor(`m2m.attributes.${a}`)),
    name: `system.m2m.attributes.${a}`,
    value: block.attributes[a],
    min: M2M_BOUNDS.attribute.min!,
    max: M2M_BOUNDS.attribute.max!,
    final: d ? String(d.attributes[a]) : "—",
    cost: d ? String(attributeCost(d.bought[a])) : "—",
  }));
  const advantages: AdvantageContext[] = ADVANTAGE_IDS.map((id) => {
    const derived = d?.advantages.find((x) => x.id === id);
    const levels = ADVANTAGES[id].costs.length;
    const value = block.advantages[id];
    return {
      id,
      label: t.localize(m2mLabelFor(`m2m.advantages.${id}`)),
      name: `system.m2m.advantages.${id}`,
      value,
      options: Array.from({ length: levels + 1 }, (_, level) => ({
        value: String(level),
        label: level === 0 ? "—" : levels === 1 ? "✓" : String(level),
        selected: level === value,
      })),
      cost: derived ? String(derived.cost) : d ? "0" : "—",
      free: derived?.free ?? false,
    };
  });
  const points = d
    ? [
        ["attributes", TEXT.pointsAttributes, d.points.attributes],
        ["race", TEXT.pointsRace, d.points.race],
        ["advantages", TEXT.pointsAdvantages, d.points.advantages],
        ["skills", TEXT.pointsSkills, d.points.skills],
        ["total", TEXT.pointsTotal, d.points.total],
      ].map(([id, label, value]) => ({
        id: String(id),
        label: t.localize(String(label)),
        value: String(value),
      }))
    : [];
  return {
    list,
    basis: {
      name: "system.m2m.attributeBasis",
      options: options(ATTRIBUTE_BASES, BASIS_LABEL, block.attributeBasis, t),
    },
    race: { name: "system.m2m.race", options: options(RACE_IDS, RACE_LABEL, block.race, t) },
    /** Left-handed (L522, ruling M132): the main hand is the left; older blocks lack it (right-handed). */
    leftHanded: {
      name: "system.m2m.leftHanded",
      label: t.localize(m2mLabelFor("m2m.leftHanded")),
      checked: block.leftHanded === true,
    },
    advantages,
    points,
  };
}
