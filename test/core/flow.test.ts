/**
 * The exchange flow's state machine (src/core/flow.ts): every transition for HM3 and GURPS Man
 * to Man with the real rulesets, every illegal transition and error path with its code, the
 * strict replay of the recorded rolls, and `rollAsNeeded` with a fake asynchronous roller.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import {
  RecordingDice,
  ScriptedDice,
  SeededDice,
  type Dice,
  type RollRecord,
  type RollScript,
} from "../../src/core/dice";
import { InputError } from "../../src/core/errors";
import {
  acceptExchange,
  applyExchange,
  claimAdvantage,
  completeChoiceRolls,
  declareExchange,
  FLOW_ERROR_CODES,
  FlowError,
  MAX_STEP_RUNS,
  NeedRoll,
  replayExchange,
  rollAsNeeded,
  rollOwnSide,
  submitChoice,
  type Caller,
  type ChoiceSubmission,
  type DeclareInput,
  type ExchangeCard,
  type FlowErrorCode,
} from "../../src/core/flow";
import {
  runExchange,
  type ExchangeRecord,
  type PendingChoice,
  type Ruleset,
} from "../../src/core/ruleset";
import { hm3 } from "../../src/rules/hm3";
import { m2m } from "../../src/rules/m2m";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRuleset = Ruleset<any, any, any, ExchangeRecord>;

/* ---------------------------------------------------------------------------------------- */
/* Fixtures                                                                                 */
/* ---------------------------------------------------------------------------------------- */

const gm: Caller = { userId: "gm", isGM: true, owns: { attacker: true, defender: true } };
/** Owns the attacker. */
const alice: Caller = { userId: "alice", isGM: false, owns: { attacker: true, defender: false } };
/** Owns the defender. */
const bob: Caller = { userId: "bob", isGM: false, owns: { attacker: false, defender: true } };

/** The HM3 CLI contract example (examples/hm3/exchange.json) as a card's declaration. */
const HM3_DECL = {
  attack: { type: "melee", eml: 70, aspect: "edge", aim: "mid", impact: 5, wq: 12 },
  attacker: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: {} },
  defender: {
    endurance: 12,
    up: 0,
    dex: 12,
    agl: 12,
    pp: 0,
    armour: { thorax: { blunt: 6, edge: 8, point: 5, fire: 2 } },
  },
};
const HM3_BLOCK = { type: "block", eml: 60, wq: 12 };
/** CS 35 vs block MF 62: A*2 to the thorax, 5+4+6 = 15 edge − 8 = 7 → S2. */
const HM3_SCRIPT: RollScript = { attack: 35, defence: 62, location: 47, impact: [4, 6] };

/** The m2m CLI contract example (examples/m2m/exchange.json). */
const M2M_DECL = {
  attack: { skill: 12, damage: "2+1", type: "cut", target: "torso", ranged: false },
  defender: { ht: 12, hp: 12, dr: { torso: 3, head: 2 } },
};
const M2M_PARRY = { type: "parry", score: 6, pd: 3 };
const M2M_SCRIPT: RollScript = { attack: 10, defence: 11, damage: [3, 4] };

const who = (name: string) => ({ actorUuid: `Actor.${name}`, tokenUuid: null, name });

function input(declaration: unknown, rolls: RollRecord[] = []): DeclareInput {
  return {
    attacker: who("Attacker <b>"),
    defender: who("Defender"),
    declaration,
    context: { request: { itemId: "sword" } },
    rolls,
  };
}

/** The rolls `f` makes with `dice`, recorded. */
function recorded(dice: Dice, f: (d: Dice) => void): RollRecord[] {
  const rec = new RecordingDice(dice);
  f(rec);
  return rec.records;
}

/** The rolls `start` makes for a declaration. */
function startRolls(ruleset: AnyRuleset, declaration: unknown, dice: Dice): RollRecord[] {
  return recorded(dice, (d) => ruleset.start(ruleset.parseDeclaration(declaration), d));
}

/** The rolls the pending choice `value` makes on the card. */
function chooseRolls(ruleset: AnyRuleset, card: ExchangeCard, value: unknown, dice: Dice) {
  const { state } = replayExchange(ruleset, card);
  return recorded(dice, (d) => ruleset.choose(state, ruleset.parseChoice(state, value), d));
}

const scripted = (script: RollScript, seed = 1) => new ScriptedDice(script, new SeededDice(seed));

function submission(card: ExchangeCard, value: unknown, rolls: RollRecord[]): ChoiceSubmission {
  return { revision: card.revision, kind: "defence", value, request: { itemId: "shield" }, rolls };
}

/** An HM3 card accepted and waiting for the defence. */
function hm3Awaiting(declaration: unknown = HM3_DECL): ExchangeCard {
  return acceptExchange(hm3, declareExchange(hm3, input(declaration)), gm, true);
}

/** An HM3 card resolved by `value` with the script's rolls. */
function hm3Resolved(
  value: unknown = HM3_BLOCK,
  script: RollScript = HM3_SCRIPT,
  declaration: unknown = HM3_DECL,
) {
  const card = hm3Awaiting(declaration);
  const rolls = chooseRolls(hm3, card, value, scripted(script));
  return submitChoice(hm3, card, submission(card, value, rolls), gm, bob);
}

/** An m2m card accepted (the attack hits) and waiting for the defence. */
function m2mAwaiting(): ExchangeCard {
  const rolls = startRolls(m2m, M2M_DECL, scripted(M2M_SCRIPT));
  return acceptExchange(m2m, declareExchange(m2m, input(M2M_DECL, rolls)), gm, true);
}

/** Asserts `f` throws a FlowError with `code` whose data (all strings) has `data`. */
function expectFlow(f: () => unknown, code: FlowErrorCode, data: Record<string, string> = {}) {
  let error: unknown;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(error, `expected FlowError ${code}`).toBeInstanceOf(FlowError);
  const fe = error as FlowError;
  expect(fe.code, fe.message).toBe(code);
  expect(fe.key).toBe(`BLOWBYBLOW.Flow.Error.${code}`);
  expect(fe.message.length).toBeGreaterThan(0);
  for (const v of Object.values(fe.data)) expect(typeof v).toBe("string");
  expect(fe.data).toMatchObject(data);
  return fe;
}

const roundTrip = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/* ---------------------------------------------------------------------------------------- */
/* Transitions                                                                              */
/* ---------------------------------------------------------------------------------------- */

describe("HM3 through the flow: declare → accept → defence → resolved → applied", () => {
  it("walks every state, bumping the revision at each step, as plain JSON", () => {
    const declared = declareExchange(hm3, input(HM3_DECL));
    expect(declared).toMatchObject({
      ruleset: "hm3",
      state: "declared",
      revision: 0,
      attacker: { actorUuid: "Actor.Attacker <b>", tokenUuid: null, name: "Attacker <b>" },
      defender: { actorUuid: "Actor.Defender", name: "Defender" },
      declaration: HM3_DECL,
      context: { request: { itemId: "sword" } },
      choices: [],
      rolls: [],
      result: null,
      applied: null,
      advantages: {},
    });
    expect(declared.pending).toMatchObject({ by: "defender", kind: "defence" });
    expect(roundTrip(declared)).toStrictEqual(declared);

    const awaiting = acceptExchange(hm3, declared, gm, true);
    expect(awaiting.state).toBe("awaitingDefence");
    expect(awaiting.revision).toBe(1);
    expect(awaiting.pending?.options.map((o) => o.id)).toEqual([
      "block",
      "counterstrike",
      "dodge",
      "ignore",
    ]);
    expect(declared.state).toBe("declared"); // the input card is not changed
    expect(roundTrip(awaiting)).toStrictEqual(awaiting);

    const rolls = chooseRolls(hm3, awaiting, HM3_BLOCK, scripted(HM3_SCRIPT));
    const resolved = submitChoice(
      hm3,
      awaiting,
      { revision: 1, kind: "defence", value: HM3_BLOCK, request: { itemId: "shield" }, rolls },
      gm,
      bob,
    );
    expect(resolved.state).toBe("resolved");
    expect(resolved.revision).toBe(2);
    expect(resolved.pending).toBeNull();
    expect(resolved.choices).toEqual([
      {
        by: "defender",
        kind: "defence",
        value: HM3_BLOCK,
        userId: "bob",
        request: { itemId: "shield" },
      },
    ]);
    expect(resolved.rolls.map((r) => r.name)).toEqual(rolls.map((r) => r.name));
    expect(resolved.result).toMatchObject({ ruleset: "hm3", result: "A*2" });
    expect(roundTrip(resolved)).toStrictEqual(resolved);

    const { card: applied, effects } = applyExchange(hm3, resolved, gm, 2);
    expect(applied.state).toBe("applied");
    expect(applied.revision).toBe(3);
    expect(effects).toEqual(resolved.result!.effects);
    expect(effects).toContainEqual(
      expect.objectContaining({ type: "injury", to: "defender", location: "thorax" }),
    );
    expect(applied.applied).toEqual({ userId: "gm", effects: effects.map((_, i) => i) });
    expect(roundTrip(applied)).toStrictEqual(applied);
  });

  it("a GM may choose for the defender", () => {
    const card = hm3Awaiting();
    const rolls = chooseRolls(hm3, card, HM3_BLOCK, scripted(HM3_SCRIPT));
    const next = submitChoice(hm3, card, submission(card, HM3_BLOCK, rolls), gm, gm);
    expect(next.state).toBe("resolved");
    expect(next.choices[0]!.userId).toBe("gm");
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "seed %i: a card resolved through the flow equals runExchange's result with the same dice",
    async (seed) => {
      for (const defence of [HM3_BLOCK, { type: "dodge", eml: 55 }, { type: "ignore" }]) {
        const expected = runExchange(
          hm3,
          hm3.parseDeclaration(HM3_DECL),
          { defence: [defence] },
          new SeededDice(seed),
        ).result;
        const dice = new SeededDice(seed);
        const card = hm3Awaiting();
        const { state } = replayExchange(hm3, card);
        // The chooser's client rolls as the step asks (rollAsNeeded), then submits.
        const { rolls } = await rollAsNeeded(
          (d) => hm3.choose(state, hm3.parseChoice(state, defence), d),
          (name, count, sides) => Promise.resolve(dice.roll(name, count, sides)),
        );
        const resolved = submitChoice(hm3, card, submission(card, defence, rolls), gm, bob);
        expect(resolved.result).toEqual(roundTrip(expected));
        expect(resolved.rolls).toEqual(expected.rolls);
        expect(applyExchange(hm3, resolved, gm, resolved.revision).effects).toEqual(
          expected.effects,
        );
      }
    },
  );
});

describe("GURPS Man to Man through the same flow (the attack is rolled at start)", () => {
  it("declare carries start's attack roll; accept → defence → resolved → applied", () => {
    const rolls = startRolls(m2m, M2M_DECL, scripted(M2M_SCRIPT));
    expect(rolls.map((r) => r.name)).toEqual(["attack"]);
    const declared = declareExchange(m2m, input(M2M_DECL, rolls));
    expect(declared).toMatchObject({ ruleset: "m2m", state: "declared", revision: 0, rolls });
    expect(declared.pending).toMatchObject({ by: "defender", kind: "defence" });
    expect(declared.result).toBeNull();

    const awaiting = acceptExchange(m2m, declared, gm, true);
    expect(awaiting).toMatchObject({ state: "awaitingDefence", revision: 1 });
    expect(awaiting.pending?.data).toMatchObject({ attackRoll: 10 });

    const more = chooseRolls(m2m, awaiting, M2M_PARRY, scripted(M2M_SCRIPT));
    const resolved = submitChoice(m2m, awaiting, submission(awaiting, M2M_PARRY, more), gm, bob);
    expect(resolved).toMatchObject({ state: "resolved", revision: 2, pending: null });
    expect(resolved.rolls.map((r) => r.name)).toEqual(["attack", ...more.map((r) => r.name)]);
    expect(resolved.result).toMatchObject({
      ruleset: "m2m",
      hit: true,
      damage: { rolled: 8, injury: 7 },
    });
    expect(roundTrip(resolved)).toStrictEqual(resolved);
    const { card, effects } = applyExchange(m2m, resolved, gm, 2);
    expect(card).toMatchObject({ state: "applied", revision: 3 });
    expect(effects).toEqual(resolved.result!.effects);
    expect(effects.length).toBeGreaterThan(0);
  });

  it("a miss resolves at start: declare still holds no result; accept resolves it", () => {
    const rolls = startRolls(m2m, M2M_DECL, scripted({ attack: 15 }));
    const declared = declareExchange(m2m, input(M2M_DECL, rolls));
    expect(declared).toMatchObject({ state: "declared", pending: null, result: null });
    const accepted = acceptExchange(m2m, declared, gm, true);
    expect(accepted).toMatchObject({ state: "resolved", revision: 1, pending: null });
    expect(accepted.result).toMatchObject({ ruleset: "m2m", hit: false });
    expectFlow(
      () => submitChoice(m2m, accepted, submission(accepted, M2M_PARRY, []), gm, bob),
      "wrongState",
      { state: "resolved" },
    );
    expect(applyExchange(m2m, accepted, gm, 1).card.state).toBe("applied");
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])(
    "seed %i: the flow's result equals runExchange's with the same dice",
    (seed) => {
      const expected = runExchange(
        m2m,
        m2m.parseDeclaration(M2M_DECL),
        { defence: [M2M_PARRY] },
        new SeededDice(seed),
      ).result;
      const dice = new SeededDice(seed);
      const declared = declareExchange(m2m, input(M2M_DECL, startRolls(m2m, M2M_DECL, dice)));
      let card = acceptExchange(m2m, declared, gm, true);
      if (card.state === "awaitingDefence") {
        const rolls = chooseRolls(m2m, card, M2M_PARRY, dice);
        card = submitChoice(m2m, card, submission(card, M2M_PARRY, rolls), gm, bob);
      }
      expect(card.state).toBe("resolved");
      expect(card.result).toEqual(roundTrip(expected));
      expect(card.rolls).toEqual(expected.rolls);
    },
  );
});

/* A ruleset with two prompts in a row (the zone-die routine's shape): the defender defends,
 * then the attacker spends stars; each choice rolls one die named after the step. */
interface ToyState {
  opening: number;
  steps: { kind: string; value: number; roll: number }[];
}
const toy: Ruleset<{ n: number }, number, ToyState, ExchangeRecord & { total: number }> = {
  id: "hmzd",
  bodyPlan: hm3.bodyPlan,
  parseDeclaration(raw) {
    const n = (raw as { n?: unknown } | null)?.n;
    if (typeof n !== "number") throw new InputError("n", n, "expected a number");
    return { n };
  },
  parseResolveInput() {
    throw new Error("unused");
  },
  parseChoice(_state, raw) {
    if (typeof raw !== "number") throw new InputError("stars", raw, "expected a number");
    return raw;
  },
  start(decl, dice) {
    const [opening] = dice.roll("opening", 1, 6);
    return { opening: opening! + decl.n, steps: [] };
  },
  pending(state): PendingChoice | null {
    if (state.steps.length === 0)
      return { by: "defender", kind: "defence", options: [{ id: "a", labelKey: "x" }] };
    if (state.steps.length === 1)
      return { by: "attacker", kind: "spendStars", options: [{ id: "b", labelKey: "x" }] };
    return null;
  },
  choose(state, choice, dice) {
    const kind = state.steps.length === 0 ? "defence" : "spendStars";
    const [roll] = dice.roll(kind, 1, 6);
    return { ...state, steps: [...state.steps, { kind, value: choice, roll: roll! }] };
  },
  result(state) {
    if (state.steps.length < 2) throw new Error("pending");
    return {
      ruleset: "hmzd",
      rolls: [],
      choices: state.steps.map((s) => ({ by: "defender" as const, kind: s.kind, value: s.value })),
      effects: [{ type: "tacticalAdvantage", to: "attacker", cause: "stars" }],
      total: state.opening + state.steps.reduce((t, s) => t + s.value + s.roll, 0),
    };
  },
};

const die = (name: string, v: number): RollRecord => ({
  name,
  count: 1,
  sides: 6,
  values: [v],
  total: v,
});

describe("a ruleset with two prompts in a row", () => {
  const start = () =>
    acceptExchange(toy, declareExchange(toy, input({ n: 10 }, [die("opening", 2)])), gm, true);

  it("stays awaitingDefence while a choice is pending, with the next prompt's side", () => {
    const a = start();
    const b = submitChoice(
      toy,
      a,
      { revision: 1, kind: "defence", value: 1, request: null, rolls: [die("defence", 3)] },
      gm,
      bob,
    );
    expect(b).toMatchObject({ state: "awaitingDefence", revision: 2, result: null });
    expect(b.pending).toMatchObject({ by: "attacker", kind: "spendStars" });
    // The defender does not own the attacker: the second prompt is not theirs.
    expectFlow(
      () =>
        submitChoice(
          toy,
          b,
          {
            revision: 2,
            kind: "spendStars",
            value: 2,
            request: null,
            rolls: [die("spendStars", 4)],
          },
          gm,
          bob,
        ),
      "notOwner",
      { side: "attacker", userId: "bob" },
    );
    const c = submitChoice(
      toy,
      b,
      { revision: 2, kind: "spendStars", value: 2, request: null, rolls: [die("spendStars", 4)] },
      gm,
      alice,
    );
    expect(c).toMatchObject({ state: "resolved", revision: 3, pending: null });
    expect(c.result).toMatchObject({ total: 12 + 1 + 3 + 2 + 4 });
    expect(c.choices.map((x) => [x.by, x.kind, x.userId])).toEqual([
      ["defender", "defence", "bob"],
      ["attacker", "spendStars", "alice"],
    ]);
    expect(c.rolls.map((r) => r.name)).toEqual(["opening", "defence", "spendStars"]);
    expect(claimAdvantage(toy, c, "attacker", gm, alice, 3).advantages).toEqual({
      attacker: "alice",
    });
  });

  it("a double click (the same submission again, old revision) is staleRevision", () => {
    const a = start();
    const sent: ChoiceSubmission = {
      revision: 1,
      kind: "defence",
      value: 1,
      request: null,
      rolls: [die("defence", 3)],
    };
    const b = submitChoice(toy, a, sent, gm, bob);
    expectFlow(() => submitChoice(toy, b, sent, gm, bob), "staleRevision", {
      expected: "2",
      actual: "1",
    });
  });

  it("a stored choice that answers no pending prompt does not replay (notPending)", () => {
    const a = start();
    const b = submitChoice(
      toy,
      a,
      { revision: 1, kind: "defence", value: 1, request: null, rolls: [die("defence", 3)] },
      gm,
      bob,
    );
    const tampered = roundTrip(b);
    tampered.choices[0]!.by = "attacker";
    expectFlow(() => replayExchange(toy, tampered), "notPending", { kind: '"defence"' });
    const extra = roundTrip(b);
    extra.choices.push(
      { ...b.choices[0]!, kind: "spendStars", by: "attacker" },
      { ...b.choices[0]!, kind: "spendStars", by: "attacker" },
    );
    extra.rolls.push(die("spendStars", 4));
    // The third choice comes when nothing is pending.
    expectFlow(() => replayExchange(toy, extra), "notPending", { expected: "" });
  });
});

/* ---------------------------------------------------------------------------------------- */
/* Illegal transitions and error paths                                                      */
/* ---------------------------------------------------------------------------------------- */

describe("declareExchange refuses", () => {
  it("a bad declaration, naming the field and the value", () => {
    expectFlow(
      () =>
        declareExchange(
          hm3,
          input({ ...HM3_DECL, attack: { ...HM3_DECL.attack, eml: "seventy" } }),
        ),
      "badDeclaration",
      { field: "attack.eml", value: '"seventy"' },
    );
    expectFlow(
      () =>
        declareExchange(m2m, input({ ...M2M_DECL, attack: { ...M2M_DECL.attack, type: "slash" } })),
      "badDeclaration",
      { field: "attack.type", value: '"slash"' },
    );
    expectFlow(() => declareExchange(hm3, input(null)), "badDeclaration", { field: "input" });
  });

  const attack: RollRecord = { name: "attack", count: 3, sides: 6, values: [3, 3, 4], total: 10 };

  it.each<[string, unknown, Record<string, string>]>([
    ["a missing roll (start rolls the attack)", [], { roll: "attack", expected: "3d6" }],
    ["an extra roll never made", [attack, die("bogus", 1)], { roll: "bogus" }],
    ["a repeated name", [attack, attack], { roll: "attack" }],
    [
      "a roll of the wrong shape for the step",
      [{ name: "attack", count: 1, sides: 100, values: [10], total: 10 }],
      { roll: "attack", expected: "3d6", actual: "1d100" },
    ],
    ["too few values", [{ ...attack, values: [3, 3], total: 6 }], { roll: "attack" }],
    ["a face out of range", [{ ...attack, values: [3, 3, 7], total: 13 }], { roll: "attack" }],
    ["a face of 0", [{ ...attack, values: [0, 5, 5], total: 10 }], { roll: "attack" }],
    ["a fractional face", [{ ...attack, values: [2.5, 3.5, 4], total: 10 }], { roll: "attack" }],
    ["a total that is not the sum", [{ ...attack, total: 11 }], { roll: "attack" }],
    ["a record with no name", [{ ...attack, name: "" }], {}],
    ["a record that is not an object", [attack, 12], {}],
    ["rolls that are not a list", { attack: 10 }, {}],
  ])("badRolls: %s", (_what, rolls, data) => {
    expectFlow(
      () => declareExchange(m2m, input(M2M_DECL, rolls as RollRecord[])),
      "badRolls",
      data,
    );
  });

  it("accepts the same rolls when well formed", () => {
    expect(declareExchange(m2m, input(M2M_DECL, [attack])).rolls).toEqual([attack]);
  });
});

describe("acceptExchange refuses", () => {
  const declared = () => declareExchange(hm3, input(HM3_DECL));

  it("a caller who is not a GM", () => {
    expectFlow(() => acceptExchange(hm3, declared(), alice, true), "notGM", { userId: "alice" });
  });

  it("a card of another ruleset", () => {
    const rolls = startRolls(m2m, M2M_DECL, scripted(M2M_SCRIPT));
    const card = declareExchange(m2m, input(M2M_DECL, rolls));
    expectFlow(() => acceptExchange(hm3, card, gm, true), "wrongRuleset", {
      expected: "m2m",
      actual: "hm3",
    });
  });

  it("a card not in state declared (accepting twice)", () => {
    const once = acceptExchange(hm3, declared(), gm, true);
    expectFlow(() => acceptExchange(hm3, once, gm, true), "wrongState", {
      state: "awaitingDefence",
    });
  });

  it("a card whose author does not own the attacker", () => {
    expectFlow(() => acceptExchange(hm3, declared(), gm, false), "notAuthor");
  });

  // Review of issue 4: a card created with the defender's choice (or an applied or claimed
  // state) already in it must not be replayed into a resolved exchange.
  it("a declared card that is not fresh: a choice, an applied mark, a claim or a revision", () => {
    const withChoice = declared();
    withChoice.choices = [
      {
        by: "defender",
        kind: "defence",
        value: { type: "ignore" },
        userId: "alice",
        request: null,
      },
    ];
    expectFlow(() => acceptExchange(hm3, withChoice, gm, true), "wrongState", {
      state: "declared",
    });
    const applied = declared();
    applied.applied = { userId: "alice", effects: [] };
    expectFlow(() => acceptExchange(hm3, applied, gm, true), "wrongState");
    const claimed = declared();
    claimed.advantages = { defender: "alice" };
    expectFlow(() => acceptExchange(hm3, claimed, gm, true), "wrongState");
    const revised = declared();
    revised.revision = 3;
    expectFlow(() => acceptExchange(hm3, revised, gm, true), "wrongState");
  });

  it("a card whose stored declaration or rolls were changed since", () => {
    const bad = declared();
    bad.declaration = { ...HM3_DECL, attack: { ...HM3_DECL.attack, aim: "feet" } };
    expectFlow(() => acceptExchange(hm3, bad, gm, true), "badDeclaration", { field: "attack.aim" });
    const extra = declared();
    extra.rolls = [die("attack", 3)];
    expectFlow(() => acceptExchange(hm3, extra, gm, true), "badRolls", { roll: "attack" });
  });
});

describe("submitChoice refuses", () => {
  const rollsFor = (card: ExchangeCard, value: unknown = HM3_BLOCK) =>
    chooseRolls(hm3, card, value, scripted(HM3_SCRIPT));

  it("a handler that is not a GM's client", () => {
    const card = hm3Awaiting();
    expectFlow(
      () => submitChoice(hm3, card, submission(card, HM3_BLOCK, rollsFor(card)), bob, bob),
      "notGM",
    );
  });

  it("a card of another ruleset", () => {
    const card = m2mAwaiting();
    expectFlow(
      () => submitChoice(hm3, card, submission(card, HM3_BLOCK, []), gm, bob),
      "wrongRuleset",
    );
  });

  it("a card not yet accepted", () => {
    const card = declareExchange(hm3, input(HM3_DECL));
    expectFlow(
      () => submitChoice(hm3, card, submission(card, HM3_BLOCK, []), gm, bob),
      "wrongState",
      { state: "declared", expected: "awaitingDefence" },
    );
  });

  it("a defence after resolution (resolved or applied), and a double click", () => {
    const card = hm3Awaiting();
    const sent = submission(card, HM3_BLOCK, rollsFor(card));
    const resolved = submitChoice(hm3, card, sent, gm, bob);
    // The second click of a double click reaches the GM with the same submission.
    expectFlow(() => submitChoice(hm3, resolved, sent, gm, bob), "wrongState", {
      state: "resolved",
    });
    // Even at the current revision, a resolved card takes no defence.
    expectFlow(
      () => submitChoice(hm3, resolved, { ...sent, revision: resolved.revision }, gm, bob),
      "wrongState",
    );
    const applied = applyExchange(hm3, resolved, gm, resolved.revision).card;
    expectFlow(
      () => submitChoice(hm3, applied, { ...sent, revision: applied.revision }, gm, bob),
      "wrongState",
      { state: "applied" },
    );
  });

  it("a card whose state says awaitingDefence but whose replay has nothing pending", () => {
    const resolved = hm3Resolved();
    const tampered = { ...roundTrip(resolved), state: "awaitingDefence" as const };
    expectFlow(
      () => submitChoice(hm3, tampered, submission(tampered, HM3_BLOCK, []), gm, bob),
      "wrongState",
      { state: "resolved" },
    );
  });

  it("a stale revision", () => {
    const card = hm3Awaiting();
    expectFlow(
      () =>
        submitChoice(
          hm3,
          card,
          { ...submission(card, HM3_BLOCK, rollsFor(card)), revision: 0 },
          gm,
          bob,
        ),
      "staleRevision",
      { expected: "1", actual: "0" },
    );
  });

  it("a choice of a kind nobody asked for", () => {
    const card = hm3Awaiting();
    expectFlow(
      () =>
        submitChoice(
          hm3,
          card,
          { ...submission(card, HM3_BLOCK, rollsFor(card)), kind: "spendStars" },
          gm,
          bob,
        ),
      "notPending",
      { kind: '"spendStars"', expected: "defence" },
    );
  });

  it("a chooser who does not own the defender (the attacker's player)", () => {
    const card = hm3Awaiting();
    expectFlow(
      () => submitChoice(hm3, card, submission(card, HM3_BLOCK, rollsFor(card)), gm, alice),
      "notOwner",
      { side: "defender", userId: "alice" },
    );
  });

  it.each<[string, unknown, string]>([
    ["a non-numeric EML", { type: "block", eml: "sixty" }, "defence.eml"],
    ["an unknown defence", { type: "parry", eml: 60 }, "defence.type"],
    ["an unknown field", { type: "dodge", eml: 60, bonus: 10 }, "defence.bonus"],
    ["no defence at all", undefined, "defence"],
  ])("a bad choice (%s), naming the field", (_what, value, field) => {
    const card = hm3Awaiting();
    expectFlow(() => submitChoice(hm3, card, submission(card, value, []), gm, bob), "badChoice", {
      field,
    });
  });

  it("a counterstrike against a missile, naming the field", () => {
    const card = hm3Awaiting({ ...HM3_DECL, attack: { ...HM3_DECL.attack, type: "missile" } });
    const value = { type: "counterstrike", eml: 60, aspect: "edge", aim: "mid", impact: 5 };
    expectFlow(() => submitChoice(hm3, card, submission(card, value, []), gm, bob), "badChoice", {
      field: "defence.type",
      value: '"counterstrike"',
    });
  });

  it("an m2m defence with a bad score, naming the field", () => {
    const card = m2mAwaiting();
    expectFlow(
      () => submitChoice(m2m, card, submission(card, { type: "parry", score: "6" }, []), gm, bob),
      "badChoice",
      { field: "defence.score", value: '"6"' },
    );
  });

  describe("rolls that do not match the step", () => {
    it("a missing roll", () => {
      const card = hm3Awaiting();
      const rolls = rollsFor(card).filter((r) => r.name !== "location");
      expectFlow(
        () => submitChoice(hm3, card, submission(card, HM3_BLOCK, rolls), gm, bob),
        "badRolls",
        { roll: "location", expected: "1d100" },
      );
      expectFlow(
        () => submitChoice(hm3, card, submission(card, HM3_BLOCK, []), gm, bob),
        "badRolls",
        { roll: "attack" },
      );
    });

    it("an extra roll the step never made", () => {
      const card = hm3Awaiting();
      const rolls = [...rollsFor(card), die("fumble", 3)];
      expectFlow(
        () => submitChoice(hm3, card, submission(card, HM3_BLOCK, rolls), gm, bob),
        "badRolls",
        { roll: "fumble" },
      );
    });

    it("a roll of another shape, or a face out of range", () => {
      const card = hm3Awaiting();
      const good = rollsFor(card);
      const swap = (name: string, r: Partial<RollRecord>) =>
        good.map((x) => (x.name === name ? { ...x, ...r } : x));
      expectFlow(
        () =>
          submitChoice(
            hm3,
            card,
            submission(card, HM3_BLOCK, swap("attack", { sides: 20, values: [15], total: 15 })),
            gm,
            bob,
          ),
        "badRolls",
        { roll: "attack", expected: "1d100", actual: "1d20" },
      );
      expectFlow(
        () =>
          submitChoice(
            hm3,
            card,
            submission(card, HM3_BLOCK, swap("impact", { values: [4, 9], total: 13 })),
            gm,
            bob,
          ),
        "badRolls",
        { roll: "impact" },
      );
      expectFlow(
        () =>
          submitChoice(
            hm3,
            card,
            submission(card, HM3_BLOCK, swap("attack", { total: 99 })),
            gm,
            bob,
          ),
        "badRolls",
        { roll: "attack" },
      );
    });

    it("a roll the card already holds (m2m's attack sent again)", () => {
      const card = m2mAwaiting();
      const more = chooseRolls(m2m, card, M2M_PARRY, scripted(M2M_SCRIPT));
      expectFlow(
        () =>
          submitChoice(m2m, card, submission(card, M2M_PARRY, [...card.rolls, ...more]), gm, bob),
        "badRolls",
        { roll: "attack" },
      );
      expect(submitChoice(m2m, card, submission(card, M2M_PARRY, more), gm, bob).state).toBe(
        "resolved",
      );
    });
  });
});

describe("applyExchange", () => {
  it("refuses a caller who is not a GM", () => {
    const card = hm3Resolved();
    expectFlow(() => applyExchange(hm3, card, bob, card.revision), "notGM");
  });

  it("applies once: a second apply is alreadyApplied, whatever the revision", () => {
    const card = hm3Resolved();
    const { card: applied } = applyExchange(hm3, card, gm, card.revision);
    expectFlow(() => applyExchange(hm3, applied, gm, card.revision), "alreadyApplied", {
      userId: "gm",
    });
    expectFlow(() => applyExchange(hm3, applied, gm, applied.revision), "alreadyApplied");
  });

  it("refuses before the exchange is resolved", () => {
    const declared = declareExchange(hm3, input(HM3_DECL));
    expectFlow(() => applyExchange(hm3, declared, gm, 0), "notResolved", { state: "declared" });
    const awaiting = hm3Awaiting();
    expectFlow(() => applyExchange(hm3, awaiting, gm, 1), "notResolved", {
      state: "awaitingDefence",
    });
    // A card marked resolved whose replay still waits for the defence.
    const tampered = { ...roundTrip(awaiting), state: "resolved" as const };
    expectFlow(() => applyExchange(hm3, tampered, gm, 1), "notResolved");
  });

  it("refuses a stale revision", () => {
    const card = hm3Resolved();
    expectFlow(() => applyExchange(hm3, card, gm, card.revision - 1), "staleRevision", {
      expected: String(card.revision),
      actual: String(card.revision - 1),
    });
  });

  it("refuses a card of another ruleset", () => {
    const card = hm3Resolved();
    expectFlow(() => applyExchange(m2m, card, gm, card.revision), "wrongRuleset");
  });

  it("applies the replayed effects, never the stored result", () => {
    const card = hm3Resolved();
    const honest = applyExchange(hm3, card, gm, card.revision);
    const tampered = roundTrip(card);
    tampered.result!.effects = [
      { type: "condition", to: "attacker", condition: "dead", cause: "tampered" },
    ];
    (tampered.result as unknown as { result: string }).result = "A*4";
    const { card: applied, effects } = applyExchange(hm3, tampered, gm, tampered.revision);
    expect(effects).toEqual(honest.effects);
    expect(effects).not.toContainEqual(expect.objectContaining({ cause: "tampered" }));
    expect(applied.result).toEqual(card.result);
    expect(applied.applied!.effects).toEqual(honest.effects.map((_, i) => i));
  });

  it("refuses a card whose stored rolls or choices were tampered with", () => {
    const card = hm3Resolved();
    const rolls = roundTrip(card);
    rolls.rolls[0]!.values = [101];
    rolls.rolls[0]!.total = 101;
    expectFlow(() => applyExchange(hm3, rolls, gm, card.revision), "badRolls", {
      roll: "attack",
    });
    const dropped = roundTrip(card);
    dropped.rolls.pop();
    expectFlow(() => applyExchange(hm3, dropped, gm, card.revision), "badRolls");
    const choice = roundTrip(card);
    choice.choices[0]!.value = { type: "block" };
    expectFlow(() => applyExchange(hm3, choice, gm, card.revision), "badChoice", {
      field: "defence.eml",
    });
  });
});

describe("claimAdvantage", () => {
  /** Attack CF (95 against EML 70) against Ignore: DTA, the defender's tactical advantage. */
  const dta = () => hm3Resolved({ type: "ignore" }, { attack: 95 });

  it("gives the defender's advantage to the defender's owner, once", () => {
    const card = dta();
    expect(card.result).toMatchObject({ result: "DTA" });
    const claimed = claimAdvantage(hm3, card, "defender", gm, bob, card.revision);
    expect(claimed.advantages).toEqual({ defender: "bob" });
    expect(claimed.revision).toBe(card.revision + 1);
    expect(claimed.state).toBe("resolved");
    expect(roundTrip(claimed)).toStrictEqual(claimed);
    expectFlow(
      () => claimAdvantage(hm3, claimed, "defender", gm, bob, claimed.revision),
      "advantageTaken",
      { side: "defender", userId: "bob" },
    );
    // The double click: the same claim at the old revision.
    expectFlow(
      () => claimAdvantage(hm3, claimed, "defender", gm, bob, card.revision),
      "staleRevision",
    );
  });

  it("works after apply, and a GM may claim for the side", () => {
    const card = dta();
    const applied = applyExchange(hm3, card, gm, card.revision).card;
    const claimed = claimAdvantage(hm3, applied, "defender", gm, gm, applied.revision);
    expect(claimed).toMatchObject({ state: "applied", advantages: { defender: "gm" } });
  });

  it("refuses a side the result gives nothing, a claimant who does not own the side, a non-GM", () => {
    const card = dta();
    expectFlow(
      () => claimAdvantage(hm3, card, "attacker", gm, alice, card.revision),
      "noAdvantage",
      { side: "attacker" },
    );
    expectFlow(() => claimAdvantage(hm3, card, "defender", gm, alice, card.revision), "notOwner", {
      side: "defender",
      userId: "alice",
    });
    expectFlow(() => claimAdvantage(hm3, card, "defender", bob, bob, card.revision), "notGM");
    const noAdvantage = hm3Resolved();
    expectFlow(
      () => claimAdvantage(hm3, noAdvantage, "defender", gm, bob, noAdvantage.revision),
      "noAdvantage",
    );
  });

  it("refuses before resolution and reads the replayed result, not the stored one", () => {
    const awaiting = hm3Awaiting();
    expectFlow(() => claimAdvantage(hm3, awaiting, "defender", gm, bob, 1), "notResolved");
    const card = hm3Resolved();
    const tampered = roundTrip(card);
    tampered.result!.effects.push({ type: "tacticalAdvantage", to: "defender", cause: "DTA" });
    expectFlow(
      () => claimAdvantage(hm3, tampered, "defender", gm, bob, tampered.revision),
      "noAdvantage",
    );
  });
});

describe("replayExchange", () => {
  it("gives the state, what is pending and the result", () => {
    const awaiting = hm3Awaiting();
    const r1 = replayExchange(hm3, awaiting);
    expect(r1.pending).toEqual(awaiting.pending);
    expect(r1.result).toBeNull();
    const resolved = hm3Resolved();
    const r2 = replayExchange(hm3, resolved);
    expect(r2.pending).toBeNull();
    expect(r2.result).toEqual(resolved.result);
  });

  it("refuses a card of another ruleset", () => {
    expectFlow(() => replayExchange(m2m, hm3Awaiting()), "wrongRuleset");
  });
});

describe("FlowError", () => {
  it("has a localisation key, in en.json, for every code", () => {
    const errors = (en as { BLOWBYBLOW: { Flow: { Error: Record<string, string> } } }).BLOWBYBLOW
      .Flow.Error;
    for (const code of FLOW_ERROR_CODES) {
      const e = new FlowError(code, "log text", { a: "b" });
      expect(e.key).toBe(`BLOWBYBLOW.Flow.Error.${code}`);
      expect(e.code).toBe(code);
      expect(e.name).toBe("FlowError");
      expect(e).toBeInstanceOf(Error);
      expect(errors[code], code).toMatch(/\S/);
    }
    expect(Object.keys(errors).sort()).toEqual([...FLOW_ERROR_CODES].sort());
  });
});

/* ---------------------------------------------------------------------------------------- */
/* rollAsNeeded                                                                             */
/* ---------------------------------------------------------------------------------------- */

/** A fake asynchronous roller: answers from a script (else 1s), logging each call. */
function fakeRoller(script: Record<string, number[]> = {}) {
  const calls: string[] = [];
  const roll = async (name: string, count: number, sides: number): Promise<number[]> => {
    calls.push(`${name}:${count}d${sides}`);
    await Promise.resolve();
    return script[name] ?? Array.from({ length: count }, () => 1);
  };
  return { calls, roll };
}

describe("rollAsNeeded", () => {
  it("rolls each missing roll in order, re-running the step from the start each time", async () => {
    const { calls, roll } = fakeRoller({ a: [6], b: [2, 3], c: [40] });
    let runs = 0;
    const { value, rolls } = await rollAsNeeded((d) => {
      runs++;
      const a = d.roll("a", 1, 6)[0]!;
      const b = d.roll("b", 2, 6);
      const c = d.roll("c", 1, 100)[0]!;
      return a * 1000 + (b[0]! + b[1]!) * 100 + c;
    }, roll);
    expect(value).toBe(6000 + 500 + 40);
    expect(calls).toEqual(["a:1d6", "b:2d6", "c:1d100"]);
    expect(runs).toBe(4);
    expect(rolls).toEqual([
      { name: "a", count: 1, sides: 6, values: [6], total: 6 },
      { name: "b", count: 2, sides: 6, values: [2, 3], total: 5 },
      { name: "c", count: 1, sides: 100, values: [40], total: 40 },
    ]);
  });

  it("serves given rolls first; returns only the rolls the final run used, in the order asked", async () => {
    const { calls, roll } = fakeRoller({ b: [5] });
    const given = [die("unused", 4), die("a", 3)];
    const { value, rolls } = await rollAsNeeded(
      (d) => d.roll("b", 1, 6)[0]! * 10 + d.roll("a", 1, 6)[0]!,
      roll,
      given,
    );
    expect(value).toBe(53);
    expect(calls).toEqual(["b:1d6"]);
    expect(rolls.map((r) => r.name)).toEqual(["b", "a"]);
  });

  it("follows a step whose rolls depend on earlier rolls", async () => {
    const { calls, roll } = fakeRoller({ attack: [2], fumble: [4] });
    const { rolls } = await rollAsNeeded((d) => {
      const [a] = d.roll("attack", 1, 6);
      if (a === 1) return d.roll("crit", 1, 6);
      if (a! <= 2) return d.roll("fumble", 1, 6);
      return [];
    }, roll);
    expect(calls).toEqual(["attack:1d6", "fumble:1d6"]);
    expect(rolls.map((r) => r.name)).toEqual(["attack", "fumble"]);
  });

  it("refuses a name asked twice in one run", async () => {
    const { roll } = fakeRoller();
    await expect(rollAsNeeded((d) => [d.roll("x", 1, 6), d.roll("x", 1, 6)], roll)).rejects.toThrow(
      /"x".*twice/,
    );
  });

  it.each<[string, number[]]>([
    ["too few values", [3]],
    ["too many values", [3, 3, 3]],
    ["a face above the sides", [3, 7]],
    ["a face of 0", [0, 3]],
    ["a fractional face", [2.5, 3]],
  ])("refuses a roller that returns %s, naming the roll", async (_what, values) => {
    const { roll } = fakeRoller({ impact: values });
    await expect(rollAsNeeded((d) => d.roll("impact", 2, 6), roll)).rejects.toThrow(
      /Roll "impact" \(2d6\)/,
    );
  });

  it("refuses a given roll of another shape than the step asks", async () => {
    const { roll } = fakeRoller();
    await expect(rollAsNeeded((d) => d.roll("a", 2, 6), roll, [die("a", 3)])).rejects.toThrow(
      /"a" is 1d6; the step rolls 2d6/,
    );
    await expect(
      rollAsNeeded((d) => d.roll("a", 1, 6), roll, [{ ...die("a", 3), total: 4 }]),
    ).rejects.toThrow(/total/);
  });

  it("lets other errors through (an InputError from the step, a failing roller)", async () => {
    const { calls, roll } = fakeRoller();
    const bad = new InputError("defence.eml", "x", "expected a whole number");
    await expect(
      rollAsNeeded((d) => {
        d.roll("a", 1, 6);
        throw bad;
      }, roll),
    ).rejects.toBe(bad);
    expect(calls).toEqual(["a:1d6"]);
    await expect(
      rollAsNeeded(
        (d) => d.roll("a", 1, 6),
        () => Promise.reject(new Error("dice tray fell")),
      ),
    ).rejects.toThrow("dice tray fell");
  });

  it("does not mistake a NeedRoll from elsewhere for its own", async () => {
    const { calls, roll } = fakeRoller();
    const foreign = new NeedRoll("other", 1, 6);
    await expect(
      rollAsNeeded(() => {
        throw foreign;
      }, roll),
    ).rejects.toBe(foreign);
    expect(calls).toEqual([]);
    expect(foreign.roll).toEqual({ name: "other", count: 1, sides: 6 });
  });

  it(`gives up after ${MAX_STEP_RUNS} runs of a step that never settles`, async () => {
    const { calls, roll } = fakeRoller();
    await expect(
      rollAsNeeded((d) => {
        for (let i = 0; ; i++) d.roll(`r${i}`, 1, 6);
      }, roll),
    ).rejects.toThrow(new RegExp(`more than ${MAX_STEP_RUNS} rolls`));
    expect(calls).toHaveLength(MAX_STEP_RUNS);
  });
});

/* ---------------------------------------------------------------------------------------- */
/* Whose dice: the chooser rolls its own side's, the GM's client the rest (architecture §2.6) */
/* ---------------------------------------------------------------------------------------- */

describe("HM3 rollSide: whose dice each roll is", () => {
  it("the attacker's test and strike, and its body's rolls when struck back; the defender's likewise", () => {
    const side = (n: string) => hm3.rollSide!(n);
    for (const n of ["attack", "location", "face", "impact", "ignite", "counter.shock"])
      expect(side(n), n).toBe("attacker");
    for (const n of ["attackerFumble", "attackerStumble", "attackerWeaponDamage", "counter.kill"])
      expect(side(n), n).toBe("attacker");
    for (const n of ["defence", "shock", "fumble", "stumble", "kill", "counter.location"])
      expect(side(n), n).toBe("defender");
    for (const n of ["counter.impact", "defenderFumble", "defenderWeaponDamage", "counter.face"])
      expect(side(n), n).toBe("defender");
    expect(side("x")).toBeNull();
  });

  it("every roll 3,000 seeded exchanges make has a side", () => {
    const names = new Set<string>();
    const values = [
      HM3_BLOCK,
      { type: "dodge", eml: 50 },
      { type: "ignore" },
      { type: "counterstrike", eml: 70, aspect: "edge", impact: 6 },
    ];
    for (let seed = 1; seed <= 3000; seed++) {
      const card = hm3Awaiting({ ...HM3_DECL, options: { killRoll: seed % 2 === 0 } });
      const value = values[seed % values.length];
      for (const r of chooseRolls(hm3, card, value, new SeededDice(seed))) names.add(r.name);
    }
    expect(names.size).toBeGreaterThan(12);
    for (const n of names) expect(hm3.rollSide!(n), n).not.toBeNull();
  });
});

describe("rollOwnSide and completeChoiceRolls", () => {
  it("the chooser's client rolls only its own side's dice and sends only those", async () => {
    const card = hm3Awaiting();
    const { state } = replayExchange(hm3, card);
    const choice = hm3.parseChoice(state, HM3_BLOCK);
    const { calls, roll } = fakeRoller({ defence: [62] });
    const rolls = await rollOwnSide(
      hm3,
      "defender",
      false,
      (d) => hm3.choose(state, choice, d),
      roll,
    );
    expect(calls.every((c) => hm3.rollSide!(c.split(":")[0]!) === "defender")).toBe(true);
    expect(calls).toContain("defence:1d100");
    expect(rolls.map((r) => r.name)).toContain("defence");
    expect(rolls.every((r) => hm3.rollSide!(r.name) === "defender")).toBe(true);
    // A GM rolls the whole step.
    const all = fakeRoller();
    const gmRolls = await rollOwnSide(
      hm3,
      "defender",
      true,
      (d) => hm3.choose(state, choice, d),
      all.roll,
    );
    expect(gmRolls.map((r) => r.name)).toEqual(all.calls.map((c) => c.split(":")[0]));
    expect(gmRolls.map((r) => r.name)).toContain("attack");
  });

  it("the GM's client drops the attacker's dice a defender sent and rolls them itself", async () => {
    const card = hm3Awaiting();
    const forged = chooseRolls(hm3, card, HM3_BLOCK, scripted({ attack: 100, defence: 5 }));
    const { calls, roll } = fakeRoller({ attack: [35], location: [47], impact: [4, 6] });
    const done = await completeChoiceRolls(
      hm3,
      card,
      submission(card, HM3_BLOCK, forged),
      bob,
      roll,
    );
    expect(calls[0]).toBe("attack:1d100");
    // The defender's own die it sent is not rolled again.
    expect(calls).not.toContain("defence:1d100");
    const byName = Object.fromEntries(done.rolls.map((r) => [r.name, r.values]));
    expect(byName.attack).toEqual([35]);
    expect(byName.defence).toEqual([5]);
    const next = submitChoice(hm3, card, done, gm, bob);
    expect(next.state).toBe("resolved");
    expect(next.rolls.find((r) => r.name === "attack")!.values).toEqual([35]);
  });

  it("a GM chooser's rolls are kept as sent; what submitChoice refuses is left to it, with nothing rolled", async () => {
    const card = hm3Awaiting();
    const rolls = chooseRolls(hm3, card, HM3_BLOCK, scripted(HM3_SCRIPT));
    const { calls, roll } = fakeRoller();
    const sent = submission(card, HM3_BLOCK, rolls);
    expect(await completeChoiceRolls(hm3, card, sent, gm, roll)).toBe(sent);
    // Not the chooser's side (Alice owns the attacker): her rolls are filtered, nothing is rolled.
    const notOwner = await completeChoiceRolls(hm3, card, sent, alice, roll);
    expect(notOwner.rolls.every((r) => hm3.rollSide!(r.name) === "defender")).toBe(true);
    expectFlow(() => submitChoice(hm3, card, notOwner, gm, alice), "notOwner");
    // A stale revision, and a choice that does not parse.
    const stale = { ...sent, revision: 7 };
    expect(await completeChoiceRolls(hm3, card, stale, bob, roll)).toBe(stale);
    const bad = submission(card, { type: "fly" }, []);
    const badDone = await completeChoiceRolls(hm3, card, bad, bob, roll);
    expect(() => submitChoice(hm3, card, badDone, gm, bob)).toThrow(FlowError);
    expect(calls).toEqual([]);
  });
});
