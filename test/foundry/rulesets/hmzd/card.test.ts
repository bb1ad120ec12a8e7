/**
 * The zone-die part of the exchange card (src/foundry/rulesets/hmzd/card.ts) for the seed's
 * worked example (hmzd.md §9, 001:13-133): Attack 70 rolls 34 (S) against a Block 50 that rolls
 * 62 (F): one star, a strike; d4 3 → Arms, left; d10 2 → left shoulder; 9 + 3 + STR 14 (+2) = 14
 * Edge, AV 9 → 5 → S2; Shock 100 (CF, +2) + 3 + 2 = 7 → STN. Also: the prompt after the defence
 * shows the tests and stars while the winner spends, and the defender's target is hidden from a
 * player who does not own him.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../../../src/core/flow";
import { buildTarget } from "../../../../src/core/modifiers";
import { localizeTree, type LangText } from "../../../../src/foundry/chat/text";
import { hmzdResultContext } from "../../../../src/foundry/rulesets/hmzd/card";
import type { HmzdResult } from "../../../../src/rules/hmzd/types";
import type { CardViewer } from "../../../../src/foundry/rulesets/contract";
import { format, localize } from "../../stand-ins/handlebars";
import * as Z from "../../chat/hmzd-fixtures";

const text = (v: LangText | string | null | undefined) => String(localizeTree(v, localize, format));

const viewer = (over: Partial<CardViewer> = {}): CardViewer => ({
  userId: "gm",
  isGM: true,
  owns: { attacker: true, defender: true },
  gmOnline: true,
  showDefenceTargets: false,
  ...over,
});
const alice = viewer({ userId: "alice", isGM: false, owns: { attacker: true, defender: false } });

const eml = (base: number) => buildTarget("aml", base, [], { min: 5, max: 95 });

const RESULT: HmzdResult = {
  ruleset: "hmzd",
  rolls: [],
  choices: [],
  effects: [],
  attackType: "melee",
  defenceType: "block",
  attack: { target: 70, roll: 34, level: "S", rolledLevel: "S", value: 2, eml: eml(70) },
  defence: { target: 50, roll: 62, level: "F", rolledLevel: "F", value: 1, eml: eml(50) },
  stars: 1,
  victor: "attacker",
  tacticalAdvantages: 0,
  spent: { impact: 0, precision: 0, action: 0, setup: 0 },
  strike: {
    by: "attacker",
    zone: "arms",
    zoneValue: 3,
    zoneRolls: [3],
    zonePick: 0,
    zoneDie: 4,
    placement: 1,
    location: "left-shoulder",
    region: "arm",
    side: "left",
    locationRoll: 2,
    impactRoll: 9,
    impactBase: 3,
    strModifier: 2,
    impactTAs: 0,
    impact: 14,
    aspect: "edge",
    armour: 9,
    effectiveImpact: 5,
    injury: "S2",
    injuryLevel: 2,
    shock: {
      target: 50,
      roll: 100,
      level: "CF",
      modifier: 2,
      locationShock: 3,
      index: 7,
      state: "STN",
    },
    // Z10: □ on an arm location, a failed Fumble roll.
    special: {
      symbol: "square",
      fumble: { roll: "fumble", dice: 3, values: [6, 5, 4], total: 15, target: 11, failed: true },
      stumble: null,
      bleeding: false,
      amputation: false,
    },
  },
};

const DECLARATION = {
  attack: {
    type: "melee",
    eml: { baseKey: "aml", base: 70, modifiers: [] },
    weapon: { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } },
    mode: "swing",
    placement: 1,
    aimed: true,
  },
  attacker: {},
  defender: {},
  options: { specialEffects: true },
};

function cardWith(over: Partial<ExchangeCard>): ExchangeCard {
  return {
    ruleset: "hmzd",
    state: "resolved",
    revision: 2,
    attacker: { actorUuid: "Actor.a", tokenUuid: null, name: "Sir <b>Ector</b>" },
    defender: { actorUuid: "Actor.d", tokenUuid: null, name: "Brigand" },
    declaration: DECLARATION,
    context: {},
    choices: [
      {
        by: "defender",
        kind: "defence",
        value: { type: "block", eml: { baseKey: "dml", base: 50, modifiers: [] } },
        userId: "bob",
        request: {},
      },
    ],
    rolls: [],
    pending: null,
    result: RESULT,
    applied: null,
    advantages: {},
    ...over,
  };
}

describe("the worked example's card (hmzd.md §9)", () => {
  const view = hmzdResultContext(cardWith({}), viewer());

  it("names the attack: Edge d10+3, zone die d4, placement 1 (the head)", () => {
    expect(view.summary.map(text)).toEqual(["Edge d10+3, zone die d4, Placement 1 (Head)"]);
    expect(view.attackTarget?.value).toBe(70);
  });

  it("shows both tests with target, roll and level, and one star to the attacker", () => {
    expect(view.resolved).toBe(true);
    expect(view.tests.map((t) => [text(t.label), t.target, t.roll, t.level])).toEqual([
      ["Attack", 70, 34, "S"],
      ["Block", 50, 62, "F"],
    ]);
    expect(text(view.stars!.text)).toBe("Sir <b>Ector</b> wins by 1★");
    expect(view.advantages).toBeNull();
  });

  it("shows the strike: zone, location, impact, armour, effective impact, S2E and STN", () => {
    const s = view.strike!;
    expect(text(s.heading)).toBe("Strike by Sir <b>Ector</b>");
    expect([text(s.zone.label), s.zone.value, s.zone.dice]).toEqual(["Arms", 3, "[3]"]);
    expect([text(s.location.label), s.location.roll]).toEqual(["Left Shoulder", 2]);
    expect(text(s.impact!.sum)).toBe("9 + 3 + STR 2 + TAs 0 Edge");
    expect([s.impact!.total, s.armour, s.effective]).toEqual([14, 9, 5]);
    expect(s.injury).toMatchObject({ code: "S2E", cssClass: "bbb-injury-S" });
    expect(s.shock).toMatchObject({ roll: 100, level: "CF", stateCode: "STN" });
    expect(text(s.shock!.index)).toBe("index 2 + 3 + 2 = 7");
    expect(text(s.shock!.state)).toBe("Stunned (STN)");
    // Z10: the S2's □ on the shoulder and its failed Fumble roll, one line each.
    expect(s.special.map(text)).toEqual([
      "Special effect □",
      "Fumble roll 15 (6 + 5 + 4) against DEX 11: drops what that hand holds",
    ]);
  });

  it("Z10 lines for a G5 from Edge that does not kill: ▽, bleeding, amputation; a held Stumble", () => {
    const special = {
      symbol: "triangle",
      fumble: null,
      stumble: { roll: "stumble", dice: 3, values: [1, 2, 3], total: 6, target: 11, failed: false },
      bleeding: true,
      amputation: true,
    };
    const strike = { ...RESULT.strike!, special } as unknown as NonNullable<HmzdResult["strike"]>;
    const v = hmzdResultContext(
      cardWith({ result: { ...RESULT, strike } as HmzdResult }),
      viewer(),
    );
    expect(v.strike!.special.map(text)).toEqual([
      "Special effect ▽",
      "Stumble roll 6 (1 + 2 + 3) against AGL 11: keeps his feet",
      "Bleeding",
      "Amputation? The GM decides whether the limb is lost",
    ]);
    const none = { ...RESULT.strike!, special: null };
    expect(
      hmzdResultContext(cardWith({ result: { ...RESULT, strike: none } as HmzdResult }), viewer())
        .strike!.special,
    ).toEqual([]);
  });

  it("hides the Block's target from Alice, who does not own the Brigand", () => {
    const seen = hmzdResultContext(cardWith({}), alice);
    expect(seen.tests[1]).toMatchObject({ target: null, hidden: true, breakdown: null });
    expect(seen.tests[0]!.target).toBe(70);
  });

  it("says the spending and the Precision rolls once spent: Impact 1, Precision 1; zone dice 3 and 1, the first kept", () => {
    const result: HmzdResult = {
      ...RESULT,
      stars: 3,
      tacticalAdvantages: 2,
      spent: { impact: 1, precision: 1, action: 0, setup: 0 },
      strike: { ...RESULT.strike!, zoneRolls: [3, 1], impactTAs: 1, impact: 19 },
    };
    const v = hmzdResultContext(cardWith({ result }), viewer());
    expect(text(v.advantages)).toBe("2 tactical advantage(s)");
    expect(text(v.spent)).toBe("Spent: Impact 1, Precision 1, Action 0, Setup 0");
    expect(v.strike!.zone.dice).toBe("[3] 1");
    expect(text(v.strike!.impact!.sum)).toBe("9 + 3 + STR 2 + TAs 5 Edge");
  });

  it("a successful Block with no strike says the defender defended", () => {
    const result: HmzdResult = { ...RESULT, victor: "defender", strike: null };
    const v = hmzdResultContext(cardWith({ result }), viewer());
    expect(text(v.stars!.text)).toBe("Brigand wins by 1★");
    expect(text(v.defended)).toBe("Brigand defends successfully.");
    expect(v.strike).toBeNull();
  });
});

describe("while the winner spends", () => {
  it("shows the tests and stars, replayed, while the winner spends (real flow results)", () => {
    const v = hmzdResultContext(Z.blockedCS(), viewer());
    expect(v.tested).toBe(true);
    expect(v.resolved).toBe(false);
    expect(v.tests.map((t) => [t.roll, t.level])).toEqual([
      [5, "CS"],
      [100, "CF"],
    ]);
    expect(text(v.stars!.text)).toBe(`${Z.ATTACKER_NAME} wins by 3★`);
    expect(text(v.advantages)).toBe("2 tactical advantage(s)");
    expect(text(v.waiting)).toBe(`${Z.ATTACKER_NAME} spends the tactical advantages.`);
    expect(v.strike).toBeNull();
  });

  it("lists the zone dice the striker may keep, where each lands with the kept d10 (Z5)", () => {
    const pending = {
      by: "attacker" as const,
      kind: "pickZone",
      options: [],
      data: {
        zoneRolls: [3, 1],
        placement: 1,
        zoneDie: 4,
        locationRoll: 2,
        zones: ["arms", "head"],
        locations: ["left-shoulder", "skull"],
      },
    };
    const v = hmzdResultContext(
      cardWith({ state: "awaitingDefence", result: null, pending }),
      viewer(),
    );
    expect(text(v.waiting)).toBe("Sir <b>Ector</b> picks one of the zone dice rolled.");
    expect(v.picks.map((p) => text(p.text))).toEqual([
      "Zone die 1: 3 → zone 3, Arms, Left Shoulder",
      "Zone die 2: 1 → zone 1, Head, Skull",
    ]);
  });

  it("shows nothing of the result before the defence", () => {
    const pending = { by: "defender" as const, kind: "defence", options: [] };
    const v = hmzdResultContext(
      cardWith({ state: "awaitingDefence", result: null, pending, choices: [] }),
      viewer(),
    );
    expect(v.tested).toBe(false);
    expect(v.tests).toEqual([]);
  });
});
