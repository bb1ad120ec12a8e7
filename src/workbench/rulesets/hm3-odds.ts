/**
 * The HM3 workbench's defence options and the exact odds of the chosen attack and defence
 * (src/rules/hm3/odds.ts), with the itemised EMLs.
 */
import type { ChoiceRequest } from "../../core/combat";
import type { Target } from "../../core/modifiers";
import { SeededDice } from "../../core/dice";
import { targetView } from "../../foundry/chat/target-view";
import { localizeTree } from "../../foundry/chat/text";
import { escapeHtml } from "../../foundry/sheets/common";
import { hm3, hm3Combat } from "../../rules/hm3";
import { exchangeOdds } from "../../rules/hm3/odds";
import { bestDefence } from "../../sim/policy";
import { el, format, K, localize, pct } from "../page";
import { attackRequest, S } from "./hm3-fight";
import { defenceCounts, fillCounts, withDecisions } from "./hm3-decisions";

/**
 * The defence options against the chosen attack, the chosen defence's Gold counts, and the exact
 * odds of the chosen pair; a declared decision the ruleset refuses is shown beside its input.
 */
export function fillDefenceAndOdds(): void {
  withDecisions(fillNow);
}

function fillNow(): void {
  const d = S.duel!;
  const a = d.snapshot("a");
  const b = d.snapshot("b");
  const request = attackRequest();
  const build = hm3Combat.buildDeclaration(a, b, request, S.options);
  const decl = hm3.parseDeclaration(build.declaration);
  const state = hm3.start(decl, new SeededDice(0));
  const pending = hm3.pending(state)!;
  const options = hm3Combat.choiceOptions(pending, build, b);
  const chosen = el<HTMLSelectElement>("wb-defence").value;
  const best = bestDefence(options);
  const rows = options.flatMap((o) =>
    o.unavailableKey
      ? []
      : (o.items.length ? o.items : [{ itemId: "", name: "", target: o.target, modes: [] }]).map(
          (i) => ({
            value: `${o.id}|${i.itemId}`,
            label: `${localize(o.labelKey)}${i.name ? ` — ${i.name}` : ""}${i.target ? ` (${i.target.value})` : ""}`,
          }),
        ),
  );
  const keep = rows.some((r) => r.value === chosen)
    ? chosen
    : `${best.optionId}|${best.itemId ?? ""}`;
  el<HTMLSelectElement>("wb-defence").innerHTML = rows
    .map(
      (r) =>
        `<option value="${escapeHtml(r.value)}"${r.value === keep ? " selected" : ""}>${escapeHtml(r.label)}</option>`,
    )
    .join("");
  fillCounts(options.find((o) => o.id === el<HTMLSelectElement>("wb-defence").value.split("|")[0]));
  const defence = defenceRequest(options);
  const value = hm3Combat.buildChoice(pending, build, b, defence);
  const odds = exchangeOdds(decl, hm3.parseChoice(state, value));
  const resultRows = Object.entries(odds.result)
    .filter(([, p]) => p > 0)
    .map(
      ([code, p]) =>
        `<tr data-code="${escapeHtml(code)}"><th>${escapeHtml(code)}</th><td>${pct(p)}</td></tr>`,
    )
    .join("");
  const injuryRows = Object.entries(odds.injury)
    .filter(([, p]) => p > 0)
    .map(
      ([lvl, p]) =>
        `<tr data-injury="${escapeHtml(lvl)}"><th>${escapeHtml(lvl === "none" ? localize(K.none) : lvl)}</th><td>${pct(p)}</td></tr>`,
    )
    .join("");
  const other: [string, number | string][] = [
    [localize(K.shock), pct(odds.shock)],
    [localize(K.kill), pct(odds.kill)],
    [localize(K.fumble), pct(odds.fumble)],
    [localize(K.stumble), pct(odds.stumble)],
    [localize(K.expected), odds.expectedEffectiveImpact.toFixed(3)],
  ];
  // Weapon damage on a Block result, each side's own weapon (rulings R5, R31, R41).
  const names = { attacker: a.name, defender: b.name };
  const damage = (["attacker", "defender"] as const).flatMap((side) => [
    { id: `weaponDamaged-${side}`, key: K.weaponDamaged, p: odds[side].weaponDamaged, side },
    { id: `weaponBroken-${side}`, key: K.weaponBroken, p: odds[side].weaponBroken, side },
  ]);
  const damageRows = damage
    .map(
      (r) =>
        `<tr data-figure="${r.id}"><th>${escapeHtml(format(r.key, { name: names[r.side] }))}</th><td>${pct(r.p)}</td></tr>`,
    )
    .join("");
  const chosenDefence = hm3.parseChoice(state, value);
  const emls: { id: string; caption: string; target: Target }[] = [
    { id: "attack", caption: format(K.emlAttack, { name: a.name }), target: decl.attack.target },
  ];
  if (chosenDefence.target)
    emls.push({
      id: "defence",
      caption: format(K.emlDefence, { name: b.name }),
      target: chosenDefence.target,
    });
  const emlTables = emls.map((x) => emlTable(x.id, x.caption, x.target)).join("");
  el("wb-odds").innerHTML = `
    <h2>${escapeHtml(localize(K.odds))}</h2>
    <div class="bbb-wb-odds-tables">
      <table id="wb-odds-result"><caption>${escapeHtml(localize(K.oddsResult))}</caption>${resultRows}</table>
      <table id="wb-odds-injury"><caption>${escapeHtml(localize(K.oddsInjury))}</caption>${injuryRows}</table>
      <table id="wb-odds-other"><caption>${escapeHtml(localize(K.oddsOther))}</caption>${other
        .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(String(v))}</td></tr>`)
        .join("")}${damageRows}</table>
    </div>
    <h2>${escapeHtml(localize(K.eml))}</h2>
    <div class="bbb-wb-odds-tables" id="wb-eml">${emlTables}</div>`;
}

/**
 * An itemised EML as the chat card itemises it (`targetView`, labelled by the HM3 combat
 * rules): the base, each modifier (a custom one's label as typed, escaped), the sum, and the
 * value rolled against.
 */
export function emlTable(id: string, caption: string, target: Target): string {
  const view = localizeTree(targetView(target, hm3Combat.labels), localize, format) as {
    base: { label: string; value: number };
    lines: { label: string; value: string; custom: boolean }[];
    raw: number;
    value: number;
  };
  const row = (label: string, v: string | number, attr = "") =>
    `<tr${attr}><th>${escapeHtml(label)}</th><td>${escapeHtml(String(v))}</td></tr>`;
  return `<table data-eml="${id}"><caption>${escapeHtml(caption)}</caption>${[
    row(view.base.label, view.base.value, ' data-line="base"'),
    ...view.lines.map((l) => row(l.label, l.value, ' data-line="modifier"')),
    row(localize(K.emlSum), view.raw, ' data-line="sum"'),
    row(localize(K.emlUsed), view.value, ' data-line="value"'),
  ].join("")}</table>`;
}

/** The defence chosen on the page, with the Gold counts typed for it (hm3-decisions.ts). */
export function defenceRequest(options: ReturnType<typeof hm3Combat.choiceOptions>): ChoiceRequest {
  const [optionId, itemId] = el<HTMLSelectElement>("wb-defence").value.split("|");
  const option = options.find((o) => o.id === optionId);
  if (!option) return bestDefence(options);
  const item = option.items.find((i) => i.itemId === itemId);
  const counts = option.counts?.length ? defenceCounts() : undefined;
  return {
    optionId: option.id,
    itemId: item ? item.itemId : null,
    mode: item ? ([...item.modes].sort((x, y) => y.impact - x.impact)[0]?.id ?? null) : null,
    aim: option.aims.length ? "mid" : null,
    custom: [],
    ...(counts ? { counts } : {}),
  };
}
