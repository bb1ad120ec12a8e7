/**
 * Ranged combat of GURPS Man to Man (seed 004, read with `../shared/rules/m2m-spec.md` §12;
 * "Lnnn" is a seed line): aim, range and half damage, firing up and down, shooting blind,
 * cover and target posture, opportunity fire, line of fire, wrong targets, overshooting,
 * scatter, reloading and the oil flask. Everything is data plus pure functions that return
 * itemised modifiers or numbers; nothing here rolls dice.
 */
import { InputError, readNumber } from "../../core/errors";
import type { Modifier } from "../../core/modifiers";
import type { ActiveDefence } from "./types";

const src = (lines: string, section: string): string => `seed 004 ${lines} ${section}`;

/** Whole numbers ≥ `min` (turns, hexes, figures). */
function whole(value: unknown, field: string, min = 0): number {
  return readNumber(value, field, { integer: true, min });
}

/** floor(a / b) that does not lose a whole step to floating point (0.6 / 0.2 = 2.999…). */
function floorDiv(a: number, b: number): number {
  return Math.floor(a / b + 1e-9);
}

// ── Aim (§12.2) ──────────────────────────────────────────────────────────────────────────────

/** Snap shot −4; aimed one turn 0; each further turn +1, at most +3 (L1640–1644, L2829, L2889). */
export const SNAP_SHOT = -4;
export const MAX_AIM_BONUS = 3;
/** Bracing after at least one turn of aim, never on a snap shot (L2051, L2893). */
export const BRACE_BONUS = 1;
/** Firing from an obstructed or bad-footing hex; a turn of aim removes it (L2308, L2891). */
export const BAD_FOOTING = -2;

export interface AimOptions {
  /** Turns spent on the Aim maneuver at this target (0 = snap shot). */
  aimTurns?: number;
  /** Braced weapon (L2893). */
  braced?: boolean;
  /**
   * A snap shot whatever was aimed before: a shot at a foe entering your hex loses the aim
   * (L2763), so does a pop-up attack (L2879).
   */
  snap?: boolean;
  /** Firing from an obstructed hex or bad footing (L2891): −2 unless aimed. */
  badFooting?: boolean;
}

/**
 * Aim modifiers (§12.2, L1640–1644, L2043–2051, L2885–2895): `turns == 0 ? −4 : min(turns−1, 3)`,
 * +1 brace if aimed and braced, and the −2 for bad footing that aiming removes.
 */
export function aimModifiers(opts: AimOptions = {}): Modifier[] {
  const turns = opts.snap ? 0 : whole(opts.aimTurns ?? 0, "aimTurns");
  const mods: Modifier[] = [];
  if (turns === 0) {
    mods.push({ key: "snapShot", value: SNAP_SHOT, source: src("L1642, L2829, L2889", "§12.2") });
    if (opts.badFooting)
      mods.push({ key: "badFooting", value: BAD_FOOTING, source: src("L2308, L2891", "§12.2") });
    return mods;
  }
  const bonus = Math.min(turns - 1, MAX_AIM_BONUS);
  if (bonus > 0) mods.push({ key: "aim", value: bonus, source: src("L2047, L2889", "§12.2") });
  if (opts.braced) mods.push({ key: "brace", value: BRACE_BONUS, source: src("L2893", "§12.2") });
  return mods;
}

// ── Range (§12.3) ────────────────────────────────────────────────────────────────────────────

/** Point blank: +4 to hit, and +1 damage for a missile (not a thrown) weapon (L2907). */
export const POINT_BLANK_BONUS = 4;
export const POINT_BLANK_MISSILE_DAMAGE = 1;

/**
 * A weapon's four range numbers in yards, already worked out from ST (§3.2: the user's ST,
 * the bow's ST for a crossbow or prodd). `halfDamage` is null for a weapon with no half-damage
 * range (the oil flask, L4404).
 */
export interface RangeWeapon {
  pointBlank: number;
  increment: number;
  halfDamage: number | null;
  max: number;
  /** Bow, crossbow, prodd, sling: +1 damage at point blank. */
  missile: boolean;
  /** Thrown weapon or object: no point-blank bonus on a default skill. */
  thrown: boolean;
}

export interface RangeOptions extends AimOptions {
  /** The attacker uses a default, not a learned, thrown-weapon skill (L2907). */
  defaultSkill?: boolean;
  /**
   * Opportunity fire (§12.6): hexes watched, or `line`. Its penalty (snap shot included)
   * replaces the aim modifiers; see {@link opportunityFireModifiers}.
   */
  opportunityFire?: number | "line";
}

export interface RangeResult {
  /** Aim, point blank or range: itemised, zero values left out. */
  modifiers: Modifier[];
  /** Roll damage normally, then halve it, rounding down (L2911). */
  halfDamage: boolean;
  /** Beyond maximum range: no attack is possible (L2913). */
  outOfRange: boolean;
  /** +1 damage for a missile weapon at point blank (L2907), else 0. */
  pointBlankDamageBonus: number;
}

function readWeapon(w: RangeWeapon): RangeWeapon {
  const pointBlank = readNumber(w.pointBlank, "weapon.pointBlank", { min: 0 });
  const increment = readNumber(w.increment, "weapon.increment", { min: 0 });
  if (increment === 0) throw new InputError("weapon.increment", increment, "must be above 0");
  const halfDamage =
    w.halfDamage === null ? null : readNumber(w.halfDamage, "weapon.halfDamage", { min: 0 });
  const max = readNumber(w.max, "weapon.max", { min: 0 });
  if (w.missile && w.thrown)
    throw new InputError("weapon", w, "a weapon is either a missile or thrown, not both");
  return { pointBlank, increment, halfDamage, max, missile: !!w.missile, thrown: !!w.thrown };
}

/**
 * Range to the target (§12.3, L2903–2932, A12), with the aim modifiers of {@link aimModifiers}.
 * Within point blank: +4 (none with a default thrown-weapon skill) and +1 damage for a missile.
 * Beyond it: `−floor(distance / increment)`, counted from zero, not from point blank (the axe
 * example of L2928 has −1 at 3 yd; "round down to 3" at L2909 is an example of rounding).
 * Half damage at `distance >= halfDamage` (§17 A12); no attack beyond `max`.
 */
export function rangeModifiers(
  distanceYd: number,
  weapon: RangeWeapon,
  opts: RangeOptions = {},
): RangeResult {
  const d = readNumber(distanceYd, "distanceYd", { min: 0 });
  const w = readWeapon(weapon);
  const modifiers =
    opts.opportunityFire === undefined
      ? aimModifiers(opts)
      : opportunityFireModifiers(opts.opportunityFire, opts);
  let pointBlankDamageBonus = 0;
  if (d <= w.pointBlank) {
    if (!(w.thrown && opts.defaultSkill)) {
      modifiers.push({
        key: "pointBlank",
        value: POINT_BLANK_BONUS,
        source: src("L2907", "§12.3"),
      });
    }
    if (w.missile) pointBlankDamageBonus = POINT_BLANK_MISSILE_DAMAGE;
  } else {
    const increments = floorDiv(d, w.increment);
    if (increments > 0)
      modifiers.push({
        key: "range",
        value: -increments,
        source: src("L2909, L2928–2930", "§12.3"),
      });
  }
  return {
    modifiers,
    halfDamage: w.halfDamage !== null && d >= w.halfDamage,
    outOfRange: d > w.max,
    pointBlankDamageBonus,
  };
}

/**
 * Effective distance when firing up or down (§12.3, L2934–2942). `heightYd` is the shooter's
 * height over the target: positive fires downward (−1 yd per full 2 yd of height, never below
 * half the ground distance), negative fires upward (+1 yd per full yard of height).
 * 40 yd and 10 yd above → 35; 40 yd and 10 yd below → 50.
 */
export function effectiveRange(groundYd: number, heightYd: number): number {
  const ground = readNumber(groundYd, "groundYd", { min: 0 });
  const h = readNumber(heightYd, "heightYd");
  if (h >= 0) return Math.max(ground - floorDiv(h, 2), ground / 2);
  return ground + floorDiv(-h, 1);
}

// ── Arc of vision, pop-up attacks (§12.4, §12.7) ─────────────────────────────────────────────

/** Shooting blind outside the arc of vision: −10 or a maximum roll of 9, whichever is worse (L2871). */
export const SHOOTING_BLIND = -10;
export const SHOOTING_BLIND_MAX_ROLL = 9;

/**
 * The modifier for shooting blind (§12.4, L2869–2871), given the effective skill before it:
 * −10, or down to 9, whichever is worse. No aim bonus may be used (the caller drops it).
 */
export function shootingBlindModifier(skill: number): Modifier {
  const s = readNumber(skill, "skill");
  return {
    key: "shootingBlind",
    value: Math.min(SHOOTING_BLIND, SHOOTING_BLIND_MAX_ROLL - s),
    source: src("L2869–2871", "§12.4"),
  };
}

/** A pop-up attack is a snap shot (−4) with a further −2, −6 in all (§12.7, L2875–2883). */
export const POP_UP_EXTRA = -2;

/** The pop-up attack's modifiers: the snap shot and the −2 for not seeing the target (L2879). */
export function popUpModifiers(): Modifier[] {
  return [
    { key: "snapShot", value: SNAP_SHOT, source: src("L2879", "§12.7") },
    { key: "popUp", value: POP_UP_EXTRA, source: src("L2879", "§12.7") },
  ];
}

// ── Cover and target posture (§12.5) ─────────────────────────────────────────────────────────

export const COVER_SITUATIONS = [
  "head-only",
  "head-and-shoulders",
  "body-half-exposed",
  "light-cover",
  "behind-someone",
  "prone",
  "prone-minimal-cover-head-up",
  "prone-minimal-cover-head-down",
  "crouching-or-kneeling",
] as const;
export type CoverSituation = (typeof COVER_SITUATIONS)[number];

export interface CoverRow {
  readonly toHit: number;
  /** −4 for each human-sized figure in the way (L2956). */
  readonly perFigure: boolean;
  readonly line: number;
}

/** Cover and concealment, target posture without cover (§12.5, L2944–3002). */
export const COVER_TABLE: Readonly<Record<CoverSituation, CoverRow>> = Object.freeze({
  "head-only": Object.freeze({ toHit: -5, perFigure: false, line: 2948 }),
  "head-and-shoulders": Object.freeze({ toHit: -4, perFigure: false, line: 2950 }),
  "body-half-exposed": Object.freeze({ toHit: -3, perFigure: false, line: 2952 }),
  "light-cover": Object.freeze({ toHit: -2, perFigure: false, line: 2954 }),
  "behind-someone": Object.freeze({ toHit: -4, perFigure: true, line: 2956 }),
  prone: Object.freeze({ toHit: -4, perFigure: false, line: 2960 }),
  "prone-minimal-cover-head-up": Object.freeze({ toHit: -5, perFigure: false, line: 2962 }),
  "prone-minimal-cover-head-down": Object.freeze({ toHit: -7, perFigure: false, line: 2964 }),
  "crouching-or-kneeling": Object.freeze({ toHit: -2, perFigure: false, line: 2966 }),
});

/** A copy of one row of the cover table. */
export function coverRow(situation: CoverSituation): CoverRow {
  const s = readCover(situation);
  return { ...COVER_TABLE[s] };
}

function readCover(value: unknown): CoverSituation {
  if (typeof value !== "string" || !Object.hasOwn(COVER_TABLE, value)) {
    throw new InputError("cover", value, `expected one of ${COVER_SITUATIONS.join(", ")}`);
  }
  return value as CoverSituation;
}

export interface CoverOptions {
  /** Human-sized figures in the way, for `behind-someone` (default 1). */
  figures?: number;
  /**
   * The hit-location penalty the attacker already takes (§8, ≤ 0). Cover and location do not
   * add up for the same exposure (L3006): the cover modifier is cut so the total is the worse
   * of the two.
   */
  locationPenalty?: number;
}

/**
 * The cover or target-posture modifier (§12.5, L2944–3006), or none for `none`. With a hit
 * location aimed at, only the part of the cover penalty beyond the location penalty is
 * returned (L3006: "the penalty to hit it is the same −5").
 */
export function coverModifiers(
  situation: CoverSituation | "none",
  opts: CoverOptions = {},
): Modifier[] {
  if (situation === "none") return [];
  const s = readCover(situation);
  const row = COVER_TABLE[s];
  const figures = row.perFigure ? whole(opts.figures ?? 1, "figures", 1) : 1;
  const cover = row.toHit * figures;
  const location = readNumber(opts.locationPenalty ?? 0, "locationPenalty", { max: 0 });
  const value = Math.min(0, cover - location);
  if (value === 0) return [];
  return [{ key: `cover.${s}`, value, source: src(`L${row.line}, L3006`, "§12.5") }];
}

// ── Opportunity fire (§12.6) ─────────────────────────────────────────────────────────────────

/** Area watched → penalty, snap shot included (L3016–3026). `hexes` is the upper bound of a band. */
export const OPPORTUNITY_FIRE: readonly Readonly<{ hexes: number; toHit: number; line: number }>[] =
  Object.freeze([
    Object.freeze({ hexes: 2, toHit: -4, line: 3016 }),
    Object.freeze({ hexes: 4, toHit: -5, line: 3018 }),
    Object.freeze({ hexes: 6, toHit: -6, line: 3020 }),
    Object.freeze({ hexes: 10, toHit: -7, line: 3022 }),
    Object.freeze({ hexes: Infinity, toHit: -8, line: 3024 }),
  ]);
/** Watching a straight line (L3026). */
export const OPPORTUNITY_FIRE_LINE = -5;

/** The penalty for the area watched, snap shot included (L3014–3026). */
export function opportunityFirePenalty(area: number | "line"): number {
  if (area === "line") return OPPORTUNITY_FIRE_LINE;
  const hexes = whole(area, "area", 1);
  const band = OPPORTUNITY_FIRE.find((b) => hexes <= b.hexes);
  return band ? band.toHit : -8;
}

/**
 * Opportunity fire (§12.6, L3008–3036): itemised as the snap shot −4 and the rest of the area
 * penalty. Watching a single hex, each turn waited counts as a turn of aim (L3034–3036); an
 * aimed shot is no longer a snap shot, so the −4 gives way to the normal aim modifiers.
 * Range modifiers still apply (L3026): {@link rangeModifiers} with `opportunityFire` adds them.
 */
export function opportunityFireModifiers(
  area: number | "line",
  opts: { aimTurns?: number; braced?: boolean } = {},
): Modifier[] {
  const total = opportunityFirePenalty(area);
  const mods: Modifier[] = [];
  const turns = area === 1 ? whole(opts.aimTurns ?? 0, "aimTurns") : 0;
  mods.push(...aimModifiers({ aimTurns: turns, braced: !!opts.braced }));
  const extra = total - SNAP_SHOT;
  if (extra !== 0)
    mods.push({ key: "opportunityFire", value: extra, source: src("L3014–3026", "§12.6") });
  return mods;
}

// ── Line of fire, wrong target, overshooting, scatter (§12.7) ────────────────────────────────

/** Each figure (friend or foe) in the line of fire: −4 (L2956, L3070). */
export const FIGURE_IN_THE_WAY = -4;
/** A miss is checked against each figure in the way at a flat 9, or worse (L3084). */
export const WRONG_TARGET_SKILL = 9;

/** Height classes for the line of fire: standing (or crouching), low (kneeling, sitting), ground. */
export type FireLevel = "standing" | "low" | "ground";

/**
 * Whether a figure is in the way (L3074, L3082). For the to-hit penalty (`penalty`): a figure
 * on the ground counts only if the shooter is on the ground too; a kneeling or sitting figure
 * only if the shooter or the target is kneeling or sitting. For the wrong-target check
 * (`wrong-target`): a kneeling or grounded figure counts only if the shooter is at its level,
 * or the shot was a critical miss.
 */
export function inTheWay(
  figure: FireLevel,
  shooter: FireLevel,
  target: FireLevel,
  purpose: "penalty" | "wrong-target",
  criticalMiss = false,
): boolean {
  if (figure === "standing") return true;
  if (purpose === "wrong-target") return criticalMiss || shooter === figure;
  if (figure === "ground") return shooter === "ground";
  return shooter === "low" || target === "low";
}

/**
 * −4 per figure in the way (§12.7, L3070–3072). Figures along a hexside count only if both
 * hexes are occupied, and then as one: pass the count after that rule.
 */
export function lineOfFireModifiers(figures: number): Modifier[] {
  const n = whole(figures, "figures");
  if (n === 0) return [];
  return [
    { key: "lineOfFire", value: FIGURE_IN_THE_WAY * n, source: src("L2956, L3070", "§12.7") },
  ];
}

/**
 * The roll needed to hit a figure by mistake (§12.7, L3084): a flat 9, or what would hit him
 * on purpose, whichever is worse.
 */
export function wrongTargetSkill(deliberateSkill: number): number {
  return Math.min(WRONG_TARGET_SKILL, readNumber(deliberateSkill, "deliberateSkill"));
}

/**
 * What becomes of a missile the intended target defended against (§12.7, L3090–3094): a dodge
 * lets it fly on to the figures beyond him (overshooting); a block or parry knocks it to the
 * floor, and nobody else can be hit.
 */
export function afterSuccessfulDefence(
  defence: Exclude<ActiveDefence, "none">,
): "overshoots" | "falls" {
  if (defence === "dodge") return "overshoots";
  if (defence === "block" || defence === "parry") return "falls";
  throw new InputError("defence", defence, "expected one of dodge, block, parry");
}

/**
 * Scatter of a lobbed flask or object that missed (§12.7, L3096–3102): distance = yards missed
 * by + 1d, direction 1d6 (1 = the thrower's facing, then clockwise).
 */
export function scatter(
  missedBy: number,
  distanceDie: number,
  directionDie: number,
): { yards: number; direction: number } {
  const m = whole(missedBy, "missedBy", 1);
  const d = readNumber(distanceDie, "distanceDie", { integer: true, min: 1, max: 6 });
  const dir = readNumber(directionDie, "directionDie", { integer: true, min: 1, max: 6 });
  return { yards: m + d, direction: dir };
}

// ── Thrown objects (§12.1) ───────────────────────────────────────────────────────────────────

/**
 * The roll for a thrown object (§12.1, L1856, L2845, L3461; §17 C11): a weapon-like object
 * (rock, flask) uses DX or Throwing; any other object at a specific target DX−3 or Throwing;
 * lobbing into an area DX (or Throwing, the general skill, if better).
 */
export function thrownObjectSkill(
  dx: number,
  throwing: number | undefined,
  mode: "weapon-like" | "specific-target" | "lob",
): { skill: number; basis: "dx" | "throwing" } {
  const base = readNumber(dx, "dx") - (mode === "specific-target" ? 3 : 0);
  if (throwing === undefined) return { skill: base, basis: "dx" };
  const t = readNumber(throwing, "throwing");
  return t > base ? { skill: t, basis: "throwing" } : { skill: base, basis: "dx" };
}

// ── Reloading (§12.8, §3.2) ──────────────────────────────────────────────────────────────────

export type MissileKind = "bow" | "sling" | "crossbow" | "prodd";

/**
 * Seconds of Ready to reload after a shot (§12.8, §3.2; L1626–1638, L2853–2855, L2865):
 * a bow or sling 2 (ready the missile, then nock or load). A crossbow or prodd cocks in 2 s if
 * the bow's ST ≤ the user's, 6 s if 1–2 over, 20 s with a goat's foot if 3–4 over (null: more
 * than 4 over cannot be used), plus 1 s to ready the bolt and 1 s to load it. A successful
 * Fast-Draw (Arrow) saves the 1 s of readying an arrow or bolt (not a stone or pellet).
 */
export function reloadSeconds(
  kind: MissileKind,
  opts: { bowSt?: number; userSt?: number; fastDraw?: boolean } = {},
): number | null {
  const fast = opts.fastDraw && (kind === "bow" || kind === "crossbow") ? 1 : 0;
  if (kind === "bow" || kind === "sling") return 2 - fast;
  if (kind !== "crossbow" && kind !== "prodd")
    throw new InputError("kind", kind, "expected one of bow, sling, crossbow, prodd");
  const over =
    readNumber(opts.bowSt, "bowSt", { integer: true, min: 1 }) -
    readNumber(opts.userSt, "userSt", { integer: true, min: 1 });
  const cock = over <= 0 ? 2 : over <= 2 ? 6 : over <= 4 ? 20 : null;
  return cock === null ? null : cock + 2 - fast;
}

/**
 * Fast-Draw (Arrow) (§12.8, L2863–2867): success readies the arrow in no time; a failure drops
 * the arrow; 17 or 18 drops the whole quiver. 3 and 4 always succeed.
 */
export function fastDrawArrow(
  roll: number,
  skill: number,
): "ready" | "dropped-arrow" | "dropped-quiver" {
  const r = readNumber(roll, "roll", { integer: true, min: 3, max: 18 });
  const s = readNumber(skill, "skill");
  if (r >= 17) return "dropped-quiver";
  return r <= 4 || r <= s ? "ready" : "dropped-arrow";
}

// ── Oil flask (§12.7) ────────────────────────────────────────────────────────────────────────

/** Oil flask figures (L3042–3064). Chances are in sixths of a d6 (4/6 = a roll of 1–4). */
export const OIL_FLASK = Object.freeze({
  /** Seconds: ready from the belt, light, throw (aiming optional) (L3050). */
  readySeconds: 1,
  lightSeconds: 1,
  throwSeconds: 1,
  /** Breaking on the floor, the fuse ignites the oil on 5 in 6 (L3052). */
  floorIgnitionSixths: 5,
  /** Breaking on a shield or a living being: 4 in 6 (L3056). */
  bodyIgnitionSixths: 4,
  /** Hitting an unarmoured (not plate) being: 50 % bounces to an adjacent hex (L3056). */
  bounceSixths: 3,
  /** Fire: 1-1 per turn for one minute (L3058–3060). */
  fireDamage: Object.freeze({ dice: 1, adds: -1 }),
  burnSeconds: 60,
  /** Flasks on the belt break 4 in 6 when the wearer falls (L3064). */
  beltBreakOnFallSixths: 4,
  /** Striking at a flask on a belt (L3064). */
  strikeAtBeltFlask: -5,
});

/**
 * A thrown flask that struck (§12.7, L3052–3056), from already-rolled d6s: on the floor it
 * breaks and ignites on 1–5; on a being in plate, or on a shield, it breaks and ignites on 1–4;
 * on any other being it bounces to a random adjacent hex on 1–3 (then breaks on the floor:
 * `igniteDie` is read against the floor's 5/6), else breaks on him.
 */
export function oilFlaskStrike(
  on: "floor" | "shield" | "body",
  opts: { plate?: boolean; bounceDie?: number; igniteDie: number },
): { breaksOn: "floor" | "shield" | "body"; bounced: boolean; ignites: boolean } {
  const ignite = readNumber(opts.igniteDie, "igniteDie", { integer: true, min: 1, max: 6 });
  let breaksOn = on;
  let bounced = false;
  if (on === "body" && !opts.plate) {
    const b = readNumber(opts.bounceDie, "bounceDie", { integer: true, min: 1, max: 6 });
    if (b <= OIL_FLASK.bounceSixths) {
      bounced = true;
      breaksOn = "floor";
    }
  }
  const limit = breaksOn === "floor" ? OIL_FLASK.floorIgnitionSixths : OIL_FLASK.bodyIgnitionSixths;
  return { breaksOn, bounced, ignites: ignite <= limit };
}
