/**
 * The pure logic of the attack dialog (attack-dialog.ts): the attack form as typed (a draft),
 * the attack request built from it with every refused field named with its value, an
 * `InputError` of the ruleset's preview turned into a message beside the field it names, what
 * the GM will have to approve, and the view model the templates render. What the defence
 * dialog shares with it is in dialog-form.ts. No Foundry globals: the dialogs pass `game.i18n` in.
 */
import type {
  CatalogRowOption,
  AttackOption,
  AttackRequest,
  AttackSituation,
  FighterSnapshot,
  TargetLabels,
} from "../../core/combat";
import { InputError } from "../../core/errors";
import type { Target } from "../../core/modifiers";
import type { Format, Localize } from "../sheets/common";
import {
  breakdown,
  customCapLine,
  customCapNote,
  customFromForm,
  customRows,
  FIELD_LABEL,
  formText as text,
  messagesByField,
  problem,
  PROBLEM_KEY,
  readCustom,
  readWhole,
  type Breakdown,
  type Choice,
  type CustomDraft,
  type CustomRowView,
  type FieldProblem,
} from "./dialog-form";
import {
  catalogFromForm,
  catalogView,
  readCatalogDraft,
  type CatalogDraft,
  type CatalogRowView,
} from "./catalog-form";
import {
  initialMapDraft,
  mapChanged,
  mapDraftFromForm,
  mapFieldsView,
  readMapDraft,
  type MapDraft,
  type MapFieldView,
} from "./map-fields";

type Obj = Record<string, unknown>;

const KEY = Object.freeze({
  impact: "BLOWBYBLOW.Dialog.impact",
  unavailable: "BLOWBYBLOW.Dialog.unavailable",
  bandAuto: "BLOWBYBLOW.Dialog.Attack.bandAuto",
  bandAutoOut: "BLOWBYBLOW.Dialog.Attack.bandAutoOut",
  bandAutoUnknown: "BLOWBYBLOW.Dialog.Attack.bandAutoUnknown",
  bandAutoPlain: "BLOWBYBLOW.Dialog.Attack.bandAutoPlain",
  // The same, in the scene's units when the ruleset reads them (`CombatRules.situation`).
  bandAutoUnits: "BLOWBYBLOW.Dialog.Attack.bandAutoUnits",
  bandAutoOutUnits: "BLOWBYBLOW.Dialog.Attack.bandAutoOutUnits",
  bandAutoPlainUnits: "BLOWBYBLOW.Dialog.Attack.bandAutoPlainUnits",
  noBandUnits: "BLOWBYBLOW.Dialog.Error.noBandUnits",
  distanceUnits: "BLOWBYBLOW.Dialog.Field.distanceUnits",
  bandChoice: "BLOWBYBLOW.Dialog.Attack.bandChoice",
  approvalSituation: "BLOWBYBLOW.Dialog.Approval.situation",
  approvalCustom: "BLOWBYBLOW.Dialog.Approval.custom",
  approvalBand: "BLOWBYBLOW.Dialog.Approval.band",
  heading: "BLOWBYBLOW.Dialog.Attack.heading",
  noWeapon: "BLOWBYBLOW.Dialog.Attack.noWeapon",
});

// ── Drafts: the form as typed ────────────────────────────────────────────────────────────────
/** The attack form as typed (numbers stay text until read). */
export interface AttackDraft {
  itemId: string;
  mode: string;
  aim: string;
  /** A band id, or "" for the band of the measured distance. */
  band: string;
  engagingDefender: string;
  defenderProne: boolean;
  /** Grid units; "" when unknown. */
  distance: string;
  /** Facing, light and units, when the ruleset reads them (./map-fields.ts); else absent. */
  map?: MapDraft;
  custom: CustomDraft[];
  /** Rows of the ruleset's catalog (./catalog-form.ts); absent: none. */
  catalog?: CatalogDraft[];
}

/**
 * The aim offered first: the middle zone when the option has one (the usual aim), else the
 * option's first. "mid" is HM3's id (review M2): `AttackOption` carries no default aim, so a
 * ruleset without a "mid" aim simply opens on its first one (the fallback makes it harmless).
 */
function defaultAim(option: AttackOption | undefined): string {
  const aims = option?.aims ?? [];
  return aims.find((a) => a.id === "mid")?.id ?? aims[0]?.id ?? "";
}

/** The option a dialog opens on: the requested item, else the first that can attack. */
function initialOption(options: readonly AttackOption[], itemId: string | null) {
  return (
    options.find((o) => o.itemId === itemId) ?? options.find((o) => !o.unavailableKey) ?? options[0]
  );
}

/** The draft a dialog opens with: the chosen item's first mode, the situation as measured. */
export function initialAttackDraft(
  options: readonly AttackOption[],
  situation: AttackSituation,
  itemId: string | null,
): AttackDraft {
  const option = initialOption(options, itemId);
  return {
    itemId: option?.itemId ?? "",
    mode: option?.modes[0]?.id ?? "",
    aim: defaultAim(option),
    band: "",
    engagingDefender: String(situation.engagingDefender),
    defenderProne: situation.defenderProne,
    distance: situation.distance === null ? "" : String(situation.distance),
    ...initialMapDraft(situation),
    custom: [],
  };
}

/** A checkbox value (FormDataExtended gives booleans; a raw form "on"). */
function flag(value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return value === true || value === "on" || value === "true";
}
/**
 * The draft after a change of the form (`flat`: FormDataExtended's object, dotted names).
 * Choosing another item keeps the mode and aim when the new item offers them, else takes its
 * first mode and its usual aim, and goes back to the band of the measured distance.
 */
export function attackDraftFromForm(
  flat: Obj,
  previous: AttackDraft,
  options: readonly AttackOption[],
  catalog: readonly CatalogRowOption[] = [],
): AttackDraft {
  const itemId = text(flat.itemId, previous.itemId);
  const draft: AttackDraft = {
    itemId,
    mode: text(flat.mode, previous.mode),
    aim: text(flat.aim, previous.aim),
    band: text(flat.band, previous.band),
    engagingDefender: text(flat.engagingDefender, previous.engagingDefender),
    defenderProne: flag(flat.defenderProne, false),
    distance: text(flat.distance, previous.distance),
    ...(previous.map ? { map: mapDraftFromForm(flat, previous.map) } : {}),
    custom: customFromForm(flat),
  };
  if (catalog.length) draft.catalog = catalogFromForm(flat, previous.catalog ?? [], catalog);
  if (itemId !== previous.itemId) {
    const option = options.find((o) => o.itemId === itemId);
    if (!option?.modes.some((m) => m.id === draft.mode)) draft.mode = option?.modes[0]?.id ?? "";
    if (!option?.aims.some((a) => a.id === draft.aim)) draft.aim = defaultAim(option);
    draft.band = "";
  }
  return draft;
}

const choices = (ids: readonly { id: string }[]) => ids.map((c) => c.id).join(", ");

/**
 * The attack request of a draft, or every problem with it: an item that is not offered or
 * cannot attack now, a mode, aim or band the item does not offer, a hostile count that is not
 * a whole number ≥ 1, a distance that is not a number ≥ 0, a modifier row without a name or
 * without a whole number. The ruleset checks the request again (the preview and the flow).
 */
export function readAttackDraft(
  draft: AttackDraft,
  options: readonly AttackOption[],
): { request: AttackRequest; problems: [] } | { request: null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const option = options.find((o) => o.itemId === draft.itemId);
  if (!option) {
    problems.push(
      problem("itemId", FIELD_LABEL.itemId, draft.itemId, PROBLEM_KEY.notChoice, {
        choices: options.map((o) => o.name).join(", "),
      }),
    );
  } else {
    if (option.unavailableKey)
      problems.push(
        problem("itemId", FIELD_LABEL.itemId, option.name, PROBLEM_KEY.unavailable, {
          reason: option.unavailableKey,
        }),
      );
    if (!option.modes.some((m) => m.id === draft.mode))
      problems.push(
        problem("mode", FIELD_LABEL.mode, draft.mode, PROBLEM_KEY.notChoice, {
          choices: choices(option.modes),
        }),
      );
    if (!option.aims.some((a) => a.id === draft.aim))
      problems.push(
        problem("aim", FIELD_LABEL.aim, draft.aim, PROBLEM_KEY.notChoice, {
          choices: choices(option.aims),
        }),
      );
    if (draft.band !== "" && !option.bands.some((b) => b.id === draft.band))
      problems.push(
        problem("band", FIELD_LABEL.band, draft.band, PROBLEM_KEY.notChoice, {
          choices: choices(option.bands),
        }),
      );
  }
  const engaging = readWhole(
    draft.engagingDefender,
    "engagingDefender",
    FIELD_LABEL.engagingDefender,
    1,
  );
  if (typeof engaging !== "number") problems.push(engaging);
  let distance: number | null = null;
  const d = draft.distance.trim();
  if (d !== "") {
    const n = Number(d);
    if (!Number.isFinite(n))
      problems.push(
        problem("distance", FIELD_LABEL.distance, draft.distance, PROBLEM_KEY.notNumber),
      );
    else if (n < 0)
      problems.push(
        problem("distance", FIELD_LABEL.distance, draft.distance, PROBLEM_KEY.tooLow, { min: 0 }),
      );
    else distance = n;
  }
  const map = readMapDraft(draft.map);
  problems.push(...map.problems);
  const custom = readCustom(draft.custom);
  problems.push(...custom.problems);
  if (problems.length || !option || typeof engaging !== "number")
    return { request: null, problems };
  return {
    request: {
      itemId: option.itemId,
      mode: draft.mode,
      aim: draft.aim,
      band: draft.band === "" ? null : draft.band,
      situation: {
        engagingDefender: engaging,
        defenderProne: draft.defenderProne,
        distance,
        ...map.fields,
      },
      custom: custom.custom,
      ...(draft.catalog?.length ? { catalog: readCatalogDraft(draft.catalog) } : {}),
    },
    problems: [],
  };
}

// ── The ruleset's refusals ───────────────────────────────────────────────────────────────────

/**
 * Request paths (and the rules' own names for them) → the form field showing them. The
 * aliases `item`, `aspect`, `range` and `opponents` are HM3's names (its table checks throw
 * `range`, for one): a small HM3 leak kept on purpose (review M2). A ruleset whose errors name
 * the request's own paths needs none, and a field named nowhere here is still shown, with its
 * path and value, never lost.
 */
const REQUEST_FIELD: Readonly<Record<string, keyof typeof FIELD_LABEL>> = {
  itemId: "itemId",
  item: "itemId",
  mode: "mode",
  aspect: "mode",
  aim: "aim",
  band: "band",
  range: "band",
  "situation.engagingDefender": "engagingDefender",
  engagingDefender: "engagingDefender",
  opponents: "engagingDefender",
  "situation.defenderProne": "defenderProne",
  defenderProne: "defenderProne",
  "situation.distance": "distance",
  distance: "distance",
};

/**
 * What an error thrown by the ruleset's preview (or by building the choice) means in the
 * form: an `InputError` naming a request field (`situation.engagingDefender`,
 * `custom[1].value`) is shown beside that field with the value; one naming anything else
 * (the fighter's data) names its path; anything else is a bug, shown as such.
 */
export function previewProblem(error: unknown): FieldProblem {
  if (!(error instanceof InputError)) return problem("", "", null, PROBLEM_KEY.preview);
  const m = /^custom(?:\[(\d+)\]|\.(\d+))\.(label|value)$/.exec(error.field);
  if (m) {
    const index = Number(m[1] ?? m[2]);
    const which = m[3] as "label" | "value";
    return problem(
      `custom.${index}.${which}`,
      which === "label" ? FIELD_LABEL.customLabel : FIELD_LABEL.customValue,
      error.value,
      PROBLEM_KEY.refused,
      {},
      index + 1,
    );
  }
  const field = REQUEST_FIELD[error.field];
  if (field) return problem(field, FIELD_LABEL[field], error.value, PROBLEM_KEY.refused);
  return problem("", error.field, error.value, PROBLEM_KEY.refused);
}

/**
 * A refused band when the band was to come from the distance: says that no band reaches the
 * distance (or that none was measured) and asks for one, instead of naming an empty band.
 */
function bandProblem(p: FieldProblem, request: AttackRequest): FieldProblem {
  if (p.name !== "band" || request.band !== null) return p;
  const distance = request.situation.distance;
  const units = request.situation.units;
  if (distance === null) return { ...p, key: PROBLEM_KEY.notMeasured, value: null };
  return units
    ? { ...p, key: KEY.noBandUnits, value: distance, data: { ...p.data, units } }
    : { ...p, key: PROBLEM_KEY.noBand, value: distance };
}

// ── The attack dialog's view ─────────────────────────────────────────────────────────────────

/** What the attack dialog's context is built from (the dialog's input, see attack-dialog.ts). */
export interface AttackViewInput {
  attacker: FighterSnapshot;
  defender: FighterSnapshot;
  options: AttackOption[];
  preview(request: AttackRequest): Target;
  bandFor?(option: AttackOption, distance: number): string | null;
  /** The ruleset's labels of its targets' modifiers and bases (`CombatRules.labels`). */
  labels: TargetLabels;
  /** The ruleset's catalog rows the user may declare (`CombatRules.catalog`); absent: none. */
  catalog?: readonly CatalogRowOption[];
  /**
   * For a player's dialog (issue 15): what the GM's client will hold for the GM's approval,
   * so the dialog can say so before the attack is made. Absent for a GM.
   */
  approval?: ApprovalHint;
}

/** What a player's attack is checked against on the GM's client (src/core/approval.ts `approvalFor`). */
export interface ApprovalHint {
  /** The world's cap on the total of a side's custom modifiers. */
  cap: number;
  /** The situation this client's canvas measured (the dialog's initial values). */
  measured: AttackSituation;
}

/**
 * Why the GM will have to approve `request` (issue 15), as messages: the situation changed from
 * what the canvas measured, custom modifiers beyond the world's cap, a band chosen by hand that
 * is not the measured distance's. The GM's client decides for itself; this only warns.
 */
export function approvalNotes(
  input: AttackViewInput,
  request: AttackRequest,
  option: AttackOption | undefined,
  format: Format,
): string[] {
  const hint = input.approval;
  if (!hint) return [];
  const notes: string[] = [];
  const m = hint.measured;
  const s = request.situation;
  if (
    s.engagingDefender !== m.engagingDefender ||
    s.defenderProne !== m.defenderProne ||
    s.distance !== m.distance ||
    mapChanged(s, m) ||
    (request.catalog?.length ?? 0) > 0
  )
    notes.push(format(KEY.approvalSituation, {}));
  const custom = customCapNote(request.custom, hint.cap, KEY.approvalCustom, format);
  if (custom) notes.push(custom);
  if (request.band !== null && option && input.bandFor) {
    const fits = m.distance === null ? null : input.bandFor(option, m.distance);
    if (fits !== request.band) notes.push(format(KEY.approvalBand, {}));
  }
  return notes;
}
export interface AttackDialogContext {
  heading: string;
  weapons: (Choice & { name: string; reason: string | null })[];
  kind: "melee" | "missile" | null;
  modes: (Choice & { impact: string | null })[];
  aims: Choice[];
  bands: Choice[];
  engagingDefender: string;
  defenderProne: boolean;
  distance: string;
  /** The distance field's label: in hexes, or in the scene's units when the ruleset reads them. */
  distanceLabel: string;
  /** Facing and light fields the ruleset reads (empty: none). */
  mapFields: MapFieldView[];
  /** The scene's units beside the distance, when the ruleset reads them. */
  unitsNote: string | null;
  custom: CustomRowView[];
  /** The catalog picker (./catalog-form.ts), when the ruleset has a catalog; else null. */
  catalog: { rows: CatalogRowView[]; add: CatalogRowView } | null;
  /** Message per field name (itemId, mode, aim, band, engagingDefender, defenderProne, distance). */
  errors: Record<string, string | null>;
  /** Problems with no field (the fighter's data, a bug). */
  formErrors: string[];
  /** Why the GM will have to approve the attack (a player's dialog, issue 15). */
  approvalNotes: string[];
  /** The world's cap on custom modifiers, said beside them (a player's dialog), else null. */
  customCap: string | null;
  breakdown: Breakdown | null;
  /** The user modifier rows are offered (always, for an attack). */
  showModifiers: boolean;
  canSubmit: boolean;
}
/**
 * The label of the automatic band: "From distance (120 hexes): Long range", or in the scene's
 * `units` when the ruleset reads them and the scene names them ("From distance (50 ft): …").
 */
function autoBandLabel(
  input: AttackViewInput,
  option: AttackOption,
  distance: string,
  units: string | null | undefined,
  localize: Localize,
  format: Format,
): string {
  const d = distance.trim() === "" ? NaN : Number(distance);
  if (!Number.isFinite(d) || d < 0) return localize(KEY.bandAutoUnknown);
  const at: Record<string, string | number> = units ? { distance: d, units } : { distance: d };
  if (!input.bandFor) return format(units ? KEY.bandAutoPlainUnits : KEY.bandAutoPlain, at);
  const id = input.bandFor(option, d);
  const band = option.bands.find((b) => b.id === id);
  return band
    ? format(units ? KEY.bandAutoUnits : KEY.bandAuto, { ...at, band: localize(band.labelKey) })
    : format(units ? KEY.bandAutoOutUnits : KEY.bandAutoOut, at);
}

/**
 * The attack dialog's view: the items (those that cannot attack disabled, with why), the
 * chosen item's modes with their impact, its aims and (missiles) its bands with the band of
 * the measured distance first, the situation, the user modifiers, each refused field's
 * message beside it, and the breakdown of the ruleset's preview when the request is valid.
 * Attack is possible only when the request is valid and the preview accepts it.
 */
export function attackDialogContext(
  input: AttackViewInput,
  draft: AttackDraft,
  localize: Localize,
  format: Format,
): AttackDialogContext {
  const option = input.options.find((o) => o.itemId === draft.itemId);
  const read = readAttackDraft(draft, input.options);
  const problems = [...read.problems];
  let target: Target | null = null;
  if (read.request) {
    try {
      target = input.preview(read.request);
    } catch (error) {
      if (!(error instanceof InputError)) console.error("Blow by Blow | attack preview", error);
      problems.push(bandProblem(previewProblem(error), read.request));
    }
  }
  if (input.options.length === 0 || input.options.every((o) => o.unavailableKey))
    problems.push(
      problem("", "", input.attacker.name, KEY.noWeapon, { name: input.attacker.name }),
    );
  const { byField, general } = messagesByField(problems, localize, format);
  const impact = (n: number) => format(KEY.impact, { impact: n });
  const errors: Record<string, string | null> = {};
  for (const name of [
    "itemId",
    "mode",
    "aim",
    "band",
    "engagingDefender",
    "defenderProne",
    "distance",
    ...(draft.map?.offered ?? []),
  ])
    errors[name] = byField.get(name) ?? null;
  const mapView = mapFieldsView(draft.map, byField, localize, format);
  return {
    heading: format(KEY.heading, { attacker: input.attacker.name, defender: input.defender.name }),
    weapons: input.options.map((o) => {
      const reason = o.unavailableKey ? localize(o.unavailableKey) : null;
      return {
        id: o.itemId,
        name: o.name,
        label: reason ? format(KEY.unavailable, { name: o.name, reason }) : o.name,
        reason,
        checked: o.itemId === draft.itemId,
        disabled: reason !== null,
      };
    }),
    kind: option?.kind ?? null,
    modes: (option?.modes ?? []).map((m) => ({
      id: m.id,
      label: localize(m.labelKey),
      impact: option?.kind === "missile" ? null : impact(m.impact),
      checked: m.id === draft.mode,
    })),
    aims: (option?.aims ?? []).map((a) => ({
      id: a.id,
      label: localize(a.labelKey),
      checked: a.id === draft.aim,
    })),
    bands:
      option && option.bands.length
        ? [
            {
              id: "",
              label: autoBandLabel(
                input,
                option,
                draft.distance,
                draft.map?.units,
                localize,
                format,
              ),
              checked: draft.band === "",
            },
            ...option.bands.map((b) => ({
              id: b.id,
              label: format(KEY.bandChoice, {
                band: localize(b.labelKey),
                range: b.range,
                impact: b.impact,
              }),
              checked: b.id === draft.band,
            })),
          ]
        : [],
    engagingDefender: draft.engagingDefender,
    defenderProne: draft.defenderProne,
    distance: draft.distance,
    distanceLabel: draft.map?.units
      ? format(KEY.distanceUnits, { units: draft.map.units })
      : localize(FIELD_LABEL.distance),
    mapFields: mapView.fields,
    unitsNote: mapView.unitsNote,
    custom: customRows(draft.custom, byField),
    catalog: catalogView(draft.catalog ?? [], input.catalog ?? [], localize),
    errors,
    formErrors: general,
    approvalNotes: read.request ? approvalNotes(input, read.request, option, format) : [],
    customCap: customCapLine(input.approval?.cap, format),
    breakdown: target ? breakdown(target, localize, format, input.labels) : null,
    showModifiers: true,
    canSubmit: target !== null && problems.length === 0,
  };
}
