/**
 * Stand-ins: applications (see docs/foundry-stand-ins.md). Small, faithful copies of the
 * Foundry v13 ApplicationV2 machinery the sheets rely on, installed on `globalThis.foundry`
 * (merged into what other stand-in modules put there):
 *
 * - `foundry.applications.api.ApplicationV2`: DEFAULT_OPTIONS merged along the class chain
 *   exactly as v13 does (arrays concatenated, plain objects shallow-assigned, other values
 *   replaced; "application" class added for framed windows), `id`, `tabGroups`,
 *   `_prepareTabs`/`_getTabsConfig` from `static TABS`, `changeTab`, and a DOM-free `render()`
 *   that runs `_configureRenderOptions` → `_prepareContext` → `_renderHTML` and keeps the
 *   result in `renderedHTML` (part id → HTML string).
 * - `DocumentSheetV2`: the `document` option, `isVisible`/`isEditable` from
 *   `document.testUserPermission(game.user, level)`, `_prepareContext` (document, source,
 *   fields, editable, user, rootId), form submission `_prepareSubmitData` →
 *   `_processFormData` (expands `formData.object`) → `_processSubmitData`
 *   (`document.update`).
 * - `HandlebarsApplicationMixin`: `static PARTS`, `_configureRenderParts`,
 *   `_configureRenderOptions` (parts filtered to the configured ones), `_preparePartContext`
 *   (sets `partId`), `_renderHTML` through `renderTemplate` (strings, not elements).
 * - `foundry.applications.sheets.ActorSheetV2` (`actor`, `token`, `_onDropItem`) and
 *   `ItemSheetV2` (`item`, `actor`).
 * - `foundry.applications.handlebars.{loadTemplates, renderTemplate}` via the real
 *   `handlebars` package and the helper stand-ins of `./handlebars`.
 * - `foundry.applications.ux.TextEditor.implementation.{enrichHTML, getDragEventData}`:
 *   enrichHTML returns the HTML unchanged.
 * - `foundry.applications.api.DialogV2.confirm`: records the call, answers from a queue.
 * - `foundry.applications.apps.DocumentSheetConfig.{registerSheet, unregisterSheet}`: record.
 * - `foundry.appv1.sheets.{ActorSheet, ItemSheet}`: empty classes standing for core's sheets.
 * - the global `Handlebars`: the environment `renderTemplate` uses (helpers registered on it
 *   render in the stand-in templates, as in Foundry).
 */
import {
  createFoundryHandlebars,
  readTemplate,
  RUNTIME_OPTIONS,
  SYSTEM_PREFIX,
} from "./handlebars";

type Obj = Record<string, unknown>;

function isPlainObject(value: unknown): value is Obj {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** `foundry.utils.deepClone` for plain data (functions and class instances kept as is). */
export function deepClone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => deepClone(v)) as T;
  if (isPlainObject(value)) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = deepClone(v);
    return out as T;
  }
  return value;
}

/** `foundry.utils.expandObject`: `{"a.b": 1}` → `{a: {b: 1}}`. */
export function expandObject(flat: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (!isPlainObject(node[part])) node[part] = {};
      node = node[part] as Obj;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

/** The permission levels of CONST.DOCUMENT_OWNERSHIP_LEVELS. */
export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

// ── Templates ────────────────────────────────────────────────────────────────────────────────

const hb = createFoundryHandlebars();
const compiled = new Map<string, Handlebars.TemplateDelegate>();

/** Templates loaded by `loadTemplates` (Foundry paths), in load order. */
export const loadedTemplates: string[] = [];

function compile(path: string): Handlebars.TemplateDelegate {
  let template = compiled.get(path);
  if (!template) {
    template = hb.compile(readTemplate(path));
    compiled.set(path, template);
  }
  return template;
}

/**
 * `foundry.applications.handlebars.loadTemplates`: compiles each template and registers it as
 * a partial under its path (an object `{name: path}` registers under the names as well).
 */
async function loadTemplates(paths: string[] | Record<string, string>): Promise<unknown[]> {
  const entries: [string[], string][] = Array.isArray(paths)
    ? paths.map((p) => [[p], p])
    : Object.entries(paths).map(([name, p]) => [[name, p], p]);
  return entries.map(([names, path]) => {
    const template = compile(path);
    for (const name of names) hb.registerPartial(name, template);
    loadedTemplates.push(path);
    return template;
  });
}

/** `foundry.applications.handlebars.renderTemplate`: the template at a Foundry path, rendered. */
async function renderTemplate(path: string, data: object): Promise<string> {
  if (!path.startsWith(SYSTEM_PREFIX))
    throw new Error(`renderTemplate stand-in: only ${SYSTEM_PREFIX}… paths exist, not ${path}`);
  return compile(path)(data, RUNTIME_OPTIONS);
}

// ── ApplicationV2 ────────────────────────────────────────────────────────────────────────────

interface TabConfig {
  id: string;
  cssClass?: string;
  label?: string;
  icon?: string;
  [k: string]: unknown;
}
interface TabsConfig {
  tabs: TabConfig[];
  initial?: string | null;
  labelPrefix?: string | null;
}
interface AppClass {
  DEFAULT_OPTIONS: Obj;
  TABS: Record<string, TabsConfig>;
  BASE_APPLICATION: AppClass;
  inheritanceChain(): Generator<AppClass>;
  name: string;
}

const RENDER_STATES = { ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 };

export class ApplicationV2 {
  static BASE_APPLICATION: AppClass = ApplicationV2 as unknown as AppClass;
  static DEFAULT_OPTIONS: Obj = {
    id: "app-{id}",
    classes: [],
    tag: "div",
    window: {
      frame: true,
      positioned: true,
      title: "",
      icon: false,
      controls: [],
      minimizable: true,
      resizable: false,
      contentTag: "section",
      contentClasses: [],
    },
    actions: {},
    form: undefined,
    position: {},
  };
  static TABS: Record<string, TabsConfig> = {};
  static RENDER_STATES = RENDER_STATES;
  static _appId = 0;

  /** v13: each class up to BASE_APPLICATION, most derived first. */
  static *inheritanceChain(this: AppClass): Generator<AppClass> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- walks the class chain
    let cls: AppClass | null = this;
    while (cls) {
      yield cls;
      if (cls === this.BASE_APPLICATION) return;
      cls = Object.getPrototypeOf(cls) as AppClass | null;
    }
  }

  readonly options: Obj & {
    id: string;
    uniqueId: string;
    classes: string[];
    actions: Obj;
    window: Obj;
    position: Obj;
    form?: Obj;
  };
  tabGroups: Record<string, string | null> = {};
  /** Stand-in only: the HTML of each part from the last `render()`. */
  renderedHTML: Record<string, string> = {};
  /** Stand-in only: the context of the last `render()`. */
  renderedContext: Obj | null = null;
  #state = RENDER_STATES.NONE;

  constructor(options: Obj = {}) {
    this.options = Object.freeze(
      this._initializeApplicationOptions(options),
    ) as ApplicationV2["options"];
  }

  /** v13 ApplicationV2#_initializeApplicationOptions. */
  protected _initializeApplicationOptions(options: Obj): Obj {
    const ctor = this.constructor as unknown as AppClass;
    const order: Obj[] = [options];
    for (const cls of ctor.inheritanceChain()) {
      if (Object.prototype.hasOwnProperty.call(cls, "DEFAULT_OPTIONS"))
        order.unshift(cls.DEFAULT_OPTIONS);
    }
    const merged: Obj = {};
    for (const opts of order) {
      for (const [k, v] of Object.entries(opts)) {
        if (k in merged) {
          const v0 = merged[k];
          if (Array.isArray(v0)) v0.push(...(v as unknown[]));
          else if (isPlainObject(v0)) Object.assign(v0, v);
          else merged[k] = deepClone(v);
        } else merged[k] = deepClone(v);
      }
    }
    merged.uniqueId = String(++ApplicationV2._appId);
    const window = merged.window as Obj;
    const classes = merged.classes as string[];
    if (window.frame) classes.unshift("application");
    merged.classes = Array.from(new Set(classes));
    return merged;
  }

  get id(): string {
    return this.options.id.replace("{id}", this.options.uniqueId);
  }

  get title(): string {
    return String((this.options.window as Obj).title ?? "");
  }

  get rendered(): boolean {
    return this.#state === RENDER_STATES.RENDERED;
  }

  get state(): number {
    return this.#state;
  }

  protected _configureRenderOptions(options: Obj): void {
    options.isFirstRender = this.#state <= RENDER_STATES.NONE;
  }

  protected async _prepareContext(_options: Obj): Promise<Obj> {
    return {};
  }

  protected _getTabsConfig(group: string): TabsConfig | null {
    return (this.constructor as unknown as AppClass).TABS[group] ?? null;
  }

  /** v13 ApplicationV2#_prepareTabs. */
  protected _prepareTabs(group: string): Record<string, Obj> {
    const config = this._getTabsConfig(group);
    if (!config) throw new Error(`There is no tab group "${group}" in ${this.constructor.name}`);
    this.tabGroups[group] ??= config.initial ?? null;
    const tabs: Record<string, Obj> = {};
    for (const { id, cssClass, ...rest } of config.tabs) {
      const active = this.tabGroups[group] === id;
      const classes = [cssClass, active ? "active" : ""].filter(Boolean).join(" ");
      const tab: Obj = { group, id, active, cssClass: classes, ...rest };
      if (config.labelPrefix) tab.label ??= `${config.labelPrefix}.${id}`;
      tabs[id] = tab;
    }
    return tabs;
  }

  changeTab(tab: string, group: string): void {
    this.tabGroups[group] = tab;
  }

  protected async _renderHTML(_context: Obj, _options: Obj): Promise<unknown> {
    return {};
  }

  /** DOM-free render: options → context → HTML per part (kept in `renderedHTML`). */
  async render(options: Obj | boolean = {}): Promise<this> {
    const opts: Obj = typeof options === "boolean" ? { force: options } : { ...options };
    this._configureRenderOptions(opts);
    this.#state = RENDER_STATES.RENDERING;
    const context = await this._prepareContext(opts);
    const result = await this._renderHTML(context, opts);
    this.renderedContext = context;
    if (result !== null && typeof result === "object")
      this.renderedHTML = { ...(result as Record<string, string>) };
    this.#state = RENDER_STATES.RENDERED;
    return this;
  }

  async close(): Promise<this> {
    this.#state = RENDER_STATES.CLOSED;
    return this;
  }
}

// ── DocumentSheetV2 ──────────────────────────────────────────────────────────────────────────

/** What the stand-in sheets need of a document. */
export interface SheetDocument {
  id: string | null;
  uuid: string;
  name: string;
  documentName?: string;
  _source?: unknown;
  schema?: { fields?: unknown };
  isOwner?: boolean;
  testUserPermission?(user: unknown, level: number): boolean;
  update?(changes: object, options?: object): Promise<unknown>;
  validate?(options: object): unknown;
  [k: string]: unknown;
}

/** Form data as ApplicationV2 hands it to handlers (`FormDataExtended#object`). */
export interface FormDataLike {
  object: Obj;
}

function gameUser(): unknown {
  return (globalThis as { game?: { user?: unknown } }).game?.user ?? null;
}

export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    document: null,
    viewPermission: OWNERSHIP.LIMITED,
    editPermission: OWNERSHIP.OWNER,
    canCreate: false,
    sheetConfig: true,
    actions: {},
    form: {
      handler: DocumentSheetV2.#onSubmitDocumentForm,
      submitOnChange: false,
      closeOnSubmit: false,
    },
  };

  constructor(options: Obj = {}) {
    if (!options.document)
      throw new Error("DocumentSheetV2 stand-in: options.document is required");
    super(options);
  }

  protected override _initializeApplicationOptions(options: Obj): Obj {
    const merged = super._initializeApplicationOptions(options);
    // A Document is a class instance, which deepClone keeps as is; test documents may be
    // plain objects, so the stand-in keeps the very object passed in.
    merged.document = options.document;
    const document = merged.document as SheetDocument;
    merged.uniqueId = `${this.constructor.name}-${document.uuid.replaceAll(".", "-")}`;
    return merged;
  }

  get document(): SheetDocument {
    return this.options.document as SheetDocument;
  }

  override get title(): string {
    return this.document.name;
  }

  #permits(level: number): boolean {
    const doc = this.document;
    if (doc.testUserPermission) return doc.testUserPermission(gameUser(), level);
    return doc.isOwner === true;
  }

  get isVisible(): boolean {
    return this.#permits(this.options.viewPermission as number);
  }

  get isEditable(): boolean {
    return this.#permits(this.options.editPermission as number);
  }

  protected override async _prepareContext(options: Obj): Promise<Obj> {
    const context = await super._prepareContext(options);
    const document = this.document;
    return Object.assign(context, {
      document,
      source: document._source,
      fields: document.schema?.fields,
      editable: this.isEditable,
      user: gameUser(),
      rootId: this.id,
    });
  }

  /** v13: process the form data, merge `updateData`, validate against the document. */
  protected _prepareSubmitData(
    event: unknown,
    form: unknown,
    formData: FormDataLike,
    updateData?: unknown,
  ): Obj {
    const submitData = this._processFormData(event, form, formData);
    if (isPlainObject(updateData)) Object.assign(submitData, expandObject(updateData));
    this.document.validate?.({ changes: submitData, clean: true, fallback: false });
    return submitData;
  }

  /** v13: `foundry.utils.expandObject(formData.object)`. */
  protected _processFormData(_event: unknown, _form: unknown, formData: FormDataLike): Obj {
    return expandObject(formData.object);
  }

  protected async _processSubmitData(
    _event: unknown,
    _form: unknown,
    submitData: Obj,
    options?: object,
  ): Promise<void> {
    await this.document.update?.(submitData, options);
  }

  static async #onSubmitDocumentForm(
    this: DocumentSheetV2,
    event: unknown,
    form: unknown,
    formData: FormDataLike,
    options: { updateData?: unknown } = {},
  ): Promise<void> {
    const submitData = this._prepareSubmitData(event, form, formData, options.updateData);
    await this._processSubmitData(event, form, submitData, options);
  }

  /** Stand-in only: what Foundry does on a form change with `submitOnChange`. */
  async submitForm(formObject: Obj): Promise<void> {
    const handler = (this.options.form as Obj | undefined)?.handler as
      | ((this: DocumentSheetV2, e: unknown, f: unknown, d: FormDataLike) => Promise<void>)
      | undefined;
    await handler?.call(this, null, null, { object: formObject });
  }
}

// ── HandlebarsApplicationMixin ───────────────────────────────────────────────────────────────

export interface PartConfig {
  template: string;
  templates?: string[];
  classes?: string[];
  scrollable?: string[];
  [k: string]: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mixin constructors take any[]
type AppConstructor = abstract new (...args: any[]) => ApplicationV2;

export function HandlebarsApplicationMixin<T extends AppConstructor>(Base: T) {
  abstract class HandlebarsApplication extends Base {
    static PARTS: Record<string, PartConfig> = {};
    #partDescriptors: Record<string, PartConfig> = {};

    protected _configureRenderParts(_options: Obj): Record<string, PartConfig> {
      return deepClone(
        (this.constructor as unknown as { PARTS: Record<string, PartConfig> }).PARTS,
      );
    }

    protected override _configureRenderOptions(options: Obj): void {
      super._configureRenderOptions(options);
      this.#partDescriptors = this._configureRenderParts(options);
      const all = Object.keys(this.#partDescriptors);
      options.parts = Array.isArray(options.parts)
        ? (options.parts as string[]).filter((p) => all.includes(p))
        : all;
    }

    protected async _preparePartContext(partId: string, context: Obj, _options: Obj): Promise<Obj> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    protected override async _renderHTML(context: Obj, options: Obj): Promise<unknown> {
      const rendered: Record<string, string> = {};
      for (const partId of options.parts as string[]) {
        const part = this.#partDescriptors[partId];
        if (!part) continue;
        const partContext = await this._preparePartContext(partId, { ...context }, options);
        rendered[partId] = await renderTemplate(part.template, partContext);
      }
      return rendered;
    }
  }
  return HandlebarsApplication;
}

// ── Sheets ───────────────────────────────────────────────────────────────────────────────────

interface EmbeddedParent {
  uuid: string;
  isOwner?: boolean;
  items?: { has(id: string): boolean };
  createEmbeddedDocuments?(type: string, data: object[], options?: object): Promise<unknown[]>;
}
interface DroppedItem {
  id: string | null;
  parent?: { uuid: string } | null;
  toObject(): object;
}

export class ActorSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: Obj = { position: { width: 600 }, actions: {} };

  get actor(): SheetDocument & EmbeddedParent {
    return this.document as SheetDocument & EmbeddedParent;
  }

  get token(): unknown {
    return this.document.token ?? null;
  }

  /**
   * v13 ActorSheetV2#_onDropItem: an item of another parent is created on the actor (keeping
   * its id when free); one of this actor's own is a sort (the stand-in returns null). Foundry
   * calls `Item.implementation.create(data, {parent, keepId})`, which ends in the parent's
   * `createEmbeddedDocuments`; the stand-in calls that directly.
   */
  protected async _onDropItem(_event: unknown, item: DroppedItem): Promise<unknown> {
    const actor = this.actor;
    if (!actor.isOwner) return null;
    if (actor.uuid === item.parent?.uuid) return null;
    const keepId = item.id !== null && !(actor.items?.has(item.id) ?? false);
    const created = await actor.createEmbeddedDocuments?.("Item", [item.toObject()], { keepId });
    return created?.[0] ?? null;
  }
}

export class ItemSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: Obj = { position: { width: 480 } };

  get item(): SheetDocument {
    return this.document;
  }

  get actor(): unknown {
    return this.document.actor ?? null;
  }
}

// ── UX ───────────────────────────────────────────────────────────────────────────────────────

export const TextEditor = {
  implementation: {
    /** Enrichment is Foundry's; the stand-in returns the HTML unchanged. */
    async enrichHTML(html: string | null | undefined, _options?: object): Promise<string> {
      return html ?? "";
    },
    /** v13: the JSON of the drag event's text/plain data, `{}` when there is none. */
    getDragEventData(event: { dataTransfer?: { getData(type: string): string } | null }): Obj {
      try {
        return JSON.parse(event.dataTransfer?.getData("text/plain") ?? "") as Obj;
      } catch {
        return {};
      }
    },
  },
};

/** A sheet registration as `DocumentSheetConfig.registerSheet` received it. */
export interface SheetRegistration {
  documentClass: unknown;
  scope: string;
  sheetClass: unknown;
  config: Obj;
}

/**
 * v13 `foundry.applications.apps.DocumentSheetConfig`: `registerSheet` and `unregisterSheet`
 * record their calls in `registrations` (Foundry keeps them in `CONFIG.<Doc>.sheetClasses`).
 */
export class DocumentSheetConfig {
  static registrations: SheetRegistration[] = [];
  static unregistrations: SheetRegistration[] = [];
  static registerSheet(
    documentClass: unknown,
    scope: string,
    sheetClass: unknown,
    config: Obj = {},
  ) {
    DocumentSheetConfig.registrations.push({ documentClass, scope, sheetClass, config });
  }
  static unregisterSheet(
    documentClass: unknown,
    scope: string,
    sheetClass: unknown,
    config: Obj = {},
  ) {
    DocumentSheetConfig.unregistrations.push({ documentClass, scope, sheetClass, config });
  }
}

/** DialogV2.confirm: calls are recorded; answers are taken from `answers` (default true). */
export class DialogV2 {
  static calls: Obj[] = [];
  static answers: (boolean | null)[] = [];
  static async confirm(config: Obj = {}): Promise<boolean | null> {
    DialogV2.calls.push(config);
    return DialogV2.answers.length ? DialogV2.answers.shift()! : true;
  }
}

// ── Installation ─────────────────────────────────────────────────────────────────────────────

function branch(parent: Obj, key: string): Obj {
  if (!isPlainObject(parent[key]) && typeof parent[key] !== "object") parent[key] = {};
  return parent[key] as Obj;
}

const g = globalThis as unknown as { foundry?: Obj };
g.foundry ??= {};
const applications = branch(g.foundry, "applications");
Object.assign(branch(applications, "api"), {
  ApplicationV2,
  DocumentSheetV2,
  HandlebarsApplicationMixin,
  DialogV2,
});
Object.assign(branch(applications, "sheets"), { ActorSheetV2, ItemSheetV2 });
Object.assign(branch(applications, "handlebars"), { loadTemplates, renderTemplate });
Object.assign(branch(applications, "ux"), { TextEditor });
Object.assign(branch(applications, "apps"), { DocumentSheetConfig });

/** v13's core AppV1 sheets, which core registers under the "core" scope (systems unregister them). */
export class CoreActorSheet {}
export class CoreItemSheet {}
Object.assign(branch(branch(g.foundry, "appv1"), "sheets"), {
  ActorSheet: CoreActorSheet,
  ItemSheet: CoreItemSheet,
});

/** Foundry's global `Handlebars`: the environment the stand-in templates render with. */
(globalThis as unknown as { Handlebars: typeof hb }).Handlebars = hb;

/** Forget recorded dialogs and sheet registrations (tests call it in `beforeEach`). */
export function resetApplications(): void {
  DialogV2.calls.length = 0;
  DialogV2.answers.length = 0;
  DocumentSheetConfig.registrations.length = 0;
  DocumentSheetConfig.unregistrations.length = 0;
}
