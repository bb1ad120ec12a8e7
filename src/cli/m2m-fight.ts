/**
 * `cli fight A B` for GURPS Man to Man actors (issue 16): one m2m exchange, A attacking B, built
 * from the two actors' derived figures (the registered derivation, `fighterFromSource` with the
 * m2m ruleset) and resolved by the engine through the `resolve` contract, so the exchange can be
 * replayed: the output carries the `resolve` input it ran (`input`, with its seed) and the
 * result's rolls.
 *
 * - The attacker uses the first ready hand weapon's first attack mode, or the weapon and mode
 *   `--weapon` (an item's name or id) and `--mode` (the mode's number from 1, or its attack id
 *   `swing-cut`, or `<technique>:<attack>` when the item has several techniques) choose. Its
 *   skill is the effective level the derivation gives for the mode's skill, with the shock of
 *   last turn's wounds (L1866) and the attacker's position (L2067–2073). Damage is the ST's
 *   basic damage plus the mode's modifier, capped by its maximum damage (§7.2, L972–978), plus a
 *   fine weapon's bonus (L998–1006). The hit location is rolled (`random`).
 * - The defender takes the allowed active defence (§6.2–§6.5, `allowedDefences`) with the
 *   highest score after its modifiers, a tie going to Dodge, then Block, then Parry (a parry
 *   risks the weapon): Dodge, Block with a ready shield, Parry with the ready weapon of the best
 *   Parry. Passive defence is the derived PD (against impaling when the attack impales, chainmail
 *   L1136–1138). DR is the derived armour DR of each hit location (`exchangeDr`: a suit or layered
 *   pieces), Toughness apart (L622). Damage and break resistance come from the item block's
 *   own conversion (`meleeAttack`: a fine weapon's +1 inside the MD cap, ruling M94).
 *
 * Ranged attacks need a range and aim, which a two-actor file does not give: a missile weapon is
 * refused naming `--weapon` (the combat flow brings them).
 */
import type { FighterSnapshot } from "../core/combat";
import { InputError } from "../core/errors";
import { attackModifier, attackTarget } from "../rules/m2m/attack";
import type { DerivedCharacter } from "../rules/m2m/character";
import { formatDamageExpr } from "../rules/m2m/damage";
import { allowedDefences, PARRY_WEAPON_KINDS, type DefenceOption } from "../rules/m2m/defence";
import { exchangeDr } from "../rules/m2m/worn-armour";
import type { M2mCharacterBlock } from "../foundry/rulesets/m2m/character-data";
import type { M2mActorDerived, M2mWeaponFigures } from "../foundry/rulesets/m2m/character-input";
import type { M2mMeleeMode, M2mWeaponBlock } from "../foundry/rulesets/m2m/item-data";
import { meleeAttack } from "../foundry/rulesets/m2m/item-convert";
import { resolveInput } from "../rules/resolve";

type Obj = Record<string, unknown>;

/** What `--weapon` and `--mode` chose (absent: the first ready weapon's first mode). */
export interface M2mFightFlags {
  weapon?: string;
  mode?: string;
}

export interface M2mFightOutcome {
  seed: number;
  ruleset: "m2m";
  attacker: string;
  defender: string;
  attack: {
    item: string;
    /** The mode as `<technique>:<attack>` (`axe:swing-cut`). */
    mode: string;
    skill: string;
    damage: string;
    type: string;
    target: number;
  };
  defence: {
    option: "dodge" | "block" | "parry" | "none";
    item: string | null;
    score: number;
    pd: number;
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

/** The attacker's weapon and mode: the flags', or the first ready hand weapon's first mode. */
export function chooseAttack(
  f: FighterSnapshot,
  flags: M2mFightFlags = {},
): { weapon: M2mWeaponFigures; block: M2mWeaponBlock; mode: M2mMeleeMode } {
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
    if (item.type === "missile")
      throw new InputError(
        "--weapon",
        flags.weapon,
        "a ranged weapon: fight resolves hand weapons only (a shot needs its range and aim)",
      );
    weapon = ready.find((w) => w.id === item.id);
    if (!weapon || !weaponBlock(f, item.id)?.modes.length)
      throw new InputError("--weapon", flags.weapon, "not a ready hand weapon");
  } else {
    weapon = ready.find((w) => (weaponBlock(f, w.id)?.modes.length ?? 0) > 0);
    if (!weapon) throw new InputError("items", ready.length, "no ready hand weapon to attack with");
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
  return { weapon, block, mode };
}

/** The best allowed active defence and its score. */
function chooseDefence(
  f: FighterSnapshot,
  kind: "melee" | "flail",
): { option: DefenceOption | null; score: number; parryWith: M2mWeaponFigures | null } {
  const { block, derived } = figures(f);
  const c = derived.character;
  const parries = derived.weapons
    .filter((w) => w.parry !== null && !w.parry.onlyVsUnarmed)
    .sort((a, b) => b.parry!.value - a.parry!.value);
  const parryWith = parries[0] ?? null;
  const parryKind = parryWith?.parry?.kind;
  const options = allowedDefences(
    { kind },
    {
      stunned: block.encounter.stunned,
      unconscious: block.encounter.unconscious || block.encounter.dead,
      readyWeapon: parryWith !== null,
      readyShield: c.block !== null,
      weaponKind:
        parryKind && (PARRY_WEAPON_KINDS as readonly string[]).includes(parryKind)
          ? parryKind
          : (parryWith?.skill ?? "weapon"),
      posture: block.encounter.position,
      lostBalance: block.encounter.offBalance,
    },
  );
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

/** One m2m exchange, A attacking B, with the dice of `seed`. */
export function m2mFightExchange(
  a: FighterSnapshot,
  b: FighterSnapshot,
  seed: number,
  flags: M2mFightFlags = {},
): M2mFightOutcome {
  const { block: ab, derived: ad } = figures(a);
  const { weapon, block, mode } = chooseAttack(a, flags);
  const level = ad.character.skills[mode.skill]?.effective;
  if (!level)
    throw new InputError(
      flags.mode === undefined ? "items" : "--mode",
      modeId(mode),
      `${a.name} has no level in ${mode.skill}, the skill of ${itemName(a, weapon)}'s mode`,
    );
  const mods = [];
  if (ab.encounter.shock > 0) mods.push(attackModifier("shock", { hits: ab.encounter.shock }));
  if (ab.encounter.position !== "standing")
    mods.push(attackModifier("posture", { position: ab.encounter.position }));
  const skill = attackTarget(level.value, mods).value;
  // The item block's own conversion: quality bonus inside the MD cap (ruling M94), quality's
  // break resistance (L1006).
  const melee = meleeAttack(block, block.modes.indexOf(mode), ad.character.attributes.st);
  const damage = formatDamageExpr(melee.damage!);
  const impaling = mode.type === "imp";
  const d = chooseDefence(b, mode.flail ? "flail" : "melee");
  const bc = figures(b).derived.character;
  const pd = impaling ? bc.pdVsImpaling.value : bc.pd.value;
  const defence: Obj = d.option
    ? { type: d.option.defence, score: d.score, pd }
    : { type: "none", pd };
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
      type: mode.type,
      target: "random",
      ranged: false,
      breakResistant: melee.breakResistant,
    },
    defence,
    defender: combatant(b, impaling),
    attacker: combatant(a, false),
    seed,
  };
  const out = resolveInput(input);
  return {
    seed,
    ruleset: "m2m",
    attacker: a.name,
    defender: b.name,
    attack: {
      item: itemName(a, weapon),
      mode: modeId(mode),
      skill: mode.skill,
      damage,
      type: mode.type,
      target: skill,
    },
    defence: {
      option: d.option?.defence ?? "none",
      item: d.option?.defence === "parry" && d.parryWith ? itemName(b, d.parryWith) : null,
      score: d.option ? d.score : 0,
      pd,
      target: (d.option ? d.score : 0) + pd,
    },
    input,
    result: out.result,
  };
}
