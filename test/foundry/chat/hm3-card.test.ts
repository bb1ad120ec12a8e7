/**
 * The HM3 part of the exchange card (src/foundry/rulesets/hm3/card.ts) from real results of
 * the HM3 engine (`resolveExchange` through the flow, scripted dice, ./fixtures.ts): a miss,
 * A★2 with an injury and shock, B★2 with both strikes, a counterstrike D★2, a Block with its
 * weapon damage rolls (R5, R31), DTA, the matrix's fumble and stumble rolls, a kill with and
 * without the kill roll, an amputation called for (R30, the GM's button), fire on quilt (R12),
 * the MF/Ignore erratum, a wild missile and a creature plan's location names. Every figure is
 * checked against seed 003 (lines named) and every tooltip names its rule without user text.
 * The defender's targets are hidden from players who do not own the defender.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../../src/core/flow";
import { isLangText, localizeTree, type LangText } from "../../../src/foundry/chat/text";
import { displayCode, hm3ResultContext } from "../../../src/foundry/rulesets/hm3/card";
import { HM3_RULE_KEY } from "../../../src/foundry/rulesets/hm3/card-keys";
import type {
  CheckView,
  Hm3CardView,
  StrikeView,
} from "../../../src/foundry/rulesets/hm3/card-views";
import type { CardViewer } from "../../../src/foundry/rulesets";
import { format, localize } from "../stand-ins/handlebars";
import * as F from "./fixtures";

const L = (value: unknown): unknown => localizeTree(value, localize, format);
const text = (value: LangText | string | null | undefined): string => String(L(value));

function ctx(card: ExchangeCard, v: CardViewer = F.viewer("gm")): Hm3CardView {
  return hm3ResultContext(card, v);
}

function strike(view: Hm3CardView, i = 0): StrikeView {
  const s = view.strikes[i];
  if (!s) throw new Error(`no strike ${i}`);
  return s;
}

/** Every tooltip (`tip`, `targetTip`, `meaningTip`) of a view, localised. */
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

function checkSummary(c: CheckView) {
  return {
    label: text(c.label),
    dice: c.dice,
    total: c.total,
    target: c.target,
    failed: c.failed,
    outcome: c.outcome ? text(c.outcome) : null,
  };
}

describe("before the result", () => {
  it("shows the declared attack and its target, and nothing resolved", () => {
    const view = ctx(F.awaiting());
    expect(view.resolved).toBe(false);
    expect(view.summary.map(text)).toEqual(["Edge, aimed Mid, impact 5"]);
    expect(view.attackTarget).toMatchObject({ baseKey: "aml", base: 80, raw: 70, value: 70 });
    expect(view.rolls).toEqual([]);
    expect(view.matrix).toBeNull();
    expect(view.strikes).toEqual([]);
  });

  it("names a missile attack as such", () => {
    const card = F.awaiting(F.declaration({ type: "missile", aspect: "point", impact: 8 }));
    expect(ctx(card).summary.map(text)).toEqual(["Missile, Point, aimed Mid, impact 8"]);
  });
});

describe("a miss (seed 003 line 9: MS against Dodge MS is •)", () => {
  const view = ctx(F.miss());

  it("shows both rolls with target, roll and level", () => {
    expect(view.resolved).toBe(true);
    expect(
      view.rolls.map((r) => [r.side, text(r.label), r.target, r.roll, r.level, text(r.levelLabel)]),
    ).toEqual([
      ["attacker", "Attack", 70, 33, "MS", "Marginal Success"],
      ["defender", "Defence: Dodge", 60, 22, "MS", "Marginal Success"],
    ]);
    expect(view.rolls[0]!.name).toBe(F.ATTACKER_NAME);
    expect(view.rolls[0]!.levelClass).toBe("bbb-success");
  });

  it("gives the matrix cell, its meaning and the rule", () => {
    expect(view.matrix?.code).toBe("\u2022");
    expect(text(view.matrix?.meaning)).toBe("Miss or standoff.");
    expect(view.matrix?.tip).toEqual({
      i18n: HM3_RULE_KEY.matrixMelee,
      data: {
        line: 9,
        attack: "MS",
        defence: { i18n: "BLOWBYBLOW.HM3.Defence.dodge" },
        level: "MS",
      },
    });
    expect(text(view.matrix?.meaningTip)).toBe("Seed 003, KEY of the matrix, line 23.");
    expect(view.strikes).toEqual([]);
  });
});

describe("A★2 with an injury and shock", () => {
  const view = ctx(F.a2Injury());
  const s = strike(view);

  it("reads the matrix: attacker CS, Block MF (seed 003 line 10)", () => {
    expect(view.matrix?.code).toBe("A\u26052");
    expect(text(view.matrix?.meaning)).toBe("The attacker strikes (2d6).");
    expect(text(view.matrix?.tip)).toBe(
      "Melee attack matrix, seed 003 line 10: attacker CS, Block MF.",
    );
    expect(text(view.matrix?.meaningTip)).toBe("Seed 003, KEY of the matrix, line 13.");
  });

  it("itemises the attack target, the user's modifier label as typed", () => {
    const b = view.rolls[0]!.breakdown!;
    expect(text(b.base.label)).toBe("AML");
    expect(
      b.lines.map((l) => [typeof l.label === "string" ? l.label : text(l.label), l.value]),
    ).toEqual([
      ["Physical Penalty", "\u22125"],
      [F.EVIL, "\u22125"],
    ]);
  });

  it("delivers the strike: thorax (mid 47), 4 + 6 + 5 = 15, armour 8, 7 → S2 (line 103)", () => {
    expect(text(s.heading)).toBe(`${F.ATTACKER_NAME} strikes ${F.DEFENDER_NAME} (2d6)`);
    expect(text(s.location.label)).toBe("Thorax");
    expect(s.location.roll).toBe(47);
    expect(s.location.tip).toEqual({
      i18n: HM3_RULE_KEY.location,
      data: { zone: { i18n: "BLOWBYBLOW.ActorSheet.Aim.mid" } },
    });
    expect(s.face).toBeNull();
    expect(text(s.aspect)).toBe("Edge");
    expect(s.impact).toMatchObject({ rolls: "4 + 6", weapon: 5, total: 15 });
    expect(text(s.impact.sum)).toBe("4 + 6 + 5");
    expect(s.armour.value).toBe(8);
    expect(s.effective.value).toBe(7);
    expect(s.injury).toMatchObject({
      code: "S2",
      cell: "S2",
      cssClass: "bbb-injury-S",
      tableCode: null,
    });
    expect(text(s.injury!.severity)).toBe("Serious (S)");
    expect(text(s.injury!.tip)).toBe("Injury table, seed 003 line 103, effective impact 5+: S2.");
    expect(s.noInjury).toBeNull();
    expect(s.killed).toBeNull();
  });

  it("shows the shock roll: 2d6 (UP with the new S2) = 11 above Endurance 8: shock", () => {
    expect(s.checks.map(checkSummary)).toEqual([
      {
        label: "Shock roll",
        dice: "2d6: 6 5",
        total: 11,
        target: 8,
        failed: true,
        outcome: "In shock.",
      },
    ]);
    expect(s.checks[0]!.tip.i18n).toBe(HM3_RULE_KEY.shock);
  });

  it("hides the defender's targets (DML, Endurance) from players who do not own the defender", () => {
    for (const id of ["attacker", "other"] as const) {
      const hidden = ctx(F.a2Injury(), F.viewer(id));
      expect(hidden.rolls[0]!.target).toBe(70);
      expect(hidden.rolls[1]).toMatchObject({
        target: null,
        hidden: true,
        breakdown: null,
        roll: 62,
      });
      expect(strike(hidden).checks[0]).toMatchObject({
        target: null,
        hidden: true,
        total: 11,
        failed: true,
      });
    }
    for (const v of [
      F.viewer("defender"),
      F.viewer("gm"),
      F.viewer("other", { showDefenceTargets: true }),
    ]) {
      const shown = ctx(F.a2Injury(), v);
      expect(shown.rolls[1]).toMatchObject({ target: 60, hidden: false });
      expect(strike(shown).checks[0]!.target).toBe(8);
    }
  });
});

describe("B★2: both strike (seed 003 line 10, CS against Counterstrike CS)", () => {
  const view = ctx(F.bothStrike());

  it("resolves both strikes, each with its striker, victim and figures", () => {
    expect(view.matrix?.code).toBe("B\u26052");
    expect(text(view.matrix?.meaning)).toBe("Both strike (2d6 each).");
    expect(view.strikes.map((s) => s.by)).toEqual(["attacker", "defender"]);
    const [a, d] = [strike(view, 0), strike(view, 1)];
    expect(text(a.heading)).toBe(`${F.ATTACKER_NAME} strikes ${F.DEFENDER_NAME} (2d6)`);
    expect([
      text(a.location.label),
      a.impact.total,
      a.armour.value,
      a.effective.value,
      a.injury?.code,
    ]).toEqual(["Thorax", 11, 8, 3, "M1"]);
    expect(text(a.injury?.tip)).toBe("Injury table, seed 003 line 103, effective impact 1+: M1.");
    expect(text(d.heading)).toBe(`${F.DEFENDER_NAME} strikes ${F.ATTACKER_NAME} (2d6)`);
    // The counterstrike aimed High: skull on 5 (seed 003 line 55), blunt 4 + 2 + 2 = 8 → S2 (line 95).
    expect([
      text(d.location.label),
      d.location.roll,
      d.impact.total,
      d.armour.value,
      d.injury?.code,
    ]).toEqual(["Skull", 5, 8, 0, "S2"]);
    expect(text(d.aspect)).toBe("Blunt");
    expect(text(d.location.tip)).toContain("High column");
    expect(text(d.injury?.tip)).toBe("Injury table, seed 003 line 95, effective impact 5+: S2.");
    expect(d.checks.map(checkSummary)).toEqual([
      { label: "Shock roll", dice: "2d6: 1 1", total: 2, target: 12, failed: false, outcome: null },
    ]);
  });

  it("hides only the defender's targets: the counterstrike's victim is the attacker", () => {
    const other = ctx(F.bothStrike(), F.viewer("other"));
    expect(strike(other, 0).checks[0]!.target).toBeNull(); // the defender's shock (END)
    expect(strike(other, 1).checks[0]!.target).toBe(12); // the attacker's shock
  });
});

describe("a counterstrike D★2 (seed 003 line 7: CF against Counterstrike MS)", () => {
  const view = ctx(F.counterstrike());

  it("has the defender strike the attacker", () => {
    expect(view.rolls.map((r) => r.level)).toEqual(["CF", "MS"]);
    expect(view.rolls[0]!.levelClass).toBe("bbb-failure bbb-critical");
    expect(view.matrix?.code).toBe("D\u26052");
    expect(text(view.matrix?.tip)).toBe(
      "Melee attack matrix, seed 003 line 7: attacker CF, Counterstrike MS.",
    );
    expect(text(view.matrix?.meaningTip)).toBe("Seed 003, KEY of the matrix, line 14.");
    const d = strike(view);
    expect(d.by).toBe("defender");
    expect([text(d.location.label), d.impact.rolls, d.impact.total, d.injury?.code]).toEqual([
      "Skull",
      "1 + 2",
      7,
      "S2",
    ]);
    expect(text(d.impact.tip)).toBe("2d6 plus the weapon's Blunt impact (hm3.md §2, Strike).");
  });
});

describe("Block (seed 003 line 22): weapon damage rolls", () => {
  it("rolls the defender's weapon first at equal WQ (R5); a failed roll costs 1 WQ (R31)", () => {
    const view = ctx(F.blocked());
    expect(view.matrix?.code).toEqual({ i18n: "BLOWBYBLOW.Card.HM3.Code.block" });
    expect(text(view.matrix?.meaning)).toBe("Blocked: weapon damage rolls.");
    expect(view.strikes).toEqual([]);
    expect(view.sideChecks.map((c) => [c.kind, c.side, text(c.who)])).toEqual([
      ["weaponDamage", "defender", `${F.DEFENDER_NAME}'s weapon`],
      ["weaponDamage", "attacker", `${F.ATTACKER_NAME}'s weapon`],
    ]);
    expect(view.sideChecks.map(checkSummary)).toEqual([
      {
        label: "Weapon damage roll",
        dice: "3d6: 1 2 3",
        total: 6,
        target: 12,
        failed: false,
        outcome: null,
      },
      {
        label: "Weapon damage roll",
        dice: "3d6: 6 6 5",
        total: 17,
        target: 12,
        failed: true,
        outcome: "Damaged: WQ 12 \u2192 11.",
      },
    ]);
    expect(view.sideChecks[0]!.tip.i18n).toBe(HM3_RULE_KEY.weaponDamage);
  });

  it("breaks the WQ 1 shield and rolls no more (hm3.md §2, R31)", () => {
    const view = ctx(F.blockBreaks());
    expect(view.sideChecks.map((c) => [c.side, c.failed, text(c.outcome)])).toEqual([
      ["defender", true, "Broken."],
    ]);
  });

  it("hides the defender's WQ from players who do not own the defender", () => {
    const view = ctx(F.blocked(), F.viewer("attacker"));
    expect(view.sideChecks.map((c) => c.target)).toEqual([null, 12]);
    const hidden = ctx(F.blockBreaks(), F.viewer("other"));
    expect(hidden.sideChecks[0]).toMatchObject({ target: null, hidden: true });
  });

  it("says when a weapon has no WQ to roll against (R5)", () => {
    const view = ctx(
      F.resolved(
        { type: "block", eml: F.defenceEml() },
        { attack: 71, defence: 61, attackerWeaponDamage: [1, 1, 1] },
      ),
    );
    expect(view.weaponDamageSkipped.map((w) => text(w.text))).toEqual([
      `${F.DEFENDER_NAME}'s weapon has no known WQ: no weapon damage roll.`,
    ]);
    expect(view.weaponDamageSkipped[0]!.tip.i18n).toBe(HM3_RULE_KEY.weaponDamageSkipped);
  });
});

describe("DTA (seed 003 line 7: CF against Block MS)", () => {
  it("gives the defender the tactical advantage", () => {
    const view = ctx(F.dta());
    expect(view.matrix?.code).toBe("DTA");
    expect(text(view.matrix?.meaning)).toBe("The defender gains a tactical advantage.");
    expect(text(view.matrix?.meaningTip)).toBe("Seed 003, KEY of the matrix, line 24.");
    expect(text(view.advantage?.text)).toBe(`Tactical advantage to ${F.DEFENDER_NAME}.`);
    expect(view.advantage?.tip.i18n).toBe(HM3_RULE_KEY.dta);
    expect(view.strikes).toEqual([]);
  });
});

describe("the matrix's own fumble and stumble rolls", () => {
  it("DF (line 8): the defender's fumble roll 15 above DEX 10 drops the weapon", () => {
    const view = ctx(F.defenderFumble());
    expect(view.matrix?.code).toBe("DF");
    expect(text(view.matrix?.meaning)).toBe("The defender makes a fumble roll.");
    expect(view.sideChecks.map((c) => [c.kind, c.side, c.name])).toEqual([
      ["fumble", "defender", F.DEFENDER_NAME],
    ]);
    expect(checkSummary(view.sideChecks[0]!)).toEqual({
      label: "Fumble roll",
      dice: "3d6: 6 5 4",
      total: 15,
      target: 10,
      failed: true,
      outcome: "Drops what the hand holds.",
    });
    expect(view.sideChecks[0]!.tip).toEqual({
      i18n: HM3_RULE_KEY.matrixFumble,
      data: { code: "DF" },
    });
  });

  it("BS (line 7): both stumble rolls against AGL 12", () => {
    const view = ctx(F.bothStumble());
    expect(view.matrix?.code).toBe("BS");
    expect(view.sideChecks.map((c) => [c.kind, c.side, c.total, c.target, c.failed])).toEqual([
      ["stumble", "attacker", 9, 12, false],
      ["stumble", "defender", 13, 12, true],
    ]);
    expect(text(view.sideChecks[1]!.outcome)).toBe("Falls prone.");
    expect(ctx(F.bothStumble(), F.viewer("attacker")).sideChecks.map((c) => c.target)).toEqual([
      12,
      null,
    ]);
  });
});

describe("a kill (skull K5, seed 003 line 95)", () => {
  it("without the kill roll: the victim dies, no shock roll (R7)", () => {
    const view = ctx(F.kill());
    const s = strike(view);
    expect(view.matrix?.code).toBe("A\u26054");
    expect(text(view.matrix?.tip)).toBe(
      "Melee attack matrix, seed 003 line 10: attacker CS, Ignore (no roll).",
    );
    expect(text(view.ignore)).toBe(`${F.DEFENDER_NAME} ignores the attack: no defence roll.`);
    expect(view.rolls.map((r) => r.side)).toEqual(["attacker"]);
    expect([s.impact.total, s.effective.value, s.injury?.code, s.injury?.cell]).toEqual([
      34,
      34,
      "K5",
      "K5",
    ]);
    expect(text(s.injury?.tip)).toBe("Injury table, seed 003 line 95, effective impact 17+: K5.");
    expect(text(s.killed?.text)).toBe(`${F.DEFENDER_NAME} is killed: a mortal wound.`);
    expect(s.killed?.tip.i18n).toBe(HM3_RULE_KEY.killAuto);
    expect(s.checks).toEqual([]);
  });

  it("with the kill roll survived: the wound stands as G5 and the shock roll follows", () => {
    const s = strike(ctx(F.kill({ killRoll: true }, [1, 1, 1, 1, 1])));
    expect(s.killed).toBeNull();
    expect(s.injury?.code).toBe("G5");
    expect(text(s.injury?.tableCode)).toBe("table K5");
    expect(s.checks.map(checkSummary)).toEqual([
      {
        label: "Kill roll",
        dice: "5d6: 1 1 1 1 1",
        total: 5,
        target: 12,
        failed: false,
        outcome: "Lives: the wound stands as G5.",
      },
      {
        label: "Shock roll",
        dice: "5d6: 1 1 1 1 1",
        total: 5,
        target: 12,
        failed: false,
        outcome: null,
      },
    ]);
    expect(s.checks[0]!.tip.i18n).toBe(HM3_RULE_KEY.kill);
  });

  it("with the kill roll failed: dead, and the kill roll is shown", () => {
    const s = strike(ctx(F.kill({ killRoll: true }, [6, 6, 6, 6, 6])));
    expect(s.injury?.code).toBe("K5");
    expect(s.killed?.tip.i18n).toBe(HM3_RULE_KEY.kill);
    expect(s.checks.map((c) => [text(c.label), c.total, c.failed, text(c.outcome)])).toEqual([
      ["Kill roll", 30, true, "Dies."],
    ]);
  });
});

describe("an amputation called for (▼ by Edge; ruling R30)", () => {
  it("shows the left forearm ♦G4▼ (line 101), the fumble roll and the GM's button", () => {
    const view = ctx(F.amputation());
    const s = strike(view);
    expect(view.matrix?.code).toBe("A\u26053");
    expect(text(s.location.label)).toBe("Left Forearm");
    expect(s.location.tip.i18n).toBe(HM3_RULE_KEY.locationSided);
    expect([s.impact.total, s.effective.value, s.injury?.code, s.injury?.cell]).toEqual([
      23,
      23,
      "G4",
      "\u2666G4\u25bc",
    ]);
    expect(text(s.injury?.tip)).toBe(
      "Injury table, seed 003 line 101, effective impact 17+: \u2666G4\u25bc.",
    );
    // Fumble: 3d6 against DEX 12 − PP 4 (the new G4 counts, R4).
    expect(s.checks.map((c) => [text(c.label), c.total, c.target, c.failed])).toEqual([
      ["Shock roll", 10, 12, false],
      ["Fumble roll", 6, 8, false],
    ]);
    expect(s.amputation).toEqual({
      text: { i18n: "BLOWBYBLOW.Card.HM3.Strike.amputationCalled" },
      tip: { i18n: HM3_RULE_KEY.amputation },
      marked: false,
      button: { strike: 0, label: { i18n: "BLOWBYBLOW.Card.HM3.Strike.amputate" } },
    });
  });

  it("gives the button to the GM only, and to no one once the GM marked it", () => {
    for (const id of ["attacker", "defender", "other"] as const)
      expect(strike(ctx(F.amputation(), F.viewer(id))).amputation?.button).toBeNull();
    const marked = strike(ctx(F.amputation({ amputated: [0] })));
    expect(marked.amputation).toMatchObject({ marked: true, button: null });
    expect(text(marked.amputation?.text)).toBe("Limb severed (marked by the GM).");
    expect(strike(ctx(F.applied(F.amputation()))).amputation?.button).not.toBeNull();
  });
});

describe("other strike effects", () => {
  it("fire on quilt: 16 before armour ignites on 30 (line 277, R12), quilt fire 4 → S3", () => {
    const s = strike(ctx(F.ignition()));
    expect([s.impact.total, s.armour.value, s.effective.value, s.injury?.code]).toEqual([
      16,
      4,
      12,
      "S3",
    ]);
    expect(s.ignition).toMatchObject({ roll: 30, ignited: true });
    expect(text(s.ignition?.text)).toBe(
      "Quilt/Fur catches fire: S2 burn each Combat Turn for 3 turns unless put out.",
    );
    expect(s.ignition?.tip.i18n).toBe(HM3_RULE_KEY.ignition);
  });

  it("the MF attacker against Ignore reads A★1 (hm3.md §1 erratum); no injury at 0 or less", () => {
    const view = ctx(F.mfIgnore());
    expect(view.matrix?.code).toBe("A\u26051");
    expect(view.matrix?.tip).toEqual({ i18n: HM3_RULE_KEY.matrixErratum });
    const s = strike(view);
    expect([s.impact.total, s.effective.value, s.injury]).toEqual([6, -2, null]);
    expect(s.noInjury).toEqual({ i18n: HM3_RULE_KEY.noInjury });
    expect(s.checks).toEqual([]);
  });

  it("a wild missile (seed 003 line 32): no strike, the GM decides (R10)", () => {
    const view = ctx(F.wildMissile());
    expect(view.attackType).toBe("missile");
    expect(view.matrix?.code).toEqual({ i18n: "BLOWBYBLOW.Card.HM3.Code.wild" });
    expect(text(view.matrix?.tip)).toBe(
      "Missile attack matrix, seed 003 line 32: attacker CF, Dodge CS.",
    );
    expect(text(view.matrix?.meaningTip)).toBe("Seed 003, KEY of the matrix, line 25.");
    expect(view.wild?.tip.i18n).toBe(HM3_RULE_KEY.wild);
    expect(view.strikes).toEqual([]);
  });

  it("a creature: its plan's own location names (user text), sided, with the plan's ladder (R16)", () => {
    const s = strike(ctx(F.creature()));
    expect(s.location.label).toEqual({
      i18n: "BLOWBYBLOW.ItemSheet.Sided.left",
      data: { location: `Foreleg ${F.EVIL}` },
    });
    expect(s.location.tip.i18n).toBe(HM3_RULE_KEY.locationPlanSided);
    expect([s.impact.total, s.injury?.code, s.injury?.cell]).toEqual([11, "S3", "\u2666S3"]);
    expect(s.injury?.tip).toEqual({
      i18n: HM3_RULE_KEY.injuryPlan,
      data: { column: "9+", cell: "\u2666S3" },
    });
    expect(s.checks.map((c) => [text(c.label), c.total, c.target])).toEqual([
      ["Shock roll", 3, 12],
      ["Stumble roll", 9, 9],
    ]);
  });

  it("a face strike names the face part, sided (seed 003 lines 112-117)", () => {
    // CS 35 vs Ignore, A★4, mid 7 → face (06-10); face 17 → left eye; 5 + 4 = 9 → S3 (line 96).
    const card = F.resolved(
      { type: "ignore" },
      { attack: 35, location: 7, face: 17, impact: [1, 1, 1, 1], shock: [1, 1, 1] },
    );
    const s = strike(ctx(card));
    expect(text(s.location.label)).toBe("Face");
    expect(s.face?.roll).toBe(17);
    expect(text(s.face?.label)).toBe("Left Eye");
    expect(s.face?.tip.i18n).toBe(HM3_RULE_KEY.face);
    expect(s.injury?.code).toBe("S3");
  });
});

describe("tooltips", () => {
  const cards = {
    a2: F.a2Injury(),
    both: F.bothStrike(),
    blocked: F.blocked(),
    fumble: F.defenderFumble(),
    amputation: F.amputation(),
    creature: F.creature(),
    wild: F.wildMissile(),
    ignition: F.ignition(),
  };

  it("every number carries one, each naming its rule, none with user text or a missing key", () => {
    for (const [name, card] of Object.entries(cards)) {
      const tips = tooltips(ctx(card));
      expect(tips.length, name).toBeGreaterThan(3);
      for (const tip of tips) {
        expect(tip, name).not.toMatch(/<|>|BLOWBYBLOW\.|Sir|Brigand|Sword|Foreleg/);
        expect(tip, name).toMatch(/seed|hm3\.md|ruling|R\d/i);
      }
    }
  });

  it("every strike figure has its tooltip", () => {
    const s = strike(ctx(F.a2Injury()));
    for (const tip of [s.location.tip, s.impact.tip, s.armour.tip, s.effective.tip, s.injury!.tip])
      expect(isLangText(tip)).toBe(true);
  });

  it("codes print as the seed does", () => {
    expect(
      ["A*1", "M*3", "B*2", "miss", "block", "wild", "DTA"].map((c) => displayCode(c as never)),
    ).toEqual([
      "A\u26051",
      "M\u26053",
      "B\u26052",
      "\u2022",
      { i18n: "BLOWBYBLOW.Card.HM3.Code.block" },
      { i18n: "BLOWBYBLOW.Card.HM3.Code.wild" },
      "DTA",
    ]);
  });
});

describe("robustness", () => {
  it("shows no result for a card whose stored result is not an HM3 result", () => {
    const card = {
      ...F.a2Injury(),
      result: { ruleset: "m2m", rolls: [], choices: [], effects: [] },
    };
    const view = ctx(card as ExchangeCard);
    expect(view.resolved).toBe(false);
    expect(view.strikes).toEqual([]);
  });

  it("shows the result without the summary when the stored declaration does not parse", () => {
    const card = { ...F.a2Injury(), declaration: { attack: "nonsense" } };
    const view = ctx(card as ExchangeCard);
    expect(view.summary).toEqual([]);
    expect(view.attackTarget).toBeNull();
    expect(strike(view).injury?.code).toBe("S2");
  });
});
