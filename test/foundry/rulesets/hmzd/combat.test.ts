/**
 * The zone-die `CombatRules` (src/foundry/rulesets/hmzd/combat.ts) over fighter snapshots
 * (issue 18): the placement as the attack dialog's aim (001:25, hmzd.md §2: placement + ZD − 1
 * ≤ 10), the EMLs (Z30: HM3's), the declaration the engine reads, the defence, star-spending
 * (Z6, Z31) and Precision-pick (Z5) choices, Z4's missile defences, the injury item (§4), the
 * armour by location (Z13, Z30's pelvis) and the derivation without Universal Penalty (Z32).
 * Every refusal names its field and value.
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest, ChoiceRequest } from "../../../../src/core/combat";
import { InputError } from "../../../../src/core/errors";
import type { PendingChoice } from "../../../../src/core/ruleset";
import {
  armourJson,
  hmzdCombat,
  injuryKeyOf,
  placements,
} from "../../../../src/foundry/rulesets/hmzd/combat";
import { deriveHmzdActor } from "../../../../src/foundry/rulesets/hmzd/derive";
import { BROADSWORD, fighter, mail, SHIELD, broadsword, roundShield } from "./fixtures";

const attacker = fighter({ name: "Sir <i>Ector</i>", sword: 65 });
const defender = fighter({ name: "Brigand", sword: 55, shield: 50, dodge: 45 });
const situation = { engagingDefender: 1, defenderProne: false, distance: 1 };
const swing = (aim = "1", mode = "0"): AttackRequest => ({
  itemId: BROADSWORD,
  mode,
  aim,
  band: null,
  situation,
  custom: [],
});
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return { field: e.field, value: e.value, message: e.message };
    throw e;
  }
  throw new Error("no InputError");
};

const opt = (id: string, labelKey = `k.${id}`, max?: number) => ({
  id,
  labelKey,
  ...(max === undefined ? {} : { max }),
});
const DEFENCE: PendingChoice = {
  by: "defender",
  kind: "defence",
  options: [opt("block"), opt("dodge"), opt("counterstrike"), opt("ignore")],
};
const request = (optionId: string, more: Partial<ChoiceRequest> = {}): ChoiceRequest => ({
  optionId,
  itemId: null,
  mode: null,
  aim: null,
  custom: [],
  ...more,
});

describe("attack options: the placement is the dialog's aim (001:25, hmzd.md §2)", () => {
  it("offers the broadsword's three modes and placements 1..7 for its d4 on the human plan", () => {
    const [o] = hmzdCombat.attackOptions(attacker, defender);
    expect(o!.itemId).toBe(BROADSWORD);
    expect(o!.kind).toBe("melee");
    expect(o!.modes).toEqual([
      { id: "0", labelKey: "BLOWBYBLOW.HMZD.Combat.Aspect.E", impact: 3 },
      { id: "1", labelKey: "BLOWBYBLOW.HMZD.Combat.Aspect.P", impact: 2 },
      { id: "2", labelKey: "BLOWBYBLOW.HMZD.Combat.Aspect.B", impact: 0 },
    ]);
    expect(o!.aims.map((a) => a.id)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(o!.aims[0]!.labelKey).toBe("BLOWBYBLOW.HMZD.Combat.Placement.Human.1");
  });

  it("limits the placement so the zone die stays on the plan: d8 from 1..3, d10 from 1 only", () => {
    expect(placements(10, 8).map((p) => p.id)).toEqual(["1", "2", "3"]);
    expect(placements(10, 10).map((p) => p.id)).toEqual(["1"]);
    expect(placements(6, 4).map((p) => p.labelKey)).toEqual([
      "BLOWBYBLOW.HMZD.Combat.Placement.Zone.1",
      "BLOWBYBLOW.HMZD.Combat.Placement.Zone.2",
      "BLOWBYBLOW.HMZD.Combat.Placement.Zone.3",
    ]);
  });

  it("marks a sword in no hand as unavailable and refuses to attack with it", () => {
    const idle = fighter({ name: "Idle", items: [broadsword("none")] });
    expect(hmzdCombat.attackOptions(idle, defender)[0]!.unavailableKey).toBe(
      "BLOWBYBLOW.HM3.Combat.Unavailable.NotHeld",
    );
    expect(thrown(() => hmzdCombat.attackTarget(idle, defender, swing())).field).toBe("itemId");
  });
});

describe("the attack target and the declaration", () => {
  it("is HM3's AML less PP ×5 (Z30): Sword 65 + attack 5 = 70, +20 against a prone defender", () => {
    expect(hmzdCombat.attackTarget(attacker, defender, swing()).value).toBe(70);
    const prone = { ...swing(), situation: { ...situation, defenderProne: true } };
    expect(hmzdCombat.attackTarget(attacker, defender, prone).value).toBe(90);
  });

  it("declares the weapon's zone die and mode, the placement, both fighters' STR, Shock and armour", () => {
    const armoured = fighter({ name: "Mailed", items: [broadsword(), roundShield(), mail()] });
    const { declaration, rules } = hmzdCombat.buildDeclaration(attacker, armoured, swing("4"), {});
    const d = declaration as Record<string, Record<string, unknown>>;
    expect(d.attack).toMatchObject({
      type: "melee",
      weapon: { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } },
      mode: "swing",
      placement: 4,
    });
    expect(d.attack).not.toHaveProperty("aimed");
    expect(d.attack!.eml).toMatchObject({ baseKey: "aml", base: 70 });
    expect(d.attacker).toMatchObject({ str: 14, shock: 50, state: "none", setup: 0 });
    expect(d.defender!.armour).toMatchObject({
      "left-shoulder": { blunt: 2, edge: 8, point: 5, fire: 1 },
      thorax: { blunt: 2, edge: 8, point: 5, fire: 1 },
      // Z30: the pelvis takes the lowest of HM3's groin (bare) and hips (mail: B2 E8 P5 F1, seed 003).
      pelvis: { blunt: 0, edge: 0, point: 0, fire: 0 },
    });
    expect(rules).toMatchObject({ attackType: "melee", itemId: BROADSWORD, engagingDefender: 1 });
  });

  it("refuses a placement beyond the plan and a mode the weapon lacks, naming each", () => {
    expect(
      thrown(() => hmzdCombat.buildDeclaration(attacker, defender, swing("8"), {})),
    ).toMatchObject({
      field: "aim",
      value: "8",
    });
    expect(
      thrown(() => hmzdCombat.attackTarget(attacker, defender, swing("1", "3"))),
    ).toMatchObject({ field: "mode", value: "3" });
  });

  it("Shock EML is 5 × Endurance without a Shock skill (Z7)", () => {
    const noSkill = fighter({ name: "Raw", shock: null });
    const d = hmzdCombat.buildDeclaration(attacker, noSkill, swing(), {}).declaration as {
      defender: { shock: number; endurance: number };
    };
    expect(d.defender.shock).toBe(5 * d.defender.endurance);
  });
});

describe("the defence prompt", () => {
  const exchange = hmzdCombat.buildDeclaration(attacker, defender, swing(), {});

  it("offers Block with sword and shield, Dodge, Counterstrike with modes and placements, Ignore", () => {
    const views = hmzdCombat.choiceOptions(DEFENCE, exchange, defender);
    const block = views.find((v) => v.id === "block")!;
    expect(block.items.map((i) => [i.itemId, i.target?.value])).toEqual([
      [BROADSWORD, 55],
      [SHIELD, 65],
    ]);
    expect(views.find((v) => v.id === "dodge")!.target?.value).toBe(45);
    const counter = views.find((v) => v.id === "counterstrike")!;
    expect(counter.items.map((i) => i.itemId)).toEqual([BROADSWORD, SHIELD]);
    expect(counter.aims.length).toBe(7);
  });

  it("builds each defence as the engine reads it", () => {
    const block = hmzdCombat.buildChoice(
      DEFENCE,
      exchange,
      defender,
      request("block", { itemId: SHIELD }),
    );
    expect(block).toMatchObject({ type: "block", eml: { baseKey: "dml", base: 65 } });
    const counter = hmzdCombat.buildChoice(
      DEFENCE,
      exchange,
      defender,
      request("counterstrike", { itemId: BROADSWORD, mode: "1", aim: "4" }),
    );
    expect(counter).toEqual({
      type: "counterstrike",
      eml: expect.objectContaining({ baseKey: "aml", base: 60 }),
      weapon: { zoneDie: 4, impact: { die: 8, base: 2, aspect: "point" } },
      mode: "thrust",
      placement: 4,
    });
    expect(hmzdCombat.buildChoice(DEFENCE, exchange, defender, request("ignore"))).toEqual({
      type: "ignore",
    });
    expect(
      thrown(() =>
        hmzdCombat.buildChoice(
          DEFENCE,
          exchange,
          defender,
          request("counterstrike", { itemId: BROADSWORD, mode: "0", aim: "9" }),
        ),
      ),
    ).toMatchObject({ field: "aim", value: "9" });
  });
});

describe("the star spending (Z6) and the Precision pick (Z5)", () => {
  const exchange = hmzdCombat.buildDeclaration(attacker, defender, swing(), {});
  const striker: PendingChoice = {
    by: "attacker",
    kind: "spendStars",
    options: [
      opt("impact", "i", 2),
      opt("precision", "p", 2),
      opt("action", "a", 1),
      opt("setup", "s", 2),
    ],
    data: { tacticalAdvantages: 2 },
  };
  const blocker: PendingChoice = {
    by: "defender",
    kind: "spendStars",
    options: [
      { ...opt("impact", "i", 0), unavailableKey: "no" },
      { ...opt("precision", "p", 0), unavailableKey: "no" },
      opt("action", "a", 1),
      opt("setup", "s", 2),
    ],
    data: { tacticalAdvantages: 2 },
  };

  it("offers the counts of every open type with its most", () => {
    const views = hmzdCombat.choiceOptions(blocker, exchange, defender);
    expect(views[0]!.counts).toEqual([
      { id: "action", labelKey: "a", max: 1, legendKey: "BLOWBYBLOW.HMZD.Combat.Spend.legend" },
      { id: "setup", labelKey: "s", max: 2, legendKey: "BLOWBYBLOW.HMZD.Combat.Spend.legend" },
    ]);
  });

  it("takes the counts as set, and refuses a type the winner may not take or more than won", () => {
    const counts = { impact: 1, precision: 1, action: 0, setup: 0 };
    expect(
      hmzdCombat.buildChoice(striker, exchange, attacker, request("impact", { counts })),
    ).toEqual(counts);
    expect(
      thrown(() =>
        hmzdCombat.buildChoice(
          blocker,
          exchange,
          defender,
          request("action", { counts: { impact: 1 } }),
        ),
      ),
    ).toMatchObject({ field: "counts.impact", value: 1 });
    expect(
      thrown(() =>
        hmzdCombat.buildChoice(
          striker,
          exchange,
          attacker,
          request("impact", { counts: { impact: 2, precision: 1 } }),
        ),
      ),
    ).toMatchObject({ field: "counts", value: 3 });
  });

  it("Z31: a button alone spends every TA on its type; Action once, the rest Impact or Setup", () => {
    expect(hmzdCombat.buildChoice(striker, exchange, attacker, request("precision"))).toEqual({
      impact: 0,
      precision: 2,
      action: 0,
      setup: 0,
    });
    expect(hmzdCombat.buildChoice(striker, exchange, attacker, request("action"))).toEqual({
      impact: 1,
      precision: 0,
      action: 1,
      setup: 0,
    });
    expect(hmzdCombat.buildChoice(blocker, exchange, defender, request("action"))).toEqual({
      impact: 0,
      precision: 0,
      action: 1,
      setup: 1,
    });
  });

  it("the pick is the index of the zone result chosen", () => {
    const pick: PendingChoice = { by: "attacker", kind: "pickZone", options: [opt("0"), opt("1")] };
    expect(hmzdCombat.choiceOptions(pick, exchange, attacker).map((o) => o.id)).toEqual(["0", "1"]);
    expect(hmzdCombat.buildChoice(pick, exchange, attacker, request("1"))).toEqual({ index: 1 });
    expect(
      thrown(() => hmzdCombat.buildChoice(pick, exchange, attacker, request("2"))),
    ).toMatchObject({ field: "optionId", value: "2" });
  });
});

describe("consequences", () => {
  it("an injury effect makes an hmzd injury item: S2E on the left shoulder (001:115)", () => {
    const item = hmzdCombat.injuryItem(
      {
        type: "injury",
        to: "defender",
        location: "left-shoulder",
        severityKey: "S",
        level: 2,
        data: { key: "left-shoulder:S2", aspect: "edge", zone: "arms", shockSucceeded: false },
      },
      defender,
    );
    // The item gives the engine's key back (the block's `unhindered`, turn.ts `minorHinders`).
    expect(injuryKeyOf(item!.system.hmzd as Record<string, unknown>)).toBe("left-shoulder:S2");
    expect(
      thrown(() =>
        hmzdCombat.injuryItem(
          {
            type: "injury",
            to: "defender",
            location: "left-shoulder",
            severityKey: "S",
            level: 2,
            data: { key: "right-shoulder:S2", aspect: "edge", zone: "arms" },
          },
          defender,
        ),
      ),
    ).toMatchObject({ field: "data.key", value: "right-shoulder:S2" });
    expect(item).toEqual({
      nameKey: "BLOWBYBLOW.HMZD.Combat.InjuryName",
      nameData: { location: "left-shoulder", code: "S2E" },
      system: {
        description: "",
        hmzd: {
          severity: "S",
          level: 2,
          aspect: "edge",
          zone: "arms",
          side: "left",
          location: "shoulder",
          shockFailed: true,
        },
      },
    });
    expect(
      thrown(() =>
        hmzdCombat.injuryItem(
          {
            type: "injury",
            to: "defender",
            location: "thorax",
            severityKey: "K",
            level: 2,
            data: {},
          },
          defender,
        ),
      ),
    ).toMatchObject({ field: "severityKey", value: "K" });
  });

  it("initiative is HM3's Initiative EML (Z11); no weapon damage", () => {
    expect(hmzdCombat.initiative(attacker)).toBe(60);
    expect(
      hmzdCombat.weaponDamage(
        { type: "weaponDamaged", to: "attacker", broken: false, cause: "" },
        broadsword(),
      ),
    ).toEqual({});
  });

  it("Z32: an injury item adds no Universal Penalty to the zone-die figures", () => {
    const injury = {
      id: "inj",
      type: "injury",
      name: "S3",
      system: {
        hm3: {
          location: "thorax",
          aspect: "edge",
          severity: "S",
          level: 3,
          healingRate: 0,
          bleeding: false,
        },
      },
    };
    const items = [...attacker.items, injury];
    expect(deriveHmzdActor(attacker.system, items).pp).toBe(
      (attacker.derived as { pp: number }).pp,
    );
  });

  it("armour: sided locations kept, HM3's groin and hips become the pelvis (Z30)", () => {
    const p = (n: number) => ({ blunt: n, edge: n, point: n, fire: n });
    expect(
      armourJson({
        skull: p(1),
        groin: p(4),
        "left-hip": p(6),
        "right-hip": p(5),
        "left-foot": p(2),
      }),
    ).toEqual({
      skull: p(1),
      "left-foot": p(2),
      pelvis: p(4),
    });
  });
});

describe("impairment by zone (Z8, 001:83-87, 117)", () => {
  const injury = (over: Record<string, unknown>) => ({
    id: `inj${String(over.location)}`,
    type: "injury",
    name: "wound",
    system: {
      hmzd: {
        severity: "S",
        level: 2,
        aspect: "edge",
        zone: "arms",
        side: "right",
        location: "forearm",
        shockFailed: false,
        ...over,
      },
    },
  });
  const hurt = (...wounds: ReturnType<typeof injury>[]) =>
    fighter({ name: "Hurt", items: [broadsword(), roundShield(), ...wounds] });

  it("an S injury in the sword arm costs the swing 10; the shield arm's Block is unhindered", () => {
    const f = hurt(injury({}));
    const t = hmzdCombat.attackTarget(f, defender, swing());
    expect(t.value).toBe(60);
    expect(t.modifiers).toContainEqual(expect.objectContaining({ key: "impairment", value: -10 }));
    const views = hmzdCombat.choiceOptions(
      DEFENCE,
      hmzdCombat.buildDeclaration(attacker, f, swing(), {}),
      f,
    );
    const block = views.find((v) => v.id === "block")!;
    expect(block.items.find((i) => i.itemId === SHIELD)!.target?.value).toBe(65);
    expect(block.items.find((i) => i.itemId === BROADSWORD)!.target?.value).toBe(55);
  });

  it("a hindering M thigh injury costs Dodge 5; a thorax injury every action", () => {
    const f = hurt(
      injury({
        severity: "M",
        level: 1,
        zone: "legs",
        side: "left",
        location: "thigh",
        shockFailed: true,
      }),
    );
    const exchange = hmzdCombat.buildDeclaration(attacker, f, swing(), {});
    expect(
      hmzdCombat.choiceOptions(DEFENCE, exchange, f).find((v) => v.id === "dodge")!.target?.value,
    ).toBe(40);
    expect(hmzdCombat.attackTarget(f, defender, swing()).value).toBe(70);
    const torso = hurt(injury({ zone: "torso", side: "none", location: "thorax" }));
    expect(hmzdCombat.attackTarget(torso, defender, swing()).value).toBe(60);
  });

  it("a G injury in the sword arm forbids its strikes, named in the refusal", () => {
    const f = hurt(injury({ severity: "G", level: 4 }));
    expect(hmzdCombat.attackOptions(f, defender)[0]!.unavailableKey).toBe(
      "BLOWBYBLOW.HMZD.Combat.Unavailable.forbidden",
    );
    expect(thrown(() => hmzdCombat.attackTarget(f, defender, swing()))).toMatchObject({
      field: "itemId",
      value: BROADSWORD,
    });
  });
});
