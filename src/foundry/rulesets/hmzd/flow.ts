/**
 * The zone-die exchange as the Foundry flow plays it (issue 18): the engine's `Ruleset`
 * (src/rules/hmzd) with each fighter's state block (`RulesetBlock`, src/rules/hmzd/turn.ts)
 * carried in the declaration, so the result also says what the exchange did to each block
 * between exchanges: Setups used and won (Z16), the Action taken (Z6), the injury's shock state
 * met with the current one (Z15) and an M injury unhindered while its Shock test succeeded
 * (001:83). Those come as `state` effects (zd-state's `afterExchange`), which the adapter
 * stores through the fight store (./fight.ts) and mirrors as status effects; the engine's own
 * shock conditions for a side with a block give way to them (the same states, Z15 applied);
 * its special-effect conditions (Z10) stay.
 *
 * The declaration is the engine's with `blocks` (each side's block, or absent) and `round` (the
 * combat round, 0 outside the tracker); both are stripped before the engine reads it. Pure.
 */
import type { Dice } from "../../../core/dice";
import { InputError, readObject } from "../../../core/errors";
import type { Effect, PendingChoice, Ruleset, RulesetBlock, Side } from "../../../core/ruleset";
import { afterExchange, parseHmzdBlock, type HmzdExchangeChange } from "../../../rules/hmzd/turn";
import type {
  HmzdDeclaration,
  HmzdExchangeState,
  HmzdResult,
  HmzdStrike,
} from "../../../rules/hmzd/types";

type Engine = Ruleset<HmzdDeclaration, unknown, HmzdExchangeState, HmzdResult>;

export interface HmzdFlowDeclaration {
  engine: HmzdDeclaration;
  blocks: Partial<Record<Side, RulesetBlock>>;
  round: number;
}

export interface HmzdFlowState {
  engine: HmzdExchangeState;
  blocks: Partial<Record<Side, RulesetBlock>>;
  round: number;
}

const SIDES: readonly Side[] = ["attacker", "defender"];

function readFlowDeclaration(engine: Engine, raw: unknown): HmzdFlowDeclaration {
  const o = readObject(raw, "declaration");
  const { blocks: rawBlocks, round: rawRound, ...rest } = o;
  const blocks: Partial<Record<Side, RulesetBlock>> = {};
  if (rawBlocks !== undefined) {
    const b = readObject(rawBlocks, "blocks");
    for (const side of SIDES)
      if (b[side] !== undefined && b[side] !== null) {
        const { revision, data } = parseHmzdBlock(b[side], `blocks.${side}`);
        blocks[side] = {
          ruleset: "hmzd",
          revision,
          data: data as unknown as Record<string, unknown>,
        };
      }
  }
  const round = rawRound ?? 0;
  if (typeof round !== "number" || !Number.isInteger(round) || round < 0)
    throw new InputError("round", round, "expected the combat round, a whole number ≥ 0");
  return { engine: engine.parseDeclaration(rest), blocks, round };
}

/**
 * The injury's key in the block's `unhindered` list (001:83): its sided location and code
 * (`left-shoulder:M1`), which the injury item it makes gives again (./combat.ts `injuryKeyOf`).
 */
export function injuryKey(strike: HmzdStrike): string {
  return `${strike.location}:${strike.injury ?? ""}`;
}

/** What the exchange changed for `side` (zd-state's `HmzdExchangeChange`). */
function changeFor(result: HmzdResult, side: Side, round: number): HmzdExchangeChange {
  const tested = side === "attacker" ? result.attack.roll !== null : result.defence !== null;
  const won = result.victor === side;
  const strike = result.strike;
  const struck = strike && strike.by !== side && strike.injury && strike.shock ? strike : null;
  return {
    round,
    tested,
    setupsWon: won ? result.spent.setup : 0,
    actionTaken: won && result.spent.action > 0,
    injury: struck
      ? {
          key: injuryKey(struck),
          severity: struck.injury![0] as "M" | "S" | "G",
          state: struck.shock!.state,
          shockSucceeded: struck.shock!.level === "S" || struck.shock!.level === "CS",
        }
      : null,
  };
}

/** A condition the engine sets for the shock state (cause `shock.STN`…, Z15, Z20). */
const isShockCondition = (e: Effect): boolean =>
  e.type === "condition" && typeof e.cause === "string" && e.cause.startsWith("shock.");

/**
 * The engine's result with each carried block's `state` effect (and the shock conditions
 * `afterExchange` sets, the same zd-state `conditionChange` and `fallsProne` the engine uses) in
 * place of the engine's shock conditions, so none is applied twice; the special effects'
 * conditions (Z10: `disarmed`, `prone` from a Stumble, `bleeding`) stay.
 */
function withBlocks(result: HmzdResult, state: HmzdFlowState): HmzdResult {
  const sides = SIDES.filter((s) => state.blocks[s]);
  if (sides.length === 0) return result;
  const effects: Effect[] = result.effects.filter(
    (e) => !(isShockCondition(e) && sides.includes(e.to)),
  );
  for (const side of sides)
    effects.push(
      ...afterExchange(state.blocks[side]!, side, changeFor(result, side, state.round)).effects,
    );
  return { ...result, effects };
}

/** The Foundry flow's zone-die ruleset over the engine `engine`. */
export function hmzdFlow(
  engine: Engine,
): Ruleset<HmzdFlowDeclaration, unknown, HmzdFlowState, HmzdResult> {
  return Object.freeze({
    id: "hmzd" as const,
    bodyPlan: engine.bodyPlan,
    parseDeclaration: (raw: unknown) => readFlowDeclaration(engine, raw),
    parseResolveInput: (raw: Record<string, unknown>) => {
      const { decl, answers } = engine.parseResolveInput(raw);
      return { decl: { engine: decl, blocks: {}, round: 0 }, answers };
    },
    parseChoice: (state: HmzdFlowState, raw: unknown) => engine.parseChoice(state.engine, raw),
    start: (decl: HmzdFlowDeclaration, dice: Dice): HmzdFlowState => ({
      engine: engine.start(decl.engine, dice),
      blocks: decl.blocks,
      round: decl.round,
    }),
    pending: (state: HmzdFlowState): PendingChoice | null => engine.pending(state.engine),
    choose: (state: HmzdFlowState, choice: unknown, dice: Dice): HmzdFlowState => ({
      ...state,
      engine: engine.choose(state.engine, choice, dice),
    }),
    result: (state: HmzdFlowState): HmzdResult => withBlocks(engine.result(state.engine), state),
    ...(engine.rollSide ? { rollSide: engine.rollSide.bind(engine) } : {}),
    ...(engine.defaultChoice
      ? {
          defaultChoice: (state: HmzdFlowState, pending: PendingChoice) =>
            engine.defaultChoice!(state.engine, pending),
        }
      : {}),
    ...(engine.turns ? { turns: engine.turns } : {}),
  });
}
