/**
 * The zone-die block and turn hooks: initiative (Z11), recovery tests at the end of the bearer's
 * next turn (Z15; 001:141, 159-161), ten minutes of game time (001:83, 001:161), Setup carried to
 * the next round (Z16, Z21), Action once a round (Z6; 001:166), the block's validation.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice, type Dice } from "../../src/core/dice";
import type { RulesetBlock } from "../../src/core/ruleset";
import { replayTurnEvent, runTurnEvent } from "../../src/core/turns";
import {
  TEN_MINUTES,
  actionAvailable,
  afterExchange,
  blockConditions,
  editBlock,
  heldConditions,
  hmzdTurns,
  minorHinders,
  newHmzdBlock,
  parseHmzdBlock,
  passTime,
  setupLevels,
  type HmzdExchangeChange,
} from "../../src/rules/hmzd/turn";
import type { HmzdState } from "../../src/rules/hmzd/types";

const ruleset = { id: "hmzd" as const, turns: hmzdTurns };
const none: Dice = {
  roll(name) {
    throw new Error(`unexpected roll ${name}`);
  },
};
const rolls = (script: Record<string, number>) => new ScriptedDice(script, none);
const dataOf = (b: RulesetBlock) => parseHmzdBlock(b).data;

const quiet: HmzdExchangeChange = {
  round: 1,
  tested: false,
  setupsWon: 0,
  actionTaken: false,
  injury: null,
};
function struck(
  block: RulesetBlock,
  state: HmzdState,
  extra: Partial<HmzdExchangeChange> = {},
): RulesetBlock {
  return afterExchange(block, "defender", {
    ...quiet,
    injury: { key: "i1", severity: "S", state, shockSucceeded: false },
    ...extra,
  }).block;
}

describe("initiative (Z11: Initiative EML, highest first; ties as HM3, R6)", () => {
  it("orders by figures.initiative, ties in the order given", () => {
    expect(
      hmzdTurns.order([
        { id: "a", figures: { initiative: 50 } },
        { id: "b", figures: { initiative: 75 } },
        { id: "c", figures: { initiative: 50 } },
        { id: "d", figures: { initiative: 90 } },
      ]),
    ).toEqual(["d", "b", "a", "c"]);
  });

  it("names a combatant without an Initiative EML", () => {
    expect(() => hmzdTurns.order([{ id: "x", figures: {} }])).toThrow(/x\.initiative/);
  });
});

describe("the worked example's STN (001:133-141, hmzd.md §7)", () => {
  const fresh = newHmzdBlock(50);
  const hit = afterExchange(fresh, "defender", {
    ...quiet,
    injury: { key: "i1", severity: "S", state: "STN", shockSucceeded: false },
  });

  it("the exchange sets STN, the stunned condition and the state effect based on revision 0", () => {
    expect(hit.before).toBe("none");
    expect(hit.after).toBe("STN");
    expect(hit.effects).toEqual([
      {
        type: "condition",
        to: "defender",
        condition: "stunned",
        cause: "shock.STN",
        until: "recovered",
      },
      { type: "state", to: "defender", block: hit.block, basedOn: 0 },
    ]);
    expect(hit.block.revision).toBe(1);
    expect(dataOf(hit.block).recovery).toEqual({ at: "turnEnd", armed: false });
    expect(blockConditions(hit.block)).toEqual(["stunned"]);
    expect(heldConditions(hit.block)).toEqual([
      { condition: "stunned", cause: "shock.STN", until: "recovered", armed: false },
    ]);
  });

  it("001:141: he Passes; at the end of that very turn a successful Shock test removes STN", () => {
    const start = runTurnEvent(ruleset, hit.block, "turnStart", none);
    expect(start.checks).toEqual([]);
    expect(start.actionless).toBe(false);
    expect(dataOf(start.block).recovery).toEqual({ at: "turnEnd", armed: true });
    expect(heldConditions(start.block)[0]!.armed).toBe(true);
    const end = runTurnEvent(ruleset, start.block, "turnEnd", rolls({ recovery: 34 }));
    expect(end.checks).toEqual([
      {
        key: "BLOWBYBLOW.HMZD.Turn.recovery",
        roll: "recovery",
        target: 50,
        total: 34,
        success: true,
      },
    ]);
    expect(dataOf(end.block).state).toBe("none");
    expect(dataOf(end.block).recovery).toBeNull();
    expect(end.ended).toEqual(["stunned"]);
    expect(end.set).toEqual([]);
    expect(end.block.revision).toBe(3);
  });

  it("001:141: a failed test leaves him stunned until the end of his next turn, tried again there", () => {
    const start = hmzdTurns.onEvent(hit.block, "turnStart", none);
    const fail = hmzdTurns.onEvent(start.block, "turnEnd", rolls({ recovery: 77 }));
    expect(fail.checks[0]!.success).toBe(false);
    expect(dataOf(fail.block).state).toBe("STN");
    expect(fail.ended).toEqual([]);
    const next = hmzdTurns.onEvent(fail.block, "turnStart", none);
    const ok = hmzdTurns.onEvent(next.block, "turnEnd", rolls({ recovery: 3 }));
    expect(dataOf(ok.block).state).toBe("none");
  });

  it("replays from its rolls and refuses a roll it never made", () => {
    const start = hmzdTurns.onEvent(hit.block, "turnStart", none);
    const end = runTurnEvent(ruleset, start.block, "turnEnd", new SeededDice(7));
    expect(replayTurnEvent(ruleset, start.block, "turnEnd", end.rolls)).toEqual(end);
    expect(() =>
      replayTurnEvent(ruleset, hit.block, "turnStart", [
        { name: "recovery", count: 1, sides: 100, values: [5], total: 5 },
      ]),
    ).toThrow(/recovery/);
  });
});

describe("'next turn' is the bearer's next turn (Z15)", () => {
  it("stunned in his own turn (a counterstrike), the end of that turn makes no test", () => {
    const started = hmzdTurns.onEvent(newHmzdBlock(60), "turnStart", none).block;
    const stunned = struck(started, "STN");
    const end = hmzdTurns.onEvent(stunned, "turnEnd", none);
    expect(end.checks).toEqual([]);
    expect(dataOf(end.block).state).toBe("STN");
    const next = hmzdTurns.onEvent(end.block, "turnStart", none);
    const tested = hmzdTurns.onEvent(next.block, "turnEnd", rolls({ recovery: 12 }));
    expect(tested.checks).toHaveLength(1);
    expect(dataOf(tested.block).state).toBe("none");
  });
});

describe("INC (001:160, Z15)", () => {
  const inc = struck(newHmzdBlock(40), "INC");

  it("falls prone and is out of action: the exchange sets shock and prone", () => {
    const r = afterExchange(newHmzdBlock(40), "defender", {
      ...quiet,
      injury: { key: "i", severity: "G", state: "INC", shockSucceeded: false },
    });
    expect(r.effects.filter((e) => e.type === "condition").map((e) => e.condition)).toEqual([
      "shock",
      "prone",
    ]);
  });

  it("takes no action in his turn (actionless), is not defeated", () => {
    const start = hmzdTurns.onEvent(inc, "turnStart", none);
    expect(start.actionless).toBe(true);
    expect(start.defeated).toBe(false);
  });

  it("a successful re-roll at the end of his next turn leaves him STN, tested again at the end of the following turn", () => {
    const start = hmzdTurns.onEvent(inc, "turnStart", none);
    const end = hmzdTurns.onEvent(start.block, "turnEnd", rolls({ recovery: 20 }));
    expect(dataOf(end.block).state).toBe("STN");
    expect(end.set).toEqual(["stunned"]);
    expect(end.ended).toEqual(["shock"]);
    expect(dataOf(end.block).recovery).toEqual({ at: "turnEnd", armed: false });
    const again = hmzdTurns.onEvent(end.block, "turnStart", none);
    expect(again.actionless).toBe(false);
    const clear = hmzdTurns.onEvent(again.block, "turnEnd", rolls({ recovery: 20 }));
    expect(dataOf(clear.block).state).toBe("none");
  });

  it("001:160: a new INC while INC is UNC; a new STN while INC leaves INC and its timing", () => {
    const armed = hmzdTurns.onEvent(inc, "turnStart", none).block;
    const stn = struck(armed, "STN");
    expect(dataOf(stn).state).toBe("INC");
    expect(dataOf(stn).recovery).toEqual({ at: "turnEnd", armed: true });
    const r = afterExchange(armed, "defender", {
      ...quiet,
      injury: { key: "j", severity: "S", state: "INC", shockSucceeded: false },
    });
    expect(r.after).toBe("UNC");
    expect(r.effects.filter((e) => e.type === "condition").map((e) => e.condition)).toEqual([
      "unconscious",
    ]);
  });

  it("001:159: a new STN while stunned is INC, with a fresh recovery", () => {
    const stn = hmzdTurns.onEvent(struck(newHmzdBlock(40), "STN"), "turnStart", none).block;
    const r = afterExchange(stn, "defender", {
      ...quiet,
      injury: { key: "k", severity: "M", state: "STN", shockSucceeded: false },
    });
    expect(r.after).toBe("INC");
    expect(dataOf(r.block).recovery).toEqual({ at: "turnEnd", armed: false });
    expect(r.effects.filter((e) => e.type === "condition").map((e) => e.condition)).toEqual([
      "shock",
      "prone",
    ]);
  });
});

describe("UNC: re-roll ten minutes later (001:161, Z15)", () => {
  const unc = struck(newHmzdBlock(55), "UNC");

  it("is defeated and actionless; no test before ten minutes of his turns have passed", () => {
    let b = unc;
    for (let turn = 1; turn < TEN_MINUTES / 10; turn++) {
      const s = hmzdTurns.onEvent(b, "turnStart", none);
      expect(s.actionless).toBe(true);
      expect(s.defeated).toBe(true);
      const e = hmzdTurns.onEvent(s.block, "turnEnd", none);
      expect(e.checks).toEqual([]);
      b = e.block;
    }
    expect(dataOf(b).clock).toBe(590);
    const s = hmzdTurns.onEvent(b, "turnStart", none);
    const e = hmzdTurns.onEvent(s.block, "turnEnd", rolls({ recovery: 40 }));
    expect(e.checks).toHaveLength(1);
    expect(dataOf(e.block).state).toBe("INC");
    expect(e.set).toEqual(["shock"]);
    expect(e.ended).toEqual(["unconscious"]);
    expect(e.defeated).toBe(false);
  });

  it("passTime: the test falls due at ten minutes; failure waits ten minutes more", () => {
    const early = passTime(unc, 599, none);
    expect(early.checks).toEqual([]);
    const fail = passTime(early.block, 1, rolls({ recovery: 90 }));
    expect(fail.checks[0]).toMatchObject({ roll: "recovery", success: false, total: 90 });
    expect(dataOf(fail.block).recovery).toEqual({ at: "clock", due: 1200 });
    expect(fail.defeated).toBe(true);
    const ok = passTime(fail.block, 600, rolls({ recovery: 11 }));
    expect(dataOf(ok.block).state).toBe("INC");
    expect(ok.rolls).toEqual([{ name: "recovery", count: 1, sides: 100, values: [11], total: 11 }]);
    expect(ok.set).toEqual(["shock"]);
    expect(ok.ended).toEqual(["unconscious"]);
  });

  it("a new UNC on UNC starts the ten minutes again (Z20)", () => {
    const later = passTime(unc, 300, none).block;
    expect(dataOf(struck(later, "UNC")).recovery).toEqual({ at: "clock", due: 900 });
    expect(dataOf(struck(later, "STN")).recovery).toEqual({ at: "clock", due: 600 });
  });
});

describe("KIA (001:162)", () => {
  it("is dead for good: no recovery, actionless, defeated", () => {
    const r = afterExchange(newHmzdBlock(50), "defender", {
      ...quiet,
      injury: { key: "i", severity: "G", state: "KIA", shockSucceeded: false },
    });
    expect(r.effects[0]).toEqual({
      type: "condition",
      to: "defender",
      condition: "dead",
      cause: "shock.KIA",
      until: "permanent",
    });
    const s = hmzdTurns.onEvent(r.block, "turnStart", none);
    expect(s.actionless && s.defeated).toBe(true);
    expect(heldConditions(s.block)).toEqual([
      { condition: "dead", cause: "shock.KIA", until: "permanent", armed: false },
    ]);
    expect(hmzdTurns.onEvent(s.block, "turnEnd", none).checks).toEqual([]);
  });
});

describe("M injuries: unhindered while the Shock test succeeded, for ten minutes (001:83, Z8)", () => {
  it("a successful Shock test keeps it unhindered for 600 s; then it hinders", () => {
    const b = afterExchange(newHmzdBlock(50), "defender", {
      ...quiet,
      injury: { key: "cut", severity: "M", state: "none", shockSucceeded: true },
    }).block;
    expect(minorHinders(dataOf(b), "cut")).toBe(false);
    const later = passTime(b, 599, none).block;
    expect(minorHinders(dataOf(later), "cut")).toBe(false);
    const after = passTime(later, 1, none).block;
    expect(minorHinders(dataOf(after), "cut")).toBe(true);
    expect(dataOf(after).unhindered).toEqual([]);
  });

  it("a failed Shock test, an S injury or an unknown key hinders at once", () => {
    const b = afterExchange(newHmzdBlock(50), "defender", {
      ...quiet,
      injury: { key: "cut", severity: "M", state: "none", shockSucceeded: false },
    }).block;
    expect(minorHinders(dataOf(b), "cut")).toBe(true);
    expect(minorHinders(dataOf(b), "hand-written")).toBe(true);
    const s = afterExchange(newHmzdBlock(50), "defender", {
      ...quiet,
      injury: { key: "gash", severity: "S", state: "none", shockSucceeded: true },
    }).block;
    expect(dataOf(s).unhindered).toEqual([]);
  });

  it("ten seconds pass at each of his turn ends (000:47)", () => {
    const b = hmzdTurns.onEvent(newHmzdBlock(50), "turnEnd", none).block;
    expect(dataOf(b).clock).toBe(10);
  });
});

describe("Setup (Z16, Z21) and Action (Z6; 001:166)", () => {
  it("Setups won in round 3 raise his next test in round 4, all at once; used by that test", () => {
    let b = afterExchange(newHmzdBlock(50), "attacker", { ...quiet, round: 3, setupsWon: 1 }).block;
    b = afterExchange(b, "attacker", { ...quiet, round: 3, setupsWon: 2 }).block;
    expect(setupLevels(dataOf(b), 3)).toBe(0);
    expect(setupLevels(dataOf(b), 4)).toBe(3);
    const used = afterExchange(b, "attacker", { ...quiet, round: 4, tested: true }).block;
    expect(setupLevels(dataOf(used), 4)).toBe(0);
    expect(dataOf(used).setups).toEqual([]);
  });

  it("an exchange without a test of his (an Ignore) keeps them; a round without a test lets them lapse (Z21)", () => {
    const b = afterExchange(newHmzdBlock(50), "defender", {
      ...quiet,
      round: 3,
      setupsWon: 1,
    }).block;
    const kept = afterExchange(b, "defender", { ...quiet, round: 4 }).block;
    expect(setupLevels(dataOf(kept), 4)).toBe(1);
    expect(setupLevels(dataOf(kept), 5)).toBe(0);
    const lapsed = afterExchange(kept, "defender", { ...quiet, round: 5 }).block;
    expect(dataOf(lapsed).setups).toEqual([]);
  });

  it("Setups won in round 4 while using round 3's are kept for round 5", () => {
    const b = afterExchange(newHmzdBlock(50), "attacker", {
      ...quiet,
      round: 3,
      setupsWon: 1,
    }).block;
    const c = afterExchange(b, "attacker", {
      ...quiet,
      round: 4,
      tested: true,
      setupsWon: 2,
    }).block;
    expect(dataOf(c).setups).toEqual([{ round: 4, count: 2 }]);
    expect(setupLevels(dataOf(c), 5)).toBe(2);
  });

  it("one Action TA a round: a second in the same round is refused; the next round allows one", () => {
    const b = afterExchange(newHmzdBlock(50), "attacker", {
      ...quiet,
      round: 2,
      actionTaken: true,
    }).block;
    expect(actionAvailable(dataOf(b), 2)).toBe(false);
    expect(actionAvailable(dataOf(b), 3)).toBe(true);
    expect(() => afterExchange(b, "attacker", { ...quiet, round: 2, actionTaken: true })).toThrow(
      /change\.actionTaken.*once a round/,
    );
    const next = afterExchange(b, "attacker", { ...quiet, round: 3, actionTaken: true }).block;
    expect(dataOf(next).actionRound).toBe(3);
  });
});

describe("the block (RulesetBlock data for hmzd)", () => {
  it("a fresh block", () => {
    expect(newHmzdBlock(45)).toEqual({
      ruleset: "hmzd",
      revision: 0,
      data: {
        shockEml: 45,
        state: "none",
        recovery: null,
        clock: 0,
        setups: [],
        actionRound: null,
        unhindered: [],
      },
    });
    expect(parseHmzdBlock(newHmzdBlock(45, "UNC")).data.recovery).toEqual({
      at: "clock",
      due: 600,
    });
  });

  const good = () => JSON.parse(JSON.stringify(newHmzdBlock(50, "STN"))) as RulesetBlock;
  const bad = (edit: (d: Record<string, unknown>) => void) => {
    const b = good();
    edit(b.data);
    return () => parseHmzdBlock(b, "actor.block");
  };

  it("refuses bad input naming the field and the value", () => {
    expect(() => parseHmzdBlock({ ...good(), ruleset: "hm3" })).toThrow(
      /block\.ruleset: expected hmzd, got "hm3"/,
    );
    expect(bad((d) => (d.state = "stunned"))).toThrow(/actor\.block\.data\.state.*"stunned"/);
    expect(bad((d) => (d.shockEml = -1))).toThrow(/actor\.block\.data\.shockEml.*-1/);
    expect(bad((d) => (d.clock = 1.5))).toThrow(/actor\.block\.data\.clock.*1\.5/);
    expect(bad((d) => (d.recovery = null))).toThrow(
      /actor\.block\.data\.recovery: expected a recovery at turnEnd for state STN/,
    );
    expect(bad((d) => (d.recovery = { at: "dawn" }))).toThrow(/data\.recovery\.at.*"dawn"/);
    expect(bad((d) => (d.setups = [{ round: 1, count: 0 }]))).toThrow(
      /data\.setups\.0\.count: must be at least 1/,
    );
    expect(bad((d) => (d.unhindered = [{ key: "", until: 3 }]))).toThrow(
      /data\.unhindered\.0\.key/,
    );
    expect(bad((d) => (d.mood = "grim"))).toThrow(/data\.mood: unknown field/);
    expect(bad((d) => (d.actionRound = "yes"))).toThrow(/data\.actionRound/);
  });

  it("refuses a recovery that does not fit the state", () => {
    const b = good();
    b.data.state = "none";
    expect(() => parseHmzdBlock(b)).toThrow(/expected null for state none/);
  });

  it("a hand edit: a new Shock EML; a new state starts its recovery afresh, the same one keeps it", () => {
    const armed = hmzdTurns.onEvent(struck(newHmzdBlock(50), "STN"), "turnStart", none).block;
    const eml = editBlock(armed, { shockEml: 65 });
    expect(dataOf(eml).shockEml).toBe(65);
    expect(dataOf(eml).recovery).toEqual({ at: "turnEnd", armed: true });
    expect(eml.revision).toBe(armed.revision + 1);
    expect(dataOf(editBlock(armed, { state: "STN" })).recovery).toEqual({
      at: "turnEnd",
      armed: true,
    });
    const unc = editBlock(armed, { state: "UNC" });
    expect(dataOf(unc).recovery).toEqual({ at: "clock", due: 600 });
    expect(dataOf(editBlock(unc, { state: "none" })).recovery).toBeNull();
    expect(() => editBlock(armed, { state: "dazed" as HmzdState })).toThrow(/state.*"dazed"/);
    expect(() => editBlock(armed, { shockEml: 2.5 })).toThrow(/shockEml/);
  });

  it("an event leaves the block it was given unchanged", () => {
    const b = struck(newHmzdBlock(50), "STN");
    const snapshot = JSON.stringify(b);
    hmzdTurns.onEvent(
      hmzdTurns.onEvent(b, "turnStart", none).block,
      "turnEnd",
      rolls({ recovery: 9 }),
    );
    expect(JSON.stringify(b)).toBe(snapshot);
  });
});
