/**
 * The GURPS Man to Man part of the exchange card (src/foundry/rulesets/m2m/card.ts) and its
 * turn card (card-turn.ts), from real results of `m2mFlow` through the core flow with scripted
 * dice (./m2m-fixtures.ts): the declaration, the defence prompt with each defence's full target
 * and the closed ones' reasons (C8, §6.6), All-Out Defence's first roll before the second
 * prompt, a miss, a block, an arm wound capped and crippling with a knockdown roll, a critical
 * hit with its table entry, a critical hit that kills through two death checks, a critical
 * miss, and the turn rolls. Every figure is the book's arithmetic, named in the fixtures.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../../src/core/flow";
import { runTurnEvent } from "../../../src/core/turns";
import { isLangText, localizeTree, type LangText } from "../../../src/foundry/chat/text";
import { exchangeCardContext } from "../../../src/foundry/chat/card-context";
import type { CardViewer, CardRuleset } from "../../../src/foundry/rulesets";
import { M2M_FOUNDRY } from "../../../src/foundry/rulesets/m2m";
import {
  m2mResultContext,
  M2M_RESULT_TEMPLATE,
  type M2mCardView,
  type M2mWoundView,
} from "../../../src/foundry/rulesets/m2m/card";
import { M2M_ROLL_LABELS, M2M_TARGET_LABELS } from "../../../src/foundry/rulesets/m2m/card-labels";
import { m2mTurnContext } from "../../../src/foundry/rulesets/m2m/card-turn";
import { m2mFlow, newFighterBlock } from "../../../src/rules/m2m/flow";
import type { CombatRules } from "../../../src/core/combat";
import { format, localize } from "../stand-ins/handlebars";
import * as F from "./m2m-fixtures";

const L = (value: unknown): unknown => localizeTree(value, localize, format);
const text = (value: LangText | string | null | undefined): string => String(L(value));
const ctx = (card: ExchangeCard, v: CardViewer = F.viewer("gm")): M2mCardView =>
  m2mResultContext(card, v);

function wound(view: M2mCardView, i = 0): M2mWoundView {
  const w = view.wounds[i];
  if (!w) throw new Error(`no wound ${i}`);
  return w;
}

const damageLines = (w: M2mWoundView) => w.damage.map((d) => [text(d.label), d.value]);

/** Every tooltip of a view, localised. */
function tooltips(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => tooltips(v, out));
  else if (value !== null && typeof value === "object" && !isLangText(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (/tip$/i.test(k) && isLangText(v)) out.push(text(v));
      else tooltips(v, out);
    }
  }
  return out;
}

describe("registration", () => {
  it("the m2m ruleset carries the card: its template and view builder, and its roll labels", () => {
    expect(M2M_FOUNDRY.card.resultTemplate).toBe(M2M_RESULT_TEMPLATE);
    expect(M2M_FOUNDRY.card.resultContext).toBe(m2mResultContext);
    expect(M2M_FOUNDRY.rollLabels).toBe(M2M_ROLL_LABELS);
    expect(M2M_ROLL_LABELS["death.3"]).toBe("BLOWBYBLOW.Card.M2M.Roll.death");
  });

  it("labels every roll the fixtures' exchanges make", () => {
    const names = [
      F.armWound(),
      F.criticalLeg(),
      F.criticalKill(),
      F.fumble(),
      F.secondPrompt(),
    ].flatMap((c) => c.rolls.map((r) => r.name));
    for (const name of names) expect(Object.hasOwn(M2M_ROLL_LABELS, name), name).toBe(true);
  });
});

describe("declared and awaiting the defence", () => {
  it("summarises the attack: damage, type and aim; All-Out Attack's +4", () => {
    const view = ctx(F.declared(F.declaration({ target: "right-arm" }), { attack: 10 }));
    expect(view.summary.map(text)).toEqual(["Damage 1+4 cutting, aimed at the right arm"]);
    expect(view.attackTarget).toMatchObject({ baseKey: "skill", base: 14, value: 12 });
    const aoa = F.acting(F.FRIEDRICK, newFighterBlock(14), { maneuver: "all-out-attack" });
    const all = ctx(
      F.declared(F.declaration({ target: "random", allOut: "plus-4" }, aoa), {
        location: 7,
        attack: 10,
      }),
    );
    expect(all.summary.map(text)).toEqual([
      "Damage 1+4 cutting, random hit location",
      "All-Out Attack: +4 to hit",
    ]);
  });

  it("shows the attack roll already made, with its itemised target", () => {
    const view = ctx(F.awaiting());
    expect(view.resolved).toBe(false);
    expect(view.rolls).toHaveLength(1);
    const a = view.rolls[0]!;
    expect([a.side, text(a.label), a.target, a.roll, text(a.outcome)]).toEqual([
      "attacker",
      "Attack",
      14,
      10,
      "Hit",
    ]);
    expect(a.name).toBe(F.ATTACKER_NAME);
    expect(a.breakdown).toMatchObject({ base: { value: 14 }, lines: [], value: 14 });
  });

  it("itemises a random swing's location penalty in the attack target (§8, ruling M2)", () => {
    const a = ctx(F.criticalLeg()).rolls[0]!;
    expect(a.target).toBe(12);
    expect((L(a.breakdown) as { lines: { label: string; value: string }[] }).lines).toEqual([
      { label: "Random location (left leg)", value: "\u22122", custom: false, cssClass: "" },
    ]);
  });

  it("lists each defence with its full target: active defence + modifiers + PD 3 (§6.1)", () => {
    const view = ctx(F.awaiting(), F.viewer("defender"));
    expect(view.options.map((o) => [o.option, text(o.label), o.value, o.closed, o.reason])).toEqual(
      [
        ["dodge", "Dodge", 7, false, null],
        ["dodge-retreat", "Dodge and retreat", 10, false, null],
        ["block", "Block", 7, false, null],
        ["parry:shortsword", "Parry", 9, false, null],
        ["none", "No active defence", 3, false, null],
      ],
    );
    const retreat = L(view.options[1]!.breakdown) as {
      base: { label: string; value: number };
      lines: { label: string; value: string }[];
    };
    expect(retreat.base).toEqual({ label: "Dodge", value: 4 });
    expect(retreat.lines.map((l) => [l.label, l.value])).toEqual([
      ["Retreat", "+3"],
      ["Passive defence (PD)", "+3"],
    ]);
  });

  it("shows closed defences with their localised reason (C8: retreat and block used this turn)", () => {
    const view = ctx(F.awaitingSpent());
    const closed = view.options.filter((o) => o.closed);
    expect(closed.map((o) => [o.option, text(o.reason), o.cssClass])).toEqual([
      ["dodge-retreat", "Already retreated this turn", "bbb-m2m-closed"],
      ["block", "Used up this turn", "bbb-m2m-closed"],
    ]);
  });

  it("hides the defender's options from a player who does not own him", () => {
    expect(ctx(F.awaiting(), F.viewer("attacker")).options).toEqual([]);
    expect(ctx(F.awaiting(), F.viewer("other")).options).toEqual([]);
    expect(ctx(F.awaiting(), F.viewer("other", { showDefenceTargets: true })).options).toHaveLength(
      5,
    );
  });

  it("All-Out Defence: the first roll is shown before the second prompt, and the same defence is closed (§6.6)", () => {
    const card = F.secondPrompt();
    expect(card.state).toBe("awaitingDefence");
    const view = ctx(card);
    expect(view.rolls.map((r) => [text(r.label), r.target, r.roll, text(r.outcome)])).toEqual([
      ["Attack", 14, 10, "Hit"],
      ["Defence: Dodge", 7, 12, "Failed"],
    ]);
    const said = `All-Out Defence: ${F.DEFENDER_NAME}'s Dodge rolled 12 against 7 and failed; a second, different defence may be tried.`;
    expect(text(view.secondPrompt)).toBe(said);
    expect(view.summary.map(text)).toEqual(["Damage 1+4 cutting, aimed at the torso", said]);
    expect(text(ctx(card, F.viewer("attacker")).secondPrompt)).toBe(
      `All-Out Defence: ${F.DEFENDER_NAME}'s Dodge rolled 12 and failed; a second, different defence may be tried.`,
    );
    const reasons = Object.fromEntries(view.options.map((o) => [o.option, text(o.reason)]));
    expect(reasons.dodge).toBe("All-Out Defence: the second roll must use a different defence");
    expect(reasons["parry:shortsword"]).toBe("null");
  });

  it("a second-defence card resolves: the second roll is labelled as such", () => {
    const done = F.defend(F.secondPrompt(), "block", { "defence.2": 6 });
    const view = ctx(done);
    expect(view.rolls.map((r) => [text(r.label), r.target, r.roll, text(r.outcome)])).toEqual([
      ["Attack", 14, 10, "Hit"],
      ["Defence: Dodge", 7, 12, "Failed"],
      ["Second defence: Block", 7, 6, "Defended"],
    ]);
    expect(text(view.noHit)).toBe("No hit: no damage.");
  });
});

describe("resolved", () => {
  it("a miss: the attack roll and no damage", () => {
    const view = ctx(F.miss());
    expect(view.resolved).toBe(true);
    expect(view.rolls.map((r) => [r.roll, text(r.outcome), r.cssClass])).toEqual([
      [16, "Miss", "bbb-failure"],
    ]);
    expect(view.wounds).toEqual([]);
    expect(text(view.noHit)).toBe("No hit: no damage.");
  });

  it("a block: 7 against Block 4 + PD 3", () => {
    const view = ctx(F.blocked());
    expect(view.rolls[1]).toMatchObject({ side: "defender", target: 7, roll: 7 });
    expect(text(view.rolls[1]!.label)).toBe("Defence: Block");
    expect(view.rolls[1]!.name).toBe(F.DEFENDER_NAME);
  });

  it("an arm wound: damage, DR, penetration, ×1.5, crippling cap 6 of 13, HP 10 → 4, knockdown (L3699, L1868)", () => {
    const w = wound(ctx(F.armWound()));
    expect(text(w.location.text)).toBe("Hit location: right arm");
    expect(damageLines(w)).toEqual([
      ["Damage dice", "6 + 4 = 10"],
      ["DR", 1],
      ["Penetrating damage", 9],
      ["Wounding multiplier", "\u00d71.5"],
      ["Injury", 13],
      ["Crippling cap", 6],
      ["Injury taken", 6],
      ["Knockback (hexes)", 1],
    ]);
    expect(w.hp).toMatchObject({ before: 10, after: 4 });
    expect(text(w.hp!.text)).toBe("HP 10 \u2192 4");
    expect(w.checks.map((c) => [text(c.label), c.roll, c.target, text(c.verdict)])).toEqual([
      ["Knockdown (HT)", 12, 10, "falls, stunned"],
    ]);
    expect(w.lines.map((l) => text(l.text))).toEqual([
      "Shock: \u22126 to his attacks next turn",
      "Major wound (over HT/2): knockdown roll",
      "Stunned",
      "Crippled: right arm",
    ]);
  });

  it("hides the defender's HT targets from a player who does not own him", () => {
    const w = wound(ctx(F.armWound(), F.viewer("attacker")));
    expect(w.checks[0]).toMatchObject({ target: null, hidden: true, roll: 12 });
    expect(ctx(F.armWound(), F.viewer("attacker")).rolls[1]).toMatchObject({
      target: null,
      hidden: true,
    });
  });

  it("a critical hit: no defence; the table, its roll and entry (§10.1 5: ×3), a random leg capped", () => {
    const view = ctx(F.criticalLeg());
    expect(view.rolls.map((r) => [r.roll, text(r.outcome), r.cssClass])).toEqual([
      [3, "Critical hit", "bbb-success bbb-critical"],
    ]);
    expect(text(view.criticalHit!.table)).toBe("Critical Hit Table");
    expect(view.criticalHit!.roll).toBe(5);
    expect(view.criticalHit!.entry.map(text)).toEqual(["Normal damage", "Basic damage \u00d73"]);
    const w = wound(view);
    expect(text(w.location.text)).toBe("Hit location: rolled 10, left leg");
    expect(damageLines(w)).toEqual([
      ["Damage dice", "3 + 4 = 7"],
      ["Basic damage", 21],
      ["Critical multiplier", "\u00d73"],
      ["DR", 1],
      ["Penetrating damage", 20],
      ["Wounding multiplier", "\u00d71.5"],
      ["Injury", 30],
      ["Crippling cap", 6],
      ["Injury taken", 6],
    ]);
    expect(w.lines.map((l) => text(l.text))).toContain("Crippled: left leg");
  });

  it("a killing blow: HP 10 → −20, death checks at −10 (survives) and −15 (dies) against HT 10 (L3641)", () => {
    const w = wound(ctx(F.criticalKill()));
    expect(w.hp).toMatchObject({ before: 10, after: -20 });
    expect(
      w.checks.map((c) => [text(c.label), c.roll, c.target, text(c.verdict), c.failed]),
    ).toEqual([
      ["Death check at -10 HP (HT)", 9, 10, "survives", false],
      ["Death check at -15 HP (HT)", 12, 10, "dies", true],
    ]);
    const lines = w.lines.map((l) => text(l.text));
    expect(lines).toContain("Unconscious (below 0 HP)");
    expect(lines).toContain("Dead");
    expect(damageLines(w).map(([label]) => label)).not.toContain("Crippling cap");
  });

  it("a critical miss: the table, its roll and entry (§10.3 9: drops the weapon)", () => {
    const view = ctx(F.fumble());
    expect(view.rolls.map((r) => [r.roll, text(r.outcome)])).toEqual([[18, "Critical miss"]]);
    expect(text(view.criticalMiss!.heading)).toBe(`Critical Miss Table: ${F.ATTACKER_NAME}`);
    expect(view.criticalMiss!.roll).toBe(9);
    expect(view.criticalMiss!.entry.map(text)).toEqual(["Drops the weapon"]);
    expect(view.wounds).toEqual([]);
  });

  it("a critical miss that hits the fumbler: his own wound, HP 14 → 7 (§10.3 5, L2603-2604)", () => {
    const view = ctx(F.hitSelf());
    expect(view.criticalMiss!.entry.map(text)).toEqual(["Hits himself"]);
    expect(view.wounds.map((w) => w.kind)).toEqual(["self"]);
    const w = wound(view);
    expect(text(w.heading)).toBe(`${F.ATTACKER_NAME} hits himself`);
    expect(text(w.location.text)).toBe("Hit location: right arm");
    expect(damageLines(w)).toEqual([
      ["Damage dice", "5 + 4 = 9"],
      ["DR", 4],
      ["Penetrating damage", 5],
      ["Wounding multiplier", "\u00d71.5"],
      ["Injury", 7],
      ["Crippling cap", 8],
      ["Injury taken", 7],
      ["Knockback (hexes)", 1],
    ]);
    expect(w.hp).toMatchObject({ before: 14, after: 7 });
    expect(text(view.noHit)).toBe("No hit: no damage.");
  });

  it("a critical defence: the attacker rolls on the Critical Miss Table (§6.7, L2596)", () => {
    const view = ctx(F.criticalDodge());
    expect(view.rolls.map((r) => [r.roll, text(r.outcome), r.cssClass])).toEqual([
      [10, "Hit", "bbb-success"],
      [3, "Critical success", "bbb-success bbb-critical"],
    ]);
    expect(view.defenceCritical.map((l) => text(l.text))).toEqual([
      "Critical defence: the attacker rolls on the Critical Miss Table.",
    ]);
    expect(view.criticalMiss!.roll).toBe(13);
    expect(view.criticalMiss!.entry.map(text)).toEqual(["Loses his balance"]);
  });

  it("a critically failed dodge: he falls (§6.7, L2594), and the blow lands", () => {
    const view = ctx(F.dodgeFall());
    expect(view.defenceCritical.map((l) => text(l.text))).toEqual([
      "Critical failure dodging: the defender loses his footing and falls.",
    ]);
    const w = wound(view);
    expect(w.hp).toMatchObject({ before: 10, after: 4 });
    expect(w.checks.map((c) => [c.roll, c.target, text(c.verdict)])).toEqual([[8, 10, "stays up"]]);
  });

  it("a critical head blow: the Head Blow Table (§10.2 4): no damage, knocked unconscious", () => {
    const view = ctx(F.headBlow());
    expect(view.rolls[0]).toMatchObject({ target: 9, roll: 3 });
    expect(text(view.criticalHit!.table)).toBe("Critical Head Blow Table");
    expect(view.criticalHit!.entry.map(text)).toEqual([
      "No damage",
      "Knocked unconscious",
      "HT roll every 30 minutes to wake",
    ]);
    const w = wound(view);
    expect(damageLines(w)).toEqual([
      ["Damage dice", "3 + 4 = 7"],
      ["Injury taken", 0],
    ]);
    expect(w.hp).toMatchObject({ before: 10, after: 10 });
    expect(w.lines.map((l) => text(l.text))).toEqual(["Unconscious (critical result)"]);
  });

  it("tooltips name rules only, never user text", () => {
    for (const card of [F.armWound(), F.criticalKill(), F.fumble(), F.awaitingSpent()]) {
      const tips = tooltips(ctx(card));
      expect(tips.length).toBeGreaterThan(0);
      for (const tip of tips) expect(tip).not.toMatch(/<|Friedrick|Pierre|Axe|BLOWBYBLOW/);
    }
  });

  it("a card that does not replay gives an empty view, not an error", () => {
    const card = { ...F.armWound(), rolls: [] };
    const view = ctx(card);
    expect(view.resolved).toBe(false);
    expect(view.rolls).toEqual([]);
    expect(view.summary).toEqual([]);
  });
});

describe("through the generic card (card-context.ts)", () => {
  const fr = {
    ...M2M_FOUNDRY,
    ruleset: m2mFlow,
    combat: { labels: M2M_TARGET_LABELS } as unknown as CombatRules,
  } as unknown as CardRuleset;

  it("gives the defender's owner one button per defence with its full target, closed ones disabled with the reason", () => {
    const view = exchangeCardContext(F.awaitingSpent(), F.viewer("defender"), fr);
    expect(
      view.defence!.buttons.map((b) => [b.option, text(b.target), b.disabled, text(b.reason)]),
    ).toEqual([
      ["dodge", "target 7", false, "null"],
      ["dodge-retreat", "target 7", true, "Already retreated this turn"],
      ["block", "target 7", true, "Used up this turn"],
      ["parry:shortsword", "target 9", false, "null"],
      ["none", "target 3", false, "null"],
    ]);
    expect(view.summary.map((s) => text(s as LangText))).toEqual([
      "Damage 1+4 cutting, aimed at the torso",
    ]);
  });

  it("lists the dice with their m2m roll names", () => {
    const card = F.armWound();
    card.context.rolledBy = Object.fromEntries(card.rolls.map((r) => [r.name, { by: "gm" }]));
    const view = exchangeCardContext(card, F.viewer("gm"), fr);
    expect(view.dice.map((d) => text(d).split(" (")[0])).toEqual(
      card.rolls.map((r) => localize(M2M_ROLL_LABELS[r.name]!)),
    );
  });
});

describe("turn card (m2mTurns, §9.2-9.3)", () => {
  const stunned = () => {
    const b = newFighterBlock(10);
    F.data(b).conditions = [
      { condition: "stunned", cause: "wound", until: "recovered", armed: false },
    ];
    return b;
  };

  it("a failed stun recovery: the roll against HT and 'cannot act'", () => {
    const out = runTurnEvent(m2mFlow, stunned(), "turnStart", F.fixed({ stunRecovery: 11 }));
    const view = m2mTurnContext(out, F.DEFENDER_NAME, F.viewer("gm"), false);
    expect(text(view.heading)).toBe(`${F.DEFENDER_NAME}'s turn begins`);
    expect(view.checks.map((c) => [text(c.label), c.roll, c.target, text(c.verdict)])).toEqual([
      ["HT roll to recover from stun", 11, 10, "failed"],
    ]);
    expect(view.lines.map((l) => text(l.text))).toEqual([
      `${F.DEFENDER_NAME} cannot act this turn.`,
    ]);
  });

  it("a recovered stun ends the condition", () => {
    const out = runTurnEvent(m2mFlow, stunned(), "turnStart", F.fixed({ stunRecovery: 9 }));
    const view = m2mTurnContext(out, F.DEFENDER_NAME, F.viewer("defender"), true);
    expect(view.checks.map((c) => text(c.verdict))).toEqual(["passed"]);
    expect(view.lines.map((l) => text(l.text))).toEqual(["No longer: Stunned"]);
  });

  it("at 0 HP a failed consciousness roll: unconscious, out of the fight (L1874)", () => {
    const out = runTurnEvent(
      m2mFlow,
      newFighterBlock(10, 0),
      "turnStart",
      F.fixed({ consciousness: 12 }),
    );
    const view = m2mTurnContext(out, F.DEFENDER_NAME, F.viewer("other"), false);
    expect(view.checks.map((c) => [text(c.label), c.roll, c.target, c.hidden])).toEqual([
      ["HT roll to stay conscious at 0 HP", 12, null, true],
    ]);
    expect(view.lines.map((l) => text(l.text))).toEqual([
      "Now: Unconscious",
      `${F.DEFENDER_NAME} is out of the fight.`,
    ]);
  });

  it("a turn end with nothing to roll says so; shock ending is named", () => {
    const b = newFighterBlock(10);
    F.data(b).conditions = [
      { condition: "shocked", cause: "wound", value: 2, until: "endOfNextTurn", armed: true },
    ];
    const out = runTurnEvent(m2mFlow, b, "turnEnd", F.fixed({}));
    const view = m2mTurnContext(out, F.DEFENDER_NAME, F.viewer("gm"), false);
    expect(text(view.heading)).toBe(`${F.DEFENDER_NAME}'s turn ends`);
    expect(view.lines.map((l) => text(l.text))).toEqual(["No longer: Shocked (penalty next turn)"]);
    const quiet = runTurnEvent(m2mFlow, newFighterBlock(10), "turnEnd", F.fixed({}));
    expect(
      m2mTurnContext(quiet, "x", F.viewer("gm"), false).lines.map((l) => text(l.text)),
    ).toEqual(["Nothing to roll."]);
  });
});
