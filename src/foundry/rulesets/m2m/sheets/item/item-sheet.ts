/**
 * The GURPS Man to Man item sheet (weapon, missile weapon, armour): an ApplicationV2 document
 * sheet with the shared item header, tabs and description, a details part per type
 * (templates/m2m/item) and, for a GM, the item's other rulesets' blocks, kept as they are. The
 * context comes from the pure `m2mItemContext` (./context.ts); a submitted form goes through
 * the data layer's `checkUpdate` (./submit.ts): a bad value is refused naming the field, and an
 * edit (a submitted form, a mode added or removed) that would leave the whole block breaking one
 * of its rules is refused whole (`guardBlock`), the stored data unchanged.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { notifyProblems } from "../../../../data/notify";
import { checkUpdate } from "../../../../data/validate";
import { PressGuard, restoreRefused, textEditor } from "../../../../sheets/common";
import { OTHER_BLOCKS_TEMPLATE } from "../../../../sheets/other-blocks";
import type { HandlebarsItemSheetClass } from "../../../../sheets/mixed";
import { M2M_ITEM_TYPES, type M2mItemType, type M2mWeaponBlock } from "../../item-data";
import {
  ITEM_TAB_IDS,
  ITEM_TAB_LABEL,
  itemPartsFor,
  m2mItemContext,
  type M2mItemSource,
} from "./context";
import { restoreGroupBoxes } from "./groups";
import { addMode, guardBlock, itemSubmit, removeMode } from "./submit";

const TEMPLATES = "systems/blow-by-blow/templates";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ItemSheetV2 } = foundry.applications.sheets;

const M2mItemSheetBase = HandlebarsApplicationMixin(
  ItemSheetV2,
) as unknown as HandlebarsItemSheetClass;
type BaseInstance = InstanceType<typeof M2mItemSheetBase>;

const own = (name: string) => ({ template: `${TEMPLATES}/m2m/item/${name}.hbs`, scrollable: [""] });

export class M2mItemSheet extends M2mItemSheetBase {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions &
    DeepPartial<foundry.applications.api.ApplicationV2.Configuration> = {
    classes: ["blow-by-blow", "sheet", "item", "m2m"],
    position: { width: 640, height: 640 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      addMode: M2mItemSheet.#onAddMode,
      removeMode: M2mItemSheet.#onRemoveMode,
    },
  };

  static override PARTS = {
    header: { template: `${TEMPLATES}/item/header.hbs` },
    tabs: { template: `${TEMPLATES}/item/tabs.hbs` },
    weapon: own("weapon"),
    missile: own("missile"),
    armour: own("armour"),
    others: { template: OTHER_BLOCKS_TEMPLATE, scrollable: [""] },
    description: { template: `${TEMPLATES}/item/description.hbs`, scrollable: [""] },
  };

  static override TABS = {
    primary: {
      tabs: ITEM_TAB_IDS.map((id) => ({
        id,
        label: ITEM_TAB_LABEL[id],
        cssClass: "",
      })),
      initial: "details",
    },
  };

  get itemType(): M2mItemType {
    const type = String(this.document.type);
    if (!(M2M_ITEM_TYPES as readonly string[]).includes(type))
      throw new Error(`Blow by Blow m2m item sheet: not an m2m item type ${type}`);
    return type as M2mItemType;
  }

  protected itemSource(): M2mItemSource {
    // The stored source (the data model's cleaned shape).
    const source = this.document._source as unknown as { system: M2mItemSource["system"] };
    return { type: this.itemType, system: source.system };
  }

  protected override _configureRenderParts(
    options: Parameters<BaseInstance["_configureRenderParts"]>[0],
  ) {
    const parts = super._configureRenderParts(options);
    const keep = itemPartsFor(this.itemType, this.document.limited, game.user?.isGM === true);
    for (const id of Object.keys(parts)) if (!keep.includes(id)) delete parts[id];
    return parts;
  }

  protected override async _prepareContext(
    options: Parameters<BaseInstance["_prepareContext"]>[0],
  ) {
    await this.#press.released();
    const base = await super._prepareContext(options);
    const doc = this.document;
    const source = this.itemSource();
    const i18n = game.i18n;
    const editor = textEditor() as ReturnType<typeof textEditor> | undefined;
    const description = source.system.description ?? "";
    const enriched = editor
      ? await editor.enrichHTML(description, { secrets: doc.isOwner, relativeTo: doc })
      : description;
    this._prepareTabs("primary");
    const context = m2mItemContext({
      ...source,
      id: doc.id,
      name: doc.name,
      img: doc.img ?? "",
      editable: this.isEditable,
      limited: doc.limited,
      isGM: game.user?.isGM === true,
      enrichedDescription: enriched,
      activeTab: this.tabGroups.primary ?? null,
      localize: (key) => i18n?.localize(key) ?? key,
      format: (key, data) =>
        i18n?.format(
          key,
          Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
        ) ?? key,
    });
    return Object.assign(base, context);
  }

  readonly #press = new PressGuard();

  protected override async _onFirstRender(
    context: Parameters<BaseInstance["_onFirstRender"]>[0],
    options: Parameters<BaseInstance["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    this.#press.attach(this.element);
  }

  protected override _onClose(options: Parameters<BaseInstance["_onClose"]>[0]) {
    this.#press.detach();
    super._onClose(options);
  }

  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: Parameters<BaseInstance["_processFormData"]>[2],
  ): Record<string, unknown> {
    void event;
    const source = this.itemSource();
    const { changes, problems, blockRefused } = itemSubmit({
      type: source.type,
      block: source.system.m2m,
      form: formData.object as Record<string, unknown>,
      check: (flat) => checkUpdate(`Item.${source.type}`, flat),
    });
    notifyProblems(problems);
    restoreRefused(form, problems, this.document._source);
    if (problems.length) restoreGroupBoxes(form, source.system.m2m);
    // The whole edit was refused: the form shows the stored block again (nothing is updated).
    if (blockRefused) void this.render();
    return foundry.utils.expandObject(changes) as Record<string, unknown>;
  }

  async #writeModes(modes: M2mWeaponBlock["modes"] | null): Promise<void> {
    if (!modes || !this.isEditable || this.itemType !== "weapon") return;
    const checked = checkUpdate("Item.weapon", { "system.m2m.modes": modes });
    // The whole block the new list gives is checked too (the last mode of a non-shield).
    const block = this.itemSource().system.m2m;
    const { changes, problems } = guardBlock("weapon", block, checked.accepted);
    notifyProblems([...checked.problems, ...problems]);
    if (Object.keys(changes).length) await this.document.update(changes);
  }

  static async #onAddMode(this: M2mItemSheet): Promise<void> {
    await this.#writeModes(addMode(this.itemSource().system.m2m as M2mWeaponBlock));
  }

  static async #onRemoveMode(
    this: M2mItemSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const index = Number(target.closest<HTMLElement>("[data-index]")?.dataset.index);
    await this.#writeModes(removeMode(this.itemSource().system.m2m as M2mWeaponBlock, index));
  }
}
