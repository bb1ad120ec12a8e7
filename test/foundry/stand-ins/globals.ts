/**
 * Stand-ins for Foundry v13's globals (see docs/foundry-stand-ins.md): `foundry.utils`,
 * `game.i18n` (reading the real lang/en.json), `game.settings`, `game.user`, the world
 * collections, `CONFIG`, `Hooks` and `ui.notifications`. Each mirrors what Foundry v13 does for
 * the part it implements; what it leaves out is listed in the doc. `resetStandIns()` puts every
 * mutable global back to its initial state (call it in `beforeEach`).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { StandInChatMessage, StandInMacro } from "./chat";
import type { StandInScene } from "./canvas";
import type { StandInCombat } from "./combat";
import type { FakeDice3d } from "./dice";

type Obj = Record<string, unknown>;

// ── foundry.utils ────────────────────────────────────────────────────────────────────────────

/** Foundry's `getType`: "null", "undefined", primitives by typeof, Array/Set/Map/Promise/Error, else "Object". */
export function getType(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (typeof value !== "object") return typeof value;
  const kinds: [new (...args: never[]) => unknown, string][] = [
    [Array, "Array"],
    [Set, "Set"],
    [Map, "Map"],
    [Promise, "Promise"],
    [Error, "Error"],
  ];
  for (const [cls, name] of kinds) if (value instanceof cls) return name;
  return "Object";
}

export function isEmpty(value: unknown): boolean {
  switch (getType(value)) {
    case "Array":
      return (value as unknown[]).length === 0;
    case "Object":
      return Object.keys(value as Obj).length === 0;
    case "Set":
    case "Map":
      return (value as Set<unknown>).size === 0;
    default:
      return !value;
  }
}

/** Deep copy of arrays, plain objects and Dates; other objects are returned as they are. */
export function deepClone<T>(original: T, depth = 0): T {
  if (depth > 100)
    throw new Error(
      "Maximum depth exceeded. Be sure your object does not contain cyclical data structures.",
    );
  if (Array.isArray(original)) return original.map((v: unknown) => deepClone(v, depth + 1)) as T;
  if (original instanceof Date) return new Date(original) as T;
  if (original !== null && typeof original === "object" && original.constructor === Object) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(original)) out[k] = deepClone(v, depth + 1);
    return out as T;
  }
  return original;
}

export function getProperty(object: unknown, key: string): unknown {
  if (!key || object === null || typeof object !== "object") return undefined;
  if (key in object) return (object as Obj)[key];
  let target: unknown = object;
  for (const part of key.split(".")) {
    if (target === null || typeof target !== "object") return undefined;
    if (!(part in target)) return undefined;
    target = (target as Obj)[part];
  }
  return target;
}

export function hasProperty(object: unknown, key: string): boolean {
  if (!key || object === null || typeof object !== "object") return false;
  if (key in object) return true;
  let target: unknown = object;
  for (const part of key.split(".")) {
    if (target === null || typeof target !== "object" || !(part in target)) return false;
    target = (target as Obj)[part];
  }
  return true;
}

/** Sets a dotted key, creating plain objects on the way; returns whether the value changed. */
export function setProperty(object: Obj, key: string, value: unknown): boolean {
  if (!key) return false;
  let target: Obj = object;
  let last = key;
  if (key.includes(".")) {
    const parts = key.split(".");
    last = parts.pop()!;
    for (const part of parts) {
      if (!(part in target) || target[part] === null || typeof target[part] !== "object")
        target[part] = {};
      target = target[part] as Obj;
    }
  }
  const changed = !(last in target) || target[last] !== value;
  if (changed) target[last] = value;
  return changed;
}

export function expandObject(obj: Obj): Obj {
  const expand = (value: unknown, depth: number): unknown => {
    if (depth > 32) throw new Error("Maximum object expansion depth exceeded");
    if (!value) return value;
    if (Array.isArray(value)) return value.map((v) => expand(v, depth + 1));
    if (getType(value) !== "Object") return value;
    const expanded: Obj = {};
    for (const [k, v] of Object.entries(value as Obj))
      setProperty(expanded, k, expand(v, depth + 1));
    return expanded;
  };
  return expand(obj, 0) as Obj;
}

export function flattenObject(obj: Obj, depth = 0): Obj {
  if (depth > 100) throw new Error("Maximum depth exceeded");
  const flat: Obj = {};
  for (const [k, v] of Object.entries(obj)) {
    if (getType(v) === "Object") {
      if (isEmpty(v)) flat[k] = v;
      for (const [ik, iv] of Object.entries(flattenObject(v as Obj, depth + 1)))
        flat[`${k}.${ik}`] = iv;
    } else flat[k] = v;
  }
  return flat;
}

export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  recursive?: boolean;
  inplace?: boolean;
  enforceTypes?: boolean;
  performDeletions?: boolean;
}

/** Foundry's `mergeObject` with its options (the `==` forced-replacement keys are left out). */
export function mergeObject<T extends object, U extends object>(
  original: T,
  other: U = {} as U,
  options: MergeOptions = {},
  depth = 0,
): T & U {
  const {
    insertKeys = true,
    insertValues = true,
    overwrite = true,
    recursive = true,
    inplace = true,
    enforceTypes = false,
    performDeletions = false,
  } = options;
  let target = original as Obj;
  let source = (other ?? {}) as Obj;
  if (!(target instanceof Object) || !(source instanceof Object))
    throw new Error("One of original or other are not Objects!");
  if (depth === 0) {
    if (Object.keys(source).some((k) => k.includes("."))) source = expandObject(source);
    if (Object.keys(target).some((k) => k.includes("."))) {
      const expanded = expandObject(target);
      if (inplace) {
        for (const k of Object.keys(target)) delete target[k];
        Object.assign(target, expanded);
      } else target = expanded;
    } else if (!inplace) target = deepClone(target);
  }
  for (const k of Object.keys(source)) {
    const v = source[k];
    if (Object.prototype.hasOwnProperty.call(target, k)) {
      const x = target[k];
      const tv = getType(v);
      const tx = getType(x);
      if (tv === "Object" && tx === "Object" && recursive) {
        mergeObject(
          x as Obj,
          v as Obj,
          { insertKeys, insertValues, overwrite, enforceTypes, performDeletions, inplace: true },
          depth + 1,
        );
      } else if (overwrite) {
        if (tx !== "undefined" && tv !== tx && enforceTypes)
          throw new Error("Mismatched data types encountered during object merge.");
        target[k] = v;
      }
    } else {
      if (k.startsWith("-=") && performDeletions) {
        delete target[k.slice(2)];
        continue;
      }
      const canInsert = (depth <= 0 && insertKeys) || (depth > 0 && insertValues);
      if (!canInsert) continue;
      if ((v as object | null)?.constructor === Object)
        target[k] = mergeObject({}, v as Obj, {
          insertKeys: true,
          inplace: true,
          performDeletions,
        });
      else target[k] = v;
    }
  }
  return target as T & U;
}

export function randomID(length = 16): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let id = "";
  for (let i = 0; i < length; i++) id += chars[Math.floor(Math.random() * chars.length)];
  return id;
}

export function isValidId(id: unknown): boolean {
  return typeof id === "string" && /^[a-zA-Z0-9]{16}$/.test(id);
}

const DOCUMENT_TYPES = [
  "Actor",
  "Adventure",
  "Cards",
  "ChatMessage",
  "Combat",
  "FogExploration",
  "Folder",
  "Item",
  "JournalEntry",
  "Macro",
  "Playlist",
  "RollTable",
  "Scene",
  "Setting",
  "User",
  "ActiveEffect",
  "ActorDelta",
  "AmbientLight",
  "AmbientSound",
  "Card",
  "Combatant",
  "CombatantGroup",
  "Drawing",
  "JournalEntryCategory",
  "JournalEntryPage",
  "MeasuredTemplate",
  "Note",
  "PlaylistSound",
  "Region",
  "RegionBehavior",
  "TableResult",
  "Tile",
  "Token",
  "Wall",
] as const;
export const ALL_DOCUMENT_TYPES: readonly string[] = DOCUMENT_TYPES;

/** `parseUuid` for world and compendium UUIDs (`Compendium.pkg.pack.Type.id`), no relative ones. */
export function parseUuid(uuid: string): {
  collection: string | null;
  documentType: string | undefined;
  documentId: string | undefined;
  type: string | undefined;
  embedded: string[];
} {
  const parts = uuid.split(".");
  let collection: string | null = null;
  if (parts[0] === "Compendium") {
    collection = `${parts[1]}.${parts[2]}`;
    parts.splice(0, 3);
  }
  const [documentType, , ...embedded] = parts;
  const last = parts.length >= 2 ? parts.slice(-2) : parts;
  return { collection, documentType, documentId: last[1], type: last[0], embedded };
}

/**
 * `foundry.utils.Collection`: a Map whose iteration yields values (as Foundry's does), with
 * Foundry's array-like helpers.
 */
export class Collection<V> {
  readonly #map = new Map<string, V>();

  constructor(entries: Iterable<[string, V]> = []) {
    for (const [k, v] of entries) this.#map.set(k, v);
  }
  get size(): number {
    return this.#map.size;
  }
  get contents(): V[] {
    return [...this.#map.values()];
  }
  *[Symbol.iterator](): Generator<V> {
    yield* this.#map.values();
  }
  get(key: string, { strict = false }: { strict?: boolean } = {}): V | undefined {
    const value = this.#map.get(key);
    if (strict && value === undefined)
      throw new Error(`The key ${key} does not exist in the ${this.constructor.name} Collection`);
    return value;
  }
  set(key: string, value: V): this {
    this.#map.set(key, value);
    return this;
  }
  has(key: string): boolean {
    return this.#map.has(key);
  }
  delete(key: string): boolean {
    return this.#map.delete(key);
  }
  clear(): void {
    this.#map.clear();
  }
  keys(): IterableIterator<string> {
    return this.#map.keys();
  }
  values(): IterableIterator<V> {
    return this.#map.values();
  }
  entries(): IterableIterator<[string, V]> {
    return this.#map.entries();
  }
  find(predicate: (value: V) => boolean): V | undefined {
    return this.contents.find(predicate);
  }
  filter(predicate: (value: V) => boolean): V[] {
    return this.contents.filter(predicate);
  }
  map<T>(fn: (value: V) => T): T[] {
    return this.contents.map(fn);
  }
  some(predicate: (value: V) => boolean): boolean {
    return this.contents.some(predicate);
  }
  getName(name: string): V | undefined {
    return this.find((v) => (v as { name?: unknown }).name === name);
  }
}

const utils = {
  getType,
  isEmpty,
  deepClone,
  getProperty,
  hasProperty,
  setProperty,
  expandObject,
  flattenObject,
  mergeObject,
  randomID,
  parseUuid,
  Collection,
};

// ── game.i18n ────────────────────────────────────────────────────────────────────────────────

const LANG_PATH = fileURLToPath(new URL("../../../lang/en.json", import.meta.url));

export class StandInLocalization {
  lang = "en";
  translations: Obj = {};

  load(): void {
    this.translations = JSON.parse(readFileSync(LANG_PATH, "utf8")) as Obj;
  }

  has(key: string): boolean {
    return typeof getProperty(this.translations, key) === "string";
  }

  /** The translation of `key`, or the key itself when it is missing (as Foundry does). */
  localize(key: string): string {
    const value = getProperty(this.translations, key);
    return typeof value === "string" ? value : key;
  }

  /** Localises, then replaces each `{name}` with `data.name` (Foundry writes "undefined" for a missing one). */
  format(key: string, data: Record<string, unknown> = {}): string {
    return this.localize(key).replace(/{[^}]+}/g, (k) => String(data[k.slice(1, -1)]));
  }
}

// ── game.settings ────────────────────────────────────────────────────────────────────────────

export interface SettingConfig {
  name?: string;
  hint?: string;
  scope?: "world" | "client" | "user";
  config?: boolean;
  type?: unknown;
  default?: unknown;
  choices?: Record<string, string>;
  requiresReload?: boolean;
  onChange?: (value: unknown) => void;
}

export class StandInSettings {
  readonly settings = new Map<string, SettingConfig & { key: string; namespace: string }>();
  readonly values = new Map<string, unknown>();

  register(namespace: string, key: string, config: SettingConfig): void {
    if (!namespace || !key)
      throw new Error("You must specify both namespace and key portions of the setting");
    this.settings.set(`${namespace}.${key}`, { ...config, key, namespace });
  }

  /** v13 `registerMenu(namespace, key, data)`: records the menu (`name`, `label`, `type`…). */
  readonly menus = new Map<string, Record<string, unknown> & { key: string; namespace: string }>();

  registerMenu(namespace: string, key: string, data: Record<string, unknown>): void {
    if (!namespace || !key)
      throw new Error("You must specify both namespace and key portions of the menu");
    this.menus.set(`${namespace}.${key}`, { ...data, key, namespace });
  }

  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    const setting = this.settings.get(id);
    if (!setting) throw new Error(`"${id}" is not a registered game setting`);
    return this.values.has(id) ? deepClone(this.values.get(id)) : deepClone(setting.default);
  }

  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const id = `${namespace}.${key}`;
    const setting = this.settings.get(id);
    if (!setting) throw new Error(`"${id}" is not a registered game setting`);
    if (setting.choices && !(String(value) in setting.choices))
      throw new Error(`${String(value)} is not a valid choice for ${id}`);
    this.values.set(id, deepClone(value));
    setting.onChange?.(value);
    return value;
  }
}

// ── Hooks ────────────────────────────────────────────────────────────────────────────────────

type HookFn = (...args: unknown[]) => unknown;

export class StandInHooks {
  #events = new Map<string, { id: number; fn: HookFn; once: boolean }[]>();
  #nextId = 1;

  on(hook: string, fn: HookFn, { once = false }: { once?: boolean } = {}): number {
    const id = this.#nextId++;
    const list = this.#events.get(hook) ?? [];
    list.push({ id, fn, once });
    this.#events.set(hook, list);
    return id;
  }

  once(hook: string, fn: HookFn): number {
    return this.on(hook, fn, { once: true });
  }

  off(hook: string, fn: HookFn | number): void {
    const list = this.#events.get(hook);
    if (!list) return;
    this.#events.set(
      hook,
      list.filter((e) => (typeof fn === "number" ? e.id !== fn : e.fn !== fn)),
    );
  }

  /**
   * Calls every listener in order; returns false as soon as one returns false. A listener's
   * promise is not awaited (as in Foundry) but tracked for `settle()`.
   */
  call(hook: string, ...args: unknown[]): boolean {
    for (const entry of [...(this.#events.get(hook) ?? [])]) {
      if (entry.once) this.off(hook, entry.id);
      const result = entry.fn(...args);
      if (result === false) return false;
      if (result instanceof Promise) track(result);
    }
    return true;
  }

  /** Calls every listener whatever they return (promises tracked for `settle()`). */
  callAll(hook: string, ...args: unknown[]): true {
    for (const entry of [...(this.#events.get(hook) ?? [])]) {
      if (entry.once) this.off(hook, entry.id);
      const result = entry.fn(...args);
      if (result instanceof Promise) track(result);
    }
    return true;
  }

  /** Test helper (not in Foundry): how many listeners a hook has. */
  count(hook: string): number {
    return this.#events.get(hook)?.length ?? 0;
  }

  /** Test helper (not in Foundry): forgets every listener. */
  clear(): void {
    this.#events.clear();
  }
}

// ── Background work ──────────────────────────────────────────────────────────────────────────

const pending = new Set<Promise<unknown>>();
const backgroundErrors: unknown[] = [];

/**
 * Tracks work Foundry starts without awaiting it (async hook listeners, combat turn events), so
 * that `settle()` can wait for it. A failure is kept and thrown by `settle()` (or by the next
 * `resetStandIns()`, so it is never lost).
 */
export function track(promise: Promise<unknown>): void {
  pending.add(promise);
  promise.then(
    () => pending.delete(promise),
    (err: unknown) => {
      pending.delete(promise);
      backgroundErrors.push(err);
    },
  );
}

/**
 * Waits until the tracked background work (and what it starts) is done; throws if any of it
 * failed (the errors, in an AggregateError when several).
 */
export async function settle(): Promise<void> {
  for (let round = 0; round < 1000; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!pending.size) break;
    await Promise.allSettled([...pending]);
  }
  throwBackgroundErrors();
}

function throwBackgroundErrors(prefix = ""): void {
  if (!backgroundErrors.length) return;
  const errors = backgroundErrors.splice(0);
  if (errors.length === 1 && !prefix) throw errors[0];
  throw new AggregateError(errors, `${prefix}${errors.map((e) => String(e)).join("; ")}`);
}

// ── ui.notifications ─────────────────────────────────────────────────────────────────────────

export interface NotificationOptions {
  localize?: boolean;
  format?: Record<string, unknown>;
  permanent?: boolean;
  console?: boolean;
}

export interface RecordedNotification {
  type: "info" | "warning" | "error" | "success";
  message: string;
  options: NotificationOptions;
}

export class StandInNotifications {
  /** Every notification shown, in order, with the message as it would be displayed. */
  readonly messages: RecordedNotification[] = [];
  #id = 0;

  notify(
    message: string,
    type: RecordedNotification["type"] = "info",
    options: NotificationOptions = {},
  ): { id: number } {
    let text = message;
    if (options.localize || options.format) {
      const i18n = (globalThis as unknown as { game: { i18n: StandInLocalization } }).game.i18n;
      text = options.format ? i18n.format(message, options.format) : i18n.localize(message);
    }
    this.messages.push({ type, message: text, options });
    return { id: ++this.#id };
  }
  info(message: string, options?: NotificationOptions): { id: number } {
    return this.notify(message, "info", options);
  }
  warn(message: string, options?: NotificationOptions): { id: number } {
    return this.notify(message, "warning", options);
  }
  error(message: string, options?: NotificationOptions): { id: number } {
    return this.notify(message, "error", options);
  }
  success(message: string, options?: NotificationOptions): { id: number } {
    return this.notify(message, "success", options);
  }
}

// ── CONFIG ───────────────────────────────────────────────────────────────────────────────────

export interface StatusEffectConfig {
  id: string;
  name: string;
  img: string;
  [key: string]: unknown;
}

/** Foundry v13's default `CONFIG.statusEffects` (ids, names and images as core ships them). */
export function coreStatusEffects(): StatusEffectConfig[] {
  const e = (id: string, name: string, img: string): StatusEffectConfig => ({
    id,
    name: `EFFECT.Status${name}`,
    img: `icons/svg/${img}.svg`,
  });
  return [
    e("dead", "Dead", "skull"),
    e("unconscious", "Unconscious", "unconscious"),
    e("sleep", "Asleep", "sleep"),
    e("stun", "Stunned", "daze"),
    e("prone", "Prone", "falling"),
    e("restrain", "Restrained", "net"),
    e("paralysis", "Paralysis", "paralysis"),
    e("fly", "Flying", "wing"),
    e("blind", "Blind", "blind"),
    e("deaf", "Deaf", "deaf"),
    e("silence", "Silenced", "silenced"),
    e("fear", "Fear", "terror"),
    e("burning", "Burning", "fire"),
    e("frozen", "Frozen", "frozen"),
    e("shock", "Shocked", "lightning"),
    e("corrode", "Corrode", "acid"),
    e("bleeding", "Bleeding", "blood"),
    e("disease", "Disease", "biohazard"),
    e("poison", "Poison", "poison"),
    e("curse", "Cursed", "sun"),
    e("regen", "Regen", "regen"),
    e("degen", "Degen", "degen"),
    e("hover", "Hover", "wingfoot"),
    e("burrow", "Burrow", "mole"),
    e("upgrade", "Upgrade", "upgrade"),
    e("downgrade", "Downgrade", "downgrade"),
    e("invisible", "Invisible", "invisible"),
    e("target", "Target", "target"),
    e("eye", "MarkedDefeated", "eye"),
    e("bless", "Blessed", "angel"),
    e("fireShield", "FireShield", "fire-shield"),
    e("coldShield", "IceShield", "ice-shield"),
    e("magicShield", "MagicShield", "mage-shield"),
    e("holyShield", "HolyShield", "holy-shield"),
  ];
}

interface DocumentConfig {
  dataModels: Record<string, unknown>;
  typeLabels: Record<string, string>;
  [key: string]: unknown;
}

function documentConfig(): DocumentConfig {
  return { dataModels: {}, typeLabels: {} };
}

export interface StandInConfig {
  Actor: DocumentConfig;
  Item: DocumentConfig;
  ChatMessage: DocumentConfig;
  Combatant: DocumentConfig;
  /** Set by combat.ts (with `initiative`), chat.ts (Macro), data.ts (ActiveEffect). */
  Combat?: DocumentConfig;
  Macro?: DocumentConfig;
  ActiveEffect?: DocumentConfig;
  /** dice.ts: `rolls` (Roll classes for `Roll.fromData`) and `randomUniform`. */
  Dice?: { rolls: unknown[]; randomUniform: () => number; [key: string]: unknown };
  statusEffects: StatusEffectConfig[];
  specialStatusEffects: Record<string, string>;
  queries: Record<string, unknown>;
  [key: string]: unknown;
}

function freshConfig(): StandInConfig {
  return {
    Actor: documentConfig(),
    Item: documentConfig(),
    ChatMessage: documentConfig(),
    Combatant: documentConfig(),
    statusEffects: coreStatusEffects(),
    specialStatusEffects: {
      DEFEATED: "dead",
      INVISIBLE: "invisible",
      BLIND: "blind",
      BURROW: "burrow",
      HOVER: "hover",
      FLY: "fly",
    },
    queries: {},
  };
}

// ── Users and clients ────────────────────────────────────────────────────────────────────────

/** CONST.USER_ROLES. */
export const USER_ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

/**
 * CONST.USER_PERMISSIONS of v13: each permission's `defaultRole` (the lowest role granted in a
 * new world) and `requiredRoles` (roles the permission configuration cannot take it from), as
 * the v13 types give them (fvtt-types, `common/constants.d.mts`, `USER_PERMISSIONS`).
 */
export const USER_PERMISSIONS: Readonly<
  Record<string, { defaultRole: number; requiredRoles: readonly number[] }>
> = (() => {
  const { PLAYER, TRUSTED, ASSISTANT, GAMEMASTER } = USER_ROLES;
  const staff = [ASSISTANT, GAMEMASTER];
  const p = (defaultRole: number, requiredRoles: readonly number[] = staff) => ({
    defaultRole,
    requiredRoles,
  });
  return Object.freeze({
    ACTOR_CREATE: p(ASSISTANT),
    BROADCAST_AUDIO: p(TRUSTED, []),
    BROADCAST_VIDEO: p(TRUSTED, []),
    CARDS_CREATE: p(ASSISTANT),
    DRAWING_CREATE: p(TRUSTED),
    ITEM_CREATE: p(ASSISTANT),
    FILES_BROWSE: p(TRUSTED),
    FILES_UPLOAD: p(ASSISTANT, [GAMEMASTER]),
    JOURNAL_CREATE: p(TRUSTED),
    MACRO_SCRIPT: p(PLAYER, [GAMEMASTER]),
    MANUAL_ROLLS: p(TRUSTED, []),
    MESSAGE_WHISPER: p(PLAYER),
    NOTE_CREATE: p(TRUSTED),
    PING_CANVAS: p(TRUSTED, []),
    PLAYLIST_CREATE: p(ASSISTANT),
    REGION_CREATE: p(PLAYER),
    SETTINGS_MODIFY: p(ASSISTANT, [GAMEMASTER]),
    SHOW_CURSOR: p(PLAYER, []),
    SHOW_RULER: p(PLAYER, []),
    TOKEN_CREATE: p(ASSISTANT),
    TOKEN_DELETE: p(ASSISTANT),
    TOKEN_CONFIGURE: p(TRUSTED),
    WALL_DOORS: p(PLAYER),
    QUERY_USER: p(PLAYER),
  });
})();

/**
 * The world's permission configuration (`game.permissions`, the `core.permissions` setting): for
 * each permission, the roles that have it. A new world grants each permission to its default
 * role and every role above it.
 */
export function defaultPermissions(): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [name, { defaultRole }] of Object.entries(USER_PERMISSIONS))
    out[name] = Object.values(USER_ROLES).filter((r) => r >= defaultRole && r > 0);
  return out;
}

/**
 * Sets which roles have `permission` in this world, as a GM does in Configure Permissions; the
 * permission's `requiredRoles` are kept, as v13's configuration cannot remove them.
 */
export function setRolePermission(permission: string, roles: readonly number[]): void {
  const config = USER_PERMISSIONS[permission];
  if (!config) throw new Error(`Unknown user permission "${permission}"`);
  g.game.permissions[permission] = [...new Set([...roles, ...config.requiredRoles])].sort();
}

/** The client whose code is running: set by `asUser` for the duration of a call (and its awaits). */
const client = new AsyncLocalStorage<StandInUser>();

/**
 * A User. v13's `isGM` is `role >= ASSISTANT`; the stand-in keeps it switchable (setting it sets
 * the role to GAMEMASTER or PLAYER), as tests did before users existed. `active` says whether the
 * user's client is connected. `character` is the assigned Actor (resolved from `game.actors`).
 */
export class StandInUser {
  readonly _id: string;
  name: string;
  role: number;
  active: boolean;
  /** The id of the assigned character (`character` resolves it). */
  characterId: string | null;
  /** Hotbar slot ("1"-"50") → Macro id, as v13's `User#hotbar`. */
  hotbar: Record<string, string> = {};
  /** v13 `UserTargets`: the Token placeables this user targets. */
  readonly targets = new Set<unknown>();
  /** Every `update` of this user (hotbar assignments), for assertions. */
  readonly updates: Obj[] = [];
  /** v13 `User#permissions`: this user's own grants and refusals, over the role's. */
  permissions: Record<string, boolean> = {};

  constructor({
    id,
    name,
    role = USER_ROLES.PLAYER,
    active = true,
    character = null,
  }: {
    id?: string;
    name: string;
    role?: number;
    active?: boolean;
    character?: string | null;
  }) {
    this._id = id ?? randomID();
    this.name = name;
    this.role = role;
    this.active = active;
    this.characterId = character;
  }

  get id(): string {
    return this._id;
  }
  get documentName(): string {
    return "User";
  }
  get uuid(): string {
    return `User.${this._id}`;
  }
  get isGM(): boolean {
    return this.role >= USER_ROLES.ASSISTANT;
  }
  set isGM(value: boolean) {
    this.role = value ? USER_ROLES.GAMEMASTER : USER_ROLES.PLAYER;
  }
  get isTrusted(): boolean {
    return this.role >= USER_ROLES.TRUSTED;
  }
  hasRole(
    role: keyof typeof USER_ROLES | number,
    { exact = false }: { exact?: boolean } = {},
  ): boolean {
    const level = typeof role === "number" ? role : USER_ROLES[role];
    return exact ? this.role === level : this.role >= level;
  }
  /**
   * v13 `BaseUser#hasPermission`: the user's own grant or refusal (`permissions`, set on the
   * User document) comes first; otherwise the world's configuration (`game.permissions`) says
   * whether the user's role has it. An unknown permission is refused.
   */
  hasPermission(permission: string): boolean {
    const own = this.permissions[permission];
    if (typeof own === "boolean") return own;
    return g.game.permissions[permission]?.includes(this.role) ?? false;
  }
  /** v13: `game.userId === this.id`. */
  get isSelf(): boolean {
    return g.game.user.id === this._id;
  }
  get isActiveGM(): boolean {
    return this === g.game.users.activeGM;
  }
  isDesignated(condition: (user: StandInUser) => boolean): boolean {
    return this === g.game.users.getDesignatedUser(condition);
  }
  get character(): unknown {
    return this.characterId ? (g.game.actors.get(this.characterId) ?? null) : null;
  }
  set character(actor: { id: string | null } | string | null) {
    this.characterId = typeof actor === "string" ? actor : (actor?.id ?? null);
  }

  /**
   * v13 `User#query`: refuses an unregistered query, then an inactive user; a sender whose role
   * lacks the QUERY_USER permission is refused (`User <name> lacks permission QUERY_USER`, the
   * stand-in's wording); otherwise the query goes (through the server) to that user's client,
   * which runs `CONFIG.queries[name](data, {timeout})` and sends back the value or the error's
   * message. Here the handler runs as that client (`asUser`), with the data and the result
   * passed through JSON as over the socket; a handler's error comes back as a plain `Error` with
   * its message only, as in v13. With a `timeout` (ms), the query rejects when no answer came in
   * time (`User query '<name>' timed out after <ms> ms`); the handler is not stopped, as the
   * other client does not know the sender gave up.
   */
  async query(
    queryName: string,
    queryData: unknown,
    { timeout }: { timeout?: number } = {},
  ): Promise<unknown> {
    const queries = g.CONFIG.queries as Record<
      string,
      (d: unknown, o: { timeout?: number }) => unknown
    >;
    if (!(queryName in queries)) throw new Error(`User query '${queryName}' is not registered`);
    if (!this.active) throw new Error(`User [${this._id}] is not active`);
    const sender = g.game.user;
    if (!sender.hasPermission("QUERY_USER"))
      throw new Error(`User ${sender.name} lacks permission QUERY_USER`);
    queryLog.push({
      from: sender.id,
      to: this._id,
      name: queryName,
      data: jsonCopy(queryData),
    });
    const data = jsonCopy(queryData);
    const answer = (async () => {
      // The receiving client runs the handler once the message arrives (not synchronously).
      await Promise.resolve();
      try {
        const value = await asUser(this, () => {
          const handler = queries[queryName];
          if (!handler) throw new Error(`Received invalid User query '${queryName}'`);
          return handler(data, { timeout });
        });
        return { status: "fulfilled" as const, value: jsonCopy(value) };
      } catch (err) {
        return { status: "rejected" as const, reason: (err as Error).message };
      }
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let expired = false;
    const expiry =
      typeof timeout === "number" && timeout > 0
        ? new Promise<{ status: "rejected"; reason: string }>((resolve) => {
            timer = setTimeout(() => {
              expired = true;
              resolve({
                status: "rejected",
                reason: `User query '${queryName}' timed out after ${timeout} ms`,
              });
            }, timeout);
          })
        : null;
    const result = await (expiry ? Promise.race([answer, expiry]) : answer);
    clearTimeout(timer);
    // After a timeout the other client's work goes on: settle() waits for it.
    if (expired) track(answer);
    if (result.status === "rejected") throw new Error(result.reason);
    return result.value;
  }

  /**
   * v13 `User#assignHotbarMacro(macro, slot, {fromSlot})`: the first free slot when none is
   * given; 1-50; updates `hotbar` (recorded in `updates`).
   */
  async assignHotbarMacro(
    macro: { id: string | null; documentName?: string } | null,
    slot?: number | string | null,
    { fromSlot }: { fromSlot?: number | string } = {},
  ): Promise<this> {
    if (macro !== null && macro?.documentName !== "Macro")
      throw new Error("Invalid Macro provided");
    const hotbar = this.hotbar;
    let target: number | undefined;
    if (slot !== null && slot !== undefined && slot !== "" && Number.isFinite(Number(slot)))
      target = Number(slot);
    else
      for (let i = 1; i <= 50; i++)
        if (!(i in hotbar)) {
          target = i;
          break;
        }
    if (!target) throw new Error("No available Hotbar slot exists");
    if (target < 1 || target > 50) throw new Error("Invalid Hotbar slot requested");
    if (macro && hotbar[target] === macro.id) return this;
    const current = hotbar[target];
    const update = { ...hotbar };
    if (macro) update[target] = macro.id!;
    else delete update[target];
    if (fromSlot !== undefined && String(fromSlot) in hotbar) {
      if (current) update[String(fromSlot)] = current;
      else delete update[String(fromSlot)];
    }
    this.hotbar = update;
    this.updates.push({ hotbar: { ...update } });
    return this;
  }

  /** Stand-in only: targets these Token placeables (v13 `Token#setTarget` for each, `releaseOthers`). */
  setTargets(tokens: Iterable<unknown>): void {
    this.targets.clear();
    for (const t of tokens) this.targets.add(t);
  }
}

/** Every `user.query` sent (from, to, name, data), in order; cleared on reset. */
export const queryLog: { from: string; to: string; name: string; data: unknown }[] = [];

function jsonCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** `game.users`: the world's users, with v13's `activeGM`, `players`, `getDesignatedUser`. */
export class StandInUsers extends Collection<StandInUser> {
  /** v13: among the users meeting `condition`, the highest role, then the lowest id. */
  getDesignatedUser(condition: (user: StandInUser) => boolean): StandInUser | null {
    const qualifying = this.filter(condition);
    let designated: StandInUser | null = null;
    for (const candidate of qualifying) {
      if (!designated) designated = candidate;
      else if ((candidate.role - designated.role || (designated.id > candidate.id ? 1 : -1)) > 0)
        designated = candidate;
    }
    return designated;
  }
  /** One active GM (non-assistant if possible), or null: `getDesignatedUser(u => u.active && u.isGM)`. */
  get activeGM(): StandInUser | null {
    return this.getDesignatedUser((u) => u.active && u.isGM);
  }
  get players(): StandInUser[] {
    return this.filter((u) => !u.isGM && u.hasRole("PLAYER"));
  }
  /** The user of the client whose code is running (`game.user`). */
  get current(): StandInUser {
    return g.game.user;
  }
}

/** The default user: a connected Gamemaster (the client of every test unless it switches). */
export const GM_ID = "gmUser0000000000";

/**
 * Runs `fn` as the client of `user` (its `game.user`), through every await of `fn`: the
 * current user is kept in an AsyncLocalStorage, so concurrent calls as different users do not
 * disturb each other and nothing needs restoring. Returns what `fn` returns.
 */
export function asUser<T>(user: StandInUser | string, fn: () => T): T {
  const u = typeof user === "string" ? g.game.users.get(user, { strict: true })! : user;
  return client.run(u, fn);
}

/**
 * Adds a user to `game.users` (connected by default). `isGM: true` gives the GAMEMASTER role;
 * `role` sets another.
 */
export function addUser(input: {
  id?: string;
  name: string;
  isGM?: boolean;
  role?: number;
  active?: boolean;
  character?: string | null;
}): StandInUser {
  const user = new StandInUser({
    ...input,
    role: input.role ?? (input.isGM ? USER_ROLES.GAMEMASTER : USER_ROLES.PLAYER),
  });
  g.game.users.set(user.id, user);
  return user;
}

/**
 * Connects or disconnects a user as v13's user activity does: `active` is set and, if it
 * changed, `userConnected(user, active)` runs on every other connected client (not on the
 * user's own, as v13 ignores one's own activity). A connecting client's own start-up (`init`,
 * `ready`) is for the test to run: `asUser(user, () => Hooks.callAll("ready"))`.
 */
export function setUserActive(user: StandInUser, active: boolean): void {
  if (user.active === active) return;
  user.active = active;
  const others = g.game.users.filter((u) => u.active && u !== user);
  others.sort((a, b) => (a.id > b.id ? 1 : -1));
  for (const other of others) asUser(other, () => g.Hooks.callAll("userConnected", user, active));
}

/**
 * Runs `fn` once on each connected client, as Foundry broadcasts a database event (the `create…`,
 * `update…`, `delete…` hooks and `_onCreate`/`_onUpdate`): first the client that made the change
 * (if connected), then the other active users in id order, each as `game.user`.
 */
export function onEveryClient(origin: StandInUser, fn: (user: StandInUser) => void): void {
  const clients = g.game.users.filter((u) => u.active && u !== origin);
  clients.sort((a, b) => (a.id > b.id ? 1 : -1));
  if (origin.active || !g.game.users.has(origin.id)) clients.unshift(origin);
  for (const user of clients) asUser(user, () => fn(user));
}

// ── game ─────────────────────────────────────────────────────────────────────────────────────

export interface StandInGame {
  i18n: StandInLocalization;
  settings: StandInSettings;
  system: { id: string; version: string };
  /** v13 `game.version`: the running core version (the pinned types' 13.345). */
  version: string;
  /** The client's user: the `asUser` user if any, else the default client's (set by assigning). */
  user: StandInUser;
  readonly userId: string;
  users: StandInUsers;
  /** v13 `game.permissions` (the `core.permissions` setting): permission → roles that have it. */
  permissions: Record<string, number[]>;
  /** Raw world data as the server sends it (before any data model migrates it). */
  data: { actors: Obj[]; items: Obj[]; scenes?: Obj[] };
  actors: Collection<unknown>;
  items: Collection<unknown>;
  packs: Collection<unknown>;
  ready: boolean;
  /** chat.ts: the world's chat messages and macros. */
  messages?: Collection<StandInChatMessage>;
  macros?: Collection<StandInMacro>;
  /** canvas.ts: the world's scenes. */
  scenes?: Collection<StandInScene>;
  /** combat.ts: the encounters, and the viewed active one. */
  combats?: Collection<StandInCombat> & {
    readonly active: StandInCombat | undefined;
    readonly viewed: StandInCombat | null;
  };
  readonly combat?: StandInCombat | null;
  /** Dice So Nice, when a test installs the fake (dice.ts `installDice3d`). */
  dice3d?: FakeDice3d;
  [key: string]: unknown;
}

function freshGame(previous?: StandInGame): StandInGame {
  const i18n = previous?.i18n ?? new StandInLocalization();
  i18n.load();
  const users = new StandInUsers();
  const gm = new StandInUser({ id: GM_ID, name: "Gamemaster", role: USER_ROLES.GAMEMASTER });
  users.set(gm.id, gm);
  let defaultUser = gm;
  const game = {
    i18n,
    settings: new StandInSettings(),
    system: { id: "blow-by-blow", version: "0.1.0" },
    version: "13.345",
    users,
    permissions: defaultPermissions(),
    data: { actors: [], items: [] },
    actors: new Collection(),
    items: new Collection(),
    packs: new Collection(),
    ready: false,
  } as unknown as StandInGame;
  Object.defineProperty(game, "user", {
    get: () => client.getStore() ?? defaultUser,
    set: (user: StandInUser) => {
      defaultUser = user;
    },
    enumerable: true,
    configurable: true,
  });
  Object.defineProperty(game, "userId", {
    get: () => game.user.id,
    enumerable: true,
    configurable: true,
  });
  return game;
}

// ── Installation and reset ───────────────────────────────────────────────────────────────────

const resetHooks: (() => void)[] = [];

/** Lets another stand-in module (applications.ts) restore its own globals on reset. */
export function onReset(fn: () => void): void {
  resetHooks.push(fn);
}

interface Globals {
  foundry: Obj & { utils: typeof utils };
  game: StandInGame;
  CONFIG: StandInConfig;
  Hooks: StandInHooks;
  ui: { notifications: StandInNotifications; [key: string]: unknown };
}
const g = globalThis as unknown as Globals;

g.foundry = (g.foundry as Globals["foundry"] | undefined) ?? ({} as Globals["foundry"]);
g.foundry.utils = utils;

/** Puts `game`, `CONFIG`, `Hooks` and `ui` back to their initial state (re-reading lang/en.json). */
export function resetStandIns(): void {
  pending.clear();
  throwBackgroundErrors("Background work of the previous test failed (await settle() there): ");
  g.game = freshGame(g.game as StandInGame | undefined);
  g.CONFIG = freshConfig();
  if (g.Hooks) g.Hooks.clear();
  else g.Hooks = new StandInHooks();
  g.ui = { notifications: new StandInNotifications() };
  queryLog.length = 0;
  for (const fn of resetHooks) fn();
}

resetStandIns();

/** Typed access to the stand-ins, for tests. */
export const standIns = {
  get game(): StandInGame {
    return g.game;
  },
  get CONFIG(): StandInConfig {
    return g.CONFIG;
  },
  get Hooks(): StandInHooks {
    return g.Hooks;
  },
  get notifications(): StandInNotifications {
    return g.ui.notifications;
  },
};
