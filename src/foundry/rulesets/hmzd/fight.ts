/**
 * Where a zone-die fighter's state block (zd-state's `RulesetBlock`, src/rules/hmzd/turn.ts) is
 * kept between exchanges and turns (issue 18): on the actor's `system.hmzd`, field for field
 * (./source.ts: state, recovery, clock, setups, actionRound, unhindered, revision), so the sheet
 * shows the shock state the flow applies, and the block outlasts a fight (a state and an M
 * injury's ten minutes do, Z15, 001:83). The Shock EML is derived (Z7), not stored. Pure.
 */
import type { FighterSnapshot } from "../../../core/combat";
import { InputError } from "../../../core/errors";
import type { ConditionId, RulesetBlock } from "../../../core/ruleset";
import { blockConditions, newHmzdBlock, parseHmzdBlock } from "../../../rules/hmzd/turn";
import type { RulesetFightStore } from "../contract";
import { stateBlock, stateUpdate, type HmzdStateFields } from "./state-source";

type Obj = Record<string, unknown>;
const isRecord = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

function shockEmlOf(fighter: FighterSnapshot): number {
  const d = fighter.derived;
  const shock = isRecord(d) && isRecord(d.hmzd) ? d.hmzd.shock : undefined;
  if (typeof shock !== "number")
    throw new InputError("derived.hmzd.shock", shock, "expected the derived Shock EML (Z7)");
  return shock;
}

/** The block `system.hmzd` holds (./state-source.ts); null when the actor has no zone-die block. */
function read(fighter: FighterSnapshot): RulesetBlock | null {
  const b = isRecord(fighter.system) ? fighter.system.hmzd : undefined;
  if (!isRecord(b)) return null;
  return stateBlock(b as unknown as HmzdStateFields, shockEmlOf(fighter));
}

function seed(fighter: FighterSnapshot): RulesetBlock {
  return read(fighter) ?? newHmzdBlock(shockEmlOf(fighter));
}

/** The actor update storing `block` in `system.hmzd` (the Shock EML stays derived). */
function write(block: RulesetBlock): Record<string, unknown> {
  const fields = stateUpdate(block);
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [`system.hmzd.${k}`, v]));
}

/**
 * The end of a fight: the state, its recovery and the clock outlast it (Z15, 001:83); the
 * round-bound Setups and Action do not.
 */
function clear(_fighter?: FighterSnapshot, block?: RulesetBlock | null): Record<string, unknown> {
  if (!block) return { "system.hmzd.setups": [], "system.hmzd.actionRound": null };
  const { revision, data } = parseHmzdBlock(block);
  return write({
    ruleset: "hmzd",
    revision: revision + 1,
    data: { ...data, setups: [], actionRound: null } as unknown as Obj,
  });
}

export const HMZD_FIGHT_STORE: RulesetFightStore = Object.freeze({
  read,
  seed,
  write,
  clear,
  conditions: (block: RulesetBlock): ConditionId[] => blockConditions(block),
  endingWithFight: (): ConditionId[] => [],
});
