/**
 * The engine of the HârnMaster Gold EML options (issue 19, group `eml`; seed 000 lines 59-61,
 * 71-127, 177-185, 338-344; docs/rulings.md G30-G39): the CLI fields they add to the attack and
 * the defence, read and checked, and the itemised modifiers they add to the given EMLs
 * (`gold.*` keys, each with its seed line). Adding is idempotent: a target that already carries
 * a `gold.*` modifier of this group (the Foundry flow itemises them for the dialog) keeps it
 * when it has the value the fields give, and is refused naming the field otherwise.
 */
import { InputError, checkKeys, readBoolean, readNumber, readObject } from "../../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../../core/modifiers";
import type { Dice } from "../../../core/dice";
import { rollOne } from "../../../core/dice";
import type { Effect } from "../../../core/ruleset";
import { EML_MAX, EML_MIN, successLevel } from "../mechanics";
import type { ResultCode } from "../tables";
import { goldOn, requireGold, type GoldOptions } from "./options";
import { LEVEL_HINT } from "./roll-hints";
import {
  MOONS,
  SKIES,
  type Darkness,
  type EmlAttack,
  type EmlDefence,
  type Moon,
  type Mounted,
  type Sky,
  type Unhorsing,
  type WeaponClasses,
} from "./eml";

const LIMIT = { min: EML_MIN, max: EML_MAX };
const SEED = "seed 000";

/** Darkness Special Penalties outdoors at night (seed 000 lines 75-79), by sky then moon. */
export const DARKNESS_PENALTY: Readonly<Record<Sky, Readonly<Record<Moon, number>>>> =
  Object.freeze({
    clear: Object.freeze({ full: -10, half: -20, new: -40 }),
    cloudy: Object.freeze({ full: -20, half: -30, new: -50 }),
    overcast: Object.freeze({ full: -40, half: -50, new: -70 }),
  });

/**
 * The moon's phase on a day of the month (seed 000 line 81): Full 13-17, Half 3-12 and 18-27,
 * New 1-2 and 28-30.
 */
export function moonOfDay(day: number): Moon {
  if (!Number.isInteger(day) || day < 1 || day > 30)
    throw new InputError("day", day, "expected a day of the month, 1 to 30");
  if (day >= 13 && day <= 17) return "full";
  if (day <= 2 || day >= 28) return "new";
  return "half";
}

/** Half of a whole number of points, rounded half up (docs/rulings.md R2; ruling G33). */
export function halfUp(points: number): number {
  return Math.floor(points / 2 + 0.5);
}

/** What a Feint of `feint` EML points costs the other side (000:119-121; G33): −half, up. */
export function feintPenalty(feint: number): number {
  return -halfUp(feint);
}

/**
 * Strike recovery (000:340-342; G35): the Attack column becomes the lower of Attack and
 * Defence; the modifier is what that takes off the AML (Battlesword 25/10: −15).
 */
export function recoveryModifier(w: WeaponClasses): number {
  return Math.min(w.attack, w.defence) - w.attack;
}

/**
 * A thrusting weapon in darkness (000:83; G32): its Attack column (after strike recovery) is
 * halved, rounded half up (R2); a column of 0 or less is left as it is.
 */
export function darkThrustModifier(attackColumn: number): number {
  return attackColumn > 0 ? halfUp(attackColumn) - attackColumn : 0;
}

/**
 * Mounted attack against adjacent foot (000:183; G37): the EML starts from the average of Team
 * Initiative and the weapon ML, rounded half up (R2), instead of the weapon ML.
 */
export function mountedEmlModifier(m: Mounted): number {
  return halfUp(m.teamInitiative + m.ml) - m.ml;
}

/** One Attack or Defence Class (000:184: +1 / −1), in HM3's weapon columns (Class ×5). */
export const ONE_CLASS = 5;
/** Dodging (000:97): the next attack after a Dodge. */
export const DODGED_PENALTY = -20;
/** Weapon skills that cannot feint (000:125: flails, nets, whips). */
export const FLEXIBLE_SKILLS: readonly string[] = Object.freeze(["flail", "net", "whip"]);

/** Every modifier key this group adds (and so checks on a given target). */
export const EML_KEYS = Object.freeze([
  "gold.feint",
  "gold.feinted",
  "gold.counterFeinted",
  "gold.darkness",
  "gold.darknessThrusting",
  "gold.dodged",
  "gold.strikeRecovery",
  "gold.mounted",
  "gold.mountedAttackClass",
  "gold.mountedDefenceClass",
] as const);
export type EmlKey = (typeof EML_KEYS)[number];

const SOURCES: Readonly<Record<EmlKey, string>> = Object.freeze({
  "gold.feint": `${SEED} lines 119-121`,
  "gold.feinted": `${SEED} lines 119-121; docs/rulings.md G33`,
  "gold.counterFeinted": `${SEED} line 127; docs/rulings.md G34`,
  "gold.darkness": `${SEED} lines 73-81`,
  "gold.darknessThrusting": `${SEED} line 83; docs/rulings.md G32`,
  "gold.dodged": `${SEED} line 97`,
  "gold.strikeRecovery": `${SEED} lines 340-342`,
  "gold.mounted": `${SEED} line 183; docs/rulings.md G37`,
  "gold.mountedAttackClass": `${SEED} line 184`,
  "gold.mountedDefenceClass": `${SEED} line 184`,
});

function mod(key: EmlKey, value: number): Modifier {
  return { key, value, source: SOURCES[key] };
}

/**
 * `target` with this group's modifiers `mods` (zero ones dropped): one already there with the
 * same value stays, one with another value is refused naming `field`; a modifier of this group
 * among `owned` that `mods` does not give is refused too (it needs its field).
 */
export function withEml(
  target: Target,
  mods: readonly Modifier[],
  field: string,
  owned: readonly EmlKey[] = EML_KEYS,
): Target {
  const out = target.modifiers.map((m) => ({ ...m }));
  const given = mods.filter((m) => m.value !== 0);
  for (const m of out) {
    if (!(owned as readonly string[]).includes(m.key)) continue;
    const want = given.find((g) => g.key === m.key);
    if (!want)
      throw new InputError(
        `${field}.modifiers`,
        m.key,
        "a HârnMaster Gold modifier that the declared fields do not give",
      );
    if (want.value !== m.value)
      throw new InputError(
        `${field}.modifiers`,
        m.value,
        `${m.key} must be ${want.value} (${want.source})`,
      );
  }
  for (const m of given) if (!out.some((o) => o.key === m.key)) out.push({ ...m });
  return buildTarget(target.baseKey, target.base, out, LIMIT);
}

// ── Reading the fields ───────────────────────────────────────────────────────────────────────

function readDarkness(value: unknown, field: string): Darkness {
  const o = readObject(value, field);
  checkKeys(o, field, ["moon", "sky", "day"]);
  const sky = readSky(o.sky, `${field}.sky`);
  if (o.day !== undefined) {
    if (o.moon !== undefined)
      throw new InputError(`${field}.day`, o.day, "give either moon or day, not both");
    const day = readNumber(o.day, `${field}.day`, { integer: true, min: 1, max: 30 });
    return { moon: moonOfDay(day), sky };
  }
  return { moon: readMoon(o.moon, `${field}.moon`), sky };
}

function readSky(value: unknown, field: string): Sky {
  if (typeof value !== "string" || !(SKIES as readonly string[]).includes(value))
    throw new InputError(field, value, `expected one of ${SKIES.join(", ")}`);
  return value as Sky;
}

function readMoon(value: unknown, field: string): Moon {
  if (typeof value !== "string" || !(MOONS as readonly string[]).includes(value))
    throw new InputError(field, value, `expected one of ${MOONS.join(", ")} (or a day)`);
  return value as Moon;
}

const COLUMN = { integer: true, min: -50, max: 100 } as const;

function readClasses(value: unknown, field: string): WeaponClasses {
  const o = readObject(value, field);
  checkKeys(o, field, ["attack", "defence"]);
  return {
    attack: readNumber(o.attack, `${field}.attack`, COLUMN),
    defence: readNumber(o.defence, `${field}.defence`, COLUMN),
  };
}

function readMounted(
  value: unknown,
  field: string,
  shield: boolean,
): Mounted & { shield?: boolean } {
  const o = readObject(value, field);
  checkKeys(o, field, shield ? ["teamInitiative", "ml", "shield"] : ["teamInitiative", "ml"]);
  const ml = { integer: true, min: 0, max: 200 } as const;
  const out: Mounted & { shield?: boolean } = {
    teamInitiative: readNumber(o.teamInitiative, `${field}.teamInitiative`, ml),
    ml: readNumber(o.ml, `${field}.ml`, ml),
  };
  if (shield && o.shield !== undefined) out.shield = readBoolean(o.shield, `${field}.shield`);
  return out;
}

function readSkill(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new InputError(field, value, "expected the weapon's skill");
  return value.trim();
}

function readFeint(value: unknown, field: string, skill: string | undefined): number {
  const feint = readNumber(value, field, { integer: true, min: 1, max: 500 });
  if (skill && FLEXIBLE_SKILLS.includes(skill.toLowerCase()))
    throw new InputError(
      field,
      feint,
      `a ${skill} cannot feint (flexible weapons: flails, nets, whips; seed 000 line 125)`,
    );
  return feint;
}

/** The −half a foe's feint takes off this side, kept apart when the 05 floor is checked. */
const FOE_KEYS: readonly string[] = ["gold.feinted", "gold.counterFeinted"];

/** A feint may not bring the feinter's own EML below 05 (000:119; G33). */
function checkFeintFloor(target: Target, field: string, feint: number): void {
  let own = target.raw;
  for (const m of target.modifiers) if (FOE_KEYS.includes(m.key)) own -= m.value;
  if (own < EML_MIN)
    throw new InputError(
      field,
      feint,
      `a feint may not reduce the EML below 05 (seed 000 line 119): it would be ${own}`,
    );
}

/** Whether the aspect is a thrust (ruling G32: Point). */
const thrusts = (aspect: string): boolean => aspect === "point";

interface StrikeModInput {
  type: "melee" | "missile" | "counterstrike";
  aspect: string;
  field: string;
  options: Readonly<Partial<GoldOptions>>;
  darkness: Darkness | undefined;
  dodged: boolean;
  recovering: boolean;
  weaponClass: WeaponClasses | undefined;
  mounted: Mounted | undefined;
}

/** The modifiers an attack roll (an attack or a counterstrike) takes from its own fields. */
function strikeMods(s: StrikeModInput): Modifier[] {
  const mods: Modifier[] = [];
  if (s.darkness)
    mods.push(mod("gold.darkness", DARKNESS_PENALTY[s.darkness.sky][s.darkness.moon]));
  if (s.dodged) mods.push(mod("gold.dodged", DODGED_PENALTY));
  let column = s.weaponClass?.attack ?? 0;
  if (s.recovering) {
    mods.push(mod("gold.strikeRecovery", recoveryModifier(s.weaponClass!)));
    column = Math.min(s.weaponClass!.attack, s.weaponClass!.defence);
  }
  if (
    s.darkness &&
    s.type !== "missile" &&
    goldOn(s.options, "darknessThrusting") &&
    thrusts(s.aspect)
  ) {
    if (!s.weaponClass)
      throw new InputError(
        `${s.field}.weaponClass`,
        undefined,
        "a thrust in darkness halves the weapon's Attack column (seed 000 line 83): give { attack, defence }",
      );
    mods.push(mod("gold.darknessThrusting", darkThrustModifier(column)));
  }
  if (s.mounted) {
    mods.push(mod("gold.mounted", mountedEmlModifier(s.mounted)));
    mods.push(mod("gold.mountedAttackClass", ONE_CLASS));
  }
  return mods;
}

/** The attack fields of this group (docs/cli.md). */
export const EML_ATTACK_FIELDS: readonly string[] = Object.freeze([
  "feint",
  "darkness",
  "dodged",
  "recovering",
  "weaponClass",
  "weaponSkill",
  "mounted",
]);

/** The defence fields of this group (docs/cli.md). */
export const EML_DEFENCE_FIELDS: readonly string[] = Object.freeze([
  "feint",
  "dodged",
  "recovering",
  "weaponClass",
  "weaponSkill",
  "mounted",
]);

interface AttackLike extends EmlAttack {
  type: "melee" | "missile";
  aspect: string;
  target: Target;
}

/**
 * Reads this group's attack fields from the raw `attack` object into `attack` and adds their
 * modifiers to its target (parse.ts `parseDeclaration`).
 */
export function readEmlAttack(
  raw: Record<string, unknown>,
  attack: AttackLike,
  options: Readonly<Partial<GoldOptions>>,
): void {
  const f = "attack";
  if (raw.weaponClass !== undefined)
    attack.weaponClass = readClasses(raw.weaponClass, `${f}.weaponClass`);
  if (raw.weaponSkill !== undefined)
    attack.weaponSkill = readSkill(raw.weaponSkill, `${f}.weaponSkill`);
  if (raw.darkness !== undefined) {
    requireGold(options, "darkness", `${f}.darkness`, raw.darkness);
    attack.darkness = readDarkness(raw.darkness, `${f}.darkness`);
  }
  if (raw.dodged !== undefined) {
    requireGold(options, "dodging", `${f}.dodged`, raw.dodged);
    if (readBoolean(raw.dodged, `${f}.dodged`)) attack.dodged = true;
  }
  if (raw.recovering !== undefined) {
    requireGold(options, "strikeRecovery", `${f}.recovering`, raw.recovering);
    if (readBoolean(raw.recovering, `${f}.recovering`)) {
      if (attack.type === "missile")
        throw new InputError(
          `${f}.recovering`,
          true,
          "strike recovery is for a melee weapon striking again (seed 000 line 340)",
        );
      if (!attack.weaponClass)
        throw new InputError(
          `${f}.weaponClass`,
          undefined,
          "strike recovery needs the weapon's { attack, defence } columns (seed 000 line 340)",
        );
      attack.recovering = true;
    }
  }
  if (raw.mounted !== undefined) {
    requireGold(options, "mountedCombat", `${f}.mounted`, raw.mounted);
    if (attack.type === "missile")
      throw new InputError(
        `${f}.mounted`,
        raw.mounted,
        "the mounted rule is a melee attack against adjacent foot (seed 000 line 181)",
      );
    attack.mounted = readMounted(raw.mounted, `${f}.mounted`, false);
  }
  const mods = strikeMods({
    type: attack.type,
    aspect: attack.aspect,
    field: f,
    options,
    darkness: attack.darkness,
    dodged: attack.dodged === true,
    recovering: attack.recovering === true,
    weaponClass: attack.weaponClass,
    mounted: attack.mounted,
  });
  let feint: number | undefined;
  if (raw.feint !== undefined) {
    requireGold(options, "feint", `${f}.feint`, raw.feint);
    feint = readFeint(raw.feint, `${f}.feint`, attack.weaponSkill);
    if (attack.type === "missile")
      throw new InputError(
        `${f}.feint`,
        feint,
        "a feint is a melee (or grapple) attack (seed 000 line 119)",
      );
    attack.feint = feint;
    mods.push(mod("gold.feint", -feint));
  }
  // The foe's counter-feint (gold.counterFeinted) comes with the defence (`attackTargetAgainst`).
  const owned = EML_KEYS.filter((k) => k !== "gold.counterFeinted");
  attack.target = withEml(attack.target, mods, `${f}.eml`, owned);
  if (feint !== undefined) checkFeintFloor(attack.target, `${f}.feint`, feint);
}

interface DefenceLike extends EmlDefence {
  type: string;
  target?: Target;
  strike?: { aspect: string };
}

interface DeclLike {
  attack: EmlAttack;
  options: Readonly<Partial<GoldOptions>>;
}

/**
 * Reads this group's defence fields from the raw `defence` into `defence` and adds to its
 * target its own modifiers and what the attack's declaration imposes on it: the attacker's
 * feint (−half, 000:119) and the darkness (all combat skills, 000:73; G31).
 */
export function readEmlDefence(
  raw: Record<string, unknown>,
  defence: DefenceLike,
  decl: DeclLike,
): void {
  const f = "defence";
  const { options, attack } = decl;
  const counter = defence.type === "counterstrike";
  const onlyCounter = (key: string, what: string) => {
    if (!counter) throw new InputError(`${f}.${key}`, raw[key], `${what}: only on a counterstrike`);
  };
  if (raw.weaponClass !== undefined)
    defence.weaponClass = readClasses(raw.weaponClass, `${f}.weaponClass`);
  if (raw.weaponSkill !== undefined)
    defence.weaponSkill = readSkill(raw.weaponSkill, `${f}.weaponSkill`);
  if (raw.dodged !== undefined) {
    requireGold(options, "dodging", `${f}.dodged`, raw.dodged);
    const dodged = readBoolean(raw.dodged, `${f}.dodged`);
    if (dodged) {
      onlyCounter("dodged", "a Dodge costs the next attack roll (seed 000 line 97)");
      defence.dodged = true;
    }
  }
  if (raw.recovering !== undefined) {
    requireGold(options, "strikeRecovery", `${f}.recovering`, raw.recovering);
    if (readBoolean(raw.recovering, `${f}.recovering`)) {
      onlyCounter(
        "recovering",
        "strike recovery is for a weapon striking again (seed 000 line 340)",
      );
      if (!defence.weaponClass)
        throw new InputError(
          `${f}.weaponClass`,
          undefined,
          "strike recovery needs the weapon's { attack, defence } columns (seed 000 line 340)",
        );
      defence.recovering = true;
    }
  }
  if (raw.mounted !== undefined) {
    requireGold(options, "mountedCombat", `${f}.mounted`, raw.mounted);
    if (defence.type !== "block" && !counter)
      throw new InputError(
        `${f}.mounted`,
        raw.mounted,
        "a rider's Defence and Attack Classes change a Block or a Counterstrike (seed 000 line 184)",
      );
    defence.mounted = readMounted(raw.mounted, `${f}.mounted`, true);
  }
  let feint: number | undefined;
  if (raw.feint !== undefined) {
    requireGold(options, "feintingCounterstrikes", `${f}.feint`, raw.feint);
    feint = readFeint(raw.feint, `${f}.feint`, defence.weaponSkill);
    onlyCounter("feint", "a defender feints when counterstriking (seed 000 line 127)");
    defence.feint = feint;
  }
  if (!defence.target) return; // Ignore rolls nothing: nothing to modify.

  const mods: Modifier[] = [];
  if (attack.feint !== undefined) mods.push(mod("gold.feinted", feintPenalty(attack.feint)));
  if (counter) {
    mods.push(
      ...strikeMods({
        type: "counterstrike",
        aspect: defence.strike?.aspect ?? "",
        field: f,
        options,
        darkness: attack.darkness,
        dodged: defence.dodged === true,
        recovering: defence.recovering === true,
        weaponClass: defence.weaponClass,
        mounted: defence.mounted,
      }),
    );
  } else {
    if (attack.darkness)
      mods.push(mod("gold.darkness", DARKNESS_PENALTY[attack.darkness.sky][attack.darkness.moon]));
    if (defence.mounted && !defence.mounted.shield)
      mods.push(mod("gold.mountedDefenceClass", -ONE_CLASS));
  }
  if (feint !== undefined) mods.push(mod("gold.feint", -feint));
  defence.target = withEml(defence.target, mods, `${f}.eml`);
  if (feint !== undefined) checkFeintFloor(defence.target, `${f}.feint`, feint);
}

/**
 * The attack's target against a defence: a feinting counterstrike costs the attacker half of
 * it (000:127, cumulative with his own feint; G34). The attack's own target otherwise.
 */
export function attackTargetAgainst(attack: { target: Target }, defence: EmlDefence): Target {
  if (defence.feint === undefined) return attack.target;
  return withEml(
    attack.target,
    [mod("gold.counterFeinted", feintPenalty(defence.feint))],
    "attack.eml",
    ["gold.counterFeinted"],
  );
}

/** Copies this group's defence fields (for the result's recorded choice, hot.ts copyDefence). */
export function copyEmlDefence(d: EmlDefence): EmlDefence {
  const out: EmlDefence = {};
  if (d.feint !== undefined) out.feint = d.feint;
  if (d.dodged !== undefined) out.dodged = d.dodged;
  if (d.recovering !== undefined) out.recovering = d.recovering;
  if (d.weaponClass !== undefined) out.weaponClass = { ...d.weaponClass };
  if (d.weaponSkill !== undefined) out.weaponSkill = d.weaponSkill;
  if (d.mounted !== undefined) out.mounted = { ...d.mounted };
  return out;
}

// ── Mounted: AF and AS become AU ─────────────────────────────────────────────────────────────

/** Whether a result code is an AU for this attack (000:185): a mounted attacker's AF or AS. */
export function unhorsingCode(
  attack: EmlAttack,
  options: Readonly<Partial<GoldOptions>>,
  code: ResultCode,
): "AF" | "AS" | null {
  if (!attack.mounted || !goldOn(options, "mountedCombat")) return null;
  return code === "AF" || code === "AS" ? code : null;
}

/**
 * The Attacker Unhorsing Roll (000:185; ruling G38), rolled as `attackerUnhorsing`: d100 against
 * the Team Initiative (clamped 5..95); a failure (MF or CF) unhorses the rider.
 */
export function unhorsingRoll(dice: Dice, code: "AF" | "AS", mounted: Mounted): Unhorsing {
  const target = Math.min(EML_MAX, Math.max(EML_MIN, mounted.teamInitiative));
  const roll = rollOne(dice, "attackerUnhorsing", 100, LEVEL_HINT, target);
  const level = successLevel(roll, target);
  return { code, roll, target, level, unhorsed: level === "MF" || level === "CF" };
}

/** The effects of this group's result fields: an unhorsed rider falls (prone). */
export function emlEffects(result: { unhorsing?: Unhorsing }): Effect[] {
  return result.unhorsing?.unhorsed
    ? [{ type: "condition", to: "attacker", condition: "prone", cause: "unhorsing" }]
    : [];
}
