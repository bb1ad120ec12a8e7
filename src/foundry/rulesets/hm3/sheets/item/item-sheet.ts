/**
 * The item sheet of every HM3 item type (weapon, missile, armour, skill, injury, gear): an
 * ApplicationV2 document sheet with a header, a details part per type, and the description,
 * on two tabs. The context comes from the pure builders of ./context.ts; the submit step runs
 * the data checker before the update (./submit.ts), so an invalid field is reported and
 * dropped while the rest of the change goes through.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { notifyProblems } from "../../../../data/notify";
import { checkUpdate, HUMAN_PLAN_CONTEXT, planContext } from "../../../../data/validate";
import type { SourceByType } from "../../../../data/source";
import { coveragePlan, itemContext, partsFor, type ItemSource, type OwnerInput } from "./context";
import { ITEM_TYPES, TAB_LABEL, type ItemType } from "./labels";
import { syncCoverageBoxes } from "./coverage-dom";
import { ownerInput } from "./owner";
import { prepareItemSubmit } from "./submit";
import type { HandlebarsItemSheetClass } from "../../../../sheets/mixed";
import { PressGuard, restoreRefused, textEditor } from "../../../../sheets/common";
import { OTHER_BLOCKS_TEMPLATE } from "../../../../sheets/other-blocks";

/** Where Foundry serves the item templates from. */
export const ITEM_TEMPLATES = "systems/blow-by-blow/templates/item";

type Obj = Record<string, unknown>;

function isItemType(type: unknown): type is ItemType {
  return (ITEM_TYPES as readonly unknown[]).includes(type);
}

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ItemSheetV2 } = foundry.applications.sheets;

/** The ItemSheetV2 instance type (default generics), for the hooks' parameter types. */
type SheetInstance = foundry.applications.sheets.ItemSheetV2;

/**
 * The mixed base class, typed as one class: extending fvtt-types' intersection type of the
 * mixin exhausts tsc's heap (see ../mixed.ts).
 */
const Hm3ItemSheetBase = HandlebarsApplicationMixin(
  ItemSheetV2,
) as unknown as HandlebarsItemSheetClass;

export class Hm3ItemSheet extends Hm3ItemSheetBase {
  static override DEFAULT_OPTIONS = {
    classes: ["blow-by-blow", "sheet", "item"],
    position: { width: 560, height: 640 },
    window: { resizable: true },
    form: { submitOnChange: true },
    sheetConfig: true,
  };

  static override PARTS = {
    header: { template: `${ITEM_TEMPLATES}/header.hbs` },
    tabs: { template: `${ITEM_TEMPLATES}/tabs.hbs` },
    weapon: { template: `${ITEM_TEMPLATES}/weapon.hbs`, scrollable: [""] },
    missile: { template: `${ITEM_TEMPLATES}/missile.hbs`, scrollable: [""] },
    armour: { template: `${ITEM_TEMPLATES}/armour.hbs`, scrollable: [""] },
    skill: { template: `${ITEM_TEMPLATES}/skill.hbs`, scrollable: [""] },
    injury: { template: `${ITEM_TEMPLATES}/injury.hbs`, scrollable: [""] },
    gear: { template: `${ITEM_TEMPLATES}/gear.hbs`, scrollable: [""] },
    // The item's other rulesets' blocks, read-only, for a GM (generic: sheets/other-blocks.ts).
    others: { template: OTHER_BLOCKS_TEMPLATE, scrollable: [""] },
    description: { template: `${ITEM_TEMPLATES}/description.hbs`, scrollable: [""] },
  };

  static override TABS = {
    primary: {
      tabs: [
        { id: "details", label: TAB_LABEL.details, cssClass: "" },
        { id: "description", label: TAB_LABEL.description, cssClass: "" },
      ],
      initial: "details",
    },
  };

  /** The item's type; the sheet is registered for the six system types only. */
  get itemType(): ItemType {
    const type: unknown = this.document.type;
    if (!isItemType(type))
      throw new Error(`Blow by Blow item sheet: unknown item type ${String(type)}`);
    return type;
  }

  /** The item type and its stored system data (the shapes of src/foundry/data/source.ts). */
  protected itemSource(): ItemSource {
    // The stored source is the data model's cleaned shape; fvtt-types cannot see which
    // subtype it is, so it is read through the contract's types.
    const source = this.document._source as unknown as { system: SourceByType["Item"][ItemType] };
    return { type: this.itemType, system: source.system } as ItemSource;
  }

  protected override _initializeApplicationOptions(
    options: Parameters<InstanceType<typeof ItemSheetV2>["_initializeApplicationOptions"]>[0],
  ) {
    const merged = super._initializeApplicationOptions(options);
    const type: unknown = (merged.document as { type?: unknown } | undefined)?.type;
    if (typeof type === "string" && !merged.classes.includes(type)) merged.classes.push(type);
    return merged;
  }

  protected override _configureRenderParts(
    options: Parameters<InstanceType<typeof Hm3ItemSheetBase>["_configureRenderParts"]>[0],
  ) {
    const parts = super._configureRenderParts(options);
    const wanted = partsFor(this.itemType, this.document.limited, game.user?.isGM === true);
    return Object.fromEntries(
      wanted.flatMap((id) => (parts[id] ? [[id, parts[id]] as const] : [])),
    ) as typeof parts;
  }

  /** The owning actor, as the context needs it; null for a world or compendium item. */
  protected owner(): OwnerInput | null {
    return ownerInput(this.document.actor);
  }

  /**
   * A re-render first waits for a press on the sheet to end (PressGuard), so the click lands
   * and what it changed (the tab) is in the context.
   */
  protected override async _prepareContext(
    options: Parameters<InstanceType<typeof Hm3ItemSheetBase>["_prepareContext"]>[0],
  ) {
    await this.#press.released();
    const base = await super._prepareContext(options);
    const doc = this.document;
    const item = this.itemSource();
    const i18n = game.i18n;
    const enriched = await enrich(item.system.description, doc);
    // Sets the group's initial tab on first render (v13 `_prepareTabs`); the labels are ours.
    this._prepareTabs("primary");
    const context = itemContext({
      ...item,
      id: doc.id,
      name: doc.name,
      img: doc.img ?? "",
      owner: this.owner(),
      editable: this.isEditable,
      limited: doc.limited,
      isGM: game.user?.isGM === true,
      enrichedDescription: enriched,
      activeTab: this.tabGroups.primary === "description" ? "description" : "details",
      localize: (key) => i18n?.localize(key) ?? key,
      format: (key, data) =>
        i18n?.format(
          key,
          Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
        ) ?? key,
    });
    return Object.assign(base, context);
  }

  protected override _attachPartListeners(
    partId: string,
    htmlElement: HTMLElement,
    options: DeepPartial<foundry.applications.api.HandlebarsApplicationMixin.RenderOptions>,
  ): void {
    super._attachPartListeners(partId, htmlElement, options);
    if (partId === "armour") syncCoverageBoxes(htmlElement);
  }

  protected override async _onFirstRender(
    context: Parameters<SheetInstance["_onFirstRender"]>[0],
    options: Parameters<SheetInstance["_onFirstRender"]>[1],
  ): Promise<void> {
    // An embedded item shows its owner's derived values: re-render when the owner changes.
    const actor = this.document.actor as { apps?: Record<string, unknown> } | null;
    if (actor?.apps) actor.apps[this.id] = this;
    await super._onFirstRender(context, options);
    this.#press.attach(this.element);
  }

  /** Keeps a click that comes right after typing in a field (see PressGuard). */
  readonly #press = new PressGuard();

  protected override _onClose(
    options: Parameters<InstanceType<typeof Hm3ItemSheetBase>["_onClose"]>[0],
  ) {
    const actor = this.document.actor as { apps?: Record<string, unknown> } | null;
    if (actor?.apps) delete actor.apps[this.id];
    this.#press.detach();
    super._onClose(options);
  }

  /**
   * The form's data → the update: coverage boxes and skill base selects assembled into their
   * fields, every change checked, invalid ones reported and dropped, the rest kept.
   */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: Parameters<InstanceType<typeof Hm3ItemSheetBase>["_processFormData"]>[2],
  ): Obj {
    const flat = formData.object;
    const target = (event as { target?: unknown } | null)?.target as { name?: unknown } | undefined;
    const changed = typeof target?.name === "string" ? target.name : null;
    const owner = this.owner();
    // Location ids are checked against the owner's body plan (the human plan for no owner).
    const plan = owner?.derived ? planContext(coveragePlan(owner)) : HUMAN_PLAN_CONTEXT;
    const result = prepareItemSubmit({
      ...this.itemSource(),
      form: flat,
      changed,
      owner,
      check: (type, changes) => checkUpdate(`Item.${type}`, changes, plan),
    });
    notifyProblems(result.problems);
    restoreRefused(form, result.problems, this.document._source);
    return result.update;
  }
}

/** `TextEditor.enrichHTML` (v13 `foundry.applications.ux.TextEditor.implementation`). */
async function enrich(html: string, relativeTo: Item.Implementation): Promise<string> {
  // A missing TextEditor (the tests' stand-ins without one) leaves the text as it is.
  const editor = textEditor() as ReturnType<typeof textEditor> | undefined;
  if (!editor) return html;
  const owner = relativeTo.isOwner === true;
  return editor.enrichHTML(html, { secrets: owner, relativeTo });
}
