/**
 * The zone-die item sheet: the HM3 item sheet (an hmzd item is an HM3 one with a `system.hmzd`
 * block, ../source.ts) whose details tab also holds the zone-die part of a weapon, missile
 * (templates/hmzd/item/weapon.hbs: the zone die and the attack modes, Z12, with add and remove
 * buttons) or injury (templates/hmzd/item/injury.hbs: severity, level, aspect, zone, side,
 * location, Shock test failed, §4). The parts' view models are ./context.ts's; the edits of the
 * block are checked by ./item-submit.ts (a bad value refused naming field and value, the rest
 * kept), the other fields by the HM3 sheet's own submit step.
 */
import { notifyProblems } from "../../../data/notify";
import { checkUpdate } from "../../../data/validate";
import { restoreRefused } from "../../../sheets/common";
import { format, localize } from "../../../sheets/actor-sheet-base";
import { Hm3ItemSheet } from "../../hm3/sheets/item/item-sheet";
import type { HmzdCreatureBlock, HmzdInjuryBlock, HmzdWeaponBlock } from "../source";
import { HMZD_SHEET, hmzdInjuryPart, hmzdWeaponPart } from "./context";
import { HMZD_ITEM_PART, withHmzdPart } from "./item-parts";
import { addMode, hmzdItemSubmit, isHmzdItemType, removeMode, takeHmzdFields } from "./item-submit";

export const HMZD_ITEM_TEMPLATES = "systems/blow-by-blow/templates/hmzd/item";

type Obj = Record<string, unknown>;
type Base = InstanceType<typeof Hm3ItemSheet>;

export class HmzdItemSheet extends Hm3ItemSheet {
  // Merged along the class chain by ApplicationV2: the HM3 sheet's options and these.
  static override DEFAULT_OPTIONS = {
    ...Hm3ItemSheet.DEFAULT_OPTIONS,
    classes: ["hmzd"],
    actions: {
      addHmzdMode: HmzdItemSheet.#onAddMode,
      removeHmzdMode: HmzdItemSheet.#onRemoveMode,
    },
  };

  static override PARTS = (() => {
    const parts: Obj = {};
    for (const [id, part] of Object.entries(Hm3ItemSheet.PARTS)) {
      parts[id] = part;
      if (id === "missile")
        parts.hmzdWeapon = { template: `${HMZD_ITEM_TEMPLATES}/weapon.hbs`, scrollable: [""] };
      if (id === "injury")
        parts.hmzdInjury = { template: `${HMZD_ITEM_TEMPLATES}/injury.hbs`, scrollable: [""] };
    }
    return parts as typeof Hm3ItemSheet.PARTS;
  })();

  /** The stored `system.hmzd` block; null for a type without one or an item lacking it. */
  protected hmzdBlock(): unknown {
    const system = this.document._source.system as unknown as { hmzd?: unknown };
    return isHmzdItemType(this.document.type) ? (system.hmzd ?? null) : null;
  }

  protected override _configureRenderParts(options: Parameters<Base["_configureRenderParts"]>[0]) {
    const parts = super._configureRenderParts(options);
    const type = String(this.document.type);
    if (!isHmzdItemType(type) || this.hmzdBlock() === null) return parts;
    const part = HMZD_ITEM_PART[type];
    const all = (this.constructor as typeof HmzdItemSheet).PARTS as Record<string, unknown>;
    const ids = withHmzdPart(Object.keys(parts), type);
    return Object.fromEntries(
      ids.map((id) => [id, id === part ? all[part] : (parts as Obj)[id]]),
    ) as typeof parts;
  }

  /** The owner's zone plan: a creature's own, else null (the human plan, §2). */
  protected ownerPlan() {
    const actor = this.document.actor;
    if (actor?.type !== "creature") return null;
    const system = actor._source.system as unknown as { hmzd?: HmzdCreatureBlock };
    return system.hmzd?.bodyPlan ?? null;
  }

  protected override async _prepareContext(options: Parameters<Base["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const block = this.hmzdBlock();
    const type = String(this.document.type);
    if (block === null || !isHmzdItemType(type)) return context;
    const tabs = (context as { tabs?: { details?: { cssClass?: string } } }).tabs;
    const hmzd =
      type === "injury"
        ? hmzdInjuryPart(block as HmzdInjuryBlock, this.isEditable, localize, this.ownerPlan())
        : hmzdWeaponPart(type, block as HmzdWeaponBlock, this.isEditable, localize);
    // The zone-die block is edited here: the GM's list of other rulesets' blocks leaves it out.
    const others = (context as { others?: { blocks: { id: string }[] } }).others;
    if (others) others.blocks = others.blocks.filter((b) => b.id !== "hmzd");
    return Object.assign(context, {
      hmzdTab: `tab bbb-item-details ${tabs?.details?.cssClass ?? ""}`.trim(),
      hmzd,
    });
  }

  /**
   * The form's `system.hmzd` fields are checked here (./item-submit.ts); the others go through
   * the HM3 sheet's submit step. Refused values are reported and put back in the form.
   */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: Parameters<Base["_processFormData"]>[2],
  ): Obj {
    const flat = formData.object as Obj;
    const fields = takeHmzdFields(flat);
    const update = super._processFormData(event, form, formData);
    const type = String(this.document.type);
    const block = this.hmzdBlock();
    if (!isHmzdItemType(type) || block === null || !Object.keys(fields).length) return update;
    const target = (event as { target?: unknown } | null)?.target as { name?: unknown } | undefined;
    const result = hmzdItemSubmit({
      type,
      block,
      form: fields,
      changed: typeof target?.name === "string" ? target.name : null,
      check: (changes) => checkUpdate(`Item.${type}`, changes),
    });
    notifyProblems(result.problems);
    restoreRefused(form, result.problems, this.document._source);
    const expanded = foundry.utils.expandObject(result.changes) as Obj;
    return foundry.utils.mergeObject(update, expanded, { inplace: false }) as Obj;
  }

  /** Writes a new list of modes, checked as a form edit is; nothing for null. */
  async #writeModes(modes: HmzdWeaponBlock["modes"] | null): Promise<void> {
    const type = String(this.document.type);
    if (!modes || !this.isEditable || (type !== "weapon" && type !== "missile")) return;
    const result = hmzdItemSubmit({
      type,
      block: this.hmzdBlock(),
      form: { "system.hmzd.modes": modes },
      check: (changes) => checkUpdate(`Item.${type}`, changes),
    });
    notifyProblems(result.problems);
    if (Object.keys(result.changes).length) await this.document.update(result.changes);
  }

  static async #onAddMode(this: HmzdItemSheet): Promise<void> {
    const block = this.hmzdBlock() as HmzdWeaponBlock | null;
    if (!block) return;
    await this.#writeModes(addMode(block, (n) => format(HMZD_SHEET.newMode, { n })));
  }

  static async #onRemoveMode(
    this: HmzdItemSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const block = this.hmzdBlock() as HmzdWeaponBlock | null;
    if (!block) return;
    const index = Number(target.closest<HTMLElement>("[data-mode]")?.dataset.mode);
    await this.#writeModes(removeMode(block, index));
  }
}
