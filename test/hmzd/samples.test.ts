/**
 * The hmzd sample fighters (`src/rules/hmzd/samples.ts`) against their sources: the HM3 sample
 * fighters' attributes, skills and kit (scripts/pack-actors.ts), every weapon against the Z12
 * conversion of the HM3 data (scripts/hmzd-weapons.ts), every armour piece against the HM3
 * armour pack item of its name (Z13); the creatures on the dog plan (Z24), the terrier's bite
 * as the seed gives it (001:101). Every sample derives without error.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HM3_ATTRIBUTES } from "../../src/rules/hm3/character-types";
import { deriveHmzdCharacter } from "../../src/rules/hmzd/character";
import { formatImpact } from "../../src/rules/hmzd/convert";
import { HMZD_SAMPLES, hmzdSample } from "../../src/rules/hmzd/samples";
import { hmzdMeleeWeapons, hmzdMissiles } from "../../scripts/hmzd-weapons";
import { FIGHTERS_SPEC } from "../../scripts/pack-actors";
import { armourDoc, readCsv } from "../../scripts/pack-sources";

const melee = new Map(hmzdMeleeWeapons().map((w) => [w.name, w]));
const missiles = new Map(hmzdMissiles().map((m) => [m.name, m]));
const armour = new Map(
  readCsv("armour.csv").map((row) => {
    const doc = armourDoc(row) as { name: string; system: { hm3: Record<string, unknown> } };
    return [doc.name, doc.system.hm3];
  }),
);

describe("hmzd sample fighters", () => {
  it("has at least four, with unique ids, and a dog", () => {
    expect(HMZD_SAMPLES.length).toBeGreaterThanOrEqual(4);
    const ids = HMZD_SAMPLES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(HMZD_SAMPLES.some((s) => s.character.bodyPlan === "dog")).toBe(true);
    expect(hmzdSample("brigand")?.name).toBe("Brigand");
    expect(hmzdSample("nobody")).toBeUndefined();
  });

  it.each(HMZD_SAMPLES.map((s) => [s.name, s] as const))("%s derives", (_, s) => {
    const d = deriveHmzdCharacter(s.character);
    expect(d.weapons.length + d.missiles.length).toBeGreaterThan(0);
    expect(d.shock.from).toBe("endurance"); // Z7: none has a Shock skill
  });

  it.each(HMZD_SAMPLES.map((s) => [s.name, s] as const))(
    "%s: attributes and skills are the HM3 sample fighter's",
    (name, s) => {
      const spec = FIGHTERS_SPEC.find((f) => f.name === name);
      if (name === "Terrier") {
        expect(spec).toBeUndefined(); // the seed's terrier has no HM3 sample
        return;
      }
      expect(spec, name).toBeDefined();
      const attrs = s.character.attributes as Record<string, number>;
      expect(HM3_ATTRIBUTES.map((k) => attrs[k])).toEqual(spec!.attributes);
      expect(Object.fromEntries(s.character.skills.map((k) => [k.name, k.ml]))).toEqual(
        spec!.skills,
      );
    },
  );

  it.each(HMZD_SAMPLES.map((s) => [s.name, s] as const))(
    "%s: kit is the HM3 sample's, weapons converted (Z12), armour the HM3 pieces (Z13)",
    (name, s) => {
      const spec = FIGHTERS_SPEC.find((f) => f.name === name);
      for (const w of s.character.weapons ?? []) {
        if (w.name === "Jaws") continue; // a natural weapon, below
        const converted = melee.get(w.name);
        expect(converted, w.name).toBeDefined();
        expect({ zoneDie: w.zoneDie, modes: w.modes }).toEqual({
          zoneDie: converted!.zoneDie,
          modes: converted!.modes,
        });
        expect(w.skill).toBe(converted!.skill);
        expect(w.shield ?? false).toBe(converted!.skill === "Shield");
      }
      for (const m of s.character.missiles ?? []) {
        const converted = missiles.get(m.name)!;
        expect({ aspect: m.aspect, die: m.die, ranges: m.ranges }).toEqual({
          aspect: converted.aspect,
          die: converted.die,
          ranges: converted.ranges,
        });
      }
      for (const p of s.character.armour ?? []) {
        if (p.name === "Leather barding") continue; // the war dog's own piece, below
        const hm3 = armour.get(p.name!);
        expect(hm3, p.name).toBeDefined();
        expect({ material: p.material, quality: p.quality, locations: p.locations }).toEqual({
          material: hm3!.material,
          quality: hm3!.quality,
          locations: hm3!.locations,
        });
      }
      if (spec) {
        const kit = [
          ...(s.character.weapons ?? []).map((w) => w.name),
          ...(s.character.missiles ?? []).map((m) => m.name),
          ...(s.character.armour ?? []).map((p) => p.name),
        ].filter((n) => n !== "Jaws" && n !== "Leather barding");
        expect(kit.sort()).toEqual(spec.kit.map((k) => k.item).sort());
      }
    },
  );

  it("the knight carries the seed's broadsword (001:30, 001:95)", () => {
    const knight = hmzdSample("sir-aldric-knight")!;
    const sword = knight.character.weapons!.find((w) => w.name === "Broadsword")!;
    expect(sword.zoneDie).toBe(4);
    expect(sword.modes.map((m) => `${m.name} ${formatImpact(m.impact)}`)).toEqual([
      "swing d10+3E",
      "thrust d8+2P",
      "pommel d6+0B",
    ]);
  });

  it("the war dog: dog plan, HM3 barding, Jaws P4 → bite d6+2P zone die d6 (Z24)", () => {
    const dog = hmzdSample("war-dog")!;
    const spec = FIGHTERS_SPEC.find((f) => f.name === "War dog")!;
    const barding = spec.own!.find((o) => o.name === "Leather barding") as {
      system: { hm3: { material: string; locations: string[] } };
    };
    const piece = dog.character.armour!.find((p) => p.name === "Leather barding")!;
    expect(piece.material).toBe(barding.system.hm3.material);
    expect(piece.locations).toEqual(barding.system.hm3.locations);
    const jaws = dog.character.weapons![0]!;
    expect(jaws.zoneDie).toBe(6);
    expect(jaws.modes.map((m) => formatImpact(m.impact))).toEqual(["d6+2P"]);
    const d = deriveHmzdCharacter(dog.character);
    expect(d.plan.id).toBe("dog");
    expect(d.armour.neck).toEqual({ blunt: 2, edge: 4, point: 3, fire: 3 });
  });

  it("the terrier: STR 4, bite d6+0P, so d6−4P with its STR modifier (001:101)", () => {
    const t = hmzdSample("terrier")!;
    const d = deriveHmzdCharacter(t.character);
    const bite = d.weapons[0]!.modes[0]!.impact;
    expect(formatImpact({ ...bite, base: bite.base + d.strModifier })).toBe("d6-4P");
  });
});

describe("examples/hmzd/sir-aldric.json (docs/cli.md, `character`)", () => {
  it("is the knight sample with the ruleset named, and derives", () => {
    const example = JSON.parse(
      readFileSync(new URL("../../examples/hmzd/sir-aldric.json", import.meta.url), "utf8"),
    ) as Record<string, unknown>;
    const { ruleset, ...character } = example;
    expect(ruleset).toBe("hmzd");
    expect(character).toEqual(hmzdSample("sir-aldric-knight")!.character);
    const d = deriveHmzdCharacter(character);
    expect(d.armour.thorax).toEqual({ blunt: 13, edge: 21, point: 13, fire: 7 });
    expect(d.shock.eml.value).toBe(70); // 5 × round((15 + 14 + 14) / 3) (Z7)
  });
});
