/**
 * Equipment data (spec §3.1–§3.6, §14.3; seed 004) cell by cell.
 *
 * Every table is checked twice: against the spec's JSON (or Markdown) block, parsed out of
 * `reference/m2m-spec.json` at test time, and against the seed's own printed table, parsed
 * out of `reference/seed-004.json`. So a transcription slip in the data, or a
 * disagreement between the spec and the book, fails a test that names the line. Hand-written
 * literal checks, the §15.4 range examples and the figures the §15.6 sample sheets rely on
 * follow; where a sheet is wrong (spec §17 C16, C17, §16 OCR) the rule-derived value is asserted
 * and the erratum named.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import {
  ARMOUR_LOCATION_HITS,
  ARMOUR_PIECES,
  ARMOUR_SUITS,
  BACKPACK_ARMOUR,
  CHAINMAIL_PADDED,
  CHAINMAIL_UNPADDED,
  HAND_WEAPONS,
  MISSILE_WEIGHT,
  OBJECTS,
  PARRY_BREAK_CHANCE,
  RANGED_ACCESSORIES,
  RANGED_WEAPONS,
  SHIELD_SPIKE,
  SHIELDS,
  WEAPON_QUALITY,
  WEAPON_SHAFTS,
  WEAPON_SKILLS,
  crossbowReload,
  getArmourPiece,
  getArmourSuit,
  getHandWeapon,
  getHandWeaponAttack,
  getObject,
  getRangedAccessory,
  getRangedWeapon,
  getShield,
  getWeaponSkill,
  pieceProtection,
  rangedRanges,
  suitProtection,
  weaponOfQuality,
  type ArmourLocation,
  type HandWeapon,
  type RangeFormula,
  type Reach,
  type SkillDefault,
  type WeaponSkill,
} from "../../src/rules/m2m/equipment";
import type { DamageExpr, DamageType } from "../../src/rules/m2m/types";
import { seedLine as seed, specJson, specSection } from "./sources";

/** `1+2`, `1-4`, `3`, `1 die` → a damage expression. */
function expr(s: string): DamageExpr {
  const m = /^(\d+)(?: die)?(?:([+-])(\d+))?$/.exec(s.trim());
  if (!m) throw new Error(`not a damage expression: ${s}`);
  const adds = m[3] ? Number(m[3]) * (m[2] === "-" ? -1 : 1) : 0;
  return { dice: Number(m[1]), adds };
}

/** The book's notation: 1+4, 1-1, 1 (no adds). */
function show(e: DamageExpr): string {
  return e.adds === 0 ? `${e.dice}` : `${e.dice}${e.adds > 0 ? "+" : ""}${e.adds}`;
}

function plus(e: DamageExpr, mod: number): DamageExpr {
  return { dice: e.dice, adds: e.adds + mod };
}

const TYPES: Record<string, DamageType> = { cutting: "cut", impaling: "imp", crushing: "cr" };
const DIFFICULTY: Record<string, WeaponSkill["difficulty"]> = {
  E: "easy",
  A: "average",
  H: "hard",
};

function skillByName(name: string): WeaponSkill {
  const s = WEAPON_SKILLS.find((k) => k.name === name);
  if (!s) throw new Error(`no weapon skill named ${name}`);
  return s;
}

/** Spec defaults: `DX-5|Broadsword-2`, `none (L4389)`. */
function specDefaults(text: string): SkillDefault[] {
  if (text.startsWith("none")) return [];
  return text.split("|").map((d) => {
    const m = /^(.+?)([+-]\d+)$/.exec(d);
    if (!m?.[1] || !m[2]) throw new Error(`bad default ${d}`);
    return { from: m[1] === "DX" ? "DX" : skillByName(m[1]).id, mod: Number(m[2]) };
  });
}

/** The basic damage table of spec §7.1 (only to rebuild the sample sheets' figures). */
const BASIC_DAMAGE = specJson<{
  basicDamage: { st: number | string; thrust: string; swing: string }[];
}>("### 7.1", { end: "any-heading" }).basicDamage;
function basic(st: number, base: "sw" | "thr"): DamageExpr {
  const row = BASIC_DAMAGE.find((r) => r.st === st);
  if (!row) throw new Error(`no basic damage for ST ${st}`);
  return expr(base === "sw" ? row.swing : row.thrust);
}

function isDeepFrozen(v: unknown): boolean {
  if (v === null || typeof v !== "object") return true;
  return Object.isFrozen(v) && Object.values(v).every(isDeepFrozen);
}

// ── §3.1 Hand weapons ────────────────────────────────────────────────────────────────────────

interface SpecAttack {
  type: string;
  base: "sw" | "thr";
  mod: number;
  reach: Reach[];
  md?: string;
  readyAfter?: number;
  throwable?: boolean;
  mayStick?: boolean;
  hands?: 1 | 2;
}
interface SpecHand {
  skill: string;
  diff?: string;
  default?: string;
  name: string;
  cost: number;
  wt: number;
  minST: number | null;
  line: number;
  attacks: SpecAttack[];
  note?: string;
  twoHanded?: boolean;
  grip?: boolean;
  unreadyOnParry?: boolean;
  fencing?: boolean;
  flail?: boolean;
  polearm?: boolean;
  breakResistant?: boolean;
}

const SPEC_HAND = specJson<SpecHand[]>("### 3.1", { end: "any-heading" });

describe("§3.1 hand weapon table against the spec's JSON", () => {
  it("§3.1: the same weapons in the same order", () => {
    expect(HAND_WEAPONS.map((w) => w.name)).toEqual(SPEC_HAND.map((r) => r.name));
  });

  it.each(SPEC_HAND.map((r) => [r.line, r.name, r] as const))("L%i §3.1: %s", (_l, _n, row) => {
    const w = HAND_WEAPONS.find((x) => x.name === row.name);
    if (!w) throw new Error(`missing ${row.name}`);
    expect(w.skill).toBe(skillByName(row.skill).id);
    expect([w.cost, w.weight, w.minST, w.line]).toEqual([row.cost, row.wt, row.minST, row.line]);
    expect({
      twoHanded: w.twoHanded,
      grip: w.grip,
      unreadyOnParry: w.unreadyOnParry,
      fencing: w.fencing,
      flail: w.flail,
      polearm: w.polearm,
      breakResistant: w.breakResistant,
    }).toEqual({
      twoHanded: row.twoHanded ?? false,
      grip: row.grip ?? false,
      unreadyOnParry: row.unreadyOnParry ?? false,
      fencing: row.fencing ?? false,
      flail: row.flail ?? false,
      polearm: row.polearm ?? false,
      breakResistant: row.breakResistant ?? false,
    });
    if (row.note) expect(w.note).toBe(row.note);
    // "cut|cr" (poleaxe, L4364) is one row of the spec and one attack per damage type here.
    const expected = row.attacks.flatMap((a) =>
      a.type.split("|").map((type) => ({
        type,
        base: a.base,
        mod: a.mod,
        reach: a.reach,
        readyAfter: a.readyAfter ?? 0,
        md: a.md ? expr(a.md) : null,
        throwable: a.throwable ?? false,
        mayStick: a.mayStick ?? false,
        hands: a.hands ?? (row.twoHanded ? 2 : 1),
      })),
    );
    expect(w.attacks.map(({ id: _id, ...rest }) => rest)).toEqual(expected);
    if (row.diff) {
      const s = getWeaponSkill(w.skill);
      expect(s.difficulty).toBe(DIFFICULTY[row.diff]);
      expect(s.defaults).toEqual(specDefaults(row.default ?? ""));
    }
  });
});

/** One attack row of the seed's hand weapon table (L4290–4367). */
interface SeedHandRow {
  line: number;
  name: string;
  type: string;
  amount: string;
  reach: string;
  cost: string;
  weight: string;
  minST: string;
  notes: string;
  dagger: boolean;
  twoHands: boolean;
}

function seedHandRows(): SeedHandRow[] {
  const rows: SeedHandRow[] = [];
  let groupDagger = false;
  let groupTwoHands = false;
  let type = "";
  for (let n = 4290; n <= 4367; n++) {
    const text = seed(n);
    const c = text.split("\t");
    if (c.length >= 8 && /^(swing|thrust)/.test(c[2] ?? "")) {
      type = c[1] || type; // the two-handed spear row leaves the type blank (L4357)
      const notes = c[7] ?? "";
      rows.push({
        line: n,
        name: c[0] ?? "",
        type,
        amount: c[2] ?? "",
        reach: c[3] ?? "",
        cost: c[4] ?? "",
        weight: c[5] ?? "",
        minST: c[6] ?? "",
        notes,
        dagger: groupDagger || notes.includes("†"),
        twoHands: groupTwoHands || notes.includes("2-handed"),
      });
    } else if (/^[A-Z][A-Z/ -]*[A-Z] ?[(:]/.test(text)) {
      groupDagger = text.includes("†");
      groupTwoHands = /2 hands/.test(text);
    } else if (text.includes("†")) {
      groupDagger = true; // the flail header runs on to L4348
    }
  }
  return rows;
}

const SEED_HAND = seedHandRows();

function seedNumber(s: string): number | null {
  const t = s.replace(/[\\$\s,]|lbs?\./g, "");
  if (t === "none") return null;
  if (t === "½") return 0.5;
  if (t === "¼") return 0.25;
  return Number(t);
}

function seedReach(s: string): Reach[] {
  const t = s.replace("*", "");
  const range = /^(\d)-(\d)$/.exec(t);
  if (range) {
    const out: Reach[] = [];
    for (let r = Number(range[1]); r <= Number(range[2]); r++) out.push(r as Reach);
    return out;
  }
  return t.split(/,\s*/).map((r) => (r === "C" ? "C" : (Number(r) as Reach)));
}

describe("§3.1 hand weapon table against the seed's table (L4290–4367)", () => {
  const weapons: SeedHandRow[][] = [];
  for (const r of SEED_HAND) {
    if (r.name) weapons.push([r]);
    else weapons.at(-1)?.push(r);
  }

  it("L4290–4367: one entry per named row, in order", () => {
    expect(HAND_WEAPONS.map((w) => w.line)).toEqual(weapons.map((rows) => rows[0]?.line));
  });

  it.each(weapons.map((rows, i) => [rows[0]?.line, rows[0]?.name, i] as const))(
    "L%i: %s",
    (_l, _n, i) => {
      const rows = weapons[i] ?? [];
      const w = HAND_WEAPONS[i] as HandWeapon;
      const first = rows[0] as SeedHandRow;
      expect([w.cost, w.weight, w.minST]).toEqual([
        seedNumber(first.cost),
        seedNumber(first.weight),
        seedNumber(first.minST),
      ]);
      expect(w.grip, "* on a reach (L4369)").toBe(rows.some((r) => r.reach.includes("*")));
      expect(w.unreadyOnParry, "† (L4371)").toBe(first.dagger);
      if (first.twoHands) expect(w.twoHanded, "2 hands stated").toBe(true);
      const expected = rows.flatMap((r, k) => {
        const m = /^(swing|thrust)([+-]\d+)?$/.exec(r.amount);
        const md = /Max(?:imum|\.) dam(?:age|\.) (\d+(?: die|[+-]\d+))/.exec(r.notes)?.[1];
        // "Same as above, with thrusting point" (L4313): the readying note of the row above.
        const above = first.notes.includes("Same as above") ? weapons[i - 1]?.[k]?.notes : "";
        const ready = /(\d) turns? to ready after/.exec(`${r.notes} ${above ?? ""}`)?.[1];
        const types = r.type === "cut or crush" ? ["cut", "cr"] : [TYPES[r.type]];
        return types.map((type) => ({
          type,
          base: m?.[1] === "swing" ? "sw" : "thr",
          mod: Number(m?.[2] ?? 0),
          reach: seedReach(r.reach),
          md: md ? expr(md) : null,
          readyAfter: Number(ready ?? 0),
          throwable: r.notes.includes("Throwable"),
          mayStick: r.notes.includes("stuck"),
        }));
      });
      expect(
        w.attacks.map((a) => ({
          type: a.type,
          base: a.base,
          mod: a.mod,
          reach: a.reach,
          md: a.md,
          readyAfter: a.readyAfter,
          throwable: a.throwable,
          mayStick: a.mayStick,
        })),
      ).toEqual(expected);
    },
  );

  it("L4316–4360 §3.1: two-handed = stated in the seed, the Two-Handed Sword group, or the spec's quarterstaff assumption", () => {
    const stated = new Set(
      weapons.filter((rows) => rows[0]?.twoHands).map((rows) => rows[0]?.line),
    );
    const twoHanded = HAND_WEAPONS.filter((w) => w.twoHanded);
    for (const w of twoHanded) {
      expect(
        stated.has(w.line) || w.skill === "two-handed-sword" || w.id === "quarterstaff",
        w.id,
      ).toBe(true);
    }
    expect(getHandWeapon("spear").attacks.map((a) => a.hands)).toEqual([1, 2]);
  });
});

describe("§3.1 hand weapons: literal checks from the seed", () => {
  it("L4332 §3.1: the axe is swing+2 cutting, reach 1, $50, 4 lb, ST 12, 1 turn to ready", () => {
    const axe = getHandWeapon("axe");
    expect(axe.attacks).toEqual([
      expect.objectContaining({ id: "swing-cut", base: "sw", type: "cut", mod: 2, reach: [1] }),
    ]);
    expect([axe.cost, axe.weight, axe.minST, axe.unreadyOnParry]).toEqual([50, 4, 12, true]);
    expect(axe.attacks[0]?.readyAfter).toBe(1);
  });

  it("L4365–4367 §3.1: the halberd's three attacks and their ids", () => {
    const h = getHandWeapon("halberd");
    expect(h.attacks.map((a) => [a.id, a.base, a.type, a.mod, a.readyAfter, a.reach])).toEqual([
      ["swing-cut", "sw", "cut", 5, 2, [2, 3]],
      ["swing-imp", "sw", "imp", 4, 2, [2, 3]],
      ["thrust-imp", "thr", "imp", 3, 1, [1, 2, 3]],
    ]);
    expect(h.attacks[1]?.mayStick).toBe(true);
    expect([h.polearm, h.unreadyOnParry, h.grip]).toEqual([true, false, true]);
  });

  it("L4356–4357 §3.1: the spear's one- and two-handed grips", () => {
    expect(getHandWeaponAttack("spear", "thrust-imp")).toMatchObject({
      mod: 1,
      reach: [1],
      hands: 1,
    });
    expect(getHandWeaponAttack("spear", "thrust-imp-2h")).toMatchObject({
      mod: 2,
      reach: [1, 2],
      hands: 2,
    });
  });

  it("L4311, L4317 §3.1: the bastard sword is one item under two skills", () => {
    const one = getHandWeapon("bastard-sword-1h");
    const two = getHandWeapon("bastard-sword-2h");
    expect([one.item, two.item]).toEqual(["bastard-sword", "bastard-sword"]);
    expect([one.skill, two.skill]).toEqual(["broadsword", "two-handed-sword"]);
    expect([one.unreadyOnParry, two.unreadyOnParry]).toEqual([true, false]);
    expect(one.attacks[0]?.mod).toBe(1);
    expect(two.attacks[0]?.mod).toBe(2);
  });

  it("L976, L4331 §17 C12: the hatchet is swing+0 (the text's 'swing+1' example loses to the table)", () => {
    expect(seed(976)).toContain('And a hatchet does "swing+1."');
    expect(seed(4331).split("\t")[2]).toBe("swing");
    expect(getHandWeapon("hatchet").attacks[0]?.mod).toBe(0);
  });

  it("L4295 §3.1: the dagger's maximum damage '1 die' is 1+0", () => {
    expect(getHandWeapon("dagger").attacks[0]?.md).toEqual({ dice: 1, adds: 0 });
  });

  it("L2602 §3.1: maces, flails and mauls resist breakage", () => {
    expect(HAND_WEAPONS.filter((w) => w.breakResistant).map((w) => w.id)).toEqual([
      "mace",
      "maul",
      "morningstar",
      "flail",
    ]);
  });

  it("§3.1: attack ids are unique within each weapon", () => {
    for (const w of HAND_WEAPONS) {
      expect(new Set(w.attacks.map((a) => a.id)).size, w.id).toBe(w.attacks.length);
    }
  });
});

describe("§2.6 weapon skills of the tables' group headers", () => {
  it("L4389 §17 C10: the sling has no default", () => {
    expect(seed(4389)).toContain("no default");
    expect(getWeaponSkill("sling").defaults).toEqual([]);
  });

  it("L4296, L4306 §2.6: Shortsword and Broadsword default to each other at −2", () => {
    expect(getWeaponSkill("shortsword").defaults).toEqual([
      { from: "DX", mod: -5 },
      { from: "broadsword", mod: -2 },
    ]);
    expect(getWeaponSkill("broadsword").defaults[1]).toEqual({ from: "shortsword", mod: -2 });
  });

  it("§2.6: the defaults follow the difficulty (easy −4, average −5, hard −6; L700)", () => {
    const offset = { easy: -4, average: -5, hard: -6 };
    for (const s of WEAPON_SKILLS.filter((k) => k.id !== "sling" && k.id !== "throwing")) {
      expect(s.defaults[0], s.id).toEqual({ from: "DX", mod: offset[s.difficulty] });
    }
  });
});

// ── §3.2 Ranged weapons ──────────────────────────────────────────────────────────────────────

interface SpecRangedItem {
  name: string;
  type?: string;
  base?: "sw" | "thr";
  mod?: number;
  pb?: number;
  inc?: string | number;
  half?: string | null;
  max?: string;
  cost: string | number;
  wt: number;
  minST?: number | null;
  md?: string;
  note?: string;
  line: number;
}
interface SpecRangedGroup {
  skill: string;
  diff?: string;
  default?: string;
  hands?: number | string;
  readyTurns?: number | string;
  weapons: SpecRangedItem[];
}

const SPEC_RANGED = specJson<SpecRangedGroup[]>("### 3.2", { end: "any-heading" });

/** `ST/2`, `ST*10`, `ST+5`, `ST-2`, `ST`, a number → a formula; null stays null. */
function specFormula(v: string | number | null | undefined): RangeFormula | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return { perST: 0, add: v };
  const m = /^ST(?:([*/])([\d.]+)|([+-]\d+))?$/.exec(v);
  if (!m) throw new Error(`bad range formula ${v}`);
  if (m[1] === "*") return { perST: Number(m[2]), add: 0 };
  if (m[1] === "/") return { perST: 1 / Number(m[2]), add: 0 };
  return { perST: 1, add: Number(m[3] ?? 0) };
}

/** Seed formulas: `ST/2`, `ST×10`, `ST×1½`, `ST+2`, `ST-5`, `ST`, `1`, `—`. */
function seedFormula(s: string): RangeFormula | null {
  if (s === "—") return null;
  if (/^\d+$/.test(s)) return { perST: 0, add: Number(s) };
  return specFormula(
    s.replace("×", "*").replace(/(\d)?½/, (_m, d: string | undefined) => `${d ?? 0}.5`),
  );
}

function splitCost(c: string | number): [number, number | null] {
  if (typeof c === "number") return [c, null];
  const [a, b] = c.split("/");
  return [Number(a), b === undefined ? null : Number(b)];
}

describe("§3.2 ranged weapon table against the spec's JSON", () => {
  const items = SPEC_RANGED.flatMap((g) => g.weapons.map((w) => ({ g, w })));
  const weapons = items.filter((i) => i.w.type !== undefined);
  const accessories = items.filter((i) => i.w.type === undefined);

  it("§3.2: the same weapons and accessories in the same order", () => {
    expect(RANGED_WEAPONS.map((w) => w.name)).toEqual(weapons.map((i) => i.w.name));
    expect(RANGED_ACCESSORIES.map((a) => a.name)).toEqual(accessories.map((i) => i.w.name));
  });

  it.each(weapons.map(({ g, w }) => [w.line, w.name, g, w] as const))(
    "L%i §3.2: %s",
    (_l, _n, g, row) => {
      const w = RANGED_WEAPONS.find((x) => x.name === row.name);
      if (!w) throw new Error(`missing ${row.name}`);
      expect(w.skill).toBe(skillByName(g.skill).id);
      if (row.type === "fire") expect(w.damage).toBeNull();
      else
        expect(w.damage).toEqual({
          type: row.type,
          base: row.base,
          mod: row.mod,
          md: row.md ? expr(row.md) : null,
        });
      expect([w.pb, w.inc, w.half, w.max]).toEqual([
        row.pb,
        specFormula(row.inc),
        specFormula(row.half),
        specFormula(row.max),
      ]);
      expect([w.cost, w.costPerShot]).toEqual(splitCost(row.cost));
      expect([w.weight, w.minST, w.line]).toEqual([row.wt, row.minST ?? null, row.line]);
      const hands =
        g.hands === 2 ? { fire: 2, load: 2 } : g.hands === undefined ? null : { fire: 1, load: 2 };
      expect(w.hands).toEqual(hands);
      expect(w.reloadTurns).toBe(
        g.readyTurns === undefined ? null : parseInt(String(g.readyTurns), 10),
      );
      expect(w.usesBowST).toBe(g.skill === "Crossbow");
      expect(w.kind).toBe(["Bow", "Crossbow", "Sling"].includes(g.skill) ? "missile" : "thrown");
      if (g.diff) {
        const s = getWeaponSkill(w.skill);
        expect(s.difficulty).toBe(DIFFICULTY[g.diff]);
        expect(s.defaults).toEqual(specDefaults(g.default ?? ""));
      }
    },
  );

  it.each(accessories.map(({ w }) => [w.line, w.name, w] as const))(
    "L%i §3.2: %s",
    (_l, _n, row) => {
      const a = RANGED_ACCESSORIES.find((x) => x.name === row.name);
      expect(a && [a.cost, a.weight, a.minST ?? null, a.line]).toEqual([
        row.cost,
        row.wt,
        row.minST ?? null,
        row.line,
      ]);
    },
  );
});

describe("§3.2 ranged weapon table against the seed's table (L4380–4404)", () => {
  const rows = [];
  for (let n = 4380; n <= 4404; n++) {
    const c = seed(n).split("\t");
    if (c.length >= 10 && c[0] && c[1]) rows.push({ n, c });
  }
  const weapons = rows.filter((r) => r.c[1] !== "—");
  const accessories = rows.filter((r) => r.c[1] === "—");

  it("L4380–4404: one entry per row, in order", () => {
    expect(RANGED_WEAPONS.map((w) => w.line)).toEqual(weapons.map((r) => r.n));
    expect(RANGED_ACCESSORIES.map((a) => a.line)).toEqual(accessories.map((r) => r.n));
  });

  it.each(weapons.map((r) => [r.n, r.c[0], r.c] as const))("L%i: %s", (n, _name, c) => {
    const w = RANGED_WEAPONS.find((x) => x.line === n);
    if (!w) throw new Error(`no weapon for L${n}`);
    const [
      ,
      type = "",
      amount = "",
      pb,
      inc = "",
      half = "",
      max = "",
      cost = "",
      wt = "",
      st = "",
    ] = c;
    if (type.startsWith("fire")) expect(w.damage).toBeNull();
    else {
      const m = /^(swing|thrust)([+-]\d+)?$/.exec(amount);
      expect(w.damage).toMatchObject({
        type: TYPES[type],
        base: m?.[1] === "swing" ? "sw" : "thr",
        mod: Number(m?.[2] ?? 0),
      });
    }
    const md = /Max\. dam\. (\d[+-]\d)/.exec(c[10] ?? "")?.[1];
    expect(w.damage?.md ?? null).toEqual(md ? expr(md) : null);
    expect([w.pb, w.inc, w.half, w.max]).toEqual([
      Number(pb),
      seedFormula(inc),
      seedFormula(half),
      seedFormula(max),
    ]);
    const [price, shot] = cost.replace(/[\\$\s]/g, "").split("/");
    expect(w.cost).toBe(price === "none" ? 0 : Number(price));
    expect(w.costPerShot).toBe(shot === undefined ? null : Number(shot));
    expect(w.weight).toBe(seedNumber(wt));
    expect(w.minST).toBe(st === "" ? null : seedNumber(st));
  });

  it("L4384, L4388: quiver and goat's foot", () => {
    expect(getRangedAccessory("quiver")).toMatchObject({ cost: 10, weight: 0.5, minST: null });
    expect(seed(4384)).toContain("Holds 10 arrows or bolts.");
    expect(getRangedAccessory("goats-foot")).toMatchObject({ cost: 50, weight: 2, minST: 7 });
    expect(seed(2853)).toContain(
      "this device weighs 2 lbs., costs \\$50, and cocks the bow in 20 seconds",
    );
  });

  it("L4408: an arrow weighs 2 oz; a bolt, sling stone or prodd pellet 1 oz", () => {
    expect(seed(4408)).toContain(
      "An arrow weighs 2 oz.; a crossbow bolt, sling-stone, or prodd pellet weigh 1 oz.",
    );
    expect(MISSILE_WEIGHT).toEqual({ arrow: 0.125, bolt: 0.0625, stone: 0.0625, pellet: 0.0625 });
  });
});

describe("§3.2 §17 C5: the pull-out table's ranges win over the text's (L2917–2924)", () => {
  it("L2921, L4401: the thrown spear is PB 4, increment 5 (the text says 3 / 3)", () => {
    expect(seed(2921)).toBe("Spear\t3\t3 yards\tST\tST × 1.5");
    expect(rangedRanges("spear", 10)).toMatchObject({
      pointBlank: 4,
      increment: 5,
      halfDamage: 10,
      max: 15,
    });
  });

  it("L2923, L4383: the composite bow is ST+2 / ST×20 / ST×25, not the longbow's formulas at ST+2", () => {
    expect(rangedRanges("composite-bow", 10)).toMatchObject({
      increment: 12,
      halfDamage: 200,
      max: 250,
    });
  });

  it("L2918–2920, L4393–4403: the rows that agree (small knife, throwing axe, rock)", () => {
    expect(rangedRanges("small-knife", 10)).toMatchObject({
      pointBlank: 2,
      increment: 1,
      halfDamage: 5,
      max: 10,
    });
    expect(rangedRanges("throwing-axe", 10)).toMatchObject({
      pointBlank: 2,
      increment: 2,
      halfDamage: 10,
      max: 15,
    });
    expect(rangedRanges("rock", 10)).toMatchObject({
      pointBlank: 3,
      increment: 5,
      halfDamage: 20,
      max: 35,
    });
  });
});

describe("§15.4 ranged examples", () => {
  it("ex. 54 L1041, L4940, L5380: John's ST 9 crossbow is 5 / 14 / 180 / 225", () => {
    const book = [seed(1041), seed(4940), seed(5380)].map((l) =>
      l.trim().split(/\s+/).slice(1).map(Number),
    );
    for (const b of book) expect(b).toEqual([5, 14, 180, 225]);
    const r = rangedRanges("crossbow", 9);
    expect([r.pointBlank, r.increment, r.halfDamage, r.max]).toEqual([5, 14, 180, 225]);
  });

  it("ex. 55 L5472 (L4993 OCR '290' = 280, §16): Villem's crossbow has a bow of ST 14: 5 / 19 / 280 / 350", () => {
    expect(seed(5472).split(/\s+/).slice(1).map(Number)).toEqual([5, 19, 280, 350]);
    expect(seed(4993)).toContain("290"); // OCR damage; 14 × 20 = 280
    const r = rangedRanges("crossbow", 13, 14);
    expect([r.st, r.pointBlank, r.increment, r.halfDamage, r.max]).toEqual([14, 5, 19, 280, 350]);
  });

  it("ex. 51 L2930–2932: a longbow at ST 12 has increment 12 and half damage beyond 180", () => {
    expect(rangedRanges("longbow", 12)).toMatchObject({ increment: 12, halfDamage: 180, max: 240 });
  });

  it("ex. 50 L2928: a thrown axe has point blank 2 and increment 2", () => {
    expect(rangedRanges("throwing-axe", 12)).toMatchObject({ pointBlank: 2, increment: 2 });
    expect(rangedRanges("hatchet", 12)).toMatchObject({ pointBlank: 2, increment: 2 });
  });
});

describe("rangedRanges (§3.2, §12.3)", () => {
  it("L2853 §3.2: the crossbow and prodd follow the bow's ST, defaulting to the user's", () => {
    expect(rangedRanges("prodd", 10, 12)).toMatchObject({ st: 12, increment: 17, halfDamage: 240 });
    expect(rangedRanges("crossbow", 10)).toMatchObject({ st: 10, increment: 15 });
  });

  it("L4380, L4390 §3.2: fractions are kept (ST 9 sling: increment 4.5)", () => {
    expect(rangedRanges("sling", 9)).toEqual({
      st: 9,
      pointBlank: 5,
      increment: 4.5,
      halfDamage: 54,
      max: 90,
      missile: true,
      thrown: false,
    });
    expect(rangedRanges("hatchet", 9)).toMatchObject({ halfDamage: 13.5, max: 22.5 });
  });

  it("L4394 §3.2: a formula below zero at very low ST is 0 (small knife ST−5 at ST 3)", () => {
    expect(rangedRanges("small-knife", 3)).toMatchObject({ halfDamage: 0, max: 3 });
  });

  it("L4404 §3.2: the oil flask has no half-damage range", () => {
    expect(rangedRanges("oil-flask", 10)).toMatchObject({
      halfDamage: null,
      max: 35,
      thrown: true,
    });
  });

  it("§3.2: bad input is an InputError naming the field", () => {
    expect(() => rangedRanges("longbow", 10, 12)).toThrow(/^bowST: only crossbows and prodds/);
    expect(() => rangedRanges("longbow", 0)).toThrow(/^st: must be at least 1/);
    expect(() => rangedRanges("longbow", 10.5)).toThrow(/^st: expected a whole number/);
    expect(() => rangedRanges("bazooka", 10)).toThrow(InputError);
    expect(() => rangedRanges("bazooka", 10)).toThrow(/^weapon: unknown ranged weapon/);
  });
});

describe("crossbow cocking (L1626–1638, L2853–2855; §3.2)", () => {
  it("L1634: a bow of the user's ST or less: 2 s to cock, 4 s in all", () => {
    expect(crossbowReload(10, 10)).toEqual({ cockTurns: 2, goatsFoot: false, reloadTurns: 4 });
    expect(crossbowReload(10, 7)).toEqual({ cockTurns: 2, goatsFoot: false, reloadTurns: 4 });
  });

  it("L1636, L2853: 1 or 2 over the user's ST: 6 s to cock, 8 s in all", () => {
    expect(crossbowReload(10, 11).reloadTurns).toBe(8);
    expect(crossbowReload(10, 12)).toEqual({ cockTurns: 6, goatsFoot: false, reloadTurns: 8 });
  });

  it("L2853: 3 or 4 over: the goat's foot, 20 s to cock (22 in all, derived)", () => {
    expect(crossbowReload(10, 13)).toEqual({ cockTurns: 20, goatsFoot: true, reloadTurns: 22 });
    expect(crossbowReload(10, 14).goatsFoot).toBe(true);
  });

  it("L2855: more than 4 over cannot be used", () => {
    expect(() => crossbowReload(10, 15)).toThrow(/^bowST: more than 4 over/);
  });
});

// ── §3.3 Weapon quality ──────────────────────────────────────────────────────────────────────

describe("§3.3 weapon quality (L992–1008)", () => {
  it("L998, L1004, L1006: fine swords ×4 +1, other cutting/impaling ×10 +1, crushing ×3 +0", () => {
    expect(weaponOfQuality("broadsword", "fine")).toMatchObject({ cost: 2000, damageBonus: 1 });
    expect(weaponOfQuality("axe", "fine")).toMatchObject({ cost: 500, damageBonus: 1 });
    expect(weaponOfQuality("halberd", "fine")).toMatchObject({ cost: 1500, damageBonus: 1 });
    expect(weaponOfQuality("small-mace", "fine")).toMatchObject({
      cost: 105,
      damageBonus: 0,
      breakResistant: true,
    });
  });

  it("L1002: a cheap sword costs 40%; cheap quality is not priced for other weapons", () => {
    expect(weaponOfQuality("shortsword", "cheap")).toMatchObject({ cost: 160, damageBonus: 0 });
    expect(() => weaponOfQuality("axe", "cheap")).toThrow(
      /^quality: cheap quality is priced for swords only/,
    );
    expect(WEAPON_QUALITY.cheap.crushing).toBeNull();
  });

  it("L2549 §17 C1: parry breakage ⅓ / fine ⅙ / cheap ⅔; L1008's ½ / ¼ / ¾ as an option", () => {
    expect(seed(2549)).toContain("there is a 1/3 chance");
    expect(weaponOfQuality("rapier", "good").parryBreakChance).toBe(1 / 3);
    expect(weaponOfQuality("rapier", "fine").parryBreakChance).toBe(1 / 6);
    expect(weaponOfQuality("rapier", "cheap").parryBreakChance).toBe(2 / 3);
    expect(weaponOfQuality("rapier", "good", { breakRule: "l1008" }).parryBreakChance).toBe(1 / 2);
    expect(PARRY_BREAK_CHANCE.l1008).toEqual({ fine: 0.25, good: 0.5, cheap: 0.75 });
  });

  it("§3.3: knives count as swords, all-crushing weapons as crushing (ruling)", () => {
    expect(getHandWeapon("large-knife").qualityClass).toBe("sword");
    expect(getHandWeapon("baton").qualityClass).toBe("crushing");
    expect(getHandWeapon("poleaxe").qualityClass).toBe("cutting-impaling");
    expect(getHandWeapon("light-club").qualityClass).toBe("crushing");
  });

  it("§3.3: an unknown quality is an InputError naming the field", () => {
    expect(() => weaponOfQuality("axe", "superb")).toThrow(
      /^quality: expected one of fine, good, cheap/,
    );
  });
});

// ── §3.4 Shields ─────────────────────────────────────────────────────────────────────────────

interface SpecShield {
  type: string;
  pd: number | string;
  cost: number | null;
  wt: number | string;
  hits: { penetrate: number; total: number } | string;
  skillPenalty?: number;
  parryPenalty?: number;
}

describe("§3.4 shields", () => {
  const spec = specJson<SpecShield[]>("### 3.4", { end: "any-heading" });

  it.each(spec.map((r) => [r.type, r] as const))(
    "L1071–1076 §3.4: %s against the spec's JSON",
    (_t, row) => {
      const s = SHIELDS.find((x) => x.name === row.type);
      if (!s) throw new Error(`missing ${row.type}`);
      expect(s.pd).toBe(typeof row.pd === "number" ? row.pd : null);
      expect(s.pdChoices).toEqual(typeof row.pd === "number" ? [row.pd] : [1, 2]);
      expect(s.cost).toBe(row.cost);
      expect(s.weight).toBe(typeof row.wt === "number" ? row.wt : null);
      expect(s.hits).toEqual(typeof row.hits === "object" ? row.hits : null);
      expect([s.weaponSkillMod, s.parryMod]).toEqual([
        row.skillPenalty ?? 0,
        row.parryPenalty ?? 0,
      ]);
    },
  );

  it.each([
    [1071, 1076],
    [4583, 4588],
  ])("L%i–%i: the shield table as printed", (from, to) => {
    const rows = [];
    for (let n = from + 1; n <= to; n++) rows.push(seed(n).split("\t"));
    expect(rows.map((c) => c[0])).toEqual(SHIELDS.map((s) => s.name));
    for (const [name, pd = "", cost = "", wt = "", hits = ""] of rows) {
      const s = SHIELDS.find((x) => x.name === name);
      expect(s?.pd ?? pd).toBe(s?.pd === null ? "1 or 2" : Number(pd));
      expect(s?.cost ?? "—").toBe(cost === "—" ? "—" : seedNumber(cost));
      expect(s?.weight ?? "varies").toBe(wt === "varies" ? "varies" : seedNumber(wt));
      expect(s?.hits ? `${s.hits.penetrate}/${s.hits.total}` : "varies").toBe(hits);
    }
  });

  it("L3170–3175: the shield damage table as printed", () => {
    for (let n = 3171; n <= 3175; n++) {
      const [name, pd, dmg] = seed(n).split("\t");
      const s = SHIELDS.find((x) => x.name === name);
      expect(s?.pd === null ? "1 or 2" : String(s?.pd)).toBe(pd);
      expect(s?.hits ? `${s.hits.penetrate}/${s.hits.total}` : "varies").toBe(dmg);
    }
  });

  it("L1059, L3166: no DR for the bearer; a wooden shield's own DR is 3 (shield damage)", () => {
    expect(seed(3166)).toContain("Any wooden shield has an inherent damage resistance of 3");
    expect(SHIELDS.filter((s) => s.id !== "improvised").every((s) => s.dr === 3)).toBe(true);
    expect(getShield("improvised").dr).toBeNull();
  });

  it("L1098, L4590 §15.6: the large shield is PD 4, weapon skill −2 (Friedrick's Axe 14 (12), L4224)", () => {
    const large = getShield("large");
    expect([large.pd, large.weaponSkillMod, large.parryMod]).toEqual([4, -2, -1]);
    expect(seed(4224)).toContain("14 (12)");
    expect(14 + large.weaponSkillMod).toBe(12);
    // Parry 7 (6) (L4205): floor(12 / 2) = floor(14 / 2) + parryMod; one effect, not two.
    expect(seed(4205)).toBe("5\t7 (6)\t4");
    expect(Math.floor((14 + large.weaponSkillMod) / 2)).toBe(Math.floor(14 / 2) + large.parryMod);
  });

  it("L3201: a spike adds +1 bash damage, 5 lb and $20", () => {
    expect(SHIELD_SPIKE).toEqual({ bashDamage: 1, weight: 5, cost: 20 });
  });
});

// ── §3.5 Basic suits ─────────────────────────────────────────────────────────────────────────

interface SpecSuit {
  type: string;
  pd: number;
  dr: number;
  pdVsImp?: number;
  drVsImp?: number;
  cost: number;
  wt: number;
  combatSkillMod?: number;
}

describe("§3.5 Basic armour suits", () => {
  const spec = specJson<SpecSuit[]>("### 3.5", { end: "any-heading" });

  it("§3.5: the same suits in the same order", () => {
    expect(ARMOUR_SUITS.map((s) => s.name)).toEqual(spec.map((r) => r.type));
  });

  it.each(spec.map((r) => [r.type, r] as const))(
    "L1124–1140 §3.5: %s against the spec's JSON",
    (_t, row) => {
      const s = ARMOUR_SUITS.find((x) => x.name === row.type);
      expect(s && [s.pd, s.dr, s.pdVsImp, s.drVsImp, s.cost, s.weight, s.combatSkillMod]).toEqual([
        row.pd,
        row.dr,
        row.pdVsImp ?? row.pd,
        row.drVsImp ?? row.dr,
        row.cost,
        row.wt,
        row.combatSkillMod ?? 0,
      ]);
    },
  );

  it.each([
    [1124, 1140],
    [4598, 4616],
  ])("L%i–%i: the suit table as printed, footnotes included", (from, to) => {
    const notes = new Map<string, string>();
    const rows: string[][] = [];
    for (let n = from + 1; n <= to; n++) {
      const t = seed(n);
      const note = /^([¹²³]) (.*)$/.exec(t);
      if (note?.[1] && note[2]) notes.set(note[1], note[2]);
      else if (t.includes("\t")) rows.push(t.split("\t"));
    }
    expect(rows).toHaveLength(ARMOUR_SUITS.length);
    const vsImp = (cell: string, plain: number) => {
      const mark = /[¹²]/.exec(cell)?.[0];
      const m = mark && /^\((\d) vs\. impaling\)$/.exec(notes.get(mark) ?? "");
      return m ? Number(m[1]) : plain;
    };
    rows.forEach(([name = "", pd = "", dr = "", cost = "", wt = ""], i) => {
      const s = ARMOUR_SUITS[i];
      const plain = name.replace(/ ³$/, "");
      // The chart calls scale armour "Scale mail" (L4605).
      expect(s?.name === "Scale armor" && plain === "Scale mail" ? s.name : plain).toBe(s?.name);
      expect([s?.pd, s?.dr, s?.cost, s?.weight]).toEqual([
        parseInt(pd, 10),
        parseInt(dr, 10),
        seedNumber(cost),
        Number(wt),
      ]);
      expect([s?.pdVsImp, s?.drVsImp]).toEqual([
        vsImp(pd, parseInt(pd, 10)),
        vsImp(dr, parseInt(dr, 10)),
      ]);
      const skill =
        name.endsWith("³") && /all combat skills at -1/.test(notes.get("³") ?? "") ? -1 : 0;
      expect(s?.combatSkillMod).toBe(skill);
    });
  });

  it("L1168 §3.5: chainmail without padding is PD 3 / DR 3, against impaling PD 0 / DR 1", () => {
    expect(seed(1168)).toContain(
      "it has passive defense 3, and DR 3 (but passive defense 0 and DR 1 against an impaling weapon)",
    );
    expect(CHAINMAIL_UNPADDED).toEqual({ pd: 3, dr: 3, pdVsImp: 0, drVsImp: 1 });
    expect(suitProtection("chainmail", "imp", { withoutPadding: true })).toEqual({ pd: 0, dr: 1 });
    expect(suitProtection("chainmail", "cut", { withoutPadding: true })).toEqual({ pd: 3, dr: 3 });
  });

  it("L4252, L4258 §15.6: Rogan's chainmail is PD 3 (1) and DR 4 (2)", () => {
    expect(seed(4258)).toContain("CHAINMAIL: 4 (2)");
    expect(seed(4252)).toContain("Armor: <u>3 (1)</u>");
    expect(suitProtection("chainmail", "cut")).toEqual({ pd: 3, dr: 4 });
    expect(suitProtection("chainmail", "imp")).toEqual({ pd: 1, dr: 2 });
    expect(suitProtection("chainmail", "cr")).toEqual({ pd: 3, dr: 4 });
  });

  it("L4202, L4208 §15.6: Friedrick's scale armour is PD 3, DR 4", () => {
    expect(suitProtection("scale-armour", "imp")).toEqual({ pd: 3, dr: 4 });
    expect(seed(4202)).toContain("Armor: <u>3</u> Shield: <u>4</u>");
  });

  it("L1341–1345 §15.2 ex. 19: John's heavy leather PD 2 + small shield PD 2 = PD 4; DR 2 + Toughness 1 = 3", () => {
    const leather = getArmourSuit("heavy-leather-armour");
    expect(leather.pd + (getShield("small").pd ?? 0)).toBe(4);
    expect(leather.dr + 1).toBe(3);
  });

  it("L1170 §3.5: cloth or light leather under plate gives +1 DR and no PD; not under other suits", () => {
    expect(suitProtection("heavy-plate", "cut", { underlay: true })).toEqual({ pd: 4, dr: 8 });
    expect(() => suitProtection("scale-armour", "cut", { underlay: true })).toThrow(
      /^armour.underlay:/,
    );
    expect(() => suitProtection("scale-armour", "cut", { withoutPadding: true })).toThrow(
      /^armour.withoutPadding:/,
    );
  });
});

// ── §3.6 Piece by piece ──────────────────────────────────────────────────────────────────────

interface SpecPiece {
  loc: string;
  name: string;
  pd: number;
  dr: number;
  pdVsImp?: number;
  drVsImp?: number;
  cost: number | string;
  wt: number;
  stacks?: boolean;
  frontOnly?: boolean;
  weaponSkillMod?: number;
  perceptionIQMod?: number;
  punchMod?: number;
  kickMod?: string;
}

describe("§3.6 Advanced armour, piece by piece", () => {
  const spec = specJson<SpecPiece[]>("### 3.6", { end: "any-heading" });

  it("§3.6: the same pieces in the same order", () => {
    expect(ARMOUR_PIECES.map((p) => p.name)).toEqual(spec.map((r) => r.name));
  });

  it.each(spec.map((r) => [r.name, r] as const))(
    "L4798–4876 §3.6: %s against the spec's JSON",
    (_n, row) => {
      const p = ARMOUR_PIECES.find((x) => x.name === row.name);
      if (!p) throw new Error(`missing ${row.name}`);
      expect(p.covers).toEqual(row.loc.split("+"));
      expect([p.pd, p.dr, p.pdVsImp, p.drVsImp, p.weight]).toEqual([
        row.pd,
        row.dr,
        row.pdVsImp ?? row.pd,
        row.drVsImp ?? row.dr,
        row.wt,
      ]);
      expect([p.stacks, p.frontOnly, p.weaponSkillMod, p.perceptionMod, p.punchBonus]).toEqual([
        row.stacks ?? false,
        row.frontOnly ?? false,
        row.weaponSkillMod ?? 0,
        row.perceptionIQMod ?? 0,
        row.punchMod ?? 0,
      ]);
      expect(p.chainmail).toBe(row.pdVsImp !== undefined);
      if (row.kickMod) expect(row.kickMod).toMatch(/^\+3 total with heavy boots/);
      if (typeof row.cost === "number") {
        expect([p.cost, p.costByClass]).toEqual([row.cost, null]);
      } else if (row.cost.startsWith("2/10/40/200/1000")) {
        expect(p.cost).toBeNull();
        expect(Object.values(p.costByClass ?? {})).toEqual([2, 10, 40, 200, 1000]);
      } else if (row.cost === "2x ordinary") {
        expect(p.cost).toBeNull();
        expect(Object.values(p.costByClass ?? {})).toEqual([4, 20, 80, 400, 2000]);
      } else {
        expect(row.cost).toBe("50 (100 upper class)");
        expect([p.cost, p.costByClass?.middle, p.costByClass?.upper, p.costByClass?.noble]).toEqual(
          [50, 50, 100, 100],
        );
      }
    },
  );

  /** The seed's section headings, to check each piece's location from its line. */
  const SECTIONS: [number, number, ArmourLocation[]][] = [
    [4798, 4810, ["head"]],
    [4810, 4846, ["body"]],
    [4846, 4860, ["arms", "legs"]],
    [4860, 4868, ["hands"]],
    [4868, 4878, ["feet"]],
  ];

  it.each(ARMOUR_PIECES.map((p) => [p.line, p.name, p] as const))(
    "L%i: %s as printed",
    (n, _name, p) => {
      const text = seed(n);
      const section = SECTIONS.find(([a, b]) => n > a && n < b);
      expect(section?.[2], "section").toContain(p.covers[0]);
      if (p.chainmail) {
        expect(text).toContain("*"); // the footnote, L4878
      } else if (p.pd === 0) {
        expect(text).toMatch(/no passive defense/i);
      } else {
        expect(Number(/Passive defense (\d)/.exec(text)?.[1])).toBe(p.pd);
      }
      if (!p.chainmail)
        expect(Number(/DR (\d)/.exec(text)?.[1] ?? (/or DR/.test(text) ? 0 : NaN))).toBe(p.dr);
      const limb =
        p.covers.length === 1 &&
        (p.covers[0] === "arms" || p.covers[0] === "legs") &&
        /Arms:/.test(text);
      const priced = limb
        ? new RegExp(
            `${p.covers[0] === "arms" ? "Arms" : "Legs"}: \\\\\\$(\\d+), (\\d+) lbs?\\.`,
          ).exec(text)
        : null;
      if (limb) {
        expect([p.cost, p.weight]).toEqual([Number(priced?.[1]), Number(priced?.[2])]);
      } else {
        const cost = /\\\$([\d,]+)/.exec(text)?.[1];
        if (p.cost !== null) expect(p.cost).toBe(Number(cost?.replace(",", "")));
        const wt = /(\d+) (?:lbs?\.|pounds?)/.exec(text)?.[1];
        expect(p.weight).toBe(/weight negligible/.test(text) ? 0 : Number(wt));
      }
      expect(p.covers.includes("arms") && p.covers[0] !== "arms").toBe(/covers arms/.test(text));
      expect(p.covers.includes("legs") && p.covers[0] !== "legs").toBe(/arms and legs/.test(text));
    },
  );

  it("L4816–4826: clothing by social class; winter clothing at double", () => {
    const prices = [4816, 4818, 4820, 4822, 4824].map((n) =>
      Number(/\\\$([\d,]+)/.exec(seed(n))?.[1]?.replace(",", "")),
    );
    expect(Object.values(getArmourPiece("ordinary-clothing").costByClass ?? {})).toEqual(prices);
    expect(seed(4826)).toContain("Double above prices");
    expect(Object.values(getArmourPiece("winter-clothing").costByClass ?? {})).toEqual(
      prices.map((p) => 2 * p),
    );
  });

  it("L4878–4880 §17 A19: chain pieces are PD 3 / DR 4 (1 / 2 vs imp) over cloth, else PD 3 / DR 3 (0 / 1)", () => {
    expect(seed(4878)).toContain("The combination has a passive defense of 3 and DR of 4");
    expect(seed(4878)).toContain("it has a passive defense of 1 and DR 2");
    expect(seed(4880)).toContain("chainmail would have a passive defense of 3 and DR 3");
    expect(CHAINMAIL_PADDED).toEqual({ pd: 3, dr: 4, pdVsImp: 1, drVsImp: 2 });
    expect(ARMOUR_PIECES.filter((p) => p.chainmail).map((p) => p.id)).toEqual([
      "chain-coif",
      "chainmail",
      "chainmail-leggings",
    ]);
    expect(pieceProtection("chainmail", "imp")).toEqual({ pd: 0, dr: 1 });
    expect(pieceProtection("chainmail", "cut")).toEqual({ pd: 3, dr: 3 });
    expect(pieceProtection("chainmail-leggings", "imp", { padded: true })).toEqual({
      pd: 1,
      dr: 2,
    });
    expect(pieceProtection("chain-coif", "cr", { padded: true })).toEqual({ pd: 3, dr: 4 });
    expect(pieceProtection("corselet", "imp", { padded: true })).toEqual({ pd: 4, dr: 6 });
  });

  it("L2627 §3.6: greathelm + heavy corselet + heavy plate arms and legs + gauntlets + sollerets ≈ the heavy plate suit", () => {
    const ids = [
      "greathelm",
      "heavy-corselet",
      "heavy-plate-arms",
      "heavy-plate-legs",
      "gauntlets",
      "sollerets",
    ];
    const pieces = ids.map((id) => getArmourPiece(id));
    expect(pieces.reduce((s, p) => s + (p.cost ?? 0), 0)).toBe(5990);
    expect(pieces.reduce((s, p) => s + p.weight, 0)).toBe(109);
    expect([getArmourSuit("heavy-plate").cost, getArmourSuit("heavy-plate").weight]).toEqual([
      6000, 110,
    ]);
  });

  it("L1926, L1930: gauntlets +2 punching; boots (heavy boots) kick at +3 in all", () => {
    expect(seed(1926)).toContain("Plate-mail gauntlets add +2.");
    expect(getArmourPiece("gauntlets").punchBonus).toBe(2);
    expect(seed(1930)).toContain("you do +2 damage — or +3 if you are wearing heavy boots");
    expect(2 + getArmourPiece("boots").kickBonus).toBe(3);
    expect(getArmourPiece("shoes").kickBonus).toBe(0);
  });

  it("§3.6, §8: armour locations map to hit locations; the face is not covered", () => {
    const all = Object.values(ARMOUR_LOCATION_HITS).flat();
    expect(all).not.toContain("face");
    expect(all).toHaveLength(11);
    expect(ARMOUR_LOCATION_HITS.body).toEqual(["torso", "vitals"]);
  });

  it("L2440: a full backpack is DR 2 from behind only, no PD", () => {
    expect(BACKPACK_ARMOUR).toEqual({ pd: 0, dr: 2, fromBehindOnly: true });
  });
});

// ── §14.3 Objects ────────────────────────────────────────────────────────────────────────────

const WEAPON_WORDS: Record<string, string> = {
  Any: "any",
  Edged: "edged",
  "Not impaling": "not-impaling",
  Axe: "axe",
  "Axe or hammer": "axe-or-hammer",
  "Axe, hammer, club": "axe-hammer-club",
};

describe("§14.3 DR and HP of typical objects", () => {
  const specRows = specSection("### 14.3", { end: "any-heading" })
    .split("\n")
    .filter((l) => /^\| [A-Z]/.test(l) && !l.startsWith("| Thing"))
    .map((l) =>
      l
        .split("|")
        .map((c) => c.trim())
        .slice(1, 5),
    );
  const fraction = (s: string) =>
    s
      .replace(/(\d)([½¼¾⅛⅜])/g, "$1 $2")
      .replace("⅜", "3/8")
      .replace("¾", "3/4")
      .replace("½", "1/2")
      .replace("¼", "1/4")
      .replace("⅛", "1/8");

  it("§14.3: the same objects in the same order", () => {
    expect(OBJECTS.map((o) => o.name)).toEqual(specRows.map((r) => fraction(r[0] ?? "")));
  });

  it.each(specRows.map((r) => [r[0], r] as const))(
    "L3572–3606 §14.3: %s against the spec's table",
    (_n, row) => {
      const o = OBJECTS.find((x) => x.name === fraction(row[0] ?? ""));
      expect(o && [o.dr, o.hp, o.weapon]).toEqual([
        Number(row[1]),
        Number(row[2]),
        WEAPON_WORDS[row[3] ?? ""],
      ]);
    },
  );

  it.each(OBJECTS.map((o) => [o.line, o.name, o] as const))("L%i: %s as printed", (n, _name, o) => {
    const [rawName = "", dr, hp, weapon = ""] = seed(n).split("\t");
    const name = rawName.replace(
      /\$(\d*)\\frac\{(\d+)\}\{(\d+)\}\$/,
      (_m, w: string, a: string, b: string) => `${w ? `${w} ` : ""}${a}/${b}`,
    );
    const m = /^(.*?) \((.+?) ?"/.exec(name);
    expect(`${m?.[1]} ${m?.[2]}"`).toBe(o.name);
    expect([o.dr, o.hp, o.weapon]).toEqual([Number(dr), Number(hp), WEAPON_WORDS[weapon]]);
  });

  it("L2543 §13.3: a spear or axe shaft is DR 3 / 8 HP, a polearm's DR 4 / 12 HP", () => {
    expect(WEAPON_SHAFTS).toEqual({ "spear-or-axe": { dr: 3, hp: 8 }, polearm: { dr: 4, hp: 12 } });
    expect(getObject("wooden-pole-2")).toMatchObject({ dr: 3, hp: 8 }); // the 2" shaft of L2543
  });
});

// ── §15.6 Sample sheets ──────────────────────────────────────────────────────────────────────

describe("§15.6 the sample sheets' weapon and armour figures", () => {
  /** Damage of a weapon attack at a given ST, with the §7.1 table and the MD rule of §17 A14. */
  function damage(weaponId: string, attackId: string, st: number): string {
    const a = getHandWeaponAttack(weaponId, attackId);
    const d = plus(basic(st, a.base), a.mod);
    const max = (e: DamageExpr) => e.dice * 6 + e.adds;
    return show(a.md && max(a.md) < max(d) ? a.md : d);
  }

  it("L4198, L4224 (L5204 OCR '1-4', §16): Friedrick's axe is swing+2: 1+2 → 1+4", () => {
    expect(seed(4198)).toContain("Thrust: 1-1 Swing: 1+2");
    expect(seed(4224)).toBe("Axe\tCut 1+4\t14 (12)\t50\t4");
    expect(damage("axe", "swing-cut", 12)).toBe("1+4");
  });

  it("L4225–4226: Friedrick's large knife cuts for 1 (swing−2) and impales for 1-1", () => {
    expect(seed(4225)).toContain("Cut 1\t");
    expect(seed(4226)).toContain("Imp. 1-1");
    expect(damage("large-knife", "swing-cut", 12)).toBe("1");
    expect(damage("large-knife", "thrust-imp", 12)).toBe("1-1");
  });

  it("L4229: Friedrick's $970 and 81 lb = axe + 2 large knives + large shield + scale armour", () => {
    expect(seed(4229)).toContain("Totals: \\$ 970 81 Lbs.");
    const axe = getHandWeapon("axe");
    const knife = getHandWeapon("large-knife");
    const shield = getShield("large");
    const scale = getArmourSuit("scale-armour");
    expect(axe.cost + 2 * knife.cost + (shield.cost ?? 0) + scale.cost).toBe(970);
    expect(axe.weight + 2 * knife.weight + (shield.weight ?? 0) + scale.weight).toBe(81);
  });

  it("L4276–4279: Rogan's thrusting bastard sword cuts 1+3 (swing+1), impales 1+1 (thrust+2); $1,340, 58 lb", () => {
    expect(seed(4276)).toContain("Cut 1+3");
    expect(seed(4277)).toContain("Imp 1+1");
    expect(damage("thrusting-bastard-sword-1h", "swing-cut", 12)).toBe("1+3");
    expect(damage("thrusting-bastard-sword-1h", "thrust-imp", 12)).toBe("1+1");
    const sword = getHandWeapon("thrusting-bastard-sword-1h");
    const mail = getArmourSuit("chainmail");
    const shield = getShield("small");
    // L4278 "CHAINMAIL 250" is OCR for $550 (§16; L5299).
    expect(sword.cost + (shield.cost ?? 0) + mail.cost).toBe(1340);
    expect(sword.weight + (shield.weight ?? 0) + mail.weight).toBe(58);
    expect(mail.pd + (shield.pd ?? 0)).toBe(5); // "Shield: 2", total 5 (L4252)
  });

  it("L1033–1036 (L5372 OCR '1-2', §16): John's shortsword 1-1 / 1-2 and large knife 1-3 / 1-2 at ST 9", () => {
    expect(seed(1033)).toBe("SHORTSWORD\tCUT\t1-1\t16\t400\t2");
    expect(seed(1035)).toBe("LARGE KNIFE\tCUT\t1-3\t15\t40\t1");
    expect(damage("shortsword", "swing-cut", 9)).toBe("1-1");
    expect(damage("shortsword", "thrust-imp", 9)).toBe("1-2");
    expect(damage("large-knife", "swing-cut", 9)).toBe("1-3");
    expect(damage("large-knife", "thrust-imp", 9)).toBe("1-2");
  });

  it("L1037, L4947 §17 C17: John's crossbow is thrust+4 with a bow of ST 9: 1+2 (the sheet prints 1-2)", () => {
    expect(seed(1037)).toContain("IMP\t1-2");
    const xbow = getRangedWeapon("crossbow");
    expect(xbow.damage).toMatchObject({ base: "thr", mod: 4 });
    expect(show(plus(basic(9, "thr"), xbow.damage?.mod ?? NaN))).toBe("1+2");
  });

  it("L4945–4951: John's $1,010 = shortsword, large knife, crossbow, quiver with 10 bolts, small shield, heavy leather", () => {
    expect(seed(4951)).toContain("\\$ 1,010");
    const quiver = getRangedAccessory("quiver");
    const xbow = getRangedWeapon("crossbow");
    expect(quiver.cost + 10 * (xbow.costPerShot ?? NaN)).toBe(30); // "QUIVER - 10 BOLTS … 30" (L4948)
    const total =
      getHandWeapon("shortsword").cost +
      getHandWeapon("large-knife").cost +
      xbow.cost +
      30 +
      (getShield("small").cost ?? 0) +
      getArmourSuit("heavy-leather-armour").cost;
    expect(total).toBe(1010);
    const lb =
      getHandWeapon("shortsword").weight +
      getHandWeapon("large-knife").weight +
      xbow.weight +
      quiver.weight +
      10 * MISSILE_WEIGHT.bolt +
      (getShield("small").weight ?? 0) +
      getArmourSuit("heavy-leather-armour").weight;
    expect(lb).toBeGreaterThan(38); // "Lbs. 38+" (L4951)
    expect(lb).toBeLessThan(39);
  });

  it("L4998, L5460–5461 §17 C16: Villem's halberd at ST 13 is cut 2+4, impaling swing 2+3, thrust 1+3 (the sheet's 2+5 / 2+4 fit ST 14)", () => {
    expect(seed(5460)).toContain("Cut 2+5");
    expect(damage("halberd", "swing-cut", 13)).toBe("2+4");
    expect(damage("halberd", "swing-imp", 13)).toBe("2+3");
    expect(damage("halberd", "thrust-imp", 13)).toBe("1+3");
    expect(damage("halberd", "swing-cut", 14)).toBe("2+5");
  });

  it("L5463 (L4999 '1+3', §16): Villem's crossbow with a bow of ST 14 is 1+4", () => {
    expect(seed(5463)).toContain("Imp 1+4");
    const xbow = getRangedWeapon("crossbow");
    expect(show(plus(basic(14, "thr"), xbow.damage?.mod ?? NaN))).toBe("1+4");
  });

  it("L5465 §17 A14: Villem's large knife cut (swing 2-1, −2 = 2-3) is capped to its MD 1+2", () => {
    expect(seed(5465)).toContain("Cut 1+2");
    expect(damage("large-knife", "swing-cut", 13)).toBe("1+2");
  });

  it("L5003: Villem's $1,120 and 69½ lb (the sheet leaves out the bolts' 10 oz)", () => {
    expect(seed(5003)).toContain("Totals: \\$ 1120");
    const parts = [
      getHandWeapon("halberd"),
      getRangedWeapon("crossbow"),
      getHandWeapon("large-knife"),
    ];
    const cost = parts.reduce((s, p) => s + p.cost, 0) + 30 + getArmourSuit("scale-armour").cost;
    expect(cost).toBe(1120);
    const lb = parts.reduce((s, p) => s + p.weight, 0) + getRangedAccessory("quiver").weight + 50;
    expect(lb).toBe(69.5);
  });
});

// ── Lookups and freezing ─────────────────────────────────────────────────────────────────────

describe("lookups return copies and reject unknown ids (house rules)", () => {
  const tables = {
    WEAPON_SKILLS,
    HAND_WEAPONS,
    RANGED_WEAPONS,
    RANGED_ACCESSORIES,
    SHIELDS,
    ARMOUR_SUITS,
    ARMOUR_PIECES,
    OBJECTS,
    WEAPON_QUALITY,
    PARRY_BREAK_CHANCE,
    ARMOUR_LOCATION_HITS,
    CHAINMAIL_PADDED,
    CHAINMAIL_UNPADDED,
    MISSILE_WEIGHT,
    SHIELD_SPIKE,
    WEAPON_SHAFTS,
    BACKPACK_ARMOUR,
  };

  it.each(Object.entries(tables))("%s is deeply frozen", (_name, t) => {
    expect(isDeepFrozen(t)).toBe(true);
  });

  it.each(
    Object.entries({
      HAND_WEAPONS,
      RANGED_WEAPONS,
      RANGED_ACCESSORIES,
      SHIELDS,
      ARMOUR_SUITS,
      ARMOUR_PIECES,
      OBJECTS,
      WEAPON_SKILLS,
    }),
  )("%s ids are unique", (_name, t) => {
    expect(new Set(t.map((e) => e.id)).size).toBe(t.length);
  });

  it("a looked-up entry is a mutable copy", () => {
    const axe = getHandWeapon("axe");
    expect(Object.isFrozen(axe)).toBe(false);
    (axe.attacks[0] as { mod: number }).mod = 99;
    expect(getHandWeapon("axe").attacks[0]?.mod).toBe(2);
    const mail = getArmourPiece("chainmail");
    (mail as { dr: number }).dr = 0;
    expect(getArmourPiece("chainmail").dr).toBe(4);
  });

  it.each([
    [
      "getHandWeapon",
      () => getHandWeapon("lightsaber"),
      /^weapon: unknown hand weapon \(expected one of large-knife, /,
    ],
    [
      "getHandWeapon field",
      () => getHandWeapon("x", "attacker.weapon"),
      /^attacker\.weapon: unknown hand weapon/,
    ],
    [
      "getHandWeaponAttack",
      () => getHandWeaponAttack("axe", "thrust-imp"),
      /^attack: unknown attack of axe \(expected one of swing-cut\)/,
    ],
    ["getRangedWeapon", () => getRangedWeapon("musket"), /^weapon: unknown ranged weapon/],
    ["getRangedAccessory", () => getRangedAccessory("bag"), /^item: unknown ranged accessory/],
    ["getShield", () => getShield("tower"), /^shield: unknown shield/],
    ["getArmourSuit", () => getArmourSuit("mithril"), /^armour: unknown armour suit/],
    ["getArmourPiece", () => getArmourPiece("cape"), /^armour: unknown armour piece/],
    ["getObject", () => getObject("door"), /^object: unknown object/],
    ["getWeaponSkill", () => getWeaponSkill("guns"), /^skill: unknown weapon skill/],
    ["suitProtection", () => suitProtection("x", "cut"), /^armour: unknown armour suit/],
    ["pieceProtection", () => pieceProtection("x", "cut"), /^armour: unknown armour piece/],
    ["weaponOfQuality", () => weaponOfQuality("x", "good"), /^weapon: unknown hand weapon/],
  ])("%s: InputError naming the field", (_name, call, message) => {
    expect(call).toThrow(InputError);
    expect(call).toThrow(message);
  });

  it("a non-string id is an InputError too", () => {
    expect(() => getShield(7 as unknown as string)).toThrow(/^shield: unknown shield.*got 7$/);
  });
});
