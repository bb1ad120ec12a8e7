/**
 * The zone-die fight store (src/foundry/rulesets/hmzd/fight.ts, issue 18): the state block
 * (zd-state's `RulesetBlock`) read from `system.hmzd` and written back field for field, so the
 * shock state the flow applies is the sheet's; the Shock EML stays derived (Z7); a stored block
 * the rules refuse names its field; the end of a fight keeps the state (Z15) and drops the
 * round's Setups and Action.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../../../src/core/errors";
import { HMZD_FIGHT_STORE } from "../../../../src/foundry/rulesets/hmzd/fight";
import { fighter } from "./fixtures";

const stored = (hmzd: Record<string, unknown>) => {
  const f = fighter({ name: "Brigand" });
  return { ...f, system: { ...f.system, hmzd: { ...(f.system.hmzd as object), ...hmzd } } };
};

describe("the zone-die fight store", () => {
  it("reads system.hmzd as the block, with the derived Shock EML", () => {
    const f = stored({
      state: "STN",
      recovery: { at: "turnEnd", armed: true, due: null },
      clock: 30,
      setups: [{ round: 2, count: 1 }],
      actionRound: 2,
      unhindered: [],
      revision: 4,
    });
    expect(HMZD_FIGHT_STORE.read(f)).toEqual({
      ruleset: "hmzd",
      revision: 4,
      data: {
        shockEml: 50,
        state: "STN",
        recovery: { at: "turnEnd", armed: true },
        clock: 30,
        setups: [{ round: 2, count: 1 }],
        actionRound: 2,
        unhindered: [],
      },
    });
    expect(HMZD_FIGHT_STORE.conditions(HMZD_FIGHT_STORE.read(f)!)).toEqual(["stunned"]);
  });

  it("writes a block back to the same fields, and reads it again unchanged", () => {
    const block = {
      ruleset: "hmzd" as const,
      revision: 2,
      data: {
        shockEml: 50,
        state: "UNC",
        recovery: { at: "clock", due: 640 },
        clock: 40,
        setups: [],
        actionRound: null,
        unhindered: [{ key: "k", until: 600 }],
      },
    };
    const update = HMZD_FIGHT_STORE.write(block);
    expect(update).toEqual({
      "system.hmzd.state": "UNC",
      "system.hmzd.recovery": { at: "clock", armed: false, due: 640 },
      "system.hmzd.clock": 40,
      "system.hmzd.setups": [],
      "system.hmzd.actionRound": null,
      "system.hmzd.unhindered": [{ key: "k", until: 600 }],
      "system.hmzd.revision": 2,
    });
    const again = stored({
      state: "UNC",
      recovery: { at: "clock", armed: false, due: 640 },
      clock: 40,
      setups: [],
      actionRound: null,
      unhindered: [{ key: "k", until: 600 }],
      revision: 2,
    });
    expect(HMZD_FIGHT_STORE.read(again)).toEqual(block);
  });

  it("refuses a recovery that does not fit the state, naming the field", () => {
    const f = stored({ state: "STN", recovery: { at: "none", armed: false, due: null } });
    try {
      HMZD_FIGHT_STORE.read(f);
      throw new Error("not refused");
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).field).toBe("hmzd.recovery");
    }
  });

  it("ends a fight keeping the state and dropping the round's Setups and Action", () => {
    const block = HMZD_FIGHT_STORE.read(
      stored({
        state: "STN",
        recovery: { at: "turnEnd", armed: false, due: null },
        setups: [{ round: 1, count: 2 }],
        actionRound: 1,
        revision: 3,
      }),
    );
    expect(HMZD_FIGHT_STORE.clear(undefined, block)).toMatchObject({
      "system.hmzd.state": "STN",
      "system.hmzd.setups": [],
      "system.hmzd.actionRound": null,
      "system.hmzd.revision": 4,
    });
  });
});
