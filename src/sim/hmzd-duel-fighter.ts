/**
 * An hmzd duel fighter (src/sim/hmzd-duel.ts): what a duel needs of a character, made once,
 * plain numbers and the engine's own combatant, from an hmzd character (`hmzdDuelFighter`, the
 * sample fighters of src/rules/hmzd/samples.ts) or an hmzd character file (`readHmzdDuelFile`,
 * docs/duel.md "HârnMaster zone-die duels").
 */
import { InputError, readObject, readString } from "../core/errors";
import type { Hand } from "../core/hands";
import { deriveHmzdCharacter, type HmzdDerivedCharacter } from "../rules/hmzd/character";
import type { HmzdAspect, HmzdFighter, HmzdFighterState, HmzdImpact } from "../rules/hmzd/types";
import type { HmzdDuelUses } from "./hmzd-policy";

/** The fighter as every exchange reads it (`HmzdFighter`), without what the duel sets per exchange. */
export type HmzdCombatant = Omit<HmzdFighter, "state" | "setup" | "actionTaken">;

/** One attack mode of a weapon: its impact die, base and aspect (hmzd.md §3, Z12). */
export interface HmzdDuelMode {
  id: string;
  die: number;
  base: number;
  aspect: HmzdAspect;
}

/** A weapon or shield in hand (or a creature's body weapon). */
export interface HmzdDuelWeapon {
  id: string;
  name: string;
  /**
   * The zones using it involves (Z8): the arm of the hand that holds it (`right`, `left`), both
   * arms (`both`), or only the head and torso every action uses (`body`: a creature's bite).
   */
  hands: Exclude<HmzdDuelUses, "legs">;
  /** The zone die's faces (Z12). */
  zoneDie: number;
  /** Attack (and counterstrike) EML; null: no attack with it (a shield without a bash). */
  attack: number | null;
  /** Block EML; null: it does not block. */
  block: number | null;
  /** A shield (the one block allowed against a missile, Z4). */
  shield: boolean;
  /** A missile weapon (met by Block with a shield, Dodge or Ignore; never countered, Z4). */
  missile: boolean;
  modes: HmzdDuelMode[];
}

export type { HmzdState as ShockState } from "../rules/hmzd/types";

export interface HmzdDuelFighter {
  name: string;
  /** Initiative EML: the higher acts first (Z11). */
  initiative: number;
  /** Dodge EML; null: no dodge. */
  dodge: number | null;
  weapons: HmzdDuelWeapon[];
  /** STR, Shock EML (Z7), endurance, DEX, AGL, armour and body plan, as the engine reads them. */
  combatant: HmzdCombatant;
}

const FILE_KEYS = ["ruleset", "name"];

/** The arm zones a held weapon uses (Z8; the character has no left-handedness: main is right). */
export const HELD: Readonly<Record<Hand, HmzdDuelWeapon["hands"]>> = Object.freeze({
  main: "right",
  off: "left",
  both: "both",
  none: "body",
});

/**
 * A duel fighter from an hmzd character (`deriveHmzdCharacter`, src/rules/hmzd/character.ts:
 * EMLs, modes, armour, plan): every weapon attacks, counterstrikes and blocks at its EML, in
 * the hand the character holds it (`held`, Z8: the main hand is the right one, the off hand the
 * left; a natural weapon uses no arm); a missile shoots with its first (Short) band, at the
 * target's zone die (Z4, Z18), with both hands.
 */
export function hmzdDuelFighter(name: string, c: HmzdDerivedCharacter): HmzdDuelFighter {
  const mode = (m: { name: string; impact: HmzdImpact }): HmzdDuelMode => ({
    id: m.name,
    die: m.impact.die,
    base: m.impact.base,
    aspect: m.impact.aspect,
  });
  const weapons: HmzdDuelWeapon[] = c.weapons.map((w) => ({
    id: w.id,
    name: w.name,
    hands: HELD[w.held],
    zoneDie: w.zoneDie,
    attack: w.eml.value,
    block: w.blockEml.value,
    shield: w.shield,
    missile: false,
    modes: w.modes.map(mode),
  }));
  for (const m of c.missiles)
    weapons.push({
      id: m.id,
      name: m.name,
      hands: "both",
      zoneDie: c.plan.zoneCount,
      attack: m.eml.value,
      block: null,
      shield: false,
      missile: true,
      modes: [mode({ name: m.bands[0]!.band, impact: m.bands[0]!.impact })],
    });
  const { str, shock, endurance, dex, agl, armour, plan } = c.fighter;
  return {
    name,
    initiative: c.initiative?.value ?? 0,
    dodge: c.dodge?.value ?? null,
    weapons,
    combatant: { str, shock, endurance, dex, agl, armour, plan },
  };
}

/**
 * An hmzd fighter file for `cli duel` (docs/duel.md): an hmzd character as the `character`
 * command reads it (`{"ruleset": "hmzd", attributes, skills, weapons, missiles, armour,
 * bodyPlan, state}`, src/rules/hmzd/character.ts) with an optional `name` (default `fallback`,
 * the file's name). Its `state` is the shock state it starts the duel in. A bad field is an
 * InputError naming it; a fighter with nothing to attack with is refused (`weapons`).
 */
export function readHmzdDuelFile(
  raw: unknown,
  fallback: string,
): { fighter: HmzdDuelFighter; state: HmzdFighterState } {
  const o = readObject(raw, "fighter");
  if (o.ruleset !== undefined && o.ruleset !== "hmzd")
    throw new InputError("ruleset", o.ruleset, "expected hmzd");
  const name = o.name === undefined ? fallback : readString(o.name, "name");
  const character = Object.fromEntries(Object.entries(o).filter(([k]) => !FILE_KEYS.includes(k)));
  const derived = deriveHmzdCharacter(character);
  const fighter = hmzdDuelFighter(name, derived);
  if (!fighter.weapons.some((w) => w.attack !== null && w.modes.length))
    throw new InputError("weapons", fighter.weapons.length, "no weapon to attack with");
  return { fighter, state: derived.fighter.state };
}
