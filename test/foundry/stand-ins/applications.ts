/**
 * Stand-ins: applications (see docs/foundry-stand-ins.md). Small, faithful copies of the
 * Foundry v13 ApplicationV2 machinery the sheets rely on, installed on `globalThis.foundry`
 * (merged into what other stand-in modules put there):
 *
 * - `foundry.applications.api.ApplicationV2`: DEFAULT_OPTIONS merged along the class chain
 *   exactly as v13 does (arrays concatenated, plain objects shallow-assigned, other values
 *   replaced; "application" class added for framed windows), `id`, `tabGroups`,
 *   `_prepareTabs`/`_getTabsConfig` from `static TABS`, `changeTab`, and `render()`: in Node
 *   DOM-free (`_configureRenderOptions` → `_prepareContext` → `_renderHTML`, the result kept in
 *   `renderedHTML`, part id → HTML string); with a DOM (the browser bundle of
 *   test/browser/app) v13's render steps, frame, `data-action` clicks, tabs, form submission
 *   and change handling (`FormDataExtended`), part replacement.
 * - `DocumentSheetV2`: the `document` option, `isVisible`/`isEditable` from
 *   `document.testUserPermission(game.user, level)`, `_prepareContext` (document, source,
 *   fields, editable, user, rootId), form submission `_prepareSubmitData` →
 *   `_processFormData` (expands `formData.object`) → `_processSubmitData`
 *   (`document.update`).
 * - `HandlebarsApplicationMixin`: `static PARTS`, `_configureRenderParts`,
 *   `_configureRenderOptions` (parts filtered to the configured ones), `_preparePartContext`
 *   (sets `partId`), `_renderHTML` through `renderTemplate` (strings in Node, part elements
 *   with a DOM), `_replaceHTML` (parts replaced, focus and scroll kept).
 * - `foundry.applications.sheets.ActorSheetV2` (`actor`, `token`, `_onDropItem`; with a DOM
 *   the sheet is a drop target: `_onDrop` → `fromDropData` → `_onDropDocument`) and
 *   `ItemSheetV2` (`item`, `actor`).
 * - `foundry.applications.handlebars.{loadTemplates, renderTemplate}` via the real
 *   `handlebars` package and the helper stand-ins of `./handlebars`.
 * - `foundry.applications.ux.TextEditor.implementation.{enrichHTML, getDragEventData}`:
 *   enrichHTML returns the HTML unchanged.
 * - `foundry.applications.api.DialogV2.confirm`: records the call, answers from a queue.
 * - `foundry.applications.settings.SettingsConfig.reloadConfirm`: records the call.
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
import { track } from "./globals";

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

/** Whether a DOM is there (the browser bundle of test/browser/app): render builds elements. */
export function hasDom(): boolean {
  return typeof document !== "undefined" && typeof HTMLElement !== "undefined";
}

/** `settle()` waits for the work Foundry starts without awaiting it (globals.ts). */
function background<T>(result: T): T {
  if (result instanceof Promise) track(result);
  return result;
}

/** v13's `ApplicationV2.ChangeTabOptions`. */
interface ChangeTabOptions {
  event?: Event;
  navElement?: HTMLElement;
  force?: boolean;
  updatePosition?: boolean;
}

/** v13's `ApplicationV2.FormConfiguration`. */
interface FormConfig {
  handler?: (this: ApplicationV2, ...args: unknown[]) => unknown;
  submitOnChange?: boolean;
  closeOnSubmit?: boolean;
}

type ActionHandler =
  | ((this: ApplicationV2, event: Event, target: HTMLElement) => unknown)
  | {
      handler: (this: ApplicationV2, event: Event, target: HTMLElement) => unknown;
      buttons: number[];
    };

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
    tag?: string;
  };
  tabGroups: Record<string, string | null> = {};
  /** Stand-in only: the HTML of each part from the last `render()`. */
  renderedHTML: Record<string, string> = {};
  /** Stand-in only: the context of the last `render()`. */
  renderedContext: Obj | null = null;
  #state = RENDER_STATES.NONE;
  #element: HTMLElement | null = null;
  /** v13 renders one at a time (a Semaphore of 1): each render waits for the previous one. */
  #renderQueue: Promise<unknown> = Promise.resolve();

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

  /** The application's element (DOM mode; undefined in Node, as before a first render). */
  get element(): HTMLElement {
    return this.#element as HTMLElement;
  }

  /** The element when it is a form (v13 `form`), else null. */
  get form(): HTMLFormElement | null {
    return this.#element?.tagName === "FORM" ? (this.#element as HTMLFormElement) : null;
  }

  get hasFrame(): boolean {
    return (this.options.window as Obj).frame === true;
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

  /**
   * v13 ApplicationV2#changeTab: records the group's tab; with an element, the group's
   * navigation items (`.tabs > [data-group]`) and sections (`.tab[data-group]`) get `active` as
   * their `data-tab` matches (a tab with no navigation item throws, as in v13).
   */
  changeTab(tab: string, group: string, { force = false }: ChangeTabOptions = {}): void {
    if (!tab || !group) throw new Error("You must pass both the tab and tab group identifier");
    if (this.tabGroups[group] === tab && !force) return;
    const element = this.#element;
    if (element) {
      const selector = `.tabs > [data-group="${group}"][data-tab="${tab}"]`;
      if (!element.querySelector(selector))
        throw new Error(`No matching tab element found for group "${group}" and tab "${tab}"`);
      for (const t of element.querySelectorAll<HTMLElement>(`.tabs > [data-group="${group}"]`)) {
        t.classList.toggle("active", t.dataset.tab === tab);
        if (t instanceof HTMLButtonElement) t.ariaPressed = `${t.dataset.tab === tab}`;
      }
      for (const section of element.querySelectorAll<HTMLElement>(`.tab[data-group="${group}"]`))
        section.classList.toggle("active", section.dataset.tab === tab);
    }
    this.tabGroups[group] = tab;
  }

  protected async _renderHTML(_context: Obj, _options: Obj): Promise<unknown> {
    return {};
  }

  /** v13: the rendered result goes into the content element (HandlebarsApplicationMixin). */
  protected _replaceHTML(_result: unknown, _content: HTMLElement, _options: Obj): void {}

  /** v13 `_canRender`: false prevents the render. */
  protected _canRender(_options: Obj): false | void {}
  protected async _preFirstRender(_context: Obj, _options: Obj): Promise<void> {}
  protected async _preRender(_context: Obj, _options: Obj): Promise<void> {}
  protected async _onFirstRender(_context: Obj, _options: Obj): Promise<void> {}
  protected async _onRender(_context: Obj, _options: Obj): Promise<void> {}
  protected async _preClose(_options: Obj): Promise<void> {}
  protected _onClose(_options: Obj): void {}

  /**
   * Renders the application. Renders run one after another, as v13's render semaphore does,
   * and each is tracked for `settle()`. In Node (no DOM) the render is DOM-free: options →
   * context → HTML strings per part (`renderedHTML`). With a DOM (the browser bundle) it
   * follows v13: nothing happens unless the application is rendered or `force` is given; then
   * `_configureRenderOptions` → `_prepareContext` → (`_preFirstRender`) → `_preRender` →
   * `_renderHTML` → on the first render `_renderFrame` and `_attachFrameListeners` →
   * `_replaceHTML` into the content → `_insertElement` → (`_onFirstRender`) → `_onRender`.
   */
  render(options: Obj | boolean = {}, legacy: Obj = {}): Promise<this> {
    const opts: Obj = typeof options === "boolean" ? { ...legacy, force: options } : { ...options };
    const next = this.#renderQueue.then(() =>
      hasDom() ? this.#renderDom(opts) : this.#renderStrings(opts),
    );
    this.#renderQueue = next.catch(() => undefined);
    // Node tests await their renders (a failure is theirs to see); with a DOM, renders started
    // by events and document updates are not awaited, so settle() waits for them.
    return hasDom() ? background(next) : next;
  }

  async #renderStrings(opts: Obj): Promise<this> {
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

  async #renderDom(opts: Obj): Promise<this> {
    if (this.#state === RENDER_STATES.CLOSING) return this;
    if (!this.rendered && !opts.force) return this;
    if (this._canRender(opts) === false) return this;
    this._configureRenderOptions(opts);
    const first = opts.isFirstRender === true;
    this.#state = RENDER_STATES.RENDERING;
    try {
      const context = await this._prepareContext(opts);
      if (first) await this._preFirstRender(context, opts);
      await this._preRender(context, opts);
      const result = await this._renderHTML(context, opts);
      if (first || !this.#element) {
        this.#element = await this._renderFrame(opts);
        this._attachFrameListeners();
      }
      const element = this.#element;
      const content = this.hasFrame
        ? (element.querySelector<HTMLElement>(".window-content") ?? element)
        : element;
      this._replaceHTML(result, content, opts);
      this.renderedContext = context;
      if (!element.isConnected) this._insertElement(element);
      this.#state = RENDER_STATES.RENDERED;
      if (first) await this._onFirstRender(context, opts);
      await this._onRender(context, opts);
    } catch (err) {
      this.#state = RENDER_STATES.ERROR;
      throw err;
    }
    return this;
  }

  /**
   * v13 `_renderFrame`: the application's element (`options.tag`, id, classes); a framed
   * window gets a header (its localised title and a close button, `data-action="close"`) and
   * the content element (`window.contentTag`, class `window-content`). Left out: header
   * controls, icons, resizing and positioning.
   */
  protected async _renderFrame(_options: Obj): Promise<HTMLElement> {
    const frame = document.createElement(this.options.tag ?? "div");
    frame.id = this.id;
    frame.className = this.options.classes.join(" ");
    if (frame instanceof HTMLFormElement) frame.autocomplete = "off";
    if (!this.hasFrame) return frame;
    const window = this.options.window as Obj;
    const header = document.createElement("header");
    header.className = "window-header";
    const title = document.createElement("h1");
    title.className = "window-title";
    const i18n = (globalThis as { game?: { i18n?: { localize(k: string): string } } }).game?.i18n;
    title.textContent = i18n ? i18n.localize(this.title) : this.title;
    const close = document.createElement("button");
    close.type = "button";
    close.className = "header-control icon fa-solid fa-xmark";
    close.dataset.action = "close";
    header.append(title, close);
    const content = document.createElement(String(window.contentTag ?? "section"));
    content.className = ["window-content", ...((window.contentClasses as string[]) ?? [])].join(
      " ",
    );
    frame.append(header, content);
    return frame;
  }

  /** v13 `_insertElement`: into the document body. */
  protected _insertElement(element: HTMLElement): void {
    document.body.append(element);
  }

  /** v13 `_removeElement`. */
  protected _removeElement(element: HTMLElement): void {
    element.remove();
  }

  /**
   * v13 `_attachFrameListeners`: clicks on the element go to the `[data-action]` handlers; a
   * form element submits through `_onSubmitForm` and reports changes to `_onChangeForm`, each
   * bound to `options.form`.
   */
  protected _attachFrameListeners(): void {
    const element = this.#element!;
    element.addEventListener("click", (event) => this.#onClick(event));
    if (this.options.tag === "form") {
      const formConfig = (this.options.form ?? {}) as FormConfig;
      element.addEventListener("submit", (event) =>
        background(this._onSubmitForm(formConfig, event)),
      );
      element.addEventListener("change", (event) =>
        background(this._onChangeForm(formConfig, event) as unknown),
      );
    }
  }

  /** v13 `#onClick`: the closest `[data-action]` of the clicked element. */
  #onClick(event: Event): void {
    const target = event.target as Element | null;
    const button = target?.closest<HTMLElement>("[data-action]");
    if (button) this.#onClickAction(event as PointerEvent, button);
  }

  /**
   * v13 `#onClickAction`: `close` closes, `tab` goes to `_onClickTab` (main button only); any
   * other action calls its `options.actions` handler with `this` the application (a handler
   * given as `{handler, buttons}` runs for those mouse buttons only, else the main button),
   * and `_onClickAction` when there is none. The handler's promise is not awaited (tracked for
   * `settle()`).
   */
  #onClickAction(event: PointerEvent, target: HTMLElement): void {
    const action = target.dataset.action ?? "";
    switch (action) {
      case "close":
        event.stopPropagation();
        if (event.button === 0) background(this.close());
        return;
      case "tab":
        if (event.button === 0) this._onClickTab(event);
        return;
      default: {
        const configured = this.options.actions[action] as ActionHandler | undefined;
        if (!configured) {
          this._onClickAction(event, target);
          return;
        }
        const { handler, buttons } =
          typeof configured === "object" ? configured : { handler: configured, buttons: [0] };
        if (buttons.includes(event.button)) background(handler?.call(this, event, target));
      }
    }
  }

  /** v13 `_onClickTab`: the clicked `[data-tab]` item changes its group's tab unless active. */
  protected _onClickTab(event: PointerEvent): void {
    const button = event.target as HTMLElement;
    const tab = button.dataset.tab;
    if (!tab || button.classList.contains("active")) return;
    const group = button.dataset.group ?? "";
    const navElement = button.closest<HTMLElement>(".tabs") ?? undefined;
    this.changeTab(tab, group, { event, navElement });
  }

  /** v13: actions without a handler come here. */
  protected _onClickAction(_event: PointerEvent, _target: HTMLElement): void {}

  /**
   * v13 `_onSubmitForm`: the default submission is prevented, the form's data is read
   * (`FormDataExtended`) and handed to `formConfig.handler`; a handler error is shown as an
   * error notification and keeps the window open; `closeOnSubmit` closes it.
   */
  protected async _onSubmitForm(formConfig: FormConfig, event: Event): Promise<void> {
    event.preventDefault();
    const form = (event.currentTarget ?? this.#element) as HTMLFormElement;
    const { handler, closeOnSubmit } = formConfig;
    const formData = new FormDataExtended(form);
    if (typeof handler === "function") {
      try {
        await handler.call(this, event, form, formData);
      } catch (err) {
        const ui = (globalThis as { ui?: { notifications?: { error(m: string): unknown } } }).ui;
        ui?.notifications?.error(err instanceof Error ? err.message : String(err));
        return;
      }
    }
    if (closeOnSubmit) await this.close({ submitted: true });
  }

  /** v13 `_onChangeForm`: with `submitOnChange`, a change submits the form. */
  protected _onChangeForm(formConfig: FormConfig, event: Event): void {
    if (formConfig.submitOnChange) background(this._onSubmitForm(formConfig, event));
  }

  /** v13 `submit`: runs the form handler with the form's current data. */
  async submit(submitOptions: Obj = {}): Promise<unknown> {
    const handler = (this.options.form as FormConfig | undefined)?.handler;
    if (!handler) throw new Error(`The ${this.constructor.name} application has no form handler`);
    const form = this.#element as HTMLFormElement;
    return handler.call(this, new Event("submit"), form, new FormDataExtended(form), submitOptions);
  }

  /** v13 `setPosition`: the stand-in keeps no geometry. */
  setPosition(position: Obj = {}): Obj {
    return position;
  }

  /**
   * v13 `close`: `_preClose`, the element removed, `_onClose`. Left out: animations, the
   * `close…` hooks.
   */
  async close(options: Obj = {}): Promise<this> {
    if (this.#state === RENDER_STATES.CLOSING || this.#state === RENDER_STATES.CLOSED) return this;
    this.#state = RENDER_STATES.CLOSING;
    await this._preClose(options);
    if (this.#element) this._removeElement(this.#element);
    this.#element = null;
    this._onClose(options);
    this.#state = RENDER_STATES.CLOSED;
    return this;
  }
}

// ── FormDataExtended ─────────────────────────────────────────────────────────────────────────

/**
 * v13 `foundry.applications.ux.FormDataExtended` (DOM only): the form's named, enabled fields
 * as a flat object (`object`), typed as v13 casts them: a checkbox is its `checked` (several
 * checkboxes of one name: the values checked), a radio group the checked value, number and
 * range inputs a Number (null when empty), a `<select multiple>` its selected values, and
 * `data-dtype` "Number"/"Boolean"/"JSON" casts. Left out: custom form elements, editors,
 * `dtypes` and `disabled`/`readonly` options.
 */
export class FormDataExtended {
  readonly object: Obj = {};

  constructor(form: HTMLFormElement) {
    const checkboxes = new Map<string, number>();
    for (const el of Array.from(form.elements)) {
      const name = (el as HTMLInputElement).name;
      if (name && (el as HTMLInputElement).type === "checkbox")
        checkboxes.set(name, (checkboxes.get(name) ?? 0) + 1);
    }
    for (const el of Array.from(form.elements) as HTMLInputElement[]) {
      const name = el.name;
      if (!name || el.disabled || el.tagName === "BUTTON" || el.tagName === "FIELDSET") continue;
      if (el.type === "checkbox") {
        if ((checkboxes.get(name) ?? 0) > 1) {
          const list = (this.object[name] ??= []) as string[];
          if (el.checked) list.push(el.value);
        } else this.object[name] = el.checked;
        continue;
      }
      if (el.type === "radio") {
        if (el.checked) this.object[name] = FormDataExtended.#cast(el, el.value);
        else if (!(name in this.object)) this.object[name] = null;
        continue;
      }
      if (el instanceof HTMLSelectElement && el.multiple) {
        this.object[name] = Array.from(el.selectedOptions).map((o) => o.value);
        continue;
      }
      if (el.type === "number" || el.type === "range") {
        this.object[name] = el.value === "" ? null : Number(el.value);
        continue;
      }
      this.object[name] = FormDataExtended.#cast(el, el.value);
    }
  }

  static #cast(el: HTMLElement, value: string): unknown {
    switch (el.dataset.dtype) {
      case "Number":
        return value === "" ? null : Number(value);
      case "Boolean":
        return value === "true";
      case "JSON":
        return value === "" ? null : (JSON.parse(value) as unknown);
      default:
        return value;
    }
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

  /** v13: the sheet is one of the document's apps (re-rendered when it changes) once rendered. */
  protected override async _onFirstRender(context: Obj, options: Obj): Promise<void> {
    await super._onFirstRender(context, options);
    const apps = this.document.apps as Record<string, unknown> | undefined;
    if (apps) apps[this.id] = this;
  }

  /** v13: a sheet the user may not edit has every form field disabled. */
  protected override async _onRender(context: Obj, options: Obj): Promise<void> {
    await super._onRender(context, options);
    if (!this.isEditable) this._toggleDisabled(true);
  }

  protected override _onClose(options: Obj): void {
    super._onClose(options);
    const apps = this.document.apps as Record<string, unknown> | undefined;
    if (apps) delete apps[this.id];
  }

  /** v13 `_toggleDisabled`: every field of the form disabled (or enabled). */
  protected _toggleDisabled(disabled: boolean): void {
    const form = this.form;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      (element as HTMLInputElement).disabled = disabled;
    }
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

    /** Stand-in only (v13 keeps them in `parts` too): each rendered part's element (DOM mode). */
    parts: Record<string, HTMLElement> = {};

    /** v13: every part on the first render or when none are named; else the named known ones. */
    protected override _configureRenderOptions(options: Obj): void {
      super._configureRenderOptions(options);
      this.#partDescriptors = this._configureRenderParts(options);
      const all = Object.keys(this.#partDescriptors);
      options.parts =
        Array.isArray(options.parts) && !options.isFirstRender
          ? (options.parts as string[]).filter((p) => all.includes(p))
          : all;
    }

    /** v13: the parts' templates (`templates ?? [template]`) are loaded before the first render. */
    protected override async _preFirstRender(context: Obj, options: Obj): Promise<void> {
      await super._preFirstRender(context, options);
      const paths = new Set<string>();
      for (const part of Object.values(this.#partDescriptors))
        for (const path of part.templates ?? [part.template]) paths.add(path);
      await loadTemplates([...paths]);
    }

    protected async _preparePartContext(partId: string, context: Obj, _options: Obj): Promise<Obj> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    /**
     * Each part's template rendered with its context: HTML strings in Node; with a DOM, v13's
     * part elements (a template must render exactly one element, which gets
     * `data-application-part` and the part's `classes`).
     */
    protected override async _renderHTML(context: Obj, options: Obj): Promise<unknown> {
      const rendered: Record<string, string | HTMLElement> = {};
      for (const partId of options.parts as string[]) {
        const part = this.#partDescriptors[partId];
        if (!part) continue;
        const partContext = await this._preparePartContext(partId, { ...context }, options);
        const html = await renderTemplate(part.template, partContext);
        rendered[partId] = hasDom() ? this.#parsePart(partId, part, html) : html;
      }
      if (hasDom()) {
        const strings: Record<string, string> = {};
        for (const [id, el] of Object.entries(rendered))
          strings[id] = (el as HTMLElement).outerHTML;
        this.renderedHTML = strings;
      }
      return rendered;
    }

    #parsePart(partId: string, part: PartConfig, html: string): HTMLElement {
      const t = document.createElement("template");
      t.innerHTML = html;
      if (t.content.children.length !== 1)
        throw new Error(`Template part "${partId}" must render a single HTML element.`);
      const element = t.content.firstElementChild as HTMLElement;
      element.dataset.applicationPart = partId;
      if (part.classes) element.classList.add(...part.classes);
      return element;
    }

    /**
     * v13 `_replaceHTML`: each rendered part replaces the element of the same part (or is
     * appended on its first render); its listeners are attached and its state (scroll
     * positions of `scrollable` selectors, the focused field) carried over.
     */
    protected override _replaceHTML(result: unknown, content: HTMLElement, options: Obj): void {
      for (const [partId, element] of Object.entries(result as Record<string, HTMLElement>)) {
        const prior = content.querySelector<HTMLElement>(`[data-application-part="${partId}"]`);
        const state: Obj = {};
        if (prior) {
          this._preSyncPartState(partId, element, prior, state);
          prior.replaceWith(element);
        } else content.append(element);
        this._attachPartListeners(partId, element, options);
        this._syncPartState(partId, element, prior, state);
        this.parts[partId] = element;
      }
    }

    /** v13: the focused field (by name) and the scroll positions of the part before it goes. */
    protected _preSyncPartState(partId: string, _new: HTMLElement, prior: HTMLElement, state: Obj) {
      const focused = prior.querySelector<HTMLInputElement>(":focus");
      if (focused?.name) state.focus = `${focused.tagName}[name="${focused.name}"]`;
      const part = this.#partDescriptors[partId];
      state.scrollPositions = (part?.scrollable ?? []).flatMap((selector) => {
        const el = selector === "" ? prior : prior.querySelector<HTMLElement>(selector);
        return el ? [[selector, el.scrollTop, el.scrollLeft]] : [];
      });
    }

    /** v13: focus and scroll positions restored on the new part. */
    protected _syncPartState(
      _partId: string,
      element: HTMLElement,
      _prior: HTMLElement | null,
      state: Obj,
    ) {
      if (typeof state.focus === "string") element.querySelector<HTMLElement>(state.focus)?.focus();
      for (const [selector, top, left] of (state.scrollPositions ?? []) as [
        string,
        number,
        number,
      ][]) {
        const el = selector === "" ? element : element.querySelector<HTMLElement>(selector);
        if (el) Object.assign(el, { scrollTop: top, scrollLeft: left });
      }
    }

    /** v13: part listeners (the base binds `forms` configured on the part; none here). */
    protected _attachPartListeners(_partId: string, _element: HTMLElement, _options: Obj): void {}
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
   * v13 binds a DragDrop handler to the rendered sheet with the whole sheet as drop target:
   * `dragover` is accepted (default prevented) and a `drop` goes to `_onDrop` when
   * `_canDragDrop` allows it. Bound once, on the first render (the element stays). Left out:
   * dragging from the sheet (`dragstart`) and sorting.
   */
  protected override async _onFirstRender(context: Obj, options: Obj): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener("dragover", (event) => {
      event.preventDefault();
      this._onDragOver(event);
    });
    this.element.addEventListener("drop", (event) => {
      event.preventDefault();
      if (this._canDragDrop("")) background(this._onDrop(event));
    });
  }

  /** v13: dropping needs an editable sheet. */
  protected _canDragDrop(_selector: string): boolean {
    return this.isEditable;
  }

  protected _onDragOver(_event: DragEvent): void {}

  /**
   * v13 ActorSheetV2#_onDrop: the drag data (`TextEditor.getDragEventData`), the
   * `dropActorSheetData` hook (false stops it), then a document type's data is turned into the
   * document (`fromDropData`, by uuid) and handed to `_onDropDocument`.
   */
  protected async _onDrop(event: DragEvent): Promise<unknown> {
    const data = TextEditor.implementation.getDragEventData(event);
    const g = globalThis as unknown as {
      Hooks: { call(hook: string, ...args: unknown[]): boolean };
      CONFIG: Record<string, { documentClass?: { fromDropData?(d: Obj): Promise<unknown> } }>;
    };
    if (g.Hooks.call("dropActorSheetData", this.actor, this, data) === false) return null;
    const documentClass = g.CONFIG[String(data.type)]?.documentClass;
    if (!documentClass?.fromDropData) return null;
    const document = await documentClass.fromDropData(data);
    if (!document) return null;
    return this._onDropDocument(event, document as DroppedItem & { documentName?: string });
  }

  /** v13: by the dropped document's kind. */
  protected async _onDropDocument(
    event: DragEvent,
    document: DroppedItem & { documentName?: string },
  ): Promise<unknown> {
    switch (document.documentName) {
      case "Item":
        return this._onDropItem(event, document);
      case "Folder":
        return this._onDropFolder(event, document);
      default:
        return null;
    }
  }

  /** v13 creates the folder's items; the stand-in leaves it to the system's override. */
  protected async _onDropFolder(_event: DragEvent, _folder: unknown): Promise<unknown> {
    return null;
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
    // v13: each type's entry in CONFIG[documentName].sheetClasses, which Document#sheet reads.
    const documentName = (documentClass as { documentName?: string }).documentName;
    const CONFIG = (globalThis as { CONFIG?: Record<string, Obj | undefined> }).CONFIG;
    const entry = documentName ? CONFIG?.[documentName] : undefined;
    if (!entry) return;
    const byType = (entry.sheetClasses ??= {}) as Record<string, Record<string, Obj>>;
    const id = `${scope}.${(sheetClass as { name: string }).name}`;
    for (const type of (config.types as string[] | undefined) ?? ["base"]) {
      const sheets = (byType[type] ??= {});
      if (config.makeDefault) for (const s of Object.values(sheets)) s.default = false;
      sheets[id] = {
        id,
        cls: sheetClass,
        default: config.makeDefault === true,
        label: config.label,
      };
    }
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

/**
 * v13 `foundry.applications.settings.SettingsConfig.reloadConfirm({world})`: the prompt Foundry
 * shows after saving a `requiresReload` setting. Calls are recorded (no reload happens here).
 */
export class SettingsConfig {
  static reloadCalls: Obj[] = [];
  static async reloadConfirm(options: Obj = {}): Promise<void> {
    SettingsConfig.reloadCalls.push(options);
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
Object.assign(branch(applications, "ux"), { TextEditor, FormDataExtended });
Object.assign(branch(applications, "apps"), { DocumentSheetConfig });
Object.assign(branch(applications, "settings"), { SettingsConfig });

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
  SettingsConfig.reloadCalls.length = 0;
  DocumentSheetConfig.registrations.length = 0;
  DocumentSheetConfig.unregistrations.length = 0;
}
