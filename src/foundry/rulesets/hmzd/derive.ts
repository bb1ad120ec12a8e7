/**
 * The derived figures of an actor in a zone-die world (issue 18): hmzd keeps only what the
 * routine adds to HârnMaster (./source.ts), so the attributes, skills and their EMLs, weapons'
 * AML and DML, Dodge, Initiative, encumbrance and the armour pieces are the HM3 block's,
 * derived by the HM3 derivation; the zone-die block adds the Shock EML (Z7) and the shock
 * state. Pure (plain data in and out).
 *
 * Ruling Z32 (docs/rulings.md): the HM3 derivation runs without the actor's injury items. An
 * hmzd injury impairs only the actions that use its zone (001:117, Z8), never every action
 * through HM3's Universal Penalty, so the Physical Penalty a zone-die EML takes is fatigue and
 * encumbrance alone.
 */
import { InputError } from "../../../core/errors";
import { deriveHm3Character } from "../../../rules/hm3/character";
import type { Hm3Derived } from "../../../rules/hm3/character-types";
import type { CharacterSource, CreatureSource } from "../../data/source";
import { HMZD_STATES, type HmzdState } from "../../../rules/hmzd/types";
import type { ItemLike } from "../contract";
import { hm3Input } from "../hm3/input";

/** What the zone-die block adds to the HM3 figures. */
export interface HmzdOwnFigures {
  /** The Shock test's EML (Z7): the Shock skill, else 5 × Endurance. */
  shock: number;
  /** Whether the character has a Shock skill of its own (Z7). */
  shockSkill: boolean;
  state: HmzdState;
}

/** An actor's derived figures in a zone-die world: the HM3 ones and `hmzd`. */
export type HmzdDerived = Hm3Derived & { ruleset: "hmzd"; hmzd: HmzdOwnFigures };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The zone-die block's own figures from `system.hmzd` (absent block: none, no skill). Z7: the
 * sheet's Shock EML, else the ML of the actor's Shock skill item (`skillMl`), else 5 × Endurance.
 */
export function hmzdFigures(
  block: unknown,
  endurance: number,
  skillMl: number | null = null,
): HmzdOwnFigures {
  const b = isRecord(block) ? block : {};
  const shock = b.shock ?? null;
  if (shock !== null && (typeof shock !== "number" || !Number.isInteger(shock) || shock < 0))
    throw new InputError("shock", shock, "expected the Shock EML, a whole number ≥ 0, or none");
  const state = b.state ?? "none";
  if (!(HMZD_STATES as readonly unknown[]).includes(state))
    throw new InputError("state", state, `expected one of ${HMZD_STATES.join(", ")}`);
  return {
    shock: shock ?? skillMl ?? 5 * endurance,
    shockSkill: shock !== null || skillMl !== null,
    state: state as HmzdState,
  };
}

/** The derivation of an actor (`RulesetDerivation.actor`): HM3's without injuries (Z32), and hmzd's. */
export function deriveHmzdActor(
  system: Record<string, unknown>,
  items: readonly ItemLike[],
): HmzdDerived {
  const hm3 = deriveHm3Character(
    hm3Input(
      system as unknown as CharacterSource | CreatureSource,
      items.filter((i) => i.type !== "injury"),
    ),
  );
  // Z7: a skill item named Shock (the seed's Combat skill, 001:121) is the Shock EML's source.
  const item = items.find((i) => i.type === "skill" && i.name.trim().toLowerCase() === "shock");
  const skill = item?.id ? hm3.skills[item.id] : undefined;
  return {
    ruleset: "hmzd",
    ...hm3,
    hmzd: hmzdFigures(system.hmzd, hm3.endurance, skill ? skill.ml : null),
  };
}

/** The `system` path of a field the derivation names (`attributes.str` → `hm3.attributes.str`). */
export function hmzdFieldPath(field: string): string {
  if (field === "shock" || field === "state") return `hmzd.${field}`;
  if (field === "encumbranceOverride") return "hm3.encumbrance";
  if (field === "fatigue" || field.startsWith("attributes.")) return `hm3.${field}`;
  return field;
}
