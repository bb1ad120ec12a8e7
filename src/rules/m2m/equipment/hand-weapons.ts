/**
 * Weapon skills and the Ancient/Medieval Hand Weapon Table (seed 004 L4283–4371; spec §3.1).
 * The pull-out table wins over the rules text for weapon statistics (spec §0.3, §17 C12).
 */
import type { DamageExpr, DamageType } from "../types";
import { copy, deepFreeze } from "../../../core/data";
import { dmg, findById } from "./common";

// ── Weapon skills (group headers L4290–4402; spec §2.6, §3.1, §3.2) ─────────────────────────

export const MELEE_SKILL_IDS = [
  "knife",
  "shortsword",
  "fencing",
  "broadsword",
  "two-handed-sword",
  "staff",
  "axe-mace",
  "two-handed-axe-mace",
  "flail",
  "spear",
  "polearm",
] as const;
export type MeleeSkillId = (typeof MELEE_SKILL_IDS)[number];

export const RANGED_SKILL_IDS = [
  "bow",
  "crossbow",
  "sling",
  "knife-throwing",
  "axe-throwing",
  "spear-throwing",
  "throwing",
] as const;
export type RangedSkillId = (typeof RANGED_SKILL_IDS)[number];
export type WeaponSkillId = MeleeSkillId | RangedSkillId;

/** A skill default: `from` (DX or another weapon skill) + `mod`. */
export interface SkillDefault {
  readonly from: "DX" | WeaponSkillId;
  readonly mod: number;
}

export interface WeaponSkill {
  readonly id: WeaponSkillId;
  /** The book's name of the skill. */
  readonly name: string;
  /** Easy, Average, Hard (L700). */
  readonly difficulty: "easy" | "average" | "hard";
  /** Defaults, best first; empty = no default. */
  readonly defaults: readonly SkillDefault[];
  /** Seed line of the table's group header. */
  readonly line: number;
}

const DX = (mod: number): SkillDefault => ({ from: "DX", mod });

/**
 * The skills named by the weapon tables' group headers, with the defaults printed there
 * (L4290–4360 hand, L4379–4402 ranged). Sling: "no default" (L4389; spec §17 C10).
 * "Basic DX or Throwing skill" (L4402): the general Throwing skill is Hard with no default
 * (L750, spec §2.6), but these objects may be thrown with plain DX, written here as a DX+0
 * default (spec §17 C11).
 */
export const WEAPON_SKILLS: readonly WeaponSkill[] = deepFreeze<WeaponSkill[]>([
  { id: "knife", name: "Knife", difficulty: "easy", defaults: [DX(-4)], line: 4290 },
  {
    id: "shortsword",
    name: "Shortsword",
    difficulty: "average",
    defaults: [DX(-5), { from: "broadsword", mod: -2 }],
    line: 4296,
  },
  { id: "fencing", name: "Fencing", difficulty: "average", defaults: [DX(-5)], line: 4301 },
  {
    id: "broadsword",
    name: "Broadsword",
    difficulty: "average",
    defaults: [DX(-5), { from: "shortsword", mod: -2 }],
    line: 4306,
  },
  {
    id: "two-handed-sword",
    name: "Two-Handed Sword",
    difficulty: "average",
    defaults: [DX(-5)],
    line: 4316,
  },
  {
    id: "staff",
    name: "Staff",
    difficulty: "average",
    defaults: [DX(-5), { from: "spear", mod: -2 }],
    line: 4327,
  },
  { id: "axe-mace", name: "Axe/Mace", difficulty: "average", defaults: [DX(-5)], line: 4330 },
  {
    id: "two-handed-axe-mace",
    name: "Two-Handed Axe/Mace",
    difficulty: "average",
    defaults: [DX(-5)],
    line: 4337,
  },
  { id: "flail", name: "Flail", difficulty: "hard", defaults: [DX(-6)], line: 4346 },
  {
    id: "spear",
    name: "Spear",
    difficulty: "average",
    defaults: [DX(-5), { from: "staff", mod: -2 }],
    line: 4353,
  },
  { id: "polearm", name: "Polearm", difficulty: "average", defaults: [DX(-5)], line: 4360 },
  { id: "bow", name: "Bow", difficulty: "hard", defaults: [DX(-6)], line: 4379 },
  { id: "crossbow", name: "Crossbow", difficulty: "easy", defaults: [DX(-4)], line: 4385 },
  { id: "sling", name: "Sling", difficulty: "hard", defaults: [], line: 4389 },
  {
    id: "knife-throwing",
    name: "Knife Throwing",
    difficulty: "easy",
    defaults: [DX(-4)],
    line: 4392,
  },
  { id: "axe-throwing", name: "Axe Throwing", difficulty: "easy", defaults: [DX(-4)], line: 4396 },
  {
    id: "spear-throwing",
    name: "Spear Throwing",
    difficulty: "easy",
    defaults: [DX(-4)],
    line: 4399,
  },
  { id: "throwing", name: "DX or Throwing", difficulty: "hard", defaults: [DX(0)], line: 4402 },
]);

/** A weapon skill by id (a copy); InputError naming `field` if unknown. */
export function getWeaponSkill(id: string, field = "skill"): WeaponSkill {
  return copy(findById(WEAPON_SKILLS, id, field, "weapon skill"));
}

// ── Hand weapons (L4283–4371) ─────────────────────────────────────────────────────────────────

/** `"C"` = close combat (own hex), or 1/2/3 yards (L4289, L1996–2002). */
export type Reach = "C" | 1 | 2 | 3;
/** `sw` = swing, `thr` = thrust: the ST-based basic damage the weapon adds to (§7.1, L972–978). */
export type DamageBase = "sw" | "thr";

/** One way of attacking with a hand weapon (one line of the table). */
export interface HandWeaponAttack {
  /** `swing-cut`, `thrust-imp`…; the spear's two-handed grip is `thrust-imp-2h`. */
  readonly id: string;
  readonly base: DamageBase;
  readonly type: DamageType;
  /** Added to the adds of the ST-based damage, never normalised (§7.2): axe = swing+2. */
  readonly mod: number;
  readonly reach: readonly Reach[];
  /** Ready turns needed after an attack of this kind (0 = balanced; L2107–2111). */
  readonly readyAfter: number;
  /** Maximum damage (L976; §7.2), or null if the table gives none. */
  readonly md: DamageExpr | null;
  /** Hands needed for this attack. */
  readonly hands: 1 | 2;
  /** "Throwable" in the notes (its thrown statistics are in the ranged table, §3.2). */
  readonly throwable: boolean;
  /** "May get stuck" (L1608–1614). */
  readonly mayStick: boolean;
}

/** How a weapon is priced and improved by quality (§3.3, L992–1006). */
export type QualityClass = "sword" | "cutting-impaling" | "crushing";

export interface HandWeapon {
  /** Stable id (`axe`, `bastard-sword-1h`…). */
  readonly id: string;
  /** The physical item: one item may be listed under two skills (bastard sword, quarterstaff). */
  readonly item: string;
  /** The table's name (ditto marks spelled out). */
  readonly name: string;
  readonly skill: MeleeSkillId;
  /** Dollars, good quality (L1000). */
  readonly cost: number;
  /** Pounds, scabbard included for swords and knives (L4285). */
  readonly weight: number;
  /** Minimum ST, or null ("none"). */
  readonly minST: number | null;
  readonly twoHanded: boolean;
  /** `*`: 1 turn of readying to change between reaches (L4369, L2000, L2113). */
  readonly grip: boolean;
  /** `†`: parrying with it makes it unready (L4371, L2129). */
  readonly unreadyOnParry: boolean;
  /** Fencing weapon (fencing parry, L4301); fencing weapons and knives cannot parry flails. */
  readonly fencing: boolean;
  /** Flail weapon: blocks against it −2, parries −4 (L1620, L4346). */
  readonly flail: boolean;
  /** Polearm: never unready after a parry, 2 turns to ready when picked up (L2111, L2087). */
  readonly polearm: boolean;
  /** Resists breakage on a critical miss (maces, flails, mauls; L2602). */
  readonly breakResistant: boolean;
  readonly qualityClass: QualityClass;
  readonly note: string | null;
  /** Seed line of the weapon's first table row. */
  readonly line: number;
  readonly attacks: readonly HandWeaponAttack[];
}

interface AttackSpec {
  md?: DamageExpr;
  readyAfter?: number;
  throwable?: boolean;
  mayStick?: boolean;
  hands?: 1 | 2;
}

interface WeaponSpec {
  item?: string;
  twoHanded?: boolean;
  grip?: boolean;
  unreadyOnParry?: boolean;
  fencing?: boolean;
  flail?: boolean;
  polearm?: boolean;
  breakResistant?: boolean;
  qualityClass?: QualityClass;
  note?: string;
}

type RawAttack = Omit<HandWeaponAttack, "id" | "hands"> & { hands?: 1 | 2 };

function atk(
  base: DamageBase,
  type: DamageType,
  mod: number,
  reach: Reach[],
  opt: AttackSpec = {},
): RawAttack {
  return {
    base,
    type,
    mod,
    reach,
    readyAfter: opt.readyAfter ?? 0,
    md: opt.md ?? null,
    throwable: opt.throwable ?? false,
    mayStick: opt.mayStick ?? false,
    ...(opt.hands === undefined ? {} : { hands: opt.hands }),
  };
}

/** Swords and knives are priced as swords; all-crushing weapons as crushing (§3.3 ruling). */
const SWORD_SKILLS: readonly MeleeSkillId[] = [
  "knife",
  "shortsword",
  "fencing",
  "broadsword",
  "two-handed-sword",
];

function weapon(
  id: string,
  name: string,
  skill: MeleeSkillId,
  cost: number,
  weight: number,
  minST: number | null,
  line: number,
  raw: RawAttack[],
  opt: WeaponSpec = {},
): HandWeapon {
  const twoHanded = opt.twoHanded ?? false;
  const attacks = raw.map((a): HandWeaponAttack => {
    const hands = a.hands ?? (twoHanded ? 2 : 1);
    const mode = a.base === "sw" ? "swing" : "thrust";
    const suffix = hands === 2 && !twoHanded ? "-2h" : "";
    return { ...a, id: `${mode}-${a.type}${suffix}`, hands };
  });
  const crushingOnly = attacks.every((a) => a.type === "cr");
  const qualityClass: QualityClass =
    opt.qualityClass ??
    (crushingOnly ? "crushing" : SWORD_SKILLS.includes(skill) ? "sword" : "cutting-impaling");
  return {
    id,
    item: opt.item ?? id,
    name,
    skill,
    cost,
    weight,
    minST,
    twoHanded,
    grip: opt.grip ?? false,
    unreadyOnParry: opt.unreadyOnParry ?? false,
    fencing: opt.fencing ?? false,
    flail: opt.flail ?? false,
    polearm: opt.polearm ?? false,
    breakResistant: opt.breakResistant ?? false,
    qualityClass,
    note: opt.note ?? null,
    line,
    attacks,
  };
}

const AXE = { unreadyOnParry: true } as const; // "AXE/MACE (DX-5)†" (L4330)
const AXE2 = { twoHanded: true, unreadyOnParry: true, grip: true } as const; // L4337 "2 hands", †
const POLE = { twoHanded: true, grip: true, polearm: true } as const; // L4360, `*` on every reach
const R1 = { readyAfter: 1 } as const;

/**
 * The hand weapon table, L4290–4367, one entry per weapon and technique (the bastard sword and
 * the quarterstaff appear under two skills). Spec §3.1 gives the same data as JSON. Flags:
 * `*` grip change (L4369), `†` unready after parry (L4371; on the Axe/Mace, Two-Handed
 * Axe/Mace and Flail group headers and the one-handed bastard swords), break resistance from
 * L2602 (maces, flails, mauls). The quarterstaff and the two-handed spear grip are two-handed
 * by assumption (spec §3.1).
 */
export const HAND_WEAPONS: readonly HandWeapon[] = deepFreeze<HandWeapon[]>([
  // KNIFE (DX-4, easy) L4290
  weapon("large-knife", "Large knife", "knife", 40, 1, null, 4291, [
    atk("sw", "cut", -2, ["C", 1], { md: dmg(1, 2) }),
    atk("thr", "imp", 0, ["C"], { md: dmg(1, 2), throwable: true }),
  ]),
  weapon("small-knife", "Small knife", "knife", 30, 0.5, null, 4293, [
    atk("sw", "cut", -3, ["C", 1], { md: dmg(1, 1) }),
    atk("thr", "imp", -1, ["C"], { md: dmg(1, 1), throwable: true }),
  ]),
  weapon("dagger", "Dagger", "knife", 20, 0.25, null, 4295, [
    atk("thr", "imp", -1, ["C"], { md: dmg(1, 0), throwable: true }),
  ]),
  // SHORTSWORD (DX-5 or Broadsword-2) L4296
  weapon(
    "shortsword",
    "Shortsword",
    "shortsword",
    400,
    2,
    7,
    4297,
    [atk("sw", "cut", 0, [1]), atk("thr", "imp", 0, [1])],
    { note: "A saber can be used as a shortsword." },
  ),
  weapon(
    "baton",
    "Baton",
    "shortsword",
    20,
    1,
    7,
    4299,
    [atk("sw", "cr", 0, [1]), atk("thr", "cr", 0, [1])],
    { note: "A short, well-balanced club." },
  ),
  // FENCING (DX-5) L4301
  weapon(
    "foil",
    "Foil",
    "fencing",
    400,
    1,
    null,
    4302,
    [atk("thr", "imp", 1, [1], { md: dmg(1, 1) })],
    {
      fencing: true,
    },
  ),
  weapon(
    "rapier",
    "Rapier",
    "fencing",
    500,
    1.5,
    null,
    4303,
    [atk("thr", "imp", 1, [1, 2], { md: dmg(1, 1) })],
    { fencing: true, note: "Like a long foil." },
  ),
  weapon(
    "saber",
    "Saber",
    "fencing",
    400,
    2,
    7,
    4304,
    [atk("sw", "cut", 0, [1]), atk("thr", "imp", 1, [1], { md: dmg(1, 2) })],
    { fencing: true },
  ),
  // BROADSWORD (DX-5 or Shortsword-2) L4306
  weapon(
    "broadsword",
    "Broadsword",
    "broadsword",
    500,
    3,
    10,
    4307,
    [atk("sw", "cut", 1, [1]), atk("thr", "cr", 1, [1])],
    { note: "Standard broadsword is blunt." },
  ),
  weapon("thrusting-broadsword", "Thrusting broadsword", "broadsword", 600, 3, 10, 4309, [
    atk("sw", "cut", 1, [1]),
    atk("thr", "imp", 2, [1]),
  ]),
  weapon(
    "bastard-sword-1h",
    "Bastard sword (1-handed)",
    "broadsword",
    650,
    5,
    11,
    4311,
    [atk("sw", "cut", 1, [1, 2], R1), atk("thr", "cr", 1, [2])],
    {
      item: "bastard-sword",
      unreadyOnParry: true,
      note: "Requires 1 turn to ready after swing. Blunt.",
    },
  ),
  weapon(
    "thrusting-bastard-sword-1h",
    "Thrusting bastard sword (1-handed)",
    "broadsword",
    750,
    5,
    11,
    4313,
    [atk("sw", "cut", 1, [1, 2], R1), atk("thr", "imp", 2, [2])],
    { item: "thrusting-bastard-sword", unreadyOnParry: true },
  ),
  weapon("light-club", "Light club", "broadsword", 10, 3, 11, 4315, [atk("sw", "cr", 1, [1])]),
  // TWO-HANDED SWORD (DX-5) L4316
  weapon(
    "bastard-sword-2h",
    "Bastard sword (2-handed)",
    "two-handed-sword",
    650,
    5,
    11,
    4317,
    [atk("sw", "cut", 2, [1, 2]), atk("thr", "cr", 2, [2])],
    { item: "bastard-sword", twoHanded: true },
  ),
  weapon(
    "thrusting-bastard-sword-2h",
    "Thrusting bastard sword (2-handed)",
    "two-handed-sword",
    750,
    5,
    11,
    4319,
    [atk("sw", "cut", 2, [1, 2]), atk("thr", "imp", 3, [2])],
    { item: "thrusting-bastard-sword", twoHanded: true },
  ),
  weapon(
    "greatsword",
    "Greatsword",
    "two-handed-sword",
    800,
    7,
    12,
    4321,
    [atk("sw", "cut", 3, [1, 2]), atk("thr", "cr", 2, [2])],
    { twoHanded: true, note: "Blunt; no grip change needed (L2000)." },
  ),
  weapon(
    "thrusting-greatsword",
    "Thrusting greatsword",
    "two-handed-sword",
    900,
    7,
    12,
    4323,
    [atk("sw", "cut", 3, [1, 2]), atk("thr", "imp", 3, [2])],
    { twoHanded: true },
  ),
  weapon(
    "quarterstaff-sword",
    "Quarterstaff (sword technique)",
    "two-handed-sword",
    10,
    4,
    11,
    4325,
    [atk("sw", "cr", 2, [1, 2]), atk("thr", "cr", 1, [2])],
    { item: "quarterstaff", twoHanded: true },
  ),
  // STAFF (DX-5 or Spear-2) L4327
  weapon(
    "quarterstaff",
    "Quarterstaff",
    "staff",
    10,
    4,
    null,
    4328,
    [atk("sw", "cr", 2, [1, 2]), atk("thr", "cr", 2, [1, 2])],
    { twoHanded: true },
  ),
  // AXE/MACE (DX-5)† L4330
  weapon(
    "hatchet",
    "Hatchet",
    "axe-mace",
    40,
    2,
    7,
    4331,
    [atk("sw", "cut", 0, [1], { readyAfter: 1, throwable: true })],
    AXE,
  ),
  weapon("axe", "Axe", "axe-mace", 50, 4, 12, 4332, [atk("sw", "cut", 2, [1], R1)], AXE),
  weapon(
    "throwing-axe",
    "Throwing axe",
    "axe-mace",
    60,
    4,
    12,
    4333,
    [atk("sw", "cut", 2, [1], { readyAfter: 1, throwable: true })],
    AXE,
  ),
  weapon(
    "small-mace",
    "Small mace",
    "axe-mace",
    35,
    3,
    11,
    4334,
    [atk("sw", "cr", 2, [1], R1)],
    AXE,
  ),
  weapon("mace", "Mace", "axe-mace", 50, 5, 12, 4335, [atk("sw", "cr", 3, [1], R1)], {
    ...AXE,
    breakResistant: true,
  }),
  weapon(
    "pick",
    "Pick",
    "axe-mace",
    70,
    3,
    11,
    4336,
    [atk("sw", "imp", 1, [1], { readyAfter: 1, mayStick: true })],
    AXE,
  ),
  // TWO-HANDED AXE/MACE (DX-5): all require 2 hands.† L4337
  weapon(
    "greataxe",
    "Greataxe",
    "two-handed-axe-mace",
    100,
    8,
    13,
    4338,
    [atk("sw", "cut", 3, [1, 2], R1)],
    AXE2,
  ),
  weapon(
    "warhammer",
    "Warhammer",
    "two-handed-axe-mace",
    100,
    7,
    13,
    4339,
    [atk("sw", "imp", 3, [1, 2], { readyAfter: 1, mayStick: true })],
    AXE2,
  ),
  weapon(
    "maul",
    "Maul",
    "two-handed-axe-mace",
    80,
    12,
    14,
    4340,
    [atk("sw", "cr", 4, [1, 2], R1)],
    {
      ...AXE2,
      breakResistant: true,
    },
  ),
  // FLAIL (DX-6, hard)† L4346–4348
  weapon("morningstar", "Morningstar", "flail", 80, 6, 12, 4350, [atk("sw", "cr", 3, [1], R1)], {
    flail: true,
    unreadyOnParry: true,
    breakResistant: true,
  }),
  weapon("flail", "Flail", "flail", 100, 8, 13, 4351, [atk("sw", "cr", 4, [1, 2], R1)], {
    flail: true,
    ...AXE2,
    breakResistant: true,
  }),
  // SPEAR (DX-5 or Staff-2) L4353
  weapon("javelin", "Javelin", "spear", 30, 2, null, 4355, [atk("thr", "imp", 1, [1])], {
    note: "Primarily for throwing.",
  }),
  weapon(
    "spear",
    "Spear",
    "spear",
    40,
    4,
    9,
    4356,
    [atk("thr", "imp", 1, [1], { hands: 1 }), atk("thr", "imp", 2, [1, 2], { hands: 2 })],
    { grip: true },
  ),
  weapon("pike", "Pike", "spear", 60, 6, 12, 4358, [atk("thr", "imp", 2, [2, 3])], {
    twoHanded: true,
    grip: true,
    note: "For defense against cavalry.",
  }),
  // POLEARM: all polearms require 2 hands. L4360
  weapon(
    "glaive",
    "Glaive",
    "polearm",
    100,
    8,
    11,
    4362,
    [
      atk("sw", "cut", 3, [2, 3], { readyAfter: 2 }),
      atk("thr", "imp", 3, [1, 2, 3], { readyAfter: 1 }),
    ],
    POLE,
  ),
  // "cut or crush" (L4364): the attacker chooses per blow (L907), so two attacks.
  weapon(
    "poleaxe",
    "Poleaxe",
    "polearm",
    120,
    10,
    12,
    4364,
    [atk("sw", "cut", 4, [2, 3], { readyAfter: 2 }), atk("sw", "cr", 4, [2, 3], { readyAfter: 2 })],
    POLE,
  ),
  weapon(
    "halberd",
    "Halberd",
    "polearm",
    150,
    12,
    13,
    4365,
    [
      atk("sw", "cut", 5, [2, 3], { readyAfter: 2 }),
      atk("sw", "imp", 4, [2, 3], { readyAfter: 2, mayStick: true }),
      atk("thr", "imp", 3, [1, 2, 3], { readyAfter: 1 }),
    ],
    POLE,
  ),
]);

/** A hand weapon by id (a copy); InputError naming `field` if unknown. */
export function getHandWeapon(id: string, field = "weapon"): HandWeapon {
  return copy(findById(HAND_WEAPONS, id, field, "hand weapon"));
}

/** One attack of a hand weapon (a copy); InputError naming `field` for an unknown attack. */
export function getHandWeaponAttack(
  weaponId: string,
  attackId: string,
  field = "attack",
  weaponField = "weapon",
): HandWeaponAttack {
  const w = findById(HAND_WEAPONS, weaponId, weaponField, "hand weapon");
  return copy(findById(w.attacks, attackId, field, `attack of ${w.id}`));
}
