/**
 * The optional-rules menu (issue 19): an ApplicationV2 form, opened from the settings window's
 * button (`game.settings.registerMenu`, GM only), listing a menu's rules (./rules-menu.ts) with
 * their hints. Ticking a rule enables its sub-rules at once (the `change` listener); Save writes
 * the changed world settings (`saveRuleValues`: it asks to reload the world, as Foundry does,
 * when a changed rule requires it) and closes.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { rulesMenuContext, rulesMenuValues } from "./rules-menu";
import { localize } from "./attack-dialog";
import { saveRuleValues, worldOptions, type SettingMenuDefinition } from "./settings";

/** Where Foundry serves the template from. */
export const RULES_MENU_TEMPLATE = "systems/blow-by-blow/templates/settings/rules-menu.hbs";
export const RULES_MENU_FOOTER = "systems/blow-by-blow/templates/settings/rules-menu-footer.hbs";

/**
 * Enables each sub-rule's checkbox while its rule's box is ticked (and that rule is enabled),
 * in document order (a rule's row comes before its sub-rules'). Used by the app and the
 * browser test alike.
 */
export function syncRuleRows(root: ParentNode): void {
  const state = new Map<string, boolean>();
  for (const box of root.querySelectorAll<HTMLInputElement>("input[type=checkbox][name]")) {
    const parent = box.dataset.parent ?? "";
    if (parent) {
      const on = state.get(parent) === true;
      box.disabled = !on;
      box.closest("[data-rule-row]")?.classList.toggle("bbb-rule-off", !on);
    }
    state.set(box.name, box.checked && !box.disabled);
  }
}

/** The application class of one menu, built at `init` (Foundry's classes exist by then). */
export function rulesMenuApp(def: SettingMenuDefinition) {
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
  const Base = HandlebarsApplicationMixin(ApplicationV2);
  type BaseInstance = InstanceType<typeof Base>;

  return class RulesMenu extends Base {
    static override DEFAULT_OPTIONS: DeepPartial<foundry.applications.api.ApplicationV2.Configuration> &
      object = {
      id: `blow-by-blow-${def.rulesetId}-${def.menu.id}-rules`,
      classes: ["blow-by-blow", "bbb-rules-menu"],
      tag: "form",
      window: { title: def.menu.nameKey, resizable: true },
      position: { width: 640, height: 720 },
      form: { handler: RulesMenu.#onSubmit, submitOnChange: false, closeOnSubmit: true },
    };

    static override PARTS = {
      rules: { template: RULES_MENU_TEMPLATE, scrollable: [""] },
      footer: { template: RULES_MENU_FOOTER },
    };

    protected override async _prepareContext(
      options: Parameters<BaseInstance["_prepareContext"]>[0],
    ) {
      const base = await super._prepareContext(options);
      return Object.assign(
        base,
        rulesMenuContext(def.rules, worldOptions(def.rulesetId), localize),
      );
    }

    protected override async _onRender(
      context: Parameters<BaseInstance["_onRender"]>[0],
      options: Parameters<BaseInstance["_onRender"]>[1],
    ): Promise<void> {
      await super._onRender(context, options);
      const element = this.element as HTMLElement | undefined;
      if (!element) return;
      syncRuleRows(element);
      element.addEventListener("change", () => syncRuleRows(element));
    }

    static async #onSubmit(
      this: RulesMenu,
      _event: Event | SubmitEvent,
      _form: HTMLFormElement,
      formData: { object: Record<string, unknown> },
    ): Promise<void> {
      // Only the GM reaches the menu (`restricted`); a world setting refuses anyone else anyway.
      const values = rulesMenuValues(formData.object, def.rules, worldOptions(def.rulesetId));
      await saveRuleValues(def, values);
    }
  };
}
