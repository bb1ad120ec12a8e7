/**
 * The workbench's GURPS Man to Man exchange, itemised (a plain panel; the Foundry m2m chat card
 * is another piece of work), and the exact odds of the chosen exchange. Every figure is the
 * engine's result (`M2mResult`) or odds (`M2mOdds`), shown as they are; labels from the
 * language file.
 */
import type { M2mFightOutcome } from "../../cli/m2m-fight";
import { formatDamageExpr } from "../../rules/m2m/damage";
import type { M2mResult, M2mWoundOutcome } from "../../rules/m2m/exchange";
import type { M2mOdds } from "../../rules/m2m/odds";
import { escapeHtml as esc } from "../../foundry/sheets/common";
import { LOCATION_LABEL } from "../../foundry/rulesets/m2m/sheets/labels";
import { GENERIC_MODIFIER_LABEL } from "../../foundry/target-labels";
import { format, localize, pct } from "../page";
import { M } from "./m2m-labels";
import {
  ATTACK_MODIFIER,
  ATTACK_OUTCOME,
  CRITICAL_EFFECT,
  DEFENCE_OUTCOME,
  X,
} from "./m2m-exchange-labels";

const DEFENCE_LABEL = Object.freeze({
  dodge: "BLOWBYBLOW.M2M.Defence.dodge",
  parry: "BLOWBYBLOW.M2M.Defence.parry",
  block: "BLOWBYBLOW.M2M.Defence.block",
  none: "BLOWBYBLOW.M2M.Defence.none",
});
const SURVIVED = "BLOWBYBLOW.Workbench.M2M.Outcome.survived";
const DIED = "BLOWBYBLOW.Workbench.M2M.Outcome.died";
const FELL = "BLOWBYBLOW.Workbench.M2M.Outcome.fell";
const STANDS = "BLOWBYBLOW.Workbench.M2M.Outcome.stands";

/** A hit location's name as the sheets give it. */
export const locationName = (id: string): string =>
  Object.hasOwn(LOCATION_LABEL, id)
    ? localize(LOCATION_LABEL[id as keyof typeof LOCATION_LABEL])
    : id;

export const defenceName = (type: keyof typeof DEFENCE_LABEL): string =>
  localize(DEFENCE_LABEL[type]);

/** A signed modifier (`−4`, `+1`). */
export const signed = (n: number): string => (n < 0 ? `\u2212${-n}` : `+${n}`);

const yesNo = (b: boolean) => localize(b ? X.yes : X.no);

const row = (id: string, label: string, value: string) =>
  `<tr data-row="${esc(id)}"><th scope="row">${esc(label)}</th><td>${esc(value)}</td></tr>`;

const effects = (list: readonly string[]) =>
  list
    .map((e) =>
      Object.hasOwn(CRITICAL_EFFECT, e)
        ? localize(CRITICAL_EFFECT[e as keyof typeof CRITICAL_EFFECT])
        : e,
    )
    .join(", ");

/** The wound's rows (the defender's, or a fumbler's own): HP, shock, knockdown, stun, death. */
function woundRows(prefix: string, name: string, hpBefore: number, w: M2mWoundOutcome): string[] {
  const rows = [
    row(
      `${prefix}injury`,
      localize(X.injury),
      w.lost ? format(X.injuryValue, { injury: w.injury, lost: w.lost }) : String(w.injury),
    ),
    row(
      `${prefix}hp`,
      format(X.hp, { name }),
      format(X.hpValue, { before: hpBefore, after: w.hp }),
    ),
    row(`${prefix}shock`, localize(X.shock), w.shock ? signed(-w.shock) : "0"),
    row(`${prefix}majorWound`, localize(X.majorWound), yesNo(w.majorWound)),
    row(
      `${prefix}knockdown`,
      localize(X.knockdown),
      w.knockdown
        ? format(X.knockdownValue, {
            roll: w.knockdown.roll,
            target: w.knockdown.target,
            outcome: localize(w.knockdown.fell ? FELL : STANDS),
          })
        : localize(X.noKnockdown),
    ),
    row(`${prefix}stunned`, localize(X.stunned), yesNo(w.stunned)),
    row(`${prefix}crippled`, localize(X.crippled), yesNo(w.crippled)),
    row(`${prefix}knockedOut`, localize(X.knockedOut), yesNo(w.knockedOut)),
    row(`${prefix}unconscious`, localize(X.unconscious), yesNo(w.unconscious)),
    row(`${prefix}consciousness`, localize(X.consciousness), yesNo(w.consciousnessRolls)),
    row(
      `${prefix}death`,
      localize(X.death),
      w.deathChecks.length
        ? w.deathChecks
            .map((d) =>
              format(X.deathValue, {
                threshold: signed(d.threshold).replace(/^\+/, ""),
                roll: d.roll,
                outcome: localize(d.survived ? SURVIVED : DIED),
              }),
            )
            .join("; ")
        : localize(X.noDeath),
    ),
    row(`${prefix}dead`, localize(X.dead), yesNo(w.dead)),
  ];
  return rows;
}

/**
 * One exchange, itemised: attack (skill and its modifiers, roll), location, defence (score, PD,
 * roll), criticals, damage, DR, injury, the defender's HP before and after, shock, knockdown,
 * stun, unconsciousness and death checks; a fumbler's own wound.
 */
export function exchangePanel(o: M2mFightOutcome, base: string): string {
  const r = o.result as M2mResult;
  const a = o.attack;
  const typeText = localize(`${M.typePrefix}${a.type}`);
  const level = a.target - a.modifiers.reduce((t, m) => t + m.value, 0);
  const rows: string[] = [
    row(
      "attack",
      localize(X.attack),
      format(X.attackValue, { weapon: a.item, base, damage: a.damage, type: typeText }),
    ),
    row("level", localize(X.level), String(level)),
    ...a.modifiers.map((m) =>
      row(
        `modifier.${m.key}`,
        localize(
          Object.hasOwn(ATTACK_MODIFIER, m.key) ? ATTACK_MODIFIER[m.key]! : GENERIC_MODIFIER_LABEL,
        ),
        signed(m.value),
      ),
    ),
  ];
  if (r.attack.locationPenalty)
    rows.push(row("swingPenalty", localize(X.swingPenalty), signed(r.attack.locationPenalty)));
  rows.push(
    row("skill", localize(X.skill), String(r.attack.effective)),
    row(
      "attackRoll",
      localize(X.attackRoll),
      format(X.rollValue, {
        roll: r.attack.roll,
        target: r.attack.target,
        outcome: localize(ATTACK_OUTCOME[r.attack.outcome]),
      }),
    ),
  );
  const where = r.location ?? null;
  rows.push(
    row(
      "location",
      localize(X.location),
      where === null
        ? localize(X.noLocation)
        : format(
            r.headMissByOne
              ? X.headMiss
              : r.aimed === "random"
                ? X.locationRandom
                : X.locationAimed,
            {
              location: locationName(where),
            },
          ),
    ),
  );
  const d = o.defence;
  const defenceLabel = d.item ? `${defenceName(d.option)} (${d.item})` : defenceName(d.option);
  rows.push(
    row(
      "defence",
      localize(X.defence),
      format(X.defenceValue, { defence: defenceLabel, score: d.score, pd: d.pd, target: d.target }),
    ),
    row(
      "defenceRoll",
      localize(X.defenceRoll),
      r.defence
        ? format(X.rollValue, {
            roll: r.defence.roll,
            target: r.defence.target,
            outcome: localize(DEFENCE_OUTCOME[r.defence.outcome]),
          })
        : localize(X.noDefenceRoll),
    ),
  );
  if (r.criticalHit)
    rows.push(
      row(
        "criticalHit",
        localize(X.criticalHit),
        format(X.criticalValue, {
          roll: r.criticalHit.roll,
          effects: effects(r.criticalHit.effects) || "\u2014",
        }),
      ),
    );
  if (r.criticalMiss)
    rows.push(
      row(
        "criticalMiss",
        format(X.criticalMiss, {
          name: r.criticalMiss.side === "attacker" ? o.attacker : o.defender,
        }),
        format(X.criticalValue, {
          roll: [r.criticalMiss.roll, ...r.criticalMiss.rerolls].join(", "),
          effects: effects(r.criticalMiss.effects) || "\u2014",
        }),
      ),
    );
  if (r.damage) {
    rows.push(
      row(
        "damage",
        localize(X.damage),
        format(X.damageValue, {
          dice: r.damage.dice.join(" + ") || "\u2014",
          basic: r.damage.basic,
        }),
      ),
      row("dr", localize(X.dr), String(r.damage.dr)),
      row("penetrating", localize(X.penetrating), String(r.damage.penetrating)),
    );
  }
  const hpBefore = (o.input.defender as { hp: number }).hp;
  rows.push(...woundRows("", o.defender, hpBefore, r.defender));
  const self = r.criticalMiss?.selfHit;
  if (self?.wound) {
    const who = r.criticalMiss!.side === "attacker" ? o.attacker : o.defender;
    const before = (
      (r.criticalMiss!.side === "attacker" ? o.input.attacker : o.input.defender) as { hp: number }
    ).hp;
    rows.push(
      row(
        "selfHit",
        localize(X.selfHit),
        format(X.selfHitValue, {
          location: locationName(self.location),
          injury: self.wound.injury,
        }),
      ),
      ...woundRows("self.", who, before, self.wound),
    );
  }
  return `<article class="bbb-wb-m2m-exchange" data-seed="${o.seed}">
    <h3>${esc(format(X.title, { attacker: o.attacker, defender: o.defender, seed: o.seed }))}</h3>
    <table class="bbb-wb-m2m-result"><caption>${esc(localize(X.result))}</caption>${rows.join("")}</table>
  </article>`;
}

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
