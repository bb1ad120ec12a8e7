/**
 * The workbench's GURPS Man to Man names (locations, defences, signed modifiers, damage) and the
 * exact odds of the chosen exchange (the exchange itself is the real chat card,
 * src/workbench/rulesets/m2m-cards.ts). Every figure is the engine's odds (`M2mOdds`), shown as
 * they are; labels from the language file.
 */
import type { M2mFightOutcome } from "../../cli/m2m-fight";
import { formatDamageExpr } from "../../rules/m2m/damage";
import type { M2mOdds } from "../../rules/m2m/odds";
import { escapeHtml as esc } from "../../foundry/sheets/common";
import { LOCATION_LABEL } from "../../foundry/rulesets/m2m/sheets/labels";
import { format, localize, pct } from "../page";
import { ATTACK_OUTCOME, DEFENCE_OUTCOME, X } from "./m2m-exchange-labels";

const DEFENCE_LABEL = Object.freeze({
  dodge: "BLOWBYBLOW.M2M.Defence.dodge",
  parry: "BLOWBYBLOW.M2M.Defence.parry",
  block: "BLOWBYBLOW.M2M.Defence.block",
  none: "BLOWBYBLOW.M2M.Defence.none",
});

/** A hit location's name as the sheets give it. */
export const locationName = (id: string): string =>
  Object.hasOwn(LOCATION_LABEL, id)
    ? localize(LOCATION_LABEL[id as keyof typeof LOCATION_LABEL])
    : id;

export const defenceName = (type: keyof typeof DEFENCE_LABEL): string =>
  localize(DEFENCE_LABEL[type]);

/** A signed modifier (`−4`, `+1`). */
export const signed = (n: number): string => (n < 0 ? `\u2212${-n}` : `+${n}`);

const oddsRow = (id: string, label: string, p: number) =>
  `<tr data-odds="${esc(id)}"><th scope="row">${esc(label)}</th><td>${pct(p)}</td></tr>`;

const table = (id: string, caption: string, rows: string[]) =>
  `<table id="${id}"><caption>${esc(localize(caption))}</caption>${rows.join("")}</table>`;

/** The exact odds of the exchange chosen, beside it: `cli odds` on the same input. */
export function oddsPanel(odds: M2mOdds, o: M2mFightOutcome): string {
  const attack = (Object.keys(ATTACK_OUTCOME) as (keyof typeof ATTACK_OUTCOME)[]).map((k) =>
    oddsRow(k, localize(ATTACK_OUTCOME[k]), odds.attack[k]),
  );
  attack.push(oddsRow("anyHit", localize(X.hit), odds.hit));
  const defence = (Object.keys(DEFENCE_OUTCOME) as (keyof typeof DEFENCE_OUTCOME)[]).map((k) =>
    oddsRow(k, localize(DEFENCE_OUTCOME[k]), odds.defence[k]),
  );
  defence.push(oddsRow("noRoll", localize(X.noRoll), odds.defence.noRoll));
  const location = Object.entries(odds.location)
    .filter(([, p]) => p > 0)
    .map(([l, p]) => oddsRow(l, l === "none" ? localize(X.noHit) : locationName(l), p));
  const injury = Object.entries(odds.injury)
    .filter(([, p]) => p > 0)
    .sort(([x], [y]) => Number(x) - Number(y))
    .map(([n, p]) => oddsRow(`injury.${n}`, format(X.injuryTotal, { injury: n }), p));
  const dd = odds.defender;
  const other = [
    `<tr data-odds="expectedInjury"><th scope="row">${esc(localize(X.expectedInjury))}</th><td>${odds.expectedInjury.toFixed(3)}</td></tr>`,
    oddsRow("majorWound", localize(X.oddsMajor), dd.majorWound),
    oddsRow("knockdown", localize(X.oddsKnockdown), odds.knockdown),
    oddsRow("stunned", localize(X.oddsStunned), odds.stunned),
    oddsRow("crippled", localize(X.oddsCrippled), dd.crippled),
    oddsRow("unconscious", localize(X.oddsUnconscious), odds.unconscious),
    oddsRow("consciousnessRolls", localize(X.oddsConsciousness), dd.consciousnessRolls),
    oddsRow("dead", localize(X.oddsDead), odds.dead),
    oddsRow("attackerFumble", localize(X.oddsAttackerFumble), odds.criticalMiss.attacker),
    oddsRow("defenderFumble", localize(X.oddsDefenderFumble), odds.criticalMiss.defender),
    oddsRow("defenderFalls", localize(X.oddsFalls), odds.defenderFalls),
    oddsRow("shieldUnready", localize(X.oddsShield), odds.shieldUnready),
    oddsRow("attackerStruck", localize(X.oddsAttackerStruck), odds.attacker.struck),
  ];
  return `<h2>${esc(localize(X.odds))}</h2>
    <p id="wb-odds-pd">${esc(format(X.oddsPd, { pd: o.defence.pd, location: locationName(o.defence.pdLocation) }))}</p>
    <div class="bbb-wb-odds-tables">
      ${table("wb-odds-attack", X.oddsAttack, attack)}
      ${table("wb-odds-defence", X.oddsDefence, defence)}
      ${table("wb-odds-location", X.oddsLocation, location)}
      ${table("wb-odds-injury", X.oddsInjury, injury)}
      ${table("wb-odds-other", X.oddsOther, other)}
    </div>`;
}

/** A damage expression as the engine writes it (`1d+2`). */
export const damageText = formatDamageExpr;
