/**
 * How the Quench batches render a sheet, show its tabs and fill its form (`SheetDriver`): in
 * Foundry the document's own sheet (or a given sheet class), its DOM, its form's inputs and
 * `submit()` (foundrySheetDriver); in Node the stand-ins' DOM-free render and form submission
 * (test/foundry/quench). Generic: a ruleset's batches name their sheets and fields.
 */
import { until } from "./support";

/** A sheet class the batch asks for by name (a ruleset's own, not the document's default). */
export type SheetClass = new (options: { document: object }) => object;

/** What a batch asks of a sheet. */
export interface SheetDriver {
  /**
   * Renders the document's sheet (its default sheet, or a new sheet of `sheetClass`); resolves
   * to the sheet and the HTML of all its parts.
   */
  render(
    doc: Actor.Implementation | Item.Implementation,
    sheetClass?: SheetClass,
  ): Promise<{ sheet: object; html: string }>;
  /**
   * Shows the tab `tab` of the tab group `group`, as a click on its tab link does; resolves to
   * the HTML of the tab's sections, and fails when the tab has no section or one is not active.
   */
  showTab(sheet: object, group: string, tab: string): Promise<string>;
  /** Fills the named form fields as a user would and submits the form. */
  submit(sheet: object, fields: Readonly<Record<string, string | number>>): Promise<void>;
  close(sheet: object): Promise<void>;
}

/**
 * A sheet the Foundry driver rendered, as ApplicationV2 (the sheet objects pass through the
 * batch untyped, since the Node run's stand-in sheets are not ApplicationV2s).
 */
const asApp = (sheet: object) => sheet as foundry.applications.api.ApplicationV2.Any;

/** The driver in Foundry: the document's sheet, its DOM form, `submit()`. */
export const foundrySheetDriver: SheetDriver = {
  async render(doc, sheetClass) {
    // fvtt-types allow an Application v1 sheet too; the system registers only ApplicationV2
    // sheets (sheets/register.ts), and a batch names only those.
    const sheet = (
      sheetClass ? new sheetClass({ document: doc }) : doc.sheet
    ) as foundry.applications.api.ApplicationV2.Any | null;
    if (!sheet) throw new Error("The document has no sheet.");
    await sheet.render({ force: true });
    await until(() => !!sheet.element?.isConnected, "the sheet to render");
    return { sheet, html: sheet.element!.innerHTML };
  },
  async showTab(sheet, group, tab) {
    const app = asApp(sheet);
    app.changeTab(tab, group, { force: true });
    const sections = [
      ...(app.element?.querySelectorAll(`.tab[data-group="${group}"][data-tab="${tab}"]`) ?? []),
    ];
    if (!sections.length) throw new Error(`The sheet has no "${tab}" tab.`);
    if (!sections.every((s) => s.classList.contains("active")))
      throw new Error(`The "${tab}" tab did not become active.`);
    return sections.map((s) => s.outerHTML).join("\n");
  },
  async submit(sheet, fields) {
    const app = asApp(sheet);
    const form = app.form;
    if (!form) throw new Error("The sheet has no form.");
    let last: Element | null = null;
    for (const [name, value] of Object.entries(fields)) {
      // A named form field (the sheets have one element per name, never a radio group).
      const input = form.elements.namedItem(name) as HTMLInputElement | null;
      if (!input) throw new Error(`The sheet has no field "${name}".`);
      input.value = String(value);
      last = input;
    }
    if (app.submit) await app.submit();
    else last?.dispatchEvent(new Event("change", { bubbles: true }));
  },
  async close(sheet) {
    await asApp(sheet).close();
  },
};
