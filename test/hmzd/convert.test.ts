/**
 * The Z12 weapon conversion (`src/rules/hmzd/convert.ts`, scripts/hmzd-weapons.ts) against
 * expectations worked out by hand from the HM3 rows of `reference/hm3-melee-weapons.json` and
 * `reference/hm3-missile-weapons.json`: zone die by skill; best of Edge/Blunt swings d10, Point
 * thrusts d8, the other of Edge/Blunt strikes d6; base round(0.6 × HM3 impact); Dagger one die
 * smaller, two-handed one larger (ruling Z23: every mode, Edge on a tie, the gaps' zone dice);
 * missiles d8, zone die d10 (Z4). The broadsword is the seed's (001:27-30, 001:95).
 */
import { describe, expect, it } from "vitest";
import {
  convertMeleeWeapon,
  convertMissile,
  convertModes,
  convertedBase,
  formatImpact,
  weaponForMode,
  shiftDie,
  zoneDieFor,
} from "../../src/rules/hmzd/convert";
import { conversionReport, hmzdMeleeWeapons, hmzdMissiles } from "../../scripts/hmzd-weapons";
import { referenceCsv } from "../../scripts/reference-data";

/**
 * Name → `ZD; mode mode …` with modes as `kind:dN±bA`, worked out by hand from the CSV row
 * (B E P, hand mode per R35). E.g. Battleaxe B6 E9 P6, two-handed, Axe: ZD d6; swing
 * d12+round(5.4)=5E; thrust d10+round(3.6)=4P; strike d8+round(3.6)=4B.
 */
const MELEE_EXPECTED: Readonly<Record<string, string>> = {
  "Ball & Chain": "d6; swing:d10+5B thrust:d8+4P", // Flail B8 E- P6
  "Bastard Sword": "d4; swing:d10+4E thrust:d8+2P strike:d6+2B", // B4 E7 P4, either → one
  Battleaxe: "d6; swing:d12+5E thrust:d10+4P strike:d8+4B", // B6 E9 P6, two
  Battlesword: "d4; swing:d12+5E thrust:d10+2P strike:d8+3B", // B5 E8 P4, two
  Blowgun: "d6; swing:d10+1B", // B1 (Z23: used as a club)
  Broadsword: "d4; swing:d10+3E thrust:d8+2P pommel:d6+0B", // the seed's, 001:30, 001:95
  Buckler: "d6; swing:d10+1B thrust:d8+1P", // Shield B1 P2
  Club: "d6; swing:d10+2B thrust:d8+2P", // B4 P3
  Crossbow: "d6; swing:d12+2B", // Bow B3, two
  Dagger: "d4; swing:d8+1E thrust:d6+3P strike:d4+1B", // B1 E2 P5, Dagger: one smaller
  Estoc: "d4; swing:d10+2B thrust:d8+4P strike:d6+0E", // B3 E0 P6: Blunt is the best
  Falchion: "d4; swing:d10+4E thrust:d8+1P strike:d6+2B", // B4 E6 P1
  "Foot/Leg/Knee": "d6; swing:d10+1B", // Unarmed B1
  "Glaive/Bill": "d8; swing:d12+4E thrust:d10+4P strike:d8+4B", // Polearm B6 E7 P6, two
  Grainflail: "d6; swing:d12+3B", // Flail B5, two
  "Hand/Arm": "d6; swing:d10+0B", // Unarmed B0
  Handaxe: "d6; swing:d10+4E thrust:d8+2P strike:d6+2B", // B4 E6 P4
  Hartbow: "d6; swing:d12+1B", // Bow B1, two
  Hatchet: "d6; swing:d10+2E strike:d6+2B", // B3 E4
  Head: "d6; swing:d10+1B", // Unarmed B1
  Isagra: "d8; swing:d10+2E strike:d6+2B", // Whip B3 E3: the tie goes to Edge (Z23)
  Javelin: "d8; swing:d10+1B thrust:d8+4P", // Spear B2 P6
  "Jousting Pole": "d8; swing:d10+2B thrust:d8+0P", // Polearm B3 P0, one (R35)
  Keltan: "d4; swing:d8+1B thrust:d6+2P strike:d4+0E", // Dagger B2 E0 P3
  "Kite Shield": "d6; swing:d10+2B thrust:d8+2P", // B3 P3
  Knife: "d4; swing:d8+1E thrust:d6+2P strike:d4+0B", // Dagger B0 E1 P4
  "Knight Shield": "d6; swing:d10+1B thrust:d8+2P", // B2 P3
  Lance: "d8; swing:d10+2B thrust:d8+5P", // Polearm B4 P8, one (R35)
  Longbow: "d6; swing:d12+1B", // Bow B2, two
  Longknife: "d4; swing:d10+2E thrust:d8+3P strike:d6+1B", // Sword B1 E3 P5
  Mace: "d6; swing:d10+4B", // Club B6
  Mang: "d4; swing:d10+4E strike:d6+2B", // Sword B3 E6
  Mankar: "d4; swing:d10+3E strike:d6+1B", // Sword B2 E5
  Maul: "d6; swing:d12+4B", // Club B7, two
  Morningstar: "d6; swing:d10+0B thrust:d8+3P", // Club B0 P5
  Nachakas: "d6; swing:d10+2B", // Flail B4
  Net: "d8; swing:d10+1B thrust:d8+1P", // Net B2 P1 (Z23: d8)
  Pike: "d8; swing:d12+2B thrust:d10+5P", // Polearm B4 P8, two
  Poleaxe: "d8; swing:d12+5E thrust:d10+4P strike:d8+4B", // Polearm B6 E9 P6, two
  "Round Shield": "d6; swing:d10+1B thrust:d8+2P", // B2 P3
  Shorkana: "d6; swing:d10+3E strike:d6+2B", // Axe B3 E5
  Shortbow: "d6; swing:d12+1B", // Bow B1, two
  Shortsword: "d4; swing:d10+2E thrust:d8+2P strike:d6+1B", // B2 E4 P4
  Sickle: "d6; swing:d10+2E thrust:d8+2P strike:d6+1B", // Axe B1 E4 P3
  Spear: "d8; swing:d10+2B thrust:d8+4P", // B4 P7, either → one
  "Staff Sling": "d6; swing:d12+1B", // Sling B1, two
  Staff: "d8; swing:d12+2B", // Spear B4, two
  "Stick (2ft)": "d6; swing:d10+1B thrust:d8+1P", // Club B2 P2
  Taburi: "d4; swing:d8+0B thrust:d6+2P", // Dagger B0 P4
  "Tower Shield": "d6; swing:d10+2B thrust:d8+2P", // B3 P3
  Trident: "d8; swing:d10+2B thrust:d8+3P", // Spear B4 P5, either → one
  Warflail: "d6; swing:d12+5B thrust:d10+4P", // Flail B9 P6, two
  Warhammer: "d6; swing:d10+4B thrust:d8+3P", // Axe B6 P5
  Whip: "d8; swing:d10+1B strike:d6+1E", // Whip B2 E1 (Z23: d8)
};

/** Name → aspect; base per band (short medium long extreme); range in hexes per band. */
const MISSILE_EXPECTED: Readonly<Record<string, [string, number[], number[]]>> = {
  "Arrow (Heartbow)": ["point", [5, 5, 4, 4], [30, 60, 120, 240]], // 9 8 7 6
  "Arrow (Longbow)": ["point", [5, 4, 4, 3], [25, 50, 100, 200]], // 8 7 6 5
  "Arrow (Shortbow)": ["point", [4, 3, 2, 2], [20, 40, 80, 160]], // 6 5 4 3
  "Bolt (Crossbow)": ["point", [5, 4, 4, 3], [20, 40, 80, 160]], // 8 7 6 5
  "Dart (Blowgun)": ["point", [0, 0, 0, 0], [5, 10, 20, 40]], // 0 0 0 0
  "Javelin (thrown)": ["point", [4, 4, 3, 2], [8, 16, 32, 64]], // 7 6 5 4
  "Shorkana (thrown)": ["point", [3, 2, 2, 2], [3, 6, 12, 24]], // 5 4 3 3
  "Spear (thrown)": ["point", [5, 4, 4, 3], [6, 12, 24, 48]], // 8 7 6 5
  "Stone (Sling)": ["blunt", [2, 2, 1, 1], [15, 30, 60, 120]], // 4 3 2 2
  "Stone (Staff Sling)": ["blunt", [3, 2, 2, 2], [25, 50, 100, 200]], // 5 4 3 3
  "Taburi (thrown)": ["point", [2, 2, 1, 1], [4, 8, 16, 32]], // 4 3 2 2
};

function spell(w: ReturnType<typeof convertMeleeWeapon>): string {
  return `d${w.zoneDie}; ${w.modes.map((m) => `${m.name}:${formatImpact(m.impact)}`).join(" ")}`;
}

describe("Z12 melee conversion: every HM3 weapon and shield", () => {
  const converted = hmzdMeleeWeapons();
  const rows = referenceCsv("melee-weapons.csv");

  it("converts every CSV row but the sling, which has no aspect (Z23)", () => {
    const names = converted.map((w) => w.name);
    expect(names).toEqual(rows.map((r) => r.cells.name).filter((n) => n !== "Sling"));
    expect(Object.keys(MELEE_EXPECTED).sort()).toEqual([...names].sort());
  });

  it.each(Object.entries(MELEE_EXPECTED))("Z12: %s → %s", (name, expected) => {
    const w = converted.find((c) => c.name === name);
    expect(w, name).toBeDefined();
    expect(spell(w!)).toBe(expected);
  });

  it("keeps the skill and hand mode of the HM3 data (R35)", () => {
    const by = (n: string) => converted.find((w) => w.name === n)!;
    expect(by("Battleaxe")).toMatchObject({ skill: "Axe", handMode: "two", source: "Z12" });
    expect(by("Spear")).toMatchObject({ skill: "Spear", handMode: "either" });
    expect(by("Kite Shield")).toMatchObject({ skill: "Shield", handMode: "one" });
  });
});

describe("the seed's broadsword (001:27-30, 001:95; Z12)", () => {
  it("is exactly as printed, not as Z12 would convert it", () => {
    const w = convertMeleeWeapon({
      name: "Broadsword",
      skill: "Sword",
      impact: { blunt: 3, edge: 5, point: 3 },
      handMode: "one",
    });
    expect(w.source).toBe("001:30");
    expect(w.zoneDie).toBe(4);
    expect(w.modes).toEqual([
      { name: "swing", impact: { die: 10, base: 3, aspect: "edge" } },
      { name: "thrust", impact: { die: 8, base: 2, aspect: "point" } },
      { name: "pommel", impact: { die: 6, base: 0, aspect: "blunt" } },
    ]);
    // Z12 alone would make the pommel d6+2B (round(0.6 × 3) = 2): the exception matters.
    const rule = convertModes({
      name: "Broadsword",
      skill: "Sword",
      impact: { blunt: 3, edge: 5, point: 3 },
      handMode: "one",
    });
    expect(rule.map((m) => formatImpact(m.impact))).toEqual(["d10+3E", "d8+2P", "d6+2B"]);
  });

  it("hands out copies: changing one leaves the next conversion as printed", () => {
    const a = convertMeleeWeapon({
      name: "Broadsword",
      skill: "Sword",
      impact: { blunt: 3, edge: 5, point: 3 },
      handMode: "one",
    });
    a.modes[0]!.impact.base = 99;
    const b = hmzdMeleeWeapons().find((w) => w.name === "Broadsword")!;
    expect(b.modes[0]!.impact.base).toBe(3);
  });
});

describe("Z12 missiles: each band's HM3 impact with d8, zone die d10 (Z4)", () => {
  const converted = hmzdMissiles();

  it("converts every missile row", () => {
    expect(converted.map((m) => m.name).sort()).toEqual(Object.keys(MISSILE_EXPECTED).sort());
  });

  it.each(Object.entries(MISSILE_EXPECTED))("Z12: %s", (name, [aspect, bases, ranges]) => {
    const m = converted.find((c) => c.name === name)!;
    expect(m.aspect).toBe(aspect);
    expect(m.die).toBe(8);
    expect(m.zoneDie).toBe(10);
    const bands = ["short", "medium", "long", "extreme"] as const;
    expect(bands.map((b) => m.ranges[b].base)).toEqual(bases);
    expect(bands.map((b) => m.ranges[b].range)).toEqual(ranges);
  });
});

describe("conversion arithmetic (Z12)", () => {
  it("base = round(0.6 × impact), never below 0", () => {
    const expected = [0, 1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 7, 7];
    expect(expected.map((_, i) => convertedBase(i))).toEqual(expected);
    expect(convertedBase(-3)).toBe(0);
  });

  it("die sizes step along d4 d6 d8 d10 d12 and stop at the ends", () => {
    expect(shiftDie(10, 1)).toBe(12);
    expect(shiftDie(8, -1)).toBe(6);
    expect(shiftDie(4, -1)).toBe(4);
    expect(shiftDie(12, 1)).toBe(12);
  });

  it("gives the engine's weapon for a mode by name, the first by default", () => {
    const axe = hmzdMeleeWeapons().find((w) => w.name === "Handaxe")!;
    expect(weaponForMode(axe)).toEqual({
      zoneDie: 6,
      impact: { die: 10, base: 4, aspect: "edge" },
    });
    expect(weaponForMode(axe, "strike")).toEqual({
      zoneDie: 6,
      impact: { die: 6, base: 2, aspect: "blunt" },
    });
    expect(() => weaponForMode(axe, "pommel")).toThrow(
      /mode: Handaxe has no such mode \(it has swing, thrust, strike\), got "pommel"/,
    );
  });

  it("prints impacts as the seed does, a negative base with a minus (001:101)", () => {
    expect(formatImpact({ die: 6, base: -4, aspect: "point" })).toBe("d6-4P");
    expect(formatImpact({ die: 10, base: 0, aspect: "fire" })).toBe("d10+0F");
  });

  it("refuses a skill with no zone die, naming the field", () => {
    expect(() => zoneDieFor("Juggling")).toThrow(/skill: no zone die.*"Juggling"/);
    expect(() =>
      convertMeleeWeapon({
        name: "Odd",
        skill: "toString",
        impact: { blunt: 1, edge: null, point: null },
        handMode: "one",
      }),
    ).toThrow(/skill: no zone die/);
  });

  it("refuses a fractional impact, naming the aspect", () => {
    expect(() =>
      convertModes({
        name: "Odd",
        skill: "Club",
        impact: { blunt: 1.5, edge: null, point: null },
        handMode: "one",
      }),
    ).toThrow(/impact\.blunt/);
  });

  it("refuses a missile band without a whole impact", () => {
    const band = { range: 10, impact: 3 };
    expect(() =>
      convertMissile({
        name: "Odd",
        skill: "Bow",
        aspect: "point",
        ranges: { short: band, medium: band, long: band, extreme: { range: 80, impact: NaN } },
      }),
    ).toThrow(/ranges\.extreme\.impact/);
  });
});

describe("the script's review print (scripts/hmzd-weapons.ts)", () => {
  it("one line a weapon and missile, the broadsword marked as printed", () => {
    const lines = conversionReport().split("\n");
    expect(lines).toHaveLength(
      Object.keys(MELEE_EXPECTED).length + Object.keys(MISSILE_EXPECTED).length,
    );
    expect(lines).toContain(
      "Broadsword (Sword) ZD d4: swing d10+3E, thrust d8+2P, pommel d6+0B [as printed, 001:30]",
    );
    expect(lines).toContain(
      "Stone (Sling) (Sling) ZD d10: short 15 hexes d8+2B, medium 30 hexes d8+2B, long 60 hexes d8+1B, extreme 120 hexes d8+1B",
    );
  });
});
