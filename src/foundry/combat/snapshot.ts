/**
 * What the combat flow reads of Foundry documents, as plain data: a fighter's snapshot
 * (`FighterSnapshot`, src/core/combat.ts) from its actor, and the attack's situation
 * (`AttackSituation`) from the tokens on the canvas: the distance between attacker and
 * defender, how many hostile tokens engage the defender, and whether the defender is prone.
 *
 * The counting is a pure function over token positions (`engagingCount`), tested without a
 * canvas; `measureSituation` gathers the positions from the canvas and measures with
 * `canvas.grid.measurePath`.
 *
 * Engaging the defender (HM3 outnumbered, hm3.md §2): a token engages the defender when it is
 * hostile to the defender, visible, not defeated (not dead and not in an incapacitating
 * condition), and adjacent: the centre-to-centre distance measured on the grid is at most one
 * grid space (`grid.distance`) plus, for a token larger than one space, half of its extra
 * size (so a 2×2 token standing next to the defender counts). Hostile to the defender: the
 * disposition opposite the defender's (a friendly defender: hostile tokens; a hostile defender:
 * friendly tokens); a neutral or secret defender is engaged by the attacker's disposition. The
 * attacker always counts, whatever the distance, so the count is at least 1.
 */
import { copy } from "../../core/data";
import type {
  AttackSituation,
  FighterItem,
  FighterSnapshot,
  SituationExtra,
} from "../../core/combat";
import { measureExtras, unmeasuredExtras } from "./geometry";

type Obj = Record<string, unknown>;

/** An Item as the flow reads it. */
export interface ItemLike {
  id: string | null;
  type: string;
  name: string;
  _source: { system?: unknown };
  update?(changes: Obj): Promise<unknown>;
}

/** An Actor as the flow reads it (a world actor, or an unlinked token's synthetic actor). */
export interface ActorLike {
  id: string | null;
  uuid: string;
  name: string;
  type: string;
  documentName?: string;
  _source: { system?: unknown };
  system: unknown;
  items: Iterable<ItemLike> & { get?(id: string): ItemLike | undefined };
  statuses?: Iterable<string>;
  /** The actor's flags (`flags["blow-by-blow"].carried`: what the ruleset carries, see below). */
  flags?: unknown;
  testUserPermission(user: UserLike, permission: "OWNER"): boolean;
  toggleStatusEffect?(
    id: string,
    options?: { active?: boolean; overlay?: boolean },
  ): Promise<unknown>;
  getActiveTokens?(linked?: boolean, document?: boolean): unknown[];
}

/** A User as the flow reads it (`id` null only for an unsaved User, as fvtt-types types it). */
export interface UserLike {
  id: string | null;
  name?: string;
  isGM: boolean;
  active?: boolean;
}

/** A TokenDocument as the flow reads it. */
export interface TokenDocLike {
  id: string | null;
  uuid: string;
  name?: string;
  actor: ActorLike | null;
  disposition: number;
  hidden: boolean;
  /** fvtt-types 13.345.1 types the size fields as possibly undefined; read with a default of 1. */
  width: number | undefined;
  height: number | undefined;
  /** Degrees clockwise, 0 facing south (v13); read for facing (./geometry.ts). */
  rotation?: number | null;
  parent?: { id: string | null } | null;
  /** Its placeable on the canvas (null when its scene is not viewed). */
  object?: TokenObjectLike | null;
  combatant?: { isDefeated?: boolean; defeated?: boolean } | null;
}

/** A Token placeable as the flow reads it. */
export interface TokenObjectLike {
  center: { x: number; y: number };
  document: TokenDocLike;
}

/** The snapshot of a fighter: plain copies of its stored data, derived figures, items and statuses. */
export function fighterSnapshot(actor: ActorLike): FighterSnapshot {
  const derived = (actor.system as { derived?: unknown } | null)?.derived;
  const items: FighterItem[] = [];
  for (const item of actor.items) {
    if (!item.id) continue;
    items.push({
      id: item.id,
      type: item.type,
      name: item.name,
      system: copy((item._source.system ?? {}) as Obj),
    });
  }
  return {
    actorType: actor.type,
    name: actor.name,
    system: copy((actor._source.system ?? {}) as Obj),
    derived: derived === undefined ? null : copy(derived),
    items,
    conditions: [...(actor.statuses ?? [])].sort(),
    uuid: actor.uuid,
    ...carriedOf(actor),
  };
}

/**
 * What the ruleset carries for the fighter (`FighterSnapshot.carried`): the actor's flag
 * `flags["blow-by-blow"].carried`, `{combat, …}`, while that combat exists and has started;
 * nothing otherwise (a flag left by a combat that ended is not read).
 */
function carriedOf(actor: ActorLike): { carried?: unknown } {
  const own = (actor.flags as Obj | undefined)?.["blow-by-blow"] as Obj | undefined;
  const carried = own?.carried as Obj | null | undefined;
  if (!carried || typeof carried !== "object" || typeof carried.combat !== "string") return {};
  const combats = (globalThis as { game?: { combats?: { get(id: string): unknown } } }).game
    ?.combats;
  const combat = combats?.get(carried.combat) as { started?: boolean } | undefined;
  return combat?.started ? { carried: copy(carried) } : {};
}

// ── Engaging the defender (pure) ─────────────────────────────────────────────────────────────

/** Foundry's token dispositions (CONST.TOKEN_DISPOSITIONS). */
export const DISPOSITION = Object.freeze({ SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 });

/** A token as the count needs it. */
export interface TokenPoint {
  id: string;
  x: number;
  y: number;
  /** Its larger side, in grid spaces (1 for an ordinary token). */
  size: number;
  disposition: number;
  hidden: boolean;
  defeated: boolean;
}

/** The disposition of the tokens hostile to the defender, or null when none can be told. */
export function hostileDisposition(defender: number, attacker: number | null): number | null {
  if (defender === DISPOSITION.FRIENDLY) return DISPOSITION.HOSTILE;
  if (defender === DISPOSITION.HOSTILE) return DISPOSITION.FRIENDLY;
  if (attacker === DISPOSITION.FRIENDLY || attacker === DISPOSITION.HOSTILE) return attacker;
  return null;
}

/** Whether `other` stands within one grid space of `defender` (larger tokens: see the module doc). */
export function adjacent(
  defender: TokenPoint,
  other: TokenPoint,
  measure: (a: TokenPoint, b: TokenPoint) => number,
  gridDistance: number,
): boolean {
  const reach =
    gridDistance * (1 + (Math.max(defender.size, 1) - 1) / 2 + (Math.max(other.size, 1) - 1) / 2);
  return measure(defender, other) <= reach + 1e-6;
}

/**
 * Hostile tokens engaging the defender, the attacker counted (≥ 1). `tokens` are the scene's
 * tokens (the attacker and defender among them or not: they are recognised by id).
 */
export function engagingCount(
  defender: TokenPoint,
  attacker: TokenPoint | null,
  tokens: readonly TokenPoint[],
  measure: (a: TokenPoint, b: TokenPoint) => number,
  gridDistance: number,
): number {
  const hostile = hostileDisposition(defender.disposition, attacker?.disposition ?? null);
  let count = 1;
  if (hostile === null) return count;
  for (const t of tokens) {
    if (t.id === defender.id || t.id === attacker?.id) continue;
    if (t.disposition !== hostile || t.hidden || t.defeated) continue;
    if (adjacent(defender, t, measure, gridDistance)) count++;
  }
  return count;
}

// ── The situation from the canvas ────────────────────────────────────────────────────────────

/** What `measureSituation` reads of the canvas. */
export interface CanvasLike {
  ready?: boolean;
  scene?: {
    id: string | null;
    environment?: { darknessLevel?: number | null } | null;
  } | null;
  grid?: {
    distance: number;
    units?: string | null;
    measurePath(waypoints: { x: number; y: number }[]): { distance: number };
  } | null;
  tokens?: { placeables: TokenObjectLike[] } | null;
}

/** Whether a token is out of the fight: defeated in the combat, dead, or incapacitated. */
export function tokenDefeated(token: TokenDocLike, incapacitating: readonly string[]): boolean {
  if (token.combatant?.isDefeated || token.combatant?.defeated) return true;
  const statuses = new Set(token.actor?.statuses ?? []);
  if (statuses.has("dead")) return true;
  return incapacitating.some((c) => statuses.has(c));
}

function pointOf(object: TokenObjectLike, incapacitating: readonly string[]): TokenPoint {
  const doc = object.document;
  return {
    id: doc.id ?? doc.uuid,
    x: object.center.x,
    y: object.center.y,
    size: Math.max(Number(doc.width) || 1, Number(doc.height) || 1),
    disposition: doc.disposition,
    hidden: doc.hidden,
    defeated: tokenDefeated(doc, incapacitating),
  };
}

/**
 * The attack's situation: distance (grid units) between the two tokens and hostile tokens
 * engaging the defender, both read from the canvas when it shows the defender's scene (else
 * the distance is null and only the attacker counts); prone from the defender's statuses. The
 * `extra` fields a ruleset reads (`CombatRules.situation`: facing, light, units) are added,
 * measured on that canvas (./geometry.ts), or null when it cannot.
 */
export function measureSituation(
  attackerToken: TokenDocLike | null,
  defenderToken: TokenDocLike,
  defenderActor: ActorLike,
  incapacitating: readonly string[],
  view: CanvasLike | null | undefined,
  extra: readonly SituationExtra[] = [],
): AttackSituation {
  const defenderProne = new Set(defenderActor.statuses ?? []).has("prone");
  const grid = view?.grid;
  const onCanvas =
    !!view?.scene &&
    !!grid &&
    !!defenderToken.object &&
    (defenderToken.parent?.id ?? null) === view.scene.id;
  if (!onCanvas || !grid || !defenderToken.object)
    return { engagingDefender: 1, defenderProne, distance: null, ...unmeasuredExtras(extra) };
  const defender = pointOf(defenderToken.object, incapacitating);
  const attackerObject =
    attackerToken?.object && attackerToken.parent?.id === view?.scene?.id
      ? attackerToken.object
      : null;
  const attacker = attackerObject ? pointOf(attackerObject, incapacitating) : null;
  const measure = (a: TokenPoint, b: TokenPoint) =>
    grid.measurePath([
      { x: a.x, y: a.y },
      { x: b.x, y: b.y },
    ]).distance;
  const tokens = (view?.tokens?.placeables ?? []).map((t) => pointOf(t, incapacitating));
  return {
    engagingDefender: engagingCount(defender, attacker, tokens, measure, grid.distance),
    defenderProne,
    distance: attacker ? measure(attacker, defender) : null,
    ...measureExtras(attackerObject, defenderToken.object, view ?? {}, extra),
  };
}
