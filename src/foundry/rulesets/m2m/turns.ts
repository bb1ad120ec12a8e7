/**
 * GURPS Man to Man's turns in the combat tracker (`RulesetTurns`, ../contract.ts; issue 17,
 * docs/architecture.md §6 steps 4 and 5): the sequence (Move, then Basic Speed, then a die
 * rolled once per combatant, L1600-1602, spec §4.1) through the core's `m2mTurns.order`; the
 * turn events (`m2mTurns.onEvent`: stun recovery, the HT roll at 0 HP, expiries); the maneuver
 * chosen at the start of a turn (§4.2 Basic; §4.3 Advanced with the world option) through the
 * core's `chooseManeuver`, with the weapon Ready names and the position Change Position takes.
 */
import type { FighterSnapshot, OptionalRule } from "../../../core/combat";
import { InputError, readObject, readString } from "../../../core/errors";
import type { RulesetBlock } from "../../../core/ruleset";
import { CLOSE_COMBAT_FORBIDDEN } from "../../../rules/m2m/close";
import { getHandWeapon } from "../../../rules/m2m/equipment";
import {
  chooseManeuver,
  m2mTurns,
  parseFighterBlock,
  type M2mFlowFighter,
  type ManeuverChoice,
} from "../../../rules/m2m/flow";
import {
  maneuversOf,
  MANEUVER_IDS,
  POSITION_IDS,
  type ManeuverId,
  type PositionId,
} from "../../../rules/m2m/maneuvers";
import type { ManeuverOption, ManeuverView, RulesetTurns } from "../contract";
import type { M2mActorDerived } from "./character-input";
import { ALL_OUT_VARIANTS, M2M_TACTICS_KEYS, m2mManeuverRolled } from "./tactics";

/** Each maneuver's lang key, written out whole for the lang audit. */
export const MANEUVER_KEYS: Readonly<Record<ManeuverId, string>> = Object.freeze({
  move: "BLOWBYBLOW.M2M.Maneuver.move",
  "change-position": "BLOWBYBLOW.M2M.Maneuver.changePosition",
  ready: "BLOWBYBLOW.M2M.Maneuver.ready",
  aim: "BLOWBYBLOW.M2M.Maneuver.aim",
  attack: "BLOWBYBLOW.M2M.Maneuver.attack",
  "all-out-attack": "BLOWBYBLOW.M2M.Maneuver.allOutAttack",
  feint: "BLOWBYBLOW.M2M.Maneuver.feint",
  wait: "BLOWBYBLOW.M2M.Maneuver.wait",
  "all-out-defence": "BLOWBYBLOW.M2M.Maneuver.allOutDefence",
  concentrate: "BLOWBYBLOW.M2M.Maneuver.concentrate",
  "long-action": "BLOWBYBLOW.M2M.Maneuver.longAction",
  "step-and-ready": "BLOWBYBLOW.M2M.Maneuver.stepAndReady",
  "step-and-attack": "BLOWBYBLOW.M2M.Maneuver.stepAndAttack",
  "step-and-feint": "BLOWBYBLOW.M2M.Maneuver.stepAndFeint",
  "step-and-concentrate": "BLOWBYBLOW.M2M.Maneuver.stepAndConcentrate",
});

/** Each position's lang key (§4.5). */
export const POSITION_KEYS: Readonly<Record<PositionId, string>> = Object.freeze({
  standing: "BLOWBYBLOW.M2M.Position.standing",
  crouching: "BLOWBYBLOW.M2M.Position.crouching",
  kneeling: "BLOWBYBLOW.M2M.Position.kneeling",
  crawling: "BLOWBYBLOW.M2M.Position.crawling",
  sitting: "BLOWBYBLOW.M2M.Position.sitting",
  lying: "BLOWBYBLOW.M2M.Position.lying",
});

/** Why a weapon is not ready, for the sheet. */
export const UNREADY_KEYS = Object.freeze({
  broken: "BLOWBYBLOW.M2M.Readiness.broken",
  ground: "BLOWBYBLOW.M2M.Readiness.ground",
  sheathed: "BLOWBYBLOW.M2M.Readiness.sheathed",
  stuck: "BLOWBYBLOW.M2M.Readiness.stuck",
  turns: "BLOWBYBLOW.M2M.Readiness.turns",
});

/** The world option that offers the Advanced maneuvers (§4.3) instead of the Basic ones. */
export const ADVANCED_MANEUVERS: OptionalRule = Object.freeze({
  id: "advancedManeuvers",
  default: false,
  nameKey: "BLOWBYBLOW.M2M.Settings.advancedManeuvers.name",
  hintKey: "BLOWBYBLOW.M2M.Settings.advancedManeuvers.hint",
});

const NEEDS: Partial<Record<ManeuverId, ManeuverOption["needs"]>> = {
  ready: "weapon",
  "step-and-ready": "weapon",
  "change-position": "posture",
  aim: "weapon-foe",
  feint: "foe",
  "step-and-feint": "foe",
  "all-out-attack": "variant",
};

/** Why a maneuver cannot be chosen: close combat rules it out (L2805, close-flow.ts). */
export const MANEUVER_UNAVAILABLE_KEYS = Object.freeze({
  closeCombat: "BLOWBYBLOW.M2M.Unavailable.closeCombat",
});

/**
 * The maneuvers offered: Basic (§4.2), or Advanced (§4.3) with the world option. With the
 * fighter's block, those close combat rules out while his block names a foe (L2805, as
 * `chooseManeuver` refuses them) are marked unavailable.
 */
export function m2mManeuverList(
  options: Readonly<Record<string, boolean>>,
  block?: RulesetBlock | null,
): ManeuverOption[] {
  const system = options[ADVANCED_MANEUVERS.id] ? "advanced" : "basic";
  const close = block ? parseFighterBlock(block).state.close : null;
  return maneuversOf(system).map((m) => ({
    id: m.id,
    labelKey: MANEUVER_KEYS[m.id],
    needs: NEEDS[m.id] ?? null,
    ...(m.id === "all-out-attack" ? { variants: ALL_OUT_VARIANTS } : {}),
    ...(close && CLOSE_COMBAT_FORBIDDEN.includes(m.id)
      ? { unavailableKey: MANEUVER_UNAVAILABLE_KEYS.closeCombat }
      : {}),
  }));
}

const derivedOf = (fighter: FighterSnapshot): M2mActorDerived | null => {
  const d = fighter.derived as (M2mActorDerived & { ruleset?: string }) | null;
  return d && d.ruleset === "m2m" && d.character ? d : null;
};

/** The sequence figures of a fighter: Move and Basic Speed as his sheet derives them. */
export function m2mSequenceFigures(fighter: FighterSnapshot): Record<string, number> | null {
  const d = derivedOf(fighter);
  if (!d) return null;
  return { move: d.character.move.value, speed: d.character.speed.value };
}

/** The hand-weapon table row of an item (its first attack mode's technique), if any. */
function tableOf(fighter: FighterSnapshot, itemId: string): string | undefined {
  const item = fighter.items.find((i) => i.id === itemId);
  const block = item?.system.m2m as { modes?: { technique?: unknown }[] } | undefined;
  for (const mode of block?.modes ?? []) {
    const id = typeof mode.technique === "string" ? mode.technique : "";
    if (!id) continue;
    try {
      getHandWeapon(id);
      return id;
    } catch {
      // Not a hand weapon of the table (a missile's row): no readiness rules.
    }
  }
  return undefined;
}

/**
 * His equipped shield (a weapon item with a shield block, gear.ts), which Ready may name to
 * re-ready it (L2594): its item id and name; null without one.
 */
export function m2mShieldItem(fighter: FighterSnapshot): { id: string; name: string } | null {
  for (const i of fighter.items) {
    const sys = i.system as { equipped?: unknown; m2m?: { shield?: unknown } };
    if (i.type === "weapon" && sys.equipped === true && sys.m2m?.shield)
      return { id: i.id, name: i.name };
  }
  return null;
}

/** What Ready may name: his weapons, and his shield if it is not one of them already. */
export function m2mReadyItems(fighter: FighterSnapshot): { id: string; name: string }[] {
  const out = (derivedOf(fighter)?.weapons ?? []).map((w) => ({ id: w.id, name: w.name }));
  const shield = m2mShieldItem(fighter);
  if (shield && !out.some((w) => w.id === shield.id)) out.push(shield);
  return out;
}

/**
 * The fighter as `chooseManeuver` reads him: his ST, his weapons (item ids; a table weapon's
 * row, for its readiness, §4.6) and his block. The exchange's figures (DR, PD, scores) play no
 * part in a maneuver and are left empty.
 */
export function m2mManeuverFighter(fighter: FighterSnapshot, block: RulesetBlock): M2mFlowFighter {
  const d = derivedOf(fighter);
  if (!d) throw new InputError("derived", null, "the fighter's figures cannot be derived");
  const { revision, state } = parseFighterBlock(block);
  return {
    id: "self",
    st: d.character.attributes.st,
    dr: {},
    toughness: 0,
    armourPd: 0,
    shieldPd: 0,
    dodge: 0,
    // Whether he has a shield (Ready re-readies it, L2594): his Block score, no more.
    block: d.character.block?.value ?? null,
    ambidextrous: false,
    leftHanded: false,
    weapons: d.weapons.map((w) => {
      const table = tableOf(fighter, w.id);
      const ranged = fighter.items.find((i) => i.id === w.id)?.type === "missile";
      return {
        id: w.id,
        parry: 0,
        fencing: false,
        modes: {},
        ...(table ? { table } : {}),
        ...(ranged ? { ranged } : {}),
      };
    }),
    revision,
    state,
  };
}

/** Validates a maneuver choice from a client: `{maneuver, weapon?, posture?, stuckRoll?}`. */
export function parseManeuverChoice(raw: unknown): ManeuverChoice {
  const o = readObject(raw, "choice");
  for (const key of Object.keys(o))
    if (!["maneuver", "weapon", "posture", "stuckRoll", "allOut", "foe"].includes(key))
      throw new InputError(`choice.${key}`, o[key], "not a field of a maneuver choice");
  const maneuver = readString(o.maneuver, "maneuver");
  if (!(MANEUVER_IDS as readonly string[]).includes(maneuver))
    throw new InputError("maneuver", maneuver, "not a maneuver");
  const choice: ManeuverChoice = { maneuver: maneuver as ManeuverId };
  if (o.weapon !== undefined && o.weapon !== null && o.weapon !== "")
    choice.weapon = readString(o.weapon, "weapon");
  if (o.posture !== undefined && o.posture !== null && o.posture !== "") {
    const posture = readString(o.posture, "posture");
    if (!(POSITION_IDS as readonly string[]).includes(posture))
      throw new InputError("posture", posture, "not a position");
    choice.posture = posture as PositionId;
  }
  if (o.allOut !== undefined && o.allOut !== null && o.allOut !== "")
    choice.allOut = readString(o.allOut, "allOut");
  if (o.foe !== undefined && o.foe !== null && o.foe !== "") choice.foe = readString(o.foe, "foe");
  if (o.stuckRoll !== undefined) {
    const roll = o.stuckRoll;
    if (typeof roll !== "number") throw new InputError("stuckRoll", roll, "expected a number");
    choice.stuckRoll = roll;
  }
  return choice;
}

/**
 * The block with the maneuver chosen: refused when it is not one the world's options offer
 * (an Advanced maneuver in a Basic world), else as the core decides (`chooseManeuver`: a
 * second maneuver in a turn, a stunned or unconscious fighter, a missing weapon…).
 */
export function m2mChooseManeuver(
  fighter: FighterSnapshot,
  block: RulesetBlock,
  raw: unknown,
  options: Readonly<Record<string, boolean>>,
): RulesetBlock {
  const choice = parseManeuverChoice(raw);
  if (!m2mManeuverList(options).some((m) => m.id === choice.maneuver))
    throw new InputError(
      "maneuver",
      choice.maneuver,
      options[ADVANCED_MANEUVERS.id] ? "not an Advanced maneuver" : "not a Basic maneuver",
    );
  // Ready naming his shield item readies the shield (L2594), not a weapon.
  const shield = m2mShieldItem(fighter);
  if (
    shield &&
    (choice.maneuver === "ready" || choice.maneuver === "step-and-ready") &&
    choice.weapon === shield.id &&
    parseFighterBlock(block).state.shieldReady === false
  ) {
    delete choice.weapon;
    choice.shield = true;
  }
  return chooseManeuver(m2mManeuverFighter(fighter, block), choice);
}

/** What the sheet shows of a block: the maneuver, the posture, each weapon not ready and why. */
export function m2mManeuverView(block: RulesetBlock): ManeuverView {
  const { state } = parseFighterBlock(block);
  const unready: ManeuverView["unready"] = [];
  for (const [id, w] of Object.entries(state.weapons)) {
    const key = w.broken
      ? UNREADY_KEYS.broken
      : w.place === "ground"
        ? UNREADY_KEYS.ground
        : w.place === "sheathed"
          ? UNREADY_KEYS.sheathed
          : w.stuck !== "no"
            ? UNREADY_KEYS.stuck
            : w.turnsToReady > 0
              ? state.tactics?.reloading[id]
                ? M2M_TACTICS_KEYS.reloading
                : UNREADY_KEYS.turns
              : null;
    if (key) unready.push({ id, key, turns: w.turnsToReady });
  }
  return {
    maneuverKey: state.maneuver ? MANEUVER_KEYS[state.maneuver] : null,
    postureKey: POSITION_KEYS[state.posture],
    unready,
  };
}

export const M2M_TURNS: RulesetTurns = Object.freeze({
  hooks: m2mTurns,
  tieBreak: Object.freeze({ formula: "1d6", figure: "roll" }),
  figures: m2mSequenceFigures,
  figureLabels: Object.freeze({
    move: "BLOWBYBLOW.M2M.Sheet.Combat.move",
    speed: "BLOWBYBLOW.M2M.Sheet.Combat.speed",
    roll: "BLOWBYBLOW.Tracker.tieBreak",
  }),
  optionalRules: Object.freeze([ADVANCED_MANEUVERS]),
  maneuvers: Object.freeze({
    list: m2mManeuverList,
    postures: Object.freeze(POSITION_IDS.map((id) => ({ id, labelKey: POSITION_KEYS[id] }))),
    weapons: m2mReadyItems,
    choose: m2mChooseManeuver,
    view: m2mManeuverView,
    rolled: m2mManeuverRolled,
  }),
});
