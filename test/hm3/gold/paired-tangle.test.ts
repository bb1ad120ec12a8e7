/**
 * HârnMaster Gold tangle & strike (seed 000 lines 264-278; ruling G59): the tangle attempt at
 * EML +0 to −15; a success (the attacker strikes: A★, B★) does no injury, gives the attacker a
 * TA and the defender a 4d6 or 5d6 tangle penalty (`tangle`); a tangled fighter's EML takes it.
 */
import { describe, expect, it } from "vitest";
import { replayDice } from "../../../src/core/dice";
import { InputError } from "../../../src/core/errors";
import { runExchange } from "../../../src/core/ruleset";
import { PAIRED_CARD_KEY, pairedCardLines } from "../../../src/foundry/rulesets/hm3/paired-card";
import { hm3, type ResultCode } from "../../../src/rules/hm3";
import { tangleSucceeds } from "../../../src/rules/hm3/gold/paired-tangle";
import { FIGHTER, input, run } from "./paired-helpers";

function tangle(t: unknown, defence: Record<string, unknown> = { type: "block", eml: 60 }) {
  return input(["pairedWeapons"], {
    attack: { type: "melee", eml: 70, aspect: "blunt", impact: 2, tangle: t },
    defence,
  });
}

function error(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("no InputError");
}

describe("tangle & strike", () => {
  it("the tangle attempt takes the area's penalty, itemised (line 276)", () => {
    const r = run(tangle({ penalty: 15, dice: 5 }), { attack: 90 });
    expect(r.attack.target).toBe(55);
    expect(r.attack.eml.modifiers).toEqual([
      { key: "gold.tangle", value: -15, source: "seed 000 line 276" },
    ]);
  });

  it("success: no injury, a TA and the named roll `tangle` of 5d6 (lines 272, 278)", () => {
    // CS (25 ≤ 55) vs Block MF (61 > 60): A*2 (seed 003 line 10).
    const r = run(tangle({ penalty: 15, dice: 5 }), {
      attack: 25,
      defence: 61,
      tangle: [1, 2, 3, 4, 5],
    });
    expect(r.result).toBe("A*2");
    expect(r.strikes).toEqual([]);
    expect(r.tangle).toEqual({ success: true, dice: 5, rolls: [1, 2, 3, 4, 5], penalty: 15 });
    expect(r.tacticalAdvantage).toBe("attacker");
    expect(r.effects).toEqual([{ type: "tacticalAdvantage", to: "attacker", cause: "tangle" }]);
    expect(r.rolls.at(-1)).toMatchObject({ name: "tangle", count: 5, total: 15 });
  });

  it("failure: no roll, no TA (a block, a miss, a DTA)", () => {
    const r = run(tangle({ penalty: 0, dice: 4 }), { attack: 27, defence: 27 });
    expect(r.result).toBe("block");
    expect(r.tangle).toEqual({ success: false, dice: 4, rolls: null, penalty: 0 });
    expect(r.tacticalAdvantage).toBeNull();
    expect(r.rolls.some((x) => x.name === "tangle")).toBe(false);
  });

  it("a B★ tangles and the defender's counterstrike still lands (G59)", () => {
    const r = run(
      tangle(
        { penalty: 0, dice: 4 },
        { type: "counterstrike", eml: 60, aspect: "edge", impact: 5 },
      ),
      { attack: 27, defence: 27 },
    );
    expect(r.result).toBe("B*1");
    expect(r.strikes.map((s) => s.by)).toEqual(["defender"]);
    expect(r.tangle!.success).toBe(true);
  });

  it("success is any result in which the attacker strikes", () => {
    const yes: ResultCode[] = ["A*1", "A*4", "B*2", "M*1"];
    const no: ResultCode[] = ["D*1", "block", "miss", "DTA", "AF", "wild"];
    expect(yes.every(tangleSucceeds)).toBe(true);
    expect(no.some(tangleSucceeds)).toBe(false);
  });

  it("a tangled defender defends, and a tangled attacker attacks, less the penalty (line 278)", () => {
    const raw = input(["pairedWeapons"], {
      attacker: { ...FIGHTER, tangled: 7 },
      defender: { ...FIGHTER, tangled: 12 },
    });
    const r = run(raw, { attack: 90, defence: 90 });
    expect(r.attack.target).toBe(63);
    expect(r.defence!.target).toBe(48);
    expect(r.defence!.eml.modifiers).toEqual([
      { key: "gold.tangled", value: -12, source: "seed 000 line 278" },
    ]);
  });

  it("replays from its rolls", () => {
    const raw = tangle({ penalty: 5, dice: 4 }, { type: "ignore" });
    const r = run(raw, { attack: 25 });
    const { decl, answers } = hm3.parseResolveInput(raw);
    expect(runExchange(hm3, decl, answers, replayDice(r.rolls)).result).toEqual(r);
  });

  it("input errors name the field", () => {
    const off = tangle({ penalty: 0, dice: 4 });
    off.options = {};
    expect(error(() => hm3.parseResolveInput(off)).field).toBe("attack.tangle");
    expect(error(() => hm3.parseResolveInput(tangle({ penalty: 20, dice: 4 }))).field).toBe(
      "attack.tangle.penalty",
    );
    expect(error(() => hm3.parseResolveInput(tangle({ penalty: 0, dice: 6 }))).field).toBe(
      "attack.tangle.dice",
    );
    const tangledOff = input([], { defender: { ...FIGHTER, tangled: 5 } });
    expect(error(() => hm3.parseResolveInput(tangledOff)).field).toBe("defender.tangled");
  });
});

describe("the card line", () => {
  it("names the tangled defender and the penalty, or the failed tangle", () => {
    const ok = run(tangle({ penalty: 0, dice: 4 }, { type: "ignore" }), {
      attack: 25,
      tangle: [2, 2, 2, 2],
    });
    const names = { attacker: "A", defender: "D" };
    expect(pairedCardLines(ok, names, true, false).map((l) => l.text)).toEqual([
      { i18n: PAIRED_CARD_KEY.tangled, data: { name: "D", penalty: 8, dice: 4 } },
    ]);
    const no = run(tangle({ penalty: 0, dice: 4 }), { attack: 27, defence: 27 });
    expect(pairedCardLines(no, names, true, false)[0]!.text.i18n).toBe(
      PAIRED_CARD_KEY.tangleFailed,
    );
  });
});
