/**
 * `completeDeclarationRolls` (src/core/flow.ts, issue 15): the dice a ruleset rolls at
 * declaration (GURPS Man to Man rolls attack, critical hit and damage in `start`), made whole on
 * the GM's client. A test ruleset rolls one die of the attacker's, one of the defender's and one
 * the GM's client rolls (`rollSide` null), and a second attacker's die only when the first is a 6.
 */
import { describe, expect, it } from "vitest";
import type { RollRecord } from "../../src/core/dice";
import { InputError } from "../../src/core/errors";
import { completeDeclarationRolls, declareExchange } from "../../src/core/flow";
import type { ExchangeRecord, Ruleset } from "../../src/core/ruleset";
import { hm3 } from "../../src/rules/hm3";

interface State {
  rolled: Record<string, number>;
}

const SIDES: Record<string, "attacker" | "defender" | null> = {
  attack: "attacker",
  critical: "attacker",
  dodge: "defender",
  weather: null,
};

const declaring: Ruleset<{ n: number }, never, State, ExchangeRecord> = {
  id: "m2m",
  bodyPlan: hm3.bodyPlan,
  parseDeclaration(raw) {
    const n = (raw as { n?: unknown } | null)?.n;
    if (typeof n !== "number") throw new InputError("n", n, "expected a number");
    return { n };
  },
  parseResolveInput() {
    throw new Error("unused");
  },
  parseChoice() {
    throw new Error("unused");
  },
  start(_decl, dice) {
    const rolled: Record<string, number> = {};
    for (const name of ["attack", "dodge", "weather"]) rolled[name] = dice.roll(name, 1, 6)[0]!;
    if (rolled.attack === 6) rolled.critical = dice.roll("critical", 1, 6)[0]!;
    return { rolled };
  },
  pending: () => null,
  choose() {
    throw new Error("unused");
  },
  result: () => ({ ruleset: "m2m", rolls: [], choices: [], effects: [] }),
  rollSide: (name) => SIDES[name] ?? null,
};

const d6 = (name: string, v: number): RollRecord => ({
  name,
  count: 1,
  sides: 6,
  values: [v],
  total: v,
});

/** The GM's Foundry Roll, stood in: each roll asked for comes out as `faces[name]`. */
function gmRoll(faces: Record<string, number>) {
  const asked: string[] = [];
  const roll = (name: string, count: number) => {
    asked.push(name);
    return Promise.resolve(new Array<number>(count).fill(faces[name] ?? 1));
  };
  return { asked, roll };
}

const values = (rolls: RollRecord[]) => Object.fromEntries(rolls.map((r) => [r.name, r.values[0]]));

describe("completeDeclarationRolls (issue 15)", () => {
  const forged = [d6("attack", 3), d6("dodge", 1), d6("weather", 6)];

  it("a player's card: the attacker's own die is kept, the defender's and the GM's are rolled on the GM's client", async () => {
    // Without it the attacker's client chooses the defender's dodge die (1) and the weather (6).
    expect(values(declareExchange(declaring, input(forged)).rolls)).toMatchObject({ dodge: 1 });
    const gm = gmRoll({ dodge: 4, weather: 2 });
    const rolls = await completeDeclarationRolls(declaring, { n: 1 }, forged, false, gm.roll);
    expect(values(rolls)).toEqual({ attack: 3, dodge: 4, weather: 2 });
    expect(gm.asked).toEqual(["dodge", "weather"]);
    expect(values(declareExchange(declaring, input(rolls)).rolls)).toEqual(values(rolls));
  });

  it("with gmRollsAll none of the player's dice is kept; a die the GM's rolls call for is rolled too", async () => {
    const gm = gmRoll({ attack: 6, critical: 5, dodge: 4, weather: 2 });
    const rolls = await completeDeclarationRolls(declaring, { n: 1 }, forged, false, gm.roll, {
      gmRollsAll: true,
    });
    expect(values(rolls)).toEqual({ attack: 6, dodge: 4, weather: 2, critical: 5 });
    expect(gm.asked).toEqual(["attack", "dodge", "weather", "critical"]);
  });

  it("an attacker's die the exchange does not need is dropped", async () => {
    const gm = gmRoll({});
    const extra = [...forged, d6("critical", 6)];
    const rolls = await completeDeclarationRolls(declaring, { n: 1 }, extra, false, gm.roll);
    expect(rolls.map((r) => r.name)).toEqual(["attack", "dodge", "weather"]);
  });

  it("a GM declarer's dice are kept as sent; nothing is rolled", async () => {
    const gm = gmRoll({});
    expect(await completeDeclarationRolls(declaring, { n: 1 }, forged, true, gm.roll)).toEqual(
      forged,
    );
    expect(gm.asked).toEqual([]);
  });

  it("a malformed roll or declaration is left for declareExchange to refuse; nothing is rolled", async () => {
    const gm = gmRoll({});
    const bad = [{ ...d6("attack", 3), total: 9 }];
    expect(await completeDeclarationRolls(declaring, { n: 1 }, bad, false, gm.roll)).toEqual(bad);
    expect(await completeDeclarationRolls(declaring, { n: "x" }, forged, false, gm.roll)).toEqual([
      d6("attack", 3),
    ]);
    expect(gm.asked).toEqual([]);
  });
});

function input(rolls: RollRecord[]) {
  const p = (name: string) => ({ actorUuid: null, tokenUuid: null, name });
  return { attacker: p("A"), defender: p("D"), declaration: { n: 1 }, context: {}, rolls };
}
