/**
 * The GURPS Man to Man ruleset (seed 004 with `../shared/rules/m2m-spec.md`), implementing the
 * core's ruleset interface. The attack is rolled at `start`; only a plain hit asks the
 * defender for an active defence (a critical hit allows none, a miss needs none).
 */
import type { Dice } from "../../core/dice";
import type { PendingChoice, Ruleset } from "../../core/ruleset";
import {
  finishExchange,
  startExchange,
  type M2mDeclaration,
  type M2mDefence,
  type M2mResult,
  type M2mState,
} from "./exchange";
import { parseDeclaration, parseDefence, parseResolveInput } from "./parse";
import { deriveCharacter, type CharacterInput } from "./character";
import { M2M_PLAN } from "./body";

export const m2m: Ruleset<M2mDeclaration, M2mDefence, M2mState, M2mResult> = {
  id: "m2m",
  bodyPlan: M2M_PLAN,
  parseDeclaration,
  parseResolveInput,
  parseChoice(_state: M2mState, raw: unknown): M2mDefence {
    return parseDefence(raw);
  },
  start(decl: M2mDeclaration, dice: Dice): M2mState {
    return startExchange(decl, dice);
  },
  pending(state: M2mState): PendingChoice | null {
    if (!state.awaitingDefence) return null;
    return {
      by: "defender",
      kind: "defence",
      // Written out: building the four keys from a template on every call was a tenth of a
      // whole exchange through `runExchange` (issue 17, docs/performance.md).
      options: [
        { id: "dodge", labelKey: "BLOWBYBLOW.M2M.Defence.dodge" },
        { id: "parry", labelKey: "BLOWBYBLOW.M2M.Defence.parry" },
        { id: "block", labelKey: "BLOWBYBLOW.M2M.Defence.block" },
        { id: "none", labelKey: "BLOWBYBLOW.M2M.Defence.none" },
      ],
      data: { attackRoll: state.attack.roll, location: state.location },
    };
  },
  choose(state: M2mState, choice: M2mDefence, dice: Dice): M2mState {
    return finishExchange(state, choice, dice);
  },
  result(state: M2mState): M2mResult {
    if (!state.result) throw new Error("The exchange is waiting for the defender's defence.");
    return state.result;
  },
  deriveCharacter(raw: unknown) {
    return deriveCharacter(raw as CharacterInput);
  },
};
