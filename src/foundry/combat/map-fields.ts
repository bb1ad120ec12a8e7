/**
 * The attack dialog's map fields beyond distance, engagement and prone (issue 17): where the
 * attacker stands in the defender's arcs, where the defender stands in the attacker's, and the
 * light, each offered only when the ruleset reads it (`CombatRules.situation`, so the measured
 * situation carries the field) and each overridable as the other situation values are; the
 * scene's units are carried as measured and named beside the distance. Pure: the draft, the
 * reading back into the request's situation, and the view. Used by ./attack-form.ts.
 */
import type { AttackSituation } from "../../core/combat";
import { ARCS, LIGHT_LEVELS } from "../../core/facing";
import type { Format, Localize } from "../sheets/common";
import { problem, PROBLEM_KEY, type Choice, type FieldProblem } from "./dialog-form";

/** The map fields the dialog may offer, in form order. */
export const MAP_FIELDS = ["fromArc", "toArc", "light"] as const;
export type MapField = (typeof MAP_FIELDS)[number];

/** The form's labels and the choices' (lang/en.json). */
export const MAP_KEY = Object.freeze({
  field: Object.freeze({
    fromArc: "BLOWBYBLOW.Dialog.Field.fromArc",
    toArc: "BLOWBYBLOW.Dialog.Field.toArc",
    light: "BLOWBYBLOW.Dialog.Field.light",
  }),
  unknown: "BLOWBYBLOW.Dialog.Map.unknown",
  arc: Object.freeze({
    front: "BLOWBYBLOW.Dialog.Map.Arc.front",
    right: "BLOWBYBLOW.Dialog.Map.Arc.right",
    left: "BLOWBYBLOW.Dialog.Map.Arc.left",
    back: "BLOWBYBLOW.Dialog.Map.Arc.back",
  }),
  light: Object.freeze({
    normal: "BLOWBYBLOW.Dialog.Map.Light.normal",
    dim: "BLOWBYBLOW.Dialog.Map.Light.dim",
    dark: "BLOWBYBLOW.Dialog.Map.Light.dark",
  }),
  units: "BLOWBYBLOW.Dialog.Map.units",
  noUnits: "BLOWBYBLOW.Dialog.Map.noUnits",
});

/** The map fields as chosen ("" = not known); `offered` lists those the ruleset reads. */
export interface MapDraft {
  offered: MapField[];
  values: Partial<Record<MapField, string>>;
  /** The scene's units as measured (undefined: the ruleset does not read them). */
  units?: string | null;
}

const CHOICES: Readonly<Record<MapField, readonly string[]>> = Object.freeze({
  fromArc: ARCS,
  toArc: ARCS,
  light: LIGHT_LEVELS,
});

/**
 * The draft's `map` a dialog opens with: the fields the situation carries, as measured; none
 * (`{}`) when the ruleset reads no extra, so its draft is as it always was.
 */
export function initialMapDraft(situation: AttackSituation): { map?: MapDraft } {
  const offered = MAP_FIELDS.filter((f) => situation[f] !== undefined);
  if (offered.length === 0 && situation.units === undefined) return {};
  const values: MapDraft["values"] = {};
  for (const f of offered) values[f] = situation[f] ?? "";
  return {
    map: {
      offered,
      values,
      ...(situation.units !== undefined ? { units: situation.units } : {}),
    },
  };
}

/** The map draft after a change of the form (absent fields keep their value). */
export function mapDraftFromForm(flat: Record<string, unknown>, previous: MapDraft): MapDraft {
  const values: MapDraft["values"] = { ...previous.values };
  for (const f of previous.offered) {
    const v = flat[f];
    if (typeof v === "string") values[f] = v;
  }
  return { ...previous, values };
}

/** The situation's map fields of a draft, or the problem with each (a value not offered). */
export function readMapDraft(draft: MapDraft | undefined): {
  fields: Partial<AttackSituation>;
  problems: FieldProblem[];
} {
  const fields: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  if (!draft) return { fields, problems };
  for (const f of draft.offered) {
    const v = draft.values[f] ?? "";
    if (v === "") fields[f] = null;
    else if (CHOICES[f].includes(v)) fields[f] = v;
    else
      problems.push(
        problem(f, MAP_KEY.field[f], v, PROBLEM_KEY.notChoice, { choices: CHOICES[f].join(", ") }),
      );
  }
  if (draft.units !== undefined) fields.units = draft.units;
  return { fields: fields as Partial<AttackSituation>, problems };
}

/** One map field in the view: its name, label, choices (the unknown one first) and message. */
export interface MapFieldView {
  name: MapField;
  label: string;
  choices: Choice[];
  error: string | null;
}

/** The map fields' view, and the note naming the scene's units beside the distance. */
export function mapFieldsView(
  draft: MapDraft | undefined,
  errors: ReadonlyMap<string, string>,
  localize: Localize,
  format: Format,
): { fields: MapFieldView[]; unitsNote: string | null } {
  if (!draft) return { fields: [], unitsNote: null };
  const fields = draft.offered.map((f): MapFieldView => {
    const v = draft.values[f] ?? "";
    const labels: Readonly<Record<string, string>> = f === "light" ? MAP_KEY.light : MAP_KEY.arc;
    return {
      name: f,
      label: localize(MAP_KEY.field[f]),
      choices: [
        { id: "", label: localize(MAP_KEY.unknown), checked: v === "" },
        ...CHOICES[f].map((c) => ({ id: c, label: localize(labels[c]!), checked: v === c })),
      ],
      error: errors.get(f) ?? null,
    };
  });
  const unitsNote =
    draft.units === undefined
      ? null
      : draft.units
        ? format(MAP_KEY.units, { units: draft.units })
        : localize(MAP_KEY.noUnits);
  return { fields, unitsNote };
}

/** Whether a request's map fields differ from the measured ones (the GM will approve). */
export function mapChanged(requested: AttackSituation, measured: AttackSituation): boolean {
  return [...MAP_FIELDS, "units" as const].some(
    (k) => measured[k] !== undefined && (requested[k] ?? null) !== measured[k],
  );
}
