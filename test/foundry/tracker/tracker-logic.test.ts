/**
 * The combat tracker's pure decisions (src/foundry/combat/tracker-logic.ts): tactical
 * advantage per character turn (hm3.md §2, "Only one tactical advantage per character turn;
 * a second one in the same turn ends the turn"), which combatants an incapacitating condition
 * marks defeated, and the conditions markup under a combatant's name.
 */
import { describe, expect, it } from "vitest";
import { CONDITION_EFFECTS } from "../../../src/foundry/config";
import {
  advantageDecision,
  advantagesThisTurn,
  combatantConditions,
  conditionsMarkup,
  defeatedUpdates,
  freshTurn,
  isIncapacitated,
  turnKey,
} from "../../../src/foundry/combat/tracker-logic";

describe("tactical advantage per character turn (hm3.md §2)", () => {
  it("keys a character turn by round and turn", () => {
    expect(turnKey(1, 0)).toBe("1.0");
    expect(turnKey(3, 12)).toBe("3.12");
    expect(turnKey(1, 2)).not.toBe(turnKey(12, 0));
  });

  it("gives the first advantage of a turn an extra action and records it for that turn", () => {
    const first = advantageDecision(freshTurn("2.1"), "2.1");
    expect(first).toEqual({ outcome: "extraAction", state: { advantages: 1, turnKey: "2.1" } });
  });

  it("refuses a second advantage in the same character turn and keeps the count", () => {
    const first = advantageDecision({ advantages: 0, turnKey: "" }, "2.1");
    const second = advantageDecision(first.state, "2.1");
    expect(second.outcome).toBe("refused");
    expect(second.state).toEqual({ advantages: 1, turnKey: "2.1" });
    expect(advantageDecision(second.state, "2.1").outcome).toBe("refused");
  });

  it("counts an advantage stored for another turn as none (next turn, next round)", () => {
    const taken = { advantages: 1, turnKey: "2.1" };
    expect(advantagesThisTurn(taken, "2.1")).toBe(1);
    expect(advantagesThisTurn(taken, "2.2")).toBe(0);
    expect(advantagesThisTurn(taken, "3.1")).toBe(0);
    expect(advantageDecision(taken, "2.2").outcome).toBe("extraAction");
    expect(advantageDecision(taken, "3.1")).toEqual({
      outcome: "extraAction",
      state: { advantages: 1, turnKey: "3.1" },
    });
  });

  it("treats missing or bad stored data as no advantage taken", () => {
    expect(advantagesThisTurn(null, "1.0")).toBe(0);
    expect(advantagesThisTurn(undefined, "1.0")).toBe(0);
    expect(advantagesThisTurn({ turnKey: "1.0" }, "1.0")).toBe(0);
    expect(advantagesThisTurn({ advantages: Number.NaN, turnKey: "1.0" }, "1.0")).toBe(0);
    expect(advantagesThisTurn({ advantages: -2, turnKey: "1.0" }, "1.0")).toBe(0);
    expect(advantageDecision(null, "1.0").outcome).toBe("extraAction");
  });

  it("starts a turn with nothing taken", () => {
    expect(freshTurn("4.0")).toEqual({ advantages: 0, turnKey: "4.0" });
    expect(advantageDecision(freshTurn("4.0"), "4.0").outcome).toBe("extraAction");
  });
});

describe("defeated combatants", () => {
  const incapacitating = ["shock", "unconscious", "dead"];
  const combatants = [
    { id: "c1", defeated: false, actorUuid: "Actor.a" },
    { id: "c2", defeated: false, actorUuid: "Actor.b" },
    { id: "c3", defeated: true, actorUuid: "Actor.a" },
    { id: "c4", defeated: false, actorUuid: "Actor.a" },
    { id: "c5", defeated: false, actorUuid: null },
  ];

  it("tells whether statuses hold an incapacitating condition", () => {
    expect(isIncapacitated(["prone", "shock"], incapacitating)).toBe(true);
    expect(isIncapacitated(new Set(["dead"]), incapacitating)).toBe(true);
    expect(isIncapacitated(["prone", "stunned"], incapacitating)).toBe(false);
    expect(isIncapacitated([], incapacitating)).toBe(false);
  });

  it("marks every combatant of the actor not yet defeated, and only those", () => {
    expect(defeatedUpdates(combatants, "Actor.a", ["shock"], incapacitating)).toEqual([
      { _id: "c1", defeated: true },
      { _id: "c4", defeated: true },
    ]);
  });

  it("marks nothing when the actor is not incapacitated", () => {
    expect(defeatedUpdates(combatants, "Actor.a", ["prone", "bleeding"], incapacitating)).toEqual(
      [],
    );
  });

  it("is idempotent: nothing left to mark once every combatant is defeated", () => {
    const done = combatants.map((c) => (c.actorUuid === "Actor.a" ? { ...c, defeated: true } : c));
    expect(defeatedUpdates(done, "Actor.a", ["dead"], incapacitating)).toEqual([]);
  });

  it("tells unlinked tokens' synthetic actors apart by their UUID", () => {
    const tokens = [
      { id: "t1", defeated: false, actorUuid: "Scene.s.Token.t1.Actor.a" },
      { id: "t2", defeated: false, actorUuid: "Scene.s.Token.t2.Actor.a" },
    ];
    expect(
      defeatedUpdates(tokens, "Scene.s.Token.t2.Actor.a", ["unconscious"], incapacitating),
    ).toEqual([{ _id: "t2", defeated: true }]);
  });
});

describe("conditions shown in the tracker", () => {
  const localize = (key: string) => `«${key}»`;

  it("lists the system's conditions the actor has, in status-effect order, localised", () => {
    const views = combatantConditions(["prone", "invisible", "shock"], CONDITION_EFFECTS, localize);
    expect(views).toEqual([
      { id: "shock", label: "«BLOWBYBLOW.Condition.shock»", img: "icons/svg/lightning.svg" },
      { id: "prone", label: "«BLOWBYBLOW.Condition.prone»", img: "icons/svg/falling.svg" },
    ]);
  });

  it("lists nothing for an actor without the system's conditions", () => {
    expect(combatantConditions(["invisible", "blind"], CONDITION_EFFECTS, localize)).toEqual([]);
    expect(
      conditionsMarkup({ conditions: [], advantage: null, conditionsLabel: "Conditions" }),
    ).toBe("");
  });

  it("shows each condition as a labelled icon with its name in the tooltip", () => {
    const html = conditionsMarkup({
      conditions: [{ id: "shock", label: "Shock", img: "icons/svg/lightning.svg" }],
      advantage: null,
      conditionsLabel: "Conditions",
    });
    expect(html).toBe(
      '<ul class="bbb-tracker-conditions plain" aria-label="Conditions">' +
        '<li class="bbb-tracker-condition" data-condition="shock" data-tooltip="Shock">' +
        '<img src="icons/svg/lightning.svg" alt=""><span class="bbb-tracker-label">Shock</span></li></ul>',
    );
  });

  it("marks a turn whose tactical advantage is taken", () => {
    const html = conditionsMarkup({
      conditions: [],
      advantage: "Tactical advantage taken this turn",
      conditionsLabel: "Conditions",
    });
    expect(html).toContain(
      '<li class="bbb-tracker-advantage" data-tooltip="Tactical advantage taken this turn" aria-label="Tactical advantage taken this turn">',
    );
    expect(html).not.toContain('bbb-tracker-condition"');
  });

  it("escapes what it writes, even from a translation", () => {
    const html = conditionsMarkup({
      conditions: [{ id: "shock", label: '"><script>x</script>', img: "a.svg" }],
      advantage: "<b>",
      conditionsLabel: "C&D",
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain('data-tooltip="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).toContain('aria-label="C&amp;D"');
  });
});
