/**
 * The maneuver dialog's pure logic (no Foundry): the draft as typed, the view model and the
 * choice it gives. The maneuvers, weapons and positions come from the ruleset
 * (`RulesetTurns.maneuvers`); a maneuver that needs a weapon (Ready) or a position (Change
 * Position) shows that field and cannot be chosen without it.
 */
import type { ManeuverOption, ManeuverView } from "../rulesets";
import type { CustomDraft, CustomRowView } from "./dialog-form";

type Obj = Record<string, unknown>;

export interface ManeuverDraft {
  /** Always empty: a maneuver has no modifiers (kept for the shared dialog base). */
  custom: CustomDraft[];
  maneuver: string;
  weapon: string;
  posture: string;
}

export interface ManeuverDialogInput {
  /** The combatant's name (user text). */
  name: string;
  options: ManeuverOption[];
  weapons: { id: string; name: string }[];
  postures: readonly { id: string; labelKey: string }[];
  /** What the block shows now (the last maneuver, the posture, unready weapons), if any. */
  current: ManeuverView | null;
}

export const initialManeuverDraft = (): ManeuverDraft => ({
  custom: [],
  maneuver: "",
  weapon: "",
  posture: "",
});

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** The draft after the form changed (`flat`: the form's values). */
export function maneuverDraftFromForm(flat: Obj, draft: ManeuverDraft): ManeuverDraft {
  return {
    custom: [] as CustomRowView[],
    maneuver: "maneuver" in flat ? text(flat.maneuver) : draft.maneuver,
    weapon: "weapon" in flat ? text(flat.weapon) : draft.weapon,
    posture: "posture" in flat ? text(flat.posture) : draft.posture,
  };
}

/** The choice the draft gives (or null), and each field's problem (a lang key). */
export function readManeuverDraft(
  draft: ManeuverDraft,
  input: ManeuverDialogInput,
): { choice: Obj | null; errors: Record<string, string | null> } {
  const errors: Record<string, string | null> = { maneuver: null, weapon: null, posture: null };
  const option = input.options.find((o) => o.id === draft.maneuver);
  if (!option) errors.maneuver = "BLOWBYBLOW.Maneuver.Error.none";
  if (option?.needs === "weapon" && !input.weapons.some((w) => w.id === draft.weapon))
    errors.weapon = "BLOWBYBLOW.Maneuver.Error.weapon";
  if (option?.needs === "posture" && !input.postures.some((p) => p.id === draft.posture))
    errors.posture = "BLOWBYBLOW.Maneuver.Error.posture";
  if (!option || errors.weapon || errors.posture) return { choice: null, errors };
  const choice: Obj = { maneuver: option.id };
  if (option.needs === "weapon") choice.weapon = draft.weapon;
  if (option.needs === "posture") choice.posture = draft.posture;
  return { choice, errors };
}

/** The dialog's view model (labels localised; user text left for Handlebars to escape). */
export function maneuverDialogContext(
  input: ManeuverDialogInput,
  draft: ManeuverDraft,
  localize: (key: string) => string,
  format: (key: string, data: Record<string, string>) => string,
  touched = false,
) {
  const { errors } = readManeuverDraft(draft, input);
  const option = input.options.find((o) => o.id === draft.maneuver);
  const shown = (key: string | null) => (touched && key ? localize(key) : null);
  const weaponName = (id: string) => input.weapons.find((w) => w.id === id)?.name ?? id;
  return {
    prompt: format("BLOWBYBLOW.Maneuver.prompt", { name: input.name }),
    current: input.current?.maneuverKey
      ? format("BLOWBYBLOW.Maneuver.current", { maneuver: localize(input.current.maneuverKey) })
      : localize("BLOWBYBLOW.Maneuver.none"),
    posture: input.current ? localize(input.current.postureKey) : null,
    unready: (input.current?.unready ?? []).map((u) => ({
      name: weaponName(u.id),
      why: format(u.key, { turns: String(u.turns) }),
    })),
    maneuvers: input.options.map((o) => ({
      id: o.id,
      label: localize(o.labelKey),
      checked: o.id === draft.maneuver,
    })),
    needsWeapon: option?.needs === "weapon",
    needsPosture: option?.needs === "posture",
    weapons: input.weapons.map((w) => ({ ...w, selected: w.id === draft.weapon })),
    postures: input.postures.map((p) => ({
      id: p.id,
      label: localize(p.labelKey),
      selected: p.id === draft.posture,
    })),
    errors: {
      maneuver: shown(errors.maneuver ?? null),
      weapon: shown(errors.weapon ?? null),
      posture: shown(errors.posture ?? null),
    },
    custom: [] as CustomRowView[],
    canSubmit: Object.values(errors).every((e) => e === null),
    summary: option ? localize(option.labelKey) : null,
  };
}
