/**
 * The exact odds of the zone-die exchange as the page sets it (src/rules/hmzd/odds.ts, the same
 * as `cli odds` on the same input): victor and stars, the two tests' levels, the injury and
 * shock state of each side (the attacker only when a counterstrike can strike him). The spending
 * prompt takes its defaults (Z6, Z5). Every figure is the engine's, shown as it is.
 */
import { escapeHtml as esc } from "../../foundry/sheets/common";
import { HMZD_LEVEL_LABEL, HMZD_STATE_LABEL } from "../../foundry/rulesets/hmzd/card-keys";
import { oddsInput, type HmzdOdds, type HmzdSideOdds } from "../../rules/hmzd/odds";
import { HMZD_LEVELS, HMZD_STATES } from "../../rules/hmzd/types";
import { format, localize, pct } from "../page";
import { resolveInput, type ZdExchange } from "./hmzd-exchange";
import { Z } from "./hmzd-labels";

/** `cli odds` on the page's exchange. */
export function zdOdds(x: ZdExchange): HmzdOdds {
  return oddsInput(resolveInput(x)).odds;
}

const row = (id: string, label: string, p: number) =>
  `<tr data-odds="${esc(id)}"><th scope="row">${esc(label)}</th><td>${pct(p)}</td></tr>`;

const table = (id: string, caption: string, rows: string[]) =>
  `<table id="${id}"><caption>${esc(caption)}</caption>${rows.join("")}</table>`;

function sideTables(side: "attacker" | "defender", o: HmzdSideOdds, name: string): string[] {
  const injury = Object.entries(o.injury)
    .filter(([, p]) => p > 0)
    .map(([k, p]) => row(k, k === "none" ? localize(Z.oddsNoInjury) : k, p));
  const shock = HMZD_STATES.filter((s) => o.state[s] > 0).map((s) =>
    row(s, localize(HMZD_STATE_LABEL[s]!), o.state[s]),
  );
  return [
    table(`wb-odds-injury-${side}`, format(Z.oddsInjury, { name }), injury),
    table(`wb-odds-shock-${side}`, format(Z.oddsShock, { name }), shock),
  ];
}

/** The odds panel's HTML. */
export function zdOddsPanel(odds: HmzdOdds, x: ZdExchange): string {
  const names = { attacker: x.attacker.name, defender: x.defender.name };
  const outcome = Object.entries(odds.outcome).map(([k, p]) => {
    const [victor, stars] = k.split(" ") as [string, string];
    const label =
      victor === "none"
        ? localize(Z.oddsNone)
        : format(Z.oddsWins, { name: names[victor as "attacker" | "defender"], stars });
    return row(k, label, p);
  });
  const levels = (l: Record<string, number>) =>
    HMZD_LEVELS.map((v) => row(v, localize(HMZD_LEVEL_LABEL[v]!), l[v] ?? 0));
  const tables = [
    table("wb-odds-outcome", localize(Z.oddsOutcome), outcome),
    table("wb-odds-attack", localize(Z.oddsAttack), levels(odds.attackLevel)),
  ];
  if (odds.defenceLevel)
    tables.push(table("wb-odds-defence", localize(Z.oddsDefence), levels(odds.defenceLevel)));
  tables.push(...sideTables("defender", odds.defender, names.defender));
  if (odds.attacker.struck > 0)
    tables.push(...sideTables("attacker", odds.attacker, names.attacker));
  const other = (["defender", "attacker"] as const).flatMap((s) => [
    row(`struck.${s}`, format(Z.oddsStruck, { name: names[s] }), odds[s].struck),
    `<tr data-odds="impact.${s}"><th scope="row">${esc(format(Z.oddsImpact, { name: names[s] }))}</th><td>${odds[s].expectedEffectiveImpact.toFixed(3)}</td></tr>`,
  ]);
  tables.push(table("wb-odds-other", localize(Z.oddsOther), other));
  return `<h2>${esc(localize(Z.oddsTitle))}</h2>
    <p id="wb-odds-note">${esc(localize(Z.oddsSpend))}</p>
    <div class="bbb-wb-odds-tables">${tables.join("")}</div>`;
}
