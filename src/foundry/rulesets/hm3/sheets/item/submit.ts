/**
 * The submit step of the item sheets, as a pure function: flat form data in (what Foundry's
 * `FormDataExtended#object` holds), the update to send out, with every invalid change dropped
 * and reported. Form-only inputs (the armour coverage boxes, the skill base selects) are
 * assembled into the document fields they stand for; the checker (src/foundry/data/validate.ts
 * `checkUpdate`) keeps the valid changes, so one bad field never loses the others.
 */
import type { SourceByType } from "../../../../data/source";
import {
  coveragePlan,
  FORM_ONLY_PREFIX,
  INJURY_CODE_INPUT,
  isCoverageInput,
  isSbInput,
  locationsFromCoverage,
  sbAttributesFromForm,
  type ItemSource,
  type OwnerInput,
} from "./context";
import type { ItemType } from "./labels";

/** What a checker returns: the changes it accepts (flat), and its problems. */
export interface CheckOutcome<P> {
  accepted: Record<string, unknown>;
  problems: readonly P[];
}

export type UpdateChecker<P> = (
  type: ItemType,
  flatChanges: Record<string, unknown>,
) => CheckOutcome<P>;

export type FormInput = ItemSource & {
  /** Flat form data: `{"system.hm3.wq": 12, "bbb.coverage.skull.both": true, …}`. */
  form: Readonly<Record<string, unknown>>;
  /**
   * Name of the input whose change triggered the submit (submit on change); null or absent
   * for a whole-form submit.
   */
  changed?: string | null;
  /** The owning actor, whose body plan the armour coverage refers to. */
  owner?: OwnerInput | null;
};

export type SubmitInput<P> = FormInput & { check: UpdateChecker<P> };

export interface SubmitResult<P> {
  /** Flat changes to apply (dotted keys). */
  changes: Record<string, unknown>;
  /** The same, expanded into nested objects, as `_processFormData` returns it. */
  update: Record<string, unknown>;
  problems: readonly P[];
}

/** `{"a.b": 1}` → `{a: {b: 1}}` (Foundry's `expandObject` for plain form data). */
export function expandFlat(flat: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === null || typeof next !== "object" || Array.isArray(next)) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

/**
 * The flat changes a submitted form stands for, before checking. Form-only inputs become
 * their fields: the coverage boxes `system.hm3.locations` and the skill base selects
 * `system.hm3.sbAttributes` (each when one of them changed, or on a whole-form submit), and
 * an injury's code (`S2`) `system.hm3.code` when it is what changed, read by the checker as
 * severity and level in place of the two selects.
 */
export function formChanges(input: FormInput): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.form)) {
    if (!key.startsWith(FORM_ONLY_PREFIX)) changes[key] = value;
  }
  const changed = input.changed ?? null;
  if (input.type === "armour" && (changed === null || isCoverageInput(changed))) {
    const current = (input.system as SourceByType["Item"]["armour"]).hm3.locations;
    const plan = coveragePlan(input.owner);
    const locations = locationsFromCoverage(input.form, current, changed, plan);
    if (locations) changes["system.hm3.locations"] = locations;
  }
  if (input.type === "skill" && (changed === null || isSbInput(changed))) {
    const attributes = sbAttributesFromForm(input.form);
    if (attributes) changes["system.hm3.sbAttributes"] = attributes;
  }
  if (input.type === "injury" && changed === INJURY_CODE_INPUT && changed in input.form) {
    delete changes["system.hm3.severity"];
    delete changes["system.hm3.level"];
    changes["system.hm3.code"] = input.form[changed];
  }
  return changes;
}

/** The whole submit step: assemble, check, expand. */
export function prepareItemSubmit<P>(input: SubmitInput<P>): SubmitResult<P> {
  const { accepted, problems } = input.check(input.type, formChanges(input));
  return { changes: accepted, update: expandFlat(accepted), problems };
}
