/**
 * The HârnMaster 3 ruleset (seed 003 with `../shared/rules/hm3.md`), implementing the core's
 * ruleset interface. HM3 rolls both sides at once once the defence is declared, so `start`
 * rolls nothing and the one pending choice is the defender's defence.
 */
import { ownValue } from "../../core/data";
import type { Dice } from "../../core/dice";
import type { ChoiceOption, PendingChoice, Ruleset, Side } from "../../core/ruleset";
import { InputError } from "../../core/errors";
import {
  resolveExchange,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Holds,
  type Hm3Result,
} from "./exchange";
import { checkAim, parseDeclaration, parseDefence, parseResolveInput } from "./parse";
import { ROLLS_ROLL_SIDE } from "./gold/rolls-nonlethal";
import { checkTackleDefence, tackleDefences } from "./gold/rolls-parse";
import { HUMAN_PLAN, MELEE_DEFENCES, MISSILE_DEFENCES } from "./tables";
import { checkPairedChoice, pairedDefences, pairedResolve, pairedStart } from "./gold/paired";
import type { ReactionRoll } from "./gold/paired-reaction";

export interface Hm3State {
  decl: Hm3Declaration;
  defence: Hm3Defence | null;
  result: Hm3Result | null;
  /** The defender's Reaction Roll, made at start (HârnMaster Gold `reactionRoll`); null: none. */
  reaction?: ReactionRoll | null;
}

/**
 * The defences an attack allows (seed 003 lines 30, 141-149): no counterstrike against
 * missiles; Block needs a weapon or shield in hand, Counterstrike a weapon. Defences the
 * defender's hands rule out are listed with the reason.
 */
export function defenceOptions(
  attackType: "melee" | "missile",
  holds: Hm3Holds = { weapon: true, shield: true },
): ChoiceOption[] {
  const list = attackType === "melee" ? MELEE_DEFENCES : MISSILE_DEFENCES;
  return list.map((id) => {
    const option: ChoiceOption = { id, labelKey: `BLOWBYBLOW.HM3.Defence.${id}` };
    if (id === "block" && !holds.weapon && !holds.shield)
      option.unavailableKey = "BLOWBYBLOW.HM3.Unavailable.NothingToBlock";
    if (id === "counterstrike" && !holds.weapon)
      option.unavailableKey = "BLOWBYBLOW.HM3.Unavailable.NoWeapon";
    return option;
  });
}

export const hm3: Ruleset<Hm3Declaration, Hm3Defence, Hm3State, Hm3Result> = {
  id: "hm3",
  bodyPlan: HUMAN_PLAN,
  parseDeclaration,
  parseResolveInput,
  parseChoice(state: Hm3State, raw: unknown): Hm3Defence {
    const defence = parseDefence(raw, state.decl.attack.type, state.decl);
    const option = defenceOptions(state.decl.attack.type, state.decl.defenderHolds).find(
      (o) => o.id === defence.type,
    );
    if (option?.unavailableKey) {
      const why =
        defence.type === "block" ? "needs a weapon or shield in hand" : "needs a weapon in hand";
      throw new InputError(
        "defence.type",
        defence.type,
        `the defender cannot ${defence.type}: it ${why}`,
      );
    }
    // A counterstrike aimed where the attacker's body plan has no points is refused before any roll.
    if (defence.strike) checkAim(defence.strike.aim, state.decl.attacker, "defence.aim");
    checkTackleDefence(state.decl.attack, defence.type);
    checkPairedChoice(state.decl, state.reaction ?? null, defence);
    return defence;
  },
  start(decl: Hm3Declaration, dice: Dice): Hm3State {
    const reaction = pairedStart(decl, dice);
    return reaction
      ? { decl, defence: null, result: null, reaction }
      : { decl, defence: null, result: null };
  },
  pending(state: Hm3State): PendingChoice | null {
    if (state.result) return null;
    return {
      by: "defender",
      kind: "defence",
      options: pairedDefences(
        state.decl,
        state.reaction ?? null,
        tackleDefences(
          state.decl.attack,
          defenceOptions(state.decl.attack.type, state.decl.defenderHolds),
        ),
      ),
      ...(state.reaction ? { data: { reaction: state.reaction } } : {}),
      // An object cannot defend: it Ignores, taken by the flow without a prompt (ruling G70).
      ...(state.decl.defender.object ? { automatic: "ignore" } : {}),
    };
  },
  choose(state: Hm3State, choice: Hm3Defence, dice: Dice): Hm3State {
    if (state.result) throw new Error("The exchange is already resolved.");
    const result = pairedResolve(state.decl, choice, dice, state.reaction ?? null, resolveExchange);
    return { ...state, defence: choice, result };
  },
  result(state: Hm3State): Hm3Result {
    if (!state.result) throw new Error("The exchange is waiting for the defender's defence.");
    return state.result;
  },
  rollSide(name: string): Side | null {
    // A double strike's secondary attack names its rolls `second.…` (gold/paired-double.ts).
    return ownValue(ROLL_SIDE, name.startsWith("second.") ? name.slice(7) : name) ?? null;
  },
};

/**
 * Whose dice each HM3 roll is (`Ruleset.rollSide`): the attacker rolls its attack and its
 * strike (location, face, impact, ignition) and what its own body rolls when the defender's
 * strike lands (`counter.shock`…); the defender the same the other way round. The matrix's own
 * fumble, stumble and weapon damage rolls are the side's they name.
 */
const ROLL_SIDE: Readonly<Record<string, Side>> = Object.freeze({
  attack: "attacker",
  location: "attacker",
  face: "attacker",
  impact: "attacker",
  ignite: "attacker",
  "counter.shock": "attacker",
  "counter.fumble": "attacker",
  "counter.stumble": "attacker",
  "counter.kill": "attacker",
  attackerFumble: "attacker",
  attackerStumble: "attacker",
  attackerUnhorsing: "attacker",
  attackerWeaponDamage: "attacker",
  // HârnMaster Gold: the striker's random aspect and aimed side (seed 000 lines 9, 328), the
  // tangle penalty the tangler rolls (line 278).
  aspect: "attacker",
  side: "attacker",
  tangle: "attacker",
  "counter.aspect": "defender",
  defence: "defender",
  reaction: "defender",
  damageFactor: "attacker",
  "counter.location": "defender",
  "counter.face": "defender",
  "counter.impact": "defender",
  "counter.ignite": "defender",
  shock: "defender",
  fumble: "defender",
  stumble: "defender",
  kill: "defender",
  defenderFumble: "defender",
  defenderStumble: "defender",
  defenderWeaponDamage: "defender",
  ...ROLLS_ROLL_SIDE,
});

export * from "./tables";
export * from "./mechanics";
export * from "./eml";
export * from "./exchange";
export * from "./turn";
export { parseDeclaration, parseDefence, parseResolveInput } from "./parse";
export * from "./character-types";
export * from "./body-plan";
export * from "./character";
export {
  hm3Combat,
  HM3_BASE_LABELS,
  HM3_COMBAT_KEYS,
  HM3_MODIFIER_LABELS,
  HM3_OPTIONAL_RULES,
  readExchange,
} from "./combat";
