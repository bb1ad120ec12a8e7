/**
 * The workbench's zone-die exchange (src/workbench/rulesets/hmzd-exchange.ts, hmzd-odds.ts), in
 * Node: the exchange the page plays through the Foundry flow ruleset has `cli resolve`'s result
 * (the engine's `runExchange` on the same input and dice) for every pair of sample fighters and
 * every defence; the card replays to that result; the winner's spending and Precision pick are
 * the user's answers (a spend beyond the TAs refused, naming the field); fixed rolls give the
 * seed's worked example (hmzd.md §9); the odds panel shows the engine's odds; a duel side carries
 * the page's edits.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice, type RollScript } from "../../src/core/dice";
import { InputError } from "../../src/core/errors";
import { replayExchange } from "../../src/core/flow";
import { runExchange } from "../../src/core/ruleset";
import { hmzd } from "../../src/rules/hmzd";
import { oddsInput } from "../../src/rules/hmzd/odds";
import { defencesFor } from "../../src/rules/hmzd/parse";
import { runHmzdDuels } from "../../src/sim/hmzd-duel";
import {
  answer,
  beginExchange,
  cardOf,
  exchangeDice,
  exchangeOf,
  finishWithDefaults,
  lastPlacement,
  modesOf,
  pendingOf,
  readRolls,
  resolveInput,
  resultOf,
  rollsOf,
  strikeOf,
  duelSideOf,
  ZD_FLOW,
  ZD_SAMPLES,
  type ZdExchange,
} from "../../src/workbench/rulesets/hmzd-exchange";
import { zdOdds, zdOddsPanel } from "../../src/workbench/rulesets/hmzd-odds";

/** `cli resolve` on the page's input with the same dice. */
function cliResolve(
  x: ZdExchange,
  seed: number,
  extra: Record<string, unknown> = {},
  rolls: RollScript = {},
) {
  const input = { ...resolveInput(x), ...extra };
  delete input.ruleset;
  const { decl, answers } = hmzd.parseResolveInput(input);
  const dice = new ScriptedDice(rolls, new SeededDice(seed));
  return runExchange(hmzd, decl, answers, dice).result;
}

const knight = ZD_SAMPLES.findIndex((s) => s.id === "sir-aldric-knight");
const brigand = ZD_SAMPLES.findIndex((s) => s.name === "Brigand");

describe("the workbench's zone-die exchange", () => {
  it("offers every sample fighter with a melee weapon mode", () => {
    expect(ZD_SAMPLES.length).toBeGreaterThanOrEqual(4);
    for (const s of ZD_SAMPLES) expect(s.character.weapons.length).toBeGreaterThan(0);
  });

  it("blocks at the block EML and attacks at the attack EML (Z41)", () => {
    const x = exchangeOf(ZD_SAMPLES[brigand]!, ZD_SAMPLES[knight]!);
    // Knight shield: Shield 66 + defence 20 − PP 5 × 5; broadsword: Sword 72 + attack 15 − 25.
    expect(x.defence).toMatchObject({ type: "block", eml: 61, shield: true });
    expect(exchangeOf(ZD_SAMPLES[knight]!, ZD_SAMPLES[brigand]!).attack.eml).toBe(62);
    const sword = modesOf(ZD_SAMPLES[knight]!).find((m) => m.weapon === "Broadsword")!;
    expect([sword.eml, sword.block]).toEqual([62, 57]);
  });

  it("gives cli resolve's result for every pair and defence, with the default answers", () => {
    let checked = 0;
    let struck = 0;
    ZD_SAMPLES.forEach((a, i) =>
      ZD_SAMPLES.forEach((b, j) => {
        for (const type of defencesFor("melee")) {
          const x = exchangeOf(a, b);
          x.defence.type = type;
          if (type === "dodge") x.defence.eml = b.character.dodge?.value ?? 30;
          const seed = 100 * i + 10 * j + type.length;
          const play = finishWithDefaults(beginExchange(x, new SeededDice(seed)));
          const result = resultOf(play)!;
          expect(result).toEqual(cliResolve(x, seed));
          // The card Foundry would store replays to the same result.
          expect(replayExchange(ZD_FLOW, cardOf(play)).result).toEqual(result);
          checked++;
          if (result.strike) struck++;
        }
      }),
    );
    // Z33: a zone die larger than the victim's plan rolls as many sides as it has zones, so
    // every pair plays (the militia spear's d8 against the six-zone dog included).
    expect(checked).toBe(ZD_SAMPLES.length ** 2 * 4);
    expect(struck).toBeGreaterThan(0);
  });

  it("shoots every missile at every band, aimed and not, as cli resolve does (Z4)", () => {
    let shots = 0;
    ZD_SAMPLES.forEach((a) =>
      modesOf(a)
        .filter((m) => m.missile)
        .forEach((m, k) =>
          ZD_SAMPLES.forEach((b, j) => {
            for (const aimed of [false, true]) {
              const x = exchangeOf(a, b);
              x.attack = { ...strikeOf(m), aimed, placement: aimed ? lastPlacement(6, b.plan) : 1 };
              x.defence.type = "dodge";
              x.defence.eml = b.character.dodge?.value ?? 30;
              const seed = 1000 + 10 * k + j + (aimed ? 500 : 0);
              const play = finishWithDefaults(beginExchange(x, new SeededDice(seed)));
              expect(resultOf(play)).toEqual(cliResolve(x, seed));
              if (resultOf(play)!.strike) {
                const value = resultOf(play)!.strike!.zoneValue;
                if (aimed) expect(value).toBeGreaterThanOrEqual(lastPlacement(6, b.plan));
              }
              shots++;
            }
            // No counterstrike against a missile (Z4): refused, naming the field.
            const x = exchangeOf(a, b);
            x.attack = strikeOf(m);
            x.defence.type = "counterstrike";
            expect(() => beginExchange(x, new SeededDice(1))).toThrow(/defence\.type/);
          }),
        ),
    );
    expect(shots).toBeGreaterThan(0);
  });

  it("plays the seed's worked example from fixed rolls (hmzd.md §9)", () => {
    const x = exchangeOf(ZD_SAMPLES[knight]!, ZD_SAMPLES[brigand]!);
    x.attack.eml = 70;
    x.defence.eml = 65;
    const rolls = { attack: 34, defence: 67, zone: 3, location: 2, impact: 9, shock: 100 };
    const play = beginExchange(x, exchangeDice(1, rolls));
    expect(pendingOf(play)).toBeNull();
    const r = resultOf(play)!;
    expect([r.attack.level, r.defence!.level, r.stars, r.victor]).toEqual([
      "S",
      "F",
      1,
      "attacker",
    ]);
    expect(r.strike!.location).toBe("left-shoulder");
    expect(r.strike!.impactRoll).toBe(9);
    expect(r.strike!.shock!.roll).toBe(100);
    const card = cardOf(play);
    expect(card.state).toBe("resolved");
    expect(rollsOf(card)).toMatchObject(rolls);
  });

  it("asks the winner to spend, then to pick; the answers are the user's", () => {
    const x = exchangeOf(ZD_SAMPLES[knight]!, ZD_SAMPLES[brigand]!);
    const rolls = { attack: 5, defence: 100, zone: 3, "zone.1": 1, location: 2 };
    let play = beginExchange(x, exchangeDice(7, rolls));
    expect(pendingOf(play)?.kind).toBe("spendStars");
    const waiting = cardOf(play);
    expect([waiting.state, waiting.result]).toEqual(["awaitingDefence", null]);
    expect(() => answer(play, { impact: 3 })).toThrow(InputError);
    try {
      answer(play, { impact: 3 });
    } catch (e) {
      expect((e as InputError).field).toBe("spend.impact");
    }
    play = answer(play, { impact: 1, precision: 1 });
    expect(pendingOf(play)?.kind).toBe("pickZone");
    expect((pendingOf(play)!.data as { zoneRolls: number[] }).zoneRolls).toEqual([3, 1]);
    play = answer(play, 1);
    const r = resultOf(play)!;
    expect(r.spent).toEqual({ impact: 1, precision: 1, action: 0, setup: 0 });
    expect(r.strike!.zonePick).toBe(1);
    expect(r.strike!.zoneValue).toBe(1);
    expect(r).toEqual(cliResolve(x, 7, { spend: { impact: 1, precision: 1 }, pick: 1 }, rolls));
    const replayed = replayExchange(ZD_FLOW, cardOf(play)).result;
    expect(replayed).toEqual(r);
  });

  it("replays an exchange from its rolls with the same answers", () => {
    const x = exchangeOf(ZD_SAMPLES[0]!, ZD_SAMPLES[1]!);
    const first = finishWithDefaults(beginExchange(x, exchangeDice(42)));
    const rolls = rollsOf(cardOf(first));
    const again = finishWithDefaults(beginExchange(x, exchangeDice(999, rolls)));
    expect(resultOf(again)).toEqual(resultOf(first));
  });

  it("refuses bad fixed rolls, naming the field", () => {
    expect(readRolls("  ")).toEqual({});
    expect(readRolls('{"attack": 5, "zone": [2]}')).toEqual({ attack: 5, zone: [2] });
    const field = (text: string) => {
      try {
        readRolls(text);
      } catch (e) {
        return (e as InputError).field;
      }
      return null;
    };
    expect(field("attack 5")).toBe("rolls");
    expect(field("[1]")).toBe("rolls");
    expect(field('{"attack": 0}')).toBe("rolls.attack");
    expect(field('{"zone": 1.5}')).toBe("rolls.zone");
  });

  it("shows cli odds' figures for the page's exchange", () => {
    const x = exchangeOf(ZD_SAMPLES[knight]!, ZD_SAMPLES[brigand]!);
    const odds = zdOdds(x);
    expect(odds).toEqual(oddsInput(resolveInput(x)).odds);
    const html = zdOddsPanel(odds, x);
    const p = odds.outcome["attacker 1"]!;
    expect(p).toBeGreaterThan(0);
    expect(html).toContain(
      `data-odds="attacker 1"><th scope="row">Sir Aldric, knight wins, 1 stars</th><td>${(100 * p).toFixed(2)}%`,
    );
    expect(html).toContain('id="wb-odds-injury-defender"');
    expect(html).not.toContain("BLOWBYBLOW.");
  });

  it("duels the fighters as edited", () => {
    const a = ZD_SAMPLES[knight]!;
    const b = ZD_SAMPLES[brigand]!;
    const x = exchangeOf(a, b);
    x.attacker.str = 20;
    x.defender.state = "STN";
    const side = duelSideOf(a, x.attacker);
    expect(side.fighter.combatant.str).toBe(20);
    expect(duelSideOf(b, x.defender).state).toBe("STN");
    const stats = runHmzdDuels(side, duelSideOf(b, x.defender), 20, 3);
    expect(stats.n).toBe(20);
    expect(stats.wins.a + stats.wins.b + stats.wins.none).toBe(20);
  });
});
