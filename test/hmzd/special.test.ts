/** The INJURY table's symbols as HM3 effects (001:79, 001:89, Z10, Z22; hm3.md §2). */
import { describe, expect, it } from "vitest";
import { RecordingDice, ScriptedDice, type Dice } from "../../src/core/dice";
import type { Region } from "../../src/core/body";
import { specialEffects, type SpecialInput } from "../../src/rules/hmzd/special";
import { INJURY_BANDS } from "../../src/rules/hmzd/tables";
import type { HmzdAspect } from "../../src/rules/hmzd/types";

const none: Dice = {
  roll(name) {
    throw new Error(`unexpected roll ${name}`);
  },
};
const band = (code: string) => {
  const b = INJURY_BANDS.find((x) => x.code === code)!;
  return { code: b.code, symbol: b.symbol };
};
const input = (over: Partial<SpecialInput> = {}): SpecialInput => ({
  injury: band("S2"),
  location: "left-forearm",
  region: "arm",
  aspect: "edge",
  victim: { dex: 12, agl: 11 },
  state: "none",
  to: "defender",
  prefix: "",
  options: { specialEffects: true },
  ...over,
});

describe("□ (M1, S2): Fumble on an arm location, Stumble on a leg location (Z10)", () => {
  it("001:79: M1 and S2 carry □, S3 and G4 ●, G5 ▽", () => {
    expect(INJURY_BANDS.map((b) => `${b.code}${b.symbol}`)).toEqual([
      "M1square",
      "S2square",
      "S3dot",
      "G4dot",
      "G5triangle",
    ]);
  });

  it("a Fumble roll of 3d6 above DEX drops what that hand holds (disarmed, on that location)", () => {
    const dice = new RecordingDice(new ScriptedDice({ fumble: [6, 5, 2] }, none));
    const r = specialEffects(input({ injury: band("M1") }), dice);
    expect(r.fumble).toEqual({
      roll: "fumble",
      dice: 3,
      values: [6, 5, 2],
      total: 13,
      target: 12,
      failed: true,
    });
    expect(r.stumble).toBeNull();
    expect(r.effects).toEqual([
      {
        type: "condition",
        to: "defender",
        condition: "disarmed",
        cause: "fumble",
        location: "left-forearm",
        until: "recovered",
      },
    ]);
    expect(dice.records.map((x) => x.name)).toEqual(["fumble"]);
  });

  it("3d6 equal to DEX holds on (above it fails)", () => {
    const r = specialEffects(input(), new ScriptedDice({ fumble: [4, 4, 4] }, none));
    expect(r.fumble!.failed).toBe(false);
    expect(r.effects).toEqual([]);
  });

  it("a Stumble roll of 3d6 above AGL puts him prone", () => {
    const r = specialEffects(
      input({ region: "leg", location: "right-knee" }),
      new ScriptedDice({ stumble: [6, 6, 1] }, none),
    );
    expect(r.stumble).toMatchObject({ roll: "stumble", total: 13, target: 11, failed: true });
    expect(r.fumble).toBeNull();
    expect(r.effects).toEqual([
      {
        type: "condition",
        to: "defender",
        condition: "prone",
        cause: "stumble",
        until: "recovered",
      },
    ]);
    const ok = specialEffects(
      input({ region: "leg", location: "right-knee" }),
      new ScriptedDice({ stumble: [5, 5, 1] }, none),
    );
    expect(ok.stumble!.failed).toBe(false);
    expect(ok.effects).toEqual([]);
  });

  it("no roll on a head, neck or torso location", () => {
    for (const region of ["head", "neck", "torso"] as Region[])
      expect(specialEffects(input({ region, location: "skull" }), none)).toMatchObject({
        fumble: null,
        stumble: null,
        effects: [],
      });
  });

  it("a counterstrike's victim (the attacker) rolls counter.fumble, its effects to the attacker", () => {
    const dice = new RecordingDice(new ScriptedDice({ "counter.fumble": [6, 6, 6] }, none));
    const r = specialEffects(input({ to: "attacker", prefix: "counter." }), dice);
    expect(r.fumble!.roll).toBe("counter.fumble");
    expect(r.effects[0]).toMatchObject({ to: "attacker", condition: "disarmed" });
  });

  it("a stumble on a creature's leg location reads the plan's region", () => {
    const r = specialEffects(
      input({ region: "leg", location: "left-foreleg", injury: band("M1") }),
      new ScriptedDice({ stumble: 3 }, none),
    );
    expect(r.stumble!.failed).toBe(false);
  });
});

describe("● and ▽: bleeding and the amputation call (Z10, Z22), every band by aspect", () => {
  // [code, aspect] → [bleeding, amputation]
  const cells: [string, HmzdAspect, boolean, boolean][] = [
    ["M1", "blunt", false, false],
    ["M1", "edge", false, false],
    ["M1", "point", false, false],
    ["M1", "fire", false, false],
    ["S2", "blunt", false, false],
    ["S2", "edge", false, false],
    ["S2", "point", false, false],
    ["S2", "fire", false, false],
    ["S3", "blunt", false, false],
    ["S3", "edge", true, false],
    ["S3", "point", true, false],
    ["S3", "fire", false, false],
    ["G4", "blunt", false, false],
    ["G4", "edge", true, false],
    ["G4", "point", true, false],
    ["G4", "fire", false, false],
    ["G5", "blunt", false, false],
    ["G5", "edge", true, true],
    ["G5", "point", true, false],
    ["G5", "fire", false, false],
  ];
  it.each(cells)("%s %s: bleeding %s, amputation %s", (code, aspect, bleeding, amputation) => {
    // A torso location: no fumble or stumble, so no dice.
    const r = specialEffects(
      input({ injury: band(code), aspect, region: "torso", location: "abdomen" }),
      none,
    );
    expect(r.bleeding).toBe(bleeding);
    expect(r.amputation).toBe(amputation);
    expect(r.effects).toEqual(
      bleeding
        ? [
            {
              type: "condition",
              to: "defender",
              condition: "bleeding",
              cause: "bleeding",
              location: "abdomen",
              until: "recovered",
            },
          ]
        : [],
    );
  });

  it("▽ calls the GM: no amputated condition is set by itself", () => {
    const r = specialEffects(input({ injury: band("G5"), aspect: "edge" }), none);
    expect(r.effects.map((e) => (e.type === "condition" ? e.condition : e.type))).toEqual([
      "bleeding",
    ]);
  });
});

describe("when nothing happens", () => {
  it("the world option off: no roll, no effect", () => {
    const r = specialEffects(input({ options: { specialEffects: false } }), none);
    expect(r).toEqual({
      symbol: "square",
      fumble: null,
      stumble: null,
      bleeding: false,
      amputation: false,
      effects: [],
    });
  });

  it("Z22: a KIA victim makes no rolls and bleeds no more", () => {
    expect(specialEffects(input({ state: "KIA" }), none).fumble).toBeNull();
    expect(specialEffects(input({ state: "KIA", injury: band("G4") }), none).bleeding).toBe(false);
  });

  it("a bad DEX names the victim's field", () => {
    expect(() =>
      specialEffects(input({ victim: { dex: 12.5, agl: 10 } }), new ScriptedDice({}, none)),
    ).toThrow(/defender\.dex: expected a whole number, got 12\.5/);
  });
});
