/**
 * HM3 body plans: the human plan against seed 003 (AIMING ZONE lines 54-70, INJURY TABLE lines
 * 95-110), plan lookups against the table lookups for every roll and impact, injury codes,
 * and plan validation (docs/rulings.md R16-R18).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice, type RollScript } from "../../src/core/dice";
import { InputError } from "../../src/core/errors";
import { buildTarget } from "../../src/core/modifiers";
import {
  AIM_TABLE,
  AIM_ZONES,
  DEFAULT_OPTIONS,
  formatInjuryCode,
  HUMAN_BODY_PLAN,
  HUMAN_PLAN,
  humanBodyPlan,
  INJURY_TABLE,
  injuryFor,
  isHumanPlan,
  LOCATION_LABEL_KEYS,
  LOCATION_NAMES,
  LOCATIONS,
  parseDeclaration,
  parseInjuryCode,
  parseResolveInput,
  planInjuryFor,
  planStrikeLocation,
  resolveExchange,
  sidedLocationIds,
  strikeLocation,
  validateBodyPlan,
  type AimZone,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Fighter,
} from "../../src/rules/hm3";
import { quadruped } from "./quadruped";
import {
  bodyPlanProblems,
  PLAN_PROBLEM_KEYS,
  zoneStatus,
  zoneSums,
} from "../../src/rules/hm3/body-plan";
import { hm3 } from "../../src/rules/hm3";

/** The InputError a call throws (fails the test when it throws nothing or something else). */
function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("expected an InputError");
}

describe("the human plan (seed 003)", () => {
  it("lists the sixteen strike locations in the seed's order (lines 74-89) with English names", () => {
    expect(HUMAN_BODY_PLAN.locations.map((l) => l.id)).toEqual([...LOCATIONS]);
    expect(HUMAN_BODY_PLAN.locations.map((l) => l.name)).toEqual([
      "Skull",
      "Face",
      "Neck",
      "Shoulder",
      "Upper Arm",
      "Elbow",
      "Forearm",
      "Hand",
      "Thorax",
      "Abdomen",
      "Groin",
      "Hip",
      "Thigh",
      "Knee",
      "Calf",
      "Foot",
    ]);
    expect(isHumanPlan(HUMAN_BODY_PLAN)).toBe(true);
  });

  it("pairs shoulder to hand and hip to foot (the seed's • rows, lines 77-89) as core HUMAN_PLAN does", () => {
    expect(
      HUMAN_BODY_PLAN.locations.map(({ id, region, paired }) => ({ id, region, paired })),
    ).toEqual(HUMAN_PLAN.locations.map((l) => ({ ...l })));
  });

  // Points per zone = size of each AIMING ZONE range (lines 55-70), • = 0; High/Abdomen 96-00
  // is the hm3.md §1 erratum (5 points, not 6).
  const POINTS: [string, number, number, number, number][] = [
    ["skull", 55, 15, 5, 0],
    ["face", 56, 15, 5, 0],
    ["neck", 57, 15, 5, 0],
    ["shoulder", 58, 12, 12, 0],
    ["upper-arm", 59, 12, 6, 0],
    ["elbow", 60, 4, 2, 0],
    ["forearm", 61, 8, 4, 6],
    ["hand", 62, 4, 4, 6],
    ["thorax", 63, 10, 17, 7],
    ["abdomen", 64, 5, 10, 10],
    ["groin", 65, 0, 4, 6],
    ["hip", 66, 0, 6, 14],
    ["thigh", 67, 0, 8, 21],
    ["knee", 68, 0, 2, 8],
    ["calf", 69, 0, 6, 14],
    ["foot", 70, 0, 4, 8],
  ];
  it.each(POINTS)("%s (seed 003 line %i): High %i, Mid %i, Low %i points", (id, _line, h, m, l) => {
    const loc = HUMAN_BODY_PLAN.locations.find((x) => x.id === id)!;
    expect(loc.aim).toEqual({ high: h, mid: m, low: l });
  });

  it("each zone's points sum to 100 (a whole d100 column)", () => {
    for (const zone of AIM_ZONES)
      expect(HUMAN_BODY_PLAN.locations.reduce((t, l) => t + l.aim[zone], 0)).toBe(100);
  });

  it("carries the INJURY TABLE row of each location (lines 95-110)", () => {
    for (const loc of HUMAN_BODY_PLAN.locations)
      expect(loc.injury).toEqual(
        INJURY_TABLE[loc.id as keyof typeof INJURY_TABLE].map((c) => ({ ...c })),
      );
    // Literal spot checks, seed lines 97 and 100.
    expect(HUMAN_BODY_PLAN.locations[2]!.injury.map(formatInjuryCode)).toEqual([
      "M1",
      "S2",
      "S3",
      "K4",
      "K5▼",
    ]);
    expect(HUMAN_BODY_PLAN.locations[5]!.injury.map(formatInjuryCode)).toEqual([
      "♦M1",
      "♦S2",
      "♦S3",
      "♦G4",
      "♦G5▼",
    ]);
  });

  it("is frozen; humanBodyPlan() is a mutable copy that validates to itself", () => {
    expect(Object.isFrozen(HUMAN_BODY_PLAN.locations[0]!.aim)).toBe(true);
    const copy = humanBodyPlan();
    copy.locations[0]!.aim.high = 0;
    expect(HUMAN_BODY_PLAN.locations[0]!.aim.high).toBe(15);
    expect(validateBodyPlan(humanBodyPlan())).toEqual(humanBodyPlan());
  });

  it("has a whole-literal localisation key per location, defined in lang/en.json", () => {
    const lang = JSON.parse(
      readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8"),
    ) as { BLOWBYBLOW: { HM3: { Location: Record<string, string> } } };
    for (const id of LOCATIONS) {
      expect(LOCATION_LABEL_KEYS[id]).toBe(`BLOWBYBLOW.HM3.Location.${id}`);
      expect(lang.BLOWBYBLOW.HM3.Location[id]).toBe(LOCATION_NAMES[id]);
    }
  });
});

describe("plan lookups agree with the seed 003 tables on the human plan", () => {
  const plan = humanBodyPlan();
  it.each(AIM_ZONES)(
    "every d100 roll 1-100 in the %s zone: same location and side as strikeLocation",
    (zone: AimZone) => {
      for (let roll = 1; roll <= 100; roll++) {
        const s = strikeLocation(zone, roll);
        const p = planStrikeLocation(plan, zone, roll);
        expect({ roll, location: p.location, sided: p.sided }).toEqual({ roll, ...s });
        expect(p.region).toBe(plan.locations.find((l) => l.id === s.location)!.region);
      }
    },
  );

  it("every location × effective impact 0-30: same injury cell as injuryFor", () => {
    for (const id of LOCATIONS) {
      for (let impact = 0; impact <= 30; impact++) {
        expect({ id, impact, cell: planInjuryFor(plan, id, impact) }).toEqual({
          id,
          impact,
          cell: injuryFor(id, impact),
        });
      }
    }
    expect(planInjuryFor(plan, "thorax", -3)).toBeNull();
  });

  it("the zone boundaries of the erratum: High 95 thorax, High 96 abdomen (hm3.md §1)", () => {
    expect(planStrikeLocation(plan, "high", 95).location).toBe("thorax");
    expect(planStrikeLocation(plan, "high", 96).location).toBe("abdomen");
  });

  it("AIM_TABLE ranges are contiguous in plan order, so points reproduce them", () => {
    for (const zone of AIM_ZONES) {
      let next = 1;
      for (const id of LOCATIONS) {
        const r = AIM_TABLE[id][zone];
        if (!r) continue;
        expect(r.from).toBe(next);
        next = r.to + 1;
      }
      expect(next).toBe(101);
    }
  });
});

describe("a creature plan (quadruped test plan)", () => {
  const plan = validateBodyPlan(quadruped());

  it("validates unchanged", () => {
    expect(plan).toEqual(quadruped());
    expect(isHumanPlan(plan)).toBe(false);
  });

  it("takes locations by cumulative points in plan order; paired sides by parity (lines 116-117)", () => {
    // Mid: head 1-10, neck 11-20, foreleg 21-40, body 41-80, belly 81-90, hindleg 91-100.
    const at = (zone: AimZone, roll: number) => planStrikeLocation(plan, zone, roll).sided;
    expect(at("mid", 1)).toBe("head");
    expect(at("mid", 10)).toBe("head");
    expect(at("mid", 11)).toBe("neck");
    expect(at("mid", 21)).toBe("left-foreleg");
    expect(at("mid", 40)).toBe("right-foreleg");
    expect(at("mid", 41)).toBe("body");
    expect(at("mid", 90)).toBe("belly");
    expect(at("mid", 91)).toBe("left-hindleg");
    expect(at("mid", 100)).toBe("right-hindleg");
    // Low: foreleg 1-40, body 41-50, belly 51-60, hindleg 61-100; never the head.
    expect(at("low", 40)).toBe("right-foreleg");
    expect(at("low", 41)).toBe("body");
    expect(at("low", 61)).toBe("left-hindleg");
    // High: head 1-30 … body 71-100.
    expect(at("high", 71)).toBe("body");
    expect(at("high", 100)).toBe("body");
  });

  it("never strikes the tail (0 points in every zone)", () => {
    for (const zone of AIM_ZONES)
      for (let roll = 1; roll <= 100; roll++)
        expect(planStrikeLocation(plan, zone, roll).location).not.toBe("tail");
  });

  it("reads its own injury ladder: hindleg 13+ is ♦G4, 17+ is ♦K4▼", () => {
    expect(planInjuryFor(plan, "hindleg", 13)).toEqual({
      severity: "G",
      level: 4,
      fumbleStumble: true,
      amputation: false,
    });
    expect(formatInjuryCode(planInjuryFor(plan, "hindleg", 25)!)).toBe("♦K4▼");
    expect(planInjuryFor(plan, "tail", 0)).toBeNull();
    expect(inputError(() => planInjuryFor(plan, "wing", 5)).field).toBe("location");
  });

  it("lists sided ids for paired locations", () => {
    expect(sidedLocationIds(plan)).toEqual([
      "head",
      "neck",
      "left-foreleg",
      "right-foreleg",
      "body",
      "belly",
      "left-hindleg",
      "right-hindleg",
      "tail",
    ]);
  });

  it("a zone with no points cannot be struck (ruling R16)", () => {
    const low = quadruped();
    for (const l of low.locations) l.aim.high = 0;
    const valid = validateBodyPlan(low);
    const e = inputError(() => planStrikeLocation(valid, "high", 50));
    expect(e.field).toBe("aim");
    expect(e.value).toBe("high");
  });

  it("refuses a roll outside 1-100", () => {
    expect(inputError(() => planStrikeLocation(plan, "mid", 0)).field).toBe("roll");
    expect(inputError(() => planStrikeLocation(plan, "mid", 101)).field).toBe("roll");
  });
});

describe("injury codes (seed 003 lines 95-110, 119-121; ruling R18)", () => {
  it("round-trips every cell of the INJURY TABLE", () => {
    for (const id of LOCATIONS)
      for (const cell of INJURY_TABLE[id]) {
        const code = formatInjuryCode(cell);
        expect(parseInjuryCode(code)).toEqual({ ...cell });
      }
  });

  it.each([
    ["♦G5▼", "G", 5, true, true],
    ["!g5^", "G", 5, true, true],
    ["*s2", "S", 2, true, false],
    ["s2v", "S", 2, false, true],
    ["k4V", "K", 4, false, true],
    [" m1 ", "M", 1, false, false],
    ["*M1", "M", 1, true, false],
  ] as const)("reads %j as %s%i (♦ %s, ▼ %s)", (code, severity, level, fs, amp) => {
    expect(parseInjuryCode(code)).toEqual({ severity, level, fumbleStumble: fs, amputation: amp });
  });

  it.each(["", "X1", "M6", "M0", "G", "♦♦G4", "G4▼▼", "4G", 17, null])(
    "refuses %j naming the field",
    (code) => {
      const e = inputError(() => parseInjuryCode(code, "bodyPlan.locations[0].injury[2]"));
      expect(e.field).toBe("bodyPlan.locations[0].injury[2]");
      expect(e.value).toBe(code);
      expect(e.message).toContain("severity M, S, G or K");
    },
  );

  it("formats with the seed's symbols", () => {
    expect(
      formatInjuryCode({ severity: "S", level: 3, fumbleStumble: true, amputation: false }),
    ).toBe("♦S3");
    expect(
      formatInjuryCode({ severity: "K", level: 5, fumbleStumble: false, amputation: true }),
    ).toBe("K5▼");
  });
});

describe("validateBodyPlan: each error names the exact field and value", () => {
  type Mutate = (p: Record<string, unknown> & ReturnType<typeof quadruped>) => void;
  const cases: [string, Mutate, string, unknown][] = [
    ["not an object", () => {}, "bodyPlan", "x"],
    ["unknown key", (p) => ((p as Record<string, unknown>).legs = 4), "bodyPlan.legs", 4],
    ["empty name", (p) => (p.name = " "), "bodyPlan.name", " "],
    ["missing id", (p) => delete (p as Partial<typeof p>).id, "bodyPlan.id", undefined],
    ["no locations", (p) => (p.locations = []), "bodyPlan.locations", []],
    ["id not a slug", (p) => (p.locations[3]!.id = "Body"), "bodyPlan.locations[3].id", "Body"],
    [
      "id starting left-",
      (p) => (p.locations[3]!.id = "left-flank"),
      "bodyPlan.locations[3].id",
      "left-flank",
    ],
    [
      "id starting right-",
      (p) => (p.locations[3]!.id = "right-flank"),
      "bodyPlan.locations[3].id",
      "right-flank",
    ],
    ["duplicate id", (p) => (p.locations[4]!.id = "body"), "bodyPlan.locations[4].id", "body"],
    [
      "unknown region",
      (p) => ((p.locations[1] as { region: string }).region = "fin"),
      "bodyPlan.locations[1].region",
      "fin",
    ],
    [
      "paired not boolean",
      (p) => ((p.locations[2] as { paired: unknown }).paired = "yes"),
      "bodyPlan.locations[2].paired",
      "yes",
    ],
    ["empty name", (p) => (p.locations[0]!.name = ""), "bodyPlan.locations[0].name", ""],
    [
      "aim not whole",
      (p) => (p.locations[3]!.aim.high = 29.5),
      "bodyPlan.locations[3].aim.high",
      29.5,
    ],
    ["aim negative", (p) => (p.locations[3]!.aim.mid = -1), "bodyPlan.locations[3].aim.mid", -1],
    ["aim over 100", (p) => (p.locations[3]!.aim.low = 101), "bodyPlan.locations[3].aim.low", 101],
    [
      "aim zone missing",
      (p) => delete (p.locations[3]!.aim as Partial<Record<AimZone, number>>).low,
      "bodyPlan.locations[3].aim.low",
      undefined,
    ],
    [
      "unknown zone",
      (p) => ((p.locations[3]!.aim as Record<string, number>).up = 0),
      "bodyPlan.locations[3].aim.up",
      0,
    ],
    [
      "high points sum to 99",
      (p) => (p.locations[3]!.aim.high = 29),
      "bodyPlan.locations[*].aim.high",
      99,
    ],
    [
      "low points sum to 110",
      (p) => (p.locations[6]!.aim.low = 10),
      "bodyPlan.locations[*].aim.low",
      110,
    ],
    [
      "four injury cells",
      (p) => p.locations[0]!.injury.pop(),
      "bodyPlan.locations[0].injury",
      "(array)",
    ],
    [
      "bad severity",
      (p) => ((p.locations[0]!.injury[1] as { severity: string }).severity = "X"),
      "bodyPlan.locations[0].injury[1].severity",
      "X",
    ],
    [
      "level 0",
      (p) => (p.locations[0]!.injury[1]!.level = 0),
      "bodyPlan.locations[0].injury[1].level",
      0,
    ],
    [
      "level 6",
      (p) => (p.locations[0]!.injury[4]!.level = 6),
      "bodyPlan.locations[0].injury[4].level",
      6,
    ],
    [
      "flag not boolean",
      (p) => ((p.locations[0]!.injury[4] as { amputation: unknown }).amputation = 1),
      "bodyPlan.locations[0].injury[4].amputation",
      1,
    ],
    [
      "bad code",
      (p) => ((p.locations[0]!.injury as unknown[])[2] = "S9"),
      "bodyPlan.locations[0].injury[2]",
      "S9",
    ],
    [
      "♦ on a torso location (ruling R18)",
      (p) => (p.locations[3]!.injury[0]!.fumbleStumble = true),
      "bodyPlan.locations[3].injury[0].fumbleStumble",
      "(object)",
    ],
    [
      "♦ code on a tail (ruling R18)",
      (p) => ((p.locations[6]!.injury as unknown[])[0] = "♦M1"),
      "bodyPlan.locations[6].injury[0]",
      "♦M1",
    ],
  ];
  it.each(cases)("%s → %s", (name, mutate, field, value) => {
    const raw: unknown = name === "not an object" ? "x" : quadruped();
    if (name !== "not an object") mutate(raw as Parameters<Mutate>[0]);
    const e = inputError(() => validateBodyPlan(raw));
    expect(e.field).toBe(field);
    if (value === "(array)") expect(Array.isArray(e.value)).toBe(true);
    else if (value === "(object)") expect(typeof e.value).toBe("object");
    else expect(e.value).toEqual(value);
    expect(e.message.startsWith(`${field}: `)).toBe(true);
  });

  it("uses the field prefix it is given (CLI: defender.bodyPlan)", () => {
    const p = quadruped();
    p.locations[3]!.aim.high = 31;
    expect(inputError(() => validateBodyPlan(p, "defender.bodyPlan")).field).toBe(
      "defender.bodyPlan.locations[*].aim.high",
    );
  });

  it("accepts a zone whose points are all 0 (the creature cannot be aimed there, ruling R16)", () => {
    const p = quadruped();
    for (const l of p.locations) l.aim.high = 0;
    expect(validateBodyPlan(p).locations.every((l) => l.aim.high === 0)).toBe(true);
  });

  it("refuses a plan no zone can strike", () => {
    const p = quadruped();
    for (const l of p.locations) l.aim = { high: 0, mid: 0, low: 0 };
    expect(inputError(() => validateBodyPlan(p)).field).toBe("bodyPlan.locations[*].aim");
  });

  it("accepts injury codes in place of cell objects, ASCII alternatives included (ruling R18)", () => {
    const p = quadruped();
    (p.locations[2]!.injury as unknown[]) = ["!m1", "*S2", "♦S3", "!g4", "!G5^"];
    expect(validateBodyPlan(p).locations[2]!.injury).toEqual(quadruped().locations[2]!.injury);
  });

  it("trims names and returns a copy that does not share the input's objects", () => {
    const p = quadruped();
    p.locations[0]!.name = "  Head ";
    const v = validateBodyPlan(p);
    expect(v.locations[0]!.name).toBe("Head");
    p.locations[0]!.aim.high = 99;
    expect(v.locations[0]!.aim.high).toBe(30);
  });
});

// ── Exchanges against a body plan ─────────────────────────────────────────────────────────────

const eml = (v: number) => buildTarget("eml", v, [], { min: 5, max: 95 });
const dice = (script: RollScript, seed = 1) => new ScriptedDice(script, new SeededDice(seed));
function fighter(over: Partial<Hm3Fighter> = {}): Hm3Fighter {
  return { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: {}, ...over };
}
function creatureDecl(over: Partial<Hm3Declaration> = {}): Hm3Declaration {
  return {
    attack: { type: "melee", target: eml(50), aspect: "edge", aim: "mid", impact: 5, wq: 12 },
    attacker: fighter(),
    defender: fighter({
      bodyPlan: validateBodyPlan(quadruped()),
      armour: { "left-foreleg": { edge: 2 }, body: { edge: 4, blunt: 3 } },
    }),
    options: { ...DEFAULT_OPTIONS },
    ...over,
  };
}

describe("an exchange against a creature's body plan (scripted dice)", () => {
  it("CS 25 vs block MF 61 → A*2; location 33 mid is the left foreleg; 5+6+6 = 17 edge − 2 = 15 → ♦G4, a stumble roll (leg)", () => {
    const r = resolveExchange(
      creatureDecl(),
      { type: "block", target: eml(50), wq: 12 },
      dice({
        attack: 25,
        defence: 61,
        location: 33,
        impact: [6, 6],
        shock: [1, 1, 1, 1],
        stumble: [6, 6, 1],
      }),
    );
    expect(r.result).toBe("A*2");
    const s = r.strikes[0]!;
    expect(s).toMatchObject({
      location: "left-foreleg",
      face: null,
      faceRoll: null,
      impact: 17,
      armour: 2,
      effectiveImpact: 15,
      injury: "G4",
      tableInjury: "G4",
      injuryLevel: 4,
      fumbleRoll: false,
      stumbleRoll: true,
      amputationRoll: false,
      kill: false,
    });
    // Ruling R4: AGL 12 − PP (0 + the new level 4) = 8; 13 is above: prone.
    expect(s.stumble).toMatchObject({ total: 13, target: 8, failed: true });
    expect(s.shock).toMatchObject({ dice: 4, total: 4, failed: false });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "prone",
      cause: "stumble",
    });
    expect(r.rolls.map((x) => x.name)).toEqual([
      "attack",
      "defence",
      "location",
      "impact",
      "shock",
      "stumble",
    ]);
  });

  it("the ▼ flag of the plan's cell calls the amputation roll with Edge (hindleg ♦K4▼)", () => {
    // Mid 92 = right hindleg; 5 + 6+6+6 = 23 edge, no armour → 17+ → ♦K4▼: a kill (ruling R7).
    const killed = resolveExchange(
      creatureDecl(),
      { type: "ignore" },
      dice({ attack: 25, location: 92, impact: [6, 6, 6, 6] }),
    );
    expect(killed.result).toBe("A*4");
    expect(killed.strikes[0]).toMatchObject({
      location: "right-hindleg",
      tableInjury: "K4",
      kill: true,
      amputationRoll: false,
    });
    // With the kill roll, surviving keeps G4 and the ▼ amputation roll and ♦ stumble roll.
    const lived = resolveExchange(
      creatureDecl({ options: { ...DEFAULT_OPTIONS, killRoll: true } }),
      { type: "ignore" },
      dice({
        attack: 25,
        location: 92,
        impact: [6, 6, 6, 6],
        kill: [1, 1, 1, 1],
        shock: 4,
        stumble: [1, 1, 1],
      }),
    );
    expect(lived.strikes[0]).toMatchObject({
      location: "right-hindleg",
      injury: "G4",
      kill: false,
      amputationRoll: true,
      stumbleRoll: true,
    });
  });

  it("the plan's armour keys are its location ids: body edge 4 (mid 60)", () => {
    const r = resolveExchange(
      creatureDecl(),
      { type: "ignore" },
      dice({ attack: 27, location: 60, impact: [2, 2, 2] }),
    );
    expect(r.strikes[0]).toMatchObject({
      location: "body",
      impact: 11,
      armour: 4,
      effectiveImpact: 7,
      injury: "S2",
    });
    expect(r.strikes[0]!.stumbleRoll).toBe(false);
  });

  it("a plan location named face rolls no face sub-table (ruling R17); the human plan given as a plan does", () => {
    const q = quadruped();
    q.locations[0]!.id = "face";
    const withFace = creatureDecl({ defender: fighter({ bodyPlan: validateBodyPlan(q) }) });
    const r = resolveExchange(
      withFace,
      { type: "ignore" },
      dice({ attack: 27, location: 5, impact: [1, 1, 1] }),
    );
    expect(r.strikes[0]).toMatchObject({ location: "face", face: null, faceRoll: null });
    expect(r.rolls.some((x) => x.name === "face")).toBe(false);

    const human = creatureDecl({ defender: fighter({ bodyPlan: humanBodyPlan() }) });
    const h = resolveExchange(
      human,
      { type: "ignore" },
      dice({ attack: 27, location: 7, face: 20, impact: [1, 1, 1] }),
    );
    expect(h.strikes[0]).toMatchObject({ location: "face", face: "right-eye", faceRoll: 20 });
  });

  it("the human plan given explicitly resolves exactly as no plan, over 300 seeded exchanges", () => {
    const defences: Hm3Defence[] = [
      { type: "ignore" },
      { type: "block", target: eml(55), wq: 11 },
      {
        type: "counterstrike",
        target: eml(60),
        strike: { aspect: "point", aim: "high", impact: 6 },
      },
      { type: "dodge", target: eml(45) },
    ];
    const armour = {
      thorax: { edge: 8, blunt: 6 },
      "left-forearm": { edge: 4 },
      skull: { point: 3 },
    };
    for (let seed = 1; seed <= 300; seed++) {
      const aim = AIM_ZONES[seed % 3]!;
      const base: Hm3Declaration = {
        attack: { type: "melee", target: eml(70), aspect: "edge", aim, impact: 6, wq: 12 },
        attacker: fighter({ armour }),
        defender: fighter({ armour }),
        options: { ...DEFAULT_OPTIONS, killRoll: seed % 2 === 0, bleeding: true },
      };
      const planned: Hm3Declaration = {
        ...base,
        attacker: fighter({ armour, bodyPlan: humanBodyPlan() }),
        defender: fighter({ armour, bodyPlan: humanBodyPlan() }),
      };
      const defence = defences[seed % defences.length]!;
      expect(resolveExchange(planned, defence, new SeededDice(seed))).toEqual(
        resolveExchange(base, defence, new SeededDice(seed)),
      );
    }
  });

  it("the counterstrike lands on the attacker's plan: CF 65 vs counterstrike MS 27 → D*2 on the creature attacker", () => {
    const d = creatureDecl({
      attacker: fighter({
        bodyPlan: validateBodyPlan(quadruped()),
        armour: { neck: { blunt: 1 } },
      }),
      defender: fighter(),
    });
    const r = resolveExchange(
      d,
      {
        type: "counterstrike",
        target: eml(50),
        strike: { aspect: "blunt", aim: "high", impact: 4 },
      },
      dice({
        attack: 65,
        defence: 27,
        "counter.location": 45,
        "counter.impact": [3, 3],
        "counter.shock": 3,
      }),
    );
    expect(r.result).toBe("D*2");
    // High: head 1-30, neck 31-50 → neck; 4+3+3 = 10 blunt − 1 = 9 → S3.
    expect(r.strikes[0]).toMatchObject({
      by: "defender",
      location: "neck",
      armour: 1,
      effectiveImpact: 9,
      injury: "S3",
    });
  });

  it("a strike aimed at a zone the plan has no points in is refused, naming attack.aim / defence.aim (ruling R16)", () => {
    const q = quadruped();
    for (const l of q.locations) l.aim.high = 0;
    const plan = validateBodyPlan(q);
    const d = creatureDecl({ defender: fighter({ bodyPlan: plan }) });
    d.attack.aim = "high";
    const e = inputError(() => resolveExchange(d, { type: "ignore" }, dice({ attack: 25 })));
    expect(e.field).toBe("attack.aim");
    const c = creatureDecl({ attacker: fighter({ bodyPlan: plan }), defender: fighter() });
    const e2 = inputError(() =>
      resolveExchange(
        c,
        {
          type: "counterstrike",
          target: eml(50),
          strike: { aspect: "blunt", aim: "high", impact: 4 },
        },
        dice({ attack: 65, defence: 27 }),
      ),
    );
    expect(e2.field).toBe("defence.aim");
  });
});

describe("CLI input: attacker/defender bodyPlan (parse.ts)", () => {
  const input = (defender: Record<string, unknown>, attack: Record<string, unknown> = {}) => ({
    attack: { type: "melee", eml: 60, aspect: "edge", impact: 5, ...attack },
    defence: { type: "ignore" },
    attacker: { endurance: 12, dex: 12, agl: 12 },
    defender: { endurance: 12, dex: 12, agl: 12, ...defender },
  });

  it("validates the plan and takes armour keyed by its location ids", () => {
    const decl = parseDeclaration(
      input({ bodyPlan: quadruped(), armour: { "left-foreleg": { edge: 3 }, body: { blunt: 2 } } }),
    );
    expect(decl.defender.bodyPlan).toEqual(quadruped());
    expect(decl.defender.armour).toEqual({ "left-foreleg": { edge: 3 }, body: { blunt: 2 } });
  });

  it("builds armour from layers on the plan's ids (unsided paired id covers both sides)", () => {
    const decl = parseDeclaration(
      input({
        bodyPlan: quadruped(),
        layers: [{ material: "leather", locations: ["body", "foreleg"] }],
      }),
    );
    expect(decl.defender.armour).toEqual({
      body: { blunt: 2, edge: 4, point: 3, fire: 3 },
      "left-foreleg": { blunt: 2, edge: 4, point: 3, fire: 3 },
      "right-foreleg": { blunt: 2, edge: 4, point: 3, fire: 3 },
    });
  });

  it.each([
    [{ bodyPlan: quadruped(), armour: { thorax: { edge: 3 } } }, "defender.armour.thorax"],
    [{ bodyPlan: quadruped(), armour: { "left-body": { edge: 3 } } }, "defender.armour.left-body"],
    [
      { bodyPlan: quadruped(), layers: [{ material: "quilt", locations: ["tail", "forearm"] }] },
      "defender.layers[0].locations[1]",
    ],
    [{ bodyPlan: quadruped(), flammable: { abdomen: "quilt" } }, "defender.flammable.abdomen"],
    [{ bodyPlan: { ...quadruped(), locations: [] } }, "defender.bodyPlan.locations"],
  ])("refuses %j naming %s", (defender, field) => {
    expect(inputError(() => parseDeclaration(input(defender))).field).toBe(field);
  });

  it("a human armour key is refused on a creature but still accepted without a plan", () => {
    expect(parseDeclaration(input({ armour: { thorax: { edge: 3 } } })).defender.armour).toEqual({
      thorax: { edge: 3 },
    });
  });

  it("refuses an aim the defender's plan cannot take before any roll (attack.aim)", () => {
    const q = quadruped();
    for (const l of q.locations) l.aim.low = 0;
    const e = inputError(() => parseDeclaration(input({ bodyPlan: q }, { aim: "low" })));
    expect(e.field).toBe("attack.aim");
    expect(e.value).toBe("low");
  });

  it("refuses a counterstrike aim the attacker's plan cannot take (defence.aim)", () => {
    const q = quadruped();
    for (const l of q.locations) l.aim.high = 0;
    const raw = {
      ...input({}),
      attacker: { endurance: 12, dex: 12, agl: 12, bodyPlan: q },
      defence: { type: "counterstrike", eml: 50, aspect: "blunt", aim: "high", impact: 3 },
    };
    expect(inputError(() => parseResolveInput(raw)).field).toBe("defence.aim");
  });

  it("the ruleset's parseChoice refuses that counterstrike aim too, before any roll (defence.aim)", () => {
    const q = quadruped();
    for (const l of q.locations) l.aim.high = 0;
    const decl = parseDeclaration({
      ...input({}),
      attacker: { endurance: 12, dex: 12, agl: 12, bodyPlan: q },
    });
    const state = hm3.start(decl, new SeededDice(1));
    const choice = { type: "counterstrike", eml: 50, aspect: "blunt", aim: "high", impact: 3 };
    expect(inputError(() => hm3.parseChoice(state, choice)).field).toBe("defence.aim");
    expect(hm3.parseChoice(state, { ...choice, aim: "mid" }).type).toBe("counterstrike");
  });
});

describe("zone sums and plan problems (rulings R16, R18)", () => {
  it("zoneSums adds each zone's points; zoneStatus reads 100 as full, 0 as none, else bad", () => {
    expect(zoneSums(humanBodyPlan())).toEqual({ high: 100, mid: 100, low: 100 });
    expect(zoneSums(quadruped())).toEqual({ high: 100, mid: 100, low: 100 });
    const plan = quadruped();
    plan.locations[0]!.aim.high = 35;
    expect(zoneSums(plan).high).toBe(105);
    expect([zoneStatus(100), zoneStatus(0), zoneStatus(95), zoneStatus(105)]).toEqual([
      "full",
      "none",
      "bad",
      "bad",
    ]);
  });

  it("a valid plan has no problems; validateBodyPlan agrees", () => {
    expect(bodyPlanProblems(humanBodyPlan())).toEqual([]);
    expect(bodyPlanProblems(quadruped())).toEqual([]);
    expect(() => validateBodyPlan(quadruped())).not.toThrow();
  });

  it("lists every problem as a key with ids, never English text", () => {
    const plan = quadruped();
    plan.locations[0]!.aim.high = 0; // high 70
    plan.locations[1]!.aim.mid = 30; // mid 120
    plan.locations[2]!.id = "head";
    plan.locations[0]!.injury[1] = { ...plan.locations[0]!.injury[1]!, fumbleStumble: true };
    expect(bodyPlanProblems(plan)).toEqual([
      {
        field: "locations[0].injury[1]",
        value: "♦S2",
        key: PLAN_PROBLEM_KEYS.fumbleRegion,
        params: { location: 0, cell: 1, region: "head" },
      },
      {
        field: "locations[2].id",
        value: "head",
        key: PLAN_PROBLEM_KEYS.duplicateId,
        params: { location: 2 },
      },
      {
        field: "locations[*].aim.high",
        value: 70,
        key: PLAN_PROBLEM_KEYS.zoneSum,
        params: { zone: "high", total: 70 },
      },
      {
        field: "locations[*].aim.mid",
        value: 120,
        key: PLAN_PROBLEM_KEYS.zoneSum,
        params: { zone: "mid", total: 120 },
      },
    ]);
    expect(() => validateBodyPlan(plan)).toThrow(InputError);
  });

  it("a plan no zone can be aimed at, and a plan without locations, are problems", () => {
    const plan = quadruped();
    for (const l of plan.locations) l.aim = { high: 0, mid: 0, low: 0 };
    expect(bodyPlanProblems(plan).map((p) => p.key)).toEqual([PLAN_PROBLEM_KEYS.noZone]);
    expect(() => validateBodyPlan(plan)).toThrow(InputError);
    expect(bodyPlanProblems({ locations: [] }).map((p) => p.key)).toEqual([
      PLAN_PROBLEM_KEYS.noLocation,
    ]);
  });

  it("removing a location that holds aim points leaves its zones short", () => {
    const plan = quadruped();
    const without = { ...plan, locations: plan.locations.slice(1) }; // head: high 30, mid 10
    expect(bodyPlanProblems(without).map((p) => [p.field, p.value])).toEqual([
      ["locations[*].aim.high", 70],
      ["locations[*].aim.mid", 90],
    ]);
  });
});
