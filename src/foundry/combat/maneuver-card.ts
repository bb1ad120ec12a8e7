/**
 * The chat card of a maneuver (issue 17; posted by maneuver-step.ts on the GM's client): the
 * line saying what the fighter chose, and for a maneuver that rolled as it was chosen (GURPS's
 * feint) each check with its roll, target and verdict, and the outcome. Pure: no Foundry.
 */
import type { ManeuverRolled } from "../rulesets/contract";
import { escapeHtml } from "../sheets/common";

/** The maneuver card's view: the line, and the checks rolled with their outcome. */
export interface ManeuverCardView {
  chosen: string;
  checks: { label: string; total: number; target: number; verdict: string; success: boolean }[];
  summary: string | null;
}

/**
 * The maneuver card's HTML (every text escaped: names are user text): the line alone when
 * nothing was rolled, else a card with each check and the outcome.
 */
export function maneuverCardHtml(view: ManeuverCardView): string {
  const chosen = `<p class="bbb-maneuver-chosen">${escapeHtml(view.chosen)}</p>`;
  if (view.checks.length === 0 && !view.summary) return chosen;
  const checks = view.checks
    .map(
      (c) =>
        `<li class="bbb-maneuver-check ${c.success ? "bbb-success" : "bbb-failure"}">` +
        `<span class="bbb-check-label">${escapeHtml(c.label)}</span>` +
        `<span class="bbb-check-vs"><strong class="bbb-check-roll">${c.total}</strong> / ` +
        `<span class="bbb-check-target">${c.target}</span></span>` +
        `<span class="bbb-check-verdict">${escapeHtml(c.verdict)}</span></li>`,
    )
    .join("");
  return (
    `<article class="blow-by-blow bbb-maneuver-card">${chosen}` +
    (checks ? `<ul class="bbb-maneuver-checks">${checks}</ul>` : "") +
    (view.summary ? `<p class="bbb-maneuver-outcome">${escapeHtml(view.summary)}</p>` : "") +
    `</article>`
  );
}

/** The card's view for a block and what was rolled (localised). */
export function maneuverCardView(
  name: string,
  view: { maneuverKey: string; postureKey: string },
  rolled: ManeuverRolled | null,
  i18n: {
    localize(key: string): string;
    format(key: string, data: Record<string, string>): string;
  },
): ManeuverCardView {
  return {
    chosen: i18n.format("BLOWBYBLOW.Maneuver.chosen", {
      name,
      maneuver: i18n.localize(view.maneuverKey),
      posture: i18n.localize(view.postureKey),
    }),
    checks: (rolled?.checks ?? []).map((c) => ({
      label: i18n.localize(c.key),
      total: c.total,
      target: c.target,
      verdict: i18n.localize(
        c.success ? "BLOWBYBLOW.Maneuver.passed" : "BLOWBYBLOW.Maneuver.failed",
      ),
      success: c.success,
    })),
    summary: rolled ? i18n.format(rolled.summary.key, rolled.summary.data) : null,
  };
}
