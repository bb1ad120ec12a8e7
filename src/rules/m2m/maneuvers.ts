/**
 * Turn sequence and maneuvers of GURPS Man to Man (seed 004, read with
 * `../shared/rules/m2m-spec.md` §4; "Lnnn" is a seed line, "§n" a spec section): the Basic and
 * Advanced maneuvers as data, positions, movement costs and sprinting, the weapon readiness
 * state machine (readying, grips, high ST, falls, stuck picks, Fast-Draw), shields, reloading
 * missile weapons and long-action durations. Everything is frozen data plus pure functions that
 * take already-rolled values; nothing here rolls dice.
 */
import { deepFreeze } from "../../core/data";
import { InputError, readEnum, readNumber } from "../../core/errors";

/** A deep, mutable copy of plain table data (lookups never hand out the frozen rows). */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function whole(value: unknown, field: string, min = 0): number {
  return readNumber(value, field, { integer: true, min });
}

/** 3d6 success roll (L422): 3–4 always succeed, 17–18 always fail. */
function succeeds(roll: number, target: number): boolean {
  return roll <= 4 || (roll < 17 && roll <= target);
}

// ── Maneuvers (§4.2 Basic, §4.3 Advanced, §6.8 defences) ─────────────────────────────────────

export const SYSTEMS = ["basic", "advanced"] as const;
export type CombatSystem = (typeof SYSTEMS)[number];

/** Basic maneuvers (L1570–1694) and Advanced maneuvers (L2033–2346, chart L4744–4756). */
export const MANEUVER_IDS = [
  "move",
  "change-position",
  "ready",
  "aim",
  "attack",
  "all-out-attack",
  "feint",
  "wait",
  "all-out-defence",
  "concentrate",
  "long-action",
  "step-and-ready",
  "step-and-attack",
  "step-and-feint",
  "step-and-concentrate",
] as const;
export type ManeuverId = (typeof MANEUVER_IDS)[number];

/** Whether an active defence is available after a maneuver (§6.8): `gm` = GM's call, default no. */
export type DefenceRule = "yes" | "no" | "gm";

/** What a maneuver lets the character do until his next turn (§6.8). */
export interface ManeuverDefences {
  readonly dodge: DefenceRule;
  readonly block: DefenceRule;
  readonly parry: DefenceRule;
  /** Defence rolls per attack: 2 under All-Out Defence, with different defences (L1682, L2233). */
  readonly rolls: 1 | 2;
  /** What any defence spoils: the aim (L1644, L2049), concentration (L1686, L2215), the long action (L1690, L2324). */
  readonly spoils: "aim" | "concentration" | "long-action" | null;
}

/** The attack part of a maneuver. */
export type ManeuverAttack =
  | "none"
  /** Attack, Step and Attack: one attack with any ready weapon (L1646–1650, L2169–2175). */
  | "normal"
  /** All-Out Attack: hand weapons; two attacks, feint + attack, or +4 (L1652–1660, L2177–2191). */
  | "all-out"
  /** Feint, Step and Feint: a quick contest (L1662–1674, L2193–2209). */
  | "feint"
  /** Wait: a regular attack when a foe comes into reach (L1676–1678, L2217–2227). */
  | "when-foe-in-reach";

/**
 * Movement allowed by a maneuver: a number of hexes, `move` (the Move maneuver: Move points,
 * costs §4.4), `all-out` (max(2, floor(Move/2)) hexes forward, L2181), `abstract` (Basic Move:
 * Move yards per second, L1578), `gm` (Long Action).
 */
export type ManeuverMove = number | "move" | "all-out" | "abstract" | "gm";

/** Facing change allowed at the end of the maneuver's movement (§4.3, §4.4). */
export type ManeuverFacing =
  | "any"
  /** Aim: facing may change before the first turn of aim, not after (L2045, L4747). */
  | "before-aiming"
  /** All-Out Attack: none at the end of the move (L1982, L2181). */
  | "none"
  /** Move: any if ≤ half of Move used, else one hexside (L2029, L2296). */
  | "by-movement-used"
  | "gm";

export interface Maneuver {
  readonly id: ManeuverId;
  readonly system: CombatSystem;
  /** The book's name, as in the spec's table. */
  readonly name: string;
  readonly attack: ManeuverAttack;
  readonly move: ManeuverMove;
  /** Movement direction: `forward` = only into front hexes (L2039, L2181). */
  readonly direction: "any" | "forward" | "none";
  readonly facing: ManeuverFacing;
  readonly defences: ManeuverDefences;
  /** Possible in close combat (L2805 forbids All-Out Attack, All-Out Defence, Feint, Aim, Concentrate, Wait). */
  readonly closeCombat: boolean;
  /** Seed lines, as the spec's table cites them. */
  readonly lines: string;
  readonly notes: string;
}

const ANY: ManeuverDefences = { dodge: "yes", block: "yes", parry: "yes", rolls: 1, spoils: null };
const NO_ACTIVE: ManeuverDefences = {
  dodge: "no",
  block: "no",
  parry: "no",
  rolls: 1,
  spoils: null,
};
const DOUBLE: ManeuverDefences = {
  dodge: "yes",
  block: "yes",
  parry: "yes",
  rolls: 2,
  spoils: null,
};
const LONG: ManeuverDefences = {
  dodge: "yes",
  block: "gm",
  parry: "gm",
  rolls: 1,
  spoils: "long-action",
};
const spoiling = (spoils: ManeuverDefences["spoils"]): ManeuverDefences => ({ ...ANY, spoils });

/**
 * All maneuvers: Basic (§4.2, L1570–1694) and Advanced (§4.3, L2033–2346, chart L4744–4756).
 * Defences per §6.8; readiness of the weapon or shield is checked by the defence rules (§6.2),
 * reloading by `allowedDefences` in defence.ts (L1588, L2097).
 */
export const MANEUVERS: readonly Maneuver[] = deepFreeze<Maneuver[]>([
  // Basic Combat System (§4.2)
  {
    id: "move",
    system: "basic",
    name: "Move",
    attack: "none",
    move: "abstract",
    direction: "any",
    facing: "any",
    defences: ANY,
    closeCombat: true,
    lines: "L1574–1578",
    notes: "Move (Move yards per second) and nothing else except free actions.",
  },
  {
    id: "change-position",
    system: "basic",
    name: "Change Position",
    attack: "none",
    move: 0,
    direction: "none",
    facing: "any",
    defences: ANY,
    closeCombat: true,
    lines: "L1580–1582",
    notes: "One position change; prone to standing takes 2 turns (kneel, then stand).",
  },
  {
    id: "ready",
    system: "basic",
    name: "Ready",
    attack: "none",
    move: 0,
    direction: "none",
    facing: "any",
    defences: ANY,
    closeCombat: true,
    lines: "L1584–1588",
    notes:
      "Ready one weapon or item, or one turn of reloading. Parry or block with the item readied this turn is allowed; while reloading a missile weapon, Dodge only, and a dodge loses that turn of reloading.",
  },
  {
    id: "aim",
    system: "basic",
    name: "Aim",
    attack: "none",
    move: 0,
    direction: "none",
    facing: "any",
    defences: spoiling("aim"),
    closeCombat: false,
    lines: "L1640–1644",
    notes:
      "Aim a ready ranged weapon at a named target: −4 unaimed, +1 per turn after the first, max +3.",
  },
  {
    id: "attack",
    system: "basic",
    name: "Attack",
    attack: "normal",
    move: 0,
    direction: "none",
    facing: "any",
    defences: ANY,
    closeCombat: true,
    lines: "L1646–1650",
    notes: "Attack any foe with a ready weapon (GM limits on crowding, L1648).",
  },
  {
    id: "all-out-attack",
    system: "basic",
    name: "All-Out Attack",
    attack: "all-out",
    move: 0,
    direction: "none",
    facing: "any",
    defences: NO_ACTIVE,
    closeCombat: false,
    lines: "L1652–1660",
    notes:
      "Ready hand weapon only: (a) two attacks, (b) feint then attack, or (c) one attack at +4. No active defence until the next turn.",
  },
  {
    id: "feint",
    system: "basic",
    name: "Feint",
    attack: "feint",
    move: 0,
    direction: "none",
    facing: "any",
    defences: ANY,
    closeCombat: false,
    lines: "L1662–1674",
    notes: "Quick contest of weapon skills (§5.6); does not unready the weapon.",
  },
  {
    id: "wait",
    system: "basic",
    name: "Wait",
    attack: "when-foe-in-reach",
    move: 0,
    direction: "none",
    facing: "any",
    defences: ANY,
    closeCombat: false,
    lines: "L1676–1678",
    notes:
      "A regular (not all-out) attack if a foe comes within striking range before the next turn.",
  },
  {
    id: "all-out-defence",
    system: "basic",
    name: "All-Out Defense",
    attack: "none",
    move: 0,
    direction: "none",
    facing: "any",
    defences: DOUBLE,
    closeCombat: false,
    lines: "L1680–1682",
    notes:
      "Two defence rolls per attack with different active defences; at most 2 blocks and 2 parries per turn.",
  },
  {
    id: "concentrate",
    system: "basic",
    name: "Concentrate",
    attack: "none",
    move: 0,
    direction: "none",
    facing: "any",
    defences: spoiling("concentration"),
    closeCombat: false,
    lines: "L1684–1686",
    notes: "Spells or mental tasks; a defence (or an injury) breaks multi-second concentration.",
  },
  {
    id: "long-action",
    system: "basic",
    name: "Long Action",
    attack: "none",
    move: "gm",
    direction: "none",
    facing: "gm",
    defences: LONG,
    closeCombat: true,
    lines: "L1688–1690",
    notes:
      "One second of a multi-second action (§4.7); usually Dodge only, any defence may interrupt.",
  },
  // Advanced Combat System (§4.3)
  {
    id: "aim",
    system: "advanced",
    name: "Aim",
    attack: "none",
    move: 0,
    direction: "none",
    facing: "before-aiming",
    defences: spoiling("aim"),
    closeCombat: false,
    lines: "L2043–2051, L4747",
    notes:
      "−4 unaimed, +1 per turn after the first, max +3; +1 brace if braced and aimed at least one turn.",
  },
  {
    id: "change-position",
    system: "advanced",
    name: "Change Position",
    attack: "none",
    move: 0,
    direction: "none",
    facing: "any",
    defences: ANY,
    closeCombat: true,
    lines: "L2053–2075, L4748",
    notes:
      "Any position to any other (§4.5); lying to standing needs kneel then stand. No movement.",
  },
  {
    id: "step-and-ready",
    system: "advanced",
    name: "Step and Ready",
    attack: "none",
    move: 1,
    direction: "any",
    facing: "any",
    defences: ANY,
    closeCombat: true,
    lines: "L2077–2101, L4749",
    notes:
      "Block only with a shield already ready, parry only with a fully ready weapon; reloading a missile weapon: no block or parry, a dodge loses the turn (cocking restarts). Taking an item from a rack or a hand requires standing still.",
  },
  {
    id: "step-and-attack",
    system: "advanced",
    name: "Step and Attack",
    attack: "normal",
    move: 1,
    direction: "any",
    facing: "any",
    defences: ANY,
    closeCombat: true,
    lines: "L2169–2175, L4750",
    notes:
      "Step before or after the attack (after only, if aiming). Melee, missile or thrown; an axe-type weapon cannot parry until readied.",
  },
  {
    id: "all-out-attack",
    system: "advanced",
    name: "All-Out Attack",
    attack: "all-out",
    move: "all-out",
    direction: "forward",
    facing: "none",
    defences: NO_ACTIVE,
    closeCombat: false,
    lines: "L2177–2191, L1982, L4751",
    notes:
      "Move first: turn in place, or max(2, floor(Move/2)) hexes forward, ignoring bodies and bad footing; no backward or sideways move. Hand weapons only; +4 not on a wild swing. Passive defence only.",
  },
  {
    id: "step-and-feint",
    system: "advanced",
    name: "Step and Feint",
    attack: "feint",
    move: 1,
    direction: "any",
    facing: "any",
    defences: ANY,
    closeCombat: false,
    lines: "L2193–2209, L4752",
    notes: "Quick contest of weapon skills (§5.6).",
  },
  {
    id: "step-and-concentrate",
    system: "advanced",
    name: "Step and Concentrate",
    attack: "none",
    move: 1,
    direction: "any",
    facing: "any",
    defences: spoiling("concentration"),
    closeCombat: false,
    lines: "L2211–2215, L4753",
    notes: "Any defence breaks concentration (the GM may allow an IQ roll to keep it).",
  },
  {
    id: "wait",
    system: "advanced",
    name: "Wait",
    attack: "when-foe-in-reach",
    move: 1,
    direction: "any",
    facing: "any",
    defences: ANY,
    closeCombat: false,
    lines: "L2217–2227, L2260–2266, L4754",
    notes:
      "Attack when a foe comes in reach; if you stood still you may step 1 hex forward first. Simultaneous reach: higher Speed first. Opportunity fire §12.6.",
  },
  {
    id: "all-out-defence",
    system: "advanced",
    name: "All-Out Defense",
    attack: "none",
    move: 1,
    direction: "any",
    facing: "any",
    defences: DOUBLE,
    closeCombat: false,
    lines: "L2229–2233, L4755",
    notes:
      "Two rolls per attack with different defences; max 2 blocks and 2 parries per turn (each of two weapons can parry twice); no second dodge against the same attack.",
  },
  {
    id: "move",
    system: "advanced",
    name: "Move",
    attack: "none",
    move: "move",
    direction: "any",
    facing: "by-movement-used",
    defences: ANY,
    closeCombat: true,
    lines: "L2326–2332, L4756",
    notes:
      "Up to Move points (costs §4.4); entering an enemy hex requires an evade or a slam (L2679).",
  },
  {
    id: "long-action",
    system: "advanced",
    name: "Long Action",
    attack: "none",
    move: "gm",
    direction: "none",
    facing: "gm",
    defences: LONG,
    closeCombat: true,
    lines: "L2235–2249, L2316–2324",
    notes:
      "GM sets duration and legal defences; usually Dodge only, and a dodge usually restarts the action.",
  },
]);

/**
 * A maneuver by id (a copy). Without `system`, the Advanced row wins for the names both
 * systems share (their defences are the same, §6.8).
 */
export function maneuver(id: string, system?: CombatSystem): Maneuver {
  const mid = readEnum(id, "maneuver", MANEUVER_IDS);
  const sys = system === undefined ? undefined : readEnum(system, "system", SYSTEMS);
  const rows = MANEUVERS.filter((m) => m.id === mid && (sys === undefined || m.system === sys));
  const row = rows.find((m) => m.system === "advanced") ?? rows[0];
  if (!row) throw new InputError("maneuver", id, `not a ${sys} maneuver`);
  return copy(row);
}

/** Maneuvers of one system (copies). */
export function maneuversOf(system: CombatSystem): Maneuver[] {
  const sys = readEnum(system, "system", SYSTEMS);
  return MANEUVERS.filter((m) => m.system === sys).map(copy);
}

/** Only Attack, All-Out Attack and Wait allow attacks (L1698); Feint is a fake attack. */
export function maneuverAllowsAttack(id: string): boolean {
  const a = maneuver(id).attack;
  return a === "normal" || a === "all-out" || a === "when-foe-in-reach";
}

/** Hexes an All-Out Attack may move forward: two, or half of Move if that is more (L2181, L4751). */
export function allOutAttackMove(move: number): number {
  return Math.max(2, Math.floor(whole(move, "move") / 2));
}

/**
 * Most movement a maneuver allows, in hexes (or Move points for `move`); `null` for the GM's
 * Long Action. Basic maneuvers other than Move have no movement (L1576).
 */
export function maneuverMove(id: string, system: CombatSystem, move: number): number | null {
  const m = maneuver(id, system).move;
  const mv = whole(move, "move");
  if (m === "gm") return null;
  if (m === "all-out") return allOutAttackMove(mv);
  if (m === "move" || m === "abstract") return mv;
  return m;
}

/** All-Out Attack options (L1654–1658, L2181–2187). */
export const ALL_OUT_ATTACK_OPTIONS = ["two-attacks", "feint-then-attack", "plus-4"] as const;
export type AllOutAttackOption = (typeof ALL_OUT_ATTACK_OPTIONS)[number];

export interface AllOutAttackContext {
  /** Ready hand weapons (a missile or thrown weapon cannot be used, L2181). */
  readyHandWeapons: number;
  /** At least one ready weapon that needs no readying after use (L1656, L2183). */
  balancedWeapon?: boolean;
  /** A wild swing cannot take the +4 (L2161). */
  wildSwing?: boolean;
}

/** The All-Out Attack options open to a fighter (L1652–1660, L2161, L2177–2187). */
export function allOutAttackOptions(ctx: AllOutAttackContext): AllOutAttackOption[] {
  const n = whole(ctx.readyHandWeapons, "readyHandWeapons");
  if (n === 0) return [];
  const out: AllOutAttackOption[] = [];
  if (n >= 2 || ctx.balancedWeapon) out.push("two-attacks");
  out.push("feint-then-attack");
  if (!ctx.wildSwing) out.push("plus-4");
  return out;
}

// ── Positions (§4.5, L2053–2075, chart L4774–4784) ───────────────────────────────────────────

export const POSITION_IDS = [
  "standing",
  "crouching",
  "kneeling",
  "crawling",
  "sitting",
  "lying",
] as const;
export type PositionId = (typeof POSITION_IDS)[number];

export interface Position {
  readonly id: PositionId;
  /** Attack modifier, or null: a crawling figure can make close attacks only. */
  readonly attack: number | null;
  /** Lying: −4 except with a crossbow (0, ruling). */
  readonly crossbowAttack: number | null;
  readonly closeAttacksOnly: boolean;
  /** Ranged attacks against a figure in this position (the defence column, L2069–2073). */
  readonly rangedToHitVsYou: number;
  /** Modifier to every active defence. */
  readonly activeDefence: number;
  /** Extra movement cost per hex; null = cannot move (sitting). */
  readonly moveCostPerHex: number | null;
  /** A hard cap on hexes per turn (lying: 1). */
  readonly maxHexesPerTurn: number | null;
  readonly sprint: boolean;
  /** A prone figure occupies two hexes (L2075). */
  readonly hexes: 1 | 2;
  /** Retreat is impossible sitting or kneeling (L2378). */
  readonly canRetreat: boolean;
  readonly lines: string;
}

/** Table of Positions (L2067–2075, L4776–4784; spec §4.5 JSON). */
export const POSITIONS: readonly Position[] = deepFreeze<Position[]>([
  {
    id: "standing",
    attack: 0,
    crossbowAttack: 0,
    closeAttacksOnly: false,
    rangedToHitVsYou: 0,
    activeDefence: 0,
    moveCostPerHex: 0,
    maxHexesPerTurn: null,
    sprint: true,
    hexes: 1,
    canRetreat: true,
    lines: "L2068, L4777",
  },
  {
    id: "crouching",
    attack: -2,
    crossbowAttack: -2,
    closeAttacksOnly: false,
    rangedToHitVsYou: -2,
    activeDefence: 0,
    moveCostPerHex: 0.5,
    maxHexesPerTurn: null,
    sprint: false,
    hexes: 1,
    canRetreat: true,
    lines: "L2069, L4778, L2063, L2346",
  },
  {
    id: "kneeling",
    attack: -2,
    crossbowAttack: -2,
    closeAttacksOnly: false,
    rangedToHitVsYou: -2,
    activeDefence: -2,
    moveCostPerHex: 2,
    maxHexesPerTurn: null,
    sprint: false,
    hexes: 1,
    canRetreat: false,
    lines: "L2070, L4779, L2378",
  },
  {
    id: "crawling",
    attack: null,
    crossbowAttack: null,
    closeAttacksOnly: true,
    rangedToHitVsYou: -4,
    activeDefence: -3,
    moveCostPerHex: 2,
    maxHexesPerTurn: null,
    sprint: false,
    hexes: 2,
    canRetreat: true,
    lines: "L2071, L4780, L2075",
  },
  {
    id: "sitting",
    attack: -2,
    crossbowAttack: -2,
    closeAttacksOnly: false,
    rangedToHitVsYou: -2,
    activeDefence: -2,
    moveCostPerHex: null,
    maxHexesPerTurn: 0,
    sprint: false,
    hexes: 1,
    canRetreat: false,
    lines: "L2072, L4781, L2378",
  },
  {
    id: "lying",
    attack: -4,
    crossbowAttack: 0,
    closeAttacksOnly: false,
    rangedToHitVsYou: -4,
    activeDefence: -3,
    moveCostPerHex: 0,
    maxHexesPerTurn: 1,
    sprint: false,
    hexes: 2,
    canRetreat: true,
    lines: "L2073, L4782, L2075, L2378",
  },
]);

export function position(id: string): Position {
  const pid = readEnum(id, "position", POSITION_IDS);
  return copy(POSITIONS.find((p) => p.id === pid)!);
}

const PRONE: readonly PositionId[] = ["crawling", "lying"];

/**
 * Change Position maneuvers between two positions (L1582, L2055–2063). Standing ↔ crouching is
 * free (no maneuver, L2063). Lying or crawling (prone) → standing or crouching takes two
 * (kneel, then stand; L2059). Optional rule (L2025): each change takes `encLevel` seconds at
 * Medium encumbrance or worse.
 */
export function changePositionTime(
  from: string,
  to: string,
  opts: { encumbrance?: number; armourRule?: boolean } = {},
): { changes: number; seconds: number } {
  const a = readEnum(from, "from", POSITION_IDS);
  const b = readEnum(to, "to", POSITION_IDS);
  const enc = whole(opts.encumbrance ?? 0, "encumbrance");
  const upright = (p: PositionId) => p === "standing" || p === "crouching";
  let changes: number;
  if (a === b || (upright(a) && upright(b))) changes = 0;
  else if (PRONE.includes(a) && upright(b)) changes = 2;
  else changes = 1;
  const perChange = opts.armourRule && enc >= 2 ? enc : 1;
  return { changes, seconds: changes * perChange };
}

// ── Movement (§4.4, L1968–2031, L2268–2314) ──────────────────────────────────────────────────

export interface MovementCost {
  readonly id: string;
  /** The item, as in the spec's table. */
  readonly item: string;
  /** The cost, as in the spec's table. */
  readonly cost: string;
  /** The cost as a number, where it is one. */
  readonly value: number | null;
  readonly lines: string;
}

/** Move maneuver costs (L2268–2306; spec §4.4 table). */
export const MOVEMENT_COSTS: readonly MovementCost[] = deepFreeze<MovementCost[]>([
  {
    id: "forward",
    item: "Forward hex (turn to face the hex entered; facing changes by at most one hexside)",
    cost: "1",
    value: 1,
    lines: "L2010, L2272, L2278",
  },
  {
    id: "sidestep-or-backward",
    item: "Sidestep into a front hex keeping facing, or move sideways or backward keeping facing",
    cost: "2",
    value: 2,
    lines: "L2017–2019, L2027, L2280",
  },
  {
    id: "facing-change",
    item: "Facing change before or during the move",
    cost: "1 per hexside (180° = 3)",
    value: 1,
    lines: "L2031, L2296",
  },
  { id: "crouching", item: "Crouching", cost: "+½ per hex", value: 0.5, lines: "L2284, L2346" },
  {
    id: "kneeling-or-crawling",
    item: "Kneeling or crawling",
    cost: "+2 per hex",
    value: 2,
    lines: "L2286–2288",
  },
  { id: "lying", item: "Lying down", cost: "1 hex per turn only", value: null, lines: "L2290" },
  { id: "sitting", item: "Sitting", cost: "cannot move", value: null, lines: "L2292" },
  {
    id: "minor-obstruction",
    item: "Minor obstruction (a body or person in the hex)",
    cost: "+1 per body or person",
    value: 1,
    lines: "L2300",
  },
  {
    id: "severe-obstruction",
    item: "Severe obstruction",
    cost: "bypass or climb",
    value: null,
    lines: "L2302",
  },
  {
    id: "bad-footing",
    item: "Bad footing",
    cost: "+1, +2 or more (GM)",
    value: 1,
    lines: "L2306",
  },
  {
    id: "stream",
    item: "Stream (clearing map)",
    cost: "+3 per hex (L3951)",
    value: 3,
    lines: "L3951",
  },
  {
    id: "jump",
    item: "Jumping a small obstruction",
    cost: "+1 (L3395)",
    value: 1,
    lines: "L3395",
  },
  {
    id: "friendly-hex",
    item: "Friendly character's hex",
    cost: "can be entered at higher cost (L1962)",
    value: 1,
    lines: "L1962, L2300",
  },
  {
    id: "enemy-hex",
    item: "Enemy hex",
    cost: "only via evade (§11.4)",
    value: null,
    lines: "L2300",
  },
]);

export const STEP_DIRECTIONS = ["forward", "sidestep", "sideways", "backward"] as const;
export type StepDirection = (typeof STEP_DIRECTIONS)[number];

/** One hex of a Move maneuver. */
export interface MoveStep {
  /** Forward = turn to face the hex entered; sidestep into a front hex, sideways or backward keep facing. */
  direction: StepDirection;
  /** Hexsides of facing change made before entering this hex (1 each, L2031). */
  turn?: number;
  /** Bodies or people (friends included, L1962) in the hex: +1 each (L2300). */
  obstruction?: number;
  /** Bad footing: +1, +2 or more (GM, L2306). */
  badFooting?: number;
  /** Stream hex on the clearing map: +3 (L3951). */
  stream?: boolean;
  /** Jumping a small obstruction: +1 (L3395). */
  jump?: boolean;
  /** An enemy's hex: only by evade or slam (L2300, L2679). */
  enemy?: boolean;
}

/**
 * Movement points to enter one hex (L2268–2306): direction 1 or 2, facing changes, posture,
 * obstructions. Throws for an enemy hex (evade, §11.4) and for a sitting figure (cannot move).
 */
export function stepCost(step: MoveStep, posture: string = "standing"): number {
  const dir = readEnum(step.direction, "direction", STEP_DIRECTIONS);
  const pos = position(posture);
  if (step.enemy)
    throw new InputError(
      "enemy",
      step.enemy,
      "an enemy hex can only be entered by an evade or a slam (L2300, L2679)",
    );
  if (pos.moveCostPerHex === null)
    throw new InputError("posture", posture, "a sitting figure cannot move (L2292)");
  const turn = whole(step.turn ?? 0, "turn");
  if (turn > 3)
    throw new InputError("turn", turn, "a facing change is at most 3 hexsides (180°, L2031)");
  return (
    (dir === "forward" ? 1 : 2) +
    turn +
    pos.moveCostPerHex +
    whole(step.obstruction ?? 0, "obstruction") +
    whole(step.badFooting ?? 0, "badFooting") +
    (step.stream ? 3 : 0) +
    (step.jump ? 1 : 0)
  );
}

/** Sprint bonus (L2310–2314): +1 yard per turn from the second consecutive turn of forward running. */
export const SPRINT_BONUS = 1;

/**
 * Movement points for a Move maneuver: Move, +1 from the second consecutive turn of running
 * straight forward on good ground (L2312–2314). `forwardTurns` counts this turn (1 = first);
 * any non-forward move resets the count. No sprint unless standing (L2068, L2346).
 */
export function moveAllowance(
  move: number,
  forwardTurns = 1,
  posture: string = "standing",
): number {
  const mv = whole(move, "move");
  const turns = whole(forwardTurns, "forwardTurns", 1);
  return mv + (turns >= 2 && position(posture).sprint ? SPRINT_BONUS : 0);
}

export interface MovePlan {
  /** Movement points spent. */
  cost: number;
  hexes: number;
  allowed: boolean;
  reason?: string;
  /** Facing change at the end: any if ≤ half of Move was used, else one hexside (L2029, L2296). */
  endFacing: "any" | "one-hexside";
}

/**
 * Checks a Move maneuver path (§4.4): the cost must fit the allowance (Move + sprint), except
 * that one hex per turn is always possible (L2274); lying figures move 1 hex per turn only.
 */
export function planMove(
  steps: readonly MoveStep[],
  move: number,
  opts: { posture?: string; forwardTurns?: number } = {},
): MovePlan {
  const posture = opts.posture ?? "standing";
  const pos = position(posture);
  const mv = whole(move, "move");
  const allowance = moveAllowance(mv, opts.forwardTurns ?? 1, posture);
  let cost = 0;
  steps.forEach((s) => (cost += stepCost(s, posture)));
  const endFacing = cost <= mv / 2 ? "any" : "one-hexside";
  if (pos.maxHexesPerTurn !== null && steps.length > pos.maxHexesPerTurn) {
    return {
      cost,
      hexes: steps.length,
      allowed: false,
      reason: `${posture}: at most ${pos.maxHexesPerTurn} hex per turn (L2290)`,
      endFacing,
    };
  }
  if (cost > allowance && steps.length > 1) {
    return {
      cost,
      hexes: steps.length,
      allowed: false,
      reason: `costs ${cost}, allowance ${allowance} (L2272)`,
      endFacing,
    };
  }
  return { cost, hexes: steps.length, allowed: true, endFacing };
}

/**
 * Hexes a Move maneuver covers in one direction without turning (L2272, L2330): Move 6 goes
 * 6 forward or 3 backward; always at least 1 (L2274).
 */
export function hexesInDirection(
  move: number,
  direction: StepDirection,
  posture: string = "standing",
): number {
  const per = stepCost({ direction }, posture);
  const cap = position(posture).maxHexesPerTurn;
  const n = Math.max(1, Math.floor(whole(move, "move") / per));
  return cap === null ? n : Math.min(n, cap);
}

// ── Readiness (§4.6, L1586–1588, L2087–2135, L2633) ─────────────────────────────────────────

/** Reach: `C` = own hex, or 1/2/3 yards (L1986–2002). */
export type HexReach = "C" | 1 | 2 | 3;

/** One way of attacking with the weapon, as far as readiness cares (§3.1 `attacks`). */
export interface ReadinessAttack {
  /** Attack id (`swing-cut`, `thrust-imp`…). */
  readonly id: string;
  /** `sw` swing or `thr` thrust. */
  readonly base?: "sw" | "thr";
  /** Ready turns needed after this attack (L2107–2111). */
  readonly readyAfter: number;
  /** Picks, warhammers, halberd swung to impale (L1608–1614). */
  readonly mayStick?: boolean;
  readonly reach?: readonly HexReach[];
}

/**
 * What the readiness machine needs from a weapon: a structural subset of the hand weapon
 * table row (§3.1), so a `HandWeapon` can be passed as it is.
 */
export interface ReadinessSpec {
  /** Minimum ST; null ("none") is never helped by high ST (A27). */
  readonly minST: number | null;
  /** `*`: a grip change (reach) costs a Ready turn (L2000, L2113, L4369). */
  readonly grip?: boolean;
  /** `†`: parrying makes it unready (L2129, L4371). */
  readonly unreadyOnParry?: boolean;
  /** Polearm: never unready after a parry (L2111, L2390). */
  readonly polearm?: boolean;
  readonly attacks: readonly ReadinessAttack[];
}

export const WEAPON_PLACES = ["hand", "sheathed", "ground"] as const;
export type WeaponPlace = (typeof WEAPON_PLACES)[number];

/** Stuck picks (L1612): `check` = a roll vs ST is due when readying; `stuck`; `permanent`. */
export type StuckState = "no" | "check" | "stuck" | "permanent";

/** A weapon and its readiness, with the wielder's ST (which speeds readying, L2119–2125). */
export interface HeldWeapon {
  readonly spec: ReadinessSpec;
  readonly st: number;
  readonly place: WeaponPlace;
  /** Ready maneuvers still needed while in hand; 0 = ready. */
  readonly turnsToReady: number;
  /** Current grip (reach) for a weapon with several reaches; null if not set. */
  readonly reach: HexReach | null;
  readonly stuck: StuckState;
}

/** One turn to draw from a scabbard or belt loop (L2105, L3353); two to put it back (L2117, L3353). */
export const DRAW_TURNS = 1;
export const SHEATHE_TURNS = 2;

/** A weapon in hand (ready) or sheathed. */
export function holdWeapon(
  spec: ReadinessSpec,
  st: number,
  opts: { place?: WeaponPlace; reach?: HexReach; turnsToReady?: number } = {},
): HeldWeapon {
  return {
    spec,
    st: whole(st, "st", 1),
    place: readEnum(opts.place ?? "hand", "place", WEAPON_PLACES),
    turnsToReady: whole(opts.turnsToReady ?? 0, "turnsToReady"),
    reach: opts.reach ?? null,
    stuck: "no",
  };
}

export function isReady(w: HeldWeapon): boolean {
  return w.place === "hand" && w.turnsToReady === 0 && w.stuck === "no";
}

function attackOf(spec: ReadinessSpec, mode: string): ReadinessAttack {
  const byId = spec.attacks.find((a) => a.id === mode);
  if (byId) return byId;
  const base = mode === "swing" ? "sw" : mode === "thrust" ? "thr" : null;
  const rows = base ? spec.attacks.filter((a) => a.base === base) : [];
  if (rows.length === 0) {
    throw new InputError(
      "mode",
      mode,
      `expected one of ${[...spec.attacks.map((a) => a.id), "swing", "thrust"].join(", ")}`,
    );
  }
  return rows.reduce((a, b) => (b.readyAfter > a.readyAfter ? b : a));
}

/** The table's readying after use: the most any attack needs (polearm 2, axe 1, sword 0). */
export function readyAfterUse(spec: ReadinessSpec): number {
  return spec.attacks.reduce((m, a) => Math.max(m, a.readyAfter), 0);
}

/**
 * Ready turns after an attack, for this wielder (L2107–2125): the table figure, one fewer at
 * ST ≥ min ST + 5, none at ST ≥ min ST + 10. Min ST "none" is not affected (A27).
 */
export function readyTurnsAfter(base: number, minST: number | null, st: number): number {
  if (base === 0 || minST === null) return base;
  if (st >= minST + 10) return 0;
  if (st >= minST + 5) return Math.max(0, base - 1);
  return base;
}

function mustBeReady(w: HeldWeapon, what: string): void {
  if (!isReady(w))
    throw new InputError("weapon", describe(w), `must be ready to ${what} (L1700, L2390)`);
}

function describe(w: HeldWeapon): string {
  return `${w.place}, ${w.turnsToReady} turn(s) to ready${w.stuck === "no" ? "" : `, stuck: ${w.stuck}`}`;
}

/**
 * After an attack with a ready weapon (L2107–2125): the attack's readying, less for high ST.
 * `stick`: the blow of a weapon that may stick penetrated armour (L1612): an ST roll is due
 * when readying it.
 */
export function afterAttack(
  w: HeldWeapon,
  mode: string,
  opts: { stick?: boolean } = {},
): HeldWeapon {
  mustBeReady(w, "attack");
  const a = attackOf(w.spec, mode);
  return {
    ...w,
    turnsToReady: readyTurnsAfter(a.readyAfter, w.spec.minST, w.st),
    stuck: opts.stick && a.mayStick ? "check" : "no",
  };
}

/**
 * After a parry (L2129, L2390): unready "as after an attack" for a † weapon (Axe/Mace,
 * Two-Handed Axe/Mace, Flail, one-handed bastard sword); never a polearm, which parries with
 * the shaft (L2111). High ST shortens it as it shortens the attack's readying (L2390 ties the two).
 */
export function afterParry(w: HeldWeapon): HeldWeapon {
  mustBeReady(w, "parry");
  if (!w.spec.unreadyOnParry || w.spec.polearm) return { ...w };
  const turns = readyTurnsAfter(Math.max(1, readyAfterUse(w.spec)), w.spec.minST, w.st);
  return { ...w, turnsToReady: turns };
}

/** A feint does not unready any weapon (L1666, L2197). */
export function afterFeint(w: HeldWeapon): HeldWeapon {
  mustBeReady(w, "feint");
  return { ...w };
}

/** After a successful stop thrust the weapon takes one extra turn to ready, even a sword (L2759). */
export function afterStopThrust(w: HeldWeapon, mode: string): HeldWeapon {
  const after = afterAttack(w, mode);
  return { ...after, turnsToReady: after.turnsToReady + 1 };
}

/** Critical miss 8 or 12: the weapon turns in the hand, one extra turn to ready (L2606, L2608). */
export function turnedInHand(w: HeldWeapon): HeldWeapon {
  return { ...w, turnsToReady: w.turnsToReady + 1 };
}

/**
 * Falling down, losing balance or being stunned unreadies a weapon that needs readying after
 * each use (L2115), for the table's readying after use (ruling: high ST does not shorten it,
 * the quick-readying rule speaks of readying "after each attack", L2123).
 */
export function onFall(w: HeldWeapon): HeldWeapon {
  const n = readyAfterUse(w.spec);
  if (n === 0 || w.place !== "hand") return { ...w };
  return { ...w, turnsToReady: Math.max(w.turnsToReady, n) };
}
export const onStun = onFall;
export const onLoseBalance = onFall;

/** Drops the weapon (a free action, L2344; critical misses 9–11, 14). */
export function drop(w: HeldWeapon): HeldWeapon {
  return { ...w, place: "ground", turnsToReady: 0, stuck: "no" };
}

/**
 * Picking a weapon up from the ground (L2101, L2167, L2631–2633): after a turn kneeling, the
 * second turn picks it up (and stands). Swords and knives are then ready; an unbalanced weapon
 * must be readied as though just used, a polearm for two turns.
 */
export function pickUp(w: HeldWeapon): HeldWeapon {
  if (w.place !== "ground") throw new InputError("weapon", w.place, "is not on the ground");
  return { ...w, place: "hand", turnsToReady: readyAfterUse(w.spec), stuck: "no" };
}

export interface ReadyOptions {
  /** Grip (reach) to ready the weapon into. */
  reach?: HexReach;
  /** The ST roll (3d6) to free a weapon that may be stuck (L1612). */
  stuckRoll?: number;
}

/**
 * One Ready maneuver (L2087–2135): draws a sheathed weapon (ready at once, L2105), takes off one
 * turn of readying (an unready weapon may be re-readied into either grip, L2113), or changes
 * the grip of a ready `*` weapon (one extra turn, L2113, L4369). A weapon that may be stuck
 * needs a roll vs ST first: failure leaves it stuck (nothing else this turn), 17–18 sticks it
 * for good (L1612).
 */
export function ready(w: HeldWeapon, opts: ReadyOptions = {}): HeldWeapon {
  if (w.place === "ground")
    throw new InputError("weapon", w.place, "must be picked up first (L2101, L2631)");
  if (w.stuck === "permanent")
    throw new InputError("weapon", w.stuck, "is permanently stuck (L1612)");
  let next: HeldWeapon = { ...w };
  if (w.stuck === "check" || w.stuck === "stuck") {
    if (opts.stuckRoll === undefined)
      throw new InputError(
        "stuckRoll",
        undefined,
        "an ST roll is needed to free the weapon (L1612)",
      );
    const roll = readNumber(opts.stuckRoll, "stuckRoll", { integer: true, min: 3, max: 18 });
    if (roll >= 17) return { ...w, stuck: "permanent" };
    if (!succeeds(roll, w.st)) return { ...w, stuck: "stuck" };
    next = { ...next, stuck: "no" };
  }
  if (next.place === "sheathed")
    return { ...next, place: "hand", turnsToReady: 0, reach: opts.reach ?? next.reach };
  if (next.turnsToReady > 0) {
    return { ...next, turnsToReady: next.turnsToReady - 1, reach: opts.reach ?? next.reach };
  }
  return { ...next, reach: opts.reach ?? next.reach };
}

/**
 * Whether the weapon can strike (or parry) at this reach now: ready, and already in that grip
 * unless the weapon needs no grip change (L2000, L2113). A ready `*` weapon needs one Ready
 * turn to change grip; without a grip on record any listed reach is fine.
 */
export function canUseReach(w: HeldWeapon, reach: HexReach): boolean {
  if (!isReady(w)) return false;
  const reaches = new Set(w.spec.attacks.flatMap((a) => a.reach ?? []));
  if (reaches.size > 0 && !reaches.has(reach)) return false;
  return !w.spec.grip || w.reach === null || w.reach === reach;
}

/**
 * Fast-Draw (L2141): success = drawn and ready in no time (may attack this turn); failure = an
 * ordinary Ready maneuver; 17–18 = the weapon is dropped.
 */
export function fastDraw(
  w: HeldWeapon,
  roll: number,
  skill: number,
): { weapon: HeldWeapon; usedTurn: boolean } {
  if (w.place !== "sheathed")
    throw new InputError("weapon", w.place, "Fast-Draw draws a sheathed weapon");
  const r = readNumber(roll, "roll", { integer: true, min: 3, max: 18 });
  if (r >= 17) return { weapon: drop(w), usedTurn: true };
  const drawn: HeldWeapon = { ...w, place: "hand", turnsToReady: 0 };
  return { weapon: drawn, usedTurn: !succeeds(r, readNumber(skill, "skill", { integer: true })) };
}

/**
 * At most two one-handed weapons, or a weapon and a shield, or one two-handed weapon ready at
 * once (L3347).
 */
export function canHoldReady(items: {
  oneHanded?: number;
  twoHanded?: number;
  shields?: number;
}): boolean {
  const one = whole(items.oneHanded ?? 0, "oneHanded");
  const two = whole(items.twoHanded ?? 0, "twoHanded");
  const sh = whole(items.shields ?? 0, "shields");
  if (two > 0) return two === 1 && one === 0 && sh === 0;
  return sh <= 1 && one + sh <= 2;
}

// ── Shields (L2099, L2594, L2633, L3675) ─────────────────────────────────────────────────────

export interface ShieldState {
  readonly pd: number;
  readonly place: "arm" | "back" | "ground";
  readonly turnsToReady: number;
}

/**
 * A shield on the arm (ready), or on the back or the ground: readying it takes turns equal to
 * its PD (L2099, L2633).
 */
export function shieldState(pd: number, place: ShieldState["place"] = "arm"): ShieldState {
  const p = whole(pd, "pd", 1);
  if (place !== "arm" && place !== "back" && place !== "ground")
    throw new InputError("place", place, "expected arm, back or ground");
  return { pd: p, place, turnsToReady: place === "arm" ? 0 : p };
}

export function isShieldReady(s: ShieldState): boolean {
  return s.place === "arm" && s.turnsToReady === 0;
}

/** One turn of readying the shield. */
export function readyShield(s: ShieldState): ShieldState {
  if (s.turnsToReady <= 1) return { ...s, place: "arm", turnsToReady: 0 };
  return { ...s, turnsToReady: s.turnsToReady - 1 };
}

/** A block rolled 17–18: the shield needs one turn to re-ready; its PD still counts (L2594). */
export function shieldFumble(s: ShieldState): ShieldState {
  return { ...s, turnsToReady: Math.max(s.turnsToReady, 1) };
}

// ── Reloading missile weapons (L1624–1638, L2089–2097, L2853–2855, L2865) ────────────────────

export const RELOAD_KINDS = ["bow", "sling", "crossbow"] as const;
export type ReloadKind = (typeof RELOAD_KINDS)[number];

/** Reload progress: `cocking` turns of a complex action (crossbow), then the rest. */
export interface ReloadState {
  readonly kind: ReloadKind;
  readonly cocking: number;
  readonly total: number;
  readonly done: number;
}

export interface ReloadOptions {
  /** Crossbow: the bow's ST and the user's ST (L2853–2855). */
  bowST?: number;
  userST?: number;
  /** Crossbow ST 3–4 over the user's needs a goat's foot, 20 s per cock (L2853). */
  goatsFoot?: boolean;
  /** A successful Fast-Draw (Arrow) readies the arrow or bolt in no time (L2865). */
  fastDrawArrow?: boolean;
}

/**
 * Turns to reload (L1626–1636, L2089, L2853): bow and sling 2 (ready the missile, load it);
 * crossbow: cock (2 s at the user's ST or less, 6 s at +1/+2, 20 s with a goat's foot at
 * +3/+4; impossible beyond +4) plus 2. Fire every (total + 1) seconds.
 */
export function reloadPlan(kind: string, opts: ReloadOptions = {}): ReloadState {
  const k = readEnum(kind, "kind", RELOAD_KINDS);
  let cocking = 0;
  if (k === "crossbow") {
    const user = whole(opts.userST ?? 10, "userST", 1);
    const bow = whole(opts.bowST ?? user, "bowST", 1);
    const over = bow - user;
    if (over > 4)
      throw new InputError(
        "bowST",
        bow,
        `a crossbow more than 4 over the user's ST ${user} cannot be used (L2855)`,
      );
    if (over >= 3 && !opts.goatsFoot)
      throw new InputError(
        "goatsFoot",
        opts.goatsFoot,
        "a crossbow 3 or 4 over the user's ST needs a goat's foot (L2853)",
      );
    cocking = over <= 0 ? 2 : over <= 2 ? 6 : 20;
  }
  const total = cocking + (opts.fastDrawArrow ? 1 : 2);
  return { kind: k, cocking, total, done: 0 };
}

/** One Ready turn of reloading. */
export function reloadTurn(r: ReloadState): ReloadState {
  return { ...r, done: Math.min(r.total, r.done + 1) };
}

export function isLoaded(r: ReloadState): boolean {
  return r.done >= r.total;
}

/**
 * A dodge while reloading (L1588, L2097): the turn of reloading is lost; while cocking a
 * crossbow (a complex action) the cocking starts over.
 */
export function reloadDodge(r: ReloadState): ReloadState {
  if (r.done === 0) return { ...r };
  if (r.done <= r.cocking) return { ...r, done: 0 };
  return { ...r, done: Math.max(r.cocking, r.done - 1) };
}

// ── Long actions (§4.7, L2241–2248, L2316–2320, L3355) ───────────────────────────────────────

export interface LongAction {
  readonly id: string;
  readonly name: string;
  /** Fixed seconds (per unit if `per` is set), or null when dice decide. */
  readonly seconds: number | null;
  /** Dice (d6) rolled for the seconds. */
  readonly dice: number | null;
  readonly per: "sentence" | null;
  readonly lines: string;
}

/** Long-action durations (L2241–2248, L2316–2320; pack and pocket L3355). */
export const LONG_ACTIONS: readonly LongAction[] = deepFreeze<LongAction[]>([
  {
    id: "pick-up-heavy",
    name: "Pick up a heavy object (weight greater than ST)",
    seconds: 2,
    dice: null,
    per: null,
    lines: "L2241",
  },
  {
    id: "open-box",
    name: "Open an unlocked box, book, chest, briefcase",
    seconds: 1,
    dice: null,
    per: null,
    lines: "L2242",
  },
  {
    id: "find-in-box",
    name: "Find a loose item in a box, briefcase (not hidden)",
    seconds: null,
    dice: 2,
    per: null,
    lines: "L2243",
  },
  {
    id: "find-in-pocket",
    name: "Find some item in your own pocket",
    seconds: null,
    dice: 1,
    per: null,
    lines: "L2244, L3355",
  },
  {
    id: "find-in-pack",
    name: "Find an item in a pack",
    seconds: null,
    dice: 2,
    per: null,
    lines: "L3355",
  },
  {
    id: "take-off-pack",
    name: "Take a pack off",
    seconds: null,
    dice: 1,
    per: null,
    lines: "L3355",
  },
  {
    id: "write-note",
    name: "Write a brief note",
    seconds: 5,
    dice: null,
    per: "sentence",
    lines: "L2245",
  },
  {
    id: "read-note",
    name: "Read a brief note",
    seconds: 2,
    dice: null,
    per: "sentence",
    lines: "L2246",
  },
  {
    id: "swallow-potion",
    name: "Swallow a pill or potion",
    seconds: 2,
    dice: null,
    per: null,
    lines: "L2247",
  },
  {
    id: "light-torch",
    name: "Light a match, cigarette, fuse, candle, torch",
    seconds: 2,
    dice: null,
    per: null,
    lines: "L2248",
  },
  {
    id: "sheathe-weapon",
    name: "Replace a weapon in its scabbard",
    seconds: 2,
    dice: null,
    per: null,
    lines: "L2316, L2117",
  },
  {
    id: "pocket-item",
    name: "Drop a small item into your pocket",
    seconds: 2,
    dice: null,
    per: null,
    lines: "L2317",
  },
  {
    id: "search-person",
    name: "Search an unresisting person fairly thoroughly",
    seconds: 60,
    dice: null,
    per: null,
    lines: "L2318",
  },
  {
    id: "change-clothes",
    name: "Change clothes",
    seconds: 60,
    dice: null,
    per: null,
    lines: "L2319",
  },
  {
    id: "put-on-armour",
    name: "Put on a suit of armor",
    seconds: 300,
    dice: null,
    per: null,
    lines: "L2320",
  },
]);

export function longAction(id: string): LongAction {
  const row = LONG_ACTIONS.find((a) => a.id === id);
  if (!row)
    throw new InputError(
      "longAction",
      id,
      `expected one of ${LONG_ACTIONS.map((a) => a.id).join(", ")}`,
    );
  return copy(row);
}

/**
 * Seconds a long action takes: the fixed time (× sentences for notes), or the sum of the dice
 * rolled (`rolled`: one value per d6).
 */
export function longActionSeconds(
  id: string,
  opts: { sentences?: number; rolled?: readonly number[] } = {},
): number {
  const a = longAction(id);
  if (a.dice !== null) {
    const rolled = opts.rolled ?? [];
    if (rolled.length !== a.dice)
      throw new InputError(
        "rolled",
        rolled,
        `${a.id} takes ${a.dice}d6 seconds: give ${a.dice} die value(s)`,
      );
    return rolled.reduce(
      (s, v, i) => s + readNumber(v, `rolled[${i}]`, { integer: true, min: 1, max: 6 }),
      0,
    );
  }
  const n = a.per ? whole(opts.sentences ?? 1, "sentences", 1) : 1;
  return (a.seconds ?? 0) * n;
}

/** Sequence sort, realistic way (L1600–1602): Move desc, then Basic Speed desc, then dice (higher first). */
export function sequenceOrder<T extends { move: number; speed: number; roll?: number }>(
  fighters: readonly T[],
): T[] {
  return [...fighters].sort(
    (a, b) => b.move - a.move || b.speed - a.speed || (b.roll ?? 0) - (a.roll ?? 0),
  );
}
