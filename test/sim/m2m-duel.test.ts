/**
 * GURPS Man to Man duels (src/sim/m2m-duel.ts, docs/duel.md, ruling M97) between the m2m
 * sample fighters: seeded runs reproduce, every duel ends, the statistics are sane, and the turn
 * rules hold in the steps (readiness after an unbalanced weapon's attack, stun and consciousness
 * rolls, hit points as the exchanges leave them).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../src/core/dice";
import { checkActorFile } from "../../src/cli/actor-file";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { foundryRuleset } from "../../src/foundry/rulesets";
import {
  createM2mDuel,
  m2mDuelFighter,
  runM2mDuel,
  runM2mDuels,
  type M2mDuelFighter,
  type M2mDuelStep,
} from "../../src/sim/m2m-duel";

const DIR = "packs/_source/m2m-sample-fighters";
const load = (name: string): M2mDuelFighter => {
  const file = `${DIR}/${name}.json`;
  const actor = checkActorFile(JSON.parse(readFileSync(file, "utf8")), file);
  return m2mDuelFighter(fighterFromSource(actor, [], foundryRuleset("m2m")));
};
const friedrick = load("fiendish-friedrick");
const pierre = load("filthy-pierre");
const falcon = load("john-falcon");
const rogan = load("rogan-the-reaver");

describe("m2m duel fighters", () => {
  it("are derived from the actor: Friedrick's axe at skill 12 (−2 large shield), 1+4 cut, ready after 1 turn", () => {
    expect(friedrick).toMatchObject({ ht: 14, hp: 14, dodge: 5, block: 4, pd: 7, move: 5 });
    expect(friedrick.attacks[0]).toMatchObject({
      weapon: "Axe",
      mode: "axe:swing-cut",
      skill: 12,
      damage: { dice: 1, adds: 4 },
      type: "cut",
      readyAfter: 1,
    });
    // The axe is † (L4371): a parry unreadies it too.
    expect(friedrick.parries[0]).toMatchObject({ value: 6, readyAfter: 1 });
    expect(friedrick.dr.torso).toBe(4);
  });

  it("refuses a fighter with no hand weapon, naming items", () => {
    const file = `${DIR}/filthy-pierre.json`;
    const doc = JSON.parse(readFileSync(file, "utf8")) as { items: { type: string }[] };
    doc.items = doc.items.filter((i) => i.type !== "weapon");
    const snap = fighterFromSource(checkActorFile(doc, file), [], foundryRuleset("m2m"));
    expect(() => m2mDuelFighter(snap)).toThrow(/items.*no ready hand weapon/);
  });
});

describe("m2m duels", () => {
  it("reproduce with a seed, and another seed gives another run", () => {
    const one = runM2mDuels(friedrick, pierre, 60, 5);
    expect(runM2mDuels(friedrick, pierre, 60, 5)).toEqual(one);
    expect(runM2mDuels(friedrick, pierre, 60, 6)).not.toEqual(one);
    expect(one.wins.a + one.wins.b + one.wins.none).toBe(60);
  });

  it("are sane: Friedrick beats Filthy Pierre most of the time, and Pierre's wounds are major", () => {
    const stats = runM2mDuels(friedrick, pierre, 300, 1);
    expect(stats.wins.a / stats.n).toBeGreaterThan(0.85);
    const major = Object.values(stats.injuries.b).reduce((t, c) => t + (c.major ?? 0), 0);
    const wounds = Object.values(stats.injuries.b).reduce((t, c) => t + (c.wound ?? 0), 0);
    // 1+4 cut on a man of HT 10 is mostly over HT/2 (5): a major wound.
    expect(major).toBeGreaterThan(wounds);
    // And the other way round: the weaker fighter named first still loses.
    const back = runM2mDuels(pierre, friedrick, 300, 1);
    expect(back.wins.b / back.n).toBeGreaterThan(0.85);
  });

  it("every duel ends: decided, or undecided at the round limit", () => {
    const dice = new SeededDice(3);
    for (let i = 0; i < 100; i++) {
      const r = runM2mDuel(falcon, rogan, dice, { keepSteps: false });
      expect(r.rounds).toBeLessThanOrEqual(100);
      if (r.winner === null) expect(["maxRounds", "both"]).toContain(r.end);
      else expect(["dead", "incapacitated", "out"]).toContain(r.end);
      if (r.end === "maxRounds") expect(r.rounds).toBe(100);
    }
    const short = runM2mDuel(falcon, rogan, new SeededDice(1), { maxRounds: 1 });
    expect(short.rounds).toBe(1);
    if (short.winner === null) expect(short.end).toBe("maxRounds");
  });

  it("turns follow the rules: order by Move, the axe readied after each swing, HT rolls named", () => {
    const dice = new SeededDice(11);
    const steps: M2mDuelStep[] = [];
    // Friedrick (Move 5) goes before Pierre (Move 4): the first step of a duel is his.
    const first = runM2mDuel(friedrick, pierre, new SeededDice(2)).steps[0]!;
    expect(first.kind === "exchange" ? first.attacker : first.side).toBe("a");
    for (let i = 0; i < 40; i++) {
      const duel = runM2mDuel(friedrick, pierre, dice).steps;
      steps.push(...duel);
      // His axe needs a turn of readying after each swing: never two attacks in a row.
      let last: string | null = null;
      for (const s of duel) {
        const mine = s.kind === "exchange" ? s.attacker === "a" : s.side === "a";
        if (!mine) continue;
        const action = s.kind === "exchange" ? "attack" : s.action;
        if (action === "attack") expect(last).not.toBe("attack");
        last = action;
      }
    }
    for (const s of steps) {
      if (s.kind !== "turn") continue;
      for (const r of s.rolls) expect(["stunRecovery", "consciousness"]).toContain(r.name);
      // A lost stunned turn failed its HT roll.
      if (s.action === "stunned")
        expect(s.rolls.at(-1)).toMatchObject({ name: "stunRecovery", success: false });
    }
    expect(steps.some((s) => s.kind === "turn" && s.action === "ready")).toBe(true);
  });

  it("a fighter at 0 HP rolls HT at the start of each turn to stay conscious (L1874)", () => {
    // Pierre at 0 HP moves first (Friedrick's Move set to 0): over many seeds he sometimes
    // fails the roll (unconscious: he loses at once) and sometimes attacks.
    const ends = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const d = createM2mDuel({ ...pierre, hp: 0 }, { ...friedrick, move: 0 });
      const s = d.next(new SeededDice(seed))!;
      if (s.kind === "turn") {
        expect(s).toMatchObject({ side: "a", action: "unconscious" });
        expect(s.rolls).toEqual([
          expect.objectContaining({ name: "consciousness", success: false }),
        ]);
        expect(d.result()).toMatchObject({ winner: "b", end: "incapacitated" });
      } else expect(s.attacker).toBe("a");
      ends.add(s.kind === "turn" ? s.action : "attacked");
    }
    expect(ends).toEqual(new Set(["unconscious", "attacked"]));
  });

  it("crippling: no block with a crippled shield arm; a crippled weapon arm is out (L3673–3675)", () => {
    const dice = new SeededDice(9);
    const oneArm = { ...friedrick, crippled: ["left-arm" as const] };
    let defended = 0;
    for (let i = 0; i < 20; i++)
      for (const s of runM2mDuel(pierre, oneArm, dice).steps)
        if (s.kind === "exchange" && s.attacker === "a" && s.result.defence) {
          defended++;
          expect(s.defence.type).not.toBe("block");
          // The shield hangs on the arm: its PD is 2 less (7 → 5).
          expect(s.defence.pd).toBe(5);
        }
    expect(defended).toBeGreaterThan(0);
    const out = runM2mDuel(pierre, { ...friedrick, crippled: ["right-hand"] }, dice);
    expect(out).toMatchObject({ winner: "a", end: "out", rounds: 0, steps: [] });
  });

  it("hit points go down by each injury the exchanges record, as the next exchange reads them", () => {
    const dice = new SeededDice(21);
    for (let i = 0; i < 30; i++) {
      const r = runM2mDuel(friedrick, pierre, dice);
      const hp = { a: friedrick.hp, b: pierre.hp };
      for (const s of r.steps) {
        if (s.kind !== "exchange") continue;
        const defender = s.attacker === "a" ? "b" : "a";
        // The exchange read the defender's hit points as the duel left them: its HP after are
        // those less every injury it records for him (a parry's self-hit first, ruling M96).
        const toDefender = s.result.effects.reduce(
          (t, e) => (e.type === "injury" && e.to === "defender" ? t + e.level : t),
          0,
        );
        expect(s.result.defender.hp).toBe(hp[defender] - toDefender);
        for (const e of s.result.effects)
          if (e.type === "injury") hp[e.to === "attacker" ? s.attacker : defender] -= e.level;
      }
      const injured = r.injuries.reduce((t, x) => t + x.level, 0);
      expect(injured).toBe(friedrick.hp - hp.a + pierre.hp - hp.b);
    }
  });
});
