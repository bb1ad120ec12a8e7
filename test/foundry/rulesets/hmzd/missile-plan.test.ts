/**
 * Fidelity review (issue 18): an unaimed missile's zone die is the victim plan's zone count
 * (ruling Z18, 001:61), so the declaration the Foundry adapter builds, which the chat card's
 * summary reads, and the attack dialog's label must not say d10 against a twelve-zone horse.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AttackRequest, FighterItem, FighterSnapshot } from "../../../../src/core/combat";
import { hmzdCombat } from "../../../../src/foundry/rulesets/hmzd/combat";
import { deriveHmzdActor } from "../../../../src/foundry/rulesets/hmzd/derive";
import { BOW, fighter } from "./fixtures";

const json = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

function archer(): FighterSnapshot {
  const arrow = json("packs/_source/hmzd-missile-weapons/arrow-longbow.json");
  const system = structuredClone(arrow.system) as Record<string, unknown>;
  system.equipped = true;
  const bow: FighterItem = { id: BOW, type: "missile", name: "Arrow (Longbow)", system };
  const skill: FighterItem = {
    id: "sk-bow",
    type: "skill",
    name: "Bow",
    system: {
      hm3: { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: null, ml: 70 },
    },
  };
  const f = fighter({ name: "Archer", items: [bow] });
  const items = [...f.items, skill];
  return { ...f, items, derived: deriveHmzdActor(f.system, items) };
}

function horse(): FighterSnapshot {
  const doc = json("packs/_source/hmzd-body-plans/horse-body-plan.json");
  const system = structuredClone(doc.system) as Record<string, unknown>;
  return {
    actorType: "creature",
    name: "Horse",
    system,
    derived: deriveHmzdActor(system, []),
    items: [],
    conditions: [],
  };
}

const shot = (aim: string): AttackRequest => ({
  itemId: BOW,
  mode: "0",
  aim,
  band: "short",
  situation: { engagingDefender: 1, defenderProne: false, distance: 5 },
  custom: [],
});

describe("Z18: an unaimed missile at a horse rolls d12 (its twelve zones)", () => {
  it("the declaration's zone die is 12 unaimed and 6 aimed", () => {
    const a = archer();
    const h = horse();
    const unaimed = hmzdCombat.buildDeclaration(a, h, shot("unaimed"), {}).declaration as {
      attack: { weapon: { zoneDie: number }; aimed: boolean; placement: number };
    };
    expect(unaimed.attack).toMatchObject({ aimed: false, placement: 1 });
    expect(unaimed.attack.weapon.zoneDie).toBe(12);
    const aimed = hmzdCombat.buildDeclaration(a, h, shot("4"), {}).declaration as {
      attack: { weapon: { zoneDie: number }; placement: number };
    };
    expect([aimed.attack.weapon.zoneDie, aimed.attack.placement]).toEqual([6, 4]);
  });
  it("against a human it stays d10 (Z4)", () => {
    const d = hmzdCombat.buildDeclaration(archer(), fighter({ name: "Man" }), shot("unaimed"), {})
      .declaration as { attack: { weapon: { zoneDie: number } } };
    expect(d.attack.weapon.zoneDie).toBe(10);
  });
  it("the dialog's unaimed label names no d10 (it is the target's whole body)", () => {
    const en = json("lang/en.json") as {
      BLOWBYBLOW: { HMZD: { Combat: { Placement: { unaimed: string } } } };
    };
    expect(en.BLOWBYBLOW.HMZD.Combat.Placement.unaimed).not.toMatch(/d10/);
  });
});

describe("ruling R43 in hmzd: a missile's band read in the scene's units (5 ft to a hex)", () => {
  it("a longbow's Short band reaches 50 ft but a distance of 50 hexes is beyond it", () => {
    const a = archer();
    const option = hmzdCombat.attackOptions(a, horse()).find((o) => o.itemId === BOW)!;
    const short = option.bands[0]!;
    expect(short.id).toBe("short");
    // The band's range is in hexes (R37): as many feet ×5 are still Short, one more hex is not.
    expect(hmzdCombat.bandFor(option, short.range * 5, "ft")).toBe("short");
    expect(hmzdCombat.bandFor(option, (short.range + 1) * 5, "ft")).not.toBe("short");
    expect(hmzdCombat.bandFor(option, short.range + 1)).not.toBe("short");
    expect(hmzdCombat.situation).toContain("units");
  });

  it("an attack with no band takes the band of its distance in feet", () => {
    const a = archer();
    const option = hmzdCombat.attackOptions(a, horse()).find((o) => o.itemId === BOW)!;
    const range = option.bands[0]!.range;
    const request: AttackRequest = {
      ...shot("unaimed"),
      band: null,
      situation: { engagingDefender: 1, defenderProne: false, distance: range * 5, units: "ft" },
    };
    const build = hmzdCombat.buildDeclaration(a, horse(), request, {});
    expect(build.rules.band).toBe("short");
  });
});
