/**
 * HârnMaster Gold "Aimed melee attacks" (seed 000 lines 5-15) on the HM3 engine: the roll shift
 * with the seed's own numbers (Examples 1 and 2, lines 13-15), the same examples on the HM3
 * tables, the EML modifiers and their floor, the side roll, creature plans and the CLI's
 * refusals. Rulings G2-G8 (docs/rulings.md).
 */
import { describe, expect, it } from "vitest";
import { replayDice, ScriptedDice, SeededDice, type RollScript } from "../../../src/core/dice";
import { InputError } from "../../../src/core/errors";
import { parseDeclaration, parseResolveInput, resolveExchange } from "../../../src/rules/hm3";
import { parseDefence } from "../../../src/rules/hm3/parse";
import { aimedHit, aimTarget, shiftToward } from "../../../src/rules/hm3/gold/aim-locate";
import { FACE_PARTS, LOCATIONS } from "../../../src/rules/hm3/tables";
import { quadruped } from "../quadruped";

const fighter = (over: Record<string, unknown> = {}) => ({
  endurance: 12,
  dex: 12,
  agl: 12,
  ...over,
});

function input(aimAt: unknown, over: Record<string, unknown> = {}, options = { aimedMelee: true }) {
  return {
    attack: { type: "melee", eml: 75, aspect: "blunt", impact: 1, aimAt, ...over },
    defence: { type: "ignore" },
    attacker: fighter(),
    defender: fighter(),
    options,
  };
}

function resolve(raw: Record<string, unknown>, script: RollScript) {
  const { decl } = parseResolveInput(raw);
  const defence = parseDefence(raw.defence, decl.attack.type);
  const dice = new ScriptedDice(script, new SeededDice(7));
  return resolveExchange(decl, defence, dice);
}

function fieldOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e.field;
    throw e;
  }
  throw new Error("no error");
}

describe("the AAP shift with the seed's own table numbers (000:11, 000:13-15)", () => {
  it("Example 1: 54 (shoulder) less 20 AAPs toward the face 17-27 is 34, the neck; all 20 used", () => {
    expect(shiftToward(54, { from: 17, to: 27 }, 20)).toEqual({ roll: 34, used: 20 });
  });
  it("Example 2: 34 (neck) moves into 17-27 (the face) with 7 of the 20 AAPs", () => {
    expect(shiftToward(34, { from: 17, to: 27 }, 20)).toEqual({ roll: 27, used: 7 });
  });
  it("Example 2, face sub-table: 31 (cheek) moves into the jaw 01-14 with 17 AAPs", () => {
    expect(shiftToward(31, { from: 1, to: 14 }, 20)).toEqual({ roll: 14, used: 17 });
  });
  it("a roll inside the range uses no AAP; a roll below it moves up", () => {
    expect(shiftToward(20, { from: 17, to: 27 }, 20)).toEqual({ roll: 20, used: 0 });
    expect(shiftToward(3, { from: 17, to: 27 }, 10)).toEqual({ roll: 13, used: 10 });
    expect(shiftToward(3, { from: 17, to: 27 }, 30)).toEqual({ roll: 17, used: 14 });
    expect(shiftToward(90, { from: 17, to: 27 }, 0)).toEqual({ roll: 90, used: 0 });
  });
});

describe("the target's Aiming Zone, HM3 column and range (rulings G2, G3; seed 003 lines 54-70)", () => {
  // location: [Gold zone (000:7), column (widest, ties Mid then High), range in that column]
  const TABLE: Record<string, [string, string, number, number]> = {
    skull: ["head", "high", 1, 15],
    face: ["head", "high", 16, 30],
    neck: ["head", "high", 31, 45],
    shoulder: ["head", "mid", 16, 27],
    "upper-arm": ["arms", "high", 58, 69],
    elbow: ["arms", "high", 70, 73],
    forearm: ["arms", "high", 74, 81],
    hand: ["arms", "low", 7, 12],
    thorax: ["body", "mid", 44, 60],
    abdomen: ["body", "mid", 61, 70],
    groin: ["legs", "low", 30, 35],
    hip: ["body", "low", 36, 49],
    thigh: ["legs", "low", 50, 70],
    knee: ["legs", "low", 71, 78],
    calf: ["legs", "low", 79, 92],
    foot: ["legs", "low", 93, 100],
  };
  it("covers every human location", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...LOCATIONS].sort());
  });
  for (const [loc, [zone, column, from, to]] of Object.entries(TABLE))
    it(`${loc}: ${zone}, ${column} ${from}-${to}`, () => {
      const t = aimTarget(undefined, loc);
      expect([t.zone, t.column, t.range.from, t.range.to]).toEqual([zone, column, from, to]);
    });
  it("a face part aims at the face (High 16-30) and its own face sub-table range", () => {
    const t = aimTarget(undefined, "jaw");
    expect([t.zone, t.column, t.range, t.faceRange, t.paired]).toEqual([
      "head",
      "high",
      { from: 16, to: 30 },
      { from: 1, to: 15 },
      false,
    ]);
    expect(aimTarget(undefined, "eye").paired).toBe(true);
  });
});

describe("Examples 1 and 2 on the HM3 tables (000:13-15; ruling G4)", () => {
  const jaw = { location: "jaw", side: null, aap: 20 };

  it("Example 1's EML: 75 less Head −10 is the seed's 65, less 20 AAPs is 45, itemised", () => {
    const { decl } = parseResolveInput(input(jaw));
    expect(decl.attack.target.raw).toBe(45);
    expect(decl.attack.target.modifiers).toEqual([
      { key: "gold.aimZone", value: -10, source: "seed 000 line 7" },
      { key: "gold.aap", value: -20, source: "seed 000 line 11" },
    ]);
    expect(decl.attack.aim).toBe("high");
    expect(decl.attack.aimAt).toEqual(jaw);
  });

  it("Example 1: High 54 (shoulder) −20 AAP → 34, the neck, as in the seed", () => {
    const r = resolve(input(jaw), { attack: 27, location: 54, impact: [1, 1, 1] });
    expect(r.result).toBe("A*3");
    const s = r.strikes[0]!;
    expect(s.locationRoll).toBe(54);
    expect(s.location).toBe("neck");
    expect(s.aimed).toMatchObject({
      target: "jaw",
      column: "high",
      range: { from: 16, to: 30 },
      locationRoll: 34,
      locationAap: 20,
      face: null,
      sideRoll: null,
    });
    expect(s.face).toBeNull();
  });

  it("Example 2: High 34 (neck) takes 4 AAPs to the face (30); face 31 (cheek) takes 16 to the jaw (15)", () => {
    const r = resolve(input(jaw), { attack: 27, location: 34, face: 31, impact: [1, 1, 1] });
    const s = r.strikes[0]!;
    expect(s.location).toBe("face");
    expect(s.aimed!.locationRoll).toBe(30);
    expect(s.aimed!.locationAap).toBe(4);
    expect(s.faceRoll).toBe(31);
    expect(s.face).toBe("jaw");
    expect(s.aimed!.face).toEqual({ range: { from: 1, to: 15 }, roll: 15, aap: 16 });
    // The raw rolls are recorded under their names: the result replays from them.
    expect(r.rolls.map((x) => x.name)).toEqual(["attack", "location", "face", "impact", "shock"]);
    const again = resolveExchange(
      parseResolveInput(input(jaw)).decl,
      { type: "ignore" },
      replayDice(r.rolls),
    );
    expect(again.strikes).toEqual(r.strikes);
  });

  it("a face struck while aiming elsewhere rolls the face sub-table unadjusted", () => {
    const r = resolve(input({ location: "neck", side: null, aap: 0 }), {
      attack: 27,
      location: 20,
      face: 31,
      impact: [1, 1, 1],
    });
    const s = r.strikes[0]!;
    expect(s.location).toBe("face");
    expect(s.face).toBe("left-cheek");
    expect(s.aimed!.face).toBeNull();
  });
});

describe("enough AAPs always reach the target (000:11), every raw roll", () => {
  const names = { face: "face", side: "side" };
  for (const target of [...LOCATIONS, ...FACE_PARTS])
    it(`${target}: rolls 01-00 with 100 AAPs`, () => {
      for (let roll = 1; roll <= 100; roll++) {
        const faceRoll = ((roll * 37) % 100) + 1;
        const dice = new ScriptedDice({ face: faceRoll, side: 50 }, new SeededDice(roll));
        const hit = aimedHit(
          dice,
          names,
          { location: target, side: null, aap: 100 },
          undefined,
          roll,
        );
        const isFace = (FACE_PARTS as readonly string[]).includes(target);
        expect(hit.loc.location).toBe(isFace ? "face" : target);
        if (isFace) expect(hit.face!.replace(/^(left|right)-/, "")).toBe(target);
        // The AAPs used are the distance to the range, never more.
        const { from, to } = hit.aimed.range;
        expect(hit.aimed.locationAap).toBe(roll < from ? from - roll : roll > to ? roll - to : 0);
      }
    });
});

describe("the side (000:9; ruling G6)", () => {
  const elbow = (side: "left" | "right" | null, aap = 10) => ({ location: "elbow", side, aap });

  it("costs −10 more, itemised (Arms −15, side −10, AAPs)", () => {
    const decl = parseDeclaration(input(elbow("right")));
    expect(decl.attack.target.modifiers.map((m) => [m.key, m.value, m.source])).toEqual([
      ["gold.aimZone", -15, "seed 000 line 7"],
      ["gold.aimSide", -10, "seed 000 line 9"],
      ["gold.aap", -10, "seed 000 line 11"],
    ]);
    expect(decl.attack.target.raw).toBe(40);
  });

  it("a side roll of 01-95 keeps the chosen side, 96-00 gives the other", () => {
    for (const [side, roll, struck] of [
      ["right", 95, "right-elbow"],
      ["right", 96, "left-elbow"],
      ["left", 1, "left-elbow"],
      ["left", 100, "right-elbow"],
    ] as const) {
      // High 71 is the elbow (70-73) whatever the side: odd would be left, even right unaimed.
      const r = resolve(input(elbow(side)), {
        attack: 27,
        location: 71,
        side: roll,
        impact: [1, 1, 1],
      });
      const s = r.strikes[0]!;
      expect(s.location).toBe(struck);
      expect(s.aimed!.sideRoll).toBe(roll);
      expect(s.aimed!.sideKept).toBe(roll <= 95);
      expect(r.rolls.find((x) => x.name === "side")?.values).toEqual([roll]);
    }
  });

  it("without a side, the raw roll's parity gives it, not the AAP-moved roll", () => {
    // High 66 (upper arm, 58-69) moves up 4 to 70, the elbow (70-73); 66 is even: right.
    const r = resolve(input(elbow(null)), { attack: 27, location: 66, impact: [1, 1, 1] });
    const s = r.strikes[0]!;
    expect(s.aimed!.locationRoll).toBe(70);
    expect(s.location).toBe("right-elbow");
    expect(s.aimed!.sideRoll).toBeNull();
    expect(r.rolls.some((x) => x.name === "side")).toBe(false);
  });

  it("no side roll when the strike lands on an unpaired location", () => {
    const r = resolve(input(elbow("left", 0)), { attack: 27, location: 40, impact: [1, 1, 1] });
    expect(r.strikes[0]!.location).toBe("neck");
    expect(r.rolls.some((x) => x.name === "side")).toBe(false);
  });

  it("a chosen side on a face part decides the eye's side", () => {
    const r = resolve(input({ location: "eye", side: "left", aap: 30 }), {
      attack: 12,
      location: 20,
      face: 40,
      side: 12,
      impact: [1, 1, 1],
    });
    const s = r.strikes[0]!;
    expect(s.face).toBe("left-eye");
    expect(s.aimed!.face).toEqual({ range: { from: 16, to: 30 }, roll: 30, aap: 10 });
  });
});

describe("the EML floor of 05 (000:7, 9, 11) and the CLI's refusals (ruling G8)", () => {
  it("each step below 05 is refused naming its field", () => {
    expect(fieldOf(() => parseDeclaration(input({ location: "skull" }, { eml: 14 })))).toBe(
      "attack.aimAt.location",
    );
    expect(
      fieldOf(() => parseDeclaration(input({ location: "hand", side: "left" }, { eml: 29 }))),
    ).toBe("attack.aimAt.side");
    expect(
      fieldOf(() => parseDeclaration(input({ location: "thorax", aap: 46 }, { eml: 50 }))),
    ).toBe("attack.aimAt.aap");
    // Exactly 05 is allowed.
    const { attack } = parseDeclaration(input({ location: "thorax", aap: 45 }, { eml: 50 }));
    expect(attack.target.raw).toBe(5);
    // Body is +0: no zone modifier is listed.
    expect(attack.target.modifiers.map((m) => m.key)).toEqual(["gold.aap"]);
  });

  it("names the field for the option off, a missile, a bad location, side or aap", () => {
    expect(
      fieldOf(() => parseDeclaration(input({ location: "neck" }, {}, { aimedMelee: false }))),
    ).toBe("attack.aimAt");
    expect(() => parseDeclaration(input({ location: "neck" }, {}, { aimedMelee: false }))).toThrow(
      /aimedMelee/,
    );
    expect(fieldOf(() => parseDeclaration(input({ location: "neck" }, { type: "missile" })))).toBe(
      "attack.aimAt",
    );
    expect(fieldOf(() => parseDeclaration(input({ location: "tail" })))).toBe(
      "attack.aimAt.location",
    );
    expect(fieldOf(() => parseDeclaration(input({ location: "neck", side: "left" })))).toBe(
      "attack.aimAt.side",
    );
    expect(fieldOf(() => parseDeclaration(input({ location: "neck", side: "up" })))).toBe(
      "attack.aimAt.side",
    );
    expect(fieldOf(() => parseDeclaration(input({ location: "neck", aap: -1 })))).toBe(
      "attack.aimAt.aap",
    );
    expect(fieldOf(() => parseDeclaration(input({ location: "neck", aap: 2.5 })))).toBe(
      "attack.aimAt.aap",
    );
    expect(fieldOf(() => parseDeclaration(input({ location: "neck", at: 1 })))).toBe(
      "attack.aimAt.at",
    );
  });

  it("no double aiming penalty: another column or HM3's aim modifier is refused (G3)", () => {
    expect(fieldOf(() => parseDeclaration(input({ location: "neck" }, { aim: "low" })))).toBe(
      "attack.aim",
    );
    expect(parseDeclaration(input({ location: "neck" }, { aim: "high" })).attack.aim).toBe("high");
    const eml = {
      baseKey: "aml",
      base: 80,
      modifiers: [{ key: "aim.high", value: -10, source: "seed 003 lines 54, 175" }],
    };
    expect(fieldOf(() => parseDeclaration(input({ location: "neck" }, { eml })))).toBe(
      "attack.eml.modifiers[0].key",
    );
  });

  it("an unaimed attack is unchanged with the option on", () => {
    const raw = input(undefined);
    delete (raw.attack as Record<string, unknown>).aimAt;
    const { attack } = parseDeclaration(raw);
    expect(attack.aimAt).toBeUndefined();
    expect(attack.target.modifiers).toEqual([]);
    expect(attack.aim).toBe("mid");
  });
});

describe("creature body plans (ruling G7)", () => {
  const onBeast = (aimAt: unknown, eml = 75) => input(aimAt, { eml }, { aimedMelee: true });
  const beast = (raw: ReturnType<typeof input>) => ({
    ...raw,
    defender: fighter({ bodyPlan: quadruped() }),
  });

  it("aims at a plan location in its widest column; the zone comes from its region", () => {
    const { attack } = parseDeclaration(beast(onBeast({ location: "foreleg", aap: 5 })));
    expect(attack.aim).toBe("low");
    expect(attack.target.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["gold.aimZone", -10],
      ["gold.aap", -5],
    ]);
    expect(aimTarget(quadruped(), "foreleg").range).toEqual({ from: 1, to: 40 });
    expect(aimTarget(quadruped(), "body")).toMatchObject({
      zone: "body",
      column: "mid",
      range: { from: 41, to: 80 },
    });
    expect(aimTarget(quadruped(), "head")).toMatchObject({ zone: "head", column: "high" });
  });

  it("a strike on the plan moves the roll and takes the chosen side from the side roll", () => {
    const r = resolve(beast(onBeast({ location: "hindleg", side: "right", aap: 20 })), {
      attack: 27,
      location: 45,
      side: 40,
      impact: [1, 1, 1],
    });
    // Low: head 0, neck 0, foreleg 1-40, body 41-50, belly 51-60, hindleg 61-100.
    const s = r.strikes[0]!;
    expect(s.aimed!.locationRoll).toBe(61);
    expect(s.location).toBe("right-hindleg");
  });

  it("refuses a location with no points, a face part and an unknown id", () => {
    expect(fieldOf(() => parseDeclaration(beast(onBeast({ location: "tail" }))))).toBe(
      "attack.aimAt.location",
    );
    expect(fieldOf(() => parseDeclaration(beast(onBeast({ location: "jaw" }))))).toBe(
      "attack.aimAt.location",
    );
    expect(fieldOf(() => parseDeclaration(beast(onBeast({ location: "neck-x" }))))).toBe(
      "attack.aimAt.location",
    );
  });
});
