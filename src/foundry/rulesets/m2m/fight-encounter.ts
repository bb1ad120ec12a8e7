/**
 * The encounter record on the sheet (`system.m2m.encounter`, ./character-data.ts) and the fight
 * block (`system.m2m.fight`, ./fight.ts) meet twice (issue 17, rulings M125, M126):
 *
 * - a fight starts from the record (`blockFromEncounter`): a fighter already stunned,
 *   unconscious, dead, in shock, off balance, crippled, down or with a weapon unready enters the
 *   fight so, with the duration the flow would have given it (src/rules/m2m/flow.ts `durationOf`);
 * - the end of the fight writes back to the record what outlasts it (`encounterAfterFight`):
 *   stun, unconsciousness, death, a crippling that is not for the encounter only, the posture,
 *   each weapon's readiness; shock and lost balance end with it, as a crippling for the
 *   encounter does (core `endingWithFight`). Death checks made and a braced foot are the GM's and
 *   are kept as they are.
 *
 * Pure: plain data in, plain data out.
 */
import { InputError } from "../../../core/errors";
import type { RulesetBlock } from "../../../core/ruleset";
import { holdCondition, holds, type HeldCondition } from "../../../core/turns";
import { newFighterBlock, parseFighterBlock, type M2mFighterState } from "../../../rules/m2m/flow";
import { POSITION_IDS, type PositionId } from "../../../rules/m2m/maneuvers";
import {
  CRIPPLABLE_LOCATIONS,
  GRIP_REACHES,
  STUCK_STATES,
  type CripplableLocation,
  type M2mEncounterState,
  type M2mReadiness,
} from "./character-data";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** What every condition carried from the record is caused by. */
export const ENCOUNTER_CAUSE = "encounter";

const PLACES = ["hand", "sheathed", "ground"] as const;

/**
 * The record as stored or prepared, checked: each field's type and choice (the data model keeps
 * them so; a snapshot of an import may not). An absent record is the initial one. Errors name
 * `system.m2m.encounter.<field>` and the value.
 */
export function readEncounter(raw: unknown): M2mEncounterState {
  const at = "system.m2m.encounter";
  if (raw !== undefined && raw !== null && !isObj(raw))
    throw new InputError(at, raw, "expected an object");
  const e: Obj = raw ?? {};
  const bool = (k: string): boolean => {
    const v = e[k] ?? false;
    if (typeof v !== "boolean") throw new InputError(`${at}.${k}`, v, "expected true or false");
    return v;
  };
  const count = (k: string): number => {
    const v = e[k] ?? 0;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0)
      throw new InputError(`${at}.${k}`, v, "expected a whole number of 0 or more");
    return v;
  };
  const oneOf = <T extends string>(v: unknown, field: string, list: readonly T[]): T => {
    if (typeof v !== "string" || !(list as readonly string[]).includes(v))
      throw new InputError(field, v, `expected one of ${list.join(", ")}`);
    return v as T;
  };
  const list = (k: string): unknown[] => {
    const v = e[k] ?? [];
    if (!Array.isArray(v)) throw new InputError(`${at}.${k}`, v, "expected a list");
    return v;
  };
  return {
    shock: count("shock"),
    stunned: bool("stunned"),
    crippled: list("crippled").map((l, i) =>
      oneOf<CripplableLocation>(l, `${at}.crippled.${i}`, CRIPPLABLE_LOCATIONS),
    ),
    footBraced: bool("footBraced"),
    unconscious: bool("unconscious"),
    deathChecks: count("deathChecks"),
    dead: bool("dead"),
    offBalance: bool("offBalance"),
    position: oneOf<PositionId>(e.position ?? "standing", `${at}.position`, POSITION_IDS),
    readiness: list("readiness").map((r, i): M2mReadiness => {
      const f = `${at}.readiness.${i}`;
      if (!isObj(r)) throw new InputError(f, r, "expected an object");
      if (typeof r.item !== "string" || !r.item)
        throw new InputError(`${f}.item`, r.item, "expected an item id");
      const turns = r.turnsToReady ?? 0;
      if (typeof turns !== "number" || !Number.isInteger(turns) || turns < 0)
        throw new InputError(`${f}.turnsToReady`, turns, "expected a whole number of 0 or more");
      return {
        item: r.item,
        place: oneOf(r.place ?? "hand", `${f}.place`, PLACES),
        turnsToReady: turns,
        reach: oneOf(r.reach ?? "none", `${f}.reach`, GRIP_REACHES),
        stuck: oneOf(r.stuck ?? "no", `${f}.stuck`, STUCK_STATES),
      };
    }),
  };
}

const held = (c: Omit<HeldCondition, "cause" | "armed">): HeldCondition => ({
  ...c,
  cause: ENCOUNTER_CAUSE,
  armed: false,
});

/**
 * The block a fighter enters the fight with (ruling M125): `newFighterBlock(ht, hp)` and what
 * the record holds, each condition with the flow's duration for it: dead (permanent);
 * unconscious and stunned (until recovered: the stun recovery roll comes at his first turn);
 * shock as the `shocked` penalty to his first turn's attacks (until the end of his next turn,
 * L1864); lost balance (until his next turn, L2605); each crippled limb (for the encounter,
 * §9.4); lying down as `prone` (until he changes position); his posture; each weapon's place,
 * Ready maneuvers still needed and stuck state (§4.6).
 */
export function blockFromEncounter(
  ht: number,
  hp: number,
  encounter: M2mEncounterState,
): RulesetBlock {
  const block = newFighterBlock(ht, hp);
  const s = block.data as unknown as M2mFighterState;
  s.conditions = encounterConditions(encounter);
  s.posture = encounter.position;
  for (const r of encounter.readiness)
    if (r.place !== "hand" || r.turnsToReady > 0 || r.stuck !== "no")
      s.weapons[r.item] = {
        place: r.place,
        turnsToReady: r.turnsToReady,
        stuck: r.stuck,
        broken: false,
      };
  return block;
}

/**
 * The conditions of the record as a fight starts with them (ruling M125), in the sheet's order:
 * dead, unconscious, stunned, shock, each crippled limb, lost balance, prone.
 */
export function encounterConditions(encounter: M2mEncounterState): HeldCondition[] {
  let c: HeldCondition[] = [];
  const add = (h: HeldCondition) => (c = holdCondition(c, h));
  if (encounter.dead) add(held({ condition: "dead", until: "permanent" }));
  if (encounter.unconscious) add(held({ condition: "unconscious", until: "recovered" }));
  if (encounter.stunned) add(held({ condition: "stunned", until: "recovered" }));
  if (encounter.shock > 0)
    add(held({ condition: "shocked", until: "endOfNextTurn", value: encounter.shock }));
  for (const location of encounter.crippled)
    add(held({ condition: "crippled", until: "encounter", location }));
  if (encounter.offBalance) add(held({ condition: "offBalance", until: "nextTurn" }));
  if (encounter.position === "lying") add(held({ condition: "prone", until: "recovered" }));
  return c;
}

/** Whether a held condition outlasts the fight (core `endingWithFight`: not counted in turns nor for the encounter). */
const outlasts = (h: HeldCondition) => h.until === "recovered" || h.until === "permanent";

/**
 * The record after the fight (ruling M126), from the record before it and the block as the
 * fight left it: stunned, unconscious and dead as the block holds them; shock 0 and balance
 * regained; crippled the limbs held past the fight; the block's posture; each weapon's
 * readiness as the block has it (each weapon of the record kept, with its grip's reach; one
 * only the block lists added when it is not in hand and ready). Death checks and a braced foot
 * are kept.
 */
export function encounterAfterFight(
  before: M2mEncounterState,
  block: RulesetBlock,
): M2mEncounterState {
  const { state } = parseFighterBlock(block, "block");
  const crippled = CRIPPLABLE_LOCATIONS.filter((l) =>
    state.conditions.some((h) => h.condition === "crippled" && h.location === l && outlasts(h)),
  );
  // Each weapon of the record as the block leaves it (absent from the block: in hand and
  // ready), then each weapon only the block lists.
  const listed = new Set(before.readiness.map((r) => r.item));
  const readiness: M2mReadiness[] = [
    ...before.readiness.map((r) => {
      const w = state.weapons[r.item];
      return w
        ? { ...r, place: w.place, turnsToReady: w.turnsToReady, stuck: w.stuck }
        : { ...r, place: "hand" as const, turnsToReady: 0, stuck: "no" as const };
    }),
    ...Object.entries(state.weapons)
      .filter(
        ([item, w]) =>
          !listed.has(item) && (w.place !== "hand" || w.turnsToReady > 0 || w.stuck !== "no"),
      )
      .map(([item, w]) => ({
        item,
        place: w.place,
        turnsToReady: w.turnsToReady,
        reach: "none" as const,
        stuck: w.stuck,
      })),
  ];
  return {
    ...before,
    shock: 0,
    stunned: holds(state.conditions, "stunned"),
    unconscious: holds(state.conditions, "unconscious"),
    dead: holds(state.conditions, "dead"),
    offBalance: false,
    crippled,
    position: state.posture,
    readiness,
  };
}
