/**
 * The CLI fields of the paired group (docs/cli.md): `attack.defenderSurprised`, `attack.double`,
 * `defender.initiative`, `defender.object`, `defence.hand`, `defence.dodgeHex`. Each is refused
 * naming the field while its option is off (`requireGold`). The double strike's second weapon
 * is read by parse.ts's strike reader (`readStrike`), so aspects and aims read one way.
 */
import {
  checkKeys,
  InputError,
  readBoolean,
  readEnum,
  readNumber,
  readObject,
} from "../../../core/errors";
import { readHmEml } from "../../shared/hm-test";
import type { Hm3Declaration, Hm3Defence, StrikeWeapon } from "../exchange";
import { requireGold } from "./options";
import { DOUBLE_STRIKE_ATTACK, withModifier } from "./paired-double";
import { DOOR_KINDS, DOORS, type ObjectTarget } from "./paired-object";
import { HANDS, REACTION_CONTEXTS } from "./paired-reaction";

/** Attack keys this group adds. */
export const PAIRED_ATTACK_KEYS = ["defenderSurprised", "double", "tangle"] as const;
/** Fighter keys this group adds. */
export const PAIRED_FIGHTER_KEYS = ["initiative", "object", "tangled"] as const;
/** Defence keys this group adds. */
export const PAIRED_DEFENCE_KEYS = ["hand", "dodgeHex"] as const;

/** Most inches of thickness a door's DF is rolled for. */
export const MAX_THICKNESS = 12;

/** `defender.object`: `{ door, thickness }` (DF rolled), or `{ blunt, edge, df }`, and `damage`. */
export function readObjectTarget(value: unknown, field: string): ObjectTarget {
  const o = readObject(value, field);
  checkKeys(o, field, ["door", "thickness", "blunt", "edge", "df", "damage"]);
  const door = o.door === undefined ? undefined : readEnum(o.door, `${field}.door`, DOOR_KINDS);
  const num = (k: string, min: number, max: number) =>
    readNumber(o[k], `${field}.${k}`, { integer: true, min, max });
  const damage = o.damage === undefined ? 0 : num("damage", 0, 1000);
  const df = o.df === undefined ? null : num("df", 1, 1000);
  if (door) {
    const d = DOORS[door];
    const out: ObjectTarget = {
      blunt: o.blunt === undefined ? d.blunt : num("blunt", 0, 100),
      edge: o.edge === undefined ? d.edge : num("edge", 0, 100),
      df,
      damage,
      door,
    };
    if (df === null) out.thickness = num("thickness", 1, MAX_THICKNESS);
    else if (o.thickness !== undefined) out.thickness = num("thickness", 1, MAX_THICKNESS);
    return out;
  }
  if (df === null)
    throw new InputError(
      `${field}.df`,
      o.df,
      "an object needs its Damage Factor, or a door and its thickness to roll it (seed 000 lines 51-56)",
    );
  if (o.thickness !== undefined)
    throw new InputError(
      `${field}.thickness`,
      o.thickness,
      "thickness rolls a door's DF: give door",
    );
  return { blunt: num("blunt", 0, 100), edge: num("edge", 0, 100), df, damage };
}

/** Reads the group's fighter keys (`initiative`, `object`) onto a parsed fighter. */
export function readPairedFighter(
  o: Record<string, unknown>,
  field: string,
): { initiative?: number; object?: ObjectTarget; tangled?: number } {
  const out: { initiative?: number; object?: ObjectTarget; tangled?: number } = {};
  if (o.tangled !== undefined)
    out.tangled = readNumber(o.tangled, `${field}.tangled`, { integer: true, min: 0, max: 30 });
  if (o.initiative !== undefined)
    out.initiative = readNumber(o.initiative, `${field}.initiative`, {
      integer: true,
      min: 0,
      max: 200,
    });
  if (o.object !== undefined) out.object = readObjectTarget(o.object, `${field}.object`);
  return out;
}

/**
 * Checks the group's fields of a parsed declaration against its options and reads the attack's
 * (`raw` is the input's `attack` object): the double strike's −20 is added to both attacks' EMLs
 * (`gold.doubleStrike`, line 255).
 */
export function readPairedDeclaration(
  a: Record<string, unknown>,
  decl: Hm3Declaration,
  readStrike: (obj: Record<string, unknown>, field: string) => StrikeWeapon,
): void {
  const { options, attack, attacker, defender } = decl;
  if (attacker.object !== undefined)
    throw new InputError("attacker.object", attacker.object, "an object does not attack");
  if (defender.object !== undefined) {
    requireGold(options, "bruteForce", "defender.object", a.object);
    if (attack.type !== "melee")
      throw new InputError(
        "attack.type",
        attack.type,
        "brute force is a melee attack (seed 000 line 49)",
      );
  }
  if (a.defenderSurprised !== undefined) {
    requireGold(options, "reactionRoll", "attack.defenderSurprised", a.defenderSurprised);
    attack.defenderSurprised = readEnum(
      a.defenderSurprised,
      "attack.defenderSurprised",
      REACTION_CONTEXTS,
    );
    if (defender.object)
      throw new InputError(
        "attack.defenderSurprised",
        a.defenderSurprised,
        "an object makes no Reaction Roll",
      );
    if (defender.initiative === undefined)
      throw new InputError(
        "defender.initiative",
        undefined,
        "a surprised defender rolls against its Initiative (seed 000 line 282): give its Initiative ML",
      );
  }
  if (attacker.initiative !== undefined)
    requireGold(options, "reactionRoll", "attacker.initiative", attacker.initiative);
  if (defender.initiative !== undefined)
    requireGold(options, "reactionRoll", "defender.initiative", defender.initiative);
  for (const side of ["attacker", "defender"] as const)
    if (decl[side].tangled !== undefined)
      requireGold(options, "pairedWeapons", `${side}.tangled`, decl[side].tangled);
  // A tangled attacker's attack takes the tangle penalty (line 278).
  if (attacker.tangled)
    attack.target = withModifier(attack.target, "gold.tangled", -attacker.tangled, "278");
  if (a.tangle !== undefined) {
    requireGold(options, "pairedWeapons", "attack.tangle", a.tangle);
    if (a.double !== undefined)
      throw new InputError("attack.tangle", a.tangle, "give either a tangle or a double strike");
    if (attack.type !== "melee" || defender.object)
      throw new InputError("attack.tangle", a.tangle, "a tangle is a melee attack on a fighter");
    const t = readObject(a.tangle, "attack.tangle");
    checkKeys(t, "attack.tangle", ["penalty", "dice"]);
    const penalty = readNumber(t.penalty ?? 0, "attack.tangle.penalty", {
      integer: true,
      min: 0,
      max: 15,
    });
    if (t.dice !== 4 && t.dice !== 5)
      throw new InputError(
        "attack.tangle.dice",
        t.dice,
        "expected 4 or 5 (4d6 or 5d6, seed 000 line 278)",
      );
    const dice = t.dice;
    attack.tangle = { penalty, dice };
    attack.target = withModifier(attack.target, "gold.tangle", -penalty, "276");
  }
  if (a.double !== undefined) {
    requireGold(options, "pairedWeapons", "attack.double", a.double);
    if (attack.type !== "melee")
      throw new InputError(
        "attack.double",
        a.double,
        "a double strike is two melee attacks (seed 000 line 255)",
      );
    if (defender.object)
      throw new InputError(
        "attack.double",
        a.double,
        "an object is struck with one weapon at a time",
      );
    const d = readObject(a.double, "attack.double");
    checkKeys(d, "attack.double", ["aspect", "aim", "impact", "eml", "wq"]);
    const weapon = readStrike(d, "attack.double");
    attack.target = withModifier(attack.target, "gold.doubleStrike", DOUBLE_STRIKE_ATTACK, "255");
    attack.double = {
      ...weapon,
      target: withModifier(
        readHmEml(d.eml, "attack.double.eml"),
        "gold.doubleStrike",
        DOUBLE_STRIKE_ATTACK,
        "255",
      ),
    };
  }
}

/** Reads the group's defence keys (`hand`, `dodgeHex`). */
export function readPairedDefence(
  d: Record<string, unknown>,
): Pick<Hm3Defence, "hand" | "dodgeHex"> {
  const out: Pick<Hm3Defence, "hand" | "dodgeHex"> = {};
  if (d.hand !== undefined) out.hand = readEnum(d.hand, "defence.hand", HANDS);
  if (d.dodgeHex !== undefined) out.dodgeHex = readBoolean(d.dodgeHex, "defence.dodgeHex");
  return out;
}
