/**
 * Protection on the GURPS Man to Man actor sheet's combat tab: PD and DR on every hit location
 * as the derivation gives them (with the figures against impaling and from behind, and the
 * pieces by item name), and a creature's hit-location plan. Pure.
 */
import { HIT_LOCATIONS, type HitLocation } from "../../../../../rules/m2m/types";
import type { Target } from "../../../../../core/modifiers";
import {
  M2M_PLAN_IDS,
  m2mLabelFor,
  type M2mCharacterBlock,
  type M2mCreatureBlock,
} from "../../character-data";
import { BODY_PLAN_LABEL, LOCATION_LABEL, TEXT } from "../labels";
import { tip, type M2mActorContextInput, type Tools } from "./shared";

export interface LocationRow {
  id: HitLocation;
  label: string;
  pd: string;
  pdTooltip: string;
  dr: string;
  drTooltip: string;
  /** "vs impaling: PD x, DR y" where it differs from the row's figures, else "". */
  vsImpaling: string;
  /** "from behind: PD x, DR y" where a front-only piece counts (breastplate, L4838), else "". */
  fromBehind: string;
  /** The worn pieces protecting there, by item name. */
  pieces: string[];
}

/**
 * PD and DR on every hit location, in the engine's order, as the derivation gives them
 * (`character.locations`); the pieces by the names of the items that gave them (a Basic suit
 * is the engine's `armour`: the worn suit's name).
 */
export function locationRows(input: M2mActorContextInput, t: Tools): LocationRow[] {
  const locations = input.derived?.character.locations;
  if (!locations) return [];
  const suit = input.items.find(
    (i) =>
      i.type === "armour" &&
      i.system.equipped === true &&
      (i.system.m2m as { kind?: string } | undefined)?.kind === "suit",
  );
  const pieceName = (id: string) =>
    input.items.find((i) => i.id === id)?.name ?? (id === "armour" && suit ? suit.name : id);
  const pair = (key: string, pd: Target, dr: Target) =>
    t.format(key, { pd: pd.value, dr: dr.value });
  return HIT_LOCATIONS.map((id) => {
    const l = locations[id];
    const differs = l.pdVsImpaling.value !== l.pd.value || l.drVsImpaling.value !== l.dr.value;
    const behind = l.fromBehind;
    return {
      id,
      label: t.localize(LOCATION_LABEL[id]),
      pd: String(l.pd.value),
      pdTooltip: tip(l.pd, t),
      dr: String(l.dr.value),
      drTooltip: tip(l.dr, t),
      vsImpaling: differs ? pair(TEXT.locationVsImpaling, l.pdVsImpaling, l.drVsImpaling) : "",
      fromBehind: behind ? pair(TEXT.locationFromBehind, behind.pd, behind.dr) : "",
      pieces: l.pieces.map(pieceName),
    };
  });
}

export interface BodyPlanContext {
  label: string;
  value: string;
  /** Said while the human table is the only plan (a creature cannot pick another yet). */
  hint: string;
}

/** A creature's hit-location plan (`bodyPlan`), by its label; null for a character (human). */
export function bodyPlanContext(block: M2mCharacterBlock | M2mCreatureBlock, t: Tools) {
  if (!("bodyPlan" in block)) return null;
  const id = block.bodyPlan;
  const known = BODY_PLAN_LABEL[id];
  return {
    label: t.localize(m2mLabelFor("m2m.bodyPlan")),
    value: known ? t.localize(known) : t.format(TEXT.unknownValue, { value: id }),
    hint: M2M_PLAN_IDS.length === 1 ? t.localize(TEXT.bodyPlanOnly) : "",
  } satisfies BodyPlanContext;
}
