/**
 * What a GURPS Man to Man maneuver carries over between turns and exchanges (issue 17; seed
 * 004 read with `../shared/rules/m2m-spec.md` §4.2, §4.3, §5.6, §12.2, §12.8): the All-Out
 * Attack option chosen with the maneuver (L1652–1660, L2177–2191), the turns of Aim at a named
 * foe (L1640–1644, L2043–2051, L2885–2895) and of Concentrate (L1684–1686), what spoiled them,
 * the missile weapons being reloaded (L1584–1588, L1624–1638, L2089–2097), and the feint's quick
 * contest (L1662–1674, L2193–2209). The flow (flow.ts) keeps these in the optional `tactics` key
 * of the fighter's state block (blocks written before it have none and read as none) and calls
 * the functions here at the maneuver, the attack, the defence and the wound. Pure; the dice are
 * injected and every roll is named.
 */
import { RecordingDice, sum, type Dice, type RollRecord } from "../../core/dice";
import {
  checkKeys,
  InputError,
  readEnum,
  readNumber,
  readObject,
  readString,
} from "../../core/errors";
import type { Modifier } from "../../core/modifiers";
import type { TurnCheck } from "../../core/ruleset";
import {
  ALL_OUT_ATTACK_OPTIONS,
  maneuver as maneuverOf,
  type AllOutAttackOption,
  type ManeuverId,
} from "./maneuvers";
import { aimModifiers } from "./ranged";

/** What an Aim or a Concentrate was spoiled by (L1644, L1686, L2049, L2889). */
export const SPOILERS = ["defence", "injury", "maneuver"] as const;
export type Spoiler = (typeof SPOILERS)[number];

export interface M2mTactics {
  /** The All-Out Attack option chosen with the maneuver this turn (L1654–1660); null otherwise. */
  allOut: AllOutAttackOption | null;
  /** Aim: the foe named, the weapon, consecutive turns of Aim and the turn of the last one. */
  aim: { foe: string; weapon: string; turns: number; turn: number } | null;
  /** Concentrate: consecutive turns and the turn of the last one (L1684–1686). */
  concentration: { turns: number; turn: number } | null;
  /** The last aim or concentration lost, why and on which of his turns (for the sheet). */
  spoiled: { what: "aim" | "concentration"; why: Spoiler; turn: number } | null;
  /** Missile weapons being reloaded (id → Ready turns of the whole reload and of cocking). */
  reloading: Record<string, { total: number; cocking: number }>;
  /** The weapon a Ready maneuver reloads this turn: Dodge only until his next turn (L1588). */
  reloadingNow: string | null;
  /** The turn of his last feint (0: none): one feint a turn. */
  feinted: number;
}

/** No tactics: what a block without the key means. */
export function noTactics(): M2mTactics {
  return {
    allOut: null,
    aim: null,
    concentration: null,
    spoiled: null,
    reloading: {},
    reloadingNow: null,
    feinted: 0,
  };
}

const whole = (v: unknown, field: string, min = 0) => readNumber(v, field, { integer: true, min });

/** Validates the `tactics` key of a block (untrusted JSON); errors name the field. */
export function readTactics(raw: unknown, field: string): M2mTactics {
  const o = readObject(raw, field);
  checkKeys(o, field, [
    "allOut",
    "aim",
    "concentration",
    "spoiled",
    "reloading",
    "reloadingNow",
    "feinted",
  ]);
  const t = noTactics();
  if (o.allOut !== undefined && o.allOut !== null)
    t.allOut = readEnum(o.allOut, `${field}.allOut`, ALL_OUT_ATTACK_OPTIONS);
  if (o.aim !== undefined && o.aim !== null) {
    const a = readObject(o.aim, `${field}.aim`);
    checkKeys(a, `${field}.aim`, ["foe", "weapon", "turns", "turn"]);
    t.aim = {
      foe: readString(a.foe, `${field}.aim.foe`),
      weapon: readString(a.weapon, `${field}.aim.weapon`),
      turns: whole(a.turns, `${field}.aim.turns`, 1),
      turn: whole(a.turn, `${field}.aim.turn`, 1),
    };
  }
  if (o.concentration !== undefined && o.concentration !== null) {
    const c = readObject(o.concentration, `${field}.concentration`);
    checkKeys(c, `${field}.concentration`, ["turns", "turn"]);
    t.concentration = {
      turns: whole(c.turns, `${field}.concentration.turns`, 1),
      turn: whole(c.turn, `${field}.concentration.turn`, 1),
    };
  }
  if (o.spoiled !== undefined && o.spoiled !== null) {
    const s = readObject(o.spoiled, `${field}.spoiled`);
    checkKeys(s, `${field}.spoiled`, ["what", "why", "turn"]);
    t.spoiled = {
      what: readEnum(s.what, `${field}.spoiled.what`, ["aim", "concentration"] as const),
      why: readEnum(s.why, `${field}.spoiled.why`, SPOILERS),
      turn: whole(s.turn, `${field}.spoiled.turn`),
    };
  }
  if (o.reloading !== undefined)
    for (const [k, v] of Object.entries(readObject(o.reloading, `${field}.reloading`))) {
      const r = readObject(v, `${field}.reloading.${k}`);
      checkKeys(r, `${field}.reloading.${k}`, ["total", "cocking"]);
      const total = whole(r.total, `${field}.reloading.${k}.total`, 1);
      const cocking = whole(r.cocking, `${field}.reloading.${k}.cocking`);
      if (cocking >= total)
        throw new InputError(`${field}.reloading.${k}.cocking`, cocking, `must be below ${total}`);
      t.reloading[k] = { total, cocking };
    }
  if (o.reloadingNow !== undefined && o.reloadingNow !== null)
    t.reloadingNow = readString(o.reloadingNow, `${field}.reloadingNow`);
  if (o.feinted !== undefined) t.feinted = whole(o.feinted, `${field}.feinted`);
  return t;
}

/** The part of the fighter's state these rules read and write (flow.ts `M2mFighterState`). */
export interface TacticsState {
  turn: number;
  maneuver: ManeuverId | null;
  maneuverTurn: number;
  attacks: number;
  weapons: Record<string, { turnsToReady: number; place: string }>;
  feints: Record<string, { margin: number; armed: boolean }>;
  tactics?: M2mTactics;
}

/** The tactics of a state (a fresh copy; none for an older block). */
export function tacticsOf(s: TacticsState): M2mTactics {
  const t = s.tactics;
  return t ? (JSON.parse(JSON.stringify(t)) as M2mTactics) : noTactics();
}

/** What a maneuver choice adds for these rules (flow.ts `ManeuverChoice`). */
export interface TacticsChoice {
  maneuver: ManeuverId;
  weapon?: string;
  /** All-Out Attack: the option (a), (b) or (c) (L1654–1660). */
  allOut?: string;
  /** Aim and Feint: the foe named (his fight id). */
  foe?: string;
}

/** What the fighter holds, as the maneuver's checks need it. */
export interface TacticsFighter {
  weapons: {
    id: string;
    /** A hand weapon of the table (melee): no reload; else a missile or thrown weapon. */
    hand: boolean;
    ready: boolean;
    /** Needs readying after each use (the table's readying after use > 0, L1656). */
    unbalanced: boolean;
    /** Ready turns to reload after a shot (0: none, a thrown weapon). */
    reload: number;
    /** Of which cocking a crossbow (restarts on a dodge, L2097). */
    cocking: number;
  }[];
}

/**
 * The state with the maneuver's tactics (called by `chooseManeuver` before the maneuver is
 * recorded; `s.turn` is his turn now and `s.maneuver` his last maneuver):
 *
 * - All-Out Attack needs one of the options open to him (`allOutAttackOptions`: two attacks
 *   with two ready hand weapons or one that needs no readying, L1656; always feint then attack;
 *   +4), with at least one ready hand weapon (L1652); the option holds for this turn only.
 * - Aim needs a ready missile or thrown weapon and a named foe (L1640, L2045); a turn of Aim
 *   straight after an Aim at the same foe with the same weapon adds one (the bonus is
 *   min(turns − 1, 3), §12.2); any other maneuver but an attack (the shot) loses the aim
 *   (L2889); the shot keeps it for the attack, which then spends it.
 * - Concentrate counts its consecutive turns; any other maneuver ends it.
 * - Ready on a weapon being reloaded is one turn of reloading: Dodge only until the next turn
 *   (L1588, L2097).
 */
export function tacticsOnManeuver(
  s: TacticsState,
  choice: TacticsChoice,
  f: TacticsFighter,
): M2mTactics {
  const t = tacticsOf(s);
  const m = maneuverOf(choice.maneuver);
  const consecutive = (turn: number) => s.maneuverTurn === turn && turn === s.turn - 1;
  // All-Out Attack's option.
  t.allOut = null;
  if (m.attack === "all-out") {
    const hand = f.weapons.filter((w) => w.hand && w.ready);
    if (hand.length === 0)
      throw new InputError("maneuver", choice.maneuver, "needs a ready hand weapon (L1652)");
    const open = allOutOptions(f);
    const raw = choice.allOut ?? (open.includes("plus-4") ? "plus-4" : open[0]);
    const pick = readEnum(raw, "allOut", ALL_OUT_ATTACK_OPTIONS);
    if (!open.includes(pick))
      throw new InputError(
        "allOut",
        pick,
        "two attacks need two ready weapons, or one that needs no readying after use (L1656)",
      );
    t.allOut = pick;
  } else if (choice.allOut !== undefined)
    throw new InputError("allOut", choice.allOut, "only with All-Out Attack (L1652)");
  // Aim.
  const before = t.aim;
  if (choice.maneuver === "aim") {
    if (choice.weapon === undefined)
      throw new InputError("weapon", undefined, "Aim needs a weapon");
    const w = f.weapons.find((x) => x.id === choice.weapon);
    if (!w) throw new InputError("weapon", choice.weapon, "is not one of his weapons");
    if (w.hand)
      throw new InputError(
        "weapon",
        choice.weapon,
        "Aim is for a missile or thrown weapon (L1640)",
      );
    if (!w.ready) throw new InputError("weapon", choice.weapon, "must be ready to aim (L2045)");
    if (choice.foe === undefined || choice.foe === "")
      throw new InputError("foe", choice.foe, "Aim names its target (L1640, L2045)");
    const goesOn =
      before !== null &&
      before.foe === choice.foe &&
      before.weapon === w.id &&
      s.maneuver === "aim" &&
      consecutive(before.turn);
    t.aim = {
      foe: choice.foe,
      weapon: w.id,
      turns: goesOn ? before.turns + 1 : 1,
      turn: s.turn,
    };
  } else if (before !== null) {
    const shoots = m.attack === "normal" && consecutive(before.turn);
    if (!shoots) {
      t.aim = null;
      t.spoiled = { what: "aim", why: "maneuver", turn: s.turn };
    }
  }
  // Concentrate.
  if (choice.maneuver === "concentrate" || choice.maneuver === "step-and-concentrate") {
    const c = t.concentration;
    t.concentration = {
      turns: c !== null && consecutive(c.turn) ? c.turns + 1 : 1,
      turn: s.turn,
    };
  } else t.concentration = null;
  // Reloading.
  t.reloadingNow = null;
  if ((choice.maneuver === "ready" || choice.maneuver === "step-and-ready") && choice.weapon) {
    const left = s.weapons[choice.weapon]?.turnsToReady ?? 0;
    if (t.reloading[choice.weapon] && left > 0) t.reloadingNow = choice.weapon;
  }
  return t;
}

/** The All-Out Attack options open to him (L1652–1660): see `tacticsOnManeuver`. */
export function allOutOptions(f: TacticsFighter): AllOutAttackOption[] {
  const hand = f.weapons.filter((w) => w.hand && w.ready);
  if (hand.length === 0) return [];
  const out: AllOutAttackOption[] = [];
  if (hand.length >= 2 || hand.some((w) => !w.unbalanced)) out.push("two-attacks");
  out.push("feint-then-attack", "plus-4");
  return out;
}

/** Attacks his maneuver allows this turn: two under All-Out Attack (a), else one (L1646, L1654). */
export function attacksAllowed(s: TacticsState): number {
  return s.maneuver === "all-out-attack" && tacticsOf(s).allOut === "two-attacks" ? 2 : 1;
}

/**
 * The attack modifiers of his tactics, itemised: All-Out Attack (c) +4 (L1660); for a missile
 * or thrown weapon the aim (§12.2: a snap shot −4 unless he aimed at this foe with this weapon
 * on the turn just before; +1 a turn after the first, at most +3).
 */
export function tacticsAttackModifiers(
  s: TacticsState,
  attack: { weapon: string; foe: string; ranged: boolean },
): Modifier[] {
  const t = tacticsOf(s);
  const mods: Modifier[] = [];
  if (s.maneuver === "all-out-attack" && t.allOut === "plus-4")
    mods.push({ key: "attack.all-out", value: 4, source: "seed 004 L1660; m2m-spec §4.2" });
  if (attack.ranged) {
    const a = t.aim;
    const turns = a !== null && a.foe === attack.foe && a.weapon === attack.weapon ? a.turns : 0;
    for (const m of aimModifiers({ aimTurns: turns }))
      mods.push({ ...m, key: m.key === "snapShot" ? "attack.snap-shot" : "attack.aim" });
  }
  return mods;
}

/**
 * His tactics after one of his attacks (`weapon`, `ranged`): the aim is spent by the shot; a
 * missile weapon with a reload time is unready for that many Ready turns (L1624–1638; a
 * crossbow's cocking first, L1630). Returns the tactics and the weapon's Ready turns (null: the
 * readiness rules of the hand weapon stand).
 */
export function tacticsAfterAttack(
  s: TacticsState,
  attack: { weapon: string; ranged: boolean },
  f: TacticsFighter,
): { tactics: M2mTactics; turnsToReady: number | null } {
  const t = tacticsOf(s);
  if (attack.ranged) t.aim = null;
  const w = f.weapons.find((x) => x.id === attack.weapon);
  if (!w || w.hand || w.reload <= 0) return { tactics: t, turnsToReady: null };
  t.reloading[w.id] = { total: w.reload, cocking: w.cocking };
  return { tactics: t, turnsToReady: w.reload };
}

/**
 * His tactics after he made an active defence: the aim and a concentration are spoiled (L1644,
 * L1686, L2049, L2215); a dodge while reloading loses that turn of reloading, and a crossbow
 * still being cocked starts over (L1588, L2097). Returns the tactics and the reloaded weapon's
 * new Ready turns (or null).
 */
export function tacticsAfterDefence(
  s: TacticsState,
  dodged: boolean,
): { tactics: M2mTactics; reload: { weapon: string; turnsToReady: number } | null } {
  const t = tacticsOf(s);
  if (t.aim !== null) {
    t.aim = null;
    t.spoiled = { what: "aim", why: "defence", turn: s.turn };
  }
  if (t.concentration !== null) {
    t.concentration = null;
    t.spoiled = { what: "concentration", why: "defence", turn: s.turn };
  }
  let reload: { weapon: string; turnsToReady: number } | null = null;
  const id = t.reloadingNow;
  const r = id ? t.reloading[id] : undefined;
  if (dodged && id && r) {
    const left = s.weapons[id]?.turnsToReady ?? 0;
    const done = r.total - left;
    // The Ready turn of this turn is lost; cocking (a complex action) restarts (L2097).
    const back = done <= r.cocking ? r.total : Math.min(r.total - r.cocking, left + 1);
    reload = { weapon: id, turnsToReady: Math.max(left, back) };
    t.reloadingNow = null;
  }
  return { tactics: t, reload };
}

/**
 * His tactics after a wound: an injury breaks concentration (L1686). The seed names no such
 * rule for the aim: it is lost to moving, any other action, an active defence or losing sight
 * of the foe (L1644, L2889, L2895), so a wound alone keeps it (ruling M115).
 */
export function tacticsAfterInjury(s: TacticsState): M2mTactics {
  const t = tacticsOf(s);
  if (t.concentration !== null) {
    t.concentration = null;
    t.spoiled = { what: "concentration", why: "injury", turn: s.turn };
  }
  return t;
}

/** Whether his defences are limited to Dodge by a Ready turn of reloading (L1588, L2097). */
export function reloadingNow(s: TacticsState): boolean {
  const t = s.tactics;
  return (
    !!t?.reloadingNow &&
    s.maneuverTurn === s.turn &&
    (s.maneuver === "ready" || s.maneuver === "step-and-ready")
  );
}

/** Whether the weapon's unreadiness is a reload (Ready turns come off one a turn). */
export function isReloading(s: TacticsState, weapon: string): boolean {
  return !!s.tactics?.reloading[weapon] && (s.weapons[weapon]?.turnsToReady ?? 0) > 0;
}

/** Lang-free check names of the feint's contest (the card labels them). */
export const FEINT_CHECKS = {
  feint: "BLOWBYBLOW.M2M.Feint.feint",
  resistance: "BLOWBYBLOW.M2M.Feint.resistance",
} as const;

/**
 * A feint (§5.6, L1662–1674, L2193–2209): a quick contest, `feint` (his weapon skill) against
 * `feintResistance` (the foe's hand weapon skill, or his DX if he has no hand weapon or his DX is
 * better, L1666). Open under Feint or Step and Feint, and under All-Out Attack (b) before the
 * attack (L1656). The feint fails when he fails or the foe succeeds by as much or more (L1668,
 * L1672); else the margin (his, or the difference) is kept against that foe: −margin to the
 * foe's active defences against his attack on his next turn (L1670), or this turn after an
 * All-Out Attack (b) (L1656). Throws for a second feint in one turn. Returns the new state's
 * feints, the rolls and the two checks (for the chat card).
 */
export function feintContest(
  s: TacticsState,
  foe: string,
  skills: { feinter: number; foe: number },
  dice: Dice,
): {
  feints: TacticsState["feints"];
  tactics: M2mTactics;
  rolls: RollRecord[];
  checks: TurnCheck[];
  margin: number;
} {
  const now = s.maneuver !== null && s.maneuverTurn === s.turn && s.turn > 0;
  const plain = now && maneuverOf(s.maneuver!).attack === "feint";
  const allOut =
    now && s.maneuver === "all-out-attack" && tacticsOf(s).allOut === "feint-then-attack";
  if (!plain && !allOut)
    throw new InputError(
      "maneuver",
      s.maneuver,
      "a feint needs Feint, Step and Feint or All-Out Attack (b) this turn (L1656, L1662)",
    );
  if (tacticsOf(s).feinted === s.turn)
    throw new InputError("feint", foe, "he has already feinted this turn (L1662)");
  if (allOut && s.attacks > 0)
    throw new InputError("feint", foe, "All-Out Attack (b) feints before its attack (L1656)");
  if (foe === "") throw new InputError("foe", foe, "a feint names the foe (L1664)");
  const a = readNumber(skills.feinter, "skills.feinter", { integer: true, min: -50, max: 100 });
  const b = readNumber(skills.foe, "skills.foe", { integer: true, min: -50, max: 100 });
  const rec = new RecordingDice(dice);
  const ra = sum(rec.roll("feint", 3, 6));
  const rb = sum(rec.roll("feintResistance", 3, 6));
  const ok = (r: number, t: number) => r <= 4 || (r < 17 && r <= t);
  const aOk = ok(ra, a);
  const bOk = ok(rb, b);
  const aM = Math.max(0, a - ra);
  const bM = Math.max(0, b - rb);
  const margin = !aOk ? 0 : !bOk ? aM : aM > bM ? aM - bM : 0;
  const feints = JSON.parse(JSON.stringify(s.feints)) as TacticsState["feints"];
  delete feints[foe];
  if (margin > 0) feints[foe] = { margin, armed: allOut };
  const tactics = tacticsOf(s);
  tactics.feinted = s.turn;
  return {
    feints,
    tactics,
    rolls: rec.records,
    checks: [
      { key: FEINT_CHECKS.feint, roll: "feint", target: a, total: ra, success: aOk },
      { key: FEINT_CHECKS.resistance, roll: "feintResistance", target: b, total: rb, success: bOk },
    ],
    margin,
  };
}

const isNone = (t: M2mTactics) => JSON.stringify(t) === JSON.stringify(noTactics());

/**
 * Stores `t` as the state's tactics; a state that had none keeps none while `t` is empty (so
 * blocks of fights that never used them stay as they were written).
 */
export function storeTactics(s: TacticsState, t: M2mTactics): void {
  if (s.tactics === undefined && isNone(t)) return;
  s.tactics = t;
}

/**
 * A feint as the turn's action (the adapter's maneuver step): `feintContest` on the fighter's
 * block, returning the new block (revision + 1) with the margin kept against `foe`.
 */
export function feintBlock(
  block: { revision: number; state: TacticsState },
  foe: string,
  skills: { feinter: number; foe: number },
  dice: Dice,
): {
  block: { ruleset: "m2m"; revision: number; data: Record<string, unknown> };
  rolls: RollRecord[];
  checks: TurnCheck[];
  margin: number;
} {
  const r = feintContest(block.state, foe, skills, dice);
  const data = JSON.parse(JSON.stringify(block.state)) as TacticsState;
  data.feints = r.feints;
  data.tactics = r.tactics;
  return {
    block: {
      ruleset: "m2m",
      revision: block.revision + 1,
      data: data as unknown as Record<string, unknown>,
    },
    rolls: r.rolls,
    checks: r.checks,
    margin: r.margin,
  };
}
