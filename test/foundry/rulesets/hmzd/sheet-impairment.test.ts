/**
 * The zone-die tab's impairment by zone (src/foundry/rulesets/hmzd/sheets/impairment.ts): the
 * actor's injury blocks through zd-state's `zoneSummary` (Z8, 001:81-87): M 5 once its Shock test
 * failed or its ten minutes passed, S 10, G prohibits; a sided zone per side; a creature's own
 * plan read as the human one is; the view model's text from lang/en.json.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import { hmzdActorPart } from "../../../../src/foundry/rulesets/hmzd/sheets/context";
import {
  minorHindersNow,
  zoneImpairmentOf,
  zoneImpairments,
} from "../../../../src/foundry/rulesets/hmzd/sheets/impairment";
import { humanPlanSource, planSource } from "../../../../src/foundry/rulesets/hmzd/plans";
import { DOG_PLAN } from "../../../../src/rules/hmzd/plans";
import type { HmzdInjuryBlock } from "../../../../src/foundry/rulesets/hmzd/source";
import { injuries, shoulderInjury, stunnedBlock } from "./sheet-fixtures";

const { localize, format } = localizerOf(
  JSON.parse(readFileSync("lang/en.json", "utf8")) as unknown,
);

const minor = (over: Partial<HmzdInjuryBlock> = {}): HmzdInjuryBlock => ({
  severity: "M",
  level: 1,
  aspect: "blunt",
  zone: "head",
  side: "none",
  location: "skull",
  shockFailed: false,
  ...over,
});

describe("zoneImpairments (Z8)", () => {
  it("the example's S2 left shoulder: left arm −10; the G4 right knee prohibits the right leg", () => {
    const z = zoneImpairments(humanPlanSource(), injuries(), stunnedBlock());
    expect(z.head).toEqual({ penalty: 0, forbidden: false });
    expect(z.torso).toEqual({ penalty: 0, forbidden: false });
    expect(z.arms).toEqual({
      penalty: 10,
      forbidden: false,
      sides: [
        { side: "right", penalty: 0, forbidden: false },
        { side: "left", penalty: 10, forbidden: false },
      ],
    });
    expect(z.legs!.forbidden).toBe(true);
    expect(z.legs!.sides).toEqual([
      { side: "right", penalty: 0, forbidden: true },
      { side: "left", penalty: 0, forbidden: false },
    ]);
  });

  it("an M injury adds 5 once its Shock test failed or its ten minutes are over (001:83)", () => {
    const block = { ...stunnedBlock(), clock: 20, unhindered: [{ key: "skull:M1", until: 620 }] };
    const one = [{ id: "m", block: minor() }];
    expect(minorHindersNow(minor(), block)).toBe(false);
    expect(zoneImpairmentOf(humanPlanSource(), one, block)("head").penalty).toBe(0);
    expect(zoneImpairmentOf(humanPlanSource(), one, { ...block, clock: 620 })("head").penalty).toBe(
      5,
    );
    const failed = [{ id: "m", block: minor({ shockFailed: true }) }];
    expect(zoneImpairmentOf(humanPlanSource(), failed, block)("head").penalty).toBe(5);
    // Not listed as unhindered: it hinders.
    expect(zoneImpairmentOf(humanPlanSource(), one, stunnedBlock())("head").penalty).toBe(5);
  });

  it("penalties add up in a zone; an injury of another plan's zone or a sided zone without a side is left out", () => {
    const list = [
      {
        id: "a",
        block: { ...shoulderInjury(), zone: "torso", side: "none" as const, location: "thorax" },
      },
      { id: "b", block: minor({ zone: "torso", location: "abdomen", shockFailed: true }) },
      { id: "c", block: minor({ zone: "wings", location: "wing" }) },
      { id: "d", block: { ...shoulderInjury(), side: "none" as const } },
    ];
    const z = zoneImpairments(humanPlanSource(), list, stunnedBlock());
    expect(z.torso).toEqual({ penalty: 15, forbidden: false });
    expect(z.arms!.penalty).toBe(0);
  });

  it("a creature's own plan (the dog's) is summed by its own zones", () => {
    const plan = planSource(DOG_PLAN, "Dog");
    const zone = plan.zones.find((z) => z.sides.by === "none")!;
    const list = [
      {
        id: "g",
        block: {
          ...minor(),
          severity: "G" as const,
          level: 4,
          zone: zone.id,
          location: zone.locations[0]!.id,
        },
      },
    ];
    const z = zoneImpairments(plan, list, stunnedBlock());
    expect(Object.keys(z)).toEqual(plan.zones.map((p) => p.id));
    expect(z[zone.id]).toEqual({ penalty: 0, forbidden: true });
  });
});

describe("the zone table with the impairment", () => {
  it("each zone shows its penalty, each side of a sided zone its own, Prohibited for a G", () => {
    const block = stunnedBlock();
    const part = hmzdActorPart({
      type: "character",
      block,
      defaultShock: 60,
      injuries: [...injuries(), { id: "h", name: "Bruise", block: minor({ shockFailed: true }) }],
      editable: true,
      localize,
      format,
      zoneImpairment: zoneImpairmentOf(
        humanPlanSource(),
        [...injuries(), { id: "h", block: minor({ shockFailed: true }) }],
        block,
      ),
    });
    expect(part.zones.map((z) => [z.id, z.impairment, z.forbidden])).toEqual([
      ["head", "−5", false],
      ["arms", "Right 0; Left −10", false],
      ["torso", "0", false],
      ["legs", "Right Prohibited; Left 0", true],
    ]);
    expect(part.impairmentPending).toBeNull();
  });
});
