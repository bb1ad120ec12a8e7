/**
 * The duel's own shock-state rule (Z15) until the ruleset's state code serves it: what an
 * injury's shock state does to the bearer's current one.
 */
import type { HmzdState as ShockState } from "../rules/hmzd/types";

const RANK: Record<ShockState, number> = { none: 0, STN: 1, INC: 2, UNC: 3, KIA: 4 };

/**
 * The state after an injury's shock state `got` on a fighter in `current` (Z15): a new STN on
 * STN is INC, a new INC on INC is UNC, never better than the current one.
 */
export function nextShockState(current: ShockState, got: ShockState): ShockState {
  if (got === "none") return current;
  if (current === "STN" && got === "STN") return "INC";
  if (current === "INC" && got === "INC") return "UNC";
  return RANK[got] > RANK[current] ? got : current;
}
