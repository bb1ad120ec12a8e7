/**
 * The fighter's zone-die state as the actor stores it (`system.hmzd`: state, recovery, clock,
 * setups, actionRound, unhindered, revision) and as zd-state's rules read it (the `RulesetBlock`
 * of src/rules/hmzd/turn.ts, whose data adds the derived Shock EML, Z7). Pure: the ruleset's
 * fight store reads an actor's block with `stateBlock` and writes one back with `stateUpdate`.
 */
import { InputError } from "../../../core/errors";
import type { RulesetBlock } from "../../../core/ruleset";
import { parseHmzdBlock, recoveryFor, type HmzdBlockData } from "../../../rules/hmzd/turn";
import type { HmzdCharacterBlock } from "./source";

/** The stored fields of the state (the actor block but its Shock skill and body plan). */
export type HmzdStateFields = Omit<HmzdCharacterBlock, "shock" | "bodyPlan">;

/**
 * The state block of an actor's stored fields, with the Shock EML (`shockEml`, Z7) the
 * derivation gives. Throws an `InputError` naming the `system` path (`hmzd.recovery`) and value
 * of a state zd-state refuses (a recovery that does not fit the state…).
 */
export function stateBlock(stored: HmzdStateFields, shockEml: number): RulesetBlock {
  const { at, armed, due } = stored.recovery;
  const recovery =
    at === "none" ? null : at === "turnEnd" ? { at, armed } : { at, due: due ?? Number.NaN };
  const raw = {
    ruleset: "hmzd",
    revision: stored.revision,
    data: {
      shockEml,
      state: stored.state,
      recovery,
      clock: stored.clock,
      setups: stored.setups.map((s) => ({ round: s.round, count: s.count })),
      actionRound: stored.actionRound,
      unhindered: stored.unhindered.map((u) => ({ key: u.key, until: u.until })),
    },
  };
  try {
    const { revision, data } = parseHmzdBlock(raw, "block");
    return { ruleset: "hmzd", revision, data: data as unknown as Record<string, unknown> };
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    const path = err.field.replace(/^block\.data\./, "hmzd.").replace(/^block\./, "hmzd.");
    throw new InputError(path, err.value, err.reason);
  }
}

/** The `system.hmzd` fields that store a state block (an actor update's `system.hmzd`). */
export function stateUpdate(block: RulesetBlock): HmzdStateFields {
  const { revision, data } = parseHmzdBlock(block, "block");
  return stateFields(data, revision);
}

/** The stored fields of a block's data. */
export function stateFields(data: HmzdBlockData, revision: number): HmzdStateFields {
  const r = data.recovery;
  return {
    state: data.state,
    recovery:
      r === null
        ? { at: "none", armed: false, due: null }
        : r.at === "turnEnd"
          ? { at: "turnEnd", armed: r.armed, due: null }
          : { at: "clock", armed: false, due: r.due },
    clock: data.clock,
    setups: data.setups.map((s) => ({ ...s })),
    actionRound: data.actionRound,
    unhindered: data.unhindered.map((u) => ({ ...u })),
    revision,
  };
}

/** The recovery a state needs (Z15): `turnEnd` for STN and INC, `clock` for UNC, else `none`. */
export function recoveryAtFor(state: HmzdCharacterBlock["state"]): "none" | "turnEnd" | "clock" {
  return recoveryFor(state, 0)?.at ?? "none";
}
