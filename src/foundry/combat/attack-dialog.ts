/**
 * The attack dialog (ApplicationV2 + Handlebars): weapon, mode, aim, range band, the situation
 * as measured on the canvas (each value overridable) and the user's own modifiers, with the
 * itemised target recomputed by the ruleset's preview on every change. `AttackDialog.prompt`
 * resolves with the request on Attack and with null when the window is closed. The pure logic
 * (drafts, checks, breakdown, view model) is in ./attack-form.ts (and ./dialog-form.ts); `PromptDialog`, shared with
 * the defence dialog, holds the window's life: the draft, partial re-renders, the promise.
 */
import type { DeepPartial } from "fvtt-types/utils";
import type {
  AttackOption,
  CatalogRowOption,
  AttackRequest,
  AttackSituation,
  FighterSnapshot,
  TargetLabels,
} from "../../core/combat";
import type { Target } from "../../core/modifiers";
import type { Format, Localize } from "../sheets/common";
import {
  attackDialogContext,
  attackDraftFromForm,
  initialAttackDraft,
  readAttackDraft,
  type ApprovalHint,
  type AttackDraft,
} from "./attack-form";
import type { CustomDraft, CustomRowView } from "./dialog-form";

type Obj = Record<string, unknown>;

/** Where Foundry serves the dialog templates from. */
export const DIALOG_TEMPLATES = "systems/blow-by-blow/templates/dialog";

export interface AttackDialogInput {
  attacker: FighterSnapshot;
  defender: FighterSnapshot;
  options: AttackOption[];
  situation: AttackSituation;
  itemId: string | null;
  /**
   * Live preview of the itemised target for a request (calls CombatRules.attackTarget);
   * throws InputError for a bad request.
   */
  preview(request: AttackRequest): Target;
  /**
   * The range band a distance falls in (CombatRules.bandFor), to name the band the measured
   * distance gives; without it the dialog shows the distance only.
   */
  bandFor?(option: AttackOption, distance: number): string | null;
  /** The ruleset's labels of its targets' modifiers and bases (`CombatRules.labels`). */
  labels: TargetLabels;
  /** The ruleset's catalog rows the user may declare (`CombatRules.catalog`); absent: none. */
  catalog?: readonly CatalogRowOption[];
  /** A player's dialog: what the GM's client holds for approval (issue 15); absent for a GM. */
  approval?: ApprovalHint;
}

export function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

export const format: Format = (key, data) =>
  game.i18n?.format(
    key,
    Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
  ) ?? key;

/** What every dialog context carries for the form's messages and the submit button. */
export interface PromptContext {
  errors: Record<string, string | null>;
  custom: CustomRowView[];
  canSubmit: boolean;
}

/** Every field's message, the user modifier rows' included, by the field's name. */
export function fieldMessages(context: PromptContext): Record<string, string | null> {
  const out: Record<string, string | null> = { ...context.errors };
  for (const row of context.custom) {
    out[row.labelName] = row.labelError;
    out[row.valueName] = row.valueError;
  }
  return out;
}

/**
 * Shows each field's message in its `[data-error-for]` slot, marks the field invalid and marks
 * the submit button `aria-disabled` unless the form can be submitted (after a partial
 * re-render that left the fields in place). The button is never `disabled`: a value typed and
 * the button clicked at once must not lose the click, since the field's change (which makes
 * the form valid) only lands as the button is pressed; the submit handler refuses a form that
 * is still wrong and shows why.
 */
export function syncForm(root: ParentNode, context: PromptContext): void {
  const messages = fieldMessages(context);
  for (const slot of root.querySelectorAll<HTMLElement>("[data-error-for]")) {
    const message = messages[slot.dataset.errorFor ?? ""] ?? null;
    slot.textContent = message ?? "";
    slot.hidden = message === null;
  }
  for (const field of root.querySelectorAll<HTMLElement>("[name]")) {
    const name = field.getAttribute("name") ?? "";
    if (messages[name]) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[type=submit]"))
    button.setAttribute("aria-disabled", String(!context.canSubmit));
}

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
const PromptBase = HandlebarsApplicationMixin(ApplicationV2);
type BaseInstance = InstanceType<typeof PromptBase>;

/** The form's values through v13's `foundry.applications.ux.FormDataExtended`. */
function formObject(form: HTMLFormElement): Obj {
  return new foundry.applications.ux.FormDataExtended(form).object;
}

/**
 * A dialog that resolves a promise once: with its result on submit, with null on close. The
 * form's values live in `draft`; a change re-renders the changed parts only (the fields stay,
 * so focus and a pending click survive) unless it changes which fields exist.
 */
export abstract class PromptDialog<
  Draft extends { custom: CustomDraft[] },
  Result,
> extends PromptBase {
  static override DEFAULT_OPTIONS: DeepPartial<foundry.applications.api.ApplicationV2.Configuration> &
    object = {
    classes: ["blow-by-blow", "bbb-dialog"],
    tag: "form",
    window: { resizable: true },
    position: { width: 560, height: "auto" },
    form: { handler: PromptDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: {
      addModifier: PromptDialog.#onAddModifier,
      removeModifier: PromptDialog.#onRemoveModifier,
      cancel: PromptDialog.#onCancel,
    },
  };

  #resolve: ((result: Result | null) => void) | null;
  /** The form as typed. */
  draft: Draft;

  constructor(resolve: (result: Result | null) => void, draft: Draft, options: Obj = {}) {
    super(options);
    this.#resolve = resolve;
    this.draft = draft;
  }

  /** The draft after the form changed (`flat`: FormDataExtended's object). */
  protected abstract nextDraft(flat: Obj): Draft;
  /** The view model of the draft. */
  protected abstract viewContext(): PromptContext & Obj;
  /** The result of the draft, or null when the form cannot be submitted. */
  protected abstract result(): Result | null;
  /** Whether going from one draft to the other changes which fields exist. */
  protected abstract reshapes(before: Draft, after: Draft): boolean;

  /** Whether the promise has been settled. */
  get settled(): boolean {
    return this.#resolve === null;
  }

  #settle(result: Result | null): void {
    const resolve = this.#resolve;
    this.#resolve = null;
    resolve?.(result);
  }

  protected override async _prepareContext(
    options: Parameters<BaseInstance["_prepareContext"]>[0],
  ) {
    const base = await super._prepareContext(options);
    return Object.assign(base, this.viewContext());
  }

  /**
   * A press on the submit button keeps the focus in the field being typed in. Otherwise the
   * field's change (on blur) re-renders the breakdown while the button is held, the button
   * moves from under the pointer and the click is lost; the submit reads the form as typed.
   */
  protected override async _onFirstRender(
    context: Parameters<BaseInstance["_onFirstRender"]>[0],
    options: Parameters<BaseInstance["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    (this.element as HTMLElement | undefined)?.addEventListener("mousedown", (event) => {
      const target = event.target as Element | null;
      if (target?.closest?.("button[type=submit]")) event.preventDefault();
    });
  }

  /** After a partial render the fields' messages and the submit button follow the draft. */
  protected override async _onRender(
    context: Parameters<BaseInstance["_onRender"]>[0],
    options: Parameters<BaseInstance["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    const element = this.element as HTMLElement | undefined;
    // The context is the one _prepareContext built from viewContext(); fvtt-types type it as
    // ApplicationV2's generic render context.
    if (element) syncForm(element, context as unknown as PromptContext);
  }

  /** v13 calls this on each `change` in the form. */
  protected override _onChangeForm(
    formConfig: foundry.applications.api.ApplicationV2.FormConfiguration,
    event: Event,
  ): void {
    void formConfig;
    void event;
    void this.applyForm(formObject(this.element as HTMLFormElement));
  }

  /** Takes the form's values (flat, dotted names) and shows their consequences. */
  async applyForm(flat: Obj): Promise<void> {
    const before = this.draft;
    this.draft = this.nextDraft(flat);
    await this.render(this.reshapes(before, this.draft) ? {} : { parts: ["breakdown"] });
  }

  /**
   * Submits the form's values: resolves with the result and closes when they are valid, else
   * shows why (nothing is resolved). Returns the result.
   */
  async submitForm(flat: Obj): Promise<Result | null> {
    this.draft = this.nextDraft(flat);
    const result = this.result();
    if (result === null) {
      await this.render();
      return null;
    }
    this.#settle(result);
    await this.close();
    return result;
  }

  /** However the window closes, the promise is settled (null unless submitted). */
  override async close(options?: Parameters<BaseInstance["close"]>[0]): Promise<this> {
    this.#settle(null);
    await super.close(options);
    return this;
  }

  /** Renders the dialog; if it cannot render, the promise settles with null. */
  open(): void {
    this.render({ force: true }).catch((error: unknown) => {
      console.error("Blow by Blow | dialog", error);
      this.#settle(null);
    });
  }

  /** Adds an empty modifier row (`flat`: the form's values, null when it is not rendered). */
  async addModifier(flat: Obj | null): Promise<void> {
    if (flat) this.draft = this.nextDraft(flat);
    this.draft = { ...this.draft, custom: [...this.draft.custom, { label: "", value: "" }] };
    await this.render();
  }

  /** Removes the modifier row at `index`. */
  async removeModifier(flat: Obj | null, index: number): Promise<void> {
    if (flat) this.draft = this.nextDraft(flat);
    this.draft = { ...this.draft, custom: this.draft.custom.filter((_, i) => i !== index) };
    await this.render();
  }

  #currentForm(): Obj | null {
    const element = this.element as HTMLElement | undefined;
    return element?.tagName === "FORM" ? formObject(element as HTMLFormElement) : null;
  }

  static async #onSubmit(
    this: PromptDialog<{ custom: CustomDraft[] }, unknown>,
    _event: Event | SubmitEvent,
    _form: HTMLFormElement,
    formData: FormDataExtended,
  ): Promise<void> {
    await this.submitForm(formData.object);
  }

  static async #onAddModifier(this: PromptDialog<{ custom: CustomDraft[] }, unknown>) {
    await this.addModifier(this.#currentForm());
  }

  static async #onRemoveModifier(
    this: PromptDialog<{ custom: CustomDraft[] }, unknown>,
    _event: PointerEvent,
    target: HTMLElement,
  ) {
    const index = Number(target.closest<HTMLElement>("[data-index]")?.dataset.index);
    if (Number.isInteger(index)) await this.removeModifier(this.#currentForm(), index);
  }

  static async #onCancel(this: PromptDialog<{ custom: CustomDraft[] }, unknown>) {
    await this.close();
  }
}

/** The attack dialog; see `AttackDialog.prompt`. */
export class AttackDialog extends PromptDialog<AttackDraft, AttackRequest> {
  static override DEFAULT_OPTIONS = {
    id: "bbb-attack-{id}",
    classes: ["bbb-attack-dialog"],
    window: { title: "BLOWBYBLOW.Dialog.Attack.title", icon: "fa-solid fa-sword" },
  };

  static override PARTS = {
    form: { template: `${DIALOG_TEMPLATES}/attack.hbs` },
    modifiers: { template: `${DIALOG_TEMPLATES}/modifiers.hbs` },
    breakdown: { template: `${DIALOG_TEMPLATES}/breakdown.hbs` },
    footer: { template: `${DIALOG_TEMPLATES}/footer.hbs` },
  };

  readonly input: AttackDialogInput;
  readonly #localize: Localize;
  readonly #format: Format;

  constructor(
    input: AttackDialogInput,
    resolve: (result: AttackRequest | null) => void,
    i18n: { localize: Localize; format: Format } = { localize, format },
  ) {
    super(resolve, initialAttackDraft(input.options, input.situation, input.itemId));
    this.input = input;
    this.#localize = i18n.localize;
    this.#format = i18n.format;
  }

  /** Opens the dialog; resolves with the request on Attack, null when closed. */
  static prompt(input: AttackDialogInput): Promise<AttackRequest | null> {
    return new Promise((resolve) => new AttackDialog(input, resolve).open());
  }

  protected nextDraft(flat: Obj): AttackDraft {
    return attackDraftFromForm(flat, this.draft, this.input.options, this.input.catalog ?? []);
  }

  protected viewContext() {
    const context = attackDialogContext(this.input, this.draft, this.#localize, this.#format);
    return { ...context, submitLabel: "BLOWBYBLOW.Dialog.Attack.submit" };
  }

  protected reshapes(before: AttackDraft, after: AttackDraft): boolean {
    // The band list names the band of the distance: a new distance re-renders the fields.
    return (
      before.itemId !== after.itemId ||
      before.distance !== after.distance ||
      before.custom.length !== after.custom.length ||
      // A catalog row added, removed or changed shows another parameter field.
      (before.catalog ?? []).map((r) => r.id).join() !==
        (after.catalog ?? []).map((r) => r.id).join()
    );
  }

  /** The request, when the form reads well and the ruleset's preview accepts it. */
  protected result(): AttackRequest | null {
    const { request } = readAttackDraft(this.draft, this.input.options);
    if (!request) return null;
    return attackDialogContext(this.input, this.draft, this.#localize, this.#format).canSubmit
      ? request
      : null;
  }
}
