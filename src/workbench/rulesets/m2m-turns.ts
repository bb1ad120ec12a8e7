/**
 * The workbench's GURPS Man to Man fight, turn by turn (issue 17, "Next turn"): the two fighters'
 * state blocks (`M2mFighterState`: HP, conditions, maneuver, defences used, weapon readiness)
 * carried from turn to turn through the engine's flow, as the Foundry tracker carries them:
 *
 * - Order: Move, then Basic Speed (`m2mTurns.order`, §4.1; a tie keeps A first).
 * - Each turn: the turn-start hook (`m2mTurns.onEvent`: consciousness at 0 HP, stun recovery,
 *   conditions that end), shown as the turn card; a fighter who may not act passes. Otherwise a
 *   maneuver by the duel policy (docs/duel.md, `chooseManeuver`): lying, kneel; kneeling or
 *   sitting, stand up; no ready weapon, Ready one; else Attack: A with the page's attack when
 *   its weapon is ready, B (or A when it is not) with his best ready attack at a random
 *   location. The exchange goes through the flow (src/workbench/rulesets/m2m-flow.ts) with the
 *   defender's best open defence (the highest target; ties: Dodge, Block, Parry), its result's
 *   state blocks kept; then the turn-end hook.
 * - A shooter (a side whose best weapon is a missile weapon, `M2mFight.shooters`) takes, with
 *   that weapon: Ready while it is unready (each Ready is one turn of the reload the flow counts
 *   after a shot, §12.8); else Aim at his foe until he holds the page's turns of aim (0: a snap
 *   shot; an active defence spoils the aim and he starts again, L2049); else Attack: the shot at
 *   the page's range, as `cli fight --range --aim` plans it, at a random location.
 * - Dice: the n-th exchange of the fight (from 0) rolls the dice of seed + n, so it is `cli
 *   fight --seed` on those figures; the turn hooks roll the seed's own dice.
 * - The fight is over when a fighter is unconscious or dead, or can attack no more.
 */
import type { FighterSnapshot } from "../../core/combat";
import { copy } from "../../core/data";
import { SeededDice, type Dice } from "../../core/dice";
import type { RulesetBlock, TurnOutcome } from "../../core/ruleset";
import { holds } from "../../core/turns";
import {
  chooseManeuver,
  m2mTurns,
  parseFighterBlock,
  type M2mFighterState,
  type ManeuverChoice,
} from "../../rules/m2m/flow";
import { getHandWeapon } from "../../rules/m2m/equipment/hand-weapons";
import { pickUp } from "../../rules/m2m/maneuvers";
import { m2mManeuverFighter, m2mSequenceFigures } from "../../foundry/rulesets/m2m/turns";
import type { SideKey } from "../../sim/duel";
import type { M2mDuelFighter } from "../../sim/m2m-duel";
import {
  freshBlock,
  playExchange,
  type M2mPageFlags,
  type M2mPlayed,
  type ModifierLabel,
} from "./m2m-flow";

const OTHER: Readonly<Record<SideKey, SideKey>> = { a: "b", b: "a" };

export interface M2mFight {
  snap: Record<SideKey, FighterSnapshot>;
  duel: Record<SideKey, M2mDuelFighter>;
  blocks: Record<SideKey, RulesetBlock>;
  order: SideKey[];
  /** Index in `order` of the next to act. */
  next: number;
  round: number;
  seed: number;
  /** Exchanges played so far. */
  exchanges: number;
  /** The turn hooks' dice. */
  dice: Dice;
  /** Null while it goes on; else the winner (null: none). */
  over: { winner: SideKey | null } | null;
  /** The missile weapon (item id) each shooter shoots with; `snap` has it equipped. */
  shooters: Partial<Record<SideKey, string>>;
}

/** A shot's range (yards) and turns of aim before it (0: a snap shot), as the page sets them. */
export interface M2mShot {
  range: number;
  aim: number;
}

/** What one turn did, in order, for the log. */
export type M2mTurnStep =
  | { kind: "turn"; side: SideKey; outcome: TurnOutcome }
  | {
      kind: "maneuver";
      side: SideKey;
      choice: ManeuverChoice;
      pickUp?: string;
      /** Ready on a weapon being reloaded: the Ready turns left after this one. */
      reloadLeft?: number;
      /** Aim: the turns of aim he holds after this one. */
      aimTurns?: number;
    }
  | { kind: "exchange"; side: SideKey; played: M2mPlayed; seed: number };

/**
 * A new fight between the two sides as picked, at the seed; `shooters`: the missile weapon of each
 * side that shoots (his snapshot in `snap` with it equipped).
 */
export function newFight(
  snap: Record<SideKey, FighterSnapshot>,
  duel: Record<SideKey, M2mDuelFighter>,
  seed: number,
  shooters: Partial<Record<SideKey, string>> = {},
): M2mFight {
  const fig = (s: SideKey) => m2mSequenceFigures(snap[s]) ?? { move: 0, speed: 0 };
  const order = m2mTurns.order([
    { id: "a", figures: fig("a") },
    { id: "b", figures: fig("b") },
  ]) as SideKey[];
  return {
    snap,
    duel,
    blocks: { a: freshBlock(snap.a), b: freshBlock(snap.b) },
    order,
    next: 0,
    round: 1,
    seed,
    exchanges: 0,
    dice: new SeededDice(seed),
    over: null,
    shooters,
  };
}

export const stateOf = (block: RulesetBlock): M2mFighterState => parseFighterBlock(block).state;

const out = (s: M2mFighterState) =>
  holds(s.conditions, "dead") || holds(s.conditions, "unconscious");

/** His weapon arm or hand is crippled: he can no longer attack (L3671–3675; the duel's "out"). */
const armCrippled = (s: M2mFighterState) =>
  s.conditions.some(
    (c) => c.condition === "crippled" && ["right-arm", "right-hand"].includes(c.location ?? ""),
  );

/** A weapon's readiness in the block: in hand, no Ready turn left, not broken. */
function ready(s: M2mFighterState, id: string): boolean {
  const w = s.weapons[id];
  return !w || (w.place === "hand" && w.turnsToReady === 0 && !w.broken);
}

/**
 * The attack the side makes this turn, or the maneuver he takes instead (the duel policy), and
 * the weapon he picks up from the ground with it (kneeling, he picks it up as he stands,
 * L2631–2633).
 */
function policy(
  f: M2mFight,
  side: SideKey,
  page: M2mPageFlags,
  shot: M2mShot | null,
): { choice: ManeuverChoice | null; flags: M2mPageFlags | null; pickUp?: string } {
  const s = stateOf(f.blocks[side]);
  if (armCrippled(s)) return { choice: null, flags: null };
  const attacks = f.duel[side].attacks;
  const anyReady = attacks.some((x) => ready(s, x.weaponId));
  const onGround = anyReady
    ? undefined
    : attacks.find(
        (x) => s.weapons[x.weaponId]?.place === "ground" && !s.weapons[x.weaponId]!.broken,
      )?.weaponId;
  if (s.posture === "lying" || s.posture === "crawling")
    return { choice: { maneuver: "change-position", posture: "kneeling" }, flags: null };
  if (s.posture !== "standing")
    return {
      choice: { maneuver: "change-position", posture: "standing" },
      flags: null,
      ...(onGround ? { pickUp: onGround } : {}),
    };
  if (onGround)
    return { choice: { maneuver: "change-position", posture: "kneeling" }, flags: null };
  const bow = f.shooters[side];
  if (bow && shot && !s.weapons[bow]?.broken) {
    if (!ready(s, bow)) return { choice: { maneuver: "ready", weapon: bow }, flags: null };
    const foe = f.snap[OTHER[side]].name;
    const aim = s.tactics?.aim;
    const held = aim && aim.foe === foe && aim.weapon === bow ? aim.turns : 0;
    if (held < shot.aim) return { choice: { maneuver: "aim", weapon: bow, foe }, flags: null };
    return {
      choice: { maneuver: "attack" },
      flags: { weapon: bow, range: shot.range, aim: shot.aim, location: "random" },
    };
  }
  if (side === "a" && page.weapon && ready(s, page.weapon))
    return { choice: { maneuver: "attack" }, flags: page };
  const best = attacks.find((x) => ready(s, x.weaponId));
  if (best)
    return {
      choice: { maneuver: "attack" },
      flags: { weapon: best.weaponId, mode: best.mode, location: "random" },
    };
  const unready = attacks.find((x) => !s.weapons[x.weaponId]?.broken);
  if (unready) return { choice: { maneuver: "ready", weapon: unready.weaponId }, flags: null };
  return { choice: null, flags: null };
}

/** The block with `id` picked up from the ground (`pickUp`: ready, or still to be readied). */
function pickedUp(f: M2mFight, side: SideKey, id: string): RulesetBlock {
  const fighter = m2mManeuverFighter(f.snap[side], f.blocks[side]);
  const w = fighter.weapons.find((x) => x.id === id);
  const s = copy(fighter.state);
  const status = s.weapons[id]!;
  const turnsToReady = w?.table
    ? pickUp({
        spec: getHandWeapon(w.table),
        st: fighter.st,
        place: "ground",
        turnsToReady: 0,
        reach: null,
        stuck: "no",
      }).turnsToReady
    : 0;
  s.weapons[id] = { ...status, place: "hand", turnsToReady, stuck: "no" };
  return {
    ruleset: "m2m",
    revision: fighter.revision + 1,
    data: s as unknown as Record<string, unknown>,
  };
}

/** The defender's best open defence (no retreat): the highest target; ties Dodge, Block, Parry. */
export function bestDefence(options: { id: string; value: number; open: boolean }[]): string {
  let best: { id: string; value: number } | null = null;
  for (const o of options)
    if (o.open && o.id !== "none" && o.id !== "dodge-retreat" && (!best || o.value > best.value))
      best = o;
  return best?.id ?? "none";
}

/**
 * Plays the next fighter's turn: the steps for the log. `page`: A's attack as the page chose it;
 * `label`: the labels of the attack's modifiers the flow does not know; `shot`: the shooters'
 * range and aim (without it, a shooter fights with his hand weapons).
 */
export function playTurn(
  f: M2mFight,
  page: M2mPageFlags,
  label: ModifierLabel,
  shot: M2mShot | null = null,
): M2mTurnStep[] {
  if (f.over) return [];
  const side = f.order[f.next]!;
  const steps: M2mTurnStep[] = [];
  const start = m2mTurns.onEvent(f.blocks[side], "turnStart", f.dice);
  f.blocks[side] = start.block;
  steps.push({ kind: "turn", side, outcome: start });
  if (!start.actionless && !start.defeated) {
    const { choice, flags, pickUp: lifted } = policy(f, side, page, shot);
    if (choice) {
      f.blocks[side] = chooseManeuver(m2mManeuverFighter(f.snap[side], f.blocks[side]), choice);
      if (lifted) f.blocks[side] = pickedUp(f, side, lifted);
      const after = stateOf(f.blocks[side]);
      const bow = f.shooters[side];
      const extra =
        choice.maneuver === "aim"
          ? { aimTurns: after.tactics?.aim?.turns ?? 0 }
          : choice.maneuver === "ready" && bow && choice.weapon === bow
            ? { reloadLeft: after.weapons[bow]?.turnsToReady ?? 0 }
            : {};
      steps.push({
        kind: "maneuver",
        side,
        choice,
        ...(lifted ? { pickUp: lifted } : {}),
        ...extra,
      });
    }
    if (flags) {
      const other = OTHER[side];
      const seed = (f.seed + f.exchanges) % 0x100000000;
      f.exchanges += 1;
      const played = playExchange(
        f.snap[side],
        f.snap[other],
        { a: f.blocks[side], b: f.blocks[other] },
        seed,
        flags,
        label,
        new SeededDice(seed),
        bestDefence,
      );
      for (const e of played.result.effects)
        if (e.type === "state") f.blocks[e.to === "attacker" ? side : other] = e.block;
      steps.push({ kind: "exchange", side, played, seed });
    }
    const end = m2mTurns.onEvent(f.blocks[side], "turnEnd", f.dice);
    f.blocks[side] = end.block;
  }
  f.next = (f.next + 1) % f.order.length;
  if (f.next === 0) f.round += 1;
  const down = (["a", "b"] as const).filter((k) => out(stateOf(f.blocks[k])));
  const unarmed = (["a", "b"] as const).filter((k) => {
    const s = stateOf(f.blocks[k]);
    return armCrippled(s) || f.duel[k].attacks.every((x) => s.weapons[x.weaponId]?.broken);
  });
  const lost = [...new Set([...down, ...unarmed])];
  if (lost.length === 2) f.over = { winner: null };
  else if (lost.length === 1) f.over = { winner: OTHER[lost[0]!] };
  return steps;
}
