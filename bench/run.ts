/**
 * Benchmarks of the rules engine (`npm run bench`). Prints figures; asserts nothing. Speed
 * targets are judged from these figures, never by timed tests.
 */
import { SeededDice } from "../src/core/dice";
import { buildTarget } from "../src/core/modifiers";
import {
  DEFAULT_OPTIONS,
  resolveExchange,
  type Hm3Declaration,
  type Hm3Defence,
} from "../src/rules/hm3";
import { exchangeOdds } from "../src/rules/hm3/odds";
import { m2m } from "../src/rules/m2m";
import { runExchange } from "../src/core/ruleset";

/**
 * `BENCH=hmzd node bench/dist/run.mjs` (or `BENCH="hmzd:,m2m: duels"`): only the lines whose
 * label contains one of the comma-separated words (case-insensitive), so one ruleset's lines
 * can be timed without the whole bench on a shared machine. Unset: every line.
 */
const FILTER = (process.env.BENCH ?? "")
  .split(",")
  .map((w) => w.trim().toLowerCase())
  .filter((w) => w.length > 0);
const wanted = (label: string) =>
  FILTER.length === 0 || FILTER.some((w) => label.toLowerCase().includes(w));

/**
 * Times `fn` over `n` calls after a warm-up, in `ROUNDS` rounds of n / ROUNDS calls, and prints
 * the best round (the figure the targets are read from: the machine's noise only ever slows a
 * round) and the median round, in wall time; then the best round in the process's CPU time
 * (`process.cpuUsage`), which the other work of a shared machine does not add to (the
 * collector's helper threads may).
 */
const ROUNDS = 7;
function time(label: string, n: number, fn: (i: number) => void, batch = 1): void {
  if (!wanted(label)) return;
  for (let i = 0; i < Math.min(n, 10_000); i++) fn(i); // warm-up
  const per = Math.max(1, Math.round(n / ROUNDS));
  const rounds: number[] = [];
  const cpuRounds: number[] = [];
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  for (let r = 0; r < ROUNDS; r++) {
    const c0 = cpu();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < per; i++) fn(i);
    // `batch`: what one call does (a call of `runDuels` plays many duels).
    rounds.push(Number(process.hrtime.bigint() - t0) / per / batch);
    cpuRounds.push(((cpu() - c0) * 1000) / per / batch);
  }
  rounds.sort((a, b) => a - b);
  cpuRounds.sort((a, b) => a - b);
  const best = rounds[0]!;
  const median = rounds[ROUNDS >> 1]!;
  const fmt = (ns: number) =>
    Math.round(1e9 / ns)
      .toLocaleString("en")
      .padStart(12);
  console.log(
    `${label.padEnd(52)} ${fmt(best)} /s   ${(best / 1000).toFixed(3)} µs each   (median round ${fmt(median).trim()} /s; CPU time, best round ${fmt(cpuRounds[0]!).trim()} /s)`,
  );
}

const eml = (v: number) => buildTarget("eml", v, [], { min: 5, max: 95 });
const armour = {
  thorax: { blunt: 6, edge: 8, point: 5, fire: 2 },
  abdomen: { blunt: 6, edge: 8, point: 5, fire: 2 },
  skull: { blunt: 6, edge: 10, point: 6, fire: 2 },
};
const decl: Hm3Declaration = {
  attack: { type: "melee", target: eml(75), aspect: "edge", aim: "mid", impact: 5, wq: 12 },
  attacker: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour },
  defender: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour },
  options: { ...DEFAULT_OPTIONS, killRoll: true },
};
const defences: Hm3Defence[] = [
  { type: "block", target: eml(60), wq: 13 },
  { type: "counterstrike", target: eml(60), strike: { aspect: "blunt", aim: "mid", impact: 4 } },
  { type: "dodge", target: eml(55) },
  { type: "ignore" },
];

console.log(`Blow by Blow benchmarks (Node ${process.version}, one core)`);
const dice = new SeededDice(1);
time("SeededDice: d100 rolls", 5_000_000, () => dice.roll("x", 1, 100));
time("hm3: full melee resolutions (all four defences)", 500_000, (i) => {
  resolveExchange(decl, defences[i & 3]!, dice);
});

// Exact odds (issue 6, target under 1 ms each): every strike distribution is recomputed per call.
time("hm3: exact odds of one exchange (all four defences)", 20_000, (i) => {
  exchangeOdds(decl, defences[i & 3]!);
});

// Enumerated odds (issue 19): with a HârnMaster Gold option on, `exchangeOdds` runs the engine on
// every path of its dice (src/core/enumerate.ts, src/rules/hm3/odds-enumerated.ts). Limb
// injuries change no closed-form figure, so these lines time the enumeration itself against the
// closed form's figures above. Block, Dodge, Ignore: a few thousand paths each; Counterstrike's
// sides are walked apart (about 15,000 paths; 1.2 million before they were), timed apart.
const goldDecl: Hm3Declaration = { ...decl, options: { ...decl.options, limbInjuries: true } };
const single = [defences[0]!, defences[2]!, defences[3]!];
time("hm3: enumerated odds (Gold on; block, dodge, ignore)", 21, (i) => {
  exchangeOdds(goldDecl, single[i % 3]!);
});
time("hm3: enumerated odds (Gold on; counterstrike)", 1, () => {
  exchangeOdds(goldDecl, defences[1]!);
});

// Exact odds with each Gold declaration of test/hm3/odds-gold.test.ts (bench/odds-gold.ts).
{
  const { benchOddsGold } = await import("./odds-gold");
  benchOddsGold(time, wanted);
}

const m2mDecl = m2m.parseDeclaration({
  attack: { skill: 13, damage: "2+1", type: "cut", target: "random" },
  defender: { ht: 12, dr: { torso: 3, head: 2, "left-arm": 2, "right-arm": 2 } },
});
const m2mAnswers = { defence: [{ type: "parry", score: 6, pd: 3 }] };
time("m2m: full exchanges (attack, defence, damage, wound)", 200_000, () => {
  runExchange(m2m, m2mDecl, m2mAnswers, dice);
});

// m2m engine (issue 17 speed target: 1,000,000 exchanges a second): `startExchange` and, on a
// plain hit, `finishExchange`, without the flow's parsing. Melee: a random swing (location
// penalty), 2d+1 cutting against DR by location, parry and dodge in turn; ranged: an impaling
// shot whose location is rolled after the hit, against dodge and block.
{
  const { startExchange, finishExchange } = await import("../src/rules/m2m/exchange");
  type M2mDefence = import("../src/rules/m2m/exchange").M2mDefence;
  const fighter = {
    ht: 12,
    hp: 12,
    dr: { head: 2, torso: 3, "left-arm": 2, "right-arm": 2, "left-leg": 1, "right-leg": 1 },
    toughness: 0,
    shield: false,
    crippled: [],
  };
  const melee = m2m.parseDeclaration({
    attack: { skill: 14, damage: "2+1", type: "cut", target: "random" },
    attacker: fighter,
    defender: fighter,
  });
  const ranged = m2m.parseDeclaration({
    attack: { skill: 13, damage: "1+2", type: "imp", target: "random", ranged: true },
    attacker: fighter,
    defender: { ...fighter, shield: true },
  });
  const meleeDefences: M2mDefence[] = [
    {
      type: "parry",
      score: 7,
      pd: 3,
      weapon: { damage: { dice: 2, adds: 1 }, type: "cut", unarmed: false, breakResistant: false },
    },
    { type: "dodge", score: 6, pd: 3 },
  ];
  const rangedDefences: M2mDefence[] = [
    { type: "dodge", score: 6, pd: 3 },
    { type: "block", score: 6, pd: 4 },
  ];
  const exchange = (decl: typeof melee, d: M2mDefence) => {
    const s = startExchange(decl, dice);
    if (s.awaitingDefence) finishExchange(s, d, dice);
  };
  time("m2m: engine melee exchanges (parry, dodge)", 300_000, (i) => {
    exchange(melee, meleeDefences[i & 1]!);
  });
  time("m2m: engine ranged exchanges (dodge, block)", 300_000, (i) => {
    exchange(ranged, rangedDefences[i & 1]!);
  });
}

// Duels (issues 6, 17): the sample knight against the sample brigand to incapacitation or death,
// as `cli duel` and the workbench play them (`runDuels`, no cards: the fast duel of
// src/sim/hm3-fast-duel.ts, docs/performance.md). The first line plays batches of 1,000 duels of
// the same two actors, whose setup (fighters derived once, the plans of the states met) is kept
// from batch to batch; the second a fresh copy of the pair each time, 2,000 duels, as one
// `cli duel --n 2000` does (its setup and first plans paid in the figure). The third is one duel
// with its cards (`runDuel`, through the flow: the workbench's step-by-step duel).
{
  const { readFileSync } = await import("node:fs");
  const { runDuel, runDuels } = await import("../src/sim/duel");
  const text = (f: string) => readFileSync(`packs/_source/hm3-sample-fighters/${f}.json`, "utf8");
  const knight = text("sir-aldric-knight");
  const brigand = text("brigand");
  const a = { actor: JSON.parse(knight) };
  const b = { actor: JSON.parse(brigand) };
  time(
    "hm3: duels (sample knight vs brigand, to a decision)",
    14,
    (i) => runDuels(a, b, 1000, 7 + i),
    1000,
  );
  time(
    "hm3: duels, a fresh pair each 2,000 (as cli duel)",
    7,
    (i) => runDuels({ actor: JSON.parse(knight) }, { actor: JSON.parse(brigand) }, 2000, 7 + i),
    2000,
  );
  const duelDice = new SeededDice(7);
  time("hm3: duels with their cards (runDuel, the flow)", 100, () => {
    runDuel(a, b, duelDice);
  });
}

// m2m duels (issue 17): Fiendish Friedrick against Filthy Pierre to a decision, the fighters
// derived once (src/sim/m2m-duel.ts), each exchange through the engine's own exchange.
{
  const { readFileSync } = await import("node:fs");
  const { fighterFromSource } = await import("../src/foundry/combat/source-fighter");
  const { foundryRuleset } = await import("../src/foundry/rulesets");
  const { m2mDuelFighter, runM2mDuel } = await import("../src/sim/m2m-duel");
  const load = (f: string) =>
    m2mDuelFighter(
      fighterFromSource(
        JSON.parse(readFileSync(`packs/_source/m2m-sample-fighters/${f}.json`, "utf8")),
        [],
        foundryRuleset("m2m"),
      ),
    );
  const a = load("fiendish-friedrick");
  const b = load("filthy-pierre");
  const duelDice = new SeededDice(7);
  time("m2m: duels (Friedrick vs Filthy Pierre, to a decision)", 3_000, () => {
    runM2mDuel(a, b, duelDice, { keepSteps: false });
  });
}

// hmzd (issue 18, targets: 1,000,000 resolutions a second as HM3; duels 20,000 a second). The
// declaration is parsed once (a knight's broadsword, EML 70, d10+3 edge, STR 15, against armour
// on five locations, the default options) and answered with Block, Dodge, Counterstrike and
// Ignore in turn; the winner's TAs take the engine's default (all Impact for a striker, Setup
// for a defender, Z6). The first line is `runExchange` as `cli resolve` runs it (each prompt
// read with `pending`, the defence answer parsed by `parseChoice`, the default spend through
// `defaultChoice`); the second the engine's steps on the parsed defence (the hot path: the
// opposed test, stars, TAs, zone and location, impact, armour, injury, shock, the result and its
// effects, every roll recorded).
{
  const {
    hmzd,
    afterDefence,
    afterSpend,
    defaultSpend,
    startExchange,
    strikerOf,
    tacticalAdvantagesOf,
  } = await import("../src/rules/hmzd");
  type HmzdDefence = import("../src/rules/hmzd").HmzdDefence;
  const plate = { blunt: 5, edge: 7, point: 6, fire: 3 };
  const mail = { blunt: 2, edge: 5, point: 4, fire: 1 };
  const zdDecl = hmzd.parseDeclaration({
    attack: {
      type: "melee",
      eml: 70,
      mode: "swing",
      placement: 1,
      weapon: { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } },
    },
    attacker: { str: 15, endurance: 13, dex: 12, agl: 12 },
    defender: {
      str: 12,
      endurance: 12,
      dex: 11,
      agl: 11,
      armour: {
        skull: plate,
        thorax: mail,
        abdomen: mail,
        shoulder: mail,
        "left-upper-arm": plate,
      },
    },
  });
  const zdRaw = [
    { type: "block", eml: 60 },
    { type: "dodge", eml: 55 },
    {
      type: "counterstrike",
      eml: 60,
      weapon: { zoneDie: 4, impact: { die: 6, base: 4, aspect: "blunt" } },
    },
    { type: "ignore" },
  ];
  const zdAnswers = zdRaw.map((d) => ({ defence: [d] }));
  const zdDefences: HmzdDefence[] = zdRaw
    .map((d) => hmzd.parseChoice(startExchange(zdDecl, dice), d))
    .map((c) => (c.kind === "defence" ? c.defence : (null as never)));
  time("hmzd: full exchanges (runExchange, default spend)", 300_000, (i) => {
    runExchange(hmzd, zdDecl, zdAnswers[i & 3]!, dice);
  });
  time("hmzd: engine resolutions (all four defences)", 500_000, (i) => {
    const d = zdDefences[i & 3]!;
    let s = startExchange(zdDecl, dice);
    if (s.next === "defence") s = afterDefence(s, d, dice, true);
    if (s.next === "spendStars")
      s = afterSpend(
        s,
        defaultSpend(tacticalAdvantagesOf(s.stars), strikerOf(s.victor, d.type) !== null),
        dice,
        true,
      );
  });
}

// hmzd duels (issue 18): the sample knight against the sample brigand (examples/hmzd, the
// files `cli duel` takes) to a decision, `runHmzdDuels` as `cli duel` plays them: batches of
// 1,000 of the same two fighters (read once; each call prepares its sides and their policy
// nodes afresh), and a fresh pair each 2,000 (the files read and derived each time, as one
// `cli duel --n 2000`).
{
  const { readFileSync } = await import("node:fs");
  const { runHmzdDuels } = await import("../src/sim/hmzd-duel");
  const { readHmzdDuelFile } = await import("../src/sim/hmzd-duel-fighter");
  const knight = readFileSync("examples/hmzd/knight.json", "utf8");
  const brigand = readFileSync("examples/hmzd/brigand.json", "utf8");
  const side = (text: string, name: string) => readHmzdDuelFile(JSON.parse(text), name);
  const a = side(knight, "knight");
  const b = side(brigand, "brigand");
  time(
    "hmzd: duels (sample knight vs brigand, to a decision)",
    14,
    (i) => runHmzdDuels(a, b, 1000, 7 + i),
    1000,
  );
  time(
    "hmzd: duels, a fresh pair each 2,000 (as cli duel)",
    7,
    (i) => runHmzdDuels(side(knight, "knight"), side(brigand, "brigand"), 2000, 7 + i),
    2000,
  );
}
