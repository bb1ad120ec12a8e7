/**
 * GURPS Man to Man through the generic exchange flow with turn state (issue 17; spec §4, §6;
 * docs/architecture.md §3.4 and §5). It wraps the engine's exchange (`exchange.ts`, not
 * changed): the declaration carries both fighters' sheet figures and their state blocks
 * (`M2mFighterState`: hp, maneuver, defences used, weapon readiness, held conditions, feint
 * margins); `start` checks that the attacker's maneuver and weapon allow the attack and builds
 * the effective skill, itemised; the defender's prompt lists only the defences his maneuver and
 * turn allow (§6.4, §6.8, C8), each with its full target; All-Out Defence asks a second,
 * different defence after a failed first one (§6.6); the result's effects carry their
 * durations and each side's new state block (`state` effects). `m2mTurns` are the turn hooks:
 * Move-then-Speed order (§4.1), start-of-turn HT rolls (consciousness at 0 HP, stun recovery,
 * §9.2-9.3) and expiries.
 *
 * Roll names are the engine's (`location`, `side`, `attack`, `defence`, `damage`, …); the
 * second defence under All-Out Defence is `defence.2`; turn rolls are `consciousness` and
 * `stunRecovery`.
 */
import { RecordingDice, sum, type Dice, type RollRecord } from "../../core/dice";
import { copy } from "../../core/data";
import {
  checkKeys,
  InputError,
  readBoolean,
  readEnum,
  readNumber,
  readObject,
  readString,
} from "../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../core/modifiers";
import type {
  Answers,
  ChoiceOption,
  ChoiceRecord,
  ConditionDuration,
  ConditionId,
  Effect,
  ExchangeRecord,
  PendingChoice,
  Ruleset,
  RulesetBlock,
  Side,
  TurnCheck,
  TurnHooks,
  TurnOutcome,
} from "../../core/ruleset";
import {
  dropCondition,
  heldCondition,
  holdCondition,
  holds,
  tickConditions,
  type HeldCondition,
} from "../../core/turns";
import { M2M_PLAN } from "./body";
import {
  allowedDefences,
  ATTACK_KINDS,
  canUse,
  defenceModifier,
  defenceOutcome,
  FROM_HEXES,
  newDefenceCounters,
  parryKindOf,
  passiveDefence,
  RANGED_KINDS,
  use,
  type AttackKind,
  type DefenceCounters,
  type DefenceOption,
  type FromHex,
} from "./defence";
import {
  checkCloseManeuver,
  closeAfter,
  closeAttackModifiers,
  closeDefenceKind,
  type CloseState,
} from "./close-flow";
import { getHandWeapon, getHandWeaponAttack } from "./equipment";
import {
  DEFAULT_M2M_OPTIONS,
  finishExchange,
  startExchange,
  type M2mCombatant,
  type M2mDeclaration,
  type M2mDefence,
  type M2mOptions,
  type M2mResult,
  type M2mState,
} from "./exchange";
import { droppedWeaponIndex, turnStartRolls } from "./turn-rules";
import {
  HANDS,
  offHandAttackModifiers,
  offHandParryModifiers,
  weaponArm,
  type Hand,
  type HandContext,
} from "./hands";
import { canAim, aimPenalty } from "./location";
import {
  afterAttack,
  afterParry,
  readyAfterUse,
  isReady,
  maneuver as maneuverOf,
  maneuverAllowsAttack,
  MANEUVER_IDS,
  onFall,
  pickUp,
  POSITION_IDS,
  position,
  ready,
  sequenceOrder,
  turnedInHand,
  type HeldWeapon,
  type ManeuverId,
  type PositionId,
  type StuckState,
  type WeaponPlace,
} from "./maneuvers";
import { parseDamageExpr } from "./damage";
import { situationModifier, WILD_SWING, WILD_SWING_MAX_ROLL } from "./situation";
import { readCatalogRows } from "./catalog-picks";
import {
  attacksAllowed,
  readTactics,
  reloadingNow,
  storeTactics,
  tacticsAfterAttack,
  tacticsAfterDefence,
  tacticsAfterInjury,
  tacticsAttackModifiers,
  tacticsOnManeuver,
  type M2mTactics,
  type TacticsFighter,
} from "./tactics";
import {
  DAMAGE_TYPES,
  HIT_LOCATIONS,
  type DamageExpr,
  type DamageType,
  type HitLocation,
} from "./types";

// ── The state block ─────────────────────────────────────────────────────────────────────────

/** One weapon's state (absent from the block: in hand and ready). */
export interface WeaponStatus {
  place: WeaponPlace;
  /** Ready maneuvers still needed (§4.6). */
  turnsToReady: number;
  stuck: StuckState;
  /** Broken by a Critical Miss (§10.3): it can neither attack nor parry. */
  broken: boolean;
  /** The hand it struck with last, when not the one the item says holds it (L524, hands.ts). */
  hand?: Hand;
}

/** A fighter's GURPS state between exchanges: `RulesetBlock.data` for `m2m`. Plain JSON. */
export interface M2mFighterState {
  /** Basic HT (every turn roll is against it, §0.4). */
  ht: number;
  /** Current hit points. */
  hp: number;
  /** His own turns started so far. */
  turn: number;
  /** The maneuver chosen (governs his defences until his next choice, L1568, §6.8). */
  maneuver: ManeuverId | null;
  /** The turn he chose it on. */
  maneuverTurn: number;
  /** Attacks made since his turn started: one per turn (L1646; Wait's one attack, L1676). */
  attacks: number;
  /** Defences used since his turn started (C8, L2376). */
  defences: DefenceCounters;
  weapons: Record<string, WeaponStatus>;
  shieldReady: boolean;
  posture: PositionId;
  conditions: HeldCondition[];
  /** Feint margins against foes (by foe id): −margin to that foe's defences against his next attack (§5.6). */
  feints: Record<string, { margin: number; armed: boolean }>;
  /** The foe he is in close combat with (close-flow.ts, §11); absent or null: none. */
  close?: CloseState | null;
  /** All-Out Attack's option, Aim, Concentrate, reloading (tactics.ts); absent in older blocks. */
  tactics?: M2mTactics;
}

/** A fresh block: unhurt, standing, everything ready. */
export function newFighterBlock(ht: number, hp: number = ht): RulesetBlock {
  const data: M2mFighterState = {
    ht: readNumber(ht, "ht", { integer: true, min: 1, max: 50 }),
    hp: readNumber(hp, "hp", { integer: true, min: -1000, max: 100 }),
    turn: 0,
    maneuver: null,
    maneuverTurn: 0,
    attacks: 0,
    defences: newDefenceCounters(),
    weapons: {},
    shieldReady: true,
    posture: "standing",
    conditions: [],
    feints: {},
  };
  return { ruleset: "m2m", revision: 0, data: data as unknown as Record<string, unknown> };
}

const DURATIONS = ["nextTurn", "endOfNextTurn", "recovered", "encounter", "permanent"] as const;
const CONDITION_IDS: readonly ConditionId[] = [
  "shock",
  "unconscious",
  "stunned",
  "prone",
  "disarmed",
  "dead",
  "dying",
  "bleeding",
  "burning",
  "shocked",
  "offBalance",
  "weaponUnready",
  "shieldUnready",
  "crippled",
  "amputated",
];

function readHeld(raw: unknown, field: string): HeldCondition {
  const o = readObject(raw, field);
  checkKeys(o, field, ["condition", "cause", "until", "location", "value", "armed", "turnsLeft"]);
  let until: ConditionDuration;
  if (typeof o.until === "object" && o.until !== null) {
    const u = readObject(o.until, `${field}.until`);
    checkKeys(u, `${field}.until`, ["turns"]);
    until = { turns: readNumber(u.turns, `${field}.until.turns`, { integer: true, min: 1 }) };
  } else until = readEnum(o.until, `${field}.until`, DURATIONS);
  const c: HeldCondition = {
    condition: readEnum(o.condition, `${field}.condition`, CONDITION_IDS),
    cause: readString(o.cause, `${field}.cause`),
    until,
    armed: readBoolean(o.armed, `${field}.armed`, false),
  };
  if (o.location !== undefined) c.location = readString(o.location, `${field}.location`);
  if (o.value !== undefined) c.value = readNumber(o.value, `${field}.value`, { integer: true });
  if (o.turnsLeft !== undefined)
    c.turnsLeft = readNumber(o.turnsLeft, `${field}.turnsLeft`, { integer: true, min: 0 });
  return c;
}

/** Validates a block (untrusted JSON from an actor or a card); errors name the field. */
export function parseFighterBlock(
  raw: unknown,
  field = "block",
): { revision: number; state: M2mFighterState } {
  const b = readObject(raw, field);
  checkKeys(b, field, ["ruleset", "revision", "data"]);
  if (b.ruleset !== "m2m") throw new InputError(`${field}.ruleset`, b.ruleset, "expected m2m");
  const revision = readNumber(b.revision, `${field}.revision`, { integer: true, min: 0 });
  const f = `${field}.data`;
  const d = readObject(b.data, f);
  checkKeys(d, f, [
    "ht",
    "hp",
    "turn",
    "maneuver",
    "maneuverTurn",
    "attacks",
    "defences",
    "weapons",
    "shieldReady",
    "posture",
    "conditions",
    "feints",
    "close",
    "tactics",
  ]);
  const dc = readObject(d.defences, `${f}.defences`);
  checkKeys(dc, `${f}.defences`, ["blocks", "parries", "retreated"]);
  const parries: Record<string, number> = {};
  for (const [k, v] of Object.entries(readObject(dc.parries, `${f}.defences.parries`)))
    parries[k] = readNumber(v, `${f}.defences.parries.${k}`, { integer: true, min: 0 });
  const weapons: Record<string, WeaponStatus> = {};
  for (const [k, v] of Object.entries(readObject(d.weapons, `${f}.weapons`))) {
    const w = readObject(v, `${f}.weapons.${k}`);
    checkKeys(w, `${f}.weapons.${k}`, ["place", "turnsToReady", "stuck", "broken", "hand"]);
    weapons[k] = {
      place: readEnum(w.place, `${f}.weapons.${k}.place`, ["hand", "sheathed", "ground"] as const),
      turnsToReady: readNumber(w.turnsToReady, `${f}.weapons.${k}.turnsToReady`, {
        integer: true,
        min: 0,
      }),
      stuck: readEnum(w.stuck, `${f}.weapons.${k}.stuck`, [
        "no",
        "check",
        "stuck",
        "permanent",
      ] as const),
      broken: readBoolean(w.broken, `${f}.weapons.${k}.broken`, false),
      ...(w.hand === undefined ? {} : { hand: readEnum(w.hand, `${f}.weapons.${k}.hand`, HANDS) }),
    };
  }
  const feints: M2mFighterState["feints"] = {};
  for (const [k, v] of Object.entries(readObject(d.feints, `${f}.feints`))) {
    const x = readObject(v, `${f}.feints.${k}`);
    checkKeys(x, `${f}.feints.${k}`, ["margin", "armed"]);
    feints[k] = {
      margin: readNumber(x.margin, `${f}.feints.${k}.margin`, { integer: true, min: 0 }),
      armed: readBoolean(x.armed, `${f}.feints.${k}.armed`, false),
    };
  }
  if (!Array.isArray(d.conditions))
    throw new InputError(`${f}.conditions`, d.conditions, "expected a list");
  const state: M2mFighterState = {
    ht: readNumber(d.ht, `${f}.ht`, { integer: true, min: 1, max: 50 }),
    hp: readNumber(d.hp, `${f}.hp`, { integer: true, min: -1000, max: 100 }),
    turn: readNumber(d.turn, `${f}.turn`, { integer: true, min: 0 }),
    maneuver: d.maneuver === null ? null : readEnum(d.maneuver, `${f}.maneuver`, MANEUVER_IDS),
    maneuverTurn: readNumber(d.maneuverTurn, `${f}.maneuverTurn`, { integer: true, min: 0 }),
    attacks: readNumber(d.attacks, `${f}.attacks`, { integer: true, min: 0 }),
    defences: {
      blocks: readNumber(dc.blocks, `${f}.defences.blocks`, { integer: true, min: 0 }),
      parries,
      retreated: readBoolean(dc.retreated, `${f}.defences.retreated`),
    },
    weapons,
    shieldReady: readBoolean(d.shieldReady, `${f}.shieldReady`),
    posture: readEnum(d.posture, `${f}.posture`, POSITION_IDS),
    conditions: (d.conditions as unknown[]).map((c, i) => readHeld(c, `${f}.conditions[${i}]`)),
    feints,
    ...(d.tactics === undefined ? {} : { tactics: readTactics(d.tactics, `${f}.tactics`) }),
  };
  if (d.close !== undefined && d.close !== null) {
    const c = readObject(d.close, `${f}.close`);
    checkKeys(c, `${f}.close`, ["foe", "since"]);
    state.close = {
      foe: readString(c.foe, `${f}.close.foe`),
      since: readNumber(c.since, `${f}.close.since`, { integer: true, min: 0 }),
    };
  }
  return { revision, state };
}

function blockOf(state: M2mFighterState, revision: number): RulesetBlock {
  return { ruleset: "m2m", revision, data: copy(state) as unknown as Record<string, unknown> };
}

/**
 * A crippled weapon arm or hand (right-handed, L1976): it cannot attack or parry (L3671-3675;
 * a strained shoulder alike, L2611). A crippled shield arm cannot block (L3675).
 */
function crippled(s: M2mFighterState, ...where: string[]): boolean {
  return s.conditions.some((c) => c.condition === "crippled" && where.includes(c.location ?? ""));
}

/** The hand context of an attack with `w` in `mode`: ambidextrous, two-handed (the table's row). */
function handContext(f: M2mFlowFighter, w: M2mFlowWeapon, mode: string): HandContext {
  const table = rowOf(w, mode);
  const twoHanded = table
    ? getHandWeapon(table).attacks.find((x) => x.id === modeBase(w, mode))?.hands === 2
    : false;
  return { ambidextrous: f.ambidextrous, twoHanded };
}

/** He can choose no maneuver: dead, unconscious or still stunned (L1870, L1876). */
function actionless(s: M2mFighterState): boolean {
  return (
    holds(s.conditions, "dead") ||
    holds(s.conditions, "unconscious") ||
    holds(s.conditions, "stunned")
  );
}

// ── Sheet figures ───────────────────────────────────────────────────────────────────────────

/** One attack mode of a flow weapon (`M2mFlowWeapon.modes`). */
export interface FlowMode {
  skill: number;
  damage: DamageExpr;
  type: DamageType;
  /** The mode's hand-weapon table row; absent: the weapon's. */
  table?: string;
  /** The attack id within that row (`thrust-imp`); absent: found by the mode id or type. */
  attack?: string;
}

/** A weapon as the declaration carries it (from the sheet's derived figures). */
export interface M2mFlowWeapon {
  /** The item's id: parries and readiness are per weapon (C8). */
  id: string;
  /** The engine's hand-weapon table id (`axe`), for readiness (§4.6); absent: no readiness rules. */
  table?: string;
  /** The hand the item is held in (the item's `held`, L524); absent: the main hand. */
  hand?: Hand;
  /** Parry score (§6.2), 0 if it cannot parry. */
  parry: number;
  fencing: boolean;
  /**
   * Attack modes: effective skill before situational modifiers, damage, type; `table` and
   * `attack` the mode's own hand-weapon table row and attack (§4.6: its readying, its hands),
   * for a weapon listed under two rows (ruling M93) or a mode id that is not the attack's.
   */
  modes: Record<string, FlowMode>;
  /** A missile or thrown weapon (no All-Out Attack with it; Aim needs one, L1640, L1652). */
  ranged?: boolean;
  /** Ready turns to reload after a shot (§12.8), of which `cocking` cock a crossbow. */
  reload?: number;
  cocking?: number;
}

/** A fighter as the declaration carries it: sheet figures plus his state block. */
export interface M2mFlowFighter {
  /** Combatant or actor id (feints are kept per foe). */
  id: string;
  st: number;
  dr: Partial<Record<HitLocation, number>>;
  toughness: number;
  armourPd: number;
  /**
   * Armour PD by hit location, when the location struck is settled before the defence (L2432,
   * ruling M2); a location not listed has `armourPd`.
   */
  pdAt?: Partial<Record<HitLocation, number>>;
  /** Shield PD; 0 without a shield. */
  shieldPd: number;
  dodge: number;
  /** Block score; null without a shield. */
  block: number | null;
  weapons: M2mFlowWeapon[];
  /** Ambidextrousness (L526-528): no off-hand penalty. */
  ambidextrous: boolean;
  /** Left-handed (L522): the main hand is the left (hands.ts `weaponArm`). */
  leftHanded: boolean;
  /** The state block's revision the declaration was made at. */
  revision: number;
  state: M2mFighterState;
}

/** The flow's options: the engine's exchange options and the close combat layer (ch. 6, spec §0.2). */
export interface M2mFlowOptions extends M2mOptions {
  lastWounds: boolean;
  closeCombat: boolean;
}

/** All-Out Attack's options (L1654–1660); the maneuver's choice (tactics.ts) governs, this may only repeat +4. */
export const ALL_OUT_VARIANTS = ["plus-4"] as const;

export interface M2mFlowDeclaration {
  attacker: M2mFlowFighter;
  defender: M2mFlowFighter;
  attack: {
    weapon: string;
    mode: string;
    target: HitLocation | "random";
    kind: AttackKind;
    fromHex: FromHex;
    /** He steps into the foe's hex with this attack: close combat begins (close-flow.ts, L2677). */
    enter: boolean;
    /** The hand that strikes (L524): the off hand is at −4 unless ambidextrous. */
    hand: Hand;
    /** The All-Out Attack variant (the +4, L1660); the others are not yet flowed. */
    allOut: (typeof ALL_OUT_VARIANTS)[number] | null;
    /** The user's own modifiers, itemised. */
    modifiers: Modifier[];
    /** The map's: range, light, wild swing or blind shot (./situation.ts), itemised. */
    situation: Modifier[];
    /** The §5.2 catalog rows the user declares (./catalog-picks.ts), itemised; absent: none. */
    catalog?: Modifier[];
    halfDamage: boolean;
  };
  options: M2mFlowOptions;
}

function readFighter(raw: unknown, field: string): M2mFlowFighter {
  const o = readObject(raw, field);
  checkKeys(o, field, [
    "id",
    "st",
    "dr",
    "toughness",
    "armourPd",
    "pdAt",
    "shieldPd",
    "dodge",
    "block",
    "weapons",
    "ambidextrous",
    "leftHanded",
    "state",
  ]);
  const dr: Partial<Record<HitLocation, number>> = {};
  if (o.dr !== undefined) {
    const d = readObject(o.dr, `${field}.dr`);
    checkKeys(d, `${field}.dr`, HIT_LOCATIONS);
    for (const [k, v] of Object.entries(d))
      dr[k as HitLocation] = readNumber(v, `${field}.dr.${k}`, { integer: true, min: 0, max: 50 });
  }
  const pdAt: Partial<Record<HitLocation, number>> = {};
  if (o.pdAt !== undefined) {
    const d = readObject(o.pdAt, `${field}.pdAt`);
    checkKeys(d, `${field}.pdAt`, HIT_LOCATIONS);
    for (const [k, v] of Object.entries(d))
      pdAt[k as HitLocation] = readNumber(v, `${field}.pdAt.${k}`, {
        integer: true,
        min: 0,
        max: 20,
      });
  }
  if (!Array.isArray(o.weapons))
    throw new InputError(`${field}.weapons`, o.weapons, "expected a list");
  const weapons = (o.weapons as unknown[]).map((w, i) => readWeapon(w, `${field}.weapons[${i}]`));
  const ids = new Set<string>();
  for (const w of weapons) {
    if (ids.has(w.id)) throw new InputError(`${field}.weapons`, w.id, "two weapons share this id");
    ids.add(w.id);
  }
  const block = parseFighterBlock(o.state, `${field}.state`);
  const n = (k: string, max = 50) =>
    o[k] === undefined ? 0 : readNumber(o[k], `${field}.${k}`, { integer: true, min: 0, max });
  return {
    id: readString(o.id, `${field}.id`),
    st: readNumber(o.st, `${field}.st`, { integer: true, min: 1, max: 100 }),
    dr,
    toughness: n("toughness", 10),
    armourPd: n("armourPd", 20),
    ...(o.pdAt === undefined ? {} : { pdAt }),
    shieldPd: n("shieldPd", 20),
    dodge: readNumber(o.dodge, `${field}.dodge`, { integer: true, min: 0, max: 50 }),
    block:
      o.block === undefined || o.block === null
        ? null
        : readNumber(o.block, `${field}.block`, { integer: true, min: 0, max: 50 }),
    weapons,
    ambidextrous: readBoolean(o.ambidextrous, `${field}.ambidextrous`, false),
    leftHanded: readBoolean(o.leftHanded, `${field}.leftHanded`, false),
    revision: block.revision,
    state: block.state,
  };
}

function readWeapon(raw: unknown, field: string): M2mFlowWeapon {
  const o = readObject(raw, field);
  checkKeys(o, field, [
    "id",
    "table",
    "parry",
    "fencing",
    "modes",
    "hand",
    "ranged",
    "reload",
    "cocking",
  ]);
  const table = o.table === undefined ? undefined : readString(o.table, `${field}.table`);
  if (table !== undefined) getHandWeapon(table, `${field}.table`);
  const modes: M2mFlowWeapon["modes"] = {};
  const m = readObject(o.modes, `${field}.modes`);
  for (const [k, v] of Object.entries(m)) {
    const f = `${field}.modes.${k}`;
    const x = readObject(v, f);
    checkKeys(x, f, ["skill", "damage", "type", "table", "attack"]);
    const row = x.table === undefined ? undefined : readString(x.table, `${f}.table`);
    if (row !== undefined) getHandWeapon(row, `${f}.table`);
    const attack = x.attack === undefined ? undefined : readString(x.attack, `${f}.attack`);
    if (attack !== undefined) {
      if (row === undefined && table === undefined)
        throw new InputError(
          `${f}.attack`,
          attack,
          "needs a table row (the mode's or the weapon's)",
        );
      getHandWeaponAttack(row ?? table!, attack, `${f}.attack`, `${f}.table`);
    }
    modes[k] = {
      skill: readNumber(x.skill, `${f}.skill`, { integer: true, min: -50, max: 100 }),
      damage: parseDamageExpr(readString(x.damage, `${f}.damage`), `${f}.damage`),
      type: readEnum(x.type, `${f}.type`, DAMAGE_TYPES),
      ...(row === undefined ? {} : { table: row }),
      ...(attack === undefined ? {} : { attack }),
    };
  }
  if (Object.keys(modes).length === 0)
    throw new InputError(`${field}.modes`, o.modes, "needs at least one attack mode");
  return {
    id: readString(o.id, `${field}.id`),
    ...(table === undefined ? {} : { table }),
    parry:
      o.parry === undefined
        ? 0
        : readNumber(o.parry, `${field}.parry`, { integer: true, min: 0, max: 50 }),
    fencing: readBoolean(o.fencing, `${field}.fencing`, false),
    modes,
    ...(o.hand === undefined ? {} : { hand: readEnum(o.hand, `${field}.hand`, HANDS) }),
    ...(o.ranged === undefined ? {} : { ranged: readBoolean(o.ranged, `${field}.ranged`) }),
    ...(o.reload === undefined
      ? {}
      : { reload: readNumber(o.reload, `${field}.reload`, { integer: true, min: 0, max: 60 }) }),
    ...(o.cocking === undefined
      ? {}
      : { cocking: readNumber(o.cocking, `${field}.cocking`, { integer: true, min: 0, max: 60 }) }),
  };
}

/** The map's modifiers as declared (`{key, value}` rows of ./situation.ts keys). */
function readSituationModifiers(raw: unknown): Modifier[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new InputError("attack.situation", raw, "expected a list");
  return (raw as unknown[]).map((m, i) => {
    const f = `attack.situation[${i}]`;
    const x = readObject(m, f);
    checkKeys(x, f, ["key", "value"]);
    const value = readNumber(x.value, `${f}.value`, { integer: true, min: -30, max: 30 });
    return situationModifier(readString(x.key, `${f}.key`), value, `${f}.key`);
  });
}

/** Validates a flow declaration (untrusted JSON); errors name the field. */
export function parseFlowDeclaration(raw: unknown): M2mFlowDeclaration {
  const o = readObject(raw, "input");
  checkKeys(o, "", ["attacker", "defender", "attack", "options"]);
  const a = readObject(o.attack, "attack");
  checkKeys(a, "attack", [
    "weapon",
    "mode",
    "target",
    "kind",
    "fromHex",
    "allOut",
    "modifiers",
    "situation",
    "catalog",
    "halfDamage",
    "hand",
    "enter",
  ]);
  const options: M2mFlowOptions = { ...DEFAULT_M2M_OPTIONS, lastWounds: false, closeCombat: false };
  if (o.options !== undefined) {
    const op = readObject(o.options, "options");
    checkKeys(op, "options", Object.keys(options));
    options.hitLocation = readBoolean(op.hitLocation, "options.hitLocation", true);
    options.stun = readBoolean(op.stun, "options.stun", true);
    options.lastWounds = readBoolean(op.lastWounds, "options.lastWounds", false);
    options.closeCombat = readBoolean(op.closeCombat, "options.closeCombat", false);
  }
  const mods: Modifier[] = [];
  if (a.modifiers !== undefined) {
    if (!Array.isArray(a.modifiers))
      throw new InputError("attack.modifiers", a.modifiers, "expected a list");
    (a.modifiers as unknown[]).forEach((m, i) => {
      const f = `attack.modifiers[${i}]`;
      const x = readObject(m, f);
      checkKeys(x, f, ["label", "value"]);
      mods.push({
        key: "attack.user",
        label: readString(x.label, `${f}.label`),
        value: readNumber(x.value, `${f}.value`, { integer: true, min: -30, max: 30 }),
        source: "user",
      });
    });
  }
  const situation = readSituationModifiers(a.situation);
  const attacker = readFighter(o.attacker, "attacker");
  const weapon = weaponOf(attacker, readString(a.weapon, "attack.weapon"), "attack.weapon");
  const mode = readString(a.mode, "attack.mode");
  if (!weapon.modes[mode])
    throw new InputError(
      "attack.mode",
      mode,
      `expected one of ${Object.keys(weapon.modes).join(", ")}`,
    );
  return {
    attacker,
    defender: readFighter(o.defender, "defender"),
    attack: {
      weapon: weapon.id,
      mode,
      target:
        a.target === undefined
          ? "random"
          : readEnum(a.target, "attack.target", ["random", ...HIT_LOCATIONS] as const),
      kind: a.kind === undefined ? "melee" : readEnum(a.kind, "attack.kind", ATTACK_KINDS),
      fromHex:
        a.fromHex === undefined ? "front" : readEnum(a.fromHex, "attack.fromHex", FROM_HEXES),
      hand: a.hand === undefined ? "main" : readEnum(a.hand, "attack.hand", HANDS),
      enter: readBoolean(a.enter, "attack.enter", false),
      allOut:
        a.allOut === undefined || a.allOut === null
          ? null
          : readEnum(a.allOut, "attack.allOut", ALL_OUT_VARIANTS),
      modifiers: mods,
      situation,
      catalog: readCatalogRows(a.catalog),
      halfDamage: readBoolean(a.halfDamage, "attack.halfDamage", false),
    },
    options,
  };
}

// ── Weapons and readiness ───────────────────────────────────────────────────────────────────

function statusOf(s: M2mFighterState, id: string): WeaponStatus {
  return s.weapons[id] ?? { place: "hand", turnsToReady: 0, stuck: "no", broken: false };
}

/** The hand-weapon table row of `w`'s `mode` (ruling M93: a mode has its own), else `w`'s. */
function rowOf(w: M2mFlowWeapon, mode?: string): string | undefined {
  return (mode === undefined ? undefined : w.modes[mode]?.table) ?? w.table;
}

/** `w` held, with the readiness rules of its row (of `mode`'s row when given). */
function held(
  f: M2mFlowFighter,
  s: M2mFighterState,
  w: M2mFlowWeapon,
  mode?: string,
): HeldWeapon | null {
  const table = rowOf(w, mode);
  if (!table) return null;
  const st = statusOf(s, w.id);
  return {
    spec: getHandWeapon(table),
    st: f.st,
    place: st.place,
    turnsToReady: st.turnsToReady,
    reach: null,
    stuck: st.stuck,
  };
}

/** The hand that holds `w` now: the one it last struck with, else the item's (L524). */
function handOf(s: M2mFighterState, w: M2mFlowWeapon): Hand {
  return statusOf(s, w.id).hand ?? w.hand ?? "main";
}

function weaponReady(f: M2mFlowFighter, s: M2mFighterState, w: M2mFlowWeapon): boolean {
  const st = statusOf(s, w.id);
  if (st.broken) return false;
  const h = held(f, s, w);
  return h ? isReady(h) : st.place === "hand" && st.turnsToReady === 0;
}

function setHeld(s: M2mFighterState, id: string, h: HeldWeapon): void {
  const old = statusOf(s, id);
  s.weapons[id] = {
    place: h.place,
    turnsToReady: h.turnsToReady,
    stuck: h.stuck,
    broken: old.broken,
  };
}

function weaponOf(f: M2mFlowFighter, id: string, field: string): M2mFlowWeapon {
  const w = f.weapons.find((x) => x.id === id);
  if (!w)
    throw new InputError(field, id, `no such weapon (${f.weapons.map((x) => x.id).join(", ")})`);
  return w;
}

/** His weapons as the tactics' checks need them (tactics.ts). */
export function tacticsFighter(f: M2mFlowFighter, s: M2mFighterState = f.state): TacticsFighter {
  return {
    weapons: f.weapons.map((w) => ({
      id: w.id,
      hand: !w.ranged,
      ready: weaponReady(f, s, w),
      unbalanced: w.table ? readyAfterUseOf(w.table) > 0 : false,
      reload: w.reload ?? 0,
      cocking: w.cocking ?? 0,
    })),
  };
}

// ── Maneuvers and feints (outside the exchange) ─────────────────────────────────────────────

export interface ManeuverChoice {
  maneuver: ManeuverId;
  /** Ready: the weapon readied (§4.6). */
  weapon?: string;
  /** Change Position: the position taken (§4.5). */
  posture?: PositionId;
  /** Ready on a weapon that may be stuck: the ST roll (L1612). */
  stuckRoll?: number;
  /** All-Out Attack: its option (L1654–1660, tactics.ts). */
  allOut?: string;
  /** Aim (and the adapter's Feint): the foe named, by his fight id. */
  foe?: string;
  /** Ready: the shield instead of a weapon (L2099, L2594). */
  shield?: boolean;
}

/**
 * Ready on a weapon on the ground picks it up (L2079 "pick up … any item", L2101, L2167,
 * L2631-2633; ruling M97): only kneeling (or sitting, as a fighter with a crippled leg fights,
 * L3679), which a Change Position took on an earlier turn; he stands up with it, unless a leg or
 * foot is crippled. A sword or knife is then ready, an unbalanced weapon needs readying as
 * though just used, a polearm two turns (`pickUp`); a weapon without readiness rules keeps the
 * Ready turns it had (a missile's reload).
 */
function pickUpWeapon(f: M2mFlowFighter, s: M2mFighterState, w: M2mFlowWeapon): void {
  if (s.posture !== "kneeling" && s.posture !== "sitting")
    throw new InputError(
      "weapon",
      w.id,
      `is on the ground: he must kneel first (Change Position; he is ${s.posture}, L2101, L2631)`,
    );
  const h = held(f, s, w);
  if (h) setHeld(s, w.id, pickUp(h));
  else s.weapons[w.id] = { ...statusOf(s, w.id), place: "hand" };
  const legs = s.conditions.some(
    (c) => c.condition === "crippled" && /-(leg|foot)$/.test(c.location ?? ""),
  );
  if (!legs) {
    s.posture = "standing";
    s.conditions = dropCondition(s.conditions, "prone");
  }
}

/**
 * Ready on the shield: a shield a block's 17-18 left unready takes one Ready turn (L2594); refused
 * without a shield, with the shield ready, or with the shield arm crippled (L3675).
 */
function readyShield(f: M2mFlowFighter, s: M2mFighterState): void {
  if (f.shieldPd <= 0 && f.block === null) throw new InputError("shield", true, "he has no shield");
  if (s.shieldReady && !holds(s.conditions, "shieldUnready"))
    throw new InputError("shield", true, "the shield is ready already (L2099)");
  if (crippled(s, "left-arm"))
    throw new InputError("shield", true, "his shield arm is crippled (L3675)");
  s.shieldReady = true;
  s.conditions = dropCondition(s.conditions, "shieldUnready");
}

/**
 * The maneuver chosen at the start of his turn (L1568): refused while he may not act (stunned,
 * unconscious, dead), twice in one turn, or before his turn has started. Ready takes one turn
 * off the weapon's readying; Change Position changes posture one step (lying → kneeling →
 * standing, L1582).
 */
export function chooseManeuver(fighter: M2mFlowFighter, choice: ManeuverChoice): RulesetBlock {
  const s = copy(fighter.state);
  const id = readEnum(choice.maneuver, "maneuver", MANEUVER_IDS);
  if (s.turn === 0)
    throw new InputError("maneuver", id, "his turn has not started (turnStart first)");
  if (holds(s.conditions, "dead") || holds(s.conditions, "unconscious"))
    throw new InputError("maneuver", id, "he is out of the fight (L1876)");
  if (holds(s.conditions, "stunned"))
    throw new InputError("maneuver", id, "stunned: no maneuver until he recovers (L1870, L2580)");
  if (s.maneuverTurn === s.turn && s.maneuver !== null)
    throw new InputError("maneuver", id, `already chose ${s.maneuver} this turn (L1568)`);
  checkCloseManeuver(s, id);
  // A Move walks out of the close combat on his own side (L2681).
  if (id === "move" && s.close) s.close = null;
  const m = maneuverOf(id);
  if (m.attack === "all-out" && s.posture !== "standing")
    throw new InputError("maneuver", id, "All-Out Attack needs him standing (L1652)");
  if ((id === "ready" || id === "step-and-ready") && choice.shield) readyShield(fighter, s);
  else if (id === "ready" || id === "step-and-ready") {
    if (choice.weapon === undefined)
      throw new InputError("weapon", undefined, "Ready needs a weapon");
    const w = weaponOf(fighter, choice.weapon, "weapon");
    if (statusOf(s, w.id).broken) throw new InputError("weapon", w.id, "is broken");
    const h = held(fighter, s, w);
    if (statusOf(s, w.id).place === "ground") pickUpWeapon(fighter, s, w);
    else if (h)
      setHeld(
        s,
        w.id,
        ready(h, choice.stuckRoll === undefined ? {} : { stuckRoll: choice.stuckRoll }),
      );
    else {
      // Without readiness rules: drawn at once, or one Ready turn off a reload (§12.8).
      const st = statusOf(s, w.id);
      const left = st.place === "hand" ? Math.max(0, st.turnsToReady - 1) : 0;
      s.weapons[w.id] = { ...st, place: "hand", turnsToReady: left };
    }
  }
  if (id === "change-position") {
    const to = readEnum(choice.posture, "posture", POSITION_IDS);
    if (s.posture === "lying" && to === "standing")
      throw new InputError("posture", to, "from lying he must kneel first (L1582)");
    s.posture = to;
    if (to !== "lying" && to !== "crawling") s.conditions = dropCondition(s.conditions, "prone");
  }
  storeTactics(
    s,
    tacticsOnManeuver(fighter.state, { ...choice, maneuver: id }, tacticsFighter(fighter)),
  );
  s.maneuver = id;
  s.maneuverTurn = s.turn;
  return blockOf(s, fighter.revision + 1);
}

// ── The exchange ────────────────────────────────────────────────────────────────────────────

export interface M2mFlowChoice {
  /** A pending option's id: `dodge`, `dodge-retreat`, `block`, `parry:<weapon>`, `none`. */
  option: string;
}

interface DefenceMade {
  option: string;
  defence: M2mDefence;
  weapon: string | null;
  retreat: boolean;
  roll: number | null;
  target: number;
  outcome: string | null;
}

export interface M2mFlowState {
  decl: M2mFlowDeclaration;
  /** The attack's effective skill, itemised. */
  attackTarget: Target;
  engine: M2mState;
  rolls: RollRecord[];
  choices: ChoiceRecord[];
  /** Defences made so far (two under All-Out Defence). */
  defences: DefenceMade[];
  /** What is pending: the first or the second defence, or nothing. */
  awaiting: "defence" | "secondDefence" | null;
  result: M2mFlowResult | null;
}

export interface M2mFlowResult extends ExchangeRecord {
  ruleset: "m2m";
  attackTarget: Target;
  /** The engine's result (its `rolls` are the flow's). */
  exchange: M2mResult;
  defences: DefenceMade[];
}

function combatant(f: M2mFlowFighter): M2mCombatant {
  const crippled = f.state.conditions
    .filter((c) => c.condition === "crippled" && c.location !== undefined)
    .map((c) => c.location as HitLocation)
    .filter((l) => (HIT_LOCATIONS as readonly string[]).includes(l));
  return {
    ht: f.state.ht,
    hp: f.state.hp,
    dr: { ...f.dr },
    toughness: f.toughness,
    shield: f.shieldPd > 0,
    crippled,
  };
}

const src = (lines: string, section: string) => `seed 004 ${lines}; m2m-spec ${section}`;

/** The attack's checks and its effective skill (start). */
function attackTargetOf(d: M2mFlowDeclaration): { target: Target; weapon: M2mFlowWeapon } {
  const a = d.attacker;
  const s = a.state;
  if (actionless(s))
    throw new InputError(
      "attacker.state",
      s.conditions.map((c) => c.condition).join(", "),
      "he may not act (stunned, unconscious or dead)",
    );
  if (s.maneuver === null || s.maneuverTurn !== s.turn || s.turn === 0)
    throw new InputError(
      "attacker.state.maneuver",
      s.maneuver,
      "no maneuver chosen this turn (L1568)",
    );
  if (!maneuverAllowsAttack(s.maneuver))
    throw new InputError(
      "attacker.state.maneuver",
      s.maneuver,
      "only Attack, Step and Attack, All-Out Attack and Wait allow an attack (L1698)",
    );
  if (s.attacks >= attacksAllowed(s))
    throw new InputError(
      "attacker.state.attacks",
      s.attacks,
      "he has already attacked this turn, or his own turn ended without it (one attack per turn, L1646, L1676; only Wait keeps it past his turn, L1698)",
    );
  if (crippled(s, ...weaponArm(d.attack.hand, a.leftHanded)) && d.attack.kind !== "unarmed")
    throw new InputError(
      "attacker.state.conditions",
      "crippled",
      "his weapon arm is crippled: it cannot attack (L3671-3675, L2611)",
    );
  const w = weaponOf(a, d.attack.weapon, "attack.weapon");
  if (statusOf(s, w.id).broken) throw new InputError("attack.weapon", w.id, "is broken");
  if (!weaponReady(a, s, w))
    throw new InputError(
      "attack.weapon",
      w.id,
      `is not ready (${statusOf(s, w.id).turnsToReady} Ready turn(s) left, §4.6)`,
    );
  const mode = w.modes[d.attack.mode];
  if (!mode)
    throw new InputError(
      "attack.mode",
      d.attack.mode,
      `expected one of ${Object.keys(w.modes).join(", ")}`,
    );
  const ranged = RANGED_KINDS.includes(d.attack.kind);
  const allOut = maneuverOf(s.maneuver).attack === "all-out";
  if (d.attack.allOut && !allOut)
    throw new InputError("attack.allOut", d.attack.allOut, "needs the All-Out Attack maneuver");
  if (allOut && ranged)
    throw new InputError(
      "attack.kind",
      d.attack.kind,
      "All-Out Attack is for hand weapons (L1652)",
    );
  const mods: Modifier[] = [];
  const shock = s.conditions
    .filter((c) => c.condition === "shocked")
    .reduce((t, c) => t + (c.value ?? 0), 0);
  if (shock > 0)
    mods.push({ key: "attack.shock", value: -shock, source: src("L1864-1866", "§9.1") });
  mods.push(...tacticsAttackModifiers(s, { weapon: w.id, foe: d.defender.id, ranged }));
  if (d.attack.allOut === "plus-4" && !mods.some((m) => m.key === "attack.all-out"))
    mods.push({ key: "attack.all-out", value: 4, source: src("L1660", "§4.2") });
  const posture = position(s.posture);
  if (posture.attack === null)
    throw new InputError(
      "attacker.state.posture",
      s.posture,
      "a crawling fighter makes close attacks only (§4.5)",
    );
  if (posture.attack !== 0)
    mods.push({ key: "attack.posture", value: posture.attack, source: src(posture.lines, "§4.5") });
  const target = d.attack.target;
  if (target !== "random") {
    if (!d.options.hitLocation && target !== "torso")
      throw new InputError(
        "attack.target",
        target,
        "without the hit location rules every hit is to the torso (L1864)",
      );
    if (d.options.hitLocation) {
      if (!canAim(target, mode.type))
        throw new InputError("attack.target", target, `${mode.type} attacks cannot aim there`);
      const p = aimPenalty(target, { shield: d.defender.shieldPd > 0, type: mode.type });
      if (p !== 0) mods.push({ key: "attack.location", value: p, source: src("L2432", "§8") });
    }
  }
  mods.push(...offHandAttackModifiers(d.attack.hand, handContext(a, w, d.attack.mode)));
  mods.push(...closeAttackModifiers(d, rowOf(w, d.attack.mode)));
  mods.push(...d.attack.situation, ...(d.attack.catalog ?? []), ...d.attack.modifiers);
  return { target: buildTarget("skill", mode.skill, wildSwingMods(mode.skill, mods)), weapon: w };
}

/** Whether the declared attack is a wild swing (the map's row, ./situation.ts). */
function wildSwing(d: M2mFlowDeclaration): boolean {
  return d.attack.situation.some((m) => m.key === "attack.wild-swing");
}

/**
 * A wild swing (L2153-2165): no All-Out Attack +4 (L2161); its own row is −5 or whatever brings
 * the skill down to a roll of 9, whichever is worse (L2159), recounted here from the skill with
 * everything else, the +4 gone (the adapter measured it with the +4 still in).
 */
function wildSwingMods(skill: number, mods: Modifier[]): Modifier[] {
  const row = mods.find((m) => m.key === "attack.wild-swing");
  if (!row) return mods;
  const rest = mods.filter((m) => m.key !== "attack.all-out" && m !== row);
  const before = rest.reduce((t, m) => t + m.value, skill);
  return [...rest, { ...row, value: Math.min(WILD_SWING, WILD_SWING_MAX_ROLL - before) }];
}

/**
 * The attacker's effective skill for a declaration, itemised (shock, All-Out, posture, aimed
 * location, the user's own), as `start` will roll against it: the attack dialog's target. Throws
 * the refusal `start` would (no maneuver, weapon not ready, …).
 */
export function flowAttackTarget(d: M2mFlowDeclaration): Target {
  return attackTargetOf(d).target;
}

function engineDeclaration(d: M2mFlowDeclaration, skill: number, w: M2mFlowWeapon): M2mDeclaration {
  const mode = w.modes[d.attack.mode]!;
  const table = w.table ? getHandWeapon(w.table) : null;
  return {
    attack: {
      skill,
      damage: mode.damage,
      type: mode.type,
      target: d.attack.target,
      ranged: RANGED_KINDS.includes(d.attack.kind),
      unarmed: d.attack.kind === "unarmed",
      breakResistant: table?.breakResistant ?? false,
      halfDamage: d.attack.halfDamage,
    },
    defender: combatant(d.defender),
    attacker: combatant(d.attacker),
    options: {
      hitLocation: d.options.hitLocation,
      stun: d.options.stun,
      lastWounds: d.options.lastWounds,
    },
  };
}

/** The defender's defences against this attack, each with its option id and full target. */
interface DefenceEntry {
  id: string;
  labelKey: string;
  defence: "dodge" | "block" | "parry" | "none";
  weapon: M2mFlowWeapon | null;
  retreat: boolean;
  /** Active score with modifiers (0 for none). */
  score: number;
  target: Target;
  /** Why not, when not available. */
  reason: string | null;
  unavailableKey?: string;
}

const UNAVAILABLE = {
  forbidden: "BLOWBYBLOW.M2M.Unavailable.forbidden",
  spent: "BLOWBYBLOW.M2M.Unavailable.spent",
  retreat: "BLOWBYBLOW.M2M.Unavailable.retreat",
  secondDefence: "BLOWBYBLOW.M2M.Unavailable.secondDefence",
} as const;

/**
 * The defender's PD: the armour's on the location struck when it is settled before the defence
 * (aimed, or a random melee swing's, L2432, ruling M2), else the torso's (`armourPd`: a shot's
 * location is rolled after the hit, A9, M95); with the shield's.
 */
function pdOf(d: M2mFlowDeclaration, location: HitLocation | null): number {
  const df = d.defender;
  const at = location === null ? undefined : df.pdAt?.[location];
  return passiveDefence(
    { kind: closeDefenceKind(d), fromHex: d.attack.fromHex },
    {
      armourPd: at ?? df.armourPd,
      shieldPd: df.shieldPd,
      lying: df.state.posture === "lying",
      // The shield arm is the off-hand arm: the left, the right for a left-hander (ruling M132).
      shieldArmCrippled: crippled(df.state, weaponArm("off", df.leftHanded)[0]),
    },
  ).value;
}

function defenceEntries(
  d: M2mFlowDeclaration,
  first: DefenceMade | null,
  location: HitLocation | null,
): DefenceEntry[] {
  const df = d.defender;
  const s = df.state;
  const pd = pdOf(d, location);
  const pdMod: Modifier[] =
    pd > 0 ? [{ key: "defence.pd", value: pd, source: src("L1716, L1824", "§6.1") }] : [];
  const feint = d.attacker.state.feints[df.id];
  // A wild swing gets no bonus from feinting (L2159): the feint is spent on it all the same.
  const feintMods: Modifier[] =
    feint?.armed && feint.margin > 0 && !wildSwing(d)
      ? [defenceModifier("feinted", { margin: feint.margin })]
      : [];
  const aod = s.maneuver !== null && maneuverOf(s.maneuver).defences.rolls === 2;
  const base = {
    maneuver: s.maneuver ?? undefined,
    stunned: holds(s.conditions, "stunned"),
    unconscious: holds(s.conditions, "unconscious") || holds(s.conditions, "dead"),
    readyShield: df.block !== null && s.shieldReady && !holds(s.conditions, "shieldUnready"),
    posture: s.posture,
    retreatUsed: s.defences.retreated,
    lostBalance: holds(s.conditions, "offBalance"),
    shieldArmCrippled: crippled(s, weaponArm("off", df.leftHanded)[0]),
    reloading: reloadingNow(s),
  };
  const ctx = { kind: closeDefenceKind(d), fromHex: d.attack.fromHex };
  const out: DefenceEntry[] = [];
  const entry = (
    id: string,
    labelKey: string,
    o: DefenceOption,
    score: number,
    weapon: M2mFlowWeapon | null,
    retreat: boolean,
    spent: boolean,
  ): DefenceEntry => {
    const mods = [...o.modifiers, ...feintMods, ...pdMod];
    const target = buildTarget(o.defence, score, mods);
    let reason = o.allowed ? null : (o.reason ?? "not allowed");
    let key: string | undefined = o.allowed ? undefined : UNAVAILABLE.forbidden;
    if (!reason && spent) {
      reason = "none of it left this turn (C8, L2376)";
      key = UNAVAILABLE.spent;
    }
    if (!reason && first && first.defence.type === o.defence) {
      reason = "All-Out Defence's second roll must be a different defence (L1682, L2233)";
      key = UNAVAILABLE.secondDefence;
    }
    return {
      id,
      labelKey,
      defence: o.defence,
      weapon,
      retreat,
      score,
      target,
      reason,
      ...(key ? { unavailableKey: key } : {}),
    };
  };
  const plain = allowedDefences(ctx, { ...base, readyWeapon: false });
  const dodge = plain.find((o) => o.defence === "dodge")!;
  out.push(entry("dodge", "BLOWBYBLOW.M2M.Defence.dodge", dodge, df.dodge, null, false, false));
  const withRetreat = allowedDefences(ctx, { ...base, readyWeapon: false, retreat: true }).find(
    (o) => o.defence === "dodge",
  )!;
  const r = entry(
    "dodge-retreat",
    "BLOWBYBLOW.M2M.Defence.dodgeRetreat",
    withRetreat,
    df.dodge,
    null,
    true,
    false,
  );
  if (!r.reason && !withRetreat.retreat) {
    r.reason = withRetreat.notes.find((n) => n.startsWith("no retreat")) ?? "no retreat";
    r.unavailableKey = s.defences.retreated ? UNAVAILABLE.retreat : UNAVAILABLE.forbidden;
  }
  out.push(r);
  const block = plain.find((o) => o.defence === "block")!;
  out.push(
    entry(
      "block",
      "BLOWBYBLOW.M2M.Defence.block",
      block,
      df.block ?? 0,
      null,
      false,
      !canUse(s.defences, "block", { allOutDefence: aod }),
    ),
  );
  for (const w of df.weapons) {
    if (w.parry <= 0) continue;
    const kind = w.table ? parryKindOf(getHandWeapon(w.table).skill) : "weapon";
    const hand = handOf(s, w);
    const allowed = allowedDefences(ctx, {
      ...base,
      readyWeapon: weaponReady(df, s, w) && !crippled(s, ...weaponArm(hand, df.leftHanded)),
      weaponKind: kind,
    }).find((x) => x.defence === "parry")!;
    const skill = Math.max(...Object.values(w.modes).map((m) => m.skill));
    const offHand = offHandParryModifiers(hand, skill, {
      ambidextrous: df.ambidextrous,
      fencing: w.fencing,
    });
    const o = { ...allowed, modifiers: [...allowed.modifiers, ...offHand] };
    const spent = !canUse(s.defences, "parry", {
      weapon: w.id,
      fencing: w.fencing,
      allOutDefence: aod,
    });
    out.push(entry(`parry:${w.id}`, "BLOWBYBLOW.M2M.Defence.parry", o, w.parry, w, false, spent));
  }
  out.push({
    id: "none",
    labelKey: "BLOWBYBLOW.M2M.Defence.none",
    defence: "none",
    weapon: null,
    retreat: false,
    score: 0,
    target: buildTarget("none", 0, pdMod),
    reason: null,
  });
  return out;
}

function start(decl: M2mFlowDeclaration, dice: Dice): M2mFlowState {
  const { target, weapon } = attackTargetOf(decl);
  const rec = new RecordingDice(dice);
  const engine = startExchange(engineDeclaration(decl, target.value, weapon), rec);
  const state: M2mFlowState = {
    decl,
    attackTarget: target,
    engine,
    rolls: rec.records,
    choices: [],
    defences: [],
    awaiting: engine.awaitingDefence ? "defence" : null,
    result: null,
  };
  if (!engine.awaitingDefence) state.result = resultOf(state, engine, rec);
  return state;
}

function pending(state: M2mFlowState): PendingChoice | null {
  if (!state.awaiting) return null;
  const first = state.awaiting === "secondDefence" ? state.defences[0]! : null;
  const entries = defenceEntries(state.decl, first, state.engine.location);
  const reasons: Record<string, string> = {};
  const options: ChoiceOption[] = entries.map((e) => {
    if (e.reason) reasons[e.id] = e.reason;
    return {
      id: e.id,
      labelKey: e.labelKey,
      target: e.target,
      ...(e.unavailableKey ? { unavailableKey: e.unavailableKey } : {}),
    };
  });
  return {
    by: "defender",
    kind: "defence",
    options,
    data: {
      attackRoll: state.engine.attack.roll,
      attackTarget: state.attackTarget.value,
      location: state.engine.location,
      second: first !== null,
      ...(first
        ? { first: { option: first.option, roll: first.roll, outcome: first.outcome } }
        : {}),
      weapons: Object.fromEntries(entries.filter((e) => e.weapon).map((e) => [e.id, e.weapon!.id])),
      reasons,
    },
  };
}

function parseChoice(state: M2mFlowState, raw: unknown): M2mFlowChoice {
  const o = readObject(raw, "defence");
  checkKeys(o, "defence", ["option"]);
  const id = readString(o.option, "defence.option");
  if (!state.awaiting) throw new InputError("defence.option", id, "no defence is pending");
  const first = state.awaiting === "secondDefence" ? state.defences[0]! : null;
  const e = defenceEntries(state.decl, first, state.engine.location).find((x) => x.id === id);
  if (!e)
    throw new InputError(
      "defence.option",
      id,
      `expected one of ${defenceEntries(state.decl, first, state.engine.location)
        .map((x) => x.id)
        .join(", ")}`,
    );
  if (e.reason) throw new InputError("defence.option", id, e.reason);
  return { option: id };
}

/** Dice that give `preset` rolls by name (rolled already) and rename others, over `inner`. */
function presetDice(
  inner: Dice,
  preset: Readonly<Record<string, number[]>>,
  rename: Readonly<Record<string, string>> = {},
): Dice {
  return {
    roll(name, count, sides) {
      const p = preset[name];
      if (p) return [...p];
      return inner.roll(rename[name] ?? name, count, sides);
    },
  };
}

function choose(state: M2mFlowState, choice: M2mFlowChoice, dice: Dice): M2mFlowState {
  const parsed = parseChoice(state, choice);
  const first = state.awaiting === "secondDefence" ? state.defences[0]! : null;
  const e = defenceEntries(state.decl, first, state.engine.location).find(
    (x) => x.id === parsed.option,
  )!;
  const pd = pdOf(state.decl, state.engine.location);
  const defence: M2mDefence = {
    type: e.defence,
    score: Math.max(0, e.target.value - pd),
    pd,
    ...(e.weapon
      ? {
          weapon: {
            damage: Object.values(e.weapon.modes)[0]!.damage,
            type: Object.values(e.weapon.modes)[0]!.type,
            unarmed: false,
            breakResistant: e.weapon.table ? getHandWeapon(e.weapon.table).breakResistant : false,
          },
        }
      : {}),
  };
  const made: DefenceMade = {
    option: e.id,
    defence,
    weapon: e.weapon?.id ?? null,
    retreat: e.retreat,
    roll: null,
    target: e.target.value,
    outcome: null,
  };
  const rec = new RecordingDice(dice, state.rolls);
  const choices: ChoiceRecord[] = [
    ...state.choices,
    { by: "defender", kind: "defence", value: { option: e.id } },
  ];
  const next: M2mFlowState = { ...state, choices, defences: [...state.defences, made] };
  const aod =
    state.decl.defender.state.maneuver !== null &&
    maneuverOf(state.decl.defender.state.maneuver).defences.rolls === 2;
  if (!first && aod && e.defence !== "none") {
    // All-Out Defence (§6.6): roll this defence first; a plain failure asks for a second one.
    const values = rec.roll("defence", 3, 6);
    const roll = sum(values);
    const outcome = defenceOutcome(roll, defence.score + defence.pd, { hadChance: true });
    made.roll = roll;
    made.outcome = outcome;
    const left = defenceEntries(state.decl, made, state.engine.location).some(
      (x) => !x.reason && x.defence !== "none",
    );
    if (outcome === "failure" && left) {
      return { ...next, rolls: rec.records, awaiting: "secondDefence" };
    }
    // Success, a critical result, or nothing left: the engine resolves with this roll.
    const engine = finishExchange(state.engine, defence, presetDice(rec, { defence: values }));
    return done(next, engine, rec);
  }
  const inner = first ? presetDice(rec, {}, { defence: "defence.2" }) : rec;
  const engine = finishExchange(state.engine, defence, inner);
  const r = engine.result!.defence;
  made.roll = r?.roll ?? null;
  made.outcome = r?.outcome ?? null;
  return done(next, engine, rec);
}

function done(next: M2mFlowState, engine: M2mState, rec: RecordingDice): M2mFlowState {
  const s: M2mFlowState = { ...next, engine, rolls: rec.records, awaiting: null };
  s.result = resultOf(s, engine, rec);
  return s;
}

// ── Effects and new state blocks ────────────────────────────────────────────────────────────

/** How long each condition the engine sets lasts (§9.1-9.4, §10.3, §6.7). */
function durationOf(e: Extract<Effect, { type: "condition" }>): ConditionDuration {
  switch (e.condition) {
    case "shocked":
      return "endOfNextTurn"; // next turn only, then resets (L1864, §9.1)
    case "offBalance":
      return "nextTurn"; // −2 active defence until his next turn (L2605)
    case "dead":
      return "permanent";
    case "crippled":
      // A funny-bone crippling wears off in 6 turns (L2497); others last the fight (§9.4).
      return e.cause === "criticalHit" && e.value === 6 ? { turns: 6 } : "encounter";
    default:
      return "recovered"; // stunned (HT roll), prone (Change Position), unconscious, disarmed…
  }
}

function timed(effects: readonly Effect[]): Effect[] {
  return effects.map((e) => {
    if (e.type !== "condition") return { ...e };
    const until = durationOf(e);
    const out = { ...e, until };
    if (typeof until === "object") delete out.value;
    return out;
  });
}

/** The side's new state after the exchange, from the effects on it and what it did. */
function nextState(
  side: Side,
  d: M2mFlowDeclaration,
  r: M2mResult,
  effects: readonly Effect[],
  defences: readonly DefenceMade[],
  dropped: string | null,
): M2mFighterState {
  const f = side === "attacker" ? d.attacker : d.defender;
  const s = copy(f.state);
  const mine = effects.filter((e) => e.to === side);
  // Hit points as the engine leaves them: a Critical Miss's own wound, then the blow, whose
  // figures already start from the HP that self-hit left (a parry's fumble, exchange.ts).
  const self = r.criticalMiss?.side === side ? r.criticalMiss.selfHit?.wound : undefined;
  if (self) s.hp = self.hp;
  if (side === "defender" && r.location && r.hit) s.hp = r.defender.hp;
  const lost = f.state.hp - s.hp;
  const weaponsInHand = f.weapons.filter((w) => statusOf(s, w.id).place === "hand");
  const usedWeapon =
    side === "attacker"
      ? (f.weapons.find((w) => w.id === d.attack.weapon) ?? null)
      : (f.weapons.find((w) => w.id === defences.find((x) => x.weapon)?.weapon) ?? null);
  // What he did: the attack unreadies as the table says; a parry unreadies a † weapon (§4.6).
  if (side === "attacker") s.attacks += 1;
  if (side === "attacker" && usedWeapon) {
    const h = held(f, s, usedWeapon, d.attack.mode);
    if (h) setHeld(s, usedWeapon.id, afterAttack(h, modeBase(usedWeapon, d.attack.mode)));
    // The hand it struck with is the hand that holds it now (L524): a later parry uses it.
    const st = statusOf(s, usedWeapon.id);
    if (d.attack.hand !== (usedWeapon.hand ?? "main"))
      s.weapons[usedWeapon.id] = { ...st, hand: d.attack.hand };
    else if (st.hand) {
      const after = { ...st };
      delete after.hand;
      s.weapons[usedWeapon.id] = after;
    }
    const ranged = RANGED_KINDS.includes(d.attack.kind);
    const after = tacticsAfterAttack(s, { weapon: usedWeapon.id, ranged }, tacticsFighter(f, s));
    storeTactics(s, after.tactics);
    if (after.turnsToReady !== null)
      s.weapons[usedWeapon.id] = {
        ...statusOf(s, usedWeapon.id),
        turnsToReady: after.turnsToReady,
      };
    // A hand weapon thrown is out of his hand: it lies on the ground (L1860, L1906; ruling M131).
    if (d.attack.kind === "thrown" && usedWeapon.table)
      s.weapons[usedWeapon.id] = { ...statusOf(s, usedWeapon.id), place: "ground" };
    // A feint counts for one attack, or both swings of an All-Out Attack (a) (L2207).
    const feint = s.feints[d.defender.id];
    if (feint?.armed && s.attacks >= attacksAllowed(s)) delete s.feints[d.defender.id];
  }
  if (side === "defender" && defences.some((x) => x.defence.type !== "none")) {
    const after = tacticsAfterDefence(
      s,
      defences.some((x) => x.defence.type === "dodge"),
    );
    storeTactics(s, after.tactics);
    if (after.reload)
      s.weapons[after.reload.weapon] = {
        ...statusOf(s, after.reload.weapon),
        turnsToReady: after.reload.turnsToReady,
      };
  }
  if (lost > 0) storeTactics(s, tacticsAfterInjury(s));
  if (side === "defender") {
    const aod = s.maneuver !== null && maneuverOf(s.maneuver).defences.rolls === 2;
    for (const x of defences) {
      if (x.defence.type === "none") continue;
      const w = x.weapon ? f.weapons.find((y) => y.id === x.weapon) : undefined;
      s.defences = use(s.defences, x.defence.type, {
        allOutDefence: aod,
        retreat: x.retreat,
        ...(w ? { weapon: w.id, fencing: w.fencing } : {}),
      });
      if (w) {
        const h = held(f, s, w);
        if (h) setHeld(s, w.id, afterParry(h));
      }
    }
  }
  const close = closeAfter(
    side,
    d,
    defences.some((x) => x.retreat),
  );
  if (close) s.close = close;
  else if (s.close) s.close = null;
  for (const e of mine) {
    if (e.type === "weaponDamaged" && usedWeapon)
      s.weapons[usedWeapon.id] = { ...statusOf(s, usedWeapon.id), broken: true };
    if (e.type !== "condition") continue;
    // Shock taken in his own turn (a Critical Miss's self-hit) is for his next turn only
    // (L1864, ruling M105): this turn's shock, armed and counted already, does not carry over.
    if (e.condition === "shocked")
      s.conditions = s.conditions.filter((c) => !(c.condition === "shocked" && c.armed));
    s.conditions = holdCondition(
      s.conditions,
      heldCondition(e),
      e.condition === "shocked" ? "add" : "max",
    );
    if (e.condition === "prone") s.posture = "lying";
    // A crippled hand or arm drops what it holds (L3671-3673); a strained shoulder need not (L2611).
    if (e.condition === "crippled" && e.cause !== "criticalMiss")
      for (const w of f.weapons) {
        const st = statusOf(s, w.id);
        const arm: string[] = weaponArm(handOf(s, w), f.leftHanded);
        if (st.place === "hand" && arm.includes(e.location ?? ""))
          s.weapons[w.id] = { ...st, place: "ground" };
      }
    if (e.condition === "shieldUnready") s.shieldReady = false;
    if (e.condition === "disarmed") {
      // A critical hit's drop is the weapon rolled for (criticalDrop); a critical miss's the
      // weapon the fumbler used.
      const w =
        e.cause === "criticalHit"
          ? f.weapons.find((x) => x.id === dropped)
          : (usedWeapon ?? weaponsInHand[0]);
      if (w) s.weapons[w.id] = { ...statusOf(s, w.id), place: "ground" };
      s.conditions = dropCondition(s.conditions, "disarmed");
    }
    if (e.condition === "weaponUnready" && usedWeapon) {
      const h = held(f, s, usedWeapon);
      if (h) setHeld(s, usedWeapon.id, turnedInHand(h));
      else
        s.weapons[usedWeapon.id] = {
          ...statusOf(s, usedWeapon.id),
          turnsToReady: statusOf(s, usedWeapon.id).turnsToReady + 1,
        };
      s.conditions = dropCondition(s.conditions, "weaponUnready");
    }
    if (e.condition === "prone" || e.condition === "stunned" || e.condition === "offBalance") {
      // Falling, stun or lost balance unreadies weapons that need readying after use (L2115).
      for (const w of f.weapons) {
        const h = held(f, s, w);
        if (h) setHeld(s, w.id, onFall(h));
      }
    }
  }
  return s;
}

function readyAfterUseOf(table: string): number {
  return readyAfterUse(getHandWeapon(table));
}

function modeBase(w: M2mFlowWeapon, mode: string): string {
  const own = w.modes[mode]?.attack;
  if (own) return own;
  const table = rowOf(w, mode);
  if (!table) return mode;
  const attacks = getHandWeapon(table).attacks;
  if (attacks.some((a) => a.id === mode)) return mode;
  const t = w.modes[mode]!.type;
  const row = attacks.find((a) => a.type === t) ?? attacks[0]!;
  return row.id;
}

/**
 * The weapon a critical hit's "foe drops his weapon" makes the defender drop (L2573): the one
 * he holds, or, holding two or more, one rolled at random among them in sheet order (the named
 * roll `dropWeapon`, 1dN, so the exchange replays). Null: no such result, or nothing in hand.
 */
function criticalDrop(d: M2mFlowDeclaration, r: M2mResult, dice: Dice): string | null {
  if (!r.criticalHit?.effects.includes("drops-weapon")) return null;
  const f = d.defender;
  const inHand = f.weapons.filter((w) => statusOf(f.state, w.id).place === "hand");
  return inHand[droppedWeaponIndex(inHand.length, dice)]?.id ?? null;
}

function resultOf(state: M2mFlowState, engine: M2mState, dice: Dice): M2mFlowResult {
  const r = engine.result!;
  const d = state.decl;
  const effects = timed(r.effects);
  const dropped = criticalDrop(d, r, dice);
  for (const side of ["attacker", "defender"] as const) {
    const f = side === "attacker" ? d.attacker : d.defender;
    const s = nextState(side, d, r, effects, state.defences, dropped);
    effects.push({
      type: "state",
      to: side,
      block: blockOf(s, f.revision + 1),
      basedOn: f.revision,
    });
  }
  return {
    ruleset: "m2m",
    rolls: state.rolls.map((x) => ({ ...x, values: [...x.values] })),
    choices: state.choices.map((c) => ({ ...c })),
    effects,
    attackTarget: state.attackTarget,
    exchange: { ...r, rolls: state.rolls.map((x) => ({ ...x, values: [...x.values] })) },
    defences: state.defences.map((x) => ({ ...x })),
  };
}

// ── Turn hooks ──────────────────────────────────────────────────────────────────────────────

const TURN_KEYS = {
  consciousness: "BLOWBYBLOW.M2M.Turn.consciousness",
  stunRecovery: "BLOWBYBLOW.M2M.Turn.stunRecovery",
} as const;

function ids(list: readonly HeldCondition[]): ConditionId[] {
  return [...new Set(list.map((c) => c.condition))];
}

/**
 * Turn hooks (§4.1, §9.2, §9.3). `turnStart`: his turn count goes up, held conditions are armed
 * and `nextTurn` ones end, defences used reset (C8), feints made last turn become usable; then
 * at 0 HP a `consciousness` roll vs basic HT (failure: unconscious, L1874), and if stunned a
 * `stunRecovery` roll vs basic HT (success: acts this turn; failure: no maneuver, L1870).
 * `turnEnd`: shock and other armed conditions that last through this turn end; unused feints
 * lapse (§5.6); an attack not made lapses unless he chose Wait (L1676). Order: Move, then Basic Speed, then a die (L1600-1602).
 */
export const m2mTurns: TurnHooks = {
  order(entries) {
    const rows = entries.map((e) => ({
      id: e.id,
      move: readNumber(e.figures.move, `${e.id}.move`),
      speed: readNumber(e.figures.speed, `${e.id}.speed`),
      ...(e.figures.roll === undefined ? {} : { roll: readNumber(e.figures.roll, `${e.id}.roll`) }),
    }));
    return sequenceOrder(rows).map((r) => r.id);
  },
  onEvent(block, event, dice): TurnOutcome {
    const { revision, state } = parseFighterBlock(block);
    const s = copy(state);
    const before = ids(s.conditions);
    const checks: TurnCheck[] = [];
    const ticked = tickConditions(s.conditions, event);
    s.conditions = ticked.kept;
    if (event === "turnStart") {
      s.turn += 1;
      s.attacks = 0;
      s.defences = newDefenceCounters();
      for (const f of Object.values(s.feints)) f.armed = true;
      const stunned = holds(s.conditions, "stunned");
      const out = holds(s.conditions, "dead") || holds(s.conditions, "unconscious");
      const t = turnStartRolls({ ht: s.ht, hp: s.hp, stunned, out }, dice);
      for (const r of t.rolls)
        checks.push({
          key: TURN_KEYS[r.roll],
          roll: r.roll,
          target: r.target,
          total: r.total,
          success: r.success,
        });
      if (t.unconscious)
        s.conditions = holdCondition(s.conditions, {
          condition: "unconscious",
          cause: "hp0",
          until: "recovered",
          armed: true,
        });
      if (stunned && !t.stunned) s.conditions = dropCondition(s.conditions, "stunned");
    } else {
      for (const [k, f] of Object.entries(s.feints)) if (f.armed) delete s.feints[k];
      // An attack not made in his turn lapses with it (L1646, L1698); only Wait keeps one for a
      // foe who comes in reach before his next turn (L1676-1678, L2217-2227).
      if (s.maneuver !== null && maneuverOf(s.maneuver).attack !== "when-foe-in-reach")
        s.attacks = Math.max(s.attacks, attacksAllowed(s));
    }
    // A fighter who may not act this turn does nothing: his last maneuver no longer governs
    // his defences (it lasted until this turn, L1568, L1870).
    if (event === "turnStart" && actionless(s)) {
      s.maneuver = null;
      s.maneuverTurn = s.turn;
    }
    const after = ids(s.conditions);
    const defeated = holds(s.conditions, "dead") || holds(s.conditions, "unconscious");
    return {
      event,
      rolls: [],
      checks,
      block: blockOf(s, revision + 1),
      set: after.filter((c) => !before.includes(c)),
      ended: before.filter((c) => !after.includes(c)),
      actionless: event === "turnStart" && actionless(s),
      defeated,
    };
  },
};

/**
 * A Feint (§5.6): a quick contest, `feint` (his weapon skill) against `feintResistance` (the
 * foe's weapon skill or DX, whichever is higher). Refused unless his maneuver this turn is
 * Feint or Step and Feint. A win keeps the margin against that foe for his next turn.
 */
export function resolveFeint(
  fighter: M2mFlowFighter,
  foeId: string,
  skills: { attacker: number; foe: number },
  dice: Dice,
): { block: RulesetBlock; rolls: RollRecord[]; margin: number } {
  const s = copy(fighter.state);
  if (s.maneuver === null || s.maneuverTurn !== s.turn || maneuverOf(s.maneuver).attack !== "feint")
    throw new InputError(
      "maneuver",
      s.maneuver,
      "a feint needs the Feint or Step and Feint maneuver this turn (L1662)",
    );
  const rec = new RecordingDice(dice);
  const a = sum(rec.roll("feint", 3, 6));
  const b = sum(rec.roll("feintResistance", 3, 6));
  const aOk = a <= 4 || (a < 17 && a <= skills.attacker);
  const bOk = b <= 4 || (b < 17 && b <= skills.foe);
  const aM = Math.max(0, skills.attacker - a);
  const bM = Math.max(0, skills.foe - b);
  const margin = !aOk ? 0 : !bOk ? aM : aM > bM ? aM - bM : 0;
  if (margin > 0) s.feints[foeId] = { margin, armed: false };
  return { block: blockOf(s, fighter.revision + 1), rolls: rec.records, margin };
}

/**
 * Whose dice a roll is (docs/architecture.md §2.6): the attacker's strike (`attack`,
 * `location`, `side`, `damage`, `criticalHit`, his `criticalMiss`…); the defender's defence
 * and his body's rolls (`defence`, `defence.2`, `defenceCriticalMiss`…, `knockdown`, `death`…).
 * A fumbler's own wound (`self…`) may be either side's: the GM's client rolls it.
 */
function flowRollSide(name: string): Side | null {
  const base = name.split(".")[0]!;
  if (
    ["attack", "location", "side", "damage", "criticalHit", "criticalMiss", "dropWeapon"].includes(
      base,
    )
  )
    return "attacker";
  if (["defence", "defenceCriticalMiss", "knockdown", "death"].includes(base)) return "defender";
  return null;
}

// ── The ruleset ─────────────────────────────────────────────────────────────────────────────

/**
 * GURPS Man to Man with turn state, as the Foundry flow will drive it (issue 17). The CLI keeps
 * the plain `m2m` ruleset (index.ts), whose declaration carries skills and scores only.
 */
export const m2mFlow: Ruleset<M2mFlowDeclaration, M2mFlowChoice, M2mFlowState, M2mFlowResult> = {
  id: "m2m",
  bodyPlan: M2M_PLAN,
  parseDeclaration: parseFlowDeclaration,
  parseResolveInput(raw) {
    const { defence, ...rest } = raw;
    const decl = parseFlowDeclaration(rest);
    const answers: Answers =
      defence === undefined
        ? {}
        : { defence: Array.isArray(defence) ? (defence as unknown[]) : [defence] };
    return { decl, answers };
  },
  parseChoice,
  start,
  pending,
  choose,
  result(state) {
    if (!state.result) throw new Error("The exchange is waiting for the defender's defence.");
    return state.result;
  },
  rollSide: flowRollSide,
  turns: m2mTurns,
};
