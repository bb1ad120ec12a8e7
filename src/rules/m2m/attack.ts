/**
 * Attack resolution of GURPS Man to Man (seed 004, read with `../shared/rules/m2m-spec.md` §5;
 * "Lnnn" is a seed line, "§n" a spec section): the attack modifier catalog (§5.2), critical hit
 * and miss thresholds (§5.3, §5.4), wild swings and shooting blind (a maximum roll of 9), reach
 * and arcs (§5.5) and the feint (§5.6). Pure functions over already-rolled values.
 */
import { deepFreeze } from "../../core/data";
import { MOVEMENTS, MOVING_TARGET, OBJECT_SIZE_MODIFIER, OBJECT_SIZES } from "./special";
import { InputError, readEnum, readNumber } from "../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../core/modifiers";
import { POSITION_IDS, position, type HexReach } from "./maneuvers";
import type { AttackOutcome } from "./types";

const src = (lines: string): string => `seed 004 ${lines} §5.2`;

function roll3d6(value: unknown, field = "roll"): number {
  return readNumber(value, field, { integer: true, min: 3, max: 18 });
}

/** −n without a negative zero. */
const neg = (n: number): number => (n === 0 ? 0 : -n);

function int(value: unknown, field: string, rule: { min?: number; max?: number } = {}): number {
  return readNumber(value, field, { integer: true, min: rule.min, max: rule.max });
}

// ── Attack modifier catalog (§5.2) ───────────────────────────────────────────────────────────

/** One row of the attack modifier catalog. */
export interface AttackModifierEntry {
  readonly id: string;
  /** The condition, as the spec's §5.2 table words it (markdown emphasis dropped). */
  readonly condition: string;
  /** The modifier column of the spec's table. */
  readonly modifier: string;
  /** The fixed (or default) value; null when the value comes from the parameters. */
  readonly value: number | null;
  /** How the value is found, and which parameters `attackModifier` takes. */
  readonly rule: string;
  /** Seed lines, as the spec's table cites them. */
  readonly lines: string;
  /** Only in the spec's notes, not a row of its table (A16). */
  readonly extra?: boolean;
}

/** Attack modifier catalog (spec §5.2 table; each row cites its seed lines). */
export const ATTACK_MODIFIERS: readonly AttackModifierEntry[] = deepFreeze<AttackModifierEntry[]>([
  {
    id: "bad-light",
    condition: "Bad light",
    modifier: "about −5 (scenario)",
    value: -5,
    rule: "−5, or `value` (≤ 0) for the scenario",
    lines: "L1724",
  },
  {
    id: "total-darkness",
    condition: "Total darkness",
    modifier: "−10",
    value: -10,
    rule: "fixed",
    lines: "L1726",
  },
  {
    id: "bad-footing",
    condition: "Bad footing (Basic)",
    modifier: "−2 or more",
    value: -2,
    rule: "−2, or `value` ≤ −2 (GM)",
    lines: "L1728",
  },
  {
    id: "obstructed-hex",
    condition: "Attacker in an obstructed or bad-footing hex (Advanced)",
    modifier: "−2 (defense unaffected; aiming removes it for missiles)",
    value: -2,
    rule: "−2; 0 with `aimedMissile`",
    lines: "L2308, L2891",
  },
  {
    id: "water",
    condition: "Attacker standing in water knee-deep or more",
    modifier: "−4",
    value: -4,
    rule: "fixed",
    lines: "L1730",
  },
  {
    id: "swimming",
    condition: "Attacker swimming",
    modifier: "−6",
    value: -6,
    rule: "fixed",
    lines: "L1732",
  },
  {
    id: "stream-hex",
    condition: "Stream hex (clearing map): hand weapon attack or snap shot",
    modifier: "−4",
    value: -4,
    rule: "fixed",
    lines: "L3951",
  },
  {
    id: "strange-position",
    condition: "Strange position",
    modifier: "−2 or more",
    value: -2,
    rule: "−2, or `value` ≤ −2 (GM)",
    lines: "L1734",
  },
  {
    id: "posture",
    condition: "Attacker posture",
    modifier:
      "crouch −2, kneel −2, sit −2, lying −4 (not with a crossbow), crawling: close attacks only",
    value: null,
    rule: "`position` (Table of Positions); lying with a `crossbow` 0; crawling only with `closeAttack` (0)",
    lines: "L2067–2073",
  },
  {
    id: "all-out-attack",
    condition: "All-Out Attack option (c)",
    modifier: "+4 (not on a wild swing)",
    value: 4,
    rule: "+4; 0 on a `wildSwing`",
    lines: "L1658, L2161",
  },
  {
    id: "shock",
    condition: "Shock (wounded last turn)",
    modifier: "−(hits taken), next turn only, cumulative within the turn",
    value: null,
    rule: "−`hits` (no cap, §18.2 pitfall 6)",
    lines: "L1866",
  },
  {
    id: "hit-location",
    condition: "Hit location targeted",
    modifier: "§8",
    value: null,
    rule: "`value` ≤ 0 from §8",
    lines: "L2456–2468",
  },
  {
    id: "strike-at-weapon",
    condition: "Striking at a weapon",
    modifier: "−5 small weapon (knife, wand, pistol), −3 polearm, −4 other",
    value: null,
    rule: "`weapon`: small −5, polearm −3, other −4",
    lines: "L2539",
  },
  {
    id: "wild-swing",
    condition: "Wild swing (side or rear hex)",
    modifier: "−5, or a maximum roll of 9, whichever is worse; no feint bonus; no aimed location",
    value: -5,
    rule: "−5; cap the target at 9 with `wildSwingTarget` / `effectiveTargetWithCap`",
    lines: "L2153–2165",
  },
  {
    id: "through-enemy-hex",
    condition: "Attacking through an enemy-occupied hex (2- or 3-yard reach)",
    modifier: "−4 (friends 0; a line between two hexes counts only if both hold foes)",
    value: -4,
    rule: "fixed",
    lines: "L2145–2151",
  },
  {
    id: "snap-shot",
    condition: "Ranged: snap shot (no aim)",
    modifier: "−4",
    value: -4,
    rule: "fixed",
    lines: "L1642, L2829",
  },
  {
    id: "aim",
    condition: "Ranged: aim",
    modifier: "+1 per turn after the first, max +3; +1 brace if aimed",
    value: null,
    rule: "min(`turns` − 1, 3) (+1 if `braced`); `turns` ≥ 1",
    lines: "L2047, L2051, L2889–2893",
  },
  {
    id: "point-blank",
    condition: "Ranged: point blank",
    modifier: "+4 (not with a default thrown-weapon skill)",
    value: 4,
    rule: "+4; 0 with a `defaultSkill` thrown weapon",
    lines: "L2907",
  },
  {
    id: "range",
    condition: "Ranged: range",
    modifier: "−floor(distance / increment) beyond point blank",
    value: null,
    rule: "−floor(`distance` / `increment`); 0 within `pointBlank`",
    lines: "L2909",
  },
  {
    id: "shooting-blind",
    condition: "Ranged: shooting blind (outside arc)",
    modifier: "−10, or a maximum roll of 9, whichever is worse; no aim bonus",
    value: -10,
    rule: "−10; cap the target at 9 with `shootingBlindTarget` / `effectiveTargetWithCap`",
    lines: "L2869–2871",
  },
  {
    id: "pop-up",
    condition: "Ranged: pop-up attack",
    modifier: "−6 total (snap −4 and −2)",
    value: -6,
    rule: "fixed (includes the snap shot)",
    lines: "L2875–2883",
  },
  {
    id: "target-cover",
    condition: "Ranged: cover or posture of the target",
    modifier: "§12.5",
    value: null,
    rule: "`value` ≤ 0 from §12.5",
    lines: "L2944–3006",
  },
  {
    id: "opportunity-fire",
    condition: "Ranged: opportunity fire",
    modifier: "−4 to −8 by area (includes snap)",
    value: null,
    rule: "`hexes` watched: 1–2 −4, 3–4 −5, 5–6 −6, 7–10 −7, more −8; a `line` −5",
    lines: "L3014–3026",
  },
  {
    id: "line-of-fire",
    condition: "Ranged: each person in the line of fire",
    modifier: "−4 each",
    value: null,
    rule: "−4 × `persons`",
    lines: "L2956, L3070",
  },
  {
    id: "close-combat-weapon",
    condition: "Close combat weapon attack (not fists)",
    modifier: "−2",
    value: -2,
    rule: "fixed",
    lines: "L2663, L2697",
  },
  {
    id: "close-combat-shield",
    condition: "Close combat while wearing a shield (after entry)",
    modifier: "−(shield PD)",
    value: null,
    rule: "−`pd`",
    lines: "L2671",
  },
  {
    id: "into-close-combat",
    condition: "Striking into a close combat from outside",
    modifier: "−2 plus target posture",
    value: -2,
    rule: "−2 + `value` (the GM's modifier for the foe's position, default 0; ruling, A16)",
    lines: "L2779",
  },
  {
    id: "kick",
    condition: "Kick",
    modifier: "−2 (DX−2 or Karate−2)",
    value: -2,
    rule: "fixed",
    lines: "L1930, L1904",
  },
  {
    id: "large-shield",
    condition: "Large shield",
    modifier: "−2 (skill)",
    value: -2,
    rule: "fixed",
    lines: "L1098",
  },
  {
    id: "off-hand",
    condition: "Off hand",
    modifier: "−4",
    value: -4,
    rule: "fixed (not when ambidextrous, L526)",
    lines: "L524",
  },
  {
    id: "different-levels",
    condition: "Different levels (hit location only)",
    modifier: "§13.6",
    value: null,
    rule: "`value` −2 … +2 from §13.6",
    lines: "L3371–3383",
  },
  {
    id: "object-size",
    condition: "Inanimate object: size",
    modifier: "−1 to +6",
    value: null,
    rule: "`size`: tiny −1, small 0, medium +1, large +2, half-man +3, man +4, twice-man +5, bigger +6",
    lines: "L3507–3523",
  },
  {
    id: "moving-target",
    condition: "Moving target (objects)",
    modifier: "−1 slow, −2/−3 faster, −4 human, −7 unpredictable",
    value: null,
    rule: "`movement`: slow −1, faster −2 (or `value` −3), human −4, unpredictable −7",
    lines: "L3543–3553",
  },
  {
    id: "helpless-sentry",
    condition: "Helpless sentry treated as an object",
    modifier: "+4",
    value: 4,
    rule: "fixed",
    lines: "L3669",
  },
  {
    id: "bulky-object",
    condition: "Bulky object fell on you",
    modifier: "the active defense is −3 (not the attack)",
    value: null,
    rule: 'a defence modifier: `defenceModifier("bulky-object")`',
    lines: "L3433",
  },
  {
    id: "improvised-weapon",
    condition: "Improvised clumsy weapon",
    modifier: "GM penalty to skill",
    value: null,
    rule: "`value` ≤ 0 (GM)",
    lines: "L1016",
  },
  {
    id: "broken-weapon",
    condition: "Broken-weapon remnants",
    modifier: "−2 or −4 as stated",
    value: null,
    rule: "`value` −2 or −4",
    lines: "L2645–2647",
  },
  {
    id: "foe-on-ground",
    condition: "Foe on the ground (melee)",
    modifier: "0 (never quantified)",
    value: 0,
    rule: "0, or the GM's `value` (spec §5.2 note, §17 A16)",
    lines: "L1744",
    extra: true,
  },
]);

/** Parameters of `attackModifier`; which ones a row reads is in its `rule`. */
export interface AttackModifierParams {
  value?: number;
  hits?: number;
  position?: string;
  crossbow?: boolean;
  closeAttack?: boolean;
  wildSwing?: boolean;
  aimedMissile?: boolean;
  weapon?: "small" | "polearm" | "other";
  turns?: number;
  braced?: boolean;
  defaultSkill?: boolean;
  distance?: number;
  increment?: number;
  pointBlank?: number;
  hexes?: number;
  line?: boolean;
  persons?: number;
  pd?: number;
  size?: string;
  movement?: string;
}

export function attackModifierEntry(id: string): AttackModifierEntry {
  const row = ATTACK_MODIFIERS.find((m) => m.id === id);
  if (!row)
    throw new InputError(
      "modifier",
      id,
      `expected one of ${ATTACK_MODIFIERS.map((m) => m.id).join(", ")}`,
    );
  return { ...row };
}

/** A value the GM gives, within bounds; `fallback` when absent. */
function gm(
  p: AttackModifierParams,
  fallback: number | undefined,
  min: number,
  max: number,
): number {
  if (p.value === undefined) {
    if (fallback === undefined)
      throw new InputError("value", undefined, "this modifier needs a value");
    return fallback;
  }
  return int(p.value, "value", { min, max });
}

/** The value of a catalog row for the given parameters (see each row's `rule`). */
function valueOf(e: AttackModifierEntry, p: AttackModifierParams): number {
  switch (e.id) {
    case "bad-light":
    case "improvised-weapon":
    case "hit-location":
    case "target-cover":
      return gm(p, e.value ?? undefined, -99, 0);
    case "bad-footing":
    case "strange-position":
      return gm(p, -2, -99, -2);
    case "obstructed-hex":
      return p.aimedMissile ? 0 : -2;
    case "posture": {
      const pos = position(readEnum(p.position, "position", POSITION_IDS));
      if (pos.closeAttacksOnly) {
        if (!p.closeAttack)
          throw new InputError(
            "position",
            pos.id,
            "a crawling figure can make close attacks only (L2071)",
          );
        return 0;
      }
      return (p.crossbow ? pos.crossbowAttack : pos.attack) ?? 0;
    }
    case "all-out-attack":
      return p.wildSwing ? 0 : 4;
    case "shock":
      return neg(int(p.hits, "hits", { min: 0 }));
    case "strike-at-weapon":
      return { small: -5, polearm: -3, other: -4 }[
        readEnum(p.weapon, "weapon", ["small", "polearm", "other"] as const)
      ];
    case "aim": {
      const turns = int(p.turns, "turns", { min: 1 });
      return Math.min(turns - 1, 3) + (p.braced ? 1 : 0);
    }
    case "point-blank":
      return p.defaultSkill ? 0 : 4;
    case "range": {
      const d = readNumber(p.distance, "distance", { min: 0 });
      const inc = readNumber(p.increment, "increment", { min: 0.001 });
      if (p.pointBlank !== undefined && d <= readNumber(p.pointBlank, "pointBlank", { min: 0 }))
        return 0;
      return neg(Math.floor(d / inc + 1e-9));
    }
    case "opportunity-fire": {
      if (p.line) return -5;
      const h = int(p.hexes, "hexes", { min: 1 });
      return h <= 2 ? -4 : h <= 4 ? -5 : h <= 6 ? -6 : h <= 10 ? -7 : -8;
    }
    case "line-of-fire":
      return -4 * int(p.persons, "persons", { min: 1 });
    case "close-combat-shield":
      return -int(p.pd, "pd", { min: 1, max: 4 });
    case "into-close-combat":
      return -2 + (p.value === undefined ? 0 : int(p.value, "value", { min: -10, max: 10 }));
    case "different-levels":
      return gm(p, undefined, -2, 2);
    case "object-size":
      return OBJECT_SIZE_MODIFIER[readEnum(p.size, "size", OBJECT_SIZES)];
    case "moving-target": {
      // "Faster" is −2 or −3 by the GM (L3549); special.ts names the two readings fairly-fast and fast.
      const m = readEnum(p.movement, "movement", ["faster", ...MOVEMENTS] as const);
      if (m === "faster")
        return p.value === undefined ? MOVING_TARGET["fairly-fast"] : gm(p, undefined, -3, -2);
      return MOVING_TARGET[m];
    }
    case "broken-weapon": {
      const v = gm(p, undefined, -4, -2);
      if (v !== -2 && v !== -4)
        throw new InputError("value", v, "a broken weapon's remnant is at −2 or −4 (L2645–2647)");
      return v;
    }
    case "bulky-object":
      throw new InputError(
        "modifier",
        e.id,
        "a bulky object lowers the active defence, not the attack: use defenceModifier (L3433)",
      );
    case "foe-on-ground":
      return gm(p, 0, -10, 10);
    default:
      return e.value!;
  }
}

/**
 * A modifier from the §5.2 catalog, with its seed lines as the source. Throws `InputError` for
 * an unknown id, a missing or impossible parameter, or a row that is not an attack modifier.
 */
export function attackModifier(id: string, params: AttackModifierParams = {}): Modifier {
  const e = attackModifierEntry(id);
  return { key: `attack.${e.id}`, value: valueOf(e, params), source: src(e.lines) };
}

// ── Effective skill, wild swings, shooting blind (§5.1, L2153–2165, L2869–2871) ─────────────

/** Effective skill: skill + every modifier (§5.1). */
export function attackTarget(skill: number, modifiers: readonly Modifier[]): Target {
  return buildTarget("skill", int(skill, "skill"), modifiers);
}

/**
 * "A maximum roll of N, whichever is worse" (L2159, L2871): the value rolled against becomes
 * min(value, cap); the modifiers and the raw sum stay on record.
 */
export function effectiveTargetWithCap(target: Target, cap: number): Target {
  const c = int(cap, "cap", { min: 3, max: 18 });
  return {
    ...target,
    modifiers: target.modifiers.map((m) => ({ ...m })),
    value: Math.min(target.value, c),
  };
}

/** Wild swing (L2159) and shooting blind (L2871): the penalty and the maximum roll. */
export const WILD_SWING = deepFreeze({ penalty: -5, maxRoll: 9 });
export const SHOOTING_BLIND = deepFreeze({ penalty: -10, maxRoll: 9 });

/**
 * A wild swing at a foe in a side or rear hex (L2153–2165): −5 or a maximum roll of 9,
 * whichever is worse. All-Out Attack's +4 is not allowed (L2161).
 */
export function wildSwingTarget(skill: number, modifiers: readonly Modifier[]): Target {
  if (modifiers.some((m) => m.key === "attack.all-out-attack" && m.value > 0)) {
    throw new InputError(
      "modifiers",
      "attack.all-out-attack",
      "a wild swing cannot take All-Out Attack's +4 (L2161)",
    );
  }
  const t = attackTarget(skill, [...modifiers, attackModifier("wild-swing")]);
  return effectiveTargetWithCap(t, WILD_SWING.maxRoll);
}

/** Shooting blind (L2869–2871): −10 or a maximum roll of 9, whichever is worse; no aim bonus. */
export function shootingBlindTarget(skill: number, modifiers: readonly Modifier[]): Target {
  if (modifiers.some((m) => m.key === "attack.aim" && m.value > 0)) {
    throw new InputError("modifiers", "attack.aim", "shooting blind gets no aim bonus (L2871)");
  }
  const t = attackTarget(skill, [...modifiers, attackModifier("shooting-blind")]);
  return effectiveTargetWithCap(t, SHOOTING_BLIND.maxRoll);
}

// ── Critical hits and misses (§5.3, §5.4) ────────────────────────────────────────────────────

/**
 * Critical hit (L1710, L1740–1744, L2480–2482): a natural 3 or 4 always; 5 at an effective skill
 * of 15; 6 at 16 or more.
 */
export function isCriticalHit(roll: number, effectiveSkill: number): boolean {
  return criticalHitOf(roll3d6(roll), int(effectiveSkill, "effectiveSkill"));
}

/** {@link isCriticalHit} of a roll and a skill already checked. */
function criticalHitOf(r: number, s: number): boolean {
  return r <= 4 || (r === 5 && s >= 15) || (r === 6 && s >= 16);
}

/**
 * Critical miss (L2586–2590): 17 or 18 always, or any roll ≥ effective skill + 10. A 3 or 4
 * always hits (L1710), so it is never a critical miss.
 */
export function isCriticalMiss(roll: number, effectiveSkill: number): boolean {
  return criticalMissOf(roll3d6(roll), int(effectiveSkill, "effectiveSkill"));
}

/** {@link isCriticalMiss} of a roll and a skill already checked. */
function criticalMissOf(r: number, s: number): boolean {
  return r >= 17 || (r > 4 && r >= s + 10);
}

/** Attack roll outcome (§5.1): 3–4 always hit, 17–18 always miss, else roll ≤ effective skill. */
export function attackOutcome(roll: number, effectiveSkill: number): AttackOutcome {
  // Both figures checked once (issue 17); anything else goes the long way for its error.
  if (Number.isInteger(roll) && roll >= 3 && roll <= 18 && Number.isInteger(effectiveSkill)) {
    if (criticalHitOf(roll, effectiveSkill)) return "critical-hit";
    if (criticalMissOf(roll, effectiveSkill)) return "critical-miss";
    return roll <= effectiveSkill ? "hit" : "miss";
  }
  if (isCriticalHit(roll, effectiveSkill)) return "critical-hit";
  if (isCriticalMiss(roll, effectiveSkill)) return "critical-miss";
  return roll <= effectiveSkill ? "hit" : "miss";
}

export interface CriticalHitEffect {
  /** The defender gets no defence roll, PD included (L1740, L1788, L2480). */
  defenceRoll: false;
  /** Basic: a natural 3 does maximum damage (L1740); not with the Advanced table (C18). */
  maxDamage: boolean;
  /** Advanced (hit location on): the table to roll on (L2480, L2563). */
  table: "critical-hit" | "critical-head-blow" | null;
}

/** What a critical hit does (§5.3; C18: the Advanced table replaces max damage). */
export function criticalHitEffect(
  roll: number,
  opts: { hitLocation: boolean; head?: boolean },
): CriticalHitEffect {
  const r = roll3d6(roll);
  if (r > 6) throw new InputError("roll", r, "a critical hit is a roll of 3–6 (L1744)");
  if (!opts.hitLocation) return { defenceRoll: false, maxDamage: r === 3, table: null };
  return {
    defenceRoll: false,
    maxDamage: false,
    table: opts.head ? "critical-head-blow" : "critical-hit",
  };
}

/**
 * The table a critical miss sends the attacker to (§5.4): the Critical Miss Table is an
 * Advanced (ch. 5) rule; in Basic a critical miss only misses unless `tableInBasic` (C19).
 */
export function criticalMissTable(opts: {
  hitLocation: boolean;
  tableInBasic?: boolean;
}): "critical-miss" | null {
  return opts.hitLocation || opts.tableInBasic ? "critical-miss" : null;
}

// ── Reach and arcs (§5.5, L1984–2002, L2153–2165) ────────────────────────────────────────────

export const HEX_DIRECTIONS = ["front", "weapon-side", "shield-side", "back"] as const;
export type HexDirection = (typeof HEX_DIRECTIONS)[number];

/**
 * Whether a melee blow into a hex is normal or a wild swing (L1974, L2155, L2165): only front
 * hexes are normal. With Peripheral Vision the weapon-side hex counts as front, and the
 * shield-side hex too with a two-handed weapon.
 */
export function swingKind(
  hex: string,
  opts: { peripheralVision?: boolean; twoHanded?: boolean } = {},
): "normal" | "wild" {
  const h = readEnum(hex, "hex", HEX_DIRECTIONS);
  if (h === "front") return "normal";
  if (opts.peripheralVision && (h === "weapon-side" || (h === "shield-side" && opts.twoHanded)))
    return "normal";
  return "wild";
}

/**
 * Whether a weapon with these reaches can strike a foe `distance` hexes away (0 = own hex,
 * reach C; 1–3 the front rings, L1988–1994). A wild impaling attack reaches 1 hex at most (L2157).
 */
export function reachAllows(
  reaches: readonly HexReach[],
  distance: number,
  opts: { wildSwing?: boolean; impaling?: boolean } = {},
): boolean {
  const d = int(distance, "distance", { min: 0, max: 3 });
  if (opts.wildSwing && opts.impaling && d > 1) return false;
  return reaches.includes(d === 0 ? "C" : (d as 1 | 2 | 3));
}

// ── Feint (§5.6, L1662–1674, L2193–2209) ─────────────────────────────────────────────────────

export interface FeintResult {
  success: boolean;
  /** Subtracted from the foe's active defence against this attacker's next attack (L1670–1672). */
  penalty: number;
  attackerMargin: number;
  defenderMargin: number;
}

/**
 * A feint: quick contest of weapon skills (L1666). Fails if the attacker fails, or if both
 * succeed and the foe's margin is at least the attacker's (a tie fails, A13). Otherwise the
 * penalty is the attacker's margin (foe failed) or the difference of margins. An automatic
 * success on 3–4 with a negative margin counts as margin 0 (ruling).
 */
export function feint(
  attacker: { target: number; roll: number },
  defender: { target: number; roll: number },
): FeintResult {
  const aRoll = roll3d6(attacker.roll, "attacker.roll");
  const dRoll = roll3d6(defender.roll, "defender.roll");
  const aT = int(attacker.target, "attacker.target");
  const dT = int(defender.target, "defender.target");
  const aOk = aRoll <= 4 || (aRoll < 17 && aRoll <= aT);
  const dOk = dRoll <= 4 || (dRoll < 17 && dRoll <= dT);
  const aM = aT - aRoll;
  const dM = dT - dRoll;
  if (!aOk) return { success: false, penalty: 0, attackerMargin: aM, defenderMargin: dM };
  const mine = Math.max(0, aM);
  if (!dOk) return { success: true, penalty: mine, attackerMargin: aM, defenderMargin: dM };
  const theirs = Math.max(0, dM);
  if (mine > theirs)
    return { success: true, penalty: mine - theirs, attackerMargin: aM, defenderMargin: dM };
  return { success: false, penalty: 0, attackerMargin: aM, defenderMargin: dM };
}

/**
 * What the feinted foe rolls against (L1666): his hand-weapon skill, or his DX if he has no
 * hand weapon or his DX is higher.
 */
export function feintResistance(weaponSkill: number | null, dx: number): number {
  const d = int(dx, "dx");
  return weaponSkill === null ? d : Math.max(int(weaponSkill, "weaponSkill"), d);
}
