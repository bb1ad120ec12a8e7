/**
 * Helpers the HM3 item sheet's context builders share (./context.ts and its per-type modules):
 * select options that keep an unknown stored value, aspect rows, tabs, parts, location labels,
 * signed modifiers, the skill base selects and the tools a builder is given. Pure.
 */
import { ASPECTS, type Aspect } from "../../../../../rules/hm3/tables";
import type { Format, Localize } from "../../../../sheets/common";
import { locationLabel as planLocationLabel } from "../locations";
import { FORM_ONLY_PREFIX } from "./coverage";
import type { AspectValue, Option, OwnerInput, TabContext, TabId } from "./context-types";
import { ASPECT_LABEL, ASPECT_SHORT_LABEL, FORMAT, TAB_LABEL, type ItemType } from "./labels";

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

/** A modifier as the seed prints it: `+0`, `+5`, `−20` (a true minus sign; zero signed). */
export function signedModifier(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}

/** Options of a select from a core list; a stored value not in the list is kept as an option. */
export function options<T extends string>(
  ids: readonly T[],
  labels: Readonly<Record<T, string>>,
  current: string,
  localize: Localize,
  format: Format,
): Option[] {
  const out: Option[] = ids.map((id) => ({
    value: id,
    label: localize(labels[id]),
    selected: id === current,
  }));
  if (!(ids as readonly string[]).includes(current)) {
    out.push({
      value: current,
      label: format(FORMAT.unknownValue, { value: current }),
      selected: true,
    });
  }
  return out;
}

export function aspectValues(
  values: Readonly<Record<Aspect, number>>,
  localize: Localize,
): AspectValue[] {
  return ASPECTS.map((aspect) => ({
    aspect,
    short: localize(ASPECT_SHORT_LABEL[aspect]),
    label: localize(ASPECT_LABEL[aspect]),
    value: values[aspect],
  }));
}

/**
 * Which parts a sheet renders: the header alone for a Limited viewer; the item's other rulesets'
 * blocks (`others`) for a GM only.
 */
export function partsFor(type: ItemType, limited: boolean, gm = false): string[] {
  if (limited) return ["header"];
  return ["header", "tabs", type, ...(gm ? ["others"] : []), "description"];
}

export function tabsContext(active: TabId, localize: Localize): Record<TabId, TabContext> {
  const tab = (id: TabId): TabContext => ({
    id,
    group: "primary",
    active: id === active,
    cssClass: id === active ? "active" : "",
    label: localize(TAB_LABEL[id]),
  });
  return { details: tab("details"), description: tab("description") };
}

/** The label of a human location id, sided (`left-forearm`) or not. */
export function locationLabel(id: string, localize: Localize): string {
  return planLocationLabel(id, null, localize, true);
}

// ── Skill base attributes ────────────────────────────────────────────────────────────────────

export const SB_SLOTS = 3;

export function sbName(slot: number): string {
  return `${FORM_ONLY_PREFIX}sbAttributes.${slot}`;
}

/** True when `name` is one of the skill base selects. */
export function isSbInput(name: string | null | undefined): boolean {
  return typeof name === "string" && name.startsWith(`${FORM_ONLY_PREFIX}sbAttributes.`);
}

/** The injury code input (`S2`), read by the checker as severity and level. */
export const INJURY_CODE_INPUT = `${FORM_ONLY_PREFIX}code`;

/**
 * `system.hm3.sbAttributes` from the three selects: the attributes chosen, in order; none
 * chosen means the skill base is entered by hand. Null when the form has no such selects.
 */
export function sbAttributesFromForm(form: Readonly<Record<string, unknown>>): string[] | null {
  const names = Array.from({ length: SB_SLOTS }, (_, i) => sbName(i));
  if (!names.some((n) => n in form)) return null;
  return names.map((n) => form[n]).filter((v): v is string => typeof v === "string" && v !== "");
}

/** What a per-type builder is given. */
export interface Tools {
  localize: Localize;
  format: Format;
  owner: OwnerInput | null;
  id: string | null;
}
