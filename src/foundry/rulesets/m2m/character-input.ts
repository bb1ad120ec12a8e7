/**
 * A GURPS Man to Man actor's `m2m` block and what its items contribute ({@link M2mGear}), made
 * into the engine's `CharacterInput`, and the derivation of its figures. Every derived figure
 * (Speed, Move, Dodge, skill levels, Parry, Block, PD and DR per hit location, encumbrance) comes from the
 * engine's `deriveCharacter`; this module only maps stored data onto its input and looks its
 * results up per ready weapon. Pure (no Foundry globals): the data models call it with the
 * actor's prepared data, tests with plain objects. Every value is copied.
 *
 * "Lnnn" is a line of seed 004, "§n" a section of `../shared/rules/m2m-spec.md`.
 */
import type { BodyPlan } from "../../../core/body";
import { InputError } from "../../../core/errors";
import type { Target } from "../../../core/modifiers";
import {
  deriveCharacter,
  type ArmourInput,
  type CharacterInput,
  type ConditionInput,
  type DerivedCharacter,
  type DerivedParry,
  type ShieldInput,
  type SkillInput,
} from "../../../rules/m2m/character";
import { fatigueEffects } from "../../../rules/m2m/injury";
import type { ArmourPieceInput } from "../../../rules/m2m/worn-armour";
import { finalAttributes } from "../../../rules/m2m/races";
import { skillDef, type SkillId } from "../../../rules/m2m/skills";
import { checkRuleIn as checkRule, VALIDATION_KEYS, type Problem } from "../../data/check";
import {
  m2mActorRules,
  m2mBodyPlan,
  m2mLabelFor,
  type M2mCharacterBlock,
  type M2mCreatureBlock,
} from "./character-data";

/** A ready weapon as the derivation needs it: which skill it is used with. */
export interface M2mGearWeapon {
  /** The item's id. */
  id: string;
  name: string;
  /** The skill used with it (the weapon tables' skill, §3.1, §3.2). */
  skill: SkillId;
}

/**
 * What an actor's items contribute to the derivation. The item block maps its items onto this;
 * the engine takes it as it is.
 */
export interface M2mGear {
  /** Weight carried, lb: every carried item times its quantity (L1237). */
  load: number;
  /**
   * Armour worn: PD and DR (and against impaling, chainmail L1136-1138), a full-head helmet
   * (−1 to combat skills, L1140, L1160, L4808), ill-fitting plate (L1213). Null: none.
   */
  armour: ArmourInput | null;
  /**
   * Or the Advanced pieces worn (armour items of kind `piece`, each through item-convert's
   * `pieceArmourInput`); the engine layers them by location (L1166–1170; ruling M95) and
   * refuses them beside a suit. Absent or empty: none.
   */
  pieces?: readonly ArmourPieceInput[];
  /** The shield on the arm and ready: its PD and size (L1065, L1098). Null: none. */
  shield: ShieldInput | null;
  /** Weapons ready to use, each with its skill. */
  weapons: readonly M2mGearWeapon[];
  /**
   * The throwing skills of the ready hand weapons that can be thrown (./thrown.ts, ruling M131):
   * listed at their default when not on the sheet, so a throw has its level. Absent: none.
   */
  throws?: readonly SkillId[];
  /** A Reptile Man's crossbow built for his claws: no −4 (L1544). */
  crossbowFitted?: boolean;
}

/** No items at all. */
export const NO_GEAR: M2mGear = Object.freeze({
  load: 0,
  armour: null,
  shield: null,
  weapons: Object.freeze([]),
});

/**
 * Move's conditions from the encounter state (§2.3): current HP (halved at 3 or less, L1872);
 * ST after fatigue (halved at 3 or less, L3755; `fatigueEffects`, ruling A22: not for
 * encumbrance); unconscious or dead: Move 0 (L1291); a crippled leg, or a crippled foot without
 * a wall to brace on, leaves no usable legs (L1291, L3677-3679); braced on a crippled foot,
 * Move at most 3 (L3677).
 */
function conditionOf(block: M2mCharacterBlock): ConditionInput {
  const e = block.encounter;
  const leg = e.crippled.some((l) => l.endsWith("-leg"));
  const foot = e.crippled.some((l) => l.endsWith("-foot"));
  const condition: ConditionInput = {
    hp: block.hp,
    conscious: !e.unconscious && !e.dead,
    legsUsable: !leg && (!foot || e.footBraced),
  };
  if (foot && !leg && e.footBraced) condition.crippledFootBraced = true;
  if (block.fatigue > 0) {
    const st =
      block.attributeBasis === "final"
        ? block.attributes.st
        : finalAttributes(block.attributes, block.race).st;
    condition.fatiguedSt = fatigueEffects(st, block.fatigue).st;
  }
  return condition;
}

/**
 * The engine's input for an actor (`deriveCharacter`). A ready weapon's skill that is not on
 * the sheet is listed at its default (0 points), so its level and Parry are derived; a skill
 * with no default (Sling, L4389) is left out, and the weapon has no level.
 */
export function m2mCharacterInput(block: M2mCharacterBlock, gear: M2mGear): CharacterInput {
  const skills: Partial<Record<SkillId, SkillInput>> = {};
  for (const s of block.skills) skills[s.id] = { points: s.points };
  for (const skill of [...gear.weapons.map((w) => w.skill), ...(gear.throws ?? [])])
    if (skills[skill] === undefined && skillDef(skill).hasDefault) skills[skill] = { points: 0 };
  const advantages: CharacterInput["advantages"] = {};
  for (const [id, level] of Object.entries(block.advantages) as [
    keyof M2mCharacterBlock["advantages"],
    number,
  ][])
    if (level > 0) advantages[id] = level;
  const input: CharacterInput = {
    attributes: { ...block.attributes },
    attributeBasis: block.attributeBasis,
    race: block.race,
    advantages,
    skills,
    load: gear.load,
    shield: gear.shield ? { ...gear.shield } : null,
    condition: conditionOf(block),
  };
  if (gear.armour) input.armour = { ...gear.armour };
  if (gear.pieces && gear.pieces.length > 0)
    input.armourPieces = gear.pieces.map((p) => ({
      ...p,
      covers: p.covers.map((c) => ({ ...c })),
    }));
  if (gear.crossbowFitted) input.crossbowFitted = true;
  return input;
}

/** A ready weapon's figures, as the engine derived them for its skill. */
export interface M2mWeaponFigures {
  id: string;
  name: string;
  skill: SkillId;
  /** The skill's effective level with its standing modifiers; null: the skill cannot be used. */
  level: Target | null;
  /** Parry with it; null: the skill cannot parry (missile and thrown weapons, L1307). */
  parry: DerivedParry | null;
}

export interface M2mActorDerived {
  character: DerivedCharacter;
  weapons: M2mWeaponFigures[];
  /** The hit-location plan (the human table unless a creature has its own). */
  plan: BodyPlan;
}

// A type alias, not an interface: fvtt-types needs derived data assignable to AnyObject.
export type M2mActorDerivedData = {
  /** What the engine derived; null when the block or gear holds a value it refuses. */
  derived: M2mActorDerived | null;
  /** Why `derived` is null (empty otherwise). */
  errors: Problem[];
};

/** The `system` path of a field the engine names (`attributes.st`, `skills.knife.points`…). */
export function m2mSystemPath(block: M2mCharacterBlock, field: string): string {
  const top = field.split(".")[0]!;
  if (["attributes", "attributeBasis", "race", "advantages"].includes(top)) return `m2m.${field}`;
  if (field === "condition.hp") return "m2m.hp";
  if (field === "condition.fatiguedSt" || field === "st" || field === "fatigue")
    return "m2m.fatigue";
  const skill = /^skills\.([a-z-]+)(?:\.(points|level))?$/.exec(field);
  if (skill) {
    const i = block.skills.findIndex((s) => s.id === skill[1]);
    // A skill listed for a ready weapon only: the weapon is the cause.
    return i < 0 ? "items" : `m2m.skills.${i}.points`;
  }
  return "items";
}

/**
 * Derives an actor's figures. Never throws on stored data: a value the engine refuses leaves
 * `derived` null and names the field (its `system` path, or `items` for what the gear gave).
 * `report` receives an error that is not a plain input problem (default: the console).
 */
export function deriveM2mActor(
  block: M2mCharacterBlock | M2mCreatureBlock,
  gear: M2mGear,
  report: (err: unknown) => void = (err) => console.error(err),
): M2mActorDerivedData {
  try {
    const character = deriveCharacter(m2mCharacterInput(block, gear));
    const weapons = gear.weapons.map(
      (w): M2mWeaponFigures => ({
        id: w.id,
        name: w.name,
        skill: w.skill,
        level: character.skills[w.skill]?.effective ?? null,
        parry: character.parry[w.skill] ?? null,
      }),
    );
    return { derived: { character, weapons, plan: m2mBodyPlan(block) }, errors: [] };
  } catch (err) {
    const field = err instanceof InputError ? err.field : "";
    const value = err instanceof InputError ? err.value : undefined;
    const path = m2mSystemPath(block, field);
    const rule = m2mActorRules("bodyPlan" in block ? "creature" : "character")[
      path.replace(/\.\d+\./, ".*.")
    ];
    const check = rule ? checkRule(rule, value) : undefined;
    const problem: Problem =
      check && !check.ok
        ? {
            field: `system.${path}`,
            value,
            key: check.key,
            label: m2mLabelFor(path),
            data: check.data,
          }
        : {
            field: `system.${path}`,
            value,
            key: VALIDATION_KEYS.derivationFailed,
            label: m2mLabelFor(path),
            // The engine's own text is English and internal: it goes to the console only.
            data: {},
          };
    if (problem.key === VALIDATION_KEYS.derivationFailed) report(err);
    return { derived: null, errors: [problem] };
  }
}
