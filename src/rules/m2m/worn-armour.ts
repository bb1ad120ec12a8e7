/**
 * Armour worn piece by piece (the Advanced rules, seed 004 L2619–2627; Armor Table L4794–4880;
 * spec §3.6): the protection on each hit location of the human table (§8) from the pieces that
 * cover it, layered as the book says. "Lnnn" is a line of seed 004.
 *
 * - A piece covers armour locations (head, body, arms, legs, hands, feet, L2619); a pair covers
 *   both sides, a single limb piece one (`side`, L2621). Body armour covers the torso and the
 *   vitals; no armour covers the face ("Armor does not protect!", L2458; ruling M6).
 * - One suit at a time (L1166): of the pieces that do not stack on a location, one counts, the
 *   one giving the most DR (ruling M95). Two exceptions (L1166–1170): chainmail over cloth
 *   armour has the padded values, without it PD 3 / DR 3, 0 / 1 against impaling (L1168,
 *   L4878–4880; spec A19, ruling M12); plate over cloth armour or light leather gets +1 DR and
 *   no PD (L1170).
 * - The overcoat adds its DR to whatever is worn under it (L4828), and nothing to PD.
 * - A breastplate protects from the front only (L4838): `fromBehind` gives the figures without it.
 *
 * {@link suitArmour} spreads a Basic suit over every location but the face (L2625), and
 * {@link derivedLocations} adds the shield's and other PD, Toughness, natural and other DR and
 * the skull's DR 1, itemised, for `deriveCharacter`'s `locations`.
 */
import { buildTarget, type Modifier, type Target } from "../../core/modifiers";
import {
  checkKeys,
  InputError,
  readBoolean,
  readEnum,
  readNumber,
  readObject,
} from "../../core/errors";
import {
  ARMOUR_LAYERS,
  ARMOUR_LOCATION_HITS,
  ARMOUR_LOCATIONS,
  CHAINMAIL_UNPADDED,
  type ArmourLayer,
  type ArmourLocation,
  type ArmourPiece,
} from "./equipment/armour";
import { HIT_LOCATIONS, type DamageType, type HitLocation } from "./types";

/** PD and DR of a piece on one armour location, and against impaling where it differs. */
export interface ArmourCoverInput {
  location: ArmourLocation;
  pd: number;
  dr: number;
  /** Against impaling (chainmail, L4878); default `pd`. */
  pdVsImpaling?: number;
  /** Against impaling (chainmail, L4878); default `dr`. */
  drVsImpaling?: number;
}

/** One piece of armour worn (the Armor Table's items, L4798–4876, or a home-made one). */
export interface ArmourPieceInput {
  /** Names the piece in the derived figures (`locations.*.pieces`). */
  id: string;
  /** The armour locations it covers, each with its PD and DR. */
  covers: readonly ArmourCoverInput[];
  /** How it layers with the others on a location (default `plain`; ruling M95). */
  layer?: ArmourLayer;
  /** The chainmail footnote (L4878–4880): padded values only over `padding`. */
  chainmail?: boolean;
  /** Adds its DR to what is worn under it (the overcoat, L4828). */
  stacks?: boolean;
  /** Protects from the front only (breastplates, L4838). */
  frontOnly?: boolean;
  /** A full-head helmet (greathelm, L4808): −1 to combat skills (L1160; spec A18). */
  fullHelm?: boolean;
  /** Borrowed plate that does not fit: all skill rolls −1 (L1213). */
  illFitting?: boolean;
  /** One arm, leg, hand or foot only (L2621); default both. */
  side?: "left" | "right";
}

/** Armour on one hit location: PD and DR, against impaling too. */
export interface LocationArmour {
  pd: number;
  dr: number;
  pdVsImpaling: number;
  drVsImpaling: number;
  /** The piece that counts (its PD, and DR with the padding or underlay it gets). */
  counted: string | null;
  /** +1 DR, no PD: cloth or light leather under plate (L1170). */
  underlay: number;
  /** DR of stacking pieces worn over the rest (overcoat, L4828); also against impaling. */
  stacked: number;
  stackedVsImpaling: number;
  /** Every piece that adds something here: the counted one, its padding or underlay, overcoats. */
  pieces: string[];
}

export interface WornLocation extends LocationArmour {
  location: HitLocation;
  /** From behind, without the front-only pieces (L4838); null when none covers it. */
  fromBehind: LocationArmour | null;
}

const PIECE_KEYS = [
  "id",
  "covers",
  "layer",
  "chainmail",
  "stacks",
  "frontOnly",
  "fullHelm",
  "illFitting",
  "side",
];
const COVER_KEYS = ["location", "pd", "dr", "pdVsImpaling", "drVsImpaling"];
const PAIRED: readonly ArmourLocation[] = ["arms", "legs", "hands", "feet"];

interface Cover {
  pd: number;
  dr: number;
  pdImp: number;
  drImp: number;
}

interface Piece {
  id: string;
  covers: Partial<Record<ArmourLocation, Cover>>;
  layer: ArmourLayer;
  chainmail: boolean;
  stacks: boolean;
  frontOnly: boolean;
  fullHelm: boolean;
  illFitting: boolean;
  side: "left" | "right" | null;
}

const value = (v: unknown, field: string) =>
  readNumber(v, field, { integer: true, min: 0, max: 100 });

const flag = (v: unknown, field: string) => (v === undefined ? false : readBoolean(v, field));

/** Checks the worn pieces (`field` names the list); an InputError names what is wrong. */
export function readArmourPieces(input: unknown, field = "armourPieces"): Piece[] {
  if (!Array.isArray(input)) throw new InputError(field, input, "expected a list of pieces");
  return input.map((raw, i): Piece => {
    const f = `${field}.${i}`;
    const obj = readObject(raw, f);
    checkKeys(obj, f, PIECE_KEYS);
    if (typeof obj.id !== "string" || obj.id.length === 0)
      throw new InputError(`${f}.id`, obj.id, "expected a text");
    if (!Array.isArray(obj.covers) || obj.covers.length === 0)
      throw new InputError(`${f}.covers`, obj.covers, "expected a list of at least one location");
    const covers: Piece["covers"] = {};
    obj.covers.forEach((c: unknown, j: number) => {
      const cf = `${f}.covers.${j}`;
      const co = readObject(c, cf);
      checkKeys(co, cf, COVER_KEYS);
      const location = readEnum(co.location, `${cf}.location`, ARMOUR_LOCATIONS);
      if (covers[location])
        throw new InputError(`${cf}.location`, location, "is covered twice by this piece");
      const pd = value(co.pd, `${cf}.pd`);
      const dr = value(co.dr, `${cf}.dr`);
      covers[location] = {
        pd,
        dr,
        pdImp: co.pdVsImpaling === undefined ? pd : value(co.pdVsImpaling, `${cf}.pdVsImpaling`),
        drImp: co.drVsImpaling === undefined ? dr : value(co.drVsImpaling, `${cf}.drVsImpaling`),
      };
    });
    const side =
      obj.side === undefined ? null : readEnum(obj.side, `${f}.side`, ["left", "right"] as const);
    if (side !== null) {
      const unpaired = Object.keys(covers).find((l) => !PAIRED.includes(l as ArmourLocation));
      if (unpaired !== undefined)
        throw new InputError(
          `${f}.side`,
          side,
          `only an arm, leg, hand or foot piece is worn on one side (L2621); this one covers the ${unpaired}`,
        );
    }
    return {
      id: obj.id,
      covers,
      layer: obj.layer === undefined ? "plain" : readEnum(obj.layer, `${f}.layer`, ARMOUR_LAYERS),
      chainmail: flag(obj.chainmail, `${f}.chainmail`),
      stacks: flag(obj.stacks, `${f}.stacks`),
      frontOnly: flag(obj.frontOnly, `${f}.frontOnly`),
      fullHelm: flag(obj.fullHelm, `${f}.fullHelm`),
      illFitting: flag(obj.illFitting, `${f}.illFitting`),
      side,
    };
  });
}

/** The armour location whose pieces protect a hit location; null for the face (L2458). */
function armourLocationOf(hit: HitLocation): ArmourLocation | null {
  if (hit === "face") return null;
  return ARMOUR_LOCATIONS.find((a) => ARMOUR_LOCATION_HITS[a].includes(hit))!;
}

const NONE: LocationArmour = Object.freeze({
  pd: 0,
  dr: 0,
  pdVsImpaling: 0,
  drVsImpaling: 0,
  counted: null,
  underlay: 0,
  stacked: 0,
  stackedVsImpaling: 0,
  pieces: Object.freeze([]) as unknown as string[],
});

/** The layering of the pieces on one location (see the module comment). */
function layered(on: readonly { piece: Piece; cover: Cover }[]): LocationArmour {
  const stacking = on.filter((p) => p.piece.stacks);
  const others = on.filter((p) => !p.piece.stacks);
  const under = (self: Piece, layers: readonly ArmourLayer[]) =>
    others.find((p) => p.piece !== self && layers.includes(p.piece.layer));
  let best: {
    id: string;
    c: Cover;
    underlay: number;
    helper: string | null;
  } | null = null;
  for (const { piece, cover } of others) {
    let c = cover;
    let helper: string | null = null;
    let underlay = 0;
    if (piece.chainmail) {
      const pad = under(piece, ["padding"]);
      if (pad) helper = pad.piece.id;
      else
        c = {
          pd: CHAINMAIL_UNPADDED.pd,
          dr: CHAINMAIL_UNPADDED.dr,
          pdImp: CHAINMAIL_UNPADDED.pdVsImp,
          drImp: CHAINMAIL_UNPADDED.drVsImp,
        };
    }
    if (piece.layer === "plate") {
      const u = under(piece, ["padding", "light-leather"]);
      if (u) {
        helper = u.piece.id;
        underlay = 1;
      }
    }
    const rank = (x: { c: Cover; underlay: number }) => [
      x.c.dr + x.underlay,
      x.c.pd,
      x.c.drImp + x.underlay,
      x.c.pdImp,
    ];
    if (best === null) best = { id: piece.id, c, underlay, helper };
    else {
      const a = rank({ c, underlay });
      const b = rank(best);
      const i = a.findIndex((v, k) => v !== b[k]);
      if (i >= 0 && a[i]! > b[i]!) best = { id: piece.id, c, underlay, helper };
    }
  }
  const stacked = stacking.reduce((t, p) => t + p.cover.dr, 0);
  const stackedImp = stacking.reduce((t, p) => t + p.cover.drImp, 0);
  const pieces: string[] = [];
  if (best) pieces.push(best.id, ...(best.helper ? [best.helper] : []));
  pieces.push(...stacking.map((p) => p.piece.id));
  return {
    pd: best?.c.pd ?? 0,
    dr: (best ? best.c.dr + best.underlay : 0) + stacked,
    pdVsImpaling: best?.c.pdImp ?? 0,
    drVsImpaling: (best ? best.c.drImp + best.underlay : 0) + stackedImp,
    counted: best?.id ?? null,
    underlay: best?.underlay ?? 0,
    stacked,
    stackedVsImpaling: stackedImp,
    pieces,
  };
}

/**
 * The armour on every hit location of the human table (§8, `HIT_LOCATIONS`) from the pieces
 * worn (already read by {@link readArmourPieces}).
 */
export function wornArmour(pieces: readonly Piece[]): Record<HitLocation, WornLocation> {
  const out = {} as Record<HitLocation, WornLocation>;
  for (const hit of HIT_LOCATIONS) {
    const a = armourLocationOf(hit);
    const on =
      a === null
        ? []
        : pieces.flatMap((piece) => {
            const cover = piece.covers[a];
            if (!cover || (piece.side !== null && !hit.startsWith(`${piece.side}-`))) return [];
            return [{ piece, cover }];
          });
    const front = on.length === 0 ? { ...NONE, pieces: [] } : layered(on);
    const fromBehind = on.some((p) => p.piece.frontOnly)
      ? layered(on.filter((p) => !p.piece.frontOnly))
      : null;
    out[hit] = { location: hit, ...front, fromBehind };
  }
  return out;
}

/** PD and DR on one hit location, each itemised. */
export interface DerivedLocationFigures {
  /** Armour PD there (L2404, L2476), the shield's (from the front and shield side, L2406), other. */
  pd: Target;
  pdVsImpaling: Target;
  /** Armour DR there, Toughness and natural DR, other, the skull's 1 on head and face (L2470). */
  dr: Target;
  drVsImpaling: Target;
  /** The armour's PD alone (without shield and other PD). */
  armourPd: number;
  armourPdVsImpaling: number;
  /** The armour's DR alone: what an exchange takes as the defender's `dr` for this location. */
  armourDr: number;
  armourDrVsImpaling: number;
  /** The pieces that protect here (a suit: `armour`). */
  pieces: string[];
}

export interface DerivedLocation extends DerivedLocationFigures {
  location: HitLocation;
  /**
   * From behind, where a front-only piece counts (breastplate, L4838): without it, and without
   * the shield's PD (L1828, L2406). Null otherwise.
   */
  fromBehind: DerivedLocationFigures | null;
}

/**
 * A Basic suit's PD and DR on every hit location but the face ("Armor does not protect!",
 * L2458), as L2625 says: "apply equally to all its parts"; null: no armour.
 */
export function suitArmour(
  suit: { pd: number; dr: number; pdVsImpaling: number; drVsImpaling: number } | null,
): Record<HitLocation, WornLocation> {
  const out = {} as Record<HitLocation, WornLocation>;
  for (const hit of HIT_LOCATIONS) {
    const on = suit !== null && hit !== "face";
    out[hit] = {
      location: hit,
      ...NONE,
      ...(on ? { ...suit, counted: "armour" } : {}),
      pieces: on ? ["armour"] : [],
      fromBehind: null,
    };
  }
  return out;
}

/** What a location's PD and DR add to the armour: the character's other protection. */
export interface LocationExtras {
  /** The shield's PD: from the front and the shield side (L1299, L2406), not from behind. */
  shieldPd: number;
  /** Other PD and DR (magic, L1299, L1313). */
  otherPd: number;
  otherDr: number;
  /** Toughness bought (L618-626). */
  toughness: number;
  /** Racial natural DR, as its modifier. */
  race: Modifier;
}

const src = (lines: string, section: string): string => `seed 004 ${lines}, spec ${section}`;

function figuresAt(
  hit: HitLocation,
  a: LocationArmour,
  x: LocationExtras,
  shieldOn: boolean,
): DerivedLocationFigures {
  const pdAt = (v: number): Target =>
    buildTarget("pd", 0, [
      { key: "armour", value: v, source: src("L2404, L2476, L4796", "§3.6, §8") },
      ...(shieldOn
        ? [{ key: "shield", value: x.shieldPd, source: src("L1299, L2406", "§2.3, §6.1") }]
        : []),
      { key: "other", value: x.otherPd, source: src("L1299", "§2.3") },
    ]);
  const drAt = (total: number, stacked: number): Target =>
    buildTarget("dr", 0, [
      {
        key: "armour",
        value: total - a.underlay - stacked,
        source: src("L2619-2627, L4794-4880", "§3.6"),
      },
      { key: "underlay", value: a.underlay, source: src("L1170", "§3.5; ruling M95") },
      { key: "overcoat", value: stacked, source: src("L4828", "§3.6") },
      { key: "toughness", value: x.toughness, source: src("L618-626, L1313", "§2.4") },
      { ...x.race },
      { key: "other", value: x.otherDr, source: src("L1313", "§2.3") },
      {
        key: "skull",
        value: hit === "head" || hit === "face" ? 1 : 0,
        source: src("L2470, L4792", "§8"),
      },
    ]);
  return {
    pd: pdAt(a.pd),
    pdVsImpaling: pdAt(a.pdVsImpaling),
    dr: drAt(a.dr, a.stacked),
    drVsImpaling: drAt(a.drVsImpaling, a.stackedVsImpaling),
    armourPd: a.pd,
    armourPdVsImpaling: a.pdVsImpaling,
    armourDr: a.dr,
    armourDrVsImpaling: a.drVsImpaling,
    pieces: [...a.pieces],
  };
}

/**
 * Each location's PD and DR, itemised: the armour there with the shield's and other PD, and
 * with Toughness, natural DR, other DR and the skull's DR 1 on head and face (L2470); from
 * behind (a front-only piece) without the shield (L1828, L2406).
 */
export function derivedLocations(
  worn: Record<HitLocation, WornLocation>,
  extras: LocationExtras,
): Record<HitLocation, DerivedLocation> {
  const out = {} as Record<HitLocation, DerivedLocation>;
  for (const hit of HIT_LOCATIONS) {
    const w = worn[hit];
    out[hit] = {
      location: hit,
      ...figuresAt(hit, w, extras, true),
      fromBehind: w.fromBehind === null ? null : figuresAt(hit, w.fromBehind, extras, false),
    };
  }
  return out;
}

/**
 * The defender's armour DR by location as an exchange takes it (`M2mCombatant.dr`): each
 * location's armour alone against the attack's damage type (impaling: the chainmail values,
 * L4878), the face left out (armour does not protect it, L2458; ruling M6). Toughness and the
 * skull's DR are the exchange's own.
 */
export function exchangeDr(
  locations: Record<HitLocation, DerivedLocation>,
  type: DamageType,
): Partial<Record<HitLocation, number>> {
  const out: Partial<Record<HitLocation, number>> = {};
  for (const hit of HIT_LOCATIONS)
    if (hit !== "face")
      out[hit] = type === "imp" ? locations[hit].armourDrVsImpaling : locations[hit].armourDr;
  return out;
}

/** An Armor Table piece (L4798–4876) as worn: its values on every location it covers. */
export function armourPieceInput(p: ArmourPiece): ArmourPieceInput {
  const out: ArmourPieceInput = {
    id: p.id,
    covers: p.covers.map((location) => ({
      location,
      pd: p.pd,
      dr: p.dr,
      pdVsImpaling: p.pdVsImp,
      drVsImpaling: p.drVsImp,
    })),
    layer: p.layer,
  };
  if (p.chainmail) out.chainmail = true;
  if (p.stacks) out.stacks = true;
  if (p.frontOnly) out.frontOnly = true;
  if (p.weaponSkillMod < 0) out.fullHelm = true;
  return out;
}

/** A full-head helmet among the pieces (L1160, L4808). */
export function wearsFullHelm(pieces: readonly Piece[]): boolean {
  return pieces.some((p) => p.fullHelm);
}

/** Ill-fitting plate among the pieces (L1213). */
export function wearsIllFitting(pieces: readonly Piece[]): boolean {
  return pieces.some((p) => p.illFitting);
}

export type { Piece as WornPiece };
