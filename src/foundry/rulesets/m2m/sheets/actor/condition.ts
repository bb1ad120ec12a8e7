/**
 * The state of a GURPS Man to Man fighter on the actor sheet: the current conditions for the
 * header with how long each lasts, the hit-point and fatigue trackers with their thresholds (the engine's
 * `hitPointThresholds` / `fatigueThresholds`), and the encounter state's fields. Pure.
 */
import type { HeldCondition } from "../../../../../core/turns";
import { parseFighterBlock } from "../../../../../rules/m2m/flow";
import { fatigueThresholds, hitPointThresholds } from "../../../../../rules/m2m/injury";
import { POSITION_IDS, type PositionId } from "../../../../../rules/m2m/maneuvers";
import { untilText } from "../../../../chat/held";
import { localizeText, type LangText } from "../../../../chat/text";
import {
  CRIPPLABLE_LOCATIONS,
  M2M_BOUNDS,
  m2mLabelFor,
  type M2mCharacterBlock,
} from "../../character-data";
import { encounterConditions, readEncounter } from "../../fight-encounter";
import { m2mHeldLabel } from "../../held";
import { LOCATION_LABEL, POSITION_LABEL, TEXT } from "../labels";
import { storedBlock } from "./fight";
import { CRIPPLED_INPUT, options, type M2mActorContextInput, type Tools } from "./shared";

export interface ConditionContext {
  id: string;
  label: string;
  shock: boolean;
  /** How long it lasts ("until the end of Friedrick's next turn"); empty for the posture. */
  until: string;
}

/** The held conditions and posture of the fight block stored on the sheet, or null outside a fight. */
function fightHeld(
  block: M2mCharacterBlock,
): { conditions: HeldCondition[]; posture: PositionId } | null {
  const raw = storedBlock(block.fight);
  if (raw === null) return null;
  try {
    const { state } = parseFighterBlock(raw, "block");
    return { conditions: state.conditions, posture: state.posture };
  } catch {
    // A block the flow refuses: the GM's client reports it when it next reads it.
    return null;
  }
}

/** The held conditions of the encounter record, as a fight would start with them (M125). */
function recordHeld(block: M2mCharacterBlock): HeldCondition[] {
  try {
    return encounterConditions(readEncounter(block.encounter));
  } catch {
    return [];
  }
}

/**
 * The current conditions for the header, each with how long it lasts: in a fight those of the
 * fight block (`system.m2m.fight`, as the turns and exchanges left them), else those of the
 * encounter record (with the durations a fight starts them with, ruling M125); then the posture
 * when not standing. Prone is shown as the posture. `name`: the bearer, for "until {name}'s next
 * turn".
 */
export function conditionsOf(block: M2mCharacterBlock, t: Tools, name = ""): ConditionContext[] {
  const text = (x: LangText) => localizeText(x, t.localize, t.format);
  const fight = fightHeld(block);
  const held = fight?.conditions ?? recordHeld(block);
  const posture = fight?.posture ?? block.encounter.position;
  const out: ConditionContext[] = held
    .filter((h) => h.condition !== "prone")
    .map((h) => ({
      id:
        h.condition === "shocked"
          ? "shock"
          : h.condition === "crippled" && h.location
            ? `crippled-${h.location}`
            : h.condition,
      label: text(m2mHeldLabel(h)),
      shock: h.condition === "shocked",
      until: text(untilText(h, name)),
    }));
  if (posture !== "standing")
    out.push({
      id: "position",
      label: t.localize(POSITION_LABEL[posture]),
      shock: false,
      until: "",
    });
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
    /**
     * In a fight the fight block governs: the record is where the fight started from (ruling
     * M125) and what its end writes back (M126), so an edit here is overwritten then.
     */
    inFight: fightHeld(block) !== null ? t.localize(TEXT.encounterInFight) : "",
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
