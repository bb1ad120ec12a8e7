/**
 * One exchange of an hmzd duel through the engine (src/rules/hmzd, the `hmzd` ruleset): the
 * declaration made from the two duel fighters and the policies' attack and defence, the
 * defence chosen, the winner's TAs spent by the default (all Impact for a striker, Setup for a
 * defender who blocked or dodged, Z6), and what the duel carries on read from the result.
 */
import type { Dice } from "../core/dice";
import type { Target } from "../core/modifiers";
import { defaultSpend, hmzd, strikerOf, tacticalAdvantagesOf } from "../rules/hmzd";
import type {
  HmzdAttack,
  HmzdDeclaration,
  HmzdDefence,
  HmzdFighter,
  HmzdResult,
  HmzdState,
  HmzdWeapon,
} from "../rules/hmzd/types";
import type { HmzdDuelFighter, HmzdDuelMode, HmzdDuelWeapon } from "./hmzd-duel-fighter";
import type { HmzdAttackChoice, HmzdDefenceChoice } from "./hmzd-policy";

/** One side of an exchange as the duel has it now. */
export interface ZdSideIn {
  fighter: HmzdDuelFighter;
  state: HmzdState;
  /** Setup TAs owed to this side's test (Z16). */
  setup: number;
}

/** What the duel reads of an exchange. */
export interface ZdOutcome {
  victor: "attacker" | "defender" | null;
  /** Setup TAs the victor took (Z16). */
  setup: number;
  strike: {
    by: "attacker" | "defender";
    /** The plan's zone id struck (`arms`) and its side, as impairment reads them (Z8). */
    zoneId: string;
    side: "left" | "right" | null;
    /** The zone value struck. */
    zone: number;
    location: string;
    /** `M1`…`G5`, or null (Z9). */
    injury: string | null;
    level: number;
    /** Whether the Shock test succeeded (an M injury is then unhindered, hmzd.md §4). */
    shockSucceeded: boolean;
    /** The state the Shock Index gives, before the victim's own (Z15). */
    state: HmzdState;
  } | null;
}

/** The EML of a duel test: the skill's EML, less the impairment of the zones used (Z8). */
function emlOf(base: number, penalty: number): Target {
  const modifiers = penalty
    ? [{ key: "BLOWBYBLOW.HMZD.Duel.impairment", value: -penalty, source: "Z8" }]
    : [];
  const raw = base - penalty;
  return { baseKey: "eml", base, modifiers, raw, value: raw };
}

function combatant(side: ZdSideIn): HmzdFighter {
  const c = side.fighter.combatant;
  // The duel ends before a KIA fighter is in an exchange; the type wants a living state.
  const state = side.state === "KIA" ? "UNC" : side.state;
  // Spelled out: a spread of the combatant is several times slower on this hot path.
  return {
    str: c.str,
    shock: c.shock,
    endurance: c.endurance,
    dex: c.dex,
    agl: c.agl,
    state,
    setup: side.setup,
    actionTaken: false,
    armour: c.armour,
    plan: c.plan,
  };
}

const OPTIONS = Object.freeze({ specialEffects: false });

const weaponOf = (w: HmzdDuelWeapon, mode: HmzdDuelMode): HmzdWeapon => ({
  zoneDie: w.zoneDie,
  impact: { die: mode.die, base: mode.base, aspect: mode.aspect },
});

/** The declaration's attack of a policy's attack (the duel keeps it; never changed). */
export function attackDecl(a: HmzdAttackChoice): HmzdAttack {
  return {
    type: a.weapon.missile ? "missile" : "melee",
    eml: emlOf(a.weapon.attack ?? 0, a.penalty),
    weapon: weaponOf(a.weapon, a.mode),
    mode: a.mode.id,
    placement: a.placement,
    // Z4: a missile shot from a placement past 1 is aimed.
    aimed: a.placement > 1,
  };
}

/** The defence answer of a policy's defence (the duel keeps it; never changed). */
export function defenceDecl(d: HmzdDefenceChoice): HmzdDefence {
  return d.type === "ignore"
    ? { type: "ignore" }
    : d.type === "counterstrike"
      ? {
          type: "counterstrike",
          eml: emlOf(d.base, d.penalty),
          weapon: weaponOf(d.weapon!, d.mode!),
          mode: d.mode!.id,
          placement: 1,
        }
      : { type: d.type, eml: emlOf(d.base, d.penalty), shield: d.weapon?.shield ?? false };
}

/** The exchange of `attack` against the defence `answer`, resolved with `dice`. */
export function exchangeOf(
  att: ZdSideIn,
  def: ZdSideIn,
  attack: HmzdAttack,
  answer: HmzdDefence,
  dice: Dice,
): { result: HmzdResult; outcome: ZdOutcome } {
  const decl: HmzdDeclaration = {
    attack,
    attacker: combatant(att),
    defender: combatant(def),
    options: OPTIONS,
  };
  let state = hmzd.start(decl, dice);
  // The pending prompt is `state.next` (what `hmzd.pending` names, without its options).
  while (state.next) {
    if (state.next === "defence")
      state = hmzd.choose(state, { kind: "defence", defence: answer }, dice);
    else if (state.next === "spendStars") {
      // Z6, the engine's default: a striker puts every TA on Impact, a defender on Setup.
      const striker = strikerOf(state.victor, answer.type) !== null;
      const spend = defaultSpend(tacticalAdvantagesOf(state.stars), striker);
      state = hmzd.choose(state, { kind: "spendStars", spend }, dice);
    } else state = hmzd.choose(state, { kind: "pickZone", pick: { index: 0 } }, dice);
  }
  const result = hmzd.result(state);
  const s = result.strike;
  return {
    result,
    outcome: {
      victor: result.victor,
      setup: result.spent.setup,
      strike: s
        ? {
            by: s.by,
            zoneId: s.zone,
            side: s.side,
            zone: s.zoneValue,
            location: s.location,
            injury: s.injury,
            level: s.injuryLevel,
            shockSucceeded: s.shock !== null && (s.shock.level === "S" || s.shock.level === "CS"),
            state: s.shock?.state ?? "none",
          }
        : null,
    },
  };
}
