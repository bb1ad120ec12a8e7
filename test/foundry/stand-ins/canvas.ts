/**
 * Stand-ins for Foundry v13's scenes, tokens and canvas (see docs/foundry-stand-ins.md):
 * `StandInScene` (`game.scenes`, `canvas.scene`), `StandInTokenDocument` (a linked token's
 * actor is the world actor, an unlinked token's a synthetic one from its `StandInActorDelta`),
 * the `Token` placeable (`document`, `actor`,
 * `center`, `setTarget`, `control`), `canvas.tokens` (`placeables`, `controlled`, `get`),
 * `canvas.grid` (`size`, `distance`, `measurePath`) and the users' targets.
 */
import {
  Collection,
  deepClone,
  mergeObject,
  onReset,
  randomID,
  type StandInGame,
  type StandInUser,
} from "./globals";
import { broadcast, callAllHooks, callHook, updateLog, type StandInActor } from "./data";

type Obj = Record<string, unknown>;

function game(): StandInGame {
  return (globalThis as unknown as { game: StandInGame }).game;
}

/** CONST.GRID_TYPES. */
export const GRID_TYPES = {
  GRIDLESS: 0,
  SQUARE: 1,
  HEXODDR: 2,
  HEXEVENR: 3,
  HEXODDQ: 4,
  HEXEVENQ: 5,
} as const;

/** CONST.TOKEN_DISPOSITIONS. */
export const TOKEN_DISPOSITIONS = { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } as const;

export interface Point {
  x: number;
  y: number;
}

/**
 * The scene's grid: `type`, `size` (pixels per space), `distance` (units per space), `units`,
 * `isSquare`/`isHexagonal`/`isGridless`, `getOffset(point)` ({i: row, j: column}),
 * `getCenterPoint({i, j})` and `measurePath(waypoints)`.
 *
 * Simplification: every grid is laid out on a `size`×`size` lattice (hexes are not drawn with
 * their true width). A path is measured segment by segment between the spaces holding its
 * waypoints: square grids count a diagonal step as one space (v13's default, equidistant
 * diagonals), hex grids count cube distance (odd/even rows or columns per the type), gridless
 * grids measure the straight pixel distance / size. `distance` = spaces × `grid.distance`.
 */
export class StandInGrid {
  type: number;
  size: number;
  distance: number;
  units: string;

  constructor({
    type = GRID_TYPES.SQUARE,
    size = 100,
    distance = 1,
    units = "",
  }: { type?: number; size?: number; distance?: number; units?: string } = {}) {
    this.type = type;
    this.size = size;
    this.distance = distance;
    this.units = units;
  }

  get sizeX(): number {
    return this.size;
  }
  get sizeY(): number {
    return this.size;
  }
  get isGridless(): boolean {
    return this.type === GRID_TYPES.GRIDLESS;
  }
  get isSquare(): boolean {
    return this.type === GRID_TYPES.SQUARE;
  }
  get isHexagonal(): boolean {
    return this.type >= GRID_TYPES.HEXODDR;
  }

  /** The space holding a point: `{i: row, j: column}`. */
  getOffset(point: Point | { i: number; j: number }): { i: number; j: number } {
    if ("i" in point) return { i: point.i, j: point.j };
    return { i: Math.floor(point.y / this.size), j: Math.floor(point.x / this.size) };
  }

  getCenterPoint(coords: Point | { i: number; j: number }): Point {
    const { i, j } = this.getOffset(coords);
    return { x: (j + 0.5) * this.size, y: (i + 0.5) * this.size };
  }

  #cube({ i, j }: { i: number; j: number }): [number, number, number] {
    let q: number;
    let r: number;
    switch (this.type) {
      case GRID_TYPES.HEXODDR:
        q = j - (i - (i & 1)) / 2;
        r = i;
        break;
      case GRID_TYPES.HEXEVENR:
        q = j - (i + (i & 1)) / 2;
        r = i;
        break;
      case GRID_TYPES.HEXODDQ:
        q = j;
        r = i - (j - (j & 1)) / 2;
        break;
      default: // HEXEVENQ
        q = j;
        r = i - (j + (j & 1)) / 2;
    }
    return [q, r, -q - r];
  }

  /** Spaces between two points (see the class comment). */
  spacesBetween(a: Point | { i: number; j: number }, b: Point | { i: number; j: number }): number {
    if (this.isGridless) {
      const pa = "x" in a ? a : this.getCenterPoint(a);
      const pb = "x" in b ? b : this.getCenterPoint(b);
      return Math.hypot(pb.x - pa.x, pb.y - pa.y) / this.size;
    }
    const oa = this.getOffset(a);
    const ob = this.getOffset(b);
    if (this.isSquare) return Math.max(Math.abs(ob.i - oa.i), Math.abs(ob.j - oa.j));
    const [x1, y1, z1] = this.#cube(oa);
    const [x2, y2, z2] = this.#cube(ob);
    return Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1), Math.abs(z2 - z1));
  }

  /**
   * v13 `measurePath(waypoints)`: `{distance, spaces, cost, euclidean, segments, waypoints}`
   * (`cost` = `distance`; each segment has `from`, `to`, `distance`, `spaces`, `cost`).
   */
  measurePath(waypoints: (Point | { i: number; j: number })[]): {
    distance: number;
    spaces: number;
    cost: number;
    euclidean: number;
    segments: { from: unknown; to: unknown; distance: number; spaces: number; cost: number }[];
    waypoints: unknown[];
  } {
    const segments = [];
    let spaces = 0;
    let euclidean = 0;
    for (let k = 1; k < waypoints.length; k++) {
      const from = waypoints[k - 1]!;
      const to = waypoints[k]!;
      const s = this.spacesBetween(from, to);
      const pa = "x" in from ? from : this.getCenterPoint(from);
      const pb = "x" in to ? to : this.getCenterPoint(to);
      euclidean += (Math.hypot(pb.x - pa.x, pb.y - pa.y) / this.size) * this.distance;
      spaces += s;
      segments.push({ from, to, spaces: s, distance: s * this.distance, cost: s * this.distance });
    }
    const distance = spaces * this.distance;
    return { distance, spaces, cost: distance, euclidean, segments, waypoints: [...waypoints] };
  }
}

/** A Scene: `id`, `name`, `uuid`, `tokens` (a Collection of TokenDocuments), `grid`, `active`. */
export class StandInScene {
  readonly _id: string;
  name: string;
  active: boolean;
  readonly grid: StandInGrid;
  readonly tokens = new Collection<StandInTokenDocument>();
  /** v13's environment: only `darknessLevel` (0 daylight … 1 dark), the scene's global darkness. */
  readonly environment: { darknessLevel: number };

  constructor({
    id,
    name = "Scene",
    active = true,
    grid = {},
    darkness = 0,
  }: {
    id?: string;
    name?: string;
    active?: boolean;
    grid?: ConstructorParameters<typeof StandInGrid>[0];
    /** The scene's `environment.darknessLevel`. */
    darkness?: number;
  } = {}) {
    this._id = id ?? randomID();
    this.name = name;
    this.active = active;
    this.grid = new StandInGrid(grid);
    this.environment = { darknessLevel: darkness };
  }
  get id(): string {
    return this._id;
  }
  get documentName(): string {
    return "Scene";
  }
  get uuid(): string {
    return `Scene.${this._id}`;
  }
  /** v13: the scene shown on this client's canvas. */
  get isView(): boolean {
    return canvasStandIn.scene === this;
  }
  get dimensions(): { size: number; distance: number } {
    return { size: this.grid.size, distance: this.grid.distance };
  }
  /** The scene as the server stores it (and sends it in `game.data.scenes` at the next start). */
  toObject(): Obj {
    return { _id: this._id, name: this.name, tokens: this.tokens.map((t) => t.toObject()) };
  }
}

/** v13 BaseActorDelta's fields (fvtt-types `ActorDelta.Schema`); anything else is dropped. */
const DELTA_FIELDS = [
  "_id",
  "name",
  "type",
  "img",
  "system",
  "items",
  "effects",
  "ownership",
  "flags",
] as const;

/**
 * A token's ActorDelta (v13: embedded in the TokenDocument, field `delta`): what an unlinked
 * token overrides of its base actor. Its source has v13's fields: `_id` (the token's id),
 * `name`, `type`, `img` and `ownership` (null when not overridden), `system` (an ObjectField:
 * the overridden system fields only, stored as given), `items` and `effects` (full sources of
 * the embedded documents the token overrides or adds) and `flags`. `uuid` is
 * `Scene.<sid>.Token.<tid>.ActorDelta.<tid>`. It is written only through its token's `update`
 * (below). Left out: tombstones (`_tombstone`), `restore()`, the delta's own `update`.
 */
export class StandInActorDelta {
  _source: Obj;
  readonly parent: StandInTokenDocument;

  constructor(data: Obj | null | undefined, parent: StandInTokenDocument) {
    this.parent = parent;
    this._source = StandInActorDelta.clean(data ?? {}, parent.id);
  }

  /**
   * Cleans a delta source as v13's schema does: its own fields only, nulls and empty lists for
   * what is not given. Each item is built as an Item of `CONFIG.Item.documentClass`, strictly:
   * data its fields refuse throws (the server refuses the whole write).
   */
  static clean(data: Obj, tokenId: string): Obj {
    const out: Obj = {
      _id: tokenId,
      name: null,
      type: null,
      img: null,
      system: {},
      items: [],
      effects: [],
      ownership: null,
      flags: {},
    };
    for (const key of DELTA_FIELDS)
      if (data[key] !== undefined && key !== "_id") out[key] = data[key];
    if (out.system === null || typeof out.system !== "object") out.system = {};
    const Item = (globalThis as unknown as { CONFIG: { Item: { documentClass: unknown } } }).CONFIG
      .Item.documentClass as new (d: Obj) => { toObject(): Obj };
    out.items = ((out.items as Obj[] | null) ?? []).map((i) => new Item(deepClone(i)).toObject());
    return deepClone(out);
  }

  get id(): string {
    return this._source._id as string;
  }
  get documentName(): string {
    return "ActorDelta";
  }
  get uuid(): string {
    return `${this.parent.uuid}.ActorDelta.${this.id}`;
  }
  get system(): Obj {
    return this._source.system as Obj;
  }
  get items(): Obj[] {
    return this._source.items as Obj[];
  }
  get flags(): Obj {
    return this._source.flags as Obj;
  }
  toObject(): Obj {
    return deepClone(this._source);
  }

  /**
   * The synthetic actor's source, as v13's `BaseActorDelta.applyDelta`: the base actor's source
   * with the delta's non-null name, type and img, its system and flags merged over the base's,
   * and its items replacing the base's of the same id (others added).
   */
  applyTo(base: Obj): Obj {
    const out = deepClone(base);
    for (const key of ["name", "type", "img"] as const)
      if (this._source[key] !== null) out[key] = this._source[key];
    out.system = mergeObject(deepClone((base.system as Obj) ?? {}), deepClone(this.system));
    out.flags = mergeObject(deepClone((base.flags as Obj) ?? {}), deepClone(this.flags));
    const items = ((base.items as Obj[]) ?? []).map((i) => deepClone(i));
    for (const item of this.items) {
      const at = items.findIndex((i) => i._id === item._id);
      if (at >= 0) items[at] = deepClone(item);
      else items.push(deepClone(item));
    }
    out.items = items;
    return out;
  }
}

/**
 * A TokenDocument: `id`, `uuid` (`Scene.<sid>.Token.<id>`), `name`, `actorId`, `actorLink`,
 * `actor` (linked: the world actor; unlinked: a synthetic actor, see below), `baseActor`,
 * `x`, `y` (pixels of the top-left corner), `width`, `height` (in spaces), `disposition`,
 * `hidden`, `elevation`, `rotation` (degrees clockwise, 0 facing south, as v13),
 * `parent` (the scene), `object` (the placeable), `isOwner` and
 * `testUserPermission` (the actor's), `combatant`, `inCombat`, `update` (owner only;
 * `updateToken` on every client).
 *
 * An unlinked token's actor is a synthetic StandInActor built once, when first read, from the
 * world actor's data (`isToken` true, `token` this document, UUID
 * `Scene.<sid>.Token.<tid>.Actor.<aid>`, the world actor's ownership). Its updates change only
 * it, as v13's ActorDelta keeps them off the world actor; later changes of the world actor do
 * not reach it (v13 would show those it does not override).
 */
export class StandInTokenDocument {
  readonly _id: string;
  name: string;
  actorId: string | null;
  actorLink: boolean;
  #synthetic: StandInActor | null = null;
  x: number;
  y: number;
  width: number;
  height: number;
  disposition: number;
  hidden: boolean;
  elevation: number;
  rotation: number;
  flags: Obj = {};
  readonly parent: StandInScene;
  object: StandInToken | null = null;
  /** v13: every token has its ActorDelta; a linked token's is not applied. */
  delta: StandInActorDelta;

  constructor(
    data: {
      _id?: string;
      name?: string;
      actorId?: string | null;
      actorLink?: boolean;
      x?: number;
      y?: number;
      width?: number;
      height?: number;
      disposition?: number;
      hidden?: boolean;
      elevation?: number;
      rotation?: number;
      /** The ActorDelta source (an unlinked token's overrides). */
      delta?: Obj | null;
    },
    { parent }: { parent: StandInScene },
  ) {
    this._id = data._id ?? randomID();
    this.actorId = data.actorId ?? null;
    this.actorLink = data.actorLink ?? true;
    this.parent = parent;
    this.delta = new StandInActorDelta(data.delta, this);
    this.name = data.name ?? this.actor?.name ?? "Token";
    this.x = data.x ?? 0;
    this.y = data.y ?? 0;
    this.width = data.width ?? 1;
    this.height = data.height ?? 1;
    this.disposition = data.disposition ?? TOKEN_DISPOSITIONS.HOSTILE;
    this.hidden = data.hidden ?? false;
    this.elevation = data.elevation ?? 0;
    this.rotation = data.rotation ?? 0;
  }

  get id(): string {
    return this._id;
  }
  get documentName(): string {
    return "Token";
  }
  get uuid(): string {
    return `${this.parent.uuid}.Token.${this._id}`;
  }
  /** The world actor. */
  get baseActor(): StandInActor | null {
    return this.actorId
      ? ((game().actors.get(this.actorId) as StandInActor | undefined) ?? null)
      : null;
  }
  get actor(): StandInActor | null {
    const base = this.baseActor;
    if (this.actorLink || !base) return base;
    if (!this.#synthetic) {
      const Cls = base.constructor as new (data: Obj) => StandInActor;
      const synthetic = new Cls(this.delta.applyTo(base.toObject() as unknown as Obj));
      synthetic._token = this;
      synthetic.prepareData();
      this.#synthetic = synthetic;
    }
    return this.#synthetic;
  }
  get isLinked(): boolean {
    return this.actorLink;
  }
  testUserPermission(
    user: { id: string; isGM: boolean },
    permission: "NONE" | "LIMITED" | "OBSERVER" | "OWNER" | number,
    options: { exact?: boolean } = {},
  ): boolean {
    if (user.isGM) return true;
    return this.actor?.testUserPermission(user, permission, options) ?? false;
  }
  get isOwner(): boolean {
    return this.testUserPermission(game().user, "OWNER");
  }
  /** The combatant of this token in the active combat, if any. */
  get combatant(): unknown {
    const combat = game().combat as
      | { combatants: Collection<{ tokenId: string | null; sceneId: string | null }> }
      | null
      | undefined;
    return combat?.combatants.find((c) => c.tokenId === this._id) ?? null;
  }
  get inCombat(): boolean {
    return Boolean(this.combatant);
  }
  toObject(): Obj {
    return {
      _id: this._id,
      name: this.name,
      actorId: this.actorId,
      actorLink: this.actorLink,
      x: this.x,
      y: this.y,
      width: this.width,
      height: this.height,
      disposition: this.disposition,
      hidden: this.hidden,
      elevation: this.elevation,
      rotation: this.rotation,
      flags: deepClone(this.flags),
      delta: this.delta.toObject(),
    };
  }

  /** Owner only (else the server's error); applies the changes; `updateToken` on every client. */
  async update(changes: Obj, options: Obj = {}): Promise<this | null> {
    const user = game().user;
    if (!this.isOwner)
      throw new Error(
        `User ${user.name} lacks permission to update Token [${this._id}] in parent Scene [${this.parent.id}]`,
      );
    if (callHook("preUpdateToken", this, changes, options, user.id) === false) return null;
    // The delta first: built (and so validated) whole before anything is written.
    const delta = changes.delta === undefined ? undefined : this.#nextDelta(changes.delta, options);
    const allowed = [
      "name",
      "x",
      "y",
      "width",
      "height",
      "disposition",
      "hidden",
      "elevation",
      "rotation",
      "flags",
    ];
    for (const [k, v] of Object.entries(changes))
      if (allowed.includes(k)) (this as unknown as Obj)[k] = v;
    if (delta) {
      this.delta._source = delta;
      this.#synthetic = null; // rebuilt from the base actor and the new delta when next read
    }
    updateLog.push({ uuid: this.uuid, changes: deepClone(changes), options: { ...options } });
    broadcast(user, () => callAllHooks("updateToken", this, changes, options, user.id));
    return this;
  }

  /**
   * The delta a token update writes (v13: `delta` is an embedded document field of the token, so
   * one token update writes the delta's system, items and flags in one operation). With
   * `recursive: false` the given delta replaces the stored one whole. Otherwise its `system`,
   * `flags`, `name`, `type` and `img` are merged into the stored ones; a merged update of the
   * delta's `items` is left out (v13's EmbeddedCollectionDeltaField merge is not reproduced): it
   * throws. Either way the result is cleaned and its items built strictly, so a refused item
   * refuses the whole update and nothing is written.
   */
  #nextDelta(given: unknown, options: Obj): Obj {
    if (given === null || typeof given !== "object" || Array.isArray(given))
      throw new Error(
        `Token [${this._id}] delta: expected an object, got ${JSON.stringify(given)}`,
      );
    const changes = given as Obj;
    if (options.recursive === false) return StandInActorDelta.clean(changes, this._id);
    if (changes.items !== undefined || changes.effects !== undefined)
      throw new Error(
        "Stand-in: a merged (recursive) token update of delta.items or delta.effects is not modelled; pass recursive: false with the whole delta",
      );
    const next = this.delta.toObject();
    for (const key of ["name", "type", "img"] as const)
      if (changes[key] !== undefined) next[key] = changes[key];
    if (changes.system !== undefined)
      next.system = mergeObject(next.system as Obj, deepClone(changes.system as Obj));
    if (changes.flags !== undefined)
      next.flags = mergeObject(next.flags as Obj, deepClone(changes.flags as Obj));
    return StandInActorDelta.clean(next, this._id);
  }
}

/**
 * The Token placeable: `document`, `id`, `name`, `actor`, `scene`, `x`, `y`, `w`, `h`,
 * `center`, `controlled`, `isOwner`, `isTargeted`, `targeted` (the users targeting it),
 * `setTarget(targeted, {user, releaseOthers})`, `control({releaseOthers})`, `release()`.
 */
export class StandInToken {
  readonly document: StandInTokenDocument;
  /** The users whose client controls this token (`controlled` is the current user's view). */
  readonly controlledBy = new Set<StandInUser>();
  readonly targeted = new Set<StandInUser>();

  constructor(document: StandInTokenDocument) {
    this.document = document;
    document.object = this;
  }
  get id(): string {
    return this.document.id;
  }
  get name(): string {
    return this.document.name;
  }
  get actor(): StandInActor | null {
    return this.document.actor;
  }
  get scene(): StandInScene {
    return this.document.parent;
  }
  get x(): number {
    return this.document.x;
  }
  get y(): number {
    return this.document.y;
  }
  get w(): number {
    return this.document.width * this.scene.grid.size;
  }
  get h(): number {
    return this.document.height * this.scene.grid.size;
  }
  /** v13: the centre of the token's bounds, in pixels. */
  get center(): Point {
    return { x: this.x + this.w / 2, y: this.y + this.h / 2 };
  }
  get isOwner(): boolean {
    return this.document.isOwner;
  }
  /** Whether this client (`game.user`) controls the token. */
  get controlled(): boolean {
    return this.controlledBy.has(game().user);
  }
  get isTargeted(): boolean {
    return this.targeted.has(game().user);
  }
  get inCombat(): boolean {
    return this.document.inCombat;
  }

  /** v13 `Token#setTarget(targeted, {user, releaseOthers, groupSelection})`. */
  setTarget(
    targeted = true,
    {
      user = null,
      releaseOthers = true,
    }: { user?: StandInUser | null; releaseOthers?: boolean } = {},
  ): void {
    const u = user ?? game().user;
    if (releaseOthers)
      for (const t of [...u.targets] as StandInToken[])
        if (t !== this) t.setTarget(false, { user: u, releaseOthers: false });
    if (targeted) {
      u.targets.add(this);
      this.targeted.add(u);
    } else {
      u.targets.delete(this);
      this.targeted.delete(u);
    }
    callAllHooks("targetToken", u, this, targeted);
  }

  /** v13 `control({releaseOthers})`: this client's controlled tokens (owners and GMs only). */
  control({ releaseOthers = true }: { releaseOthers?: boolean } = {}): boolean {
    if (!this.isOwner) return false;
    if (releaseOthers) for (const t of canvasStandIn.tokens.controlled) if (t !== this) t.release();
    this.controlledBy.add(game().user);
    callAllHooks("controlToken", this, true);
    return true;
  }
  release(): boolean {
    this.controlledBy.delete(game().user);
    callAllHooks("controlToken", this, false);
    return true;
  }
}

/** `canvas.tokens`: the token layer of the viewed scene. */
export class StandInTokenLayer {
  get placeables(): StandInToken[] {
    const scene = canvasStandIn.scene;
    if (!scene) return [];
    return scene.tokens.contents.map((d) => d.object!).filter(Boolean);
  }
  /** The tokens this client (`game.user`) controls. */
  get controlled(): StandInToken[] {
    return this.placeables.filter((t) => t.controlled);
  }
  get ownedTokens(): StandInToken[] {
    return this.placeables.filter((t) => t.isOwner);
  }
  get(id: string): StandInToken | undefined {
    return this.placeables.find((t) => t.id === id);
  }
}

/** `canvas`: `ready` once a scene is viewed, `scene`, `grid`, `tokens`, `dimensions`. */
export class StandInCanvas {
  scene: StandInScene | null = null;
  readonly tokens = new StandInTokenLayer();
  get ready(): boolean {
    return this.scene !== null;
  }
  get grid(): StandInGrid | null {
    return this.scene?.grid ?? null;
  }
  get id(): string | null {
    return this.scene?.id ?? null;
  }
  get dimensions(): { size: number; distance: number } | null {
    return this.scene?.dimensions ?? null;
  }
}

export const canvasStandIn = new StandInCanvas();

/**
 * Creates a scene, stores it in `game.scenes` and (by default) shows it on the canvas
 * (`canvas.scene`, `canvas.ready`).
 */
export function createScene(
  input: ConstructorParameters<typeof StandInScene>[0] & { view?: boolean } = {},
): StandInScene {
  const scene = new StandInScene(input);
  (game().scenes as Collection<StandInScene>).set(scene.id, scene);
  if (input.view ?? true) canvasStandIn.scene = scene;
  return scene;
}

/**
 * Places a token for `actor` (added to `game.actors` if missing) on `scene` (the canvas scene
 * by default) and returns its placeable; linked unless `actorLink: false`. `at: [column, row]` places it in that grid
 * space; `x`/`y` give pixels. Disposition defaults to HOSTILE, as a token of an actor without
 * a prototype setting would be in v13 (set FRIENDLY for player characters).
 */
export function placeToken(
  actor: StandInActor,
  {
    scene = canvasStandIn.scene ?? undefined,
    at,
    ...data
  }: ConstructorParameters<typeof StandInTokenDocument>[0] & {
    scene?: StandInScene;
    at?: [column: number, row: number];
  } = {},
): StandInToken {
  if (!scene) throw new Error("placeToken: no scene (call createScene first)");
  if (actor.id && !game().actors.has(actor.id)) game().actors.set(actor.id, actor);
  const position = at ? { x: at[0] * scene.grid.size, y: at[1] * scene.grid.size } : {};
  const doc = new StandInTokenDocument(
    { actorId: actor.id, name: actor.name, ...position, ...data },
    { parent: scene },
  );
  scene.tokens.set(doc.id, doc);
  return new StandInToken(doc);
}

/** Targets exactly these tokens for `user` (the current user by default), as clicking them would. */
export function targetTokens(tokens: StandInToken[], user?: StandInUser): void {
  const u = user ?? game().user;
  for (const t of [...u.targets] as StandInToken[])
    t.setTarget(false, { user: u, releaseOthers: false });
  for (const t of tokens) t.setTarget(true, { user: u, releaseOthers: false });
}

// ── Installation ─────────────────────────────────────────────────────────────────────────────

const g = globalThis as unknown as { foundry: Obj & { canvas?: Obj; documents?: Obj } };
g.foundry.canvas = { placeables: { Token: StandInToken } };
g.foundry.documents = {
  ...(g.foundry.documents ?? {}),
  TokenDocument: StandInTokenDocument,
  Scene: StandInScene,
};

function install(): void {
  canvasStandIn.scene = null;
  const gm = game();
  gm.scenes = new Collection<StandInScene>();
  Object.assign(globalThis, { canvas: canvasStandIn });
  const config = (globalThis as unknown as { CONFIG: Obj }).CONFIG;
  config.Token = { documentClass: StandInTokenDocument, objectClass: StandInToken };
  config.Scene = { documentClass: StandInScene };
}
install();
onReset(install);
