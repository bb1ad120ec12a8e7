/**
 * Stand-ins for Foundry v13's Combat and Combatant documents (see docs/foundry-stand-ins.md):
 * `game.combats`, `game.combat`, turn order (`setupTurns`, `_sortCombatants`), `rollInitiative`
 * through `Combatant#getInitiativeRoll`, `startCombat`/`nextTurn`/`nextRound` with their hooks,
 * and the turn lifecycle (`_onEndTurn`, `_onEndRound`, `_onStartRound`, `_onStartTurn`) run on
 * the active GM's client only. The classes used are `CONFIG.Combat.documentClass` and
 * `CONFIG.Combatant.documentClass`, so a system's subclasses take part.
 */
import { Collection, deepClone, onReset, randomID, track, type StandInGame } from "./globals";
import {
  BooleanField,
  DataField,
  NumberField,
  ObjectField,
  ArrayField,
  StandInActor,
  StandInDocument,
  StringField,
  TypeDataField,
  callAllHooks,
} from "./data";
import { Roll } from "./dice";
import { canvasStandIn, type StandInScene, type StandInTokenDocument } from "./canvas";

type Obj = Record<string, unknown>;

function game(): StandInGame {
  return (globalThis as unknown as { game: StandInGame }).game;
}
function config(): Record<string, Obj> {
  return (globalThis as unknown as { CONFIG: Record<string, Obj> }).CONFIG;
}

/**
 * v13 Combatant: `_id`, `type` ("base"), `system` (through `CONFIG.Combatant.dataModels`),
 * `actorId`, `tokenId`, `sceneId`, `name` (the stored one, else the token's, else the
 * actor's), `img`, `initiative` (null until rolled), `hidden`, `defeated`, `flags`; `actor`
 * (the token's actor, else the world actor), `token` (the TokenDocument), `combat`,
 * `isDefeated`, `isOwner` (the actor's ownership), `visible`, `players`,
 * `getInitiativeRoll(formula)`, `_getInitiativeFormula()`, `rollInitiative(formula)`.
 */
export class StandInCombatant extends StandInDocument {
  static override documentName = "Combatant";
  declare actorId: string | null;
  declare tokenId: string | null;
  declare sceneId: string | null;
  declare initiative: number | null;
  declare hidden: boolean;
  declare defeated: boolean;
  declare img: string | null;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new StringField({ required: true, blank: false, nullable: true, initial: null }),
      type: new StringField({ required: true, blank: false, initial: "base" }),
      system: new TypeDataField("Combatant"),
      actorId: new StringField({ required: false, nullable: true, initial: null }),
      tokenId: new StringField({ required: false, nullable: true, initial: null }),
      sceneId: new StringField({ required: false, nullable: true, initial: null }),
      name: new StringField({ required: false, nullable: true, initial: null, blank: true }),
      img: new StringField({ required: false, nullable: true, initial: null }),
      initiative: new NumberField({ required: true, nullable: true, initial: null }),
      hidden: new BooleanField(),
      defeated: new BooleanField(),
      flags: new ObjectField(),
    };
  }

  static override _withIds(data: Obj): Obj {
    return { ...data, _id: data._id ?? randomID() };
  }

  override prepareBaseData(): void {
    // v13: the stored name, else the token's, else the actor's.
    this.name =
      (this._source.name as string | null) ||
      this.token?.name ||
      this.actor?.name ||
      game().i18n.localize("COMBAT.UnknownCombatant");
  }

  get combat(): StandInCombat | null {
    return this.parent instanceof StandInCombat ? this.parent : null;
  }
  get token(): StandInTokenDocument | null {
    const sceneId = this.sceneId ?? this.combat?.scene ?? null;
    const scenes = game().scenes as Collection<StandInScene> | undefined;
    const scene = sceneId ? scenes?.get(sceneId) : canvasStandIn.scene;
    return (this.tokenId && scene?.tokens.get(this.tokenId)) || null;
  }
  get actor(): StandInActor | null {
    if (this.token) return this.token.actor;
    return this.actorId
      ? ((game().actors.get(this.actorId) as StandInActor | undefined) ?? null)
      : null;
  }
  /** v13: defeated, or the actor has the DEFEATED special status. */
  get isDefeated(): boolean {
    const defeated = (config().specialStatusEffects as Record<string, string>).DEFEATED!;
    return this.defeated || Boolean(this.actor?.statuses.has(defeated));
  }
  /** v13: a combatant's permission is its actor's (GMs own everything). */
  override getUserLevel(user: { id: string; isGM: boolean }): number {
    if (user.isGM) return 3;
    return this.actor?.getUserLevel(user) ?? 0;
  }
  get visible(): boolean {
    return this.isOwner || !this.hidden;
  }
  /** v13: the non-GM users who own the actor. */
  get players(): unknown[] {
    return game().users.filter(
      (u) => !u.isGM && (this.actor?.testUserPermission(u, "OWNER") ?? false),
    );
  }

  /**
   * v13 permissions: a GM may do anything; a player who owns the actor may create the
   * combatant and update only `initiative`, `flags` and `defeated`.
   */
  override canUserModify(
    user: { id: string; isGM: boolean },
    action: "create" | "update" | "delete",
  ): boolean {
    if (user.isGM) return true;
    if (!this.actor?.testUserPermission(user, "OWNER")) return false;
    return action !== "delete";
  }

  override async update(changes: Obj, options: Obj = {}): Promise<this | null> {
    const user = game().user;
    if (!user.isGM) {
      const allowed = ["_id", "initiative", "flags", "defeated"];
      const keys = Object.keys(changes).map((k) => k.split(".")[0]!);
      if (keys.some((k) => !allowed.includes(k))) throw this.permissionError(user, "update");
    }
    return super.update(changes, options);
  }

  /** v13: `CONFIG.Combat.initiative.formula`, else the system's `initiative`. */
  _getInitiativeFormula(): string {
    const formula = (config().Combat!.initiative as { formula?: string | null } | undefined)
      ?.formula;
    return String(formula || (game().system as { initiative?: string }).initiative);
  }

  /** v13: `Roll.create(formula || _getInitiativeFormula(), actor.getRollData())`. */
  getInitiativeRoll(formula?: string | null): Roll {
    const f = formula || this._getInitiativeFormula();
    const rollData =
      (this.actor as unknown as { getRollData?: () => Obj } | null)?.getRollData?.() ?? {};
    return Roll.create(f, rollData);
  }

  async rollInitiative(formula?: string): Promise<this | null> {
    const roll = this.getInitiativeRoll(formula);
    await roll.evaluate();
    return this.update({ initiative: roll.total });
  }
}

export interface CombatState {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

/**
 * v13 Combat: `_id`, `type`, `system`, `scene`, `active`, `round`, `turn`, `combatants` (a
 * Collection of `CONFIG.Combatant.documentClass`), `flags`; `turns` (sorted), `combatant`,
 * `started`, `current`, `previous`, `settings` (`{skipDefeated}`), `setupTurns`,
 * `_sortCombatants`, `rollInitiative`, `rollAll`, `rollNPC`, `startCombat`, `nextTurn`,
 * `previousTurn`, `nextRound`, `endCombat`, `getCombatantsByActor`, `getCombatantsByToken`.
 */
export class StandInCombat extends StandInDocument {
  static override documentName = "Combat";
  declare scene: string | null;
  declare active: boolean;
  declare round: number;
  declare turn: number | null;
  declare combatants: Collection<StandInCombatant>;
  turns: StandInCombatant[] = [];
  current: CombatState = { round: 0, turn: null, combatantId: null, tokenId: null };
  previous: CombatState | undefined = undefined;
  /** `core.combatTrackerConfig`'s `skipDefeated` (false by default). */
  settings = { skipDefeated: false };
  #turnChanged = false;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new StringField({ required: true, blank: false, nullable: true, initial: null }),
      type: new StringField({ required: true, blank: false, initial: "base" }),
      system: new TypeDataField("Combat"),
      scene: new StringField({ required: false, nullable: true, initial: null }),
      active: new BooleanField(),
      round: new NumberField({
        required: true,
        nullable: false,
        integer: true,
        min: 0,
        initial: 0,
      }),
      turn: new NumberField({ required: true, integer: true, min: 0, initial: null }),
      combatants: new ArrayField(new ObjectField()),
      flags: new ObjectField(),
    };
  }

  static override _withIds(data: Obj): Obj {
    return { ...data, _id: data._id ?? randomID() };
  }

  static override worldCollection(): Collection<unknown> {
    return game().combats as Collection<unknown>;
  }

  override _initialize(options: Obj = {}): void {
    super._initialize(options);
    const cls = (config().Combatant!.documentClass ?? StandInCombatant) as typeof StandInCombatant;
    const combatants = new Collection<StandInCombatant>();
    for (const raw of this._source.combatants as Obj[]) {
      const c = new cls(deepClone(raw), { parent: this });
      combatants.set(c.id!, c);
    }
    this.combatants = combatants;
  }

  override _embedded(name: string): {
    cls: typeof StandInDocument;
    collection: Collection<StandInDocument>;
    key: string;
  } {
    if (name !== "Combatant")
      throw new Error(`Stand-in Combat embeds only Combatants, not ${name}`);
    return {
      cls: (config().Combatant!.documentClass ?? StandInCombatant) as typeof StandInDocument,
      collection: this.combatants as Collection<StandInDocument>,
      key: "combatants",
    };
  }

  override prepareEmbeddedDocuments(): void {
    for (const c of this.combatants) c.prepareData();
  }
  /** v13: the turn order is set up when there are combatants and no turns yet. */
  override prepareDerivedData(): void {
    if (this.combatants.size && !this.turns.length) this.setupTurns();
  }

  get combatant(): StandInCombatant | undefined {
    return this.turn !== null ? this.turns[this.turn] : undefined;
  }
  get nextCombatant(): StandInCombatant | undefined {
    if (this.turn === this.turns.length - 1) return this.turns[0];
    return this.turns[(this.turn ?? -1) + 1];
  }
  get started(): boolean {
    return this.round > 0;
  }
  get isActive(): boolean {
    return this.active;
  }

  /**
   * v13 `setupTurns()`: sorts the combatants with `_sortCombatants` (called unbound, as v13
   * passes it to `Array#sort`), clamps `turn` (past the end: turn 0 of the next round), and
   * records `current` (and `previous` the first time).
   */
  setupTurns(): StandInCombatant[] {
    // v13 sorts with the unbound method.
    const sort = this._sortCombatants;
    const turns = this.combatants.contents.sort((a, b) => sort.call(undefined, a, b));
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) {
        this.turn = 0;
        this.round++;
      }
    }
    this.current = this._getCurrentState(turns[this.turn ?? -1]);
    this.previous ??= this.current;
    return (this.turns = turns);
  }

  /** v13: initiative descending (null last), then name, then id. */
  _sortCombatants(a: StandInCombatant, b: StandInCombatant): number {
    const ia = typeof a.initiative === "number" ? a.initiative : -Infinity;
    const ib = typeof b.initiative === "number" ? b.initiative : -Infinity;
    return ib - ia || a.name.localeCompare(b.name) || (a.id! > b.id! ? 1 : -1);
  }

  _getCurrentState(combatant: StandInCombatant | undefined = this.combatant): CombatState {
    return {
      round: this.round,
      turn: this.turn ?? null,
      combatantId: combatant?.id ?? null,
      tokenId: combatant?.tokenId ?? null,
    };
  }

  /** v13: a synthetic actor's combatants are its token's; otherwise by `actorId`. */
  getCombatantsByActor(actor: StandInActor | string): StandInCombatant[] {
    if (typeof actor !== "string" && actor.isToken)
      return this.getCombatantsByToken(actor.token!.id);
    const id = typeof actor === "string" ? actor : actor.id;
    return this.combatants.filter((c) => c.actorId === id);
  }
  getCombatantsByToken(token: StandInTokenDocument | string): StandInCombatant[] {
    const id = typeof token === "string" ? token : token.id;
    return this.combatants.filter((c) => c.tokenId === id);
  }

  /**
   * v13 permissions: a GM may do anything; a player may change only `round` and `turn`, and
   * only when they own the current combatant (ending their own turn).
   */
  override async update(changes: Obj, options: Obj = {}): Promise<this | null> {
    const user = game().user;
    if (!user.isGM) {
      const keys = Object.keys(changes);
      const turnOnly = ["_id", "round", "turn"];
      const ownsCurrent = this.combatant?.testUserPermission(user, "OWNER") ?? false;
      if (keys.some((k) => !turnOnly.includes(k)) || !ownsCurrent)
        throw this.permissionError(user, "update");
    }
    return super.update(changes, options);
  }

  override canUserModify(
    user: { id: string; isGM: boolean },
    _action: "create" | "update" | "delete",
  ): boolean {
    return user.isGM || _action === "update";
  }

  /** After an update: the turn order and state are refreshed once (for every client). */
  override _afterUpdate(changes: Obj, _options: Obj): void {
    const prior = deepClone(this.current);
    this.previous ??= prior;
    if ("combatants" in changes) this.setupTurns();
    else this.current = this._getCurrentState();
    this.#turnChanged = this.#recordPreviousState(prior);
  }

  override _onEmbeddedChange(
    _action: string,
    _name: string,
    _docs: StandInDocument[],
    options: Obj,
  ): void {
    const prior = deepClone(this.current);
    this.setupTurns();
    const changed = this.#recordPreviousState(prior);
    if (changed && options.turnEvents !== false) track(this._manageTurnEvents());
  }

  #recordPreviousState(prior: CombatState): boolean {
    const { round, combatantId } = this.current;
    const changed = combatantId !== prior.combatantId || round !== prior.round;
    if (changed) this.previous = prior;
    return changed;
  }

  /** v13 `_onUpdate` on each client: turn events when the turn changed (not with turnEvents: false). */
  override _onUpdate(_changed: Obj, options: Obj, _userId: string): void {
    if (this.#turnChanged && options.turnEvents !== false) track(this._manageTurnEvents());
  }

  /**
   * v13 `_manageTurnEvents()`: on the active GM's client only, `_onEndTurn(prior)`,
   * `_onEndRound()`, `_onStartRound()`, `_onStartTurn(current, {round, turn, skipped})` as applicable, each awaited;
   * then `combatTurnChange` on every client. Started by updates without being awaited (use
   * `settle()`).
   */
  async _manageTurnEvents(): Promise<void> {
    if (!this.started) return;
    const previous = this.previous ?? this.current;
    if (game().users.activeGM?.isSelf) {
      const advanceRound = this.current.round > (previous.round ?? -1);
      const advanceTurn = advanceRound || (this.current.turn ?? -1) > (previous.turn ?? -1);
      const changeCombatant = this.current.combatantId !== previous.combatantId;
      if (!(advanceTurn || advanceRound || changeCombatant)) return;
      const prior = previous.combatantId ? this.combatants.get(previous.combatantId) : undefined;
      if ((advanceTurn || changeCombatant) && prior) await this._onEndTurn(prior);
      if (advanceRound && previous.round) await this._onEndRound();
      if (advanceRound) await this._onStartRound();
      const next = this.combatant;
      if ((advanceTurn || changeCombatant) && next)
        await this._onStartTurn(next, {
          round: this.current.round,
          turn: this.current.turn,
          skipped: false,
        });
    }
    callAllHooks("combatTurnChange", this, previous, this.current);
  }

  async _onEndTurn(_combatant: StandInCombatant): Promise<void> {}
  async _onEndRound(): Promise<void> {}
  async _onStartRound(): Promise<void> {}
  /** v13: `_onStartTurn(combatant, context)`, the context being the turn's `{round, turn, skipped}`. */
  async _onStartTurn(
    _combatant: StandInCombatant,
    _context?: { round: number | null; turn: number | null; skipped: boolean },
  ): Promise<void> {}

  /**
   * v13 `rollInitiative(ids, {formula, updateTurn, messageOptions})`: for each combatant the
   * user owns, `getInitiativeRoll(formula)` is evaluated; the initiatives are written with one
   * `updateEmbeddedDocuments`; with `updateTurn` the current combatant keeps the turn; one
   * chat message per roll is created (flavor, speaker, `flags.core.initiativeRoll`, the roll).
   */
  async rollInitiative(
    ids: string | string[],
    {
      formula = null,
      updateTurn = true,
      messageOptions = {},
    }: { formula?: string | null; updateTurn?: boolean; messageOptions?: Obj } = {},
  ): Promise<this> {
    const list = typeof ids === "string" ? [ids] : ids;
    const currentId = this.combatant?.id;
    const updates: Obj[] = [];
    const messages: Obj[] = [];
    for (const id of list) {
      const combatant = this.combatants.get(id);
      if (!combatant?.isOwner) continue;
      const roll = combatant.getInitiativeRoll(formula);
      await roll.evaluate();
      updates.push({ _id: id, initiative: roll.total });
      const ChatMessage = config().ChatMessage!.documentClass as {
        getSpeaker(a: Obj): Obj;
      };
      messages.push({
        speaker: ChatMessage.getSpeaker({
          actor: combatant.actor,
          token: combatant.token,
          alias: combatant.name,
        }),
        flavor: game().i18n.format("COMBAT.RollsInitiative", { name: combatant.name }),
        flags: { core: { initiativeRoll: true } },
        rolls: [roll],
        ...messageOptions,
      });
    }
    if (!updates.length) return this;
    await this.updateEmbeddedDocuments("Combatant", updates);
    if (updateTurn && currentId)
      await this.update({ turn: this.turns.findIndex((t) => t.id === currentId) });
    const ChatMessage = config().ChatMessage!.documentClass as {
      create(d: Obj[]): Promise<unknown>;
    };
    await ChatMessage.create(messages);
    return this;
  }

  async rollAll(options?: Parameters<StandInCombat["rollInitiative"]>[1]): Promise<this> {
    const ids = this.combatants.filter((c) => c.isOwner && c.initiative === null).map((c) => c.id!);
    return this.rollInitiative(ids, options);
  }

  /** v13: `{round: 1, turn: 0}`; the `combatStart` hook first. */
  async startCombat(): Promise<this> {
    const updateData = { round: 1, turn: 0 };
    callAllHooks("combatStart", this, updateData);
    await this.update(updateData);
    return this;
  }

  /** v13 `nextTurn`: the next turn (skipping defeated ones with `settings.skipDefeated`), else `nextRound`. */
  async nextTurn(): Promise<this> {
    const turn = this.turn ?? -1;
    let next: number | null = null;
    for (const [i, t] of this.turns.entries()) {
      if (i <= turn) continue;
      if (this.settings.skipDefeated && t.isDefeated) continue;
      next = i;
      break;
    }
    if (this.round === 0 || next === null || next >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn: next };
    const updateOptions = { direction: 1 };
    callAllHooks("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async previousTurn(): Promise<this> {
    if (this.turn === 0 && this.round === 0) return this;
    if (this.turn === 0 || this.turn === null) return this.previousRound();
    const updateData = { round: this.round, turn: this.turn - 1 };
    const updateOptions = { direction: -1 };
    callAllHooks("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** v13 `nextRound`: round + 1, turn 0 (the first not defeated with `skipDefeated`). */
  async nextRound(): Promise<this> {
    let turn: number | null = this.turn === null ? null : 0;
    if (this.settings.skipDefeated && turn !== null) {
      turn = this.turns.findIndex((t) => !t.isDefeated);
      if (turn === -1) {
        (
          globalThis as unknown as { ui: { notifications: { warn(m: string, o: Obj): void } } }
        ).ui.notifications.warn("COMBAT.NoneRemaining", { localize: true });
        turn = 0;
      }
    }
    const updateData = { round: this.round + 1, turn };
    const updateOptions = { direction: 1 };
    callAllHooks("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async previousRound(): Promise<this> {
    const round = Math.max(this.round - 1, 0);
    const turn = round === 0 ? null : Math.max(this.turns.length - 1, 0);
    const updateData = { round, turn };
    const updateOptions = { direction: -1 };
    callAllHooks("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** v13 asks for confirmation first; the stand-in deletes at once. */
  async endCombat(): Promise<this | undefined> {
    return this.delete();
  }
}

/**
 * Creates a combat (the active one: `game.combat`) on the canvas scene with a combatant for
 * each token (placeable or document) or actor given, as the GM would. Returns it.
 */
export async function createCombat(
  fighters: ({ document: StandInTokenDocument } | StandInTokenDocument | StandInActor | Obj)[] = [],
  data: Obj = {},
): Promise<StandInCombat> {
  const cls = config().Combat!.documentClass as typeof StandInCombat;
  const combat = (await cls.create({
    scene: canvasStandIn.scene?.id ?? null,
    active: true,
    ...data,
  })) as StandInCombat;
  const rows = fighters.map((f) => {
    const doc =
      f && typeof f === "object" && "document" in f ? (f.document as StandInTokenDocument) : f;
    if (doc instanceof StandInActor) return { actorId: doc.id };
    if (doc && (doc as StandInTokenDocument).documentName === "Token") {
      const t = doc as StandInTokenDocument;
      return { tokenId: t.id, sceneId: t.parent.id, actorId: t.actorId, hidden: t.hidden };
    }
    return doc as Obj;
  });
  if (rows.length) await combat.createEmbeddedDocuments("Combatant", rows);
  return combat;
}

// ── Installation ─────────────────────────────────────────────────────────────────────────────

const g = globalThis as unknown as { foundry: Obj & { documents?: Obj } };
g.foundry.documents = {
  ...(g.foundry.documents ?? {}),
  Combat: StandInCombat,
  Combatant: StandInCombatant,
};

/** `game.combats`: with v13's `active` and `viewed` (the active combat of the viewed scene, or without a scene). */
class StandInCombatEncounters extends Collection<StandInCombat> {
  get active(): StandInCombat | undefined {
    return this.contents.find((c) => c.active);
  }
  get viewed(): StandInCombat | null {
    const sceneId = canvasStandIn.scene?.id ?? null;
    const active = this.filter((c) => c.active);
    return active.find((c) => c.scene === sceneId) ?? active.find((c) => c.scene === null) ?? null;
  }
}

function install(): void {
  Object.assign(globalThis, { Combat: StandInCombat, Combatant: StandInCombatant });
  const gm = game();
  const combats = new StandInCombatEncounters();
  gm.combats = combats;
  Object.defineProperty(gm, "combat", {
    get: () => combats.viewed,
    enumerable: true,
    configurable: true,
  });
  const c = config();
  c.Combat = {
    documentClass: StandInCombat,
    dataModels: {},
    typeLabels: {},
    initiative: { formula: null, decimals: 2 },
  };
  c.Combatant = {
    ...(c.Combatant ?? { dataModels: {}, typeLabels: {} }),
    documentClass: StandInCombatant,
  };
  c.time = { turnTime: 0, roundTime: 0 };
}
install();
onReset(install);
