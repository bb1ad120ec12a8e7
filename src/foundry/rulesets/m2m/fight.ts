/**
 * Where a GURPS Man to Man fighter's state block lives between exchanges and turns (issue 17,
 * docs/architecture.md §6 step 2): `system.m2m.fight` on the actor (a token's synthetic actor
 * for an unlinked token), the flow's `RulesetBlock` (src/rules/m2m/flow.ts `M2mFighterState`)
 * stored as JSON text so an update replaces it whole; null outside a fight.
 *
 * HP is one value: the sheet's `system.m2m.hp` is the truth and the block's `hp` its copy. The
 * block is read with the sheet's HP, a GM's edit of HP since the block was written counting as
 * one revision (so an exchange declared before the edit is refused when applied, rather than
 * undoing it), and every write stores both.
 */
import { InputError } from "../../../core/errors";
import type { FighterSnapshot } from "../../../core/combat";
import type { ConditionId, RulesetBlock } from "../../../core/ruleset";
import { endingWithFight } from "../../../core/turns";
import { parseFighterBlock } from "../../../rules/m2m/flow";
import type { RulesetFightStore } from "../contract";
import type { M2mActorDerived } from "./character-input";
import { blockFromEncounter, encounterAfterFight, readEncounter } from "./fight-encounter";
import { m2mBlockHeld, m2mHeldLabel } from "./held";

/** The `system` path of the block (for messages). */
export const FIGHT_PATH = "system.m2m.fight";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The actor's m2m block (`system.m2m`), or an empty object. */
function m2mOf(fighter: FighterSnapshot): Obj {
  const m2m = fighter.system.m2m;
  return isObj(m2m) ? m2m : {};
}

/** The sheet's current HP (`system.m2m.hp`). */
function sheetHp(fighter: FighterSnapshot): number {
  const hp = m2mOf(fighter).hp;
  if (typeof hp !== "number" || !Number.isInteger(hp))
    throw new InputError("system.m2m.hp", hp, "expected a whole number of hit points");
  return hp;
}

/** The stored block as plain data: JSON text (the stored source) or an object (a prepared model). */
function storedBlock(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new InputError(FIGHT_PATH, raw, "is not JSON text");
  }
}

/**
 * The fighter's block now, read with the sheet's HP, or null outside a fight. Throws an
 * `InputError` naming `system.m2m.fight…` for a block the flow refuses.
 */
export function readFight(fighter: FighterSnapshot): RulesetBlock | null {
  const raw = m2mOf(fighter).fight;
  if (raw === null || raw === undefined) return null;
  const { revision, state } = parseFighterBlock(storedBlock(raw), FIGHT_PATH);
  const hp = sheetHp(fighter);
  if (state.hp === hp)
    return { ruleset: "m2m", revision, data: state as unknown as Record<string, unknown> };
  return {
    ruleset: "m2m",
    revision: revision + 1,
    data: { ...(state as unknown as Record<string, unknown>), hp },
  };
}

/**
 * The block a fighter enters a fight with: basic HT from the derived figures (every turn roll is
 * against it, §0.4), HP from the sheet, and what the sheet's encounter record carries from before
 * (`system.m2m.encounter`: stunned, unconscious, shock, crippled limbs, posture, weapons' readiness;
 * ./fight-encounter.ts, ruling M125). Throws when the figures are missing (the derivation refused
 * the actor: its sheet names why) or the record is malformed (naming the field).
 */
export function seedFight(fighter: FighterSnapshot): RulesetBlock {
  const derived = fighter.derived as (M2mActorDerived & { ruleset?: string }) | null;
  const ht = derived?.ruleset === "m2m" ? derived.character?.attributes?.ht : undefined;
  if (typeof ht !== "number")
    throw new InputError("system.derived", null, "no GURPS Man to Man figures to start a fight");
  return blockFromEncounter(ht, sheetHp(fighter), readEncounter(m2mOf(fighter).encounter));
}

/** The actor update that stores `block` and the sheet's HP (one value). */
export function writeFight(block: RulesetBlock): Record<string, unknown> {
  const { state } = parseFighterBlock(block, "block");
  return { "system.m2m.fight": JSON.stringify(block), "system.m2m.hp": state.hp };
}

/**
 * The actor update that ends the fight: the block gone and, from the block the fight left
 * (`block`; null when none is stored or it was refused), what outlasts the fight written back
 * to the encounter record (./fight-encounter.ts, ruling M126). A malformed record is left alone.
 */
export function clearFight(
  fighter?: FighterSnapshot,
  block?: RulesetBlock | null,
): Record<string, unknown> {
  const changes: Record<string, unknown> = { "system.m2m.fight": null };
  if (!fighter || !block) return changes;
  let before;
  try {
    before = readEncounter(m2mOf(fighter).encounter);
  } catch {
    return changes;
  }
  changes["system.m2m.encounter"] = encounterAfterFight(before, block);
  return changes;
}

/** The conditions a block holds (each once, in the block's order). */
export function fightConditions(block: RulesetBlock): ConditionId[] {
  const { state } = parseFighterBlock(block, "block");
  return [...new Set(state.conditions.map((c) => c.condition))];
}

/** The conditions of a block that end with the fight (core `endingWithFight`). */
export function fightEndingConditions(block: RulesetBlock): ConditionId[] {
  return endingWithFight(parseFighterBlock(block, "block").state.conditions);
}

export const M2M_FIGHT_STORE: RulesetFightStore = Object.freeze({
  read: readFight,
  seed: seedFight,
  write: writeFight,
  clear: clearFight,
  conditions: fightConditions,
  endingWithFight: fightEndingConditions,
  held: m2mBlockHeld,
  heldLabel: m2mHeldLabel,
});
