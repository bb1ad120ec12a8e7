/**
 * Duels (src/sim/duel.ts, docs/duel.md, ruling R39) between the sample fighters of the HM3
 * pack: deterministic for a seed, ending with a loser out of the fight (or undecided), every
 * exchange a resolved card that replays to its result, injuries carried into the next
 * exchange's declaration, turns as R39 orders them, policies honoured, counts that add up, and
 * a well-formed SVG plot with escaped names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../src/core/dice";
import { replayExchange } from "../../src/core/flow";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { hm3, hm3Combat } from "../../src/rules/hm3";
import {
  createDuel,
  duelPlotSvg,
  runDuel,
  runDuels,
  type ActorSource,
  type DuelExchange,
  type DuelResult,
  type DuelStats,
  type SideKey,
} from "../../src/sim/duel";
import { allElements, parseXml } from "./xml";

const DIR = "packs/_source/hm3-sample-fighters";
const load = (f: string): ActorSource =>
  JSON.parse(readFileSync(join(DIR, `${f}.json`), "utf8")) as ActorSource;
const knight = { actor: load("sir-aldric-knight") };
const brigand = { actor: load("brigand") };
const dog = { actor: load("war-dog") };
const manAtArms = { actor: load("man-at-arms") };
const spearman = { actor: load("militia-spearman") };
const EVIL = "<img src=x onerror=alert(1)>";
const OTHER: Record<SideKey, SideKey> = { a: "b", b: "a" };
const incapacitating = (c: string) => (hm3Combat.incapacitating as readonly string[]).includes(c);

type Effect = { type: string; to: string; condition?: string; level?: number; location?: string };
const effectsOf = (e: DuelExchange) => (e.card.result as { effects: Effect[] }).effects;
/** The duel side an effect of exchange `e` lands on. */
const sideOf = (e: DuelExchange, fx: Effect): SideKey =>
  fx.to === "attacker" ? e.attacker : OTHER[e.attacker];

describe("one duel", () => {
  it("is the same for the same seed (result and fighters), another seed gives another duel", () => {
    const results: DuelResult[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const one = createDuel(knight, brigand);
      const two = createDuel(knight, brigand);
      const d1 = new SeededDice(seed);
      const d2 = new SeededDice(seed);
      while (!one.done) one.next(d1);
      while (!two.done) two.next(d2);
      expect(two.result()).toEqual(one.result());
      expect(two.sides).toEqual(one.sides);
      results.push(one.result());
    }
    expect(new Set(results.map((r) => JSON.stringify(r.injuries))).size).toBeGreaterThan(1);
  });

  it("ends with the loser out of the fight (the ruleset's incapacitating conditions), or undecided", () => {
    const ends = new Set<string>();
    for (const [a, b] of [
      [knight, brigand],
      [manAtArms, spearman],
    ] as const) {
      for (let seed = 1; seed <= 16; seed++) {
        const duel = createDuel(a, b);
        const dice = new SeededDice(seed);
        while (!duel.done) duel.next(dice);
        const r = duel.result();
        ends.add(r.end);
        const out = (k: SideKey) => duel.sides[k].conditions.filter(incapacitating);
        if (r.winner) {
          const loser = OTHER[r.winner];
          expect(out(loser).length).toBeGreaterThan(0);
          expect(out(r.winner)).toEqual([]);
          expect(r.end).toBe(out(loser).includes("dead") ? "dead" : "incapacitated");
          // The last exchange put the loser out.
          const last = r.exchanges.at(-1)!;
          expect(
            effectsOf(last).some(
              (fx) =>
                fx.type === "condition" &&
                incapacitating(fx.condition!) &&
                sideOf(last, fx) === loser,
            ),
          ).toBe(true);
        } else if (r.end === "both") {
          expect(out("a").length && out("b").length).toBeGreaterThan(0);
        } else {
          expect(r.end).toBe("maxRounds");
          expect(r.rounds).toBe(100);
        }
      }
    }
    // Both kinds of decision happen among these seeds (docs/duel.md).
    expect(ends).toContain("incapacitated");
    expect(ends).toContain("dead");
  });

  it("every exchange is a resolved card whose declaration, choices and dice replay to its result", () => {
    for (const [a, b, seed] of [
      [knight, dog, 11],
      [knight, brigand, 41],
      [manAtArms, spearman, 6],
    ] as const) {
      const r = runDuel(a, b, new SeededDice(seed));
      expect(r.exchanges.length).toBeGreaterThan(0);
      for (const { card } of r.exchanges) {
        expect(card.state).toBe("resolved");
        expect(replayExchange(hm3, card).result).toEqual(card.result);
        expect(card.rolls.map((x) => x.name)).toContain("attack");
      }
    }
  });

  it("injuries stay with the victim: its UP and PP rise, and its next exchange is declared with the higher penalty", () => {
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const r = runDuel(knight, brigand, new SeededDice(seed));
      const levels: Record<SideKey, number> = { a: 0, b: 0 };
      const base: Partial<Record<SideKey, { up: number; pp: number }>> = {};
      let injuredIn: Partial<Record<SideKey, number>> = {};
      r.exchanges.forEach((e, i) => {
        const decl = e.card.declaration as Record<string, { up: number; pp: number }> & {
          attack: { eml: { modifiers: { key: string; value: number }[] } };
        };
        for (const side of ["a", "b"] as const) {
          const fig = side === e.attacker ? decl.attacker! : decl.defender!;
          base[side] ??= fig;
          // HM3: UP is the sum of injury levels; PP = UP + encumbrance (character.ts).
          expect(fig.up).toBe(base[side]!.up + levels[side]);
          expect(fig.pp).toBe(base[side]!.pp + levels[side]);
          if (injuredIn[side] === i - 1 && side === e.attacker) {
            // The attack EML carries the new penalty: 5 per PP point (seed 003 line 177).
            const penalty = decl.attack.eml.modifiers.find((m) => m.key === "physicalPenalty");
            expect(penalty?.value).toBe(-5 * fig.pp);
            expect(fig.pp).toBeGreaterThan(base[side]!.pp);
            checked++;
          }
        }
        injuredIn = {};
        for (const fx of effectsOf(e))
          if (fx.type === "injury") {
            levels[sideOf(e, fx)] += fx.level!;
            injuredIn[sideOf(e, fx)] = i;
          }
      });
    }
    // Some fighter attacked right after taking an injury among these seeds.
    expect(checked).toBeGreaterThan(0);
  });

  it("injury items land on the victim's copy, the fighters given are not changed", () => {
    const before = JSON.stringify(brigand.actor);
    const duel = createDuel(knight, brigand);
    const dice = new SeededDice(5);
    const up0 = (fighterFromSource(duel.sides.b.actor).derived as { up: number }).up;
    while (!duel.done) duel.next(dice);
    const onB = duel.result().injuries.filter((i) => i.side === "b");
    const items = duel.sides.b.actor.items.filter((i) => i.type === "injury");
    expect(items.map((i) => [(i.system.hm3 as { location: string }).location, i.name])).toEqual(
      onB.map((i) => [i.location, `${i.severity}${i.level} ${i.location}`]),
    );
    expect(onB.length).toBeGreaterThan(0);
    const up = (fighterFromSource(duel.sides.b.actor).derived as { up: number }).up;
    expect(up).toBe(up0 + onB.reduce((t, i) => t + i.level, 0));
    expect(JSON.stringify(brigand.actor)).toBe(before);
  });

  it("a dead fighter does not attack: the duel ends with the killing exchange", () => {
    let deaths = 0;
    for (const seed of [41, 52, 92]) {
      const duel = createDuel(knight, brigand);
      const dice = new SeededDice(seed);
      while (!duel.done) duel.next(dice);
      const r = duel.result();
      expect(r.end).toBe("dead");
      const killed = r.exchanges.findIndex((e) =>
        effectsOf(e).some((fx) => fx.type === "condition" && fx.condition === "dead"),
      );
      expect(killed).toBe(r.exchanges.length - 1);
      expect(duel.sides[OTHER[r.winner!]].conditions).toContain("dead");
      expect(duel.next(dice)).toBeNull();
      expect(duel.attack(OTHER[r.winner!], dice)).toBeNull();
      expect(duel.result().exchanges).toHaveLength(r.exchanges.length);
      deaths++;
    }
    expect(deaths).toBe(3);
    // A fighter already dead never attacks: the duel is over before it starts.
    const duel = createDuel(knight, { ...brigand, conditions: ["dead"] });
    expect(duel.done).toBe(true);
    expect(duel.next(new SeededDice(1))).toBeNull();
    expect(duel.attack("b", new SeededDice(1))).toBeNull();
    expect(duel.result()).toEqual({
      winner: "a",
      rounds: 1,
      end: "dead",
      injuries: [],
      exchanges: [],
    });
  });

  it("turns as R39 orders them: Initiative EML first, alternate, a tactical advantage's extra attack at once, one per turn", () => {
    const ini = (x: { actor: ActorSource }) => hm3Combat.initiative(fighterFromSource(x.actor));
    let advantages = 0;
    for (const [a, b] of [
      [knight, brigand],
      [knight, dog],
      [manAtArms, spearman],
    ] as const) {
      const first: SideKey = ini(b) > ini(a) ? "b" : "a";
      for (let seed = 1; seed <= 10; seed++) {
        const r = runDuel(a, b, new SeededDice(seed));
        // Replay the order: turns alternate from `first`; a fighter who was prone or disarmed
        // at its turn spends it; an advantage won in a turn's regular exchange gives one at once.
        let turn = 0;
        let i = 0;
        const down: Record<SideKey, boolean> = { a: false, b: false };
        const mark = (e: DuelExchange) => {
          for (const fx of effectsOf(e))
            if (
              fx.type === "condition" &&
              (fx.condition === "prone" || fx.condition === "disarmed")
            )
              down[sideOf(e, fx)] = true;
        };
        while (i < r.exchanges.length) {
          const by: SideKey = turn % 2 === 0 ? first : OTHER[first];
          const round = Math.floor(turn / 2) + 1;
          turn++;
          if (down[by]) {
            down[by] = false;
            continue;
          }
          const e = r.exchanges[i++]!;
          expect([e.attacker, e.round]).toEqual([by, round]);
          mark(e);
          const ta = effectsOf(e).find((fx) => fx.type === "tacticalAdvantage");
          if (ta && down[sideOf(e, ta)]) {
            // A fighter down or disarmed spends its advantage recovering.
            down[sideOf(e, ta)] = false;
          } else if (ta && i < r.exchanges.length) {
            const extra = r.exchanges[i++]!;
            expect([extra.attacker, extra.round]).toEqual([sideOf(e, ta), round]);
            mark(extra);
            advantages++;
          }
        }
      }
    }
    expect(advantages).toBeGreaterThan(0);
  });

  it("a prone fighter spends its turn getting up, and is attacked as prone until then", () => {
    const request = (e: DuelExchange) =>
      (e.card.context as { request: { situation: { defenderProne: boolean } } }).request;
    // The brigand has the higher Initiative EML: his turn comes first.
    const ini = (x: { actor: ActorSource }) => hm3Combat.initiative(fighterFromSource(x.actor));
    expect(ini(brigand)).toBeGreaterThan(ini(knight));
    // The brigand prone: his turn goes to getting up; the knight attacks him standing.
    const up = createDuel(knight, { ...brigand, conditions: ["prone"] });
    expect(up.sides.b.conditions).toEqual(["prone"]);
    const dice = new SeededDice(3);
    // His turn is a step of its own: a recovery, no exchange, no dice.
    expect(up.next(dice)).toEqual({
      kind: "recovery",
      round: 1,
      side: "b",
      conditions: ["prone"],
      items: [],
    });
    expect(up.sides.b.conditions).toEqual([]);
    const first = up.next(dice) as DuelExchange;
    expect([first.kind, first.attacker, first.round]).toEqual(["exchange", "a", 1]);
    expect(request(first).situation.defenderProne).toBe(false);
    // The knight prone: the brigand attacks him prone before his turn comes.
    const down = createDuel({ ...knight, conditions: ["prone"] }, brigand);
    const hit = down.next(new SeededDice(3)) as DuelExchange;
    expect([hit.attacker, hit.round]).toEqual(["b", 1]);
    expect(request(hit).situation.defenderProne).toBe(true);
  });

  it("a disarmed fighter drops the item it used: it neither strikes nor blocks with it until its turn picks it up", () => {
    type Request = { itemId: string | null };
    let drops = 0;
    let recoveries = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const duel = createDuel(knight, brigand);
      const dice = new SeededDice(seed);
      const dropped: Record<SideKey, string[]> = { a: [], b: [] };
      const equipped = (side: SideKey, id: string) =>
        (duel.sides[side].actor.items.find((i) => i._id === id)!.system as { equipped: boolean })
          .equipped;
      for (let turn = duel.next(dice); turn; turn = duel.next(dice)) {
        if (turn.kind === "recovery") {
          // The recovery names what it picked up, and the item is in hand again.
          const names = dropped[turn.side].map(
            (id) => duel.sides[turn.side].actor.items.find((i) => i._id === id)!.name,
          );
          expect(turn.items).toEqual(names);
          for (const id of dropped[turn.side]) expect(equipped(turn.side, id)).toBe(true);
          expect(duel.sides[turn.side].conditions).not.toContain("disarmed");
          if (names.length) recoveries++;
          dropped[turn.side] = [];
          continue;
        }
        const by = turn.attacker;
        const used: Record<SideKey, (string | null)[]> = { a: [], b: [] };
        used[by].push((turn.card.context as { request: Request }).request.itemId);
        for (const c of turn.card.choices)
          used[c.by === "attacker" ? by : OTHER[by]].push((c.request as Request).itemId);
        // No item dropped earlier is used in this exchange.
        for (const side of ["a", "b"] as const)
          for (const id of dropped[side]) expect(used[side]).not.toContain(id);
        for (const fx of effectsOf(turn))
          if (fx.type === "condition" && fx.condition === "disarmed") {
            const side = sideOf(turn, fx);
            const item = used[side].filter((x): x is string => x !== null).at(-1);
            if (!item || dropped[side].includes(item)) continue;
            expect(equipped(side, item)).toBe(false);
            dropped[side].push(item);
            drops++;
          }
      }
    }
    expect(drops).toBeGreaterThan(3);
    expect(recoveries).toBeGreaterThan(3);
    // The fighters given are unchanged: their weapons stay equipped.
    expect(
      knight.actor.items.filter((i) => (i.system as { equipped?: boolean }).equipped).length,
    ).toBeGreaterThan(0);
  });

  it("follows each side's policy: item, aspect, aim, defence", () => {
    const shield = "7wb0THYEHIpMwaIZ";
    const policyKnight = {
      ...knight,
      policy: { itemId: shield, mode: "point", aim: "high" as const, defence: "dodge" },
    };
    const r = runDuel(policyKnight, brigand, new SeededDice(2));
    let attacks = 0;
    let defences = 0;
    for (const e of r.exchanges) {
      const request = (e.card.context as { request: { itemId: string; mode: string; aim: string } })
        .request;
      if (e.attacker === "a") {
        expect([request.itemId, request.mode, request.aim]).toEqual([shield, "point", "high"]);
        attacks++;
      } else {
        for (const c of e.card.choices.filter((x) => x.by === "defender")) {
          expect((c.request as { optionId: string }).optionId).toBe("dodge");
          defences++;
        }
      }
    }
    expect(attacks).toBeGreaterThan(0);
    expect(defences).toBeGreaterThan(0);
    // Without a policy the knight fights with the sword, mid, and picks his best defence.
    const plain = runDuel(knight, brigand, new SeededDice(2));
    const att = plain.exchanges.find((e) => e.attacker === "a")!;
    expect(
      (att.card.context as { request: { itemId: string; aim: string } }).request,
    ).toMatchObject({ itemId: "bCKbq4VOzCTjaSxL", aim: "mid" });
  });

  it("refuses a policy the fighter cannot follow, naming the side and field", () => {
    expect(() => createDuel({ ...knight, policy: { itemId: "nope" } }, brigand)).toThrow(
      /^a\.policy\.itemId: expected the id of one of Sir Aldric, knight's weapons/,
    );
    expect(() =>
      createDuel(knight, { ...brigand, policy: { itemId: "sSZ8ZsIp075gPeve", mode: "edge" } }),
    ).toThrow(/^b\.policy\.mode: expected one of blunt, point, got "edge"/);
    expect(() =>
      createDuel(knight, { ...brigand, policy: { aim: "left" as unknown as "high" } }),
    ).toThrow(/^b\.policy\.aim/);
    expect(() => createDuel(knight, { ...brigand, policy: { defence: "flee" } })).toThrow(
      /^b\.policy\.defence: expected one of best, block, counterstrike, dodge, ignore/,
    );
    expect(() => createDuel(knight, brigand, { maxRounds: 0 })).toThrow(/^maxRounds/);
  });

  it("ends undecided after maxRounds rounds, winner null", () => {
    let undecided = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const r = runDuel(knight, brigand, new SeededDice(seed), { maxRounds: 1 });
      expect(r.rounds).toBe(1);
      expect(r.exchanges.every((e) => e.round === 1)).toBe(true);
      if (r.end === "maxRounds") {
        expect(r.winner).toBeNull();
        undecided++;
      }
    }
    expect(undecided).toBeGreaterThan(0);
  });
});

describe("many duels", () => {
  it("counts add up: wins to n, histogram to n, injuries to those of the duels one by one", () => {
    const n = 40;
    const stats = runDuels(knight, brigand, n, 9);
    expect(stats.n).toBe(n);
    expect(stats.wins.a + stats.wins.b + stats.wins.none).toBe(n);
    expect(Object.values(stats.rounds.histogram).reduce((t, c) => t + c, 0)).toBe(n);
    // The same stream, duel by duel.
    const dice = new SeededDice(9);
    const wins = { a: 0, b: 0, none: 0 };
    const injuries: DuelStats["injuries"] = { a: {}, b: {} };
    let rounds = 0;
    for (let i = 0; i < n; i++) {
      const r = runDuel(knight, brigand, dice, { keepExchanges: false });
      expect(r.exchanges).toEqual([]);
      wins[r.winner ?? "none"]++;
      rounds += r.rounds;
      for (const inj of r.injuries) {
        const byLoc = (injuries[inj.side][inj.location] ??= {});
        byLoc[inj.severity] = (byLoc[inj.severity] ?? 0) + 1;
      }
    }
    expect(stats.wins).toEqual(wins);
    expect(stats.injuries).toEqual(injuries);
    expect(Object.keys(injuries.a).length).toBeGreaterThan(0);
    expect(Object.keys(injuries.b).length).toBeGreaterThan(0);
    expect(stats.rounds.mean).toBeCloseTo(rounds / n, 10);
  });

  it("reports progress once per duel; refuses a bad n", () => {
    const calls: number[] = [];
    runDuels(knight, brigand, 5, 1, (done, n) => calls.push(done * 10 + n));
    expect(calls).toEqual([15, 25, 35, 45, 55]);
    expect(() => runDuels(knight, brigand, 1.5, 1)).toThrow(/^n: expected a whole number/);
  });
});

describe("the plot (SVG)", () => {
  const stats: DuelStats = {
    n: 10,
    wins: { a: 6, b: 3, none: 1 },
    rounds: { mean: 2, histogram: { 2: 10 } },
    injuries: {
      a: { "left-shoulder": { S: 1 } },
      b: { thorax: { M: 2, S: 1 }, "left-foreleg": { G: 1, K: 1 } },
    },
  };
  const bars = (svg: string) =>
    allElements(parseXml(svg))
      .filter((e) => e.name === "rect" && e.attrs.class === "bar")
      .map((e) => [
        e.attrs["data-side"],
        e.attrs["data-location"],
        e.attrs["data-severity"],
        Number(e.attrs["data-count"]),
      ]);
  /** The texts of the plot, top to bottom. */
  const texts = (svg: string) =>
    allElements(parseXml(svg))
      .filter((e) => e.name === "text")
      .map((e) => e.text);

  it("is well-formed XML, one bar per victim, location and severity struck, names escaped", () => {
    const a = `Sir ${EVIL}`;
    const b = `Brigand & "Co" <script>`;
    const svg = duelPlotSvg(stats, { a, b });
    const root = parseXml(svg);
    expect(root.name).toBe("svg");
    expect(root.attrs.xmlns).toBe("http://www.w3.org/2000/svg");
    const names = allElements(root).map((e) => e.name);
    expect(names).not.toContain("img");
    expect(names).not.toContain("script");
    // The names read back exactly as given (escaped once, not twice).
    const title = allElements(root).find((e) => e.name === "title")!;
    expect(title.text).toBe(
      `${a} vs ${b}: injuries taken by each fighter, by location and severity`,
    );
    expect(texts(svg)[0]).toBe(`${a} 60.0% · ${b} 30.0% · undecided 10.0% (10 duels)`);
    expect(bars(svg).sort()).toEqual(
      [
        ["a", "left-shoulder", "S", 1],
        ["b", "left-foreleg", "G", 1],
        ["b", "left-foreleg", "K", 1],
        ["b", "thorax", "M", 2],
        ["b", "thorax", "S", 1],
      ].sort(),
    );
  });

  it("says whose injuries each group of bars counts, and names locations as the sheets do", () => {
    // Without the fighters: the human plan's names (an id of no plan shows as itself, sided).
    const plain = texts(duelPlotSvg(stats, { a: "Sir Aldric", b: "Rex" }));
    const takenA = plain.indexOf("Injuries taken by Sir Aldric (1)");
    const takenB = plain.indexOf("Injuries taken by Rex (5)");
    expect(takenA).toBeGreaterThan(0);
    expect(takenB).toBeGreaterThan(takenA);
    // Each location label sits under its victim's heading, most struck first.
    expect(plain.slice(takenA + 1, takenB).filter((t) => /[A-Za-z]/.test(t))).toEqual([
      "Left Shoulder",
    ]);
    expect(plain.slice(takenB + 1).filter((t) => /[A-Za-z]/.test(t))).toEqual([
      "Thorax",
      "Left foreleg",
    ]);
    // With the fighters: the war dog's own plan names its locations.
    const named = texts(
      duelPlotSvg(
        stats,
        { a: "Sir Aldric", b: "Rex" },
        { actors: { a: knight.actor, b: dog.actor } },
      ),
    );
    expect(named).toContain("Left Foreleg");
    expect(named).toContain("Left Shoulder");
    // No location id is shown as a label.
    expect(named.some((t) => /^[a-z]+-[a-z]+$/.test(t))).toBe(false);
    // A fighter with no injury gets its heading and "none".
    const none = texts(
      duelPlotSvg({ ...stats, injuries: { a: {}, b: stats.injuries.b } }, { a: "A", b: "B" }),
    );
    expect(none.slice(none.indexOf("Injuries taken by A (0)") + 1)[0]).toBe("none");
  });

  it("draws every victim × location × severity of a real run", () => {
    const real = runDuels(knight, brigand, 30, 3);
    const expected = (["a", "b"] as const)
      .flatMap((side) =>
        Object.entries(real.injuries[side]).flatMap(([loc, bySev]) =>
          Object.entries(bySev).map(([sev, c]) => [side, loc, sev, c]),
        ),
      )
      .sort();
    expect(new Set(expected.map((e) => e[0]))).toEqual(new Set(["a", "b"]));
    expect(bars(duelPlotSvg(real, { a: "A", b: "B" })).sort()).toEqual(expected);
  });

  it("the test's XML parser refuses what is not well-formed", () => {
    expect(() => parseXml("<svg><text>a < b</text></svg>")).toThrow(/not well-formed/);
    expect(() => parseXml("<svg><text>a & b</text></svg>")).toThrow(/not well-formed/);
    expect(() => parseXml('<svg x="<img>"/>')).toThrow(/not well-formed/);
    expect(() => parseXml("<svg><text></svg>")).toThrow(/not well-formed/);
    expect(() => parseXml("<svg></svg><svg/>")).toThrow(/not well-formed/);
  });
});
