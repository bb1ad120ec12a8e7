/**
 * Shared pieces of the zone-die combat functions (./combat.ts): the combat round (Z21, Z38), the
 * localisation keys, aspects, placement labels, and the readers of untrusted requests (HM3's).
 */
import type { ExchangeFight, OptionalRule, TargetLabels } from "../../../core/combat";
import { InputError } from "../../../core/errors";
import { type Modifier, type Target } from "../../../core/modifiers";
import type { RulesetBlock } from "../../../core/ruleset";
import { HM3_TARGET_LABELS } from "../../../rules/hm3/combat";
import { EML_MAX, EML_MIN } from "../../../rules/hm3/mechanics";
import { type RangeBand } from "../../../rules/hm3/tables";
import { type HmzdAspect } from "../../../rules/hmzd/types";
import { type HmzdBlockData } from "../../../rules/hmzd/turn";
import type { HmzdMode } from "./combat-snapshot";

export {
  MAX_OPPONENTS,
  readAttackRequest,
  readCustom,
  readId,
  readNullableId,
  readSituation,
} from "../../../rules/hm3/combat";

/**
 * The combat round of an exchange (Z21: "round" is the tracker's): the adapter's `fight.round`
 * (Foundry's `Combat#round`, the attacker's combat, else the defender's, ruling Z38), 0 outside
 * a started combat.
 */
export function roundOf(fight: ExchangeFight | undefined): number {
  const round = fight?.round ?? 0;
  if (typeof round !== "number" || !Number.isInteger(round) || round < 0)
    throw new InputError("fight.round", round, "expected the combat round, a whole number ≥ 0");
  return round;
}

export const blockData = (b: RulesetBlock) => b.data as unknown as HmzdBlockData;

// ── Localisation keys (whole literals, for the lang audit) ──────────────────────────────────

/** The aspects a zone-die mode strikes with (001:93, 107), by both spellings a block may use. */
export const HMZD_ASPECT_KEYS: Readonly<Record<string, string>> = Object.freeze({
  B: "BLOWBYBLOW.HMZD.Combat.Aspect.B",
  E: "BLOWBYBLOW.HMZD.Combat.Aspect.E",
  P: "BLOWBYBLOW.HMZD.Combat.Aspect.P",
  F: "BLOWBYBLOW.HMZD.Combat.Aspect.F",
  blunt: "BLOWBYBLOW.HMZD.Combat.Aspect.B",
  edge: "BLOWBYBLOW.HMZD.Combat.Aspect.E",
  point: "BLOWBYBLOW.HMZD.Combat.Aspect.P",
  fire: "BLOWBYBLOW.HMZD.Combat.Aspect.F",
});

/** The letter of an aspect (`edge` → `E`), as the engine and the injury code write it. */
export function aspectLetter(aspect: string): "B" | "E" | "P" | "F" | null {
  const letter = { B: "B", E: "E", P: "P", F: "F", blunt: "B", edge: "E", point: "P", fire: "F" }[
    aspect
  ];
  return (letter as "B" | "E" | "P" | "F" | undefined) ?? null;
}

/** The engine's aspect (`edge`) of either spelling a block may use (`E`, `edge`). */
export function aspectOf(aspect: string): HmzdAspect | null {
  const letter = aspectLetter(aspect);
  return letter ? ({ B: "blunt", E: "edge", P: "point", F: "fire" } as const)[letter] : null;
}

/** The most zone values a plan may have (001:61: "20+"), and so the placements labelled. */
export const MAX_ZONES = 20;

/** Placement labels: the human plan's zones by name (§2), any other plan's by number. */
export const HUMAN_PLACEMENT = [
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.1",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.2",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.3",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.4",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.5",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.6",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.7",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.8",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.9",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.10",
] as const;
export const ZONE_PLACEMENT: readonly string[] = [
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.1",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.2",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.3",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.4",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.5",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.6",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.7",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.8",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.9",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.10",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.11",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.12",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.13",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.14",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.15",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.16",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.17",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.18",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.19",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.20",
];

export const HMZD_COMBAT_KEYS = Object.freeze({
  unaimed: "BLOWBYBLOW.HMZD.Combat.Placement.unaimed",
  humanPlacement: HUMAN_PLACEMENT,
  zonePlacement: Object.freeze(ZONE_PLACEMENT),
  band: Object.freeze({
    short: "BLOWBYBLOW.HM3.Combat.Band.short",
    medium: "BLOWBYBLOW.HM3.Combat.Band.medium",
    long: "BLOWBYBLOW.HM3.Combat.Band.long",
    extreme: "BLOWBYBLOW.HM3.Combat.Band.extreme",
  } satisfies Record<RangeBand, string>),
  unavailable: Object.freeze({
    notEquipped: "BLOWBYBLOW.HM3.Combat.Unavailable.NotEquipped",
    notHeld: "BLOWBYBLOW.HM3.Combat.Unavailable.NotHeld",
    noModes: "BLOWBYBLOW.HMZD.Combat.Unavailable.noModes",
    nothingToBlock: "BLOWBYBLOW.HM3.Unavailable.NothingToBlock",
    noWeapon: "BLOWBYBLOW.HM3.Unavailable.NoWeapon",
    shieldOnly: "BLOWBYBLOW.HMZD.Combat.Unavailable.shieldOnly",
    forbidden: "BLOWBYBLOW.HMZD.Combat.Unavailable.forbidden",
  }),
  spend: Object.freeze({
    impact: "BLOWBYBLOW.HMZD.Combat.Spend.impact",
    precision: "BLOWBYBLOW.HMZD.Combat.Spend.precision",
    action: "BLOWBYBLOW.HMZD.Combat.Spend.action",
    setup: "BLOWBYBLOW.HMZD.Combat.Spend.setup",
  }),
  injuryName: "BLOWBYBLOW.HMZD.Combat.InjuryName",
});

/** The labels of the targets: HM3's (Z30: the EMLs are HM3's) and the zone impairment (Z8). */
export const HMZD_TARGET_LABELS: TargetLabels = Object.freeze({
  modifiers: Object.freeze({
    ...HM3_TARGET_LABELS.modifiers,
    impairment: "BLOWBYBLOW.HMZD.Modifier.impairment",
  }),
  bases: HM3_TARGET_LABELS.bases,
});

/** The zone-die world options: none of its own yet (Z10's special effects are zd-state's). */
export const HMZD_OPTIONAL_RULES: readonly OptionalRule[] = Object.freeze([]);

/** The four ways to spend a tactical advantage (§6, Z6). */
export const SPEND_TYPES = ["impact", "precision", "action", "setup"] as const;
export type SpendType = (typeof SPEND_TYPES)[number];
export type Spend = Record<SpendType, number>;

export const LIMIT = { min: EML_MIN, max: EML_MAX };

// ── Reading requests (HM3's readers: the request shape is the core's) ─────────────────────────────────────────────────────────────────────────

/** A target as the declaration stores it: base and modifiers. */
export function itemised(t: Target): { baseKey: string; base: number; modifiers: Modifier[] } {
  return { baseKey: t.baseKey, base: t.base, modifiers: t.modifiers.map((m) => ({ ...m })) };
}

export function weaponJson(zoneDie: number, mode: HmzdMode): Record<string, unknown> {
  return { zoneDie, impact: { die: mode.die, base: mode.base, aspect: mode.aspect } };
}
