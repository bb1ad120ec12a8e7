/**
 * The declarations of the exact-odds-with-Gold test (test/hm3/odds-gold.test.ts), one per option
 * that changes the exchange, built as `cli odds` and `resolve` take them (docs/cli.md, parsed by
 * `parseResolveInput`). Shared with the benchmark (`npm run bench`), which times each.
 */
import type { Hm3Declaration, Hm3Defence } from "../../src/rules/hm3";
import { parseDefence, parseResolveInput } from "../../src/rules/hm3/parse";

export type Json = Record<string, unknown>;

export const ARMOUR = {
  skull: { blunt: 3, edge: 5, point: 4 },
  thorax: { blunt: 4, edge: 6, point: 5 },
  abdomen: { blunt: 4, edge: 6, point: 5 },
  "left-upper-arm": { blunt: 2, edge: 3, point: 2 },
  thigh: { blunt: 3, edge: 4, point: 3 },
};

/** A body plan of one location (a block of wood with a pulse), to keep a double strike small. */
export const ONE_LOCATION = {
  id: "test-one",
  name: "One location",
  locations: [
    {
      id: "body",
      name: "Body",
      region: "torso",
      paired: false,
      aim: { high: 100, mid: 100, low: 100 },
      injury: [
        { severity: "M", level: 1, fumbleStumble: false, amputation: false },
        { severity: "S", level: 2, fumbleStumble: false, amputation: false },
        { severity: "S", level: 3, fumbleStumble: false, amputation: false },
        { severity: "G", level: 4, fumbleStumble: false, amputation: false },
        { severity: "K", level: 5, fumbleStumble: false, amputation: false },
      ],
    },
  ],
};

/** A plain melee exchange: small impact, a Dodge, some armour on the defender. */
export function base(): Json {
  return {
    ruleset: "hm3",
    attack: { type: "melee", eml: 70, aspect: "edge", aim: "mid", impact: 3 },
    defence: { type: "dodge", eml: 45 },
    attacker: { endurance: 12, dex: 12, agl: 12 },
    defender: { endurance: 11, dex: 11, agl: 12, up: 1, armour: ARMOUR },
    options: {},
  };
}

export interface Case {
  name: string;
  options: Record<string, boolean>;
  attack?: Json;
  defence?: Json;
  attacker?: Json;
  defender?: Json;
  /** Replaces the defender wholly. */
  defenderOnly?: Json;
  /**
   * The hinted rolls the option reads or adds: each turned off alone must change no figure. Left
   * out for their cost (a full face walk of up to 6d6, or d100 × d100): `shock` (HM3's own hint,
   * test/hm3/odds-enumerated.test.ts), the aimed `side` roll (behind an aimed location roll read
   * whole: checked on `aimedHit` alone, below), a double strike's `second.attack` and `second.shock`.
   */
  hints: string[];
  /** A Gold field the option adds that must be reachable (`defender:bluntTrauma`, `gold:double`). */
  reaches?: string;
  /**
   * False where the whole walk (every roll together, `whole`) is too long for a test: the
   * decomposition is then held equal to it on the same declaration against one location.
   */
  whole?: boolean;
}

/** A counterstrike with a mace. */
const COUNTERSTRIKE = {
  type: "counterstrike",
  eml: 60,
  aspect: "blunt",
  aim: "mid",
  impact: 4,
};
const DOUBLE = { eml: 80, double: { aspect: "point", aim: "mid", impact: 2, eml: 60, wq: 10 } };
const ONE_LOCATION_DEFENDER = {
  bodyPlan: ONE_LOCATION,
  armour: { body: { blunt: 2, edge: 4, point: 3 } },
};

export const CASES: Case[] = [
  {
    name: "aimedMelee (aimAt thorax, 10 AAP)",
    hints: ["impact", "location"],
    options: { aimedMelee: true },
    attack: { aim: undefined, aimAt: { location: "thorax", aap: 10 } },
  },
  {
    name: "aimedMelee (aimAt a side: the side roll)",
    hints: ["impact", "location"],
    options: { aimedMelee: true },
    attack: { aim: undefined, aimAt: { location: "thigh", side: "left", aap: 0 } },
  },
  {
    name: "angryStrike (20 points)",
    hints: ["impact"],
    options: { angryStrike: true },
    attack: { angry: 20 },
  },
  {
    name: "bluntTrauma with its minimum injury",
    hints: ["impact", "location"],
    options: { bluntTrauma: true, bluntTraumaMinimumInjury: true },
    attack: { blunt: 2 },
    reaches: "defender:bluntTrauma",
  },
  {
    name: "impactSize (a small defender)",
    hints: ["impact", "location"],
    options: { impactSize: true },
    defender: { sizeClass: "small" },
    reaches: "defender:size",
  },
  {
    name: "handedImpact (a two-handed weapon in one hand)",
    hints: ["impact"],
    options: { handedImpact: true },
    attack: { impact: 5, handed: { weapon: "two", grip: "one", penalty: 10 } },
    reaches: "defender:handedImpact",
  },
  {
    name: "cuttingWeapons with ringScaleArmour",
    hints: ["location", "impact"],
    options: { cuttingWeapons: true, ringScaleArmour: true },
    attack: { cutting: true },
    defender: {
      armour: undefined,
      layers: [{ material: "ring", locations: ["thorax", "abdomen", "skull"] }],
    },
  },
  {
    name: "randomAspect",
    hints: ["impact", "location", "face", "aspect"],
    options: { randomAspect: true },
    attack: { impact: 4, aspects: { blunt: 2, edge: 4, point: 3 } },
  },
  {
    name: "shieldsCheckFirst (a shield's Block)",
    hints: ["defenderWeaponDamage", "attackerWeaponDamage"],
    options: { shieldsCheckFirst: true },
    attack: { wq: 11 },
    defence: { type: "block", eml: 50, wq: 9, shield: true },
  },
  {
    name: "weaponDamageModifiers (a Block)",
    hints: ["defenderWeaponDamage", "attackerWeaponDamage"],
    options: { weaponDamageModifiers: true },
    attack: { wq: 11, impact: 4, aspects: { blunt: 3, edge: 4, point: 2 } },
    defence: { type: "block", eml: 50, wq: 9, aspects: { blunt: 2, edge: 3, point: 2 } },
  },
  {
    name: "feint (10 points)",
    hints: ["defence"],
    options: { feint: true },
    attack: { feint: 10 },
  },
  {
    name: "darkness",
    hints: ["defence"],
    options: { darkness: true },
    attack: { darkness: { sky: "cloudy", moon: "half" } },
  },
  { name: "dodging", hints: ["attack"], options: { dodging: true }, attack: { dodged: true } },
  {
    name: "mountedCombat (unhorsing)",
    hints: ["attack", "attackerUnhorsing"],
    options: { mountedCombat: true },
    attack: { eml: 40, mounted: { teamInitiative: 55, ml: 40 } },
    reaches: "gold:unhorsing",
  },
  {
    name: "strikeRecovery",
    hints: ["attack"],
    options: { strikeRecovery: true },
    attack: { recovering: true, weaponClass: { attack: 25, defence: 10 } },
  },
  {
    name: "injuryRollBonus with grievousWoundPenalty",
    hints: ["fumble", "stumble"],
    options: { injuryRollBonus: true, grievousWoundPenalty: true },
    attack: { impact: 5 },
    reaches: "defender:injuryRoll",
  },
  {
    name: "injuryRollSkills",
    hints: ["stumble"],
    options: { injuryRollSkills: true },
    attack: { impact: 5 },
    defender: { rollSkills: { condition: 55, weapon: 50, dodge: 45 } },
  },
  {
    name: "nonLethalAttacks: disarm",
    hints: ["attack", "defence", "disarm", "defenderStumble"],
    options: { nonLethalAttacks: true },
    attack: { nonLethal: "disarm" },
    reaches: "gold:nonLethal",
  },
  {
    name: "nonLethalAttacks: sweep",
    hints: ["attack", "defence", "sweep", "defenderStumble"],
    options: { nonLethalAttacks: true },
    attack: { nonLethal: "sweep" },
    reaches: "gold:nonLethal",
  },
  {
    name: "nonLethalAttacks: tackle",
    hints: ["defence", "impact", "shock"],
    options: { nonLethalAttacks: true },
    attack: { nonLethal: "tackle", ground: 1 },
    reaches: "gold:nonLethal",
  },
  {
    name: "unarmedStyles (a brawling strike)",
    hints: ["impact"],
    options: { unarmedStyles: true },
    attack: { aspect: "blunt", impact: 1, unarmed: { style: "brawling", mode: "strike" } },
  },
  {
    name: "pairedWeapons: double strike (one location)",
    hints: ["second.impact"],
    options: { pairedWeapons: true },
    attack: DOUBLE,
    // One location: the whole walk's paths are the product of its two exchanges' paths.
    defender: ONE_LOCATION_DEFENDER,
    reaches: "gold:double",
  },
  {
    name: "pairedWeapons: double strike (the human plan)",
    hints: ["second.impact"],
    options: { pairedWeapons: true },
    attack: DOUBLE,
    reaches: "gold:double",
    whole: false,
  },
  {
    name: "pairedWeapons: double strike against a counterstrike (one location each)",
    hints: ["counter.impact", "second.counter.impact"],
    options: { pairedWeapons: true },
    attack: DOUBLE,
    defence: COUNTERSTRIKE,
    attacker: ONE_LOCATION_DEFENDER,
    defender: ONE_LOCATION_DEFENDER,
    reaches: "gold:double",
    // Its whole walk is the product of four strikes' paths (too long); the walks per side and
    // the double strike's join are each held whole on the two one-location cases around it.
    whole: false,
  },
  {
    name: "limbInjuries: a counterstrike (the human plan)",
    hints: [],
    options: { limbInjuries: true },
    defence: COUNTERSTRIKE,
    attacker: { armour: ARMOUR },
    reaches: "attacker:limbInjury",
    whole: false,
  },
  {
    name: "limbInjuries: a counterstrike (one location each)",
    hints: ["counter.impact", "impact"],
    options: { limbInjuries: true },
    defence: COUNTERSTRIKE,
    attacker: ONE_LOCATION_DEFENDER,
    defender: ONE_LOCATION_DEFENDER,
  },
  {
    name: "pairedWeapons: tangle and strike",
    hints: ["attack", "defence", "tangle"],
    options: { pairedWeapons: true },
    attack: { tangle: { penalty: 5, dice: 4 } },
    reaches: "gold:tangle",
  },
  {
    name: "reactionRoll (a surprised defender)",
    hints: ["reaction"],
    options: { reactionRoll: true },
    attack: { defenderSurprised: "surprise" },
    defender: { initiative: 60 },
    reaches: "gold:reaction",
  },
  {
    name: "bruteForce (a plain door, its DF given)",
    hints: ["attackerFumble", "attack", "impact"],
    options: { bruteForce: true },
    attack: { aspect: "blunt", impact: 4 },
    defence: { type: "ignore", eml: undefined },
    defenderOnly: { object: { door: "plain", thickness: 1, df: 8, damage: 2 } },
    reaches: "gold:object",
  },
  {
    name: "bruteForce (a plain door 2 inches thick, its DF rolled)",
    hints: ["damageFactor", "attack", "impact"],
    options: { bruteForce: true },
    attack: { aspect: "blunt", impact: 4 },
    defence: { type: "ignore", eml: undefined },
    defenderOnly: { object: { door: "plain", thickness: 2, damage: 0 } },
    reaches: "gold:object",
  },
];

/** `over` laid on `into`: an undefined value deletes the key. */
function merge(into: Json, over: Json | undefined): Json {
  const out: Json = { ...into };
  for (const [k, v] of Object.entries(over ?? {})) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

export function input(c: Case): Json {
  const b = base();
  return {
    ...b,
    attack: merge(b.attack as Json, c.attack),
    defence: merge(b.defence as Json, c.defence),
    attacker: merge(b.attacker as Json, c.attacker),
    defender: c.defenderOnly ?? merge(b.defender as Json, c.defender),
    options: c.options,
  };
}

export function parsed(raw: Json): { decl: Hm3Declaration; defence: Hm3Defence } {
  const rest: Json = { ...raw };
  delete rest.ruleset;
  const { decl } = parseResolveInput(rest);
  return { decl, defence: parseDefence(rest.defence, decl.attack.type, decl) };
}
