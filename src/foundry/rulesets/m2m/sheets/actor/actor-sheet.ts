/**
 * The GURPS Man to Man actor sheet (ApplicationV2): a Handlebars `ActorSheetV2` with the HM3
 * sheets' look and parts (header, tabs, description are the shared actor templates), used by
 * characters and creatures alike. The class gathers Foundry data and reacts to clicks; what
 * the templates show comes from the pure `m2mActorContext` (./context.ts), and a submitted form
 * goes through the data layer's `checkUpdate` (./submit.ts): a bad value is refused naming the
 * field, the rest is stored.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { notifyProblems } from "../../../../data/notify";
import {
  checkUpdate,
  formatProblem,
  type Localizer,
  type Problem,
} from "../../../../data/validate";
import type { TypeKey } from "../../../../data/rules";
import {
  PressGuard,
  restoreRefused,
  textEditor,
  type Format,
  type Localize,
} from "../../../../sheets/common";
import type { HandlebarsActorSheetClass } from "../../../../sheets/mixed";
import type { SkillId } from "../../../../../rules/m2m/skills";
import type { M2mCharacterBlock } from "../../character-data";
import type { M2mActorDerived } from "../../character-input";
import {
  m2mActorContext,
  partsFor,
  partTab,
  TAB_IDS,
  TAB_LABEL,
  type M2mActorContextInput,
  type M2mActorSheetContext,
  type M2mSheetItem,
} from "./context";
import { actorSubmit, addSkill, removeSkill } from "./submit";

/** Where Foundry serves the templates from. */
export const TEMPLATES = "systems/blow-by-blow/templates";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2 } = foundry.applications.sheets;

const shared = (name: string) => ({ template: `${TEMPLATES}/actor/${name}.hbs` });
const own = (name: string) => ({
  template: `${TEMPLATES}/m2m/actor/${name}.hbs`,
  scrollable: [""],
});

function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

const format: Format = (key, data) =>
  game.i18n?.format(
    key,
    Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
  ) ?? key;

/** The derivation is the m2m one (the data model stores the world's ruleset's derivation). */
export function isM2mDerived(value: unknown): value is M2mActorDerived {
  return (
    value !== null &&
    typeof value === "object" &&
    (value as { ruleset?: unknown }).ruleset === "m2m" &&
    "character" in value &&
    "weapons" in value &&
    "plan" in value
  );
}

const M2mActorSheetBase = HandlebarsApplicationMixin(
  ActorSheetV2,
) as unknown as HandlebarsActorSheetClass;
type BaseInstance = InstanceType<typeof M2mActorSheetBase>;

export class M2mActorSheet extends M2mActorSheetBase {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions &
    DeepPartial<foundry.applications.api.ApplicationV2.Configuration> = {
    classes: ["blow-by-blow", "sheet", "actor", "m2m"],
    position: { width: 780, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true, closeOnSubmit: false },
    actions: {
      editItem: M2mActorSheet.#onEditItem,
      addSkill: M2mActorSheet.#onAddSkill,
      removeSkill: M2mActorSheet.#onRemoveSkill,
    },
  };

  static override PARTS = {
    header: shared("header"),
    tabs: shared("tabs"),
    attributes: own("attributes"),
    skills: own("skills"),
    combat: own("combat"),
    description: { ...shared("description"), scrollable: [""] },
    limited: shared("limited"),
  };

  static override TABS = {
    primary: {
      tabs: TAB_IDS.map((id) => ({ id, label: TAB_LABEL[id], cssClass: "" })),
      initial: "attributes",
    },
  };

  get actorType(): "character" | "creature" {
    return String(this.actor.type) === "creature" ? "creature" : "character";
  }

  get typeKey(): TypeKey {
    return this.actorType === "creature" ? "Actor.creature" : "Actor.character";
  }

  /** The stored `system.m2m` block (the data model's cleaned source). */
  protected get block(): M2mCharacterBlock {
    return (this.actor._source as unknown as { system: { m2m: M2mCharacterBlock } }).system.m2m;
  }

  /** The m2m derivation the data model made, or null, and why not. */
  protected get derived(): { derived: M2mActorDerived | null; error: string | null } {
    // The data models add `derived` and `errors` in prepareDerivedData.
    const system = this.actor.system as unknown as {
      derived?: unknown;
      errors?: readonly Problem[];
    };
    const problem = system.errors?.[0];
    const i18n: Localizer | undefined = game.i18n;
    const error = problem && i18n ? formatProblem(problem, i18n) : null;
    return { derived: isM2mDerived(system.derived) ? system.derived : null, error };
  }

  protected get sheetItems(): M2mSheetItem[] {
    return this.actor.items.contents.map((item: Item.Implementation) => ({
      id: item.id ?? "",
      name: item.name,
      img: item.img ?? "",
      type: String(item.type),
      // The stored system data (the data model's cleaned source).
      system: (item._source as unknown as { system: M2mSheetItem["system"] }).system,
    }));
  }

  async contextInput(): Promise<M2mActorContextInput> {
    const source = (this.actor._source as unknown as { system: { description?: string } }).system;
    const { derived, error } = this.derived;
    const enrichedDescription = await textEditor().enrichHTML(source.description ?? "", {
      secrets: this.actor.isOwner,
      relativeTo: this.actor,
    });
    return {
      type: this.actorType,
      name: this.actor.name,
      img: this.actor.img ?? "",
      system: { m2m: this.block, description: source.description ?? "" },
      derived,
      derivationError: error,
      items: this.sheetItems,
      editable: this.isEditable,
      limited: this.actor.limited,
      enrichedDescription,
      activeTab: this.tabGroups.primary ?? null,
      localize: localize as Localize,
      format,
    };
  }

  protected override _configureRenderParts(
    options: Parameters<BaseInstance["_configureRenderParts"]>[0],
  ) {
    const parts = super._configureRenderParts(options);
    const keep = partsFor(this.actor.limited);
    for (const id of Object.keys(parts)) if (!keep.includes(id)) delete parts[id];
    return parts;
  }

  protected override async _prepareContext(
    options: Parameters<BaseInstance["_prepareContext"]>[0],
  ) {
    await this.#press.released();
    const base = await super._prepareContext(options);
    return Object.assign(base, m2mActorContext(await this.contextInput()));
  }

  protected override async _preparePartContext(
    partId: string,
    context: Parameters<BaseInstance["_preparePartContext"]>[1],
    options: Parameters<BaseInstance["_preparePartContext"]>[2],
  ) {
    const ctx = await super._preparePartContext(partId, context, options);
    // The context is the one _prepareContext built.
    const tab = partTab(context as unknown as M2mActorSheetContext, partId);
    return Object.assign(ctx, { tab, partId });
  }

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

  /**
   * The flat form data is checked before Foundry expands it (`checkUpdate`): each bad value is
   * dropped and reported naming the field and the value, the stored value shown again; the
   * skill points and crippled boxes are written as whole lists (./submit.ts).
   */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: FormDataExtended,
  ): object {
    void event;
    const { changes, problems } = actorSubmit({
      block: this.block,
      form: formData.object as Record<string, unknown>,
      check: (flat) => checkUpdate(this.typeKey, flat),
    });
    notifyProblems(problems);
    restoreRefused(form, problems, this.actor._source);
    return foundry.utils.expandObject(changes);
  }

  async #writeSkills(skills: M2mCharacterBlock["skills"] | null): Promise<void> {
    if (!skills || !this.isEditable) return;
    const { accepted, problems } = checkUpdate(this.typeKey, { "system.m2m.skills": skills });
    notifyProblems(problems);
    if (Object.keys(accepted).length) await this.actor.update(accepted);
  }

  static async #onAddSkill(
    this: M2mActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const select = target
      .closest(".bbb-add-row")
      ?.querySelector<HTMLSelectElement>(".bbb-m2m-add-skill");
    const id = select?.value;
    if (id) await this.#writeSkills(addSkill(this.block, id as SkillId));
  }

  static async #onRemoveSkill(
    this: M2mActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const index = Number(target.closest<HTMLElement>("[data-index]")?.dataset.index);
    await this.#writeSkills(removeSkill(this.block, index));
  }

  static async #onEditItem(
    this: M2mActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.actor.items.get(id) : undefined;
    await item?.sheet?.render(true);
  }
}
