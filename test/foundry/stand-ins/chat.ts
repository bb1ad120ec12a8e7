/**
 * Stand-ins for Foundry v13's ChatMessage and Macro documents (see docs/foundry-stand-ins.md).
 * Both are stand-in Documents (data.ts): created through `create` (the system model's
 * `_preCreate`, the `preCreate…` hook, storage in `game.messages`/`game.macros`, the `create…`
 * hook on every connected client), updated through `update` (permission, `_preUpdate`,
 * `preUpdate…`, `update…` on every client).
 */
import { Collection, onReset, type StandInGame, type StandInUser } from "./globals";
import {
  ArrayField,
  BooleanField,
  DataField,
  HTMLField,
  JSONField,
  NumberField,
  ObjectField,
  SchemaField,
  StandInActor,
  StandInDocument,
  StringField,
  TypeDataField,
  type DataModel,
  type DocumentInput,
  type ModelContext,
} from "./data";
import { Roll } from "./dice";
import { canvasStandIn, StandInToken, StandInTokenDocument, type StandInScene } from "./canvas";

type Obj = Record<string, unknown>;

function game(): StandInGame {
  return (globalThis as unknown as { game: StandInGame }).game;
}

export interface Speaker {
  scene: string | null;
  actor: string | null;
  token: string | null;
  alias: string;
}

/**
 * v13 ChatMessage: `_id`, `type` ("base" unless a subtype), `system` (through
 * `CONFIG.ChatMessage.dataModels`), `author` (the User; `_source.author` is the id, initially
 * the creating user's), `timestamp`, `flavor`, `content`, `speaker`, `whisper`, `blind`,
 * `rolls` (stored as Roll JSON, initialised as Roll instances through `Roll.fromData`),
 * `sound`, `emote`, `style`, `flags`.
 */
export class StandInChatMessage extends StandInDocument {
  static override documentName = "ChatMessage";
  declare author: StandInUser | null;
  declare timestamp: number;
  declare flavor: string;
  declare content: string;
  declare speaker: Speaker;
  declare whisper: string[];
  declare blind: boolean;
  declare rolls: Roll[];
  declare style: number;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new StringField({ required: true, blank: false, nullable: true, initial: null }),
      type: new StringField({ required: true, blank: false, initial: "base" }),
      system: new TypeDataField("ChatMessage"),
      style: new NumberField({ required: true, integer: true, initial: 0, nullable: false }),
      author: new StringField({
        required: true,
        blank: false,
        nullable: false,
        initial: () => game().user.id,
      }),
      timestamp: new NumberField({ required: true, nullable: false, initial: () => Date.now() }),
      flavor: new HTMLField(),
      content: new HTMLField(),
      speaker: new SchemaField({
        scene: new StringField({ required: false, nullable: true, initial: null }),
        actor: new StringField({ required: false, nullable: true, initial: null }),
        token: new StringField({ required: false, nullable: true, initial: null }),
        alias: new StringField(),
      }),
      whisper: new ArrayField(new StringField({ required: true, blank: false })),
      blind: new BooleanField(),
      rolls: new ArrayField(new JSONField()),
      sound: new StringField({ required: false, nullable: true, initial: null }),
      emote: new BooleanField(),
      flags: new ObjectField(),
    };
  }

  override _initialize(options: Obj = {}): void {
    super._initialize(options);
    const authorId = this._source.author as string;
    this.author = (game().users.get(authorId) as StandInUser | undefined) ?? null;
    this.rolls = ((this.rolls as unknown as Obj[]) ?? []).map((data) => Roll.fromData(data));
  }

  static override _withIds(data: Obj): Obj {
    const out = { ...data };
    out._id ??= randomId();
    return out;
  }

  static override worldCollection(): Collection<unknown> {
    return game().messages as Collection<unknown>;
  }

  /** v13: the author, then (not exactly) the usual levels; a GM is owner. */
  override getUserLevel(user: { id: string; isGM: boolean }): number {
    if (user.isGM) return 3;
    if (user.id === this._source.author) return 3;
    return super.getUserLevel(user);
  }

  /**
   * v13 ChatMessage permissions: create as yourself (a GM as anyone); update and delete only
   * as the author or a GM (a player may not change the author).
   */
  override canUserModify(
    user: { id: string; isGM: boolean },
    action: "create" | "update" | "delete",
  ): boolean {
    void action;
    if (user.isGM) return true;
    return this._source.author === user.id;
  }

  /** v13: the current user wrote the message. */
  get isAuthor(): boolean {
    return game().user.id === this._source.author;
  }
  get isRoll(): boolean {
    return this.rolls.length > 0;
  }
  /** v13 `visible`: whispers only for their recipients, the author and GMs. */
  get visible(): boolean {
    const user = game().user;
    if (this.whisper.length) return user.isGM || this.isAuthor || this.whisper.includes(user.id);
    return true;
  }
  get whisperRecipients(): StandInUser[] {
    return this.whisper.map((id) => game().users.get(id)).filter((u): u is StandInUser => !!u);
  }
  /** v13 `speakerActor`: the token's actor, else the world actor of `speaker.actor`. */
  get speakerActor(): StandInActor | null {
    return StandInChatMessage.getSpeakerActor(this.speaker);
  }

  static getSpeakerActor(speaker: Partial<Speaker> | null | undefined): StandInActor | null {
    if (!speaker) return null;
    if (speaker.scene && speaker.token) {
      const scene = (game().scenes as Collection<StandInScene> | undefined)?.get(speaker.scene);
      const token = scene?.tokens.get(speaker.token);
      if (token?.actor) return token.actor;
    }
    return speaker.actor
      ? ((game().actors.get(speaker.actor) as StandInActor | undefined) ?? null)
      : null;
  }

  /**
   * v13 `ChatMessage.getSpeaker({scene, actor, token, alias})`: a given token; else a given
   * actor (its controlled or first active token on the canvas, else the actor); else a
   * controlled token; else the user's character; else the user.
   */
  static getSpeaker({
    scene,
    actor,
    token,
    alias,
  }: {
    scene?: StandInScene | null;
    actor?: StandInActor | null;
    token?: StandInToken | StandInTokenDocument | null;
    alias?: string;
  } = {}): Speaker {
    const fromToken = (t: StandInTokenDocument, a?: string): Speaker => ({
      scene: t.parent?.id ?? null,
      token: t.id,
      actor: t.actor?.id ?? null,
      alias: a || t.name,
    });
    const fromActor = (a: StandInActor, s?: StandInScene | null, al?: string): Speaker => ({
      scene: (s ?? canvasStandIn.scene)?.id ?? null,
      actor: a.id,
      token: null,
      alias: al || a.name,
    });
    if (token instanceof StandInToken) return fromToken(token.document, alias);
    if (token instanceof StandInTokenDocument) return fromToken(token, alias);
    if (actor) {
      const name = alias || actor.name;
      const tokens = actor.getActiveTokens() as StandInToken[];
      if (!tokens.length) return fromActor(actor, scene, name);
      const controlled = tokens.filter((t) => t.controlled);
      const t = controlled[0] ?? tokens[0]!;
      return fromToken(t.document, name);
    }
    const user = game().user;
    if (scene && !scene.isView) {
      const char = user.character as StandInActor | null;
      if (char) return fromActor(char, scene, alias);
      return { scene: scene.id, actor: null, token: null, alias: alias || user.name };
    }
    if (canvasStandIn.ready) {
      const controlled = canvasStandIn.tokens.controlled;
      if (controlled.length) return fromToken(controlled[0]!.document, alias);
    }
    const char = user.character as StandInActor | null;
    if (char) {
      const tokens = char.getActiveTokens(false, true) as StandInTokenDocument[];
      if (tokens.length) return fromToken(tokens[0]!, alias);
      return fromActor(char, null, alias);
    }
    return {
      scene: canvasStandIn.scene?.id ?? null,
      actor: null,
      token: null,
      alias: alias || user.name,
    };
  }

  /** `create` accepts an array, as v13's does (returning an array). */
  static override async create<T extends StandInDocument>(
    this: new (data: Obj, context?: ModelContext) => T,
    data: Obj | Obj[] | DocumentInput,
    options: Obj & { parent?: DataModel | null } = {},
  ): Promise<T | undefined> {
    const base = StandInDocument.create as unknown as (
      this: unknown,
      d: Obj,
      o: Obj,
    ) => Promise<T | undefined>;
    if (Array.isArray(data)) {
      const out: (T | undefined)[] = [];
      for (const d of data as Obj[]) out.push(await base.call(this, d, options));
      return out.filter(Boolean) as unknown as T;
    }
    const message = await base.call(this, data as Obj, options);
    // Dice So Nice animates the rolls of a new message on every client (recorded once here).
    const dice3d = game().dice3d as
      | { messageRolls?: { messageId: string; rolls: Roll[] }[] }
      | undefined;
    const msg = message as unknown as StandInChatMessage | undefined;
    if (msg && dice3d?.messageRolls && msg.rolls.length)
      dice3d.messageRolls.push({ messageId: msg.id!, rolls: msg.rolls });
    return message;
  }

  static async createDocuments(data: Obj[], options: Obj = {}): Promise<StandInChatMessage[]> {
    return (await StandInChatMessage.create(data, options)) as unknown as StandInChatMessage[];
  }

  /** `update` refuses changing the author for a player, as v13 does. */
  override async update(changes: Obj, options: Obj = {}): Promise<this | null> {
    const user = game().user;
    if (!user.isGM && "author" in changes && changes.author !== user.id)
      throw this.permissionError(user, "update");
    return super.update(changes, options);
  }
}

function randomId(): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let id = "";
  for (let i = 0; i < 16; i++) id += chars[Math.floor(Math.random() * chars.length)];
  return id;
}

// ── Macro ────────────────────────────────────────────────────────────────────────────────────

/**
 * v13 Macro: `_id`, `name`, `type` ("script" | "chat"), `author`, `img`, `scope`, `command`,
 * `folder`, `flags`; the creating user becomes its owner. `execute(scope)` runs a script macro
 * as v13 does (an async function of `speaker, actor, token, character, scope`) and returns its
 * result; a chat macro is not reproduced (throws).
 */
export class StandInMacro extends StandInDocument {
  static override documentName = "Macro";
  declare command: string;
  declare img: string;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new StringField({ required: true, blank: false, nullable: true, initial: null }),
      name: new StringField({ required: true, blank: false }),
      type: new StringField({
        required: true,
        blank: false,
        initial: "chat",
        choices: ["chat", "script"],
      }),
      author: new StringField({ required: true, blank: false, initial: () => game().user.id }),
      img: new StringField({ required: true, blank: false, initial: "icons/svg/dice-target.svg" }),
      scope: new StringField({ required: true, blank: false, initial: "global" }),
      command: new StringField({ required: true, blank: true, trim: false }),
      folder: new StringField({ required: false, nullable: true, initial: null }),
      flags: new ObjectField(),
    };
  }

  static override _withIds(data: Obj): Obj {
    const out = { ...data };
    out._id ??= randomId();
    return out;
  }

  static override worldCollection(): Collection<unknown> {
    return game().macros as Collection<unknown>;
  }

  override _onCreate(_data: Obj, _options: Obj, userId: string): void {
    this.ownership = { default: 0, ...this.ownership, [userId]: 3 };
  }

  override canUserModify(
    user: { id: string; isGM: boolean },
    action: "create" | "update" | "delete",
  ): boolean {
    // v13: anyone may create a macro; a script macro needs the MACRO_SCRIPT permission.
    if (action === "create")
      return (
        this._source.type !== "script" ||
        (user as { hasPermission?(p: string): boolean }).hasPermission?.("MACRO_SCRIPT") === true
      );
    return super.canUserModify(user, action);
  }

  async execute(scope: Obj = {}): Promise<unknown> {
    if (this._source.type !== "script")
      throw new Error("Stand-in Macro executes script macros only");
    const speaker = StandInChatMessage.getSpeaker();
    const actor = StandInChatMessage.getSpeakerActor(speaker);
    const token = speaker.token ? (canvasStandIn.tokens.get(speaker.token) ?? null) : null;
    const character = game().user.character;
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...a: unknown[]) => Promise<unknown>;
    const fn = new AsyncFunction("speaker", "actor", "token", "character", "scope", this.command);
    return fn.call(this, speaker, actor, token, character, scope);
  }
}

/**
 * Drops `data` on the hotbar's `slot` as v13's Hotbar#_onDrop does: the `hotbarDrop` hook is
 * called (`Hooks.call`, so a listener returning false takes over), then, for dropped Macro
 * data, the macro is assigned to the slot. Returns false when a listener took over.
 */
export async function dropOnHotbar(data: Obj, slot: number): Promise<boolean> {
  const hooks = (globalThis as unknown as { Hooks: { call(h: string, ...a: unknown[]): boolean } })
    .Hooks;
  const ui = (globalThis as unknown as { ui: Obj }).ui;
  if (hooks.call("hotbarDrop", ui.hotbar ?? {}, data, slot) === false) return false;
  if (data.type === "Macro" && typeof data.uuid === "string") {
    const id = data.uuid.split(".").at(-1)!;
    const macro = (game().macros as Collection<StandInMacro>).get(id);
    if (macro) await game().user.assignHotbarMacro(macro, slot);
  }
  return true;
}

// ── Installation ─────────────────────────────────────────────────────────────────────────────

/** What the chat log stand-in reads of its scrolling element (an HTMLElement in a browser). */
export interface ScrollingElement {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  querySelectorAll?(selector: string): Iterable<{
    complete?: boolean;
    addEventListener?(type: string, fn: () => void, options?: object): void;
  }>;
}

/**
 * v13's ChatLog (`ui.chat`), the part the system uses, over one scrolling log element:
 * `isAtBottom` (the log scrolled to its end, within a pixel) and `scrollBottom({waitImages})`
 * (waits for the log's images to load, then scrolls to the end). Not installed by default, as
 * without the sidebar; a test sets `ui.chat = new StandInChatLog(element)`. Every call is
 * recorded in `scrolls`. Left out: the popout, the chat notifications, `postOne` and the
 * message rendering itself.
 */
export class StandInChatLog {
  readonly scrolls: { popout?: boolean; waitImages?: boolean }[] = [];
  constructor(readonly log: ScrollingElement) {}

  get isAtBottom(): boolean {
    const { scrollTop, scrollHeight, clientHeight } = this.log;
    return scrollHeight - clientHeight - scrollTop <= 1;
  }

  async scrollBottom(options: { popout?: boolean; waitImages?: boolean } = {}): Promise<void> {
    this.scrolls.push({ ...options });
    if (options.waitImages && this.log.querySelectorAll) {
      const pending = [...this.log.querySelectorAll("img")].filter((img) => img.complete === false);
      await Promise.all(
        pending.map(
          (img) =>
            new Promise<void>((resolve) => {
              img.addEventListener?.("load", resolve, { once: true });
              img.addEventListener?.("error", resolve, { once: true });
            }),
        ),
      );
    }
    this.log.scrollTop = this.log.scrollHeight;
  }
}

const g = globalThis as unknown as { foundry: Obj & { documents?: Obj } };
g.foundry.documents = {
  ...(g.foundry.documents ?? {}),
  ChatMessage: StandInChatMessage,
  Macro: StandInMacro,
};

function install(): void {
  Object.assign(globalThis, { ChatMessage: StandInChatMessage, Macro: StandInMacro });
  const gm = game();
  gm.messages = new Collection<StandInChatMessage>();
  gm.macros = new Collection<StandInMacro>();
  const config = (globalThis as unknown as { CONFIG: Record<string, Obj | undefined> }).CONFIG;
  config.ChatMessage!.documentClass = StandInChatMessage;
  config.Macro = { documentClass: StandInMacro, dataModels: {}, typeLabels: {} };
  const ui = (globalThis as unknown as { ui: Obj }).ui;
  ui.hotbar ??= { page: 1 };
}
install();
onReset(install);
