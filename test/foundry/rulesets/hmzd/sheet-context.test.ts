/**
 * The zone-die sheet parts' view models (src/foundry/rulesets/hmzd/sheets/context.ts), pure:
 * the Shock EML with its 5 × Endurance default (Z7), the state and its recovery test (Z15), the
 * Setups carried (Z16), the zone table with the injuries in each zone and their impairment when
 * zd-state's rule is given (Z8), the seed's broadsword's modes (Z12) and an injury's fields. Every
 * text is localised from lang/en.json.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import {
  hmzdActorPart,
  hmzdInjuryPart,
  hmzdWeaponPart,
  impactText,
  type HmzdActorPartInput,
} from "../../../../src/foundry/rulesets/hmzd/sheets/context";
import { humanPlanSource } from "../../../../src/foundry/rulesets/hmzd/plans";
import { broadsword, injuries, shoulderInjury, stunnedBlock } from "./sheet-fixtures";

const { localize, format } = localizerOf(
  JSON.parse(readFileSync("lang/en.json", "utf8")) as unknown,
);

const input = (over: Partial<HmzdActorPartInput> = {}): HmzdActorPartInput => ({
  type: "character",
  block: stunnedBlock(),
  defaultShock: 60,
  injuries: injuries(),
  editable: true,
  localize,
  format,
  ...over,
});

describe("the actor's zone-die part", () => {
  it("Shock EML blank shows 5 × Endurance as its placeholder (Z7); the state STN with its test (Z15)", () => {
    const part = hmzdActorPart(input());
    expect(part.shock).toMatchObject({ name: "system.hmzd.shock", value: "", placeholder: "60" });
    expect(part.shock.hint).toBe("Blank: 5 × Endurance (60), Z7.");
    expect(part.state.label).toBe("Stunned (STN)");
    expect(part.state.options.filter((o) => o.selected).map((o) => o.value)).toEqual(["STN"]);
    expect(part.state.options.map((o) => o.value)).toEqual(["none", "STN", "INC", "UNC", "KIA"]);
    expect(part.recovery).toBe("A Shock test at the end of the next turn");
    expect(part.setups).toBe("2 Setup(s) for the next round");
    expect(part.plan.choice?.options.find((o) => o.selected)?.label).toBe("Human");
  });

  it("UNC: the test when the clock reaches ten minutes on", () => {
    const block = {
      ...stunnedBlock(),
      state: "UNC" as const,
      recovery: { at: "clock" as const, armed: false, due: 620 },
    };
    expect(hmzdActorPart(input({ block })).recovery).toBe(
      "A Shock test at 620 s of game time (600 s from now)",
    );
  });

  it("the human zones (§2) with their injuries; impairment left to zd-state's rule (Z8)", () => {
    const part = hmzdActorPart(input());
    expect(part.zones.map((z) => [z.name, z.values, z.injuries.map((i) => i.code)])).toEqual([
      ["Head", "1", []],
      ["Arms", "2–3", ["S2"]],
      ["Torso", "4–6", []],
      ["Legs", "7–10", ["G4"]],
    ]);
    expect(part.zones[1]!.sides).toBe("Right on 2, left on 3 (zone value)");
    expect(part.zones[0]!.locations.map((l) => [l.name, l.d10, l.shock])).toEqual([
      ["Skull", "1–5", 5],
      ["Face", "6–8", 4],
      ["Neck", "9–10", 5],
    ]);
    expect(part.zones.every((z) => z.impairment === null)).toBe(true);
    expect(part.impairmentPending).toContain("not computed");
  });

  it("with an impairment rule, each zone shows its penalty or Prohibited", () => {
    const part = hmzdActorPart(
      input({
        zoneImpairment: (_zone, here) => ({
          penalty: here.reduce((n, i) => n + (i.severity === "S" ? 10 : 0), 0),
          forbidden: here.some((i) => i.severity === "G"),
        }),
      }),
    );
    expect(part.zones.map((z) => z.impairment)).toEqual(["0", "−10", "0", "Prohibited"]);
    expect(part.zones[3]!.forbidden).toBe(true);
    expect(part.impairmentPending).toBeNull();
  });

  it("a creature with its own plan shows its names as stored; without one, the human plan", () => {
    const plan = humanPlanSource();
    plan.name = "Tall man";
    plan.zones[0]!.name = "Top";
    const part = hmzdActorPart(
      input({ type: "creature", block: { ...stunnedBlock(), bodyPlan: plan } }),
    );
    expect(part.plan).toMatchObject({ own: true, name: "Tall man", choice: null });
    expect(part.zones[0]!.name).toBe("Top");
    const human = hmzdActorPart(
      input({ type: "creature", block: { ...stunnedBlock(), bodyPlan: null } }),
    );
    expect(human.plan.name).toBe("Human");
  });
});

describe("item parts", () => {
  it("the seed's broadsword: d4 zone die, d10+3E, d8+2P, d6+0B (Z12)", () => {
    const part = hmzdWeaponPart("weapon", broadsword(), true, localize);
    expect(part.zoneDie.options.find((o) => o.selected)?.label).toBe("d4");
    expect(part.modes.map((m) => m.impact)).toEqual(["d10+3E", "d8+2P", "d6+0B"]);
    expect(part.modes[0]!.aspect.options.find((o) => o.selected)?.label).toBe("Edge (E)");
    expect(part.hint).toBeNull();
    expect(impactText({ die: 6, base: -4, aspect: "point" })).toBe("d6−4P");
    expect(hmzdWeaponPart("missile", { zoneDie: 10, modes: [] }, true, localize).hint).toContain(
      "Z4",
    );
  });

  it("an injury: S2 edge on the left shoulder, its levels S2 and S3 only", () => {
    const part = hmzdInjuryPart(shoulderInjury(), true, localize);
    expect(part.code).toBe("S2");
    expect(part.level.options.map((o) => o.value)).toEqual(["2", "3"]);
    expect(part.zone.options.find((o) => o.selected)?.label).toBe("Arms");
    expect(part.location.options.map((o) => o.label)).toEqual([
      "Shoulder",
      "Upper arm",
      "Elbow",
      "Forearm",
      "Hand",
    ]);
    expect(part.location.known).toBe(true);
    expect(part.side.options.find((o) => o.selected)?.label).toBe("Left");
    expect(part.shockFailed.checked).toBe(true);
    const lost = hmzdInjuryPart({ ...shoulderInjury(), location: "wing" }, true, localize);
    expect(lost.location.known).toBe(false);
  });
});
