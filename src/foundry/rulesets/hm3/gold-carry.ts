/**
 * HârnMaster Gold state carried across turns in Foundry (src/rules/hm3/gold/carry.ts; rulings
 * G75-G78): a Dodge without a DTA (seed 000 lines 96-98), the weapons that just struck (strike
 * recovery, 000:340-342) and a tangle penalty (000:272, 278).
 *
 * - Kept in the fighter's actor flag `flags["blow-by-blow"].carried` (`{combat, dodged?,
 *   recovery?, tangled?}`, the combat it belongs to): it survives a reload, and the snapshot
 *   the flow builds declarations from carries it only while that combat runs
 *   (`FighterSnapshot.carried`, src/foundry/combat/snapshot.ts), so the GM's client rebuilds
 *   the same declaration. Outside a combat nothing is recorded: the dialog's rows are declared
 *   by hand, as before.
 * - Written only by the active GM's client: as an exchange card resolves (the ruleset's `resolved`,
 *   once per card: its flag `carried`), as the bearer's turn starts or ends in the tracker
 *   (`turnEvent`), when the combat is deleted (`combatEnded`), and when a GM clears it from the
 *   tracker (the row's clear button, GM only, checked at the click).
 * - Shown in the combat tracker under the combatant's name (`trackerMarkup`), to everyone.
 */
import type { ExchangeCard } from "../../../core/flow";
import {
  carriedAtTurn,
  carryAfter,
  carriesNothing,
  readCarried,
  type Carried,
  type SettledExchange,
} from "../../../rules/hm3/gold/carry";
import { goldOn, type GoldOptions } from "../../../rules/hm3/gold/options";
import { sideItems } from "../../combat/apply";
import { sideActor } from "../../combat/permissions";
import type { MessageLike } from "../../combat/query-common";
import { escapeHtml } from "../../sheets/common";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Whether this client is the active GM's (the one that writes for everyone). */
function isActiveGM(): boolean {
  const g = (
    globalThis as {
      game?: { user?: { id: string | null }; users?: { activeGM?: { id: string | null } | null } };
    }
  ).game;
  const gm = g?.users?.activeGM;
  return !!gm && gm.id === g?.user?.id;
}

/** The flag (scope `blow-by-blow`) on the actor and on a settled card. */
export const CARRIED_FLAG = "carried";

/** An actor as this module reads and writes it. */
export interface CarryActorLike {
  uuid: string;
  flags?: unknown;
  items?: Iterable<{ id: string | null; name: string }>;
  update?(changes: Obj): Promise<unknown>;
}

/** A combat as this module reads it. */
export interface CarryCombatLike {
  id: string | null;
  started: boolean;
  combatants: Iterable<{ actor: CarryActorLike | null }>;
}

/** The lang keys of the tracker line. */
export const CARRY_KEYS = Object.freeze({
  label: "BLOWBYBLOW.HM3.Gold.Carry.label",
  dodged: "BLOWBYBLOW.HM3.Gold.Carry.dodged",
  recovery: "BLOWBYBLOW.HM3.Gold.Carry.recovery",
  tangled: "BLOWBYBLOW.HM3.Gold.Carry.tangled",
  clear: "BLOWBYBLOW.HM3.Gold.Carry.clear",
});

/** The stored flag: its combat id and what is carried; null when none. */
export function storedCarry(
  actor: { flags?: unknown } | null,
): (Carried & { combat: string }) | null {
  const own = isObj(actor?.flags) ? actor.flags["blow-by-blow"] : undefined;
  const c = isObj(own) ? own[CARRIED_FLAG] : undefined;
  if (!isObj(c) || typeof c.combat !== "string") return null;
  return { combat: c.combat, ...readCarried(c) };
}

/** What the actor carries in `combatId` (nothing when its flag belongs to another combat). */
export function carriedIn(actor: { flags?: unknown } | null, combatId: string | null): Carried {
  const s = storedCarry(actor);
  return s && s.combat === combatId ? readCarried(s) : {};
}

/** The actor update storing `carried` for `combatId` (nothing carried: the flag emptied). */
export function carryUpdate(combatId: string, carried: Carried): Obj {
  return {
    [`flags.blow-by-blow.${CARRIED_FLAG}`]: carriesNothing(carried)
      ? null
      : { combat: combatId, ...carried },
  };
}

function sameCarry(a: Carried, b: Carried): boolean {
  return JSON.stringify(readCarried(a)) === JSON.stringify(readCarried(b));
}

async function write(actor: CarryActorLike, combatId: string, carried: Carried): Promise<void> {
  const now = storedCarry(actor);
  if (!now && carriesNothing(carried)) return;
  if (now?.combat === combatId && sameCarry(carriedIn(actor, combatId), carried)) return;
  await actor.update?.(carryUpdate(combatId, carried));
}

/** The started combat the actor fights in (the viewed one first), or null. */
export function runningCombatOf(actorUuid: string): CarryCombatLike | null {
  const g = (globalThis as { game?: { combat?: unknown; combats?: Iterable<unknown> } }).game;
  const fights = (c: unknown): c is CarryCombatLike =>
    isObj(c) &&
    (c as unknown as CarryCombatLike).started === true &&
    [...(c as unknown as CarryCombatLike).combatants].some((x) => x.actor?.uuid === actorUuid);
  if (fights(g?.combat)) return g.combat;
  for (const c of g?.combats ?? []) if (fights(c)) return c;
  return null;
}

// ── An exchange resolved ─────────────────────────────────────────────────────────────────────

/** What the card tells of the resolved exchange (its declaration, result, items). */
export function settledExchange(card: ExchangeCard): SettledExchange | null {
  const result = card.result as Obj | null;
  const decl = card.declaration as Obj | null;
  if (!isObj(result) || !isObj(decl)) return null;
  const items = sideItems(card);
  const tangle = isObj(result.tangle) ? result.tangle : null;
  const rules = isObj(card.context?.rules) ? card.context.rules : null;
  return {
    options: (isObj(decl.options) ? decl.options : {}) as Readonly<Partial<GoldOptions>>,
    attackType: result.attackType === "missile" ? "missile" : "melee",
    attackItemId: items.attacker,
    doubleItemId: typeof rules?.doubleItemId === "string" ? rules.doubleItemId : null,
    defenceType: typeof result.defenceType === "string" ? result.defenceType : "ignore",
    defenceItemId: result.defenceType === "counterstrike" ? items.defender : null,
    tacticalAdvantage:
      typeof result.tacticalAdvantage === "string" ? result.tacticalAdvantage : null,
    tanglePenalty:
      tangle?.success === true && typeof tangle.penalty === "number" ? tangle.penalty : 0,
  };
}

const CARRIED_OPTIONS = ["dodging", "strikeRecovery", "pairedWeapons"] as const;
/** Cards settled by this client (a second hook before the card's flag is written). */
const settling = new Set<string>();

/**
 * The active GM's client, once per resolved card (its flag `carried`): each side fighting in a
 * running combat carries what the exchange left it (carry.ts `carryAfter`).
 */
export async function carryResolved(message: MessageLike, card: ExchangeCard): Promise<void> {
  if (!isActiveGM() || !message.id || settling.has(message.id)) return;
  const own = isObj(message.flags?.["blow-by-blow"]) ? message.flags["blow-by-blow"] : {};
  if (own[CARRIED_FLAG] === true) return;
  if (card.state !== "resolved" && card.state !== "applied") return;
  const ex = settledExchange(card);
  if (!ex || !CARRIED_OPTIONS.some((id) => goldOn(ex.options, id))) return;
  settling.add(message.id);
  try {
    await message.update({ [`flags.blow-by-blow.${CARRIED_FLAG}`]: true });
    const actors = {
      attacker: (await sideActor(card.attacker)) as CarryActorLike | null,
      defender: (await sideActor(card.defender)) as CarryActorLike | null,
    };
    const combats = {
      attacker: actors.attacker ? runningCombatOf(actors.attacker.uuid) : null,
      defender: actors.defender ? runningCombatOf(actors.defender.uuid) : null,
    };
    const after = carryAfter(
      {
        attacker: carriedIn(actors.attacker, combats.attacker?.id ?? null),
        defender: carriedIn(actors.defender, combats.defender?.id ?? null),
      },
      ex,
    );
    for (const side of ["attacker", "defender"] as const) {
      const actor = actors[side];
      const combatId = combats[side]?.id;
      if (actor && combatId) await write(actor, combatId, after[side]);
    }
  } finally {
    settling.delete(message.id);
  }
}

// ── Turns, the combat's end, the GM's clear ──────────────────────────────────────────────────

/** The bearer's turn starts or ends (the active GM's client): carry.ts `carriedAtTurn`. */
export async function carryTurn(
  combat: { id: string | null },
  combatant: { actor: CarryActorLike | null } | null,
  event: "turnStart" | "turnEnd",
): Promise<void> {
  const actor = combatant?.actor;
  if (!isActiveGM() || !actor || !combat.id) return;
  if (storedCarry(actor)?.combat !== combat.id) return;
  await write(actor, combat.id, carriedAtTurn(carriedIn(actor, combat.id), event));
}

/** The combat ended: its fighters carry nothing more (the active GM's client). */
export async function carryCombatEnded(combat: CarryCombatLike): Promise<void> {
  if (!isActiveGM() || !combat.id) return;
  for (const c of combat.combatants) {
    const actor = c.actor;
    if (actor && storedCarry(actor)?.combat === combat.id)
      await actor.update?.(carryUpdate(combat.id, {}));
  }
}

/** A GM clears what the combatant carries (the tracker's button); refused to a player. */
export async function clearCarried(
  combat: { id: string | null },
  combatant: { actor: CarryActorLike | null } | null,
): Promise<boolean> {
  const g = (globalThis as { game?: { user?: { isGM?: boolean } } }).game;
  const actor = combatant?.actor;
  if (g?.user?.isGM !== true || !actor || !combat.id) return false;
  if (storedCarry(actor)?.combat !== combat.id) return false;
  await actor.update?.(carryUpdate(combat.id, {}));
  return true;
}

/**
 * The tracker's line for what a combatant carries (empty: nothing): "Gold: dodged (−20 on the
 * next attack) · strike recovery: Broadsword · tangled −12", with a clear button for a GM.
 * `localize`/`format` are the client's; the weapon names are escaped.
 */
export function carriedMarkup(
  combat: { id: string | null },
  combatant: { actor: CarryActorLike | null },
  isGM: boolean,
  localize: (key: string) => string,
  format: (key: string, data: Record<string, string>) => string,
): string {
  const c = carriedIn(combatant.actor, combat.id);
  if (carriesNothing(c)) return "";
  const parts: string[] = [];
  if (c.dodged) parts.push(escapeHtml(localize(CARRY_KEYS.dodged)));
  if (c.recovery) {
    const items = [...(combatant.actor?.items ?? [])];
    const names = c.recovery.items.map((id) => items.find((i) => i.id === id)?.name ?? id);
    parts.push(escapeHtml(format(CARRY_KEYS.recovery, { weapons: names.join(", ") })));
  }
  if (c.tangled)
    parts.push(escapeHtml(format(CARRY_KEYS.tangled, { penalty: String(c.tangled.penalty) })));
  const button = isGM
    ? ` <a class="bbb-carried-clear" data-bbb-tracker-action="clearCarried" role="button" data-tooltip="${escapeHtml(localize(CARRY_KEYS.clear))}" aria-label="${escapeHtml(localize(CARRY_KEYS.clear))}"><i class="fa-solid fa-xmark"></i></a>`
    : "";
  return `<span class="bbb-tracker-carried">${escapeHtml(localize(CARRY_KEYS.label))}: ${parts.join(" · ")}${button}</span>`;
}
