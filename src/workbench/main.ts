/// <reference types="vite/client" />
/**
 * The combat workbench (`npm start`, issue 6): pick two fighters of the HM3 sample fighters
 * pack, the attack and the defence; see the exact odds (src/rules/hm3/odds.ts); roll, and the
 * exchange appears as the same chat card Foundry shows (the real templates, styles and
 * language file); the log keeps the fight, the body diagrams and conditions follow it; run one
 * duel step by step or many at once with the win rates and the injury plot (src/sim/duel.ts).
 * Every number comes from the real rules core; nothing here computes a rule.
 */
import Handlebars from "handlebars";
import exchangeHbs from "../../templates/chat/exchange.hbs?raw";
import bodyDiagramHbs from "../../templates/partials/body-diagram.hbs?raw";
import en from "../../lang/en.json";
import "../../styles/blow-by-blow.css";
import "../../styles/chat.css";
import "../../styles/actor-sheet.css";
import "../../styles/workbench.css";
import type { AttackRequest, ChoiceRequest } from "../core/combat";
import type { Target } from "../core/modifiers";
import { SeededDice } from "../core/dice";
import type { ExchangeCard } from "../core/flow";
import { EXCHANGE_TEMPLATE, exchangeCardContext } from "../foundry/chat/card-context";
import { targetView } from "../foundry/chat/target-view";
import { localizeTree } from "../foundry/chat/text";
import { checkUpdate, formatProblem, labelFor } from "../foundry/data/validate";
import { HM3_FOUNDRY } from "../foundry/rulesets/hm3";
import { bodyDiagram } from "../foundry/sheets/body-diagram";
import { escapeHtml, PARTIAL_HELPER, partialHelper } from "../foundry/sheets/common";
import { hm3, hm3Combat, HM3_ATTRIBUTES, type Hm3Derived } from "../rules/hm3";
import { exchangeOdds } from "../rules/hm3/odds";
import { bestAttack, bestDefence, worldDefaults } from "../sim/policy";
import {
  createDuel,
  duelPlotSvg,
  runDuels,
  type ActorSource,
  type Duel,
  type SideKey,
} from "../sim/duel";
import { foundryHelpers, localizerOf, RUNTIME_OPTIONS } from "./handlebars";

const hm3Partials = import.meta.glob("../../templates/chat/hm3/*.hbs", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const fighterFiles = import.meta.glob("../../packs/_source/hm3-sample-fighters/*.json", {
  import: "default",
  eager: true,
}) as Record<string, ActorSource>;

const i18n = localizerOf(en);
const { localize, format } = i18n;
const hb = Handlebars.create();
hb.registerHelper(foundryHelpers(i18n));
hb.registerHelper(PARTIAL_HELPER, partialHelper(hb));
for (const [path, source] of Object.entries(hm3Partials))
  hb.registerPartial(path.replace("../../", "systems/blow-by-blow/"), hb.compile(source));
hb.registerPartial(EXCHANGE_TEMPLATE, hb.compile(exchangeHbs));
const cardTemplate = hb.compile(exchangeHbs);
const diagramTemplate = hb.compile(bodyDiagramHbs);

const FIGHTERS: ActorSource[] = Object.keys(fighterFiles)
  .sort()
  .map((k) => fighterFiles[k]!);

const K = Object.freeze({
  title: "BLOWBYBLOW.Workbench.title",
  intro: "BLOWBYBLOW.Workbench.intro",
  ruleset: "BLOWBYBLOW.Workbench.ruleset",
  notPlayable: "BLOWBYBLOW.Workbench.notPlayable",
  attacker: "BLOWBYBLOW.Workbench.attacker",
  defender: "BLOWBYBLOW.Workbench.defender",
  attack: "BLOWBYBLOW.Workbench.attack",
  aim: "BLOWBYBLOW.Workbench.aim",
  modifier: "BLOWBYBLOW.Workbench.modifier",
  defence: "BLOWBYBLOW.Workbench.defence",
  seed: "BLOWBYBLOW.Workbench.seed",
  roll: "BLOWBYBLOW.Workbench.roll",
  reset: "BLOWBYBLOW.Workbench.reset",
  step: "BLOWBYBLOW.Workbench.step",
  many: "BLOWBYBLOW.Workbench.many",
  count: "BLOWBYBLOW.Workbench.count",
  odds: "BLOWBYBLOW.Workbench.odds",
  oddsResult: "BLOWBYBLOW.Workbench.oddsResult",
  oddsInjury: "BLOWBYBLOW.Workbench.oddsInjury",
  oddsOther: "BLOWBYBLOW.Workbench.oddsOther",
  shock: "BLOWBYBLOW.Workbench.shock",
  kill: "BLOWBYBLOW.Workbench.kill",
  fumble: "BLOWBYBLOW.Workbench.fumble",
  stumble: "BLOWBYBLOW.Workbench.stumble",
  expected: "BLOWBYBLOW.Workbench.expected",
  none: "BLOWBYBLOW.Workbench.none",
  log: "BLOWBYBLOW.Workbench.log",
  conditions: "BLOWBYBLOW.Workbench.conditions",
  noConditions: "BLOWBYBLOW.Workbench.noConditions",
  over: "BLOWBYBLOW.Workbench.over",
  winner: "BLOWBYBLOW.Workbench.winner",
  noWinner: "BLOWBYBLOW.Workbench.noWinner",
  duels: "BLOWBYBLOW.Workbench.duels",
  rounds: "BLOWBYBLOW.Workbench.rounds",
  badNumber: "BLOWBYBLOW.Workbench.badNumber",
  error: "BLOWBYBLOW.Workbench.error",
  skills: "BLOWBYBLOW.Workbench.skills",
  applyFigures: "BLOWBYBLOW.Workbench.applyFigures",
  attributes: "BLOWBYBLOW.Workbench.attributes",
  armour: "BLOWBYBLOW.Workbench.armour",
  quality: "BLOWBYBLOW.Workbench.quality",
  weaponDamaged: "BLOWBYBLOW.Workbench.weaponDamaged",
  weaponBroken: "BLOWBYBLOW.Workbench.weaponBroken",
  eml: "BLOWBYBLOW.Workbench.eml",
  emlAttack: "BLOWBYBLOW.Workbench.emlAttack",
  emlDefence: "BLOWBYBLOW.Workbench.emlDefence",
  emlSum: "BLOWBYBLOW.Workbench.emlSum",
  emlUsed: "BLOWBYBLOW.Workbench.emlUsed",
});

const CONDITION_KEY: Readonly<Record<string, string>> = Object.freeze({
  shock: "BLOWBYBLOW.Condition.shock",
  unconscious: "BLOWBYBLOW.Condition.unconscious",
  stunned: "BLOWBYBLOW.Condition.stunned",
  prone: "BLOWBYBLOW.Condition.prone",
  disarmed: "BLOWBYBLOW.Condition.disarmed",
  dead: "BLOWBYBLOW.Condition.dead",
  bleeding: "BLOWBYBLOW.Condition.bleeding",
  crippled: "BLOWBYBLOW.Condition.crippled",
  amputated: "BLOWBYBLOW.Condition.amputated",
});

/** The rulesets, by name from the language file; only HM3 fights here so far. */
const RULESETS = [
  { id: "hm3", key: "BLOWBYBLOW.Ruleset.hm3", playable: true },
  { id: "hmzd", key: "BLOWBYBLOW.Ruleset.hmzd", playable: false },
  { id: "rq3", key: "BLOWBYBLOW.Ruleset.rq3", playable: false },
  { id: "m2m", key: "BLOWBYBLOW.Ruleset.m2m", playable: false },
] as const;

const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const pct = (p: number) => `${(100 * p).toFixed(2)}%`;

let duel: Duel | null = null;
let fighterA = 0;
let fighterB = 3;

/** The page's frame; each part below fills its own element. */
function frame(root: HTMLElement): void {
  const options = FIGHTERS.map(
    (f, i) => `<option value="${i}">${escapeHtml(f.name)}</option>`,
  ).join("");
  root.innerHTML = `
    <header class="bbb-wb-header">
      <h1>${escapeHtml(localize(K.title))}</h1>
      <p>${escapeHtml(localize(K.intro))}</p>
    </header>
    <section class="bbb-wb-setup" aria-label="${escapeHtml(localize(K.attack))}">
      <label>${escapeHtml(localize(K.ruleset))}
        <select id="wb-ruleset">
          ${RULESETS.map((r) =>
            r.playable
              ? `<option value="${r.id}" selected>${escapeHtml(localize(r.key))}</option>`
              : `<option value="${r.id}" disabled>${escapeHtml(`${localize(r.key)} (${localize(K.notPlayable)})`)}</option>`,
          ).join("")}
        </select></label>
      <label>${escapeHtml(localize(K.attacker))} <select id="wb-a">${options}</select></label>
      <label>${escapeHtml(localize(K.defender))} <select id="wb-b">${options}</select></label>
      <label>${escapeHtml(localize(K.attack))} <select id="wb-attack"></select></label>
      <label>${escapeHtml(localize(K.aim))} <select id="wb-aim"></select></label>
      <label>${escapeHtml(localize(K.modifier))} <input id="wb-mod" type="number" value="0" step="5" /></label>
      <label>${escapeHtml(localize(K.defence))} <select id="wb-defence"></select></label>
      <label>${escapeHtml(localize(K.seed))} <input id="wb-seed" type="number" value="1" min="0" /></label>
      <p id="wb-problem" class="bbb-wb-problem" role="alert"></p>
      <div class="bbb-wb-buttons">
        <button type="button" id="wb-roll">${escapeHtml(localize(K.roll))}</button>
        <button type="button" id="wb-step">${escapeHtml(localize(K.step))}</button>
        <button type="button" id="wb-reset">${escapeHtml(localize(K.reset))}</button>
        <label>${escapeHtml(localize(K.count))} <input id="wb-n" type="number" value="200" min="1" max="100000" /></label>
        <button type="button" id="wb-many">${escapeHtml(localize(K.many))}</button>
      </div>
    </section>
    <section id="wb-odds" class="bbb-wb-odds" aria-label="${escapeHtml(localize(K.odds))}"></section>
    <section class="bbb-wb-fighters blow-by-blow">
      <div id="wb-side-a" class="bbb-wb-side"></div>
      <div id="wb-side-b" class="bbb-wb-side"></div>
    </section>
    <section id="wb-stats" class="bbb-wb-stats" aria-label="${escapeHtml(localize(K.duels))}"></section>
    <section class="bbb-wb-log chat-sidebar" aria-label="${escapeHtml(localize(K.log))}">
      <h2>${escapeHtml(localize(K.log))}</h2>
      <ol id="wb-log" class="chat-log"></ol>
    </section>`;
  el<HTMLSelectElement>("wb-a").value = String(fighterA);
  el<HTMLSelectElement>("wb-b").value = String(fighterB);
}

function problem(text: string | null): void {
  el("wb-problem").textContent = text ?? "";
}

/** Each side's fighter with the figures edited on the page (null: the pack's fighter). */
const edited: Record<SideKey, ActorSource | null> = { a: null, b: null };

function fighterOf(side: SideKey): ActorSource {
  return edited[side] ?? FIGHTERS[side === "a" ? fighterA : fighterB]!;
}

function newDuel(): Duel {
  duel = createDuel({ actor: fighterOf("a") }, { actor: fighterOf("b") });
  el("wb-log").innerHTML = "";
  el("wb-stats").innerHTML = "";
  return duel;
}

/** The attack options of the attacker now, as select options (item × aspect). */
function fillAttack(): void {
  const d = duel ?? newDuel();
  const a = d.snapshot("a");
  const b = d.snapshot("b");
  const best = bestAttack(a, b);
  const opts = hm3Combat.attackOptions(a, b).filter((o) => !o.unavailableKey);
  el<HTMLSelectElement>("wb-attack").innerHTML = opts
    .flatMap((o) =>
      o.modes.map((m) => {
        const value = `${o.itemId}|${m.id}`;
        const selected = o.itemId === best.itemId && m.id === best.mode ? " selected" : "";
        return `<option value="${escapeHtml(value)}"${selected}>${escapeHtml(o.name)} — ${escapeHtml(localize(m.labelKey))} (${m.impact})</option>`;
      }),
    )
    .join("");
  const option = opts[0];
  el<HTMLSelectElement>("wb-aim").innerHTML = (option?.aims ?? [])
    .map(
      (x) =>
        `<option value="${escapeHtml(x.id)}"${x.id === "mid" ? " selected" : ""}>${escapeHtml(localize(x.labelKey))}</option>`,
    )
    .join("");
}

/** The user's attack request (validated: a bad modifier is refused by name). */
function attackRequest(): AttackRequest {
  const [itemId, mode] = el<HTMLSelectElement>("wb-attack").value.split("|");
  const modText = el<HTMLInputElement>("wb-mod").value;
  const mod = Number(modText);
  if (!Number.isInteger(mod) || mod < -95 || mod > 95)
    throw new Error(format(K.badNumber, { field: localize(K.modifier), value: modText }));
  const d = duel!;
  const base = bestAttack(d.snapshot("a"), d.snapshot("b"));
  return {
    ...base,
    itemId: itemId ?? base.itemId,
    mode: mode ?? base.mode,
    aim: el<HTMLSelectElement>("wb-aim").value || "mid",
    custom: mod ? [{ label: localize(K.modifier), value: mod }] : [],
  };
}

/** The defence options against the chosen attack, and the exact odds of the chosen pair. */
function fillDefenceAndOdds(): void {
  const d = duel!;
  const a = d.snapshot("a");
  const b = d.snapshot("b");
  let request: AttackRequest;
  try {
    request = attackRequest();
    problem(null);
  } catch (e) {
    problem((e as Error).message);
    return;
  }
  const build = hm3Combat.buildDeclaration(a, b, request, worldDefaults());
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
function emlTable(id: string, caption: string, target: Target): string {
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

function defenceRequest(options: ReturnType<typeof hm3Combat.choiceOptions>): ChoiceRequest {
  const [optionId, itemId] = el<HTMLSelectElement>("wb-defence").value.split("|");
  const option = options.find((o) => o.id === optionId);
  if (!option) return bestDefence(options);
  const item = option.items.find((i) => i.itemId === itemId);
  return {
    optionId: option.id,
    itemId: item ? item.itemId : null,
    mode: item ? ([...item.modes].sort((x, y) => y.impact - x.impact)[0]?.id ?? null) : null,
    aim: option.aims.length ? "mid" : null,
    custom: [],
  };
}

/** The card as the GM sees it in Foundry, rendered with the real template. */
function cardHtml(card: ExchangeCard): string {
  const viewer = {
    userId: "workbench",
    isGM: true,
    owns: { attacker: true, defender: true },
    gmOnline: true,
    showDefenceTargets: true,
  };
  const view = exchangeCardContext(card, viewer, HM3_FOUNDRY, {
    applyMode: "report",
    authorIsGM: true,
  });
  return cardTemplate(localizeTree(view, localize, format) as object, RUNTIME_OPTIONS);
}

/** Each fighter's body diagram, injuries and conditions as they are now. */
function showSides(): void {
  const d = duel!;
  for (const side of ["a", "b"] as SideKey[]) {
    const s = d.snapshot(side);
    const derived = s.derived as Hm3Derived;
    const body = bodyDiagram({
      plan: derived.plan,
      armour: derived.armour,
      injuries: derived.injuries,
      localize,
    });
    const conditions = d.sides[side].conditions;
    const names = conditions.map((c) => localize(CONDITION_KEY[c] ?? c));
    const actor = fighterOf(side);
    const skills = actor.items.filter((i) => i.type === "skill");
    const rows = skills
      .map(
        (i) =>
          `<label>${escapeHtml(i.name)} <input type="text" inputmode="numeric" name="ml:${escapeHtml(i._id)}" value="${escapeHtml(String((i.system.hm3 as { ml?: unknown }).ml ?? ""))}" /></label>`,
      )
      .join("");
    const type = actorType(actor);
    const attributes = (actor.system.hm3 as { attributes?: Record<string, unknown> }).attributes;
    const attrRows = HM3_ATTRIBUTES.map(
      (k) =>
        `<label>${escapeHtml(localize(labelFor(type, `hm3.attributes.${k}`) ?? k))} <input type="text" inputmode="numeric" name="attr:${k}" value="${escapeHtml(String(attributes?.[k] ?? ""))}" /></label>`,
    ).join("");
    const armourRows = actor.items
      .filter((i) => i.type === "armour")
      .map((i) => {
        const worn = (i.system as { equipped?: unknown }).equipped === true;
        const quality = (i.system.hm3 as { quality?: unknown }).quality ?? 0;
        return `<div class="bbb-wb-piece" data-item="${escapeHtml(i._id)}"><label><input type="checkbox" name="worn:${escapeHtml(i._id)}"${worn ? " checked" : ""} /> ${escapeHtml(i.name)}</label> <label>${escapeHtml(localize(K.quality))} <input type="text" inputmode="numeric" name="quality:${escapeHtml(i._id)}" value="${escapeHtml(String(quality))}" /></label></div>`;
      })
      .join("");
    el(`wb-side-${side}`).innerHTML = `
      <h2>${escapeHtml(s.name)}</h2>
      <p class="bbb-wb-conditions" data-conditions="${escapeHtml(conditions.join(" "))}">${escapeHtml(localize(K.conditions))}: ${escapeHtml(names.length ? names.join(", ") : localize(K.noConditions))}</p>
      <form class="bbb-wb-edit" data-side="${side}">
        <fieldset data-group="skills"><legend>${escapeHtml(localize(K.skills))}</legend>${rows}</fieldset>
        <fieldset data-group="attributes"><legend>${escapeHtml(localize(K.attributes))}</legend>${attrRows}</fieldset>
        <fieldset data-group="armour"><legend>${escapeHtml(localize(K.armour))}</legend>${armourRows}</fieldset>
        <button type="submit">${escapeHtml(localize(K.applyFigures))}</button>
      </form>
      ${diagramTemplate({ body }, RUNTIME_OPTIONS)}`;
  }
}

/** The data-model type of a pack actor, for the sheet's own validation (`checkUpdate`). */
function actorType(actor: ActorSource): "Actor.character" | "Actor.creature" {
  return actor.type === "creature" ? "Actor.creature" : "Actor.character";
}

/**
 * A side's edited figures: skill levels (a whole number 0 to 150), attributes and the armour
 * worn (each piece worn or not, and its quality), the latter two checked by the actor sheet's
 * own validation (`checkUpdate`, its messages naming the field and the value). Every value is
 * checked first: if any is refused, every refusal is shown and nothing changes; otherwise the
 * fight restarts with the new figures.
 */
function applyFigures(form: HTMLFormElement): void {
  const side = form.dataset.side as SideKey;
  const actor = structuredClone(fighterOf(side));
  const problems: string[] = [];
  const refused = (result: ReturnType<typeof checkUpdate>) => {
    for (const p of result.problems) problems.push(formatProblem(p, i18n));
    return result.problems.length === 0 ? result.accepted : null;
  };
  const attributes = (actor.system.hm3 as { attributes: Record<string, unknown> }).attributes;
  for (const input of form.querySelectorAll<HTMLInputElement>("input[name]")) {
    const [kind, id] = input.name.split(":") as [string, string];
    const text = input.value.trim();
    if (kind === "ml") {
      const item = actor.items.find((i) => i._id === id);
      if (!item) continue;
      const ml = Number(text);
      if (text === "" || !Number.isInteger(ml) || ml < 0 || ml > 150)
        problems.push(format(K.badNumber, { field: item.name, value: input.value }));
      else (item.system.hm3 as { ml: number }).ml = ml;
    } else if (kind === "attr") {
      const path = `system.hm3.attributes.${id}`;
      const ok = refused(checkUpdate(actorType(actor), { [path]: text }));
      if (ok) attributes[id] = ok[path];
    } else if (kind === "worn" || kind === "quality") {
      const item = actor.items.find((i) => i._id === id);
      if (!item) continue;
      const path = kind === "worn" ? "system.equipped" : "system.hm3.quality";
      const ok = refused(
        checkUpdate("Item.armour", { [path]: kind === "worn" ? input.checked : text }),
      );
      if (!ok) continue;
      if (kind === "worn") (item.system as { equipped: unknown }).equipped = ok[path];
      else (item.system.hm3 as { quality: unknown }).quality = ok[path];
    }
  }
  if (problems.length) throw new Error(problems.join(" "));
  edited[side] = actor;
  dice = null;
  newDuel();
  fillAttack();
  fillDefenceAndOdds();
  showSides();
}

function logCard(card: ExchangeCard): void {
  const li = document.createElement("li");
  li.className = "chat-message message";
  li.innerHTML = `<div class="message-content">${cardHtml(card)}</div>`;
  el("wb-log").prepend(li);
}

function afterExchange(): void {
  const d = duel!;
  showSides();
  if (d.done) {
    const r = d.result();
    const who = r.winner ? d.sides[r.winner].name : null;
    el("wb-stats").innerHTML = `<p class="bbb-wb-over" data-winner="${r.winner ?? ""}">${escapeHtml(
      localize(K.over),
    )} ${escapeHtml(who ? format(K.winner, { name: who }) : localize(K.noWinner))}</p>`;
  } else {
    fillAttack();
    fillDefenceAndOdds();
  }
}

function seed(): number {
  const text = el<HTMLInputElement>("wb-seed").value;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(format(K.badNumber, { field: localize(K.seed), value: text }));
  return n;
}

let dice: SeededDice | null = null;
function diceNow(): SeededDice {
  dice ??= new SeededDice(seed());
  return dice;
}

function guarded(fn: () => void): () => void {
  return () => {
    try {
      problem(null);
      fn();
    } catch (e) {
      problem(format(K.error, { error: (e as Error).message }));
    }
  };
}

function wire(): void {
  const restart = () => {
    fighterA = Number(el<HTMLSelectElement>("wb-a").value);
    fighterB = Number(el<HTMLSelectElement>("wb-b").value);
    edited.a = null;
    edited.b = null;
    dice = null;
    newDuel();
    fillAttack();
    fillDefenceAndOdds();
    showSides();
  };
  el("wb-a").addEventListener("change", guarded(restart));
  el("wb-b").addEventListener("change", guarded(restart));
  el("wb-reset").addEventListener("click", guarded(restart));
  el("wb-seed").addEventListener(
    "change",
    guarded(() => (dice = null)),
  );
  for (const id of ["wb-attack", "wb-aim", "wb-mod", "wb-defence"])
    el(id).addEventListener("change", guarded(fillDefenceAndOdds));
  el("wb-roll").addEventListener(
    "click",
    guarded(() => {
      const d = duel!;
      const b = d.snapshot("b");
      const a = d.snapshot("a");
      const request = attackRequest();
      const build = hm3Combat.buildDeclaration(a, b, request, worldDefaults());
      const state = hm3.start(hm3.parseDeclaration(build.declaration), new SeededDice(0));
      const defence = defenceRequest(hm3Combat.choiceOptions(hm3.pending(state)!, build, b));
      const entry = d.attack("a", diceNow(), { attack: request, defence });
      if (entry) logCard(entry.card);
      afterExchange();
    }),
  );
  for (const side of ["a", "b"])
    el(`wb-side-${side}`).addEventListener("submit", (event) => {
      event.preventDefault();
      guarded(() => applyFigures(event.target as HTMLFormElement))();
    });
  el("wb-step").addEventListener(
    "click",
    guarded(() => {
      const entry = duel!.next(diceNow());
      if (entry?.kind === "exchange") logCard(entry.card);
      afterExchange();
    }),
  );
  el("wb-many").addEventListener(
    "click",
    guarded(() => {
      const text = el<HTMLInputElement>("wb-n").value;
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1 || n > 100_000)
        throw new Error(format(K.badNumber, { field: localize(K.count), value: text }));
      const a = fighterOf("a");
      const b = fighterOf("b");
      const stats = runDuels({ actor: a }, { actor: b }, n, seed());
      const rate = (k: "a" | "b" | "none") => pct(stats.wins[k] / stats.n);
      el("wb-stats").innerHTML = `
        <h2>${escapeHtml(format(K.duels, { n: String(n) }))}</h2>
        <table id="wb-wins">
          <tr data-side="a"><th>${escapeHtml(a.name)}</th><td>${rate("a")}</td></tr>
          <tr data-side="b"><th>${escapeHtml(b.name)}</th><td>${rate("b")}</td></tr>
          <tr data-side="none"><th>${escapeHtml(localize(K.noWinner))}</th><td>${rate("none")}</td></tr>
        </table>
        <p id="wb-rounds">${escapeHtml(format(K.rounds, { mean: stats.rounds.mean.toFixed(2) }))}</p>
        <div id="wb-plot">${duelPlotSvg(stats, { a: a.name, b: b.name }, { localize, actors: { a, b } })}</div>`;
    }),
  );
}

const root = document.getElementById("workbench")!;
frame(root);
wire();
newDuel();
fillAttack();
fillDefenceAndOdds();
showSides();
root.setAttribute("aria-busy", "false");
