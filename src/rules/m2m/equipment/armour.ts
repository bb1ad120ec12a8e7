/**
 * Shields (seed 004 L1051–1100, chart L4583–4590, damage L3160–3201; spec §3.4), Basic armour
 * suits (L1120–1170, chart L4598–4616; spec §3.5) and the Advanced piece-by-piece Armor Table
 * (L4794–4880, rules L2619–2627; spec §3.6).
 */
import { InputError } from "../../../core/errors";
import type { DamageType, HitLocation } from "../types";
import { copy, deepFreeze } from "../../../core/data";
import { findById } from "./common";

// ── Shields ──────────────────────────────────────────────────────────────────────────────────

export interface Shield {
  readonly id: "improvised" | "buckler" | "small" | "medium" | "large";
  readonly name: string;
  /** Passive defence, for anyone holding it (L1065); null = "1 or 2", the GM rules (L1078). */
  readonly pd: number | null;
  /** The PDs the table allows: [1] … [4], improvised [1, 2]. */
  readonly pdChoices: readonly number[];
  /** Dollars; null = not for sale ("—"). */
  readonly cost: number | null;
  /** Pounds, wooden with metal banding (L1082); null = "varies". */
  readonly weight: number | null;
  /** Shield damage (optional rule, L3179–3181): hits in one blow that penetrate / total hits. */
  readonly hits: { readonly penetrate: number; readonly total: number } | null;
  /**
   * DR of the shield itself, only for the shield-damage rule (a wooden shield, L3166); a shield
   * gives its bearer no DR (L1059). Null when it "varies" (improvised).
   */
  readonly dr: number | null;
  /** Effective weapon skill while using it: large −2 (L1098, L4590). */
  readonly weaponSkillMod: number;
  /**
   * Parry: large −1 (L1098). The same effect as `weaponSkillMod` (floor((s−2)/2) = floor(s/2)−1,
   * Friedrick's Parry 7 (6), L4205), not a further penalty: compute Parry from the reduced skill.
   */
  readonly parryMod: number;
  readonly line: number;
}

/**
 * Types of shield, L1071–1076 (= L4583–4588, L3170–3175). Other shield rules (spec §3.4): Block
 * = Shield skill / 3 and needs the skill (L1309, L4581); no two-handed weapons (L1061); in close
 * combat −PD to attacks and DX rolls after the first full turn (L1100); readying or slinging it
 * takes PD turns, taking it off the arm 1 (L2099); slung on the back: PD−1 from behind (L2408).
 */
export const SHIELDS: readonly Shield[] = deepFreeze<Shield[]>([
  {
    id: "improvised",
    name: "Improvised",
    pd: null,
    pdChoices: [1, 2],
    cost: null,
    weight: null,
    hits: null,
    dr: null,
    weaponSkillMod: 0,
    parryMod: 0,
    line: 1072,
  },
  ...(
    [
      ["buckler", "Buckler", 1, 25, 2, 5, 20, 1073],
      ["small", "Small", 2, 40, 8, 5, 30, 1074],
      ["medium", "Medium", 3, 60, 15, 7, 40, 1075],
      ["large", "Large", 4, 90, 25, 9, 60, 1076],
    ] as const
  ).map(
    ([id, name, pd, cost, weight, penetrate, total, line]): Shield => ({
      id,
      name,
      pd,
      pdChoices: [pd],
      cost,
      weight,
      hits: { penetrate, total },
      dr: 3,
      weaponSkillMod: id === "large" ? -2 : 0,
      parryMod: id === "large" ? -1 : 0,
      line,
    }),
  ),
]);

/** A spiked shield (L3201): +1 bash damage (still crushing), +5 lb, +$20. */
export const SHIELD_SPIKE = deepFreeze({ bashDamage: 1, weight: 5, cost: 20 });

/** A shield by id (a copy); InputError naming `field` if unknown. */
export function getShield(id: string, field = "shield"): Shield {
  return copy(findById(SHIELDS, id, field, "shield"));
}

// ── Protection ───────────────────────────────────────────────────────────────────────────────

/** PD and DR, and the values against impaling where the table distinguishes (chainmail). */
export interface Protection {
  readonly pd: number;
  readonly dr: number;
  readonly pdVsImp: number;
  readonly drVsImp: number;
}

/** Chainmail worn over padded cloth: PD 3 / DR 4, against impaling PD 1 / DR 2 (L4878). */
export const CHAINMAIL_PADDED: Protection = deepFreeze({ pd: 3, dr: 4, pdVsImp: 1, drVsImp: 2 });
/** Chainmail worn without padding: PD 3 / DR 3, against impaling PD 0 / DR 1 (L1168, L4880). */
export const CHAINMAIL_UNPADDED: Protection = deepFreeze({ pd: 3, dr: 3, pdVsImp: 0, drVsImp: 1 });

function vsType(p: Protection, type: DamageType): { pd: number; dr: number } {
  return type === "imp" ? { pd: p.pdVsImp, dr: p.drVsImp } : { pd: p.pd, dr: p.dr };
}

// ── Basic suits ──────────────────────────────────────────────────────────────────────────────

export interface ArmourSuit extends Protection {
  readonly id: string;
  readonly name: string;
  readonly cost: number;
  readonly weight: number;
  /** "All combat skills at −1" (the full helmet; L1140, L1160). */
  readonly combatSkillMod: number;
  /** Chainmail: the padding is included (L1142); without it see CHAINMAIL_UNPADDED. */
  readonly chainmail: boolean;
  /** Plate and half plate may have cloth or light leather under them: +1 DR, no PD (L1170). */
  readonly underlay: boolean;
  readonly line: number;
}

function suit(
  id: string,
  name: string,
  pd: number,
  dr: number,
  cost: number,
  weight: number,
  line: number,
  extra: Partial<ArmourSuit> = {},
): ArmourSuit {
  return {
    id,
    name,
    pd,
    dr,
    pdVsImp: pd,
    drVsImp: dr,
    cost,
    weight,
    combatSkillMod: 0,
    chainmail: false,
    underlay: false,
    line,
    ...extra,
  };
}

const PLATE = { combatSkillMod: -1, underlay: true } as const;

/**
 * Suits of armour for the Basic Combat System, L1124–1140 (= L4598–4616; the chart says "Scale
 * mail", the text "Scale armor"). A suit includes light clothing (L1142, L4610); its PD and DR
 * apply to every body part (L2625). Only one suit at a time (L1166).
 */
export const ARMOUR_SUITS: readonly ArmourSuit[] = deepFreeze<ArmourSuit[]>([
  suit("summer-clothing", "Summer clothing", 0, 0, 20, 2, 1125),
  suit("winter-clothing", "Winter clothing", 0, 1, 60, 5, 1126),
  suit("padded-cloth-armour", "Padded cloth armor", 1, 1, 180, 14, 1127),
  suit("light-leather-armour", "Light leather armor", 1, 1, 210, 10, 1128),
  suit("heavy-leather-armour", "Heavy leather armor", 2, 2, 350, 20, 1129),
  suit("chainmail", "Chainmail", 3, 4, 550, 45, 1130, { ...CHAINMAIL_PADDED, chainmail: true }),
  suit("scale-armour", "Scale armor", 3, 4, 750, 50, 1131),
  suit("half-plate", "Half plate", 4, 5, 2000, 70, 1132, PLATE),
  suit("light-plate", "Light plate", 4, 6, 4000, 90, 1133, PLATE),
  suit("heavy-plate", "Heavy plate", 4, 7, 6000, 110, 1134, PLATE),
]);

/** A Basic armour suit by id (a copy); InputError naming `field` if unknown. */
export function getArmourSuit(id: string, field = "armour"): ArmourSuit {
  return copy(findById(ARMOUR_SUITS, id, field, "armour suit"));
}

/**
 * PD and DR of a suit against a damage type (§3.5). `withoutPadding`: chainmail worn without its
 * padding (L1168). `underlay`: cloth armour or light leather under plate or half plate, +1 DR
 * (L1170). Either option on a suit that does not allow it is an InputError.
 */
export function suitProtection(
  id: string,
  type: DamageType,
  opts: { withoutPadding?: boolean; underlay?: boolean } = {},
  field = "armour",
): { pd: number; dr: number } {
  const s = findById(ARMOUR_SUITS, id, field, "armour suit");
  if (opts.withoutPadding && !s.chainmail) {
    throw new InputError(`${field}.withoutPadding`, true, "only chainmail has padding (L1168)");
  }
  if (opts.underlay && !s.underlay) {
    throw new InputError(`${field}.underlay`, true, "only plate or half plate (L1166–1170)");
  }
  const p = vsType(opts.withoutPadding ? CHAINMAIL_UNPADDED : s, type);
  return { pd: p.pd, dr: p.dr + (opts.underlay ? 1 : 0) };
}

// ── Piece by piece (Advanced) ────────────────────────────────────────────────────────────────

/** The six armour locations (L2619). Arm, leg, hand and foot items are pairs (L2621, L4848). */
export const ARMOUR_LOCATIONS = ["head", "body", "arms", "legs", "hands", "feet"] as const;
export type ArmourLocation = (typeof ARMOUR_LOCATIONS)[number];

/**
 * The hit locations each armour location protects (§8). The face is never protected by armour
 * (§8, spec §3.6); the vitals are under the body armour.
 */
export const ARMOUR_LOCATION_HITS: Readonly<Record<ArmourLocation, readonly HitLocation[]>> =
  deepFreeze({
    head: ["head"],
    body: ["torso", "vitals"],
    arms: ["left-arm", "right-arm"],
    legs: ["left-leg", "right-leg"],
    hands: ["left-hand", "right-hand"],
    feet: ["left-foot", "right-foot"],
  });

export const SOCIAL_CLASSES = ["peasant", "lower", "middle", "upper", "noble"] as const;
export type SocialClass = (typeof SOCIAL_CLASSES)[number];

/**
 * How a piece layers with others on one location (L1166–1170, L4878; ruling M95): `padding`
 * (cloth armour, and the padded cloth cap) pads chainmail worn over it and may go under plate;
 * `light-leather` (the leather jacket) may go under plate; `plate` takes one of those under it
 * for +1 DR, no PD; `plain` is any other piece. The overcoat's stacking is `stacks`.
 */
export const ARMOUR_LAYERS = ["plain", "padding", "light-leather", "plate"] as const;
export type ArmourLayer = (typeof ARMOUR_LAYERS)[number];

export interface ArmourPiece extends Protection {
  readonly id: string;
  readonly name: string;
  readonly covers: readonly ArmourLocation[];
  /** Dollars (a pair for arms, legs, hands, feet); null when it depends on social class. */
  readonly cost: number | null;
  /** Cost by social class, where the table gives one (clothing, overcoat); null otherwise. */
  readonly costByClass: Readonly<Record<SocialClass, number>> | null;
  /** Pounds; 0 = "weight negligible". */
  readonly weight: number;
  /** The chainmail footnote applies (L4878–4880): see `pieceProtection`. */
  readonly chainmail: boolean;
  /** Adds its DR to what is worn under it (the overcoat, L4828). */
  readonly stacks: boolean;
  /** How it layers with the other pieces on a location (L1166–1170; ruling M95). */
  readonly layer: ArmourLayer;
  /** Protects against blows from the front only (breastplate, L4838). */
  readonly frontOnly: boolean;
  /** All weapon skill rolls (greathelm −1, L4808). */
  readonly weaponSkillMod: number;
  /** IQ rolls to see, hear… (greathelm −5, L4808). */
  readonly perceptionMod: number;
  /** Punching damage (gauntlets +2, L1926). */
  readonly punchBonus: number;
  /** Kicking damage over the kick's +2 (heavy boots: +3 in all, L1930). */
  readonly kickBonus: number;
  readonly note: string | null;
  readonly line: number;
}

type PieceExtra = Partial<Omit<ArmourPiece, "id" | "name" | "covers" | "cost" | "weight">>;

function piece(
  id: string,
  name: string,
  covers: ArmourLocation[],
  pd: number,
  dr: number,
  cost: number | null,
  weight: number,
  line: number,
  extra: PieceExtra = {},
): ArmourPiece {
  return {
    id,
    name,
    covers,
    pd,
    dr,
    pdVsImp: pd,
    drVsImp: dr,
    cost,
    costByClass: null,
    weight,
    chainmail: false,
    stacks: false,
    layer: "plain",
    frontOnly: false,
    weaponSkillMod: 0,
    perceptionMod: 0,
    punchBonus: 0,
    kickBonus: 0,
    note: null,
    line,
    ...extra,
  };
}

/** Ordinary clothing by class (L4816–4824; nobles "$1,000 and up"). */
const CLOTHING: Record<SocialClass, number> = {
  peasant: 2,
  lower: 10,
  middle: 40,
  upper: 200,
  noble: 1000,
};
const CHAIN = { ...CHAINMAIL_PADDED, chainmail: true } as const;
const PADDING = { layer: "padding" } as const;
const PLATE_PIECE = { layer: "plate" } as const;

/**
 * The Armor Table, L4798–4876 (spec §3.6 JSON). Chain items carry the padded values of the
 * footnote (PD 3 / DR 4, 1 / 2 against impaling); worn without cloth armour under them they have
 * the unpadded ones (spec §17 A19, `pieceProtection`). Boots and sollerets count as heavy boots
 * for kicking (L1930, "or something similar"; ruling).
 */
export const ARMOUR_PIECES: readonly ArmourPiece[] = deepFreeze<ArmourPiece[]>([
  // Headgear and helmets L4798
  piece("cloth-cap", "Cloth cap", ["head"], 1, 1, 5, 0, 4800, PADDING),
  piece("leather-helm", "Leather helm", ["head"], 2, 2, 20, 0, 4802),
  piece("chain-coif", "Chain coif", ["head"], 3, 4, 55, 4, 4804, {
    ...CHAIN,
    note: "Covers the head and shoulders.",
  }),
  piece("pot-helm", "Pot-helm", ["head"], 3, 4, 100, 5, 4806, {
    note: "Covers the top of the head.",
  }),
  piece("greathelm", "Greathelm", ["head"], 4, 7, 340, 10, 4808, {
    weaponSkillMod: -1,
    perceptionMod: -5,
  }),
  // Clothing and torso armour L4810
  piece("ordinary-clothing", "Ordinary clothing", ["body"], 0, 0, null, 1, 4814, {
    costByClass: CLOTHING,
  }),
  piece("winter-clothing", "Winter clothing", ["body", "arms", "legs"], 0, 1, null, 3, 4826, {
    costByClass: {
      peasant: 2 * CLOTHING.peasant,
      lower: 2 * CLOTHING.lower,
      middle: 2 * CLOTHING.middle,
      upper: 2 * CLOTHING.upper,
      noble: 2 * CLOTHING.noble,
    },
  }),
  piece("overcoat", "Overcoat", ["body", "arms", "legs"], 0, 1, 50, 10, 4828, {
    costByClass: { peasant: 50, lower: 50, middle: 50, upper: 100, noble: 100 },
    stacks: true,
    note: "Miserably hot except in cold weather.",
  }),
  piece("cloth-armour", "Cloth armor", ["body"], 1, 1, 30, 6, 4830, PADDING),
  piece("leather-jacket", "Leather jacket", ["body", "arms"], 1, 1, 50, 4, 4832, {
    layer: "light-leather",
  }),
  piece("chainmail", "Chainmail", ["body"], 3, 4, 230, 25, 4834, CHAIN),
  piece("scale-mail", "Scale mail", ["body"], 3, 4, 420, 35, 4836),
  piece("breastplate-bronze", "Breastplate (bronze)", ["body"], 4, 4, 400, 20, 4838, {
    ...PLATE_PIECE,
    frontOnly: true,
  }),
  piece("breastplate-steel", "Breastplate (steel)", ["body"], 4, 5, 500, 18, 4840, {
    ...PLATE_PIECE,
    frontOnly: true,
  }),
  piece("corselet", "Corselet", ["body"], 4, 6, 1300, 35, 4842, PLATE_PIECE),
  piece("heavy-corselet", "Heavy corselet", ["body"], 4, 7, 2300, 45, 4844, PLATE_PIECE),
  // Arms and legs (pairs) L4846
  piece("cloth-armour-arms", "Cloth armor (arms)", ["arms"], 1, 1, 20, 2, 4850, PADDING),
  piece("cloth-armour-legs", "Cloth armor (legs)", ["legs"], 1, 1, 20, 2, 4850, PADDING),
  piece("leather-armour-arms", "Leather armor (arms)", ["arms"], 2, 2, 50, 2, 4852),
  piece("leather-armour-legs", "Leather armor (legs)", ["legs"], 2, 2, 60, 4, 4852),
  piece("chainmail-leggings", "Chainmail leggings", ["legs"], 3, 4, 110, 15, 4854, CHAIN),
  piece("plate-arms", "Plate (arms)", ["arms"], 4, 6, 1000, 15, 4856, PLATE_PIECE),
  piece("plate-legs", "Plate (legs)", ["legs"], 4, 6, 1100, 20, 4856, PLATE_PIECE),
  piece("heavy-plate-arms", "Heavy plate (arms)", ["arms"], 4, 7, 1500, 20, 4858, PLATE_PIECE),
  piece("heavy-plate-legs", "Heavy plate (legs)", ["legs"], 4, 7, 1600, 25, 4858, PLATE_PIECE),
  // Hands L4860
  piece("cloth-gloves", "Cloth gloves", ["hands"], 1, 1, 15, 0, 4862),
  piece("leather-gloves", "Leather gloves", ["hands"], 2, 2, 30, 0, 4864),
  piece("gauntlets", "Gauntlets", ["hands"], 3, 4, 100, 2, 4866, { punchBonus: 2 }),
  // Feet L4868
  piece("sandals", "Sandals or slippers", ["feet"], 0, 0, 10, 1, 4870),
  piece("shoes", "Shoes", ["feet"], 1, 1, 40, 2, 4872),
  piece("boots", "Boots", ["feet"], 2, 2, 80, 3, 4874, { kickBonus: 1 }),
  piece("sollerets", "Sollerets", ["feet"], 3, 4, 150, 7, 4876, { kickBonus: 1 }),
]);

/** An armour piece by id (a copy); InputError naming `field` if unknown. */
export function getArmourPiece(id: string, field = "armour"): ArmourPiece {
  return copy(findById(ARMOUR_PIECES, id, field, "armour piece"));
}

/**
 * PD and DR of one piece against a damage type (§3.6). For chainmail pieces `padded` says
 * whether cloth armour is worn under it on that location: padded PD 3 / DR 4 (1 / 2 against
 * impaling, L4878), otherwise PD 3 / DR 3 (0 / 1, L4880) — the default (spec §17 A19).
 * `padded` is ignored for other pieces.
 */
export function pieceProtection(
  id: string,
  type: DamageType,
  opts: { padded?: boolean } = {},
  field = "armour",
): { pd: number; dr: number } {
  const p = findById(ARMOUR_PIECES, id, field, "armour piece");
  return vsType(p.chainmail && !opts.padded ? CHAINMAIL_UNPADDED : p, type);
}

/** A full backpack (L2440): DR 2 against attacks from behind only, no PD. */
export const BACKPACK_ARMOUR = deepFreeze({ pd: 0, dr: 2, fromBehindOnly: true });
