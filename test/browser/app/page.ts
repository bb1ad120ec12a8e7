/**
 * The page script of the class tests (test/browser/sheet-classes.test.ts), bundled by
 * ./bundle.ts: the Foundry stand-ins (test/foundry/stand-ins, in their DOM mode: see
 * docs/foundry-stand-ins.md) and the system's real actor sheet, item sheet, attack and defence
 * dialogs, set up as the system's `init` does (data models, sheets, partials). It exposes
 * `window.bbb` (`PageApi`): set-up steps that open a sheet or dialog on stand-in documents,
 * `settle()` (the renders and handlers Foundry starts without awaiting), and read-outs of the
 * documents, notifications and dialog results for the assertions. Playwright does the clicks,
 * typing and drops on the rendered DOM.
 */
import "../../foundry/stand-ins";
import { addUser, resetStandIns, settle, standIns, track } from "../../foundry/stand-ins/globals";
import { StandInChatLog } from "../../foundry/stand-ins/chat";
import {
  makeActor,
  StandInCompendium,
  updateLog,
  type StandInActor,
} from "../../foundry/stand-ins/data";
import {
  DialogV2,
  OWNERSHIP,
  SettingsConfig,
  resetApplications,
} from "../../foundry/stand-ins/applications";
import { registerDataModels } from "../../../src/foundry/data";
import { registerSheets } from "../../../src/foundry/sheets/register";
import {
  CharacterSheet,
  CreatureSheet,
} from "../../../src/foundry/rulesets/hm3/sheets/actor/actor-sheet";
import { Hm3ItemSheet } from "../../../src/foundry/rulesets/hm3/sheets/item/item-sheet";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import {
  dogSystem,
  DOG_ITEMS,
  KNIGHT_ITEMS,
  KNIGHT_SYSTEM,
} from "../../foundry/actor-sheet-fixtures";
import { attackInput, defenceInput } from "../../foundry/dialogs/fixtures";
import type { SheetItem } from "../../../src/foundry/rulesets/hm3/sheets/actor/context";
import { registerCombatSettings } from "../../../src/foundry/combat/settings";
import { registerQueries } from "../../../src/foundry/combat/queries";
import { onRenderChatMessageHTML, preloadChatTemplates } from "../../../src/foundry/chat/render";
import * as Cards from "../../foundry/chat/fixtures";
import { M2mActorSheet } from "../../../src/foundry/rulesets/m2m/sheets/actor/actor-sheet";
import { M2mItemSheet } from "../../../src/foundry/rulesets/m2m/sheets/item/item-sheet";
import {
  chainItems,
  friedrickBlock,
  friedrickItems,
} from "../../foundry/rulesets/m2m/sheet-fixtures";
import {
  HmzdCharacterSheet,
  HmzdCreatureSheet,
} from "../../../src/foundry/rulesets/hmzd/sheets/actor-sheet";
import { HmzdItemSheet } from "../../../src/foundry/rulesets/hmzd/sheets/item-sheet";
import { hmzdKnightItems, hmzdKnightBlock } from "../../foundry/rulesets/hmzd/sheet-fixtures";

type Obj = Record<string, unknown>;

interface Closable {
  id: string;
  close(): Promise<unknown>;
  tabGroups: Record<string, string | null>;
  element: HTMLElement;
}

const state: {
  apps: Closable[];
  actor: StandInActor | null;
  dialog: { settled: boolean; value: unknown } | null;
} = { apps: [], actor: null, dialog: null };

function actorData(type: "character" | "creature", items: readonly SheetItem[]) {
  return {
    _id: type === "character" ? "actorKnight00001" : "actorDog00000001",
    name: type === "character" ? "Sir Aldric" : "Grip",
    type,
    system: structuredClone(type === "character" ? KNIGHT_SYSTEM : dogSystem()) as unknown as Obj,
    items: items.map((i) => ({
      _id: i.id,
      name: i.name,
      type: i.type,
      system: structuredClone(i.system) as unknown as Obj,
    })),
  };
}

function currentActor(): StandInActor {
  if (!state.actor) throw new Error("No actor: open a sheet first");
  return state.actor;
}

async function open<T extends Closable>(app: T, render: () => Promise<unknown>): Promise<T> {
  state.apps.push(app);
  await render();
  return app;
}

const api = {
  /** A fresh world: stand-ins reset, data models and sheets registered, the page emptied. */
  async reset(): Promise<void> {
    for (const app of state.apps.splice(0)) await app.close();
    document.body.replaceChildren();
    state.actor = null;
    state.dialog = null;
    resetStandIns();
    resetApplications();
    registerDataModels();
    await registerSheets();
  },

  /** Waits for the work started without awaiting (renders, handlers); throws what failed. */
  settle,

  /**
   * Sir Aldric (character) or Grip (creature) with their items, in `game.actors`, and the
   * actor's sheet rendered. `permission` is the level of a player who becomes the current user
   * (default: the GM, who owns everything).
   */
  async openActorSheet(
    type: "character" | "creature",
    permission: number | null = null,
  ): Promise<{ id: string; actorId: string }> {
    const actor = makeActor(actorData(type, type === "character" ? KNIGHT_ITEMS : DOG_ITEMS));
    standIns.game.actors.set(actor.id!, actor);
    if (permission !== null) {
      const player = addUser({ id: "player0000000001", name: "Player" });
      actor.ownership = { default: 0, [player.id]: permission };
      standIns.game.user = player;
    }
    state.actor = actor;
    const Sheet = type === "character" ? CharacterSheet : CreatureSheet;
    const sheet = new Sheet({ document: actor as never }) as unknown as Closable & {
      render(o: Obj): Promise<unknown>;
    };
    await open(sheet, () => sheet.render({ force: true }));
    return { id: sheet.id, actorId: actor.id! };
  },

  /** The sheet of the actor's item `itemId`, rendered. */
  async openItemSheet(itemId: string): Promise<{ id: string }> {
    const item = currentActor().items.get(itemId, { strict: true });
    const sheet = new Hm3ItemSheet({ document: item as never }) as unknown as Closable & {
      render(o: Obj): Promise<unknown>;
    };
    await open(sheet, () => sheet.render({ force: true }));
    return { id: sheet.id };
  },

  /**
   * A GURPS Man to Man world (setting `blow-by-blow.ruleset` = m2m) with Fiendish Friedrick
   * and his gear (test/foundry/rulesets/m2m/sheet-fixtures.ts), and his M2mActorSheet rendered.
   * `permission`: as for `openActorSheet`; `gear`: his book gear, or chainmail pieces with his
   * large shield instead of his scale armour (`chainItems`); `type`: a creature has the same
   * block with its hit-location plan (the human one); `extraItems`: more items of his (`_id`,
   * `name`, `type`, `system`).
   */
  async openM2mActorSheet(
    permission: number | null = null,
    gear: "book" | "chain" = "book",
    type: "character" | "creature" = "character",
    extraItems: Obj[] = [],
  ): Promise<{ id: string; actorId: string }> {
    registerCombatSettings();
    await standIns.game.settings.set("blow-by-blow", "ruleset", "m2m");
    const actor = makeActor({
      _id: "actorFriedrick01",
      name: "Fiendish <i>Friedrick</i>",
      type,
      system: {
        m2m:
          type === "creature" ? { ...friedrickBlock(), bodyPlan: "m2m-human" } : friedrickBlock(),
        description: "<p>A mercenary.</p>",
      } as unknown as Obj,
      items: (gear === "chain" ? chainItems() : friedrickItems())
        .map((i) => ({
          _id: i.id,
          name: i.name,
          type: i.type,
          system: structuredClone(i.system) as unknown as Obj,
        }))
        .concat(extraItems as never[]),
    });
    standIns.game.actors.set(actor.id!, actor);
    if (permission !== null) {
      const player = addUser({ id: "player0000000001", name: "Player" });
      actor.ownership = { default: 0, [player.id]: permission };
      standIns.game.user = player;
    }
    state.actor = actor;
    const sheet = new M2mActorSheet({ document: actor as never }) as unknown as Closable & {
      render(o: Obj): Promise<unknown>;
    };
    await open(sheet, () => sheet.render({ force: true }));
    return { id: sheet.id, actorId: actor.id! };
  },

  /** The M2mItemSheet of the actor's item `itemId`, rendered. */
  async openM2mItemSheet(itemId: string): Promise<{ id: string }> {
    const item = currentActor().items.get(itemId, { strict: true });
    const sheet = new M2mItemSheet({ document: item as never }) as unknown as Closable & {
      render(o: Obj): Promise<unknown>;
    };
    await open(sheet, () => sheet.render({ force: true }));
    return { id: sheet.id };
  },

  /**
   * A zone-die world (setting `blow-by-blow.ruleset` = hmzd): Sir Aldric (or Grip, the dog)
   * with zone-die blocks on him and his weapons and injuries (test/foundry/rulesets/hmzd/
   * sheet-fixtures.ts), and his zone-die actor sheet rendered.
   */
  async openHmzdActorSheet(
    type: "character" | "creature" = "character",
  ): Promise<{ id: string; actorId: string }> {
    registerCombatSettings();
    await standIns.game.settings.set("blow-by-blow", "ruleset", "hmzd");
    const base = actorData(type, type === "character" ? KNIGHT_ITEMS : DOG_ITEMS);
    const actor = makeActor({
      ...base,
      system: { ...base.system, hmzd: hmzdKnightBlock() } as unknown as Obj,
      items: hmzdKnightItems(base.items) as never[],
    });
    standIns.game.actors.set(actor.id!, actor);
    state.actor = actor;
    const Sheet = type === "character" ? HmzdCharacterSheet : HmzdCreatureSheet;
    const sheet = new Sheet({ document: actor as never }) as unknown as Closable & {
      render(o: Obj): Promise<unknown>;
    };
    await open(sheet, () => sheet.render({ force: true }));
    return { id: sheet.id, actorId: actor.id! };
  },

  /** The zone-die item sheet of the actor's item `itemId`, rendered. */
  async openHmzdItemSheet(itemId: string): Promise<{ id: string }> {
    const item = currentActor().items.get(itemId, { strict: true });
    const sheet = new HmzdItemSheet({ document: item as never }) as unknown as Closable & {
      render(o: Obj): Promise<unknown>;
    };
    await open(sheet, () => sheet.render({ force: true }));
    return { id: sheet.id };
  },

  /** The stored data of the actor's item `itemId`. */
  itemSource(itemId: string): Obj {
    return currentActor().items.get(itemId, { strict: true })!.toObject() as Obj;
  },

  /** A system compendium pack of Items (`blow-by-blow.<name>`) holding these sources. */
  addItemPack(name: string, sources: Obj[]): string {
    const id = `blow-by-blow.${name}`;
    const pack = new StandInCompendium({
      id,
      documentName: "Item",
      packageType: "system",
      sources: sources as never,
    });
    standIns.game.packs.set(id, pack);
    return id;
  },

  /** The actor's stored data, its items' included. */
  actorSource(): Obj {
    return currentActor().toObject() as Obj;
  },

  /** The ids and names of the actor's items. */
  itemNames(): { id: string; name: string; type: string }[] {
    return currentActor().items.map((i) => ({ id: i.id!, name: i.name, type: i.type }));
  },

  /** Every update the documents received (`{uuid, changes}`), in order. */
  updates(): { uuid: string; changes: unknown }[] {
    return updateLog.map((u) => ({ uuid: u.uuid, changes: u.changes }));
  },

  /** The chat messages posted (their HTML content). */
  messages(): string[] {
    return (standIns.game.messages?.contents ?? []).map((m) => String(m.content));
  },

  /** The notifications shown (type and text). */
  notifications(): { type: string; message: string }[] {
    return standIns.notifications.messages.map((m) => ({ type: m.type, message: m.message }));
  },

  /** The confirmations asked (DialogV2.confirm) and the answers to give next. */
  confirmations(): number {
    return DialogV2.calls.length;
  },
  answerConfirm(answer: boolean): void {
    DialogV2.answers.push(answer);
  },

  /** The reload prompts asked (v13 SettingsConfig.reloadConfirm), with their options. */
  reloadPrompts(): Record<string, unknown>[] {
    return SettingsConfig.reloadCalls.map((c) => ({ ...c }));
  },

  /** The tab groups of the app `id`. */
  tabGroups(id: string): Record<string, string | null> {
    const app = state.apps.find((a) => a.id === id);
    if (!app) throw new Error(`No app ${id}`);
    return { ...app.tabGroups };
  },

  /** Whether the app `id` is open (its element in the page). */
  isOpen(id: string): boolean {
    return document.getElementById(id) !== null;
  },

  /** Opens the attack dialog (Sir Aldric against a brigand, dialogs/fixtures.ts). */
  async openAttackDialog(): Promise<{ id: string }> {
    state.dialog = { settled: false, value: undefined };
    const dialog = state.dialog;
    let app: AttackDialog | null = null;
    const done = new Promise<unknown>((resolve) => {
      app = new AttackDialog(attackInput(), resolve);
    });
    void done.then((value) => Object.assign(dialog, { settled: true, value }));
    const opened = app! as unknown as Closable & { render(o: Obj): Promise<unknown> };
    await open(opened, () => opened.render({ force: true }));
    return { id: opened.id };
  },

  /** Opens the defence dialog for the card option `optionId` (dialogs/fixtures.ts). */
  async openDefenceDialog(optionId: string): Promise<{ id: string }> {
    state.dialog = { settled: false, value: undefined };
    const dialog = state.dialog;
    let app: DefenceDialog | null = null;
    const done = new Promise<unknown>((resolve) => {
      app = new DefenceDialog(defenceInput(optionId), resolve);
    });
    void done.then((value) => Object.assign(dialog, { settled: true, value }));
    const opened = app! as unknown as Closable & { render(o: Obj): Promise<unknown> };
    await open(opened, () => opened.render({ force: true }));
    return { id: opened.id };
  },

  /**
   * Opens the HârnMaster Gold options menu (issue 19) as the settings window's button does:
   * the class `registerCombatSettings` registered with `game.settings.registerMenu`.
   */
  async openGoldMenu(): Promise<{ id: string }> {
    registerCombatSettings();
    const menu = standIns.game.settings.menus.get("blow-by-blow.hm3.goldMenu");
    if (!menu) throw new Error("the HârnMaster Gold menu is not registered");
    const App = menu.type as new () => Closable & { render(o: Obj): Promise<unknown> };
    const app = new App();
    await open(app, () => app.render({ force: true }));
    return { id: app.id };
  },

  /**
   * Sets a world setting of the system (the combat settings registered first, as at `init`):
   * `hm3.disengaging` for HârnMaster Gold's Disengage button.
   */
  async setSetting(key: string, value: unknown): Promise<void> {
    registerCombatSettings();
    await standIns.game.settings.set("blow-by-blow", key, value as never);
  },

  /**
   * A foe for HârnMaster Gold's Disengage: a Brigand (owned by the GM only) whose token the
   * current user targets (the stand-in target: what the action reads, `document.actor`).
   */
  targetBrigand(): void {
    const brigand = makeActor({
      _id: "actorBrigand0001",
      name: "Brigand",
      type: "character",
      system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
    });
    standIns.game.actors.set(brigand.id!, brigand);
    (standIns.game.user.targets as Set<unknown>).add({ document: { actor: brigand } });
  },

  /**
   * Renders the last chat message into the page as v13 does (`renderChatMessageHTML`: the
   * system's hook, which lets each ruleset wire its own cards); returns the element's id.
   */
  renderLastMessage(): string {
    registerQueries();
    const message = standIns.game.messages!.contents.at(-1)!;
    const li = document.createElement("li");
    li.id = `chat-${message.id}`;
    li.className = "chat-message";
    const content = document.createElement("div");
    content.className = "message-content";
    content.innerHTML = String(message.content);
    li.append(content);
    document.getElementById(li.id)?.remove();
    document.body.append(li);
    const filling = onRenderChatMessageHTML(message as never, li);
    if (filling) track(filling);
    return li.id;
  },

  /** A world setting of the system, as `game.settings.get` reads it. */
  setting(key: string): unknown {
    return standIns.game.settings.get("blow-by-blow", key);
  },

  /** How the last dialog's promise settled (`value` null when closed without submitting). */
  dialogResult(): { settled: boolean; value: unknown } | null {
    return state.dialog ? { ...state.dialog } : null;
  },

  /**
   * A chat sidebar holding `count` earlier messages in a scrolling log (`ui.chat`, a
   * StandInChatLog over it), scrolled to the bottom or, with `scrolledUp`, to the top.
   */
  async openChatLog(count: number, scrolledUp: boolean): Promise<void> {
    registerCombatSettings();
    await preloadChatTemplates();
    const sidebar = document.createElement("section");
    sidebar.className = "chat-sidebar";
    sidebar.innerHTML = `<ol class="chat-log" style="height: 360px; width: 300px; overflow-y: auto; margin: 0; padding: 0; list-style: none; background: #eee"></ol>`;
    const log = sidebar.firstElementChild as HTMLElement;
    for (let i = 1; i <= count; i++) {
      const li = document.createElement("li");
      li.className = "chat-message";
      li.innerHTML = `<div class="message-content"><p>Earlier message ${i}</p></div>`;
      log.append(li);
    }
    document.body.append(sidebar);
    const ui = (globalThis as unknown as { ui: Obj }).ui;
    ui.chat = new StandInChatLog(log);
    log.scrollTop = scrolledUp ? 0 : log.scrollHeight;
  },

  /**
   * Posts an exchange card (chat/fixtures.ts: declared, awaiting the defence) as v13's
   * ChatLog#postOne does: the message's HTML is built and `renderChatMessageHTML` called
   * (the system fills the card without being awaited), the still empty message appended, and
   * the log scrolled to the bottom if it was there.
   */
  async postCard(): Promise<void> {
    const chat = (globalThis as unknown as { ui: { chat: StandInChatLog } }).ui.chat;
    const log = chat.log as unknown as HTMLElement;
    const li = document.createElement("li");
    li.className = "chat-message message";
    li.dataset.messageId = "message000000001";
    li.innerHTML = `<header class="message-header">Gamemaster</header><div class="message-content"></div>`;
    const message = {
      id: "message000000001",
      type: "exchange",
      system: Cards.awaiting(),
      author: { isGM: true },
    };
    const filling = onRenderChatMessageHTML(message, li);
    if (filling) track(filling);
    const wasAtBottom = chat.isAtBottom;
    log.append(li);
    if (wasAtBottom) await chat.scrollBottom({ waitImages: true });
  },

  /** The log's scroll state and the posted card's height. */
  chatLogState(): { atBottom: boolean; scrollTop: number; cardHeight: number; filled: boolean } {
    const chat = (globalThis as unknown as { ui: { chat: StandInChatLog } }).ui.chat;
    const card = document.querySelector<HTMLElement>('[data-message-id="message000000001"]');
    return {
      atBottom: chat.isAtBottom,
      scrollTop: (chat.log as unknown as HTMLElement).scrollTop,
      cardHeight: card?.getBoundingClientRect().height ?? 0,
      filled: card?.querySelector(".exchange-card") !== null,
    };
  },

  OWNERSHIP,
};

export type PageApi = typeof api;

declare global {
  interface Window {
    /** The class tests' page API (test/browser/app/page.ts). */
    bbb: PageApi;
  }
}

window.bbb = api;
