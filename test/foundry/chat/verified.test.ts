/**
 * The card shows only what the rules give (review M1, B2): its view is built from the card's
 * replay (declaration, choices, rolls), never from the stored result or pending choice, and a
 * card past `declared` that no GM wrote (a player's forged or rewritten card) shows as
 * unverified, with no result and no button.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../../src/core/flow";
import { exchangeCardContext, replayedCard } from "../../../src/foundry/chat/card-context";
import { targetView } from "../../../src/foundry/chat/target-view";
import { HM3_FOUNDRY } from "../../../src/foundry/rulesets/hm3";
import { a2Injury, applied, awaiting, declared, EVIL, viewer } from "./fixtures";

type Obj = Record<string, unknown>;

/** A copy of `card` whose stored result has HTML put into every string it holds. */
function poisoned(card: ExchangeCard): ExchangeCard {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return `${v}${EVIL}`;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object")
      return Object.fromEntries(Object.entries(v as Obj).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return { ...card, result: walk(card.result) as ExchangeCard["result"] };
}

const gm = viewer("gm");

describe("the card view comes from the replay (review M1)", () => {
  it("a stored result with HTML in every string gives the same view as the honest card", () => {
    const honest = a2Injury();
    const forged = poisoned(honest);
    expect(JSON.stringify(forged.result)).toContain(EVIL);
    const view = exchangeCardContext(forged, gm, HM3_FOUNDRY);
    // (The fixtures' names carry HTML too; they are escaped by the template, never in a tooltip.)
    expect(view).toEqual(exchangeCardContext(honest, gm, HM3_FOUNDRY));
  });

  it("a stored result with other effects shows the replayed effects (no forged advantage button)", () => {
    const honest = a2Injury();
    const forged: ExchangeCard = {
      ...honest,
      result: {
        ...honest.result!,
        effects: [{ type: "tacticalAdvantage", to: "attacker" }],
      } as ExchangeCard["result"],
    };
    expect(exchangeCardContext(forged, gm, HM3_FOUNDRY).advantages).toEqual(
      exchangeCardContext(honest, gm, HM3_FOUNDRY).advantages,
    );
  });

  it("replayedCard takes pending and result from the replay, by state", () => {
    const a = awaiting();
    const r = replayedCard(HM3_FOUNDRY, { ...a, pending: null, result: { junk: 1 } as never })!;
    expect(r.pending).toEqual(a.pending);
    expect(r.result).toBeNull();
    const done = a2Injury();
    expect(replayedCard(HM3_FOUNDRY, { ...done, result: null })!.result).toEqual(done.result);
    const d = declared();
    expect(replayedCard(HM3_FOUNDRY, { ...d, result: done.result })!.result).toBeNull();
  });

  it("a card whose state is not what its replay gives, or that does not replay, is unverified", () => {
    const a = awaiting();
    // Resolved by its state, but the replay still waits for the defence.
    expect(replayedCard(HM3_FOUNDRY, { ...a, state: "resolved" })).toBeNull();
    // Awaiting by its state, but the replay is resolved.
    expect(replayedCard(HM3_FOUNDRY, { ...a2Injury(), state: "awaitingDefence" })).toBeNull();
    // Dice that do not replay.
    const bad = { ...a2Injury(), rolls: [] };
    expect(replayedCard(HM3_FOUNDRY, bad)).toBeNull();
    const view = exchangeCardContext(bad, gm, HM3_FOUNDRY);
    expect(view.verified).toBe(false);
    expect(view.status.map((s) => s.text.i18n)).toEqual(["BLOWBYBLOW.Card.State.unverified"]);
  });
});

describe("a card no GM wrote (review B2)", () => {
  for (const [name, make] of [
    ["awaiting the defence", awaiting],
    ["resolved", a2Injury],
    ["applied", () => applied(a2Injury())],
  ] as const) {
    it(`${name}: unverified, no result, no button, for every viewer`, () => {
      for (const id of ["gm", "attacker", "defender", "other"] as const) {
        const view = exchangeCardContext(make(), viewer(id), HM3_FOUNDRY, {
          authorIsGM: false,
          applyMode: "ask",
        });
        expect(view.verified).toBe(false);
        expect(view.defence).toBeNull();
        expect(view.apply).toBeNull();
        expect(view.advantages).toEqual([]);
        expect(view.result).toEqual({});
        expect(view.attackTarget).toBeNull();
        expect(view.status).toEqual([
          { text: { i18n: "BLOWBYBLOW.Card.State.unverified" }, tone: "alert" },
        ]);
      }
    });
  }

  it("a declared card is the player's to make: shown as declared", () => {
    const view = exchangeCardContext(declared(), gm, HM3_FOUNDRY, { authorIsGM: false });
    expect(view.verified).toBe(true);
    expect(view.status.map((s) => s.text.i18n)).toEqual(["BLOWBYBLOW.Card.State.declared"]);
  });

  it("the same cards written by a GM are verified", () => {
    for (const card of [awaiting(), a2Injury(), applied(a2Injury())])
      expect(exchangeCardContext(card, gm, HM3_FOUNDRY, { authorIsGM: true }).verified).toBe(true);
  });
});

describe("target lines are labelled by the card's ruleset (review M2)", () => {
  it("a key the ruleset does not label shows the generic label, never the raw key", () => {
    const view = targetView(
      {
        baseKey: "skill",
        base: 12,
        modifiers: [
          { key: "gurps.retreat", value: 3, source: "s" },
          { key: "outnumbered", value: -10, source: "s" },
        ],
        raw: 5,
        value: 5,
      },
      { modifiers: { outnumbered: "BLOWBYBLOW.Modifier.outnumbered" }, bases: {} },
    );
    expect(view.base.label).toEqual({ i18n: "BLOWBYBLOW.Modifier.Base.other" });
    expect(view.lines.map((l) => l.label)).toEqual([
      { i18n: "BLOWBYBLOW.Modifier.other" },
      { i18n: "BLOWBYBLOW.Modifier.outnumbered" },
    ]);
  });

  it("the card reads the labels from its ruleset (HM3's for an HM3 card)", () => {
    const card = awaiting();
    const view = exchangeCardContext(card, gm, HM3_FOUNDRY);
    const keys = [view.attackTarget!.base.label, ...view.attackTarget!.lines.map((l) => l.label)];
    const langKeys = keys.flatMap((k) => (typeof k === "string" ? [] : [k.i18n]));
    expect(langKeys.length).toBeGreaterThan(1);
    for (const k of langKeys) expect(k).not.toMatch(/other$/);
  });
});
