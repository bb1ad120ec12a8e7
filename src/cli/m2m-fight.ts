/**
 * `cli fight A B` for GURPS Man to Man actors (issue 16): one m2m exchange, A attacking B, built
 * from the two actors' derived figures (the registered derivation, `fighterFromSource` with the
 * m2m ruleset) and resolved by the engine through the `resolve` contract, so the exchange can be
 * replayed: the output carries the `resolve` input it ran (`input`, with its seed) and the
 * result's rolls.
 *
 * - The attacker uses the first ready hand weapon's first attack mode (or, with no hand weapon,
 *   the first ready ranged weapon), or the weapon and mode `--weapon` (an item's name or id)
 *   and `--mode` (the mode's number from 1, or its attack id `swing-cut`, or
 *   `<technique>:<attack>` when the item has several techniques) choose. Its skill is the
 *   effective level the derivation gives for the mode's skill, with the shock of last turn's
 *   wounds (L1866) and the attacker's position (L2067–2073). Damage is the ST's basic damage
 *   plus the mode's modifier, capped by its maximum damage (§7.2, L972–978), plus a fine
 *   weapon's bonus (L998–1006). The hit location is rolled (`random`), or aimed at with
 *   `--location` (its penalty in the skill, L2450–2474).
 * - A ranged weapon (an item of the m2m-ranged-weapons pack, §12) shoots at `--range` yards
 *   after `--aim` turns of aim (0, the default: a snap shot, −4; L1640–1644, L2885–2895): the
 *   engine's `rangeModifiers` give point blank (+4, and +1 damage for a missile weapon), the
 *   range increments, half damage and the maximum range (L2903–2932, A12). Its ranges and damage
 *   come from the item block (`rangedAttack`: the bow's ST for a crossbow, L2853). Man to Man
 *   has no target-speed modifier for a fighter (the moving-target row, L3543–3553, is for
 *   objects): range alone counts.
 * - The defender takes the allowed active defence (§6.2–§6.5, `allowedDefences`, against a hand,
 *   thrown or missile attack) with the highest score after its modifiers, a tie going to Dodge,
 *   then Block, then Parry (a parry risks the weapon): Dodge, Block with a ready shield, Parry
 *   with the ready weapon of the best Parry. Passive defence is the PD of the location struck
 *   (L2404, L2476; against impaling when the attack impales, chainmail L1136–1138): the location
 *   aimed at (the torso when an aimed head blow misses by one, L2442), the location a random
 *   melee swing rolls before its attack (L2432, ruling M2: the engine rolls it first, so the
 *   same seed gives it here), and the torso's when the location is rolled after the hit (a
 *   random ranged attack; A9, ruling M95). DR is the derived armour DR of each hit location
 *   (`exchangeDr`: a suit or layered pieces), Toughness apart (L622). Damage and break
 *   resistance come from the item block's own conversion (`meleeAttack`: a fine weapon's +1
 *   inside the MD cap, ruling M94).
 */
import type { FighterSnapshot } from "../core/combat";
import { ScriptedDice, SeededDice } from "../core/dice";
import { InputError } from "../core/errors";
import type { Modifier } from "../core/modifiers";
import { attackModifier, attackTarget } from "../rules/m2m/attack";
import type { DerivedCharacter } from "../rules/m2m/character";
import { formatDamageExpr } from "../rules/m2m/damage";
import {
  allowedDefences,
  PARRY_WEAPON_KINDS,
  type AttackKind,
  type DefenceOption,
} from "../rules/m2m/defence";
import { startExchange } from "../rules/m2m/exchange";
import { aimPenalty } from "../rules/m2m/location";
import { parseDeclaration } from "../rules/m2m/parse";
import { rangeModifiers } from "../rules/m2m/ranged";
import type { DamageExpr, HitLocation } from "../rules/m2m/types";
import { exchangeDr } from "../rules/m2m/worn-armour";
import type { M2mCharacterBlock } from "../foundry/rulesets/m2m/character-data";
import type { M2mActorDerived, M2mWeaponFigures } from "../foundry/rulesets/m2m/character-input";
import type {
  M2mMeleeMode,
  M2mMissileBlock,
  M2mWeaponBlock,
} from "../foundry/rulesets/m2m/item-data";
import { meleeAttack, rangedAttack } from "../foundry/rulesets/m2m/item-convert";
import { resolveInput } from "../rules/resolve";

type Obj = Record<string, unknown>;

/**
 * What the options chose: `--weapon` and `--mode` (absent: the first ready weapon's first mode),
 * `--range` and `--aim` for a ranged weapon, `--location` (absent: `random`).
 */
export interface M2mFightFlags {
  weapon?: string;
  mode?: string;
  /** Yards to the target: a ranged weapon needs it. */
  range?: number;
  /** Turns of aim before the shot (0: a snap shot). */
  aim?: number;
  /** A hit location aimed at, or `random`. */
  location?: string;
  /**
   * The defender's answer (absent: the best one, as below): one of `m2mDefenceChoices`, a
   * parry naming the parrying weapon's item id. A defence not allowed is refused.
   */
  defence?: { type: "dodge" | "block" | "parry" | "none"; weapon?: string };
  /** `--modifier`: the situational modifier to the attack (−30 to +30, as the flow takes it). */
  modifier?: number;
}

/**
 * The farthest `fight --range` in yards: beyond any maximum range of the ranged weapon table at
 * a human ST (a crossbow's ST × 25 is 750 yd at ST 30, L4373–4408); a longer one is a typo.
 */
export const MAX_RANGE_YARDS = 1000;

/** The most turns of aim that count: one turn, then up to 3 more at +1 each (L1642, L2889). */
export const MAX_AIM_TURNS = 4;

/** The bounds of `--modifier` (the flow's bounds of a user's own modifier). */
export const M2M_MODIFIER_RANGE = Object.freeze({ min: -30, max: 30 });

export interface M2mFightOutcome {
  seed: number;
  ruleset: "m2m";
  attacker: string;
  defender: string;
  attack: {
    item: string;
    /** The mode as `<technique>:<attack>` (`axe:swing-cut`), or `ranged` for a ranged weapon. */
    mode: string;
    skill: string;
    damage: string;
    type: string;
    /** The effective skill: the level with `modifiers`. */
    target: number;
    /** What the level was modified by (shock, posture, aim, range, the location aimed at). */
    modifiers: Modifier[];
    /** The location aimed at, or `random`. */
    location: HitLocation | "random";
    /** A ranged attack's range, aim and what they gave; null for a hand weapon. */
    range: {
      yards: number;
      aim: number;
      pointBlank: number;
      increment: number;
      halfDamageAt: number | null;
      max: number;
      halfDamage: boolean;
    } | null;
  };
  defence: {
    option: "dodge" | "block" | "parry" | "none";
    item: string | null;
    score: number;
    pd: number;
    /** The location whose PD counts (the torso's when the location is rolled after the hit). */
    pdLocation: HitLocation;
    target: number;
  };
  /** The `resolve` input this exchange ran: `cli resolve` on it prints the same result. */
  input: Obj;
  result: unknown;
}

/** The m2m figures of a fighter snapshot taken with the m2m ruleset. */
function figures(f: FighterSnapshot): { block: M2mCharacterBlock; derived: M2mActorDerived } {
  return {
    block: (f.system as { m2m: M2mCharacterBlock }).m2m,
    derived: f.derived as M2mActorDerived,
  };
}

/** A weapon's item name as the actor's document gives it (the figures may name its table row). */
const itemName = (f: FighterSnapshot, w: M2mWeaponFigures): string =>
  f.items.find((i) => i.id === w.id)?.name ?? w.name;

const modeId = (m: M2mMeleeMode) => `${m.technique}:${m.attack}`;

function weaponBlock(f: FighterSnapshot, id: string): M2mWeaponBlock | null {
  const item = f.items.find((i) => i.id === id);
  if (!item || item.type !== "weapon") return null;
  return ((item.system as Obj).m2m as M2mWeaponBlock | undefined) ?? null;
}

function missileBlock(f: FighterSnapshot, id: string): M2mMissileBlock | null {
  const item = f.items.find((i) => i.id === id);
  if (!item || item.type !== "missile") return null;
  return ((item.system as Obj).m2m as M2mMissileBlock | undefined) ?? null;
}

/** The attack chosen: a hand weapon's mode, or a ranged weapon. */
export type ChosenAttack =
  | { ranged: false; weapon: M2mWeaponFigures; block: M2mWeaponBlock; mode: M2mMeleeMode }
  | { ranged: true; weapon: M2mWeaponFigures; block: M2mMissileBlock };

/**
 * The attacker's weapon and mode: the flags', or the first ready hand weapon's first mode, or
 * the first ready ranged weapon.
 */
export function chooseAttack(f: FighterSnapshot, flags: M2mFightFlags = {}): ChosenAttack {
  const { derived } = figures(f);
  const ready = derived.weapons;
  let weapon: M2mWeaponFigures | undefined;
  if (flags.weapon !== undefined) {
    const want = flags.weapon.trim().toLowerCase();
    const item = f.items.find((i) => i.id === flags.weapon || i.name.toLowerCase() === want);
    if (!item) {
      const names = ready.map((w) => itemName(f, w)).join(", ") || "none";
      throw new InputError("--weapon", flags.weapon, `no such item (ready weapons: ${names})`);
    }
    weapon = ready.find((w) => w.id === item.id);
    if (item.type === "missile") {
      const block = missileBlock(f, item.id);
      if (!weapon || !block)
        throw new InputError("--weapon", flags.weapon, "not a ready ranged weapon (equip it)");
      return { ranged: true, weapon, block };
    }
    if (!weapon || !weaponBlock(f, item.id)?.modes.length)
      throw new InputError("--weapon", flags.weapon, "not a ready hand weapon");
  } else {
    weapon = ready.find((w) => (weaponBlock(f, w.id)?.modes.length ?? 0) > 0);
    if (!weapon) {
      const shooter = ready.find((w) => missileBlock(f, w.id) !== null);
      if (shooter) return { ranged: true, weapon: shooter, block: missileBlock(f, shooter.id)! };
      throw new InputError("items", ready.length, "no ready hand or ranged weapon to attack with");
    }
  }
  const block = weaponBlock(f, weapon.id)!;
  let mode = block.modes[0]!;
  if (flags.mode !== undefined) {
    const text = flags.mode.trim();
    const list = block.modes.map((m, i) => `${i + 1} ${modeId(m)}`).join(", ");
    const byNumber = /^\d+$/.test(text) ? block.modes[Number(text) - 1] : undefined;
    const byId = block.modes.filter((m) => m.attack === text || modeId(m) === text);
    if (byNumber) mode = byNumber;
    else if (byId.length === 1) mode = byId[0]!;
    else
      throw new InputError(
        "--mode",
        flags.mode,
        byId.length > 1
          ? `names ${byId.length} modes of ${itemName(f, weapon)}: give <technique>:<attack> (${list})`
          : `not a mode of ${itemName(f, weapon)} (${list})`,
      );
  }
  return { ranged: false, weapon, block, mode };
}

/** One active defence the defender may take against an attack kind, with its score. */
export interface M2mDefenceChoice {
  type: "dodge" | "block" | "parry" | "none";
  /** The parrying weapon (a parry); null otherwise. */
  weapon: M2mWeaponFigures | null;
  /** The active defence score after its modifiers (0 for none). */
  score: number;
  /** `allowedDefences`' answer (none is always allowed). */
  option: DefenceOption | null;
}

/** The defender's context for `allowedDefences`, parrying with `parryWith`. */
function defenceOptions(
  f: FighterSnapshot,
  kind: AttackKind,
  parryWith: M2mWeaponFigures | null,
): DefenceOption[] {
  const { block, derived } = figures(f);
  const parryKind = parryWith?.parry?.kind;
  return allowedDefences(
    { kind },
    {
      stunned: block.encounter.stunned,
      unconscious: block.encounter.unconscious || block.encounter.dead,
      readyWeapon: parryWith !== null,
      readyShield: derived.character.block !== null,
      weaponKind:
        parryKind && (PARRY_WEAPON_KINDS as readonly string[]).includes(parryKind)
          ? parryKind
          : (parryWith?.skill ?? "weapon"),
      posture: block.encounter.position,
      lostBalance: block.encounter.offBalance,
    },
  );
}

/** The weapons that can parry, best Parry first. */
function parryWeapons(f: FighterSnapshot): M2mWeaponFigures[] {
  return figures(f)
    .derived.weapons.filter((w) => w.parry !== null && !w.parry.onlyVsUnarmed)
    .sort((a, b) => b.parry!.value - a.parry!.value);
}

/**
 * Every active defence `f` may take against an attack of `kind` (§6.2–§6.5): Dodge, Block, a
 * Parry with each weapon that can parry, then none; each allowed or not by `allowedDefences`,
 * with its score after the modifiers.
 */
export function m2mDefenceChoices(f: FighterSnapshot, kind: AttackKind): M2mDefenceChoice[] {
  const c = figures(f).derived.character;
  const out: M2mDefenceChoice[] = [];
  const score = (o: DefenceOption, base: number) => Math.max(0, base + o.modifier);
  for (const o of defenceOptions(f, kind, null)) {
    if (o.defence === "dodge")
      out.push({ type: "dodge", weapon: null, score: score(o, c.dodge.value), option: o });
    if (o.defence === "block")
      out.push({ type: "block", weapon: null, score: score(o, c.block?.value ?? 0), option: o });
  }
  for (const w of parryWeapons(f)) {
    const o = defenceOptions(f, kind, w).find((x) => x.defence === "parry");
    if (o) out.push({ type: "parry", weapon: w, score: score(o, w.parry!.value), option: o });
  }
  out.push({ type: "none", weapon: null, score: 0, option: null });
  return out;
}

/** The best allowed active defence and its score. */
function chooseDefence(
  f: FighterSnapshot,
  kind: AttackKind,
): { option: DefenceOption | null; score: number; parryWith: M2mWeaponFigures | null } {
  const c = figures(f).derived.character;
  const parryWith = parryWeapons(f)[0] ?? null;
  const options = defenceOptions(f, kind, parryWith);
  const base = (o: DefenceOption): number =>
    o.defence === "dodge"
      ? c.dodge.value
      : o.defence === "block"
        ? (c.block?.value ?? 0)
        : (parryWith?.parry?.value ?? 0);
  let best: DefenceOption | null = null;
  let score = 0;
  for (const o of options) {
    if (!o.allowed) continue;
    const s = Math.max(0, base(o) + o.modifier);
    if (!best || s > score) {
      best = o;
      score = s;
    }
  }
  return { option: best, score, parryWith: best?.defence === "parry" ? parryWith : null };
}

/** The defence the flags name: one of `m2mDefenceChoices`, allowed; refused by name otherwise. */
function namedDefence(
  f: FighterSnapshot,
  kind: AttackKind,
  wanted: NonNullable<M2mFightFlags["defence"]>,
): ReturnType<typeof chooseDefence> {
  const choices = m2mDefenceChoices(f, kind);
  const found = choices.find(
    (c) => c.type === wanted.type && (c.type !== "parry" || c.weapon?.id === wanted.weapon),
  );
  const text = wanted.weapon ? `${wanted.type} ${wanted.weapon}` : wanted.type;
  if (!found)
    throw new InputError(
      "defence",
      text,
      `not a defence of ${f.name} (${choices.map((c) => (c.weapon ? `${c.type} ${c.weapon.id}` : c.type)).join(", ")})`,
    );
  if (found.option && !found.option.allowed)
    throw new InputError("defence", text, found.option.reason ?? "not allowed against this attack");
  return { option: found.option, score: found.score, parryWith: found.weapon };
}

/** The `resolve` combatant figures of an actor: HT, HP, armour DR by location, Toughness. */
function combatant(f: FighterSnapshot, impaling: boolean): Obj {
  const { block, derived } = figures(f);
  const c: DerivedCharacter = derived.character;
  const out: Obj = {
    ht: c.attributes.ht,
    hp: block.hp,
    toughness: c.toughness,
    shield: c.block !== null,
    crippled: [...block.encounter.crippled],
  };
  // The armour's DR on each hit location, as the engine derives it (suits or layered pieces).
  out.dr = exchangeDr(c.locations, impaling ? "imp" : "cr");
  return out;
}

/** What the attack puts in the `resolve` input, with what the outcome shows of it. */
interface AttackPlan {
  item: string;
  mode: string;
  skill: M2mMeleeMode["skill"] | M2mMissileBlock["skill"];
  damage: DamageExpr;
  type: M2mMeleeMode["type"];
  breakResistant: boolean;
  /** The attack kind the defender's options are checked against (§6.4). */
  kind: AttackKind;
  /** Modifiers particular to the weapon (aim, range, point blank). */
  modifiers: Modifier[];
  halfDamage: boolean;
  range: M2mFightOutcome["attack"]["range"];
}

/** A hand weapon's mode as an attack; `--range` and `--aim` are refused (a shot's only). */
function meleePlan(
  a: FighterSnapshot,
  c: Extract<ChosenAttack, { ranged: false }>,
  flags: M2mFightFlags,
): AttackPlan {
  const item = itemName(a, c.weapon);
  for (const [flag, value] of [
    ["--range", flags.range],
    ["--aim", flags.aim],
  ] as const)
    if (value !== undefined)
      throw new InputError(flag, value, `for a ranged weapon only: ${item} is a hand weapon`);
  // The item block's own conversion: quality bonus inside the MD cap (ruling M94), quality's
  // break resistance (L1006).
  const st = figures(a).derived.character.attributes.st;
  const melee = meleeAttack(c.block, c.block.modes.indexOf(c.mode), st);
  return {
    item,
    mode: modeId(c.mode),
    skill: c.mode.skill,
    damage: melee.damage!,
    type: c.mode.type,
    breakResistant: melee.breakResistant,
    kind: c.mode.flail ? "flail" : "melee",
    modifiers: [],
    halfDamage: false,
    range: null,
  };
}

/**
 * A ranged weapon's shot at `--range` yards after `--aim` turns (§12.2–§12.3): its damage and
 * ranges from the item block (`rangedAttack`), the aim and range modifiers from the engine's
 * `rangeModifiers`, +1 damage for a missile weapon at point blank (L2907).
 */
function rangedPlan(
  a: FighterSnapshot,
  c: Extract<ChosenAttack, { ranged: true }>,
  flags: M2mFightFlags,
): AttackPlan {
  const item = itemName(a, c.weapon);
  const field = flags.weapon === undefined ? "items" : "--weapon";
  if (flags.mode !== undefined)
    throw new InputError("--mode", flags.mode, `${item} is a ranged weapon: it has no modes`);
  const character = figures(a).derived.character;
  const shot = rangedAttack(c.block, character.attributes.st);
  if (!shot.attack)
    throw new InputError(
      field,
      flags.weapon ?? item,
      `${item} does no damage an exchange resolves (the oil flask burns, L3044-3062)`,
    );
  if (flags.range === undefined)
    throw new InputError(
      "--range",
      undefined,
      `${item} is a ranged weapon: give the range to the target in yards`,
    );
  const r = shot.ranges;
  const skill = character.skills[c.block.skill];
  const result = rangeModifiers(
    flags.range,
    {
      pointBlank: r.pointBlank,
      increment: r.increment,
      halfDamage: r.halfDamage,
      max: r.max,
      missile: r.missile,
      thrown: r.thrown,
    },
    { aimTurns: flags.aim ?? 0, defaultSkill: skill !== undefined && skill.from !== "points" },
  );
  if (result.outOfRange)
    throw new InputError(
      "--range",
      flags.range,
      `beyond ${item}'s maximum range, ${r.max} yd at ST ${r.st} (L2913)`,
    );
  const damage = shot.attack.damage!;
  return {
    item,
    mode: "ranged",
    skill: c.block.skill,
    damage: { dice: damage.dice, adds: damage.adds + result.pointBlankDamageBonus },
    type: shot.attack.type,
    breakResistant: false,
    kind: c.block.kind,
    modifiers: result.modifiers,
    halfDamage: result.halfDamage,
    range: {
      yards: flags.range,
      aim: flags.aim ?? 0,
      pointBlank: r.pointBlank,
      increment: r.increment,
      halfDamageAt: r.halfDamage,
      max: r.max,
      halfDamage: result.halfDamage,
    },
  };
}

/** `--location`: `random`, or a location the attack can aim at (face and vitals: impaling). */
function aimedAt(flags: M2mFightFlags): HitLocation | "random" {
  return (flags.location ?? "random") as HitLocation | "random";
}

/**
 * The location the engine settles before the defence with these dice (an aimed location, the
 * torso for a head blow missing by one, a random melee swing's roll), or null when it is rolled
 * after the hit (a random ranged attack). The engine rolls the same dice for the same seed, so
 * `resolve` on the input finds the same location.
 */
function settledLocation(input: Obj, seed: number): HitLocation | null {
  const rest: Obj = { ...input };
  delete rest.ruleset;
  delete rest.seed;
  return startExchange(parseDeclaration(rest), new ScriptedDice({}, new SeededDice(seed))).location;
}

/** One m2m exchange, A attacking B, with the dice of `seed`. */
export function m2mFightExchange(
  a: FighterSnapshot,
  b: FighterSnapshot,
  seed: number,
  flags: M2mFightFlags = {},
): M2mFightOutcome {
  const { block: ab, derived: ad } = figures(a);
  const chosen = chooseAttack(a, flags);
  const plan = chosen.ranged ? rangedPlan(a, chosen, flags) : meleePlan(a, chosen, flags);
  const level = ad.character.skills[plan.skill]?.effective;
  if (!level)
    throw new InputError(
      flags.mode === undefined ? "items" : "--mode",
      plan.mode,
      `${a.name} has no level in ${plan.skill}, the skill of ${plan.item}${chosen.ranged ? "" : "'s mode"}`,
    );
  const bc = figures(b).derived.character;
  const location = aimedAt(flags);
  const mods: Modifier[] = [...plan.modifiers];
  if (ab.encounter.shock > 0) mods.push(attackModifier("shock", { hits: ab.encounter.shock }));
  if (ab.encounter.position !== "standing")
    mods.push(
      attackModifier("posture", {
        position: ab.encounter.position,
        crossbow: plan.skill === "crossbow",
      }),
    );
  if (location !== "random") {
    let value: number;
    try {
      value = aimPenalty(location, { shield: bc.block !== null, type: plan.type });
    } catch (e) {
      if (e instanceof InputError)
        throw new InputError("--location", location, `${e.reason} (${plan.item}, L2458, L2517)`);
      throw e;
    }
    if (value !== 0) mods.push(attackModifier("hit-location", { value }));
  }
  if (flags.modifier !== undefined && flags.modifier !== 0) {
    const { min, max } = M2M_MODIFIER_RANGE;
    if (!Number.isInteger(flags.modifier) || flags.modifier < min || flags.modifier > max)
      throw new InputError(
        "--modifier",
        flags.modifier,
        `expected a whole number ${min} to ${max}`,
      );
    mods.push({ key: "attack.user", value: flags.modifier, source: "user (--modifier)" });
  }
  const skill = attackTarget(level.value, mods).value;
  const damage = formatDamageExpr(plan.damage);
  const impaling = plan.type === "imp";
  const d = flags.defence ? namedDefence(b, plan.kind, flags.defence) : chooseDefence(b, plan.kind);
  const defence: Obj = d.option
    ? { type: d.option.defence, score: d.score, pd: 0 }
    : { type: "none", pd: 0 };
  if (d.parryWith) {
    const pb = weaponBlock(b, d.parryWith.id);
    const pm = pb?.modes[0];
    if (pb && pm) {
      const parrying = meleeAttack(pb, 0, bc.attributes.st);
      defence.weapon = {
        damage: formatDamageExpr(parrying.damage!),
        type: pm.type,
        unarmed: false,
        breakResistant: parrying.breakResistant,
      };
    }
  }
  const input: Obj = {
    ruleset: "m2m",
    attack: {
      skill,
      damage,
      type: plan.type,
      target: location,
      ranged: chosen.ranged,
      breakResistant: plan.breakResistant,
      ...(plan.halfDamage ? { halfDamage: true } : {}),
    },
    defence,
    defender: combatant(b, impaling),
    attacker: combatant(a, false),
    seed,
  };
  // The PD of the location struck: settled before the defence, or the torso's (A9, M95).
  const pdLocation = settledLocation(input, seed) ?? "torso";
  const at = bc.locations[pdLocation];
  const pd = impaling ? at.pdVsImpaling.value : at.pd.value;
  defence.pd = pd;
  const out = resolveInput(input);
  return {
    seed,
    ruleset: "m2m",
    attacker: a.name,
    defender: b.name,
    attack: {
      item: plan.item,
      mode: plan.mode,
      skill: plan.skill,
      damage,
      type: plan.type,
      target: skill,
      modifiers: mods,
      location,
      range: plan.range,
    },
    defence: {
      option: d.option?.defence ?? "none",
      item: d.option?.defence === "parry" && d.parryWith ? itemName(b, d.parryWith) : null,
      score: d.option ? d.score : 0,
      pd,
      pdLocation,
      target: (d.option ? d.score : 0) + pd,
    },
    input,
    result: out.result,
  };
}
