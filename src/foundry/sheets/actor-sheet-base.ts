/**
 * What every ruleset's actor sheet (ApplicationV2) shares: `ActorSheetBase`, a Handlebars
 * `ActorSheetV2` that keeps only the parts the sheet names, builds its context after a press on
 * the sheet has ended (PressGuard), gives each part its own extra context (its tab), and reads
 * the actor's type, its data layer key, its derivation error and its enriched description. A
 * refused form value is reported and shown again (`refuse`). The ruleset's sheet supplies the
 * context, the parts and the actions; the class names no ruleset.
 */
import { notifyProblems } from "../data/notify";
import { formatProblem, type Localizer, type Problem } from "../data/validate";
import type { TypeKey } from "../data/rules";
import { PressGuard, restoreRefused, textEditor, type Format } from "./common";
import type { HandlebarsActorSheetClass } from "./mixed";

/** `game.i18n.localize`, or the key where Foundry's i18n is not ready. */
export function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

/** `game.i18n.format` (values as strings), or the key where Foundry's i18n is not ready. */
export const format: Format = (key, data) =>
  game.i18n?.format(
    key,
    Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
  ) ?? key;

/** The options every actor sheet shares (spread into its `DEFAULT_OPTIONS`). */
export const ACTOR_SHEET_OPTIONS = {
  position: { width: 780, height: 760 },
  window: { resizable: true },
  form: { submitOnChange: true, closeOnSubmit: false },
};

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2 } = foundry.applications.sheets;

/**
 * The mixed base class, typed as one class: extending fvtt-types' intersection type of the
 * mixin exhausts tsc's heap (see ./mixed.ts).
 */
const HandlebarsActorSheet = HandlebarsApplicationMixin(
  ActorSheetV2,
) as unknown as HandlebarsActorSheetClass;
export type BaseInstance = InstanceType<typeof HandlebarsActorSheet>;

/** The base of the rulesets' actor sheets; `Context` is what the sheet's templates show. */
export abstract class ActorSheetBase<Context extends object> extends HandlebarsActorSheet {
  /** The parts rendered for this actor (the others of `PARTS` are dropped). */
  protected abstract keptParts(): readonly string[];

  /** The sheet's context, merged into Foundry's document sheet context. */
  protected abstract sheetContext(): Promise<Context>;

  /** What a part adds to the context (its tab…). */
  protected abstract partExtras(context: Context, partId: string): object;

  /**
   * The flat changes of a submitted form that may be stored (refused values reported through
   * `refuse`); Foundry expands them.
   */
  protected abstract checkedChanges(
    form: HTMLFormElement,
    flat: Record<string, unknown>,
  ): Record<string, unknown>;

  get actorType(): "character" | "creature" {
    return String(this.actor.type) === "creature" ? "creature" : "character";
  }

  /** `Actor.character` or `Actor.creature`, for the data layer's checks. */
  get typeKey(): TypeKey {
    return this.actorType === "creature" ? "Actor.creature" : "Actor.character";
  }

  /** The derivation the data model made (not yet checked) and its first problem, localised. */
  protected get derivation(): { derived: unknown; error: string | null } {
    // The data models add `derived` and `errors` in prepareDerivedData.
    const system = this.actor.system as unknown as {
      derived?: unknown;
      errors?: readonly Problem[];
    };
    const problem = system.errors?.[0];
    const i18n: Localizer | undefined = game.i18n;
    const error = problem && i18n ? formatProblem(problem, i18n) : null;
    return { derived: system.derived, error };
  }

  /** The description as HTML (secrets shown to owners). */
  protected async enrichDescription(description: string): Promise<string> {
    return textEditor().enrichHTML(description, {
      secrets: this.actor.isOwner,
      relativeTo: this.actor,
    });
  }

  /** Reports refused form values (naming field and value) and shows the stored ones again. */
  protected refuse(form: HTMLFormElement, problems: readonly Problem[]): void {
    notifyProblems(problems);
    restoreRefused(form, problems, this.actor._source);
  }

  /** The flat form data is checked (`checkedChanges`) before Foundry expands and validates it. */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: FormDataExtended,
  ): object {
    void event;
    return foundry.utils.expandObject(
      this.checkedChanges(form, formData.object as Record<string, unknown>),
    );
  }

  protected override _configureRenderParts(
    options: Parameters<BaseInstance["_configureRenderParts"]>[0],
  ) {
    const parts = super._configureRenderParts(options);
    const keep = this.keptParts();
    for (const id of Object.keys(parts)) if (!keep.includes(id)) delete parts[id];
    return parts;
  }

  /**
   * A re-render first waits for a press on the sheet to end (PressGuard), so the click lands
   * and what it changed (the tab) is in the context.
   */
  protected override async _prepareContext(
    options: Parameters<BaseInstance["_prepareContext"]>[0],
  ) {
    await this.#press.released();
    const base = await super._prepareContext(options);
    return Object.assign(base, await this.sheetContext());
  }

  /** Each part gets its extras (`tab`), as the templates' `data-tab` sections expect. */
  protected override async _preparePartContext(
    partId: string,
    context: Parameters<BaseInstance["_preparePartContext"]>[1],
    options: Parameters<BaseInstance["_preparePartContext"]>[2],
  ) {
    const ctx = await super._preparePartContext(partId, context, options);
    // The context is the one _prepareContext built (fvtt-types see the document sheet's
    // generic render context).
    return Object.assign(ctx, this.partExtras(context as unknown as Context, partId));
  }

  /** Keeps a click that comes right after typing in a field (see PressGuard). */
  readonly #press = new PressGuard();

  protected override async _onFirstRender(
    context: Parameters<BaseInstance["_onFirstRender"]>[0],
    options: Parameters<BaseInstance["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    this.#press.attach(this.element);
  }

  protected override _onClose(options: Parameters<BaseInstance["_onClose"]>[0]): void {
    this.#press.detach();
    super._onClose(options);
  }
}
