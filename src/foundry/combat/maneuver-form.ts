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
  /** The foe named (a combatant id): Aim's target, a feint's foe. */
  foe: string;
  /** The maneuver's option (All-Out Attack's). */
  variant: string;
}

export interface ManeuverDialogInput {
  /** The combatant's name (user text). */
  name: string;
  options: ManeuverOption[];
  weapons: { id: string; name: string }[];
  postures: readonly { id: string; labelKey: string }[];
  /** The other combatants a maneuver may name (combatant id and name: user text). */
  foes: { id: string; name: string }[];
  /** What the block shows now (the last maneuver, the posture, unready weapons), if any. */
  current: ManeuverView | null;
}

export const initialManeuverDraft = (): ManeuverDraft => ({
  custom: [],
  maneuver: "",
  weapon: "",
  posture: "",
  foe: "",
  variant: "",
});

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** The draft after the form changed (`flat`: the form's values). */
export function maneuverDraftFromForm(flat: Obj, draft: ManeuverDraft): ManeuverDraft {
  return {
    custom: [] as CustomRowView[],
    maneuver: "maneuver" in flat ? text(flat.maneuver) : draft.maneuver,
    weapon: "weapon" in flat ? text(flat.weapon) : draft.weapon,
    posture: "posture" in flat ? text(flat.posture) : draft.posture,
    foe: "foe" in flat ? text(flat.foe) : draft.foe,
    variant: "variant" in flat ? text(flat.variant) : draft.variant,
  };
}

/** The fields the maneuver (and its option) asks for. */
function fieldsOf(option: ManeuverOption | undefined, draft: ManeuverDraft) {
  const needs = option?.needs ?? null;
  const variant = option?.variants?.find((v) => v.id === draft.variant);
  return {
    weapon: needs === "weapon" || needs === "weapon-foe",
    posture: needs === "posture",
    variant: needs === "variant",
    foe: needs === "foe" || needs === "weapon-foe" || (needs === "variant" && !!variant?.needsFoe),
  };
}

/** The choice the draft gives (or null), and each field's problem (a lang key). */
export function readManeuverDraft(
  draft: ManeuverDraft,
  input: ManeuverDialogInput,
): { choice: Obj | null; errors: Record<string, string | null> } {
  const errors: Record<string, string | null> = {
    maneuver: null,
    weapon: null,
    posture: null,
    foe: null,
    variant: null,
  };
  const option = input.options.find((o) => o.id === draft.maneuver);
  const f = fieldsOf(option, draft);
  if (!option) errors.maneuver = "BLOWBYBLOW.Maneuver.Error.none";
  else if (option.unavailableKey) errors.maneuver = "BLOWBYBLOW.Maneuver.Error.unavailable";
  if (f.weapon && !input.weapons.some((w) => w.id === draft.weapon))
    errors.weapon = "BLOWBYBLOW.Maneuver.Error.weapon";
  if (f.posture && !input.postures.some((p) => p.id === draft.posture))
    errors.posture = "BLOWBYBLOW.Maneuver.Error.posture";
  if (f.variant && !option?.variants?.some((v) => v.id === draft.variant))
    errors.variant = "BLOWBYBLOW.Maneuver.Error.variant";
  if (f.foe && !input.foes.some((x) => x.id === draft.foe))
    errors.foe = "BLOWBYBLOW.Maneuver.Error.foe";
  if (!option || Object.values(errors).some((e) => e !== null)) return { choice: null, errors };
  const choice: Obj = { maneuver: option.id };
  if (f.weapon) choice.weapon = draft.weapon;
  if (f.posture) choice.posture = draft.posture;
  if (f.variant) choice.allOut = draft.variant;
  if (f.foe) choice.foe = draft.foe;
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
  const fields = fieldsOf(option, draft);
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
    maneuvers: input.options.map((o) => {
      const reason = o.unavailableKey ? localize(o.unavailableKey) : null;
      const name = localize(o.labelKey);
      return {
        id: o.id,
        label: reason ? format("BLOWBYBLOW.Dialog.unavailable", { name, reason }) : name,
        reason,
        checked: o.id === draft.maneuver,
        disabled: reason !== null,
      };
    }),
    needsWeapon: fields.weapon,
    needsPosture: fields.posture,
    needsFoe: fields.foe,
    needsVariant: fields.variant,
    weaponLabel: localize(
      option?.needs === "weapon-foe"
        ? "BLOWBYBLOW.Maneuver.aimWeapon"
        : "BLOWBYBLOW.Maneuver.weapon",
    ),
    weapons: input.weapons.map((w) => ({ ...w, selected: w.id === draft.weapon })),
    foes: input.foes.map((x) => ({ ...x, selected: x.id === draft.foe })),
    variants: (option?.variants ?? []).map((v) => ({
      id: v.id,
      label: localize(v.labelKey),
      checked: v.id === draft.variant,
    })),
    postures: input.postures.map((p) => ({
      id: p.id,
      label: localize(p.labelKey),
      selected: p.id === draft.posture,
    })),
    errors: {
      maneuver: shown(errors.maneuver ?? null),
      weapon: shown(errors.weapon ?? null),
      posture: shown(errors.posture ?? null),
      foe: shown(errors.foe ?? null),
      variant: shown(errors.variant ?? null),
    },
    custom: [] as CustomRowView[],
    canSubmit: Object.values(errors).every((e) => e === null),
    summary: option ? localize(option.labelKey) : null,
  };
}
