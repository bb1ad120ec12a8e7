/**
 * The fighters of GURPS Man to Man duels (src/sim/m2m-duel.ts; issue 17, ruling M97): an m2m
 * fighter snapshot (`fighterFromSource` with the m2m ruleset, as `cli fight` reads it) derived
 * once into the few numbers a duel reads, never a copy of a document.
 */
import type { FighterSnapshot } from "../core/combat";
import { InputError } from "../core/errors";
import type { M2mDefence } from "../rules/m2m/exchange";
import { readyTurnsAfter } from "../rules/m2m/maneuvers";
import type { DamageExpr, DamageType, HitLocation } from "../rules/m2m/types";
import { exchangeDr } from "../rules/m2m/worn-armour";
import type { M2mCharacterBlock } from "../foundry/rulesets/m2m/character-data";
import type { M2mActorDerived } from "../foundry/rulesets/m2m/character-input";
import type { M2mWeaponBlock } from "../foundry/rulesets/m2m/item-data";
import { meleeAttack } from "../foundry/rulesets/m2m/item-convert";

/** One attack a fighter can make: a hand weapon's mode with its skill. */
export interface M2mDuelAttack {
  weaponId: string;
  /** The item's name. */
  weapon: string;
  /** `<technique>:<attack>` (`axe:swing-cut`). */
  mode: string;
  /** The hand-weapon table's attack id (`swing-cut`); "" on a home-made weapon. */
  attackId: string;
  /** Effective skill with the standing modifiers (a large shield, a helmet…). */
  skill: number;
  damage: DamageExpr;
  type: DamageType;
  breakResistant: boolean;
  flail: boolean;
  hands: 1 | 2;
  /** Ready turns after this attack, for this wielder's ST (L2107–2125). */
  readyAfter: number;
  mean: number;
}

/** A weapon's parry. */
export interface M2mDuelParry {
  weaponId: string;
  value: number;
  kind: string;
  hands: 1 | 2;
  /** A fencing weapon parries twice a turn (C8, `defenceLimit`). */
  fencing: boolean;
  /**
   * Ready turns after a parry: a † weapon (not a polearm) as after its slowest attack, at least
   * 1, less for high ST (L2129, L2390; `afterParry`); 0 otherwise.
   */
  readyAfter: number;
  weapon: NonNullable<M2mDefence["weapon"]>;
}

/** A weapon the fighter holds, in sheet order (the order a dropped weapon is rolled among, L2573). */
export interface M2mDuelWeapon {
  id: string;
  name: string;
  /**
   * Turns to ready it after a fall, lost balance or stun (L2115, `onFall`) and after picking it
   * up (L2631–2633, `pickUp`): its slowest attack's readying; high ST does not shorten it.
   */
  fallTurns: number;
}

/** A fighter as a duel needs it, derived once from its actor. */
export interface M2mDuelFighter {
  name: string;
  ht: number;
  /** Hit points at the start (the actor's current HP). */
  hp: number;
  move: number;
  speed: number;
  dodge: number;
  /** Block with the ready shield; null: no shield. */
  block: number | null;
  pd: number;
  pdVsImpaling: number;
  /** The shield's PD, lost (−2) with a crippled shield arm (L3675). */
  shieldPd: number;
  dr: Partial<Record<HitLocation, number>>;
  drVsImpaling: Partial<Record<HitLocation, number>>;
  toughness: number;
  /** Crippled locations at the start. */
  crippled: HitLocation[];
  /** Best first. */
  attacks: M2mDuelAttack[];
  parries: M2mDuelParry[];
  /** The hand weapons it fights with, in sheet order. */
  weapons: M2mDuelWeapon[];
}

/** Mean basic damage of `dice`d6 + `adds` (to rank attacks). */
const meanDamage = (e: DamageExpr) => e.dice * 3.5 + e.adds;

function meleeBlock(f: FighterSnapshot, id: string): M2mWeaponBlock | null {
  const item = f.items.find((i) => i.id === id);
  if (!item || item.type !== "weapon") return null;
  return ((item.system as Record<string, unknown>).m2m as M2mWeaponBlock | undefined) ?? null;
}

/**
 * The duel's figures of an m2m fighter snapshot (`fighterFromSource` with the m2m ruleset): every
 * ready hand weapon's modes with their effective skill (the derived weapon level), damage and
 * break resistance through the item block's own conversion (`meleeAttack`), parries, Dodge,
 * Block, PD and DR by location. No hand weapon to attack with: an InputError on `items`.
 */
export function m2mDuelFighter(f: FighterSnapshot): M2mDuelFighter {
  const block = (f.system as { m2m: M2mCharacterBlock }).m2m;
  const derived = f.derived as M2mActorDerived;
  const c = derived.character;
  const st = c.attributes.st;
  const attacks: M2mDuelAttack[] = [];
  const parries: M2mDuelParry[] = [];
  const weapons: M2mDuelWeapon[] = [];
  for (const w of derived.weapons) {
    const wb = meleeBlock(f, w.id);
    if (!wb || !w.level) continue;
    const name = f.items.find((i) => i.id === w.id)?.name ?? w.name;
    const fallTurns = wb.modes.reduce(
      (m, x) => (x.skill === w.skill ? Math.max(m, x.readyAfter) : m),
      0,
    );
    weapons.push({ id: w.id, name, fallTurns });
    wb.modes.forEach((mode, i) => {
      if (mode.skill !== w.skill) return;
      const melee = meleeAttack(wb, i, st);
      const readyAfter = readyTurnsAfter(mode.readyAfter, mode.minST, st);
      attacks.push({
        weaponId: w.id,
        weapon: name,
        mode: `${mode.technique}:${mode.attack}`,
        attackId: mode.attack,
        skill: w.level!.value,
        damage: melee.damage!,
        type: mode.type,
        breakResistant: melee.breakResistant,
        flail: mode.flail,
        hands: mode.hands,
        readyAfter,
        mean: meanDamage(melee.damage!),
      });
    });
    const first = wb.modes.find((m) => m.skill === w.skill) ?? wb.modes[0];
    if (w.parry && !w.parry.onlyVsUnarmed && first && !parries.some((p) => p.weaponId === w.id)) {
      const melee = meleeAttack(wb, wb.modes.indexOf(first), st);
      parries.push({
        weaponId: w.id,
        value: w.parry.value,
        kind: w.parry.kind,
        hands: first.hands,
        fencing: first.fencing,
        readyAfter:
          first.unreadyOnParry && !first.polearm
            ? readyTurnsAfter(Math.max(1, fallTurns), first.minST, st)
            : 0,
        weapon: {
          damage: melee.damage!,
          type: first.type,
          unarmed: false,
          breakResistant: melee.breakResistant,
        },
      });
    }
  }
  if (!attacks.length)
    throw new InputError("items", f.items.length, "no ready hand weapon to attack with");
  attacks.sort((x, y) => y.skill - x.skill || y.mean - x.mean);
  parries.sort((x, y) => y.value - x.value);
  const shieldPd = c.pd.modifiers.find((m) => m.key === "shield")?.value ?? 0;
  return {
    name: f.name,
    ht: c.attributes.ht,
    hp: block.hp,
    move: c.move.value,
    speed: c.speed.value,
    dodge: c.dodge.value,
    block: c.block?.value ?? null,
    pd: c.pd.value,
    pdVsImpaling: c.pdVsImpaling.value,
    shieldPd,
    dr: exchangeDr(c.locations, "cr"),
    drVsImpaling: exchangeDr(c.locations, "imp"),
    toughness: c.toughness,
    crippled: [...block.encounter.crippled] as HitLocation[],
    attacks,
    parries,
    weapons,
  };
}
