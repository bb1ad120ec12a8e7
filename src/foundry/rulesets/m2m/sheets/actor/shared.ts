/**
 * What the parts of the GURPS Man to Man actor sheet's context share: the sheet's input (the
 * stored block, the items, the derivation), its tabs and form-only inputs, and the helpers that
 * turn ids and the derivation's itemised figures into labelled options, figures and tooltips.
 * Pure.
 */
import type { Target } from "../../../../../core/modifiers";
import {
  formatWith,
  signed,
  targetTooltip,
  type Format,
  type Localize,
} from "../../../../sheets/common";
import type { M2mCharacterBlock, M2mCreatureBlock } from "../../character-data";
import type { M2mActorDerived } from "../../character-input";
import { TARGET_LABELS, TEXT } from "../labels";

export { formatWith };
export type { Format, Localize };

export type M2mActorType = "character" | "creature";

/** The actor's tabs, in order. */
export const TAB_IDS = ["attributes", "skills", "combat", "description"] as const;
export type M2mTabId = (typeof TAB_IDS)[number];
export const TAB_LABEL: Readonly<Record<M2mTabId, string>> = Object.freeze({
  attributes: "BLOWBYBLOW.ActorSheet.Tab.attributes",
  skills: "BLOWBYBLOW.ActorSheet.Tab.skills",
  combat: "BLOWBYBLOW.ActorSheet.Tab.combat",
  description: "BLOWBYBLOW.ActorSheet.Tab.description",
});

/** Form-only inputs (assembled by ./submit.ts into the fields they stand for). */
export const FORM_ONLY_PREFIX = "bbb.";
export const CRIPPLED_INPUT = `${FORM_ONLY_PREFIX}crippled.`;

/** An item of the actor as the sheet reads it (stored source). */
export interface M2mSheetItem {
  id: string;
  name: string;
  img: string;
  type: string;
  system: { m2m?: unknown; quantity?: number; equipped?: boolean; carried?: boolean } & Record<
    string,
    unknown
  >;
}

export interface M2mActorContextInput {
  type: M2mActorType;
  name: string;
  img: string;
  system: { m2m: M2mCharacterBlock | M2mCreatureBlock; description?: string };
  /** What the data model derived, or null (with `derivationError`). */
  derived: M2mActorDerived | null;
  derivationError?: string | null;
  items: readonly M2mSheetItem[];
  editable: boolean;
  limited?: boolean;
  enrichedDescription?: string;
  activeTab?: string | null;
  localize: Localize;
  format?: Format;
}

export interface TabContext {
  id: M2mTabId;
  group: "primary";
  active: boolean;
  cssClass: string;
  label: string;
}

export interface Option {
  value: string;
  label: string;
  selected: boolean;
}

export interface Figure {
  id: string;
  label: string;
  value: string;
  tooltip: string;
}

export interface Tools {
  localize: Localize;
  format: Format;
}

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

export function options(
  ids: readonly string[],
  labels: Readonly<Record<string, string>>,
  current: string,
  t: Tools,
): Option[] {
  const out = ids.map((id) => ({
    value: id,
    label: t.localize(labels[id] ?? id),
    selected: id === current,
  }));
  if (!ids.includes(current))
    out.push({
      value: current,
      label: t.format(TEXT.unknownValue, { value: current }),
      selected: true,
    });
  return out;
}

export const tip = (target: Target, t: Tools) => targetTooltip(target, t.localize, TARGET_LABELS);

export function figure(id: string, label: string, target: Target | null, t: Tools): Figure {
  return {
    id,
    label: t.localize(label),
    value: target ? String(target.value) : "—",
    tooltip: target ? tip(target, t) : "",
  };
}

/** A damage expression as the book prints it: `2d+1`, `1d−2`, `3d`. */
export function damageText(e: { dice: number; adds: number }): string {
  return e.adds === 0 ? `${e.dice}d` : `${e.dice}d${signed(e.adds)}`;
}

/** Which parts the sheet renders: the header and description alone for a Limited viewer. */
export function partsFor(limited: boolean): string[] {
  return limited ? ["header", "limited"] : ["header", "tabs", ...TAB_IDS];
}

export function tabsContext(active: string | null | undefined, t: Tools): TabContext[] {
  const current = (TAB_IDS as readonly string[]).includes(active ?? "") ? active : "attributes";
  return TAB_IDS.map((id) => ({
    id,
    group: "primary",
    active: id === current,
    cssClass: id === current ? "active" : "",
    label: t.localize(TAB_LABEL[id]),
  }));
}
