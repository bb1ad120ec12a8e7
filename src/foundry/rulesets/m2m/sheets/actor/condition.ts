/**
 * The state of a GURPS Man to Man fighter on the actor sheet: the current conditions for the
 * header, the hit-point and fatigue trackers with their thresholds (the engine's
 * `hitPointThresholds` / `fatigueThresholds`), and the encounter state's fields. Pure.
 */
import { fatigueThresholds, hitPointThresholds } from "../../../../../rules/m2m/injury";
import { POSITION_IDS } from "../../../../../rules/m2m/maneuvers";
import { signed } from "../../../../sheets/common";
import {
  CRIPPLABLE_LOCATIONS,
  M2M_BOUNDS,
  m2mLabelFor,
  type M2mCharacterBlock,
} from "../../character-data";
import { LOCATION_LABEL, POSITION_LABEL, TEXT } from "../labels";
import { CRIPPLED_INPUT, options, type M2mActorContextInput, type Tools } from "./shared";

export interface ConditionContext {
  id: string;
  label: string;
  shock: boolean;
}

/** The current conditions of the encounter state (stored by the combat flow), in sheet order. */
export function conditionsOf(block: M2mCharacterBlock, t: Tools): ConditionContext[] {
  const e = block.encounter;
  const out: ConditionContext[] = [];
  const flag = (id: keyof M2mCharacterBlock["encounter"]) =>
    out.push({ id, label: t.localize(m2mLabelFor(`m2m.encounter.${id}`)), shock: false });
  if (e.dead) flag("dead");
  if (e.unconscious) flag("unconscious");
  if (e.stunned) flag("stunned");
  if (e.shock > 0)
    out.push({
      id: "shock",
      label: t.format(TEXT.shockCondition, { value: signed(-e.shock) }),
      shock: true,
    });
  for (const l of e.crippled)
    out.push({
      id: `crippled-${l}`,
      label: t.format(TEXT.crippledCondition, { location: t.localize(LOCATION_LABEL[l]) }),
      shock: false,
    });
  if (e.offBalance) flag("offBalance");
  if (e.position !== "standing")
    out.push({ id: "position", label: t.localize(POSITION_LABEL[e.position]), shock: false });
  return out;
}

export interface ThresholdRow {
  value: number;
  label: string;
  /** The current value is at or past it. */
  reached: boolean;
}

export function trackers(input: M2mActorContextInput, t: Tools) {
  const block = input.system.m2m;
  const d = input.derived?.character;
  if (!d) return null;
  const ht = d.attributes.ht;
  const h = hitPointThresholds(ht);
  const hp = block.hp;
  const hpRows: ThresholdRow[] = [
    { value: h.halfMove, label: t.localize(TEXT.halfMove), reached: hp <= h.halfMove },
    {
      value: h.consciousnessRolls,
      label: t.localize(TEXT.consciousnessRolls),
      reached: hp <= h.consciousnessRolls,
    },
    { value: h.unconscious, label: t.localize(TEXT.unconsciousAt), reached: hp <= h.unconscious },
    ...h.death.map((v) => ({ value: v, label: t.localize(TEXT.deathRoll), reached: hp <= v })),
    { value: h.destroyed, label: t.localize(TEXT.destroyed), reached: hp <= h.destroyed },
  ];
  const f = fatigueThresholds(d.attributes.st);
  const fatigue = block.fatigue;
  return {
    hp: {
      name: "system.m2m.hp",
      value: hp,
      max: d.hitPoints,
      min: M2M_BOUNDS.hp.min!,
      label: t.format(TEXT.hpOf, { max: d.hitPoints }),
      rows: hpRows,
    },
    fatigue: {
      name: "system.m2m.fatigue",
      value: fatigue,
      min: M2M_BOUNDS.fatigue.min!,
      max: M2M_BOUNDS.fatigue.max!,
      rows: [
        { value: f.halfMove, label: t.localize(TEXT.halfMove), reached: fatigue >= f.halfMove },
        { value: f.collapsed, label: t.localize(TEXT.collapse), reached: fatigue >= f.collapsed },
      ],
    },
  };
}

export function encounterContext(block: M2mCharacterBlock, t: Tools) {
  const e = block.encounter;
  const label = (f: string) => t.localize(m2mLabelFor(`m2m.encounter.${f}`));
  const check = (f: "stunned" | "unconscious" | "dead" | "offBalance" | "footBraced") => ({
    id: f,
    name: `system.m2m.encounter.${f}`,
    label: label(f),
    checked: e[f],
  });
  return {
    shock: { name: "system.m2m.encounter.shock", value: e.shock, label: label("shock") },
    deathChecks: {
      name: "system.m2m.encounter.deathChecks",
      value: e.deathChecks,
      label: label("deathChecks"),
    },
    position: {
      name: "system.m2m.encounter.position",
      label: label("position"),
      options: options(POSITION_IDS, POSITION_LABEL, e.position, t),
    },
    flags: [
      check("stunned"),
      check("unconscious"),
      check("dead"),
      check("offBalance"),
      check("footBraced"),
    ],
    crippledLabel: label("crippled"),
    crippled: CRIPPLABLE_LOCATIONS.map((l) => ({
      id: l,
      name: `${CRIPPLED_INPUT}${l}`,
      label: t.localize(LOCATION_LABEL[l]),
      checked: e.crippled.includes(l),
    })),
  };
}
