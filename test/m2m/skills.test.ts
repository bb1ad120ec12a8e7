/**
 * GURPS Man to Man skills (spec §2.6; seed 004 L569-714, L744-750, chart L4443-4497, weapon
 * table headers L4290-4399). The spec's cost JSON and skill table, and the seed's chart and
 * weapon-table headers, are parsed here at test time and compared with `src/rules/m2m/skills.ts`
 * cell by cell; hand-written literal checks and the §15.1 worked examples follow.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import {
  COST_PER_LEVEL_BEYOND_5,
  DEFAULT_OFFSET,
  DIFFICULTIES,
  randomSkillLevel,
  SKILL_COST,
  SKILL_IDS,
  SKILL_LEVEL_MEANINGS,
  SKILLS,
  skillCost,
  skillDef,
  skillDefault,
  skillIdOf,
  skillImprovementCost,
  skillLevel,
  skillPointsFor,
  type Difficulty,
  type SkillId,
} from "../../src/rules/m2m/skills";
import { seedLine as line, specJson, specSection, specTable } from "./sources";

/** Sections here run to the next heading of their own level or higher. */
const section = (heading: string): string => specSection(heading, { end: "same-or-higher" });

const ALL_FAST_DRAW: SkillId[] = [
  "fast-draw-knife",
  "fast-draw-sword",
  "fast-draw-two-handed-sword",
  "fast-draw-arrow",
];
const ALL_THROWN: SkillId[] = ["knife-throwing", "axe-throwing", "spear-throwing"];

/** Skill ids a name in the book's lists stands for ("Fast-Draw" is four skills). */
function idsFor(name: string): SkillId[] {
  if (name.startsWith("Fast-Draw")) return ALL_FAST_DRAW;
  if (name.startsWith("Thrown Weapon")) return ALL_THROWN;
  if (name.startsWith("Throwing")) return ["throwing"];
  return [skillIdOf(name)];
}

const DIFF: Record<string, Difficulty> = { easy: "easy", average: "average", hard: "hard" };

// ── Cost table ───────────────────────────────────────────────────────────────────────────────

describe("skill cost table (spec §2.6 JSON; L654-664, chart L4484-4497)", () => {
  const spec = specJson("### 2.6 Skills", { key: "skillCost", end: "same-or-higher" }) as {
    skillCost: Record<string, Record<string, number>>;
  };

  it("§2.6: SKILL_COST matches the spec's JSON cell by cell", () => {
    expect(Object.keys(spec.skillCost).sort()).toEqual([...DIFFICULTIES].sort());
    for (const d of DIFFICULTIES) {
      const row = spec.skillCost[d]!;
      expect(
        Object.keys(row)
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual([-1, 0, 1, 2, 3, 4, 5]);
      for (const [rel, pts] of Object.entries(row)) {
        expect(SKILL_COST[d][Number(rel)], `${d} DX${rel}`).toBe(pts);
        expect(skillCost(d, Number(rel)), `${d} DX${rel}`).toBe(pts);
      }
    }
  });

  it("L4488-4495: SKILL_COST matches the seed chart cell by cell", () => {
    expect(line(4488).split("\t").slice(1)).toEqual(["Easy Skill", "Average Skill", "Hard Skill"]);
    for (let n = 4489; n <= 4495; n++) {
      const [label, ...cells] = line(n).split("\t");
      const rel = label === "DX" ? 0 : Number(label!.replace("DX", ""));
      const pts = cells.map((c) => Number(c.replace(/ points?/, "").replace("½", "0.5")));
      expect(pts.map((p) => Number.isFinite(p))).toEqual([true, true, true]);
      expect(
        [SKILL_COST.easy[rel], SKILL_COST.average[rel], SKILL_COST.hard[rel]],
        `L${n}`,
      ).toEqual(pts);
    }
  });

  it("L654-664: literal cells (easy DX−1 ½, average DX 2, hard DX+5 40)", () => {
    expect(skillCost("easy", -1)).toBe(0.5);
    expect(skillCost("average", 0)).toBe(2);
    expect(skillCost("hard", 5)).toBe(40);
    expect(skillCost("easy", 4)).toBe(16);
  });

  it("L664, L4497: each level beyond DX+5 costs 8 more, whatever the difficulty", () => {
    expect(line(4497)).toContain("additional 8 character points per level");
    expect(COST_PER_LEVEL_BEYOND_5).toBe(8);
    expect(skillCost("easy", 6)).toBe(32);
    expect(skillCost("average", 6)).toBe(40);
    expect(skillCost("hard", 7)).toBe(56);
  });

  it("§2.6: levels below DX−1 cannot be bought", () => {
    expect(() => skillCost("easy", -2)).toThrow(InputError);
  });

  it("tables are frozen", () => {
    expect(Object.isFrozen(SKILL_COST)).toBe(true);
    expect(Object.isFrozen(SKILL_COST.hard)).toBe(true);
    expect(Object.isFrozen(SKILLS.knife)).toBe(true);
    expect(Object.isFrozen(SKILLS.shortsword.crossDefaults[0])).toBe(true);
  });
});

// ── Skill list ───────────────────────────────────────────────────────────────────────────────

describe("skill list (spec §2.6 table; L573-602; chart L4451-4482)", () => {
  it("§2.6: every row of the spec's skill table matches SKILLS (difficulty, default, cross-defaults)", () => {
    const rows = specTable("### 2.6 Skills", {
      after: "**List, difficulty and defaults**",
      end: "same-or-higher",
    });
    const seen = new Set<SkillId>();
    expect(rows.length).toBe(22);
    for (const [name, difficulty, dflt] of rows) {
      let hasDefault = !/none/i.test(dflt!);
      if (dflt!.includes("[CONFLICT]")) {
        // Sling: list DX−6 vs "no default" (L4389); spec C10 recommends no default.
        expect(name).toBe("Sling");
        expect(section("## 17.")).toMatch(/\| C10 \| Sling default \|[^\n]*\| no default \|/);
        hasDefault = false;
      }
      const cross = [...dflt!.matchAll(/([A-Z][\w-]*)−2/g)].map((m) => skillIdOf(m[1]!));
      const offset = /^DX−(\d)/.exec(dflt!);
      for (const id of idsFor(name!)) {
        seen.add(id);
        const s = SKILLS[id];
        expect(s.difficulty, name).toBe(DIFF[difficulty!.toLowerCase()]);
        expect(s.hasDefault, name).toBe(hasDefault);
        expect(
          s.crossDefaults.map((c) => c.skill),
          name,
        ).toEqual(cross);
        for (const c of s.crossDefaults) expect(c.mod, name).toBe(-2);
        if (hasDefault) expect(DEFAULT_OFFSET[s.difficulty], name).toBe(-Number(offset![1]));
      }
    }
    expect([...seen].sort()).toEqual([...SKILL_IDS].sort());
  });

  it("L573-602: the list's difficulty groups (Easy, Average, Hard)", () => {
    let group: Difficulty | null = null;
    let count = 0;
    for (let n = 573; n <= 602; n++) {
      const l = line(n).trim();
      const g = /^(Easy|Average|Hard) Skills$/.exec(l);
      if (g) group = DIFF[g[1]!.toLowerCase()]!;
      else if (l && group) {
        for (const id of idsFor(l.replace(/ \(.*$/, ""))) {
          expect(SKILLS[id].difficulty, `L${n} ${l}`).toBe(group);
          count++;
        }
      }
    }
    expect(count).toBe(SKILL_IDS.length);
    expect(line(601)).toBe("Running (based on HT)");
    expect(SKILLS.running.attribute).toBe("HT");
  });

  it("L4451-4482: the chart's defaults, asterisks (no default) and cross-defaults", () => {
    expect(line(4451)).toContain("asterisk can *not* be used by default");
    let offset: number | null = null;
    let group: Difficulty | null = null;
    let count = 0;
    for (let n = 4453; n <= 4482; n++) {
      const l = line(n).trim();
      const g = /^(Easy|Average|Hard) Skills \(DX-(\d)\)$/.exec(l);
      if (g) {
        group = DIFF[g[1]!.toLowerCase()]!;
        offset = -Number(g[2]);
        continue;
      }
      if (!l || !group) continue;
      const name = l.replace(/\*.*$/, "").replace(/ \(.*$/, "");
      const star = l.includes("*");
      const cross = /\((\w+)-2\)/.exec(l);
      for (const id of idsFor(name)) {
        count++;
        const s = SKILLS[id];
        expect(s.difficulty, `L${n}`).toBe(group);
        expect(DEFAULT_OFFSET[group], `L${n}`).toBe(offset);
        // Sling is not asterisked here, but "no default" at L4389: spec C10.
        expect(s.hasDefault, `L${n}`).toBe(id === "sling" ? false : !star);
        expect(
          s.crossDefaults.map((c) => c.skill),
          `L${n}`,
        ).toEqual(cross ? [skillIdOf(cross[1]!)] : []);
      }
    }
    expect(count).toBe(SKILL_IDS.length);
    expect(line(4466).trim()).toBe("Sling"); // the C10 conflict is still printed
  });

  it("L4290-4399: weapon-table group headers agree on difficulty, default and cross-default", () => {
    const headers = [
      4290, 4296, 4301, 4306, 4316, 4327, 4330, 4337, 4346, 4353, 4379, 4385, 4392, 4396, 4399,
    ];
    for (const n of headers) {
      const m = /^([A-Z/ -]+) \(DX-(\d)(?: or (\w+)-2)?(?: — (easy|hard))?\)/.exec(line(n));
      expect(m, `L${n}: ${line(n)}`).not.toBeNull();
      const id = skillIdOf(m![1]!);
      const s = SKILLS[id];
      const difficulty = (m![4] as Difficulty | undefined) ?? "average";
      expect(s.difficulty, `L${n}`).toBe(difficulty);
      expect(DEFAULT_OFFSET[difficulty], `L${n}`).toBe(-Number(m![2]));
      expect(s.hasDefault, `L${n}`).toBe(true);
      expect(
        s.crossDefaults.map((c) => c.skill),
        `L${n}`,
      ).toEqual(m![3] ? [skillIdOf(m![3])] : []);
    }
    expect(line(4389)).toMatch(/^SLING \(hard\) — no default/);
    expect(SKILLS.sling.difficulty).toBe("hard");
    expect(SKILLS.sling.hasDefault).toBe(false);
  });

  it("§3.1, §3.2: every skill named by the spec's weapon tables is a known skill", () => {
    const hand = specJson("### 3.1 Hand weapon table", {
      key: "Large knife",
      end: "same-or-higher",
    }) as { skill: string }[];
    const ranged = specJson("### 3.2 Ranged weapon table", {
      key: "Short bow",
      end: "same-or-higher",
    }) as { skill: string }[];
    const names = new Set([...hand, ...ranged].map((w) => w.skill));
    names.delete("DX or Throwing"); // rocks and oil flasks: DX or the Throwing skill (C11)
    expect(names.size).toBe(17);
    for (const name of names) expect(SKILLS[skillIdOf(name)].name, name).toBe(name);
  });

  it("L1307, L2390: melee skills parry (fencing, brawling, judo, karate their own way); missiles do not", () => {
    expect(SKILLS.broadsword.parry).toBe("weapon");
    expect(SKILLS.fencing.parry).toBe("fencing");
    expect(SKILLS.brawling.parry).toBe("brawling");
    expect(SKILLS.judo.parry).toBe("judo");
    expect(SKILLS.karate.parry).toBe("karate");
    expect(SKILLS.bow.parry).toBeNull();
    expect(SKILLS["knife-throwing"].parry).toBeNull();
    expect(SKILLS.shield.parry).toBeNull();
  });

  it("skillIdOf takes the sheets' names and rejects unknown ones", () => {
    expect(skillIdOf("SHORT SWORD")).toBe("shortsword");
    expect(skillIdOf("Thrown Wpn (Knife)")).toBe("knife-throwing");
    expect(skillIdOf("2-HANDED SWORD")).toBe("two-handed-sword");
    expect(skillIdOf("axe-mace")).toBe("axe-mace");
    expect(() => skillIdOf("Lance")).toThrow(/skill: unknown skill name/);
    expect(skillDef("knife")).toEqual(SKILLS.knife);
    expect(skillDef("knife")).not.toBe(SKILLS.knife);
  });
});

// ── Levels, points, defaults ─────────────────────────────────────────────────────────────────

describe("skill levels and points (L646-666, L700-714, L744)", () => {
  it("§15.1 #6 L666: DX 13, Broadsword (Average): 1/2/4/8 points buy 12/13/14/15", () => {
    expect([1, 2, 4, 8].map((p) => skillLevel(13, "average", p))).toEqual([12, 13, 14, 15]);
    expect([12, 13, 14, 15].map((l) => skillPointsFor(13, "average", l))).toEqual([1, 2, 4, 8]);
  });

  it("§15.1 #8 L734-738: DX 15: Shortsword 4 → 16, Crossbow 4 → 17, Knife 1 → 15, Shield 1 → 15", () => {
    expect(skillLevel(15, SKILLS.shortsword.difficulty, 4)).toBe(16);
    expect(skillLevel(15, SKILLS.crossbow.difficulty, 4)).toBe(17);
    expect(skillLevel(15, SKILLS.knife.difficulty, 1)).toBe(15);
    expect(skillLevel(15, SKILLS.shield.difficulty, 1)).toBe(15);
  });

  it("§15.1 #9 L744: Running (Hard, on HT): HT level 4 points, HT+1 8 points", () => {
    expect(SKILLS.running.difficulty).toBe("hard");
    expect(skillPointsFor(12, "hard", 12)).toBe(4);
    expect(skillPointsFor(12, "hard", 13)).toBe(8);
  });

  it("§15.1 #7 L706-708: DX 10, Broadsword 16 pts = 13; Shortsword defaults to 11; 12 costs 4 more", () => {
    expect(skillLevel(10, "average", 16)).toBe(13);
    const known = { broadsword: 13 };
    expect(skillDefault("shortsword", { dx: 10 }, { known, crossDefaults: true })).toEqual({
      level: 11,
      from: "broadsword",
    });
    // without the optional rule: DX−5 = 5
    expect(skillDefault("shortsword", { dx: 10 }, { known })).toEqual({ level: 5, from: "DX" });
    expect(skillPointsFor(10, "average", 11, { defaultLevel: 11 })).toBe(0);
    expect(skillPointsFor(10, "average", 12, { defaultLevel: 11 })).toBe(4);
    expect(skillLevel(10, "average", 4, { defaultLevel: 11 })).toBe(12);
    expect(skillLevel(10, "average", 0, { defaultLevel: 11 })).toBe(11);
  });

  it("§15.1 #12 L1446: Average DX+3 → DX+4 costs 24 − 16 = 8", () => {
    expect(skillImprovementCost(12, "average", 15, 16)).toBe(8);
    expect(skillImprovementCost(12, "average", 15, 15)).toBe(0);
    expect(() => skillImprovementCost(12, "average", 15, 14)).toThrow(/to: must be at least 15/);
  });

  it("L700: defaults are DX−4 / DX−5 / DX−6 by difficulty", () => {
    expect(skillDefault("knife", { dx: 12 })).toEqual({ level: 8, from: "DX" });
    expect(skillDefault("broadsword", { dx: 12 })).toEqual({ level: 7, from: "DX" });
    expect(skillDefault("flail", { dx: 12 })).toEqual({ level: 6, from: "DX" });
    expect(skillDefault("bow", { dx: 12 }, { difficulty: "easy" })).toEqual({
      level: 8,
      from: "DX",
    });
  });

  it("L714, spec C10: no default for Judo, Karate, Brawling, Running, Throwing, Fast-Draw, Sling", () => {
    expect(line(714)).toContain("Judo, Karate, Brawling, Running, Throwing, and Fast-Draw");
    for (const id of [
      "judo",
      "karate",
      "brawling",
      "running",
      "throwing",
      "sling",
      ...ALL_FAST_DRAW,
    ] as const)
      expect(skillDefault(id, { dx: 14, ht: 14 }), id).toBeNull();
    expect(skillLevel(12, "hard", 0)).toBeNull();
  });

  it("L702-710: cross-defaults only when better, and only Shortsword/Broadsword and Staff/Spear", () => {
    const o = { crossDefaults: true };
    expect(skillDefault("broadsword", { dx: 14 }, { ...o, known: { shortsword: 10 } })).toEqual({
      level: 9,
      from: "DX",
    });
    expect(skillDefault("staff", { dx: 10 }, { ...o, known: { spear: 14 } })?.level).toBe(12);
    expect(skillDefault("spear", { dx: 10 }, { ...o, known: { staff: 14 } })?.level).toBe(12);
    expect(skillDefault("polearm", { dx: 10 }, { ...o, known: { spear: 14 } })?.level).toBe(5);
  });

  it("L654: points between two table costs buy the lower level; below DX−1 nothing", () => {
    expect(skillLevel(12, "average", 3)).toBe(12);
    expect(skillLevel(12, "average", 0.5)).toBeNull();
    expect(skillLevel(12, "average", 0.5, { defaultLevel: 7 })).toBe(7);
    expect(skillLevel(12, "easy", 0.5)).toBe(11);
    expect(skillLevel(12, "hard", 48)).toBe(18);
  });

  it("§2.6: a level between the default and DX−1 can be neither bought nor defaulted", () => {
    expect(() => skillPointsFor(12, "average", 9, { defaultLevel: 7 })).toThrow(
      /level: cannot be bought below attribute−1 \(11\) and is above the default \(7\), got 9/,
    );
    expect(() => skillPointsFor(12, "hard", 9)).toThrow(/has no default/);
    expect(skillPointsFor(12, "average", 7, { defaultLevel: 7 })).toBe(0);
  });

  it("bad input names the field", () => {
    expect(() => skillLevel(12, "average", 1.25)).toThrow(/points: expected a multiple of 0.5/);
    expect(() => skillLevel(12, "average", -1)).toThrow(/points: must be at least 0/);
    expect(() => skillLevel(12, "medium" as Difficulty, 1)).toThrow(/difficulty: expected one of/);
    expect(() => skillDef("lance" as SkillId)).toThrow(InputError);
    expect(() => skillDefault("knife", { dx: 1.5 })).toThrow(/dx: expected a whole number/);
  });

  it("L1394: a random character's weapon skill is DX + 1d6", () => {
    expect(randomSkillLevel(11, 4)).toBe(15);
    expect(() => randomSkillLevel(11, 7)).toThrow(/d6: must be at most 6/);
  });

  it("L754-763: skill-level meanings", () => {
    expect(SKILL_LEVEL_MEANINGS.map((m) => m.level)).toEqual([3, 6, 9, 12, 15, 18, 20, 25]);
    expect(line(760)).toContain(SKILL_LEVEL_MEANINGS[4]!.meaning);
    expect(line(763)).toContain(SKILL_LEVEL_MEANINGS[7]!.meaning);
  });
});
