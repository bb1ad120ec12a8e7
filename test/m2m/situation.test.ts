/**
 * The attack's situation on the map (src/rules/m2m/situation.ts): yards from the scene's units
 * (ruling M109, L1960), facing (ruling M108; L1970-1976, L2153-2165, L2857-2871), light
 * (L1724-1726) and range (spec §12.3, L2903-2932).
 */
import { describe, expect, it } from "vitest";
import { rangedRanges } from "../../src/rules/m2m/equipment";
import { flowAttackTarget, newFighterBlock, parseFlowDeclaration } from "../../src/rules/m2m/flow";
import {
  fromHexOf,
  lightModifiers,
  offArcModifier,
  offArcOf,
  rangedSituation,
  situationModifier,
  yardsPerUnit,
} from "../../src/rules/m2m/situation";

const values = (mods: { key: string; value: number }[]) =>
  Object.fromEntries(mods.map((m) => [m.key, m.value]));

describe("yardsPerUnit (ruling M109)", () => {
  it("yards and hexes as they are (L1960), feet ÷ 3, metres ÷ 0.9144", () => {
    expect(yardsPerUnit("yd")).toBe(1);
    expect(yardsPerUnit(" Yards ")).toBe(1);
    expect(yardsPerUnit("hex")).toBe(1);
    expect(yardsPerUnit("ft.")).toBeCloseTo(1 / 3, 12);
    expect(yardsPerUnit("m")).toBeCloseTo(1.0936, 4);
  });
  it("units it cannot read give null (the distance is typed)", () => {
    expect(yardsPerUnit("mi")).toBeNull();
    expect(yardsPerUnit("")).toBeNull();
    expect(yardsPerUnit(null)).toBeNull();
  });
});

describe("facing (ruling M108)", () => {
  it("the defender's arcs as the defence rules' hexes; Basic is always the front", () => {
    expect(fromHexOf("front", true)).toBe("front");
    expect(fromHexOf("right", true)).toBe("weapon-side");
    expect(fromHexOf("left", true)).toBe("shield-side");
    expect(fromHexOf("back", true)).toBe("back");
    expect(fromHexOf("back", false)).toBe("front");
    expect(fromHexOf(null, true)).toBe("front");
  });
  it("a defender outside the attacker's front: wild swing (melee), blind shot (ranged); Basic none", () => {
    expect(offArcOf("front", false, true)).toBeNull();
    expect(offArcOf("right", false, true)).toBe("wild-swing");
    expect(offArcOf("back", true, true)).toBe("shooting-blind");
    expect(offArcOf("back", false, false)).toBeNull();
  });
  it("wild swing −5 or down to 9, whichever is worse (L2155); blind −10 or down to 9 (L2871)", () => {
    expect(offArcModifier("wild-swing", 12).value).toBe(-5);
    expect(offArcModifier("wild-swing", 16).value).toBe(-7);
    expect(offArcModifier("shooting-blind", 15).value).toBe(-10);
    expect(offArcModifier("shooting-blind", 21).value).toBe(-12);
    expect(offArcModifier("wild-swing", 16).source).toMatch(/L2153-2165/);
  });
});

describe("light (L1724-1726)", () => {
  it("bad light −5, total darkness −10, normal nothing", () => {
    expect(values(lightModifiers("dim"))).toEqual({ "attack.bad-light": -5 });
    expect(values(lightModifiers("dark"))).toEqual({ "attack.total-darkness": -10 });
    expect(lightModifiers("normal")).toEqual([]);
    expect(lightModifiers(null)).toEqual([]);
  });
});

describe("rangedSituation (§12.3)", () => {
  const axe = rangedRanges("throwing-axe", 12); // inc 2 (L4398)
  it("thrown axe, increment 2: 3 yd −1, 8 yd −4 (L2928); the snap shot is the flow's Aim, not the map's (L1642)", () => {
    expect(values(rangedSituation(3, axe).modifiers)).toEqual({ "attack.range": -1 });
    expect(values(rangedSituation(8, axe).modifiers)).toEqual({ "attack.range": -4 });
  });
  it("point blank +4, not with a default thrown-weapon skill (L2907)", () => {
    expect(values(rangedSituation(2, axe).modifiers)["attack.point-blank"]).toBe(4);
    expect(
      values(rangedSituation(2, axe, { defaultSkill: true }).modifiers)["attack.point-blank"],
    ).toBeUndefined();
  });
  it("longbow ST 12 at 200 yd: −16 and half damage (L2930-2932)", () => {
    const r = rangedSituation(200, rangedRanges("longbow", 12));
    expect(values(r.modifiers)["attack.range"]).toBe(-16);
    expect(r.halfDamage).toBe(true);
    expect(rangedSituation(179, rangedRanges("longbow", 12)).halfDamage).toBe(false);
  });
  it("beyond the maximum, or with no distance: refused on situation.distance", () => {
    expect(() => rangedSituation(19, axe)).toThrow(/^situation\.distance: beyond .*18 yards/);
    expect(() => rangedSituation(null, axe)).toThrow(/^situation\.distance: .*needs the distance/);
  });
});

describe("situationModifier", () => {
  it("refuses a key that is not a situation modifier, naming it", () => {
    expect(() => situationModifier("attack.user", 3, "attack.situation[0].key")).toThrow(
      /^attack\.situation\[0\]\.key: expected one of .*"attack\.user"/,
    );
  });
});

describe("the flow declaration's situation rows (flow.ts attack.situation)", () => {
  const state = {
    ruleset: "m2m",
    revision: 0,
    data: {
      ...(newFighterBlock(12).data as object),
      turn: 1,
      maneuver: "attack",
      maneuverTurn: 1,
    },
  };
  const fighter = (id: string) => ({
    id,
    st: 12,
    dodge: 5,
    weapons: [{ id: "axe", modes: { "0": { skill: 14, damage: "1+3", type: "cut" } } }],
    state,
  });
  const raw = (situation: unknown) => ({
    attacker: fighter("a"),
    defender: fighter("d"),
    attack: { weapon: "axe", mode: "0", kind: "thrown", situation },
  });

  it("are itemised in the attack's effective skill, each with its source", () => {
    const target = flowAttackTarget(
      parseFlowDeclaration(
        raw([
          { key: "attack.range", value: -2 },
          { key: "attack.bad-light", value: -5 },
        ]),
      ),
    );
    // The snap shot −4 is the flow's own (no Aim maneuver before this throw, tactics.ts), once.
    expect(target.value).toBe(14 - 4 - 2 - 5);
    expect(values(target.modifiers)).toEqual({
      "attack.snap-shot": -4,
      "attack.range": -2,
      "attack.bad-light": -5,
    });
    expect(target.modifiers.find((m) => m.key === "attack.range")!.source).toMatch(/L2909/);
  });

  it("refuses a key of its own choosing, a fraction or a list that is not one, naming the field", () => {
    expect(() => parseFlowDeclaration(raw([{ key: "attack.user", value: 9 }]))).toThrow(
      /^attack\.situation\[0\]\.key: /,
    );
    // The snap shot is the Aim maneuver's (tactics.ts): declared as the map's, it is refused.
    expect(() => parseFlowDeclaration(raw([{ key: "attack.snap-shot", value: -4 }]))).toThrow(
      /^attack\.situation\[0\]\.key: /,
    );
    expect(() => parseFlowDeclaration(raw([{ key: "attack.range", value: 1.5 }]))).toThrow(
      /^attack\.situation\[0\]\.value: /,
    );
    expect(() => parseFlowDeclaration(raw({ key: "attack.range" }))).toThrow(
      /^attack\.situation: expected a list/,
    );
  });
});
