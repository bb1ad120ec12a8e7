/**
 * The HM3 actor sheets (ApplicationV2): `Hm3ActorSheet`, a Handlebars `ActorSheetV2` with one
 * part per tab, and its subclasses `CharacterSheet` and `CreatureSheet` (which adds the body
 * plan editor). The class only gathers Foundry data and reacts to clicks; what the templates
 * show is built by the pure functions of `./context`, the submitted form is checked by the
 * data layer's `checkUpdate` (bad values are dropped and reported, nothing else is lost), and
 * dropped items by `./drop`.
 */
import { bruteForceOn } from "../../gold-object";
import type { DeepPartial } from "fvtt-types/utils";
import type { Hm3Derived } from "../../../../../rules/hm3/character-types";
import type { Hm3BodyPlanSource } from "../../source";
import { notifyProblems } from "../../../../data/notify";
import { checkUpdate } from "../../../../data/validate";
import { escapeHtml, handlebarsApi, type Format, type Localize } from "../../../../sheets/common";
import {
  ACTOR_SHEET_OPTIONS,
  ActorSheetBase,
  type BaseInstance,
  format,
  localize,
} from "../../../../sheets/actor-sheet-base";
import {
  actorContext,
  partContext,
  partsFor,
  tabsFor,
  type ActorContextInput,
  type ActorSheetContext,
  type ActorType,
  type SheetItem,
  type TabContext,
} from "./context";
import { dropDecision, folderDropDecisions } from "./drop";
import { syncZoneSums } from "./plan-dom";
import { planMessages, removeRowMessage } from "./messages";
import { zoneStatus } from "../../../../../rules/hm3/body-plan";
import { MESSAGE, TAB_LABEL } from "./labels";
import {
  addPlanLocation,
  copyHumanPlan,
  PLAN_PREFIX,
  planFromForm,
  removePlanLocation,
} from "./plan-editor";
import { planContext as dataPlanContext } from "../../../../data/validate";
import { SKILL_TEST_TEMPLATE, skillSubject, testCard, type TestSubject } from "./tests";
import { TYPE_LABEL } from "../item/labels";
import { inlineItemUpdate } from "./inline";
import { attack } from "../../../../combat/actions";
import { rest, REST_SHEET_MINUTES } from "../../gold-rest";
import { disengage } from "../../disengage-action";
import { disengageOffered } from "../../disengage-view";

/** Where Foundry serves the actor templates from. */
export const ACTOR_TEMPLATES = "systems/blow-by-blow/templates/actor";
export const PARTIAL_TEMPLATES = ["systems/blow-by-blow/templates/partials/body-diagram.hbs"];

type Obj = Record<string, unknown>;

/** The render context of a part: the sheet context plus that part's tab. */
export type ActorRenderContext = ActorSheetContext & { tab?: TabContext | null; partId?: string };

const { ActorSheetV2 } = foundry.applications.sheets;

const part = (name: string, scrollable = false) => ({
  template: `${ACTOR_TEMPLATES}/${name}.hbs`,
  ...(scrollable ? { scrollable: [""] } : {}),
});

/** The primary tab group of an actor type (v13 `static TABS`). */
function tabsConfig(type: ActorType) {
  return {
    primary: {
      tabs: tabsFor(type).map((id) => ({ id, label: TAB_LABEL[id], cssClass: "" })),
      initial: "attributes",
    },
  };
}

/**
 * `format` for a notification, which Foundry shows as HTML: each value (names, location names:
 * user text) is escaped (issue 15), as combat/actions.ts does.
 */
const notice: Format = (key, data) =>
  format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, escapeHtml(String(v))])));

/** The element carrying the item id of a clicked control. */
function itemIdOf(target: HTMLElement): string | null {
  return target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? null;
}

/** An in-place input (`data-item-id`, `data-item-field`; no `name`, so the form skips it). */
export type InlineInput = Pick<HTMLInputElement, "value" | "dataset">;

/** What v13 ActorSheetV2 declares for item drops (fvtt-types 13.345.1 omits it). */
interface DropHandler {
  _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown>;
}

/** An item of a dropped folder: a document, or a compendium index entry (uuid only). */
interface FolderItem {
  uuid: string;
  toObject(): { type?: unknown; name?: unknown } & Record<string, unknown>;
}

/** What v13 ActorSheetV2#_onDropFolder receives: the dropped Folder document. */
interface DroppedFolder {
  type: string;
  contents: readonly ({ uuid: string } & Partial<FolderItem>)[];
}

export class Hm3ActorSheet extends ActorSheetBase<ActorSheetContext> {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions &
    DeepPartial<foundry.applications.api.ApplicationV2.Configuration> = {
    ...ACTOR_SHEET_OPTIONS,
    classes: ["blow-by-blow", "sheet", "actor"],
    actions: {
      rollSkill: Hm3ActorSheet.#onRollSkill,
      attack: Hm3ActorSheet.#onAttack,
      disengage: Hm3ActorSheet.#onDisengage,
      createItem: Hm3ActorSheet.#onCreateItem,
      editItem: Hm3ActorSheet.#onEditItem,
      deleteItem: Hm3ActorSheet.#onDeleteItem,
      toggleEquipped: Hm3ActorSheet.#onToggleEquipped,
      toggleCarried: Hm3ActorSheet.#onToggleCarried,
      goldRest: Hm3ActorSheet.#onGoldRest,
      addPlanLocation: Hm3ActorSheet.#onAddPlanLocation,
      removePlanLocation: Hm3ActorSheet.#onRemovePlanLocation,
      copyHumanPlan: Hm3ActorSheet.#onCopyHumanPlan,
      useHumanPlan: Hm3ActorSheet.#onUseHumanPlan,
    },
  };

  static override PARTS = {
    header: part("header"),
    tabs: part("tabs"),
    attributes: part("attributes", true),
    skills: part("skills", true),
    // Foundry preloads `templates ?? [template]`: a part listing templates lists its own too.
    combat: {
      ...part("combat", true),
      templates: [`${ACTOR_TEMPLATES}/combat.hbs`, ...PARTIAL_TEMPLATES],
    },
    injuries: part("injuries", true),
    gear: part("gear", true),
    bodyPlan: part("body-plan", true),
    description: part("description", true),
    limited: part("limited", true),
  };

  static override TABS = tabsConfig("character");

  // ── Data gathering ───────────────────────────────────────────────────────────────────────

  /** The stored system data (`_source.system`, the shapes of data/source.ts). */
  protected get sourceSystem(): ActorContextInput["system"] {
    // fvtt-types types `_source.system` from the registered data models; the sheet reads it
    // as the stored shape the data layer documents.
    return (this.actor._source as unknown as { system: ActorContextInput["system"] }).system;
  }

  /** The derived HM3 data the data model computed, or null. */
  protected get derived(): { derived: Hm3Derived | null; error: string | null } {
    // The data models add `derived` in prepareDerivedData (data/actor/derive.ts).
    const { derived, error } = this.derivation;
    return { derived: (derived as Hm3Derived | null | undefined) ?? null, error };
  }

  protected get sheetItems(): SheetItem[] {
    return this.actor.items.contents.map(
      (item: Item.Implementation) =>
        ({
          id: item.id ?? "",
          name: item.name,
          img: item.img ?? "",
          sort: item.sort,
          type: String(item.type),
          // The stored system data, as data/source.ts describes it (see sourceSystem).
          system: (item._source as unknown as { system: unknown }).system,
        }) as SheetItem,
    );
  }

  protected get conditions(): { id: string; label: string }[] {
    const statuses = this.actor.statuses;
    return CONFIG.statusEffects
      .filter((e) => statuses.has(e.id))
      .map((e) => ({ id: e.id, label: localize(String(e.name)) }));
  }

  /** Everything the pure context builder needs. */
  async contextInput(): Promise<ActorContextInput> {
    const system = this.sourceSystem;
    const { derived, error } = this.derived;
    const enrichedDescription = await this.enrichDescription(system.description ?? "");
    const common = {
      name: this.actor.name,
      img: this.actor.img ?? "",
      derived,
      derivationError: error,
      items: this.sheetItems,
      conditions: this.conditions,
      editable: this.isEditable,
      owner: this.actor.isOwner,
      limited: this.actor.limited,
      enrichedDescription,
      activeTab: this.tabGroups.primary ?? null,
      bruteForce: bruteForceOn(),
      localize: localize as Localize,
      format,
    };
    return this.actorType === "creature"
      ? {
          ...common,
          type: "creature",
          system: system as Extract<ActorContextInput, { type: "creature" }>["system"],
        }
      : {
          ...common,
          type: "character",
          system: system as Extract<ActorContextInput, { type: "character" }>["system"],
        };
  }

  // ── Rendering ────────────────────────────────────────────────────────────────────────────

  protected keptParts(): readonly string[] {
    return partsFor(this.actorType, this.actor.limited);
  }

  protected async sheetContext(): Promise<ActorSheetContext> {
    return actorContext(await this.contextInput());
  }

  protected partExtras(context: ActorSheetContext, partId: string) {
    const { tab } = partContext(context, partId);
    // HârnMaster Gold's Disengage button (seed 000 lines 85-91) while the world offers it.
    return partId === "combat" ? { tab, disengage: disengageOffered() } : { tab };
  }

  /** The body plan editor recomputes its zone sums as aim points are typed. */
  protected override _attachPartListeners(
    partId: string,
    htmlElement: HTMLElement,
    options: Parameters<BaseInstance["_attachPartListeners"]>[2],
  ): void {
    super._attachPartListeners(partId, htmlElement, options);
    if (partId !== "bodyPlan") return;
    htmlElement.addEventListener("input", (event) => {
      if ((event.target as HTMLElement | null)?.classList.contains("bbb-aim"))
        syncZoneSums(htmlElement, zoneStatus);
    });
  }

  /**
   * In-place inputs of embedded items (a skill's ML): each change is handled on its own and
   * kept from the actor form, which would otherwise submit itself (submitOnChange).
   */
  protected override async _onRender(
    context: Parameters<BaseInstance["_onRender"]>[0],
    options: Parameters<BaseInstance["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    const inputs = this.element.querySelectorAll<HTMLInputElement>(
      "input[data-item-id][data-item-field]",
    );
    for (const input of inputs) {
      input.addEventListener("change", (event) => {
        event.stopPropagation();
        void this.onInlineChange(input);
      });
    }
  }

  /**
   * Applies an in-place edit: refused (problems shown, the stored value shown again) unless
   * the actor is owned now and `inlineItemUpdate` accepts the value. Returns whether the
   * item was updated.
   */
  async onInlineChange(input: InlineInput): Promise<boolean> {
    const id = input.dataset.itemId ?? "";
    const field = input.dataset.itemField ?? "";
    const item = id ? this.actor.items.get(id) : undefined;
    if (!item || !field) return false;
    const stored = foundry.utils.getProperty(item._source as object, field);
    const restore = () => {
      input.value = stored === undefined || stored === null ? "" : String(stored as number);
    };
    if (!this.actor.isOwner) {
      restore();
      return false;
    }
    const decision = inlineItemUpdate(String(item.type), field, input.value);
    if ("problems" in decision) {
      notifyProblems(decision.problems);
      restore();
      return false;
    }
    await item.update(decision.update);
    return true;
  }

  // ── Form submission ──────────────────────────────────────────────────────────────────────

  /** The creature's stored plan (null for the human plan or a character). */
  protected get storedPlan(): Hm3BodyPlanSource | null {
    const hm3 = this.sourceSystem.hm3 as { bodyPlan?: Hm3BodyPlanSource | null };
    return hm3.bodyPlan ?? null;
  }

  /**
   * The flat form data is checked before Foundry expands and validates it: body plan rows
   * are assembled into the plan array, `checkUpdate` drops each bad value (a non-number
   * attribute, an unknown region…) and the problems are shown, localised, naming the field
   * and the value; every other change goes through.
   */
  protected checkedChanges(form: HTMLFormElement, flat: Obj): Obj {
    const { accepted, problems } = checkUpdate(this.typeKey, flat, this.planContext);
    this.refuse(form, problems);
    const { data, plan } = planFromForm(accepted, this.storedPlan);
    if (plan && !this.#planReady(plan)) {
      // Not saved until each zone sums to 100: the typed values stay in the form meanwhile.
      for (const key of Object.keys(data)) if (key.startsWith(PLAN_PREFIX)) delete data[key];
    }
    return data;
  }

  /** The plan the actor's items are checked against (locations of injuries and armour). */
  protected get planContext() {
    const plan = this.derived.derived?.plan;
    return plan ? dataPlanContext(plan) : undefined;
  }

  /**
   * Whether an edited plan can be stored as a whole (the core's `validateBodyPlan`: zones sum
   * to 100 or 0, ids unique, ♦ on arms and legs only…); when not, says why in the user's
   * words, naming the location, the column and the value.
   */
  #planReady(plan: Hm3BodyPlanSource): boolean {
    // Each message is escaped already (`notice`): the wrapper adds no user text.
    const messages = planMessages(plan, localize, notice);
    for (const problem of messages)
      ui.notifications?.warn(format(MESSAGE.planPending, { problem }));
    return messages.length === 0;
  }

  // ── Drag and drop ────────────────────────────────────────────────────────────────────────

  /**
   * v13 calls this for an Item dropped from a compendium, the sidebar or another sheet; an
   * item of a type the actor cannot own, or a skill it already has by name, is refused with a
   * warning. Everything else goes to ActorSheetV2, which creates (or sorts) the item.
   */
  protected async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown> {
    if (!this.actor.isOwner) return null;
    if (item.parent?.uuid !== this.actor.uuid) {
      const owned = this.actor.items.contents.map((i: Item.Implementation) => ({
        type: String(i.type),
        name: i.name,
      }));
      const decision = dropDecision(
        this.actorType,
        { type: String(item.type), name: item.name },
        owned,
      );
      if (!decision.accept) {
        ui.notifications?.warn(notice(decision.key, decision.data));
        return null;
      }
    }
    // ActorSheetV2's own _onDropItem, which fvtt-types 13.345.1 leave out (DropHandler).
    const parent = ActorSheetV2.prototype as unknown as DropHandler;
    return parent._onDropItem.call(this, event, item);
  }

  /**
   * v13 calls this for a Folder dropped on the sheet (ActorSheetV2#_onDropDocument); core
   * creates all the folder's items at once, bypassing `_onDropItem`, so the same checks run
   * here: items of types the actor cannot own and skills it already has (or that the folder
   * holds twice) are refused with a warning, the rest created. Compendium folders hold index
   * entries, fetched by uuid as core does. Not in fvtt-types 13.345.1's ActorSheetV2.
   */
  protected async _onDropFolder(event: DragEvent, folder: DroppedFolder): Promise<unknown> {
    void event;
    if (!this.actor.isOwner || folder.type !== "Item") return null;
    const entries = await Promise.all(
      folder.contents.map(async (entry) =>
        typeof entry.toObject === "function"
          ? (entry as FolderItem)
          : // A plain-string UUID (fvtt-types take `Item.${string}`…); checked by the filter below.
            ((await fromUuid(entry.uuid as never)) as unknown as FolderItem | null),
      ),
    );
    const data = entries
      .filter((e): e is FolderItem => e !== null && typeof e.toObject === "function")
      .map((e) => e.toObject());
    const owned = this.actor.items.contents.map((i: Item.Implementation) => ({
      type: String(i.type),
      name: i.name,
    }));
    const { accepted, refused } = folderDropDecisions(
      this.actorType,
      data.map((d) => ({ type: String(d.type), name: String(d.name) })),
      owned,
    );
    for (const r of refused) ui.notifications?.warn(notice(r.key, r.data));
    if (!accepted.length) return null;
    // The dropped items' own toObject() data (fvtt-types take Item.CreateData).
    await this.actor.createEmbeddedDocuments("Item", accepted.map((i) => data[i]!) as never);
    return folder;
  }

  // ── Actions ──────────────────────────────────────────────────────────────────────────────

  #item(target: HTMLElement): Item.Implementation | null {
    const id = itemIdOf(target);
    return id ? (this.actor.items.get(id) ?? null) : null;
  }

  /** Rolls d100 against the subject's target and posts the test card. */
  async #postTest(subject: TestSubject): Promise<void> {
    const roll = await new Roll("1d100").evaluate();
    const card = testCard(this.actor.name, subject, roll.total ?? 0, localize);
    const content = await handlebarsApi().renderTemplate(SKILL_TEST_TEMPLATE, { ...card });
    await ChatMessage.implementation.create({
      speaker: ChatMessage.implementation.getSpeaker({ actor: this.actor }),
      content,
      rolls: [roll],
    });
  }

  static async #onRollSkill(
    this: Hm3ActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    if (!this.actor.isOwner) return;
    const item = this.#item(target);
    if (!item) return;
    const subject = skillSubject(this.derived.derived, { id: item.id ?? "", name: item.name });
    if (subject) await this.#postTest(subject);
  }

  /** A weapon's or missile weapon's Attack button: the attack dialog with that item chosen. */
  static async #onAttack(
    this: Hm3ActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    if (!this.actor.isOwner) return;
    const item = this.#item(target);
    if (!item) return;
    await attack({
      actorUuid: this.actor.uuid,
      tokenUuid: this.token?.uuid ?? null,
      itemId: item.id ?? null,
    });
  }

  /** The Disengage button (HârnMaster Gold, 000:85-91): the action checks option and owner again. */
  static async #onDisengage(this: Hm3ActorSheet): Promise<void> {
    if (!this.actor.isOwner) return;
    await disengage({ actorUuid: this.actor.uuid });
  }

  static async #onCreateItem(
    this: Hm3ActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    if (!this.isEditable) return;
    const type = target.dataset.type ?? "";
    const label = (TYPE_LABEL as Readonly<Record<string, string>>)[type];
    if (!label) return;
    const name = format(MESSAGE.newItem, { type: localize(label) });
    // `type` is one of TYPE_LABEL's keys, a string to fvtt-types' CreateData.
    const created = await this.actor.createEmbeddedDocuments("Item", [{ name, type } as never]);
    const item = created?.[0] as Item.Implementation | undefined;
    await item?.sheet?.render(true);
  }

  static async #onEditItem(
    this: Hm3ActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.#item(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(
    this: Hm3ActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    if (!this.isEditable) return;
    const item = this.#item(target);
    if (!item) return;
    const ok = await foundry.applications.api.DialogV2.confirm({
      window: { title: format(MESSAGE.deleteTitle, { name: item.name }) },
      content: `<p>${escapeHtml(format(MESSAGE.deleteContent, { name: item.name }))}</p>`,
    });
    if (ok === true) await item.delete();
  }

  async #toggle(target: HTMLElement, field: "equipped" | "carried"): Promise<void> {
    if (!this.isEditable) return;
    const item = this.#item(target);
    if (!item) return;
    // The stored system data, as data/source.ts describes it (see sourceSystem).
    const system = (item._source as unknown as { system: Obj }).system;
    if (typeof system[field] !== "boolean") return;
    await item.update({ [`system.${field}`]: !system[field] });
  }

  static async #onToggleEquipped(
    this: Hm3ActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.#toggle(target, "equipped");
  }

  /**
   * HârnMaster Gold rest (000:113, G93): 2 minutes of rest, through the ruleset's `rest` action
   * (which checks the option and the user's ownership at the click).
   */
  static async #onGoldRest(this: Hm3ActorSheet): Promise<void> {
    await rest({ actorUuid: this.actor.uuid, minutes: REST_SHEET_MINUTES });
  }

  static async #onToggleCarried(
    this: Hm3ActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.#toggle(target, "carried");
  }

  /**
   * Writes a new body plan: checked like any form change, then as a whole by the core, so a
   * plan the rules refuse is never stored; `why` replaces the core's messages when the
   * action knows better (a removed row that still holds aim points).
   */
  async #writePlan(plan: Hm3BodyPlanSource | null, why?: string | null): Promise<void> {
    if (!this.isEditable || this.actorType !== "creature") return;
    if (plan) {
      const messages = planMessages(plan, localize, notice);
      if (messages.length) {
        for (const message of why ? [why] : messages) ui.notifications?.warn(message);
        return;
      }
    }
    const { accepted, problems } = checkUpdate(this.typeKey, { "system.hm3.bodyPlan": plan });
    notifyProblems(problems);
    if (Object.keys(accepted).length) await this.actor.update(accepted);
  }

  static async #onAddPlanLocation(this: Hm3ActorSheet): Promise<void> {
    const plan = this.storedPlan;
    if (plan) await this.#writePlan(addPlanLocation(plan, localize(MESSAGE.newLocation)));
  }

  static async #onRemovePlanLocation(
    this: Hm3ActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const plan = this.storedPlan;
    const index = Number(target.closest<HTMLElement>("[data-index]")?.dataset.index);
    if (!plan || !Number.isInteger(index)) return;
    await this.#writePlan(
      removePlanLocation(plan, index),
      removeRowMessage(plan, index, localize, notice),
    );
  }

  static async #onCopyHumanPlan(this: Hm3ActorSheet): Promise<void> {
    await this.#writePlan(copyHumanPlan());
  }

  static async #onUseHumanPlan(this: Hm3ActorSheet): Promise<void> {
    if (!this.isEditable) return;
    const ok = await foundry.applications.api.DialogV2.confirm({
      window: { title: localize(MESSAGE.useHumanTitle) },
      content: `<p>${escapeHtml(localize(MESSAGE.useHumanContent))}</p>`,
    });
    if (ok === true) await this.#writePlan(null);
  }
}

/** The sheet of an HM3 character. */
export class CharacterSheet extends Hm3ActorSheet {
  static override DEFAULT_OPTIONS = { classes: ["character"] };
  static override TABS = tabsConfig("character");
}

/** The sheet of an HM3 creature: the character's tabs and its body plan editor. */
export class CreatureSheet extends Hm3ActorSheet {
  static override DEFAULT_OPTIONS = { classes: ["creature"], position: { width: 860 } };
  static override TABS = tabsConfig("creature");
}
