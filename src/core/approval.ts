/**
 * Whether a player's attack request or choice waits for the GM's approval (issue 15,
 * docs/architecture.md §2.6): pure comparisons of the request with what the GM's client measured
 * and the world's cap. The Foundry adapter measures and stores; this decides.
 */
import type { AttackSituation, CombatRules, FighterSnapshot } from "./combat";

type Obj = Record<string, unknown>;

/** The GM's measurement when the request's situation differs from it, else null. */
export function situationChanged(
  requested: unknown,
  measured: AttackSituation | null,
): AttackSituation | null {
  if (!measured) return null;
  const r = (requested ?? {}) as Partial<AttackSituation>;
  const same =
    r.engagingDefender === measured.engagingDefender &&
    r.defenderProne === measured.defenderProne &&
    (r.distance ?? null) === measured.distance &&
    EXTRA_FIELDS.every((k) => measured[k] === undefined || (r[k] ?? null) === measured[k]);
  return same ? null : measured;
}

/** The map's values a ruleset may read beyond the three every ruleset does (`SituationExtra`). */
const EXTRA_FIELDS = ["fromArc", "toArc", "light", "units"] as const;

/**
 * Why a player's attack waits for the GM's approval: the GM's canvas could not measure the
 * situation (the defender's token on another scene, or no token), the request's situation is
 * not the GM's measurement (set by hand), its custom modifiers total more than the world's cap,
 * or its range band is not the band of the GM's measured distance.
 */
export type ApprovalReason = "unmeasured" | "situation" | "custom" | "band";

/** What a card keeps of its approval (`context.approval`). */
export interface Approval {
  /** True until the GM approves; no step runs before. */
  pending: boolean;
  reasons: ApprovalReason[];
  /** The world's cap and the request's custom total, for the card. */
  cap: number;
  customTotal: number;
  /**
   * A band chosen by hand that is not the measured distance's: the localisation keys of the
   * chosen band and of the measured distance's (null: beyond every band, or not measured).
   */
  band?: { requested: string; measured: string | null; distance: number | null };
}

/** The total of a request's custom modifier rows (values the ruleset's builder checked). */
export function customTotal(custom: unknown): number {
  if (!Array.isArray(custom)) return 0;
  let total = 0;
  for (const row of custom as { value?: unknown }[])
    if (typeof row?.value === "number" && Number.isFinite(row.value)) total += row.value;
  return total;
}

/** What the world trusts of a player's attack request without the GM's approval. */
export interface ApprovalTrust {
  /**
   * The world setting `trustUnmeasured` (for tables that play without tokens): what the GM's
   * client cannot measure is taken as declared: the whole situation when the GM's canvas cannot
   * measure it (no token, another scene), the distance when only the distance is unknown (the
   * attacker has no token there), and then a range band by hand, which no distance contradicts.
   * What the GM's client does measure is still compared, and the cap still applies.
   */
  unmeasured?: boolean;
}

/**
 * The approval a player's attack request needs on the GM's client, or null when everything in
 * it is what the GM's client measured and within the world's cap. `measured` is the GM's own
 * measurement (null: it could not measure). The request was already checked by the ruleset's
 * builder (a valid item, mode, band, whole custom values). `trust` is what the world takes as
 * declared (`ApprovalTrust`; by default nothing: an unmeasured situation waits).
 */
export function approvalFor(
  combat: CombatRules,
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: unknown,
  measured: AttackSituation | null,
  cap: number,
  trust: ApprovalTrust = {},
): Approval | null {
  const r = (request ?? {}) as Obj;
  const trusting = trust.unmeasured === true;
  const reasons: ApprovalReason[] = [];
  if (!measured) {
    if (!trusting) reasons.push("unmeasured");
  } else {
    // With trust, a distance (or facing, light, units) the GM's client could not measure is
    // the request's.
    const declared = (r.situation ?? {}) as Partial<AttackSituation>;
    const compared: AttackSituation = { ...measured };
    if (trusting) {
      if (measured.distance === null) compared.distance = declared.distance ?? null;
      for (const k of EXTRA_FIELDS)
        if (measured[k] === null) Object.assign(compared, { [k]: declared[k] ?? null });
    }
    if (situationChanged(r.situation, compared)) reasons.push("situation");
  }
  // Catalog rows the player declares (`CombatRules.catalog`: bad footing, cover, …) are the
  // table's situation as he says it: the GM approves them as a changed situation.
  if (Array.isArray(r.catalog) && r.catalog.length > 0 && !reasons.includes("situation"))
    reasons.push("situation");
  const total = customTotal(r.custom);
  if (Math.abs(total) > cap) reasons.push("custom");
  let band: Approval["band"];
  if (typeof r.band === "string") {
    const option = combat.attackOptions(attacker, defender).find((o) => o.itemId === r.itemId);
    const chosen = option?.bands.find((b) => b.id === r.band);
    const distance = measured?.distance ?? null;
    // A band is compared with the GM's measured distance; with trust, none measured: as chosen.
    if (option && chosen && !(trusting && distance === null)) {
      const fits = distance !== null ? combat.bandFor(option, distance, measured?.units) : null;
      if (fits !== chosen.id) {
        reasons.push("band");
        const fitting = option.bands.find((b) => b.id === fits);
        band = { requested: chosen.labelKey, measured: fitting?.labelKey ?? null, distance };
      }
    }
  }
  if (!reasons.length) return null;
  return { pending: true, reasons, cap, customTotal: total, ...(band ? { band } : {}) };
}

/**
 * The approval a player's choice (a defence) needs on the GM's client, or null (issue 15): its
 * custom modifier rows total more than the world's cap. A choice has no situation or band of its
 * own to measure; it is held exactly as an attack is, and goes on only when the GM approves.
 */
export function choiceApprovalFor(request: unknown, cap: number): Approval | null {
  const total = customTotal((request as { custom?: unknown } | null)?.custom);
  return Math.abs(total) > cap
    ? { pending: true, reasons: ["custom"], cap, customTotal: total }
    : null;
}
