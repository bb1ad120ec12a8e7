/**
 * The zone-die tab added to the HM3 actor sheets' tabs (pure): the tab's context beside HM3's,
 * the only active one when chosen, and the part list with the tab before the description.
 */
import type { Localize } from "../../../sheets/common";
import { HMZD_SHEET } from "./context";

export const ZONE_DIE_TAB = "zoneDie";

interface TabLike {
  id: string;
  group: "primary";
  active: boolean;
  cssClass: string;
  label: string;
}

/** The HM3 tabs with the zone-die tab; `active`: the sheet's active tab. */
export function withZoneDieTab<T extends TabLike>(
  tabs: Record<string, T>,
  active: string | null | undefined,
  localize: Localize,
): Record<string, T> {
  const on = active === ZONE_DIE_TAB;
  const zoneDie = {
    id: ZONE_DIE_TAB,
    group: "primary",
    active: on,
    cssClass: on ? "active" : "",
    label: localize(HMZD_SHEET.tab),
  } as T;
  // In the nav's order: the zone-die tab before the description, as its part is.
  const out: Record<string, T> = {};
  for (const [id, tab] of Object.entries(tabs)) {
    if (id === "description") out[ZONE_DIE_TAB] = zoneDie;
    out[id] = on ? { ...tab, active: false, cssClass: "" } : tab;
  }
  out[ZONE_DIE_TAB] ??= zoneDie;
  return out;
}

/** The parts shown: the zone-die part before the description (none for a limited view). */
export function withZoneDiePart(parts: readonly string[]): string[] {
  if (!parts.includes("description")) return [...parts];
  const i = parts.indexOf("description");
  return [...parts.slice(0, i), ZONE_DIE_TAB, ...parts.slice(i)];
}
