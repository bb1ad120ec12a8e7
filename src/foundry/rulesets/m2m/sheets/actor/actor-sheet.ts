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
import { checkUpdate } from "../../../../data/validate";
import type { Localize } from "../../../../sheets/common";
import {
  ACTOR_SHEET_OPTIONS,
  ActorSheetBase,
  format,
  localize,
} from "../../../../sheets/actor-sheet-base";
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

const shared = (name: string) => ({ template: `${TEMPLATES}/actor/${name}.hbs` });
const own = (name: string) => ({
  template: `${TEMPLATES}/m2m/actor/${name}.hbs`,
  scrollable: [""],
});

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

export class M2mActorSheet extends ActorSheetBase<M2mActorSheetContext> {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions &
    DeepPartial<foundry.applications.api.ApplicationV2.Configuration> = {
    ...ACTOR_SHEET_OPTIONS,
    classes: ["blow-by-blow", "sheet", "actor", "m2m"],
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

  /** The stored `system.m2m` block (the data model's cleaned source). */
  protected get block(): M2mCharacterBlock {
    return (this.actor._source as unknown as { system: { m2m: M2mCharacterBlock } }).system.m2m;
  }

  /** The m2m derivation the data model made, or null, and why not. */
  protected get derived(): { derived: M2mActorDerived | null; error: string | null } {
    const { derived, error } = this.derivation;
    return { derived: isM2mDerived(derived) ? derived : null, error };
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
    const enrichedDescription = await this.enrichDescription(source.description ?? "");
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

  protected keptParts(): readonly string[] {
    return partsFor(this.actor.limited);
  }

  protected async sheetContext(): Promise<M2mActorSheetContext> {
    return m2mActorContext(await this.contextInput());
  }

  protected partExtras(context: M2mActorSheetContext, partId: string) {
    return { tab: partTab(context, partId), partId };
  }

  /**
   * The flat form data is checked before Foundry expands it (`checkUpdate`): each bad value is
   * dropped and reported naming the field and the value, the stored value shown again; the
   * skill points and crippled boxes are written as whole lists (./submit.ts).
   */
  protected checkedChanges(
    form: HTMLFormElement,
    flat: Record<string, unknown>,
  ): Record<string, unknown> {
    const { changes, problems } = actorSubmit({
      block: this.block,
      form: flat,
      check: (flat) => checkUpdate(this.typeKey, flat),
    });
    this.refuse(form, problems);
    return changes;
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
