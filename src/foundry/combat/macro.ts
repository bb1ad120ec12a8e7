/**
 * Hotbar attack macros: a weapon or missile weapon of an actor dragged to the hotbar becomes
 * a script macro named after it (reused when the user already has one with the same
 * command) that attacks with that item: `game.blowByBlow.attackWithItem(uuid)`, which is
 * `attackWithItem` below (the entry point exposes it).
 */
import { escapeData } from "./query-common";
import { attack } from "./actions";

/** The item types that attack (the sheets' weapon and missile buttons). */
export const ATTACK_ITEM_TYPES: readonly string[] = Object.freeze(["weapon", "missile"]);

const KEY = Object.freeze({
  noItem: "BLOWBYBLOW.Dialog.Macro.noItem",
  noActor: "BLOWBYBLOW.Dialog.Macro.noActor",
  failed: "BLOWBYBLOW.Dialog.Macro.failed",
  noScriptPermission: "BLOWBYBLOW.Dialog.Macro.noScriptPermission",
});

/** The script of an attack macro; the uuid is written as a JSON string, safe whatever it holds. */
export function attackMacroCommand(itemUuid: string): string {
  return `await game.blowByBlow.attackWithItem(${JSON.stringify(itemUuid)});`;
}

/** An item as the macro code reads it. */
export interface MacroItem {
  id: string | null;
  uuid: string;
  name: string;
  img?: string | null;
  type: string;
  documentName?: string;
  parent?: MacroActor | null;
}

/** The item's actor (a world actor or an unlinked token's synthetic actor). */
export interface MacroActor {
  uuid: string;
  name: string;
  documentName?: string;
  /** The token of a synthetic actor. */
  token?: { uuid: string } | null;
  getActiveTokens?(linked?: boolean, document?: boolean): unknown[];
}

/** Whether an item attacks: a weapon or missile weapon carried by an actor. */
export function isAttackItem(item: unknown): item is MacroItem & { parent: MacroActor } {
  const i = item as MacroItem | null | undefined;
  return (
    !!i &&
    i.documentName === "Item" &&
    ATTACK_ITEM_TYPES.includes(String(i.type)) &&
    i.parent?.documentName === "Actor"
  );
}

interface MacroLike {
  id: string | null;
  command?: string | null;
  isOwner?: boolean;
}

interface MacroApi {
  macros: { find(fn: (m: MacroLike) => boolean): MacroLike | undefined } | undefined;
  create(data: object): Promise<MacroLike | undefined>;
  assign(macro: MacroLike, slot: number): Promise<unknown>;
}

/**
 * `game.macros`, `Macro.implementation.create`, `game.user.assignHotbarMacro`, behind MacroApi
 * (the tests' stand-in): the real Macro satisfies MacroLike, but MacroApi hands MacroLike back to
 * `assign` and plain data to `create`, which fvtt-types type as Macro and Macro.CreateData.
 */
function macroApi(): MacroApi {
  return {
    macros: game.macros as unknown as MacroApi["macros"],
    create: (data) =>
      Macro.implementation.create(data as never) as unknown as Promise<MacroLike | undefined>,
    assign: (macro, slot) => game.user!.assignHotbarMacro(macro as never, slot as never),
  };
}

/**
 * The attack macro of an item put in a hotbar slot: the user's macro with the same command
 * when there is one, else a new script macro named after the item, with its image.
 */
export async function assignAttackMacro(
  item: MacroItem,
  slot: number,
  api: MacroApi = macroApi(),
): Promise<MacroLike | null> {
  const command = attackMacroCommand(item.uuid);
  let macro = api.macros?.find((m) => m.command === command && m.isOwner !== false) ?? null;
  macro ??=
    (await api.create({
      name: item.name,
      type: "script",
      img: item.img ?? undefined,
      command,
      flags: { "blow-by-blow": { attackItem: item.uuid } },
    })) ?? null;
  if (!macro) return null;
  await api.assign(macro, slot);
  return macro;
}

/** The dropped document, found synchronously (a world or actor item; compendium entries skip). */
function findSync(uuid: string): unknown {
  try {
    // fvtt-types takes only UUIDs typed `Actor.${string}`…; a dropped one is a plain string.
    return fromUuidSync(uuid as never);
  } catch {
    return null;
  }
}

/**
 * The hotbar drop: an attacking item of an actor makes (or reuses) its attack macro in the
 * slot and core's default (an item macro that opens the sheet) is stopped (`false`); any
 * other drop is left to core.
 */
export function onHotbarDrop(_bar: unknown, data: unknown, slot: number): boolean | void {
  const d = data as { type?: unknown; uuid?: unknown } | null;
  if (d?.type !== "Item" || typeof d.uuid !== "string") return;
  const item = findSync(d.uuid);
  if (!isAttackItem(item)) return;
  // A user whose role the world forbids script macros (v13 permission MACRO_SCRIPT) could
  // neither make nor run one: told so, nothing is made.
  const user = game.user as { hasPermission?(permission: string): boolean } | null;
  if (user?.hasPermission?.("MACRO_SCRIPT") === false) {
    ui.notifications?.warn(format(KEY.noScriptPermission, { name: item.name }));
    return false;
  }
  void assignAttackMacro(item, slot).catch((error: unknown) => {
    console.error("Blow by Blow | hotbar macro", error);
    ui.notifications?.warn(format(KEY.failed, { name: item.name }));
  });
  return false;
}

export function registerHotbarDrop(): void {
  Hooks.on("hotbarDrop", (bar, data, slot) => onHotbarDrop(bar, data, slot));
}

function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

/** A localised notification; the data's values (names: user text) are escaped (review m5). */
function format(key: string, data: Record<string, string>): string {
  return game.i18n?.format(key, escapeData(data)) ?? key;
}

interface ControlledToken {
  actor?: unknown;
  document?: { uuid: string };
}

/**
 * The token an item's actor attacks from: a synthetic actor's own token; for a world actor
 * the token of it the user controls, else its only token on the viewed scene; else none
 * (the attack then names the actor only).
 */
export function attackerToken(actor: MacroActor, controlled: readonly ControlledToken[]) {
  if (actor.token) return actor.token.uuid;
  const mine = controlled.find(
    (t) => (t.actor as { uuid?: string } | null)?.uuid === actor.uuid && t.document,
  );
  if (mine?.document) return mine.document.uuid;
  const tokens = (actor.getActiveTokens?.(true, true) ?? []) as { uuid?: string }[];
  return tokens.length === 1 && tokens[0]?.uuid ? tokens[0].uuid : null;
}

/**
 * What an attack macro runs: the item is looked up now (a deleted item or one no longer
 * carried is reported), then the attack starts from its actor with it chosen.
 */
export async function attackWithItem(itemUuid: string): Promise<unknown> {
  let item: unknown = null;
  try {
    // A macro's UUID is a plain string (fvtt-types takes `Item.${string}`…); checked below.
    item = await fromUuid(itemUuid as never);
  } catch {
    item = null;
  }
  const found = item as MacroItem | null;
  if (!found || found.documentName !== "Item") {
    ui.notifications?.warn(localize(KEY.noItem));
    return null;
  }
  const actor = found.parent;
  if (!actor || actor.documentName !== "Actor") {
    ui.notifications?.warn(format(KEY.noActor, { name: found.name }));
    return null;
  }
  const controlled: readonly ControlledToken[] = canvas?.tokens?.controlled ?? [];
  return attack({
    actorUuid: actor.uuid,
    tokenUuid: attackerToken(actor, controlled),
    itemId: found.id,
  });
}
