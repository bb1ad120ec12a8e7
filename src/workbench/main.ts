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
import { CARD_KEY, EXCHANGE_TEMPLATE, exchangeCardContext } from "../foundry/chat/card-context";
import { targetView } from "../foundry/chat/target-view";
import { localizeTree } from "../foundry/chat/text";
import { checkUpdate, formatProblem, labelFor } from "../foundry/data/validate";
import { HM3_FOUNDRY } from "../foundry/rulesets/hm3";
import { bodyDiagram } from "../foundry/rulesets/hm3/sheets/body-diagram";
import { ASPECT_LABEL } from "../foundry/rulesets/hm3/sheets/item/labels";
import { BOUNDS } from "../foundry/rulesets/hm3/rules";
import { DUEL_COUNT_RANGE, readWhole, SEED_RANGE, type WholeRange } from "../core/bounds";
import { CUSTOM_LIMIT } from "../rules/hm3/eml";
import { escapeHtml, PARTIAL_HELPER, partialHelper } from "../foundry/sheets/common";
import { hm3, hm3Combat, HM3_ATTRIBUTES, type Hm3Derived } from "../rules/hm3";
import { exchangeOdds } from "../rules/hm3/odds";
import { bestAttack, bestDefence, worldDefaults } from "../sim/policy";
import {
  createDuel,
  duelPlotSvg,
  type ActorSource,
  type Duel,
  type DuelRecovery,
  type DuelStats,
  type SideKey,
} from "../sim/duel";
import type { DuelJob, DuelReply } from "./duel-worker";
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
  range: "BLOWBYBLOW.Workbench.range",
  empty: "BLOWBYBLOW.Workbench.empty",
  sameName: "BLOWBYBLOW.Workbench.sameName",
  getsUp: "BLOWBYBLOW.Workbench.getsUp",
  picksUp: "BLOWBYBLOW.Workbench.picksUp",
  recovers: "BLOWBYBLOW.Workbench.recovers",
  cancel: "BLOWBYBLOW.Workbench.cancel",
  running: "BLOWBYBLOW.Workbench.running",
  cancelled: "BLOWBYBLOW.Workbench.cancelled",
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
      <label>${escapeHtml(localize(K.modifier))} <input id="wb-mod" type="text" inputmode="numeric" value="0" /></label>
      <label>${escapeHtml(localize(K.defence))} <select id="wb-defence"></select></label>
      <label>${escapeHtml(localize(K.seed))} <input id="wb-seed" type="text" inputmode="numeric" value="1" /></label>
      <div class="bbb-wb-buttons">
        <button type="button" id="wb-roll">${escapeHtml(localize(K.roll))}</button>
        <button type="button" id="wb-step">${escapeHtml(localize(K.step))}</button>
        <button type="button" id="wb-reset">${escapeHtml(localize(K.reset))}</button>
        <label>${escapeHtml(localize(K.count))} <input id="wb-n" type="text" inputmode="numeric" value="200" /></label>
        <button type="button" id="wb-many">${escapeHtml(localize(K.many))}</button>
        <button type="button" id="wb-cancel" hidden>${escapeHtml(localize(K.cancel))}</button>
        <progress id="wb-progress" value="0" max="1" hidden></progress>
        <span id="wb-duels-status" role="status"></span>
      </div>
      <p id="wb-over" class="bbb-wb-over" role="status" hidden></p>
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

/** Refused values, each shown beside its field (or the control that was used). */
class Refusals extends Error {
  constructor(readonly list: readonly { field: HTMLElement; message: string }[]) {
    super(list.map((r) => r.message).join(" "));
  }
}

/** Clears every refusal shown: messages gone, fields no longer marked invalid. */
function clearProblems(): void {
  for (const p of document.querySelectorAll(".bbb-wb-problem")) p.remove();
  for (const f of document.querySelectorAll("[aria-invalid]")) {
    f.removeAttribute("aria-invalid");
    f.removeAttribute("aria-describedby");
  }
}

let problemSerial = 0;
/**
 * Shows each refusal right after its field's label (a button: after the button), marks an
 * input invalid (`aria-invalid`, described by the message) and focuses the first one.
 */
function showProblems(list: Refusals["list"]): void {
  for (const { field, message } of list) {
    const p = document.createElement("span");
    p.className = "bbb-wb-problem";
    p.id = `wb-problem-${++problemSerial}`;
    p.setAttribute("role", "alert");
    p.textContent = message;
    const anchor = field instanceof HTMLButtonElement ? field : (field.closest("label") ?? field);
    anchor.after(p);
    if (!(field instanceof HTMLButtonElement)) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", p.id);
    }
  }
  list[0]?.field.focus();
}

/**
 * A whole number of `range` typed in `input`, or a refusal naming the field and giving the
 * range (an empty field is refused, never read as 0).
 */
function wholeIn(input: HTMLInputElement, label: string, range: WholeRange): number {
  const read = readWhole(input.value, range);
  if (read.ok) return read.value;
  const data = { field: label, value: input.value, min: range.min, max: range.max };
  throw new Refusals([
    { field: input, message: format(read.why === "empty" ? K.empty : K.range, data) },
  ]);
}

/** Each side's fighter with the figures edited on the page (null: the pack's fighter). */
const edited: Record<SideKey, ActorSource | null> = { a: null, b: null };

function fighterOf(side: SideKey): ActorSource {
  return edited[side] ?? FIGHTERS[side === "a" ? fighterA : fighterB]!;
}

/**
 * A side's fighter as it fights on the page: two fighters of the same name are told apart
 * ("Brigand (1)", "Brigand (2)") everywhere they are named (odds, panels, cards, duels).
 */
function named(side: SideKey): ActorSource {
  const actor = fighterOf(side);
  if (actor.name !== fighterOf(side === "a" ? "b" : "a").name) return actor;
  return { ...actor, name: format(K.sameName, { name: actor.name, n: side === "a" ? 1 : 2 }) };
}

function newDuel(): Duel {
  duel = createDuel({ actor: named("a") }, { actor: named("b") });
  el("wb-log").innerHTML = "";
  el("wb-stats").innerHTML = "";
  showOver();
  return duel;
}

/**
 * The end of the fight, where the turn controls are: said at the top, and Roll and Next turn
 * disabled until a new fight.
 */
function showOver(): void {
  const d = duel!;
  const over = el<HTMLParagraphElement>("wb-over");
  for (const id of ["wb-roll", "wb-step"]) el<HTMLButtonElement>(id).disabled = d.done;
  over.hidden = !d.done;
  if (!d.done) {
    over.textContent = "";
    over.dataset.winner = "";
    return;
  }
  const r = d.result();
  const who = r.winner ? d.sides[r.winner].name : null;
  over.dataset.winner = r.winner ?? "";
  over.textContent = `${localize(K.over)} ${who ? format(K.winner, { name: who }) : localize(K.noWinner)}`;
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
  const mod = wholeIn(el<HTMLInputElement>("wb-mod"), localize(K.modifier), {
    min: -CUSTOM_LIMIT,
    max: CUSTOM_LIMIT,
  });
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
  const request = attackRequest();
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
    resolvedKey: CARD_KEY.resolvedWorkbench,
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
      injuryNotes: injuryNotes(d.sides[side].actor),
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

/** The injuries of a fighter per sided location, as the sheet's side table lists them (`S2 Edge`). */
function injuryNotes(actor: ActorSource): Record<string, string[]> {
  const notes: Record<string, string[]> = {};
  for (const item of actor.items) {
    if (item.type !== "injury") continue;
    const b = item.system.hm3 as {
      location: string;
      severity: string;
      level: number;
      aspect: string;
    };
    const aspect = (ASPECT_LABEL as Readonly<Record<string, string>>)[b.aspect];
    (notes[b.location] ??= []).push(
      `${b.severity}${b.level} ${aspect ? localize(aspect) : b.aspect}`,
    );
  }
  return notes;
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
  const problems: { field: HTMLElement; message: string }[] = [];
  const refused = (input: HTMLInputElement, result: ReturnType<typeof checkUpdate>) => {
    for (const p of result.problems)
      problems.push({ field: input, message: formatProblem(p, i18n) });
    return result.problems.length === 0 ? result.accepted : null;
  };
  const attributes = (actor.system.hm3 as { attributes: Record<string, unknown> }).attributes;
  for (const input of form.querySelectorAll<HTMLInputElement>("input[name]")) {
    const [kind, id] = input.name.split(":") as [string, string];
    const text = input.value.trim();
    if (kind === "ml") {
      const item = actor.items.find((i) => i._id === id);
      if (!item) continue;
      try {
        (item.system.hm3 as { ml: number }).ml = wholeIn(input, item.name, BOUNDS.ml as WholeRange);
      } catch (e) {
        if (!(e instanceof Refusals)) throw e;
        problems.push(...e.list);
      }
    } else if (kind === "attr") {
      const path = `system.hm3.attributes.${id}`;
      const ok = refused(input, checkUpdate(actorType(actor), { [path]: text }));
      if (ok) attributes[id] = ok[path];
    } else if (kind === "worn" || kind === "quality") {
      const item = actor.items.find((i) => i._id === id);
      if (!item) continue;
      const path = kind === "worn" ? "system.equipped" : "system.hm3.quality";
      const ok = refused(
        input,
        checkUpdate("Item.armour", { [path]: kind === "worn" ? input.checked : text }),
      );
      if (!ok) continue;
      if (kind === "worn") (item.system as { equipped: unknown }).equipped = ok[path];
      else (item.system.hm3 as { quality: unknown }).quality = ok[path];
    }
  }
  if (problems.length) throw new Refusals(problems);
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

/** A turn spent getting up or picking up what was dropped, as a line of the log. */
function logRecovery(turn: DuelRecovery): void {
  const name = duel!.sides[turn.side].name;
  const items = turn.items.join(", ");
  const key = !items ? K.getsUp : turn.conditions.includes("prone") ? K.recovers : K.picksUp;
  const li = document.createElement("li");
  li.className = "chat-message message bbb-wb-recovery";
  li.dataset.side = turn.side;
  li.dataset.conditions = turn.conditions.join(" ");
  li.textContent = format(key, { name, items, round: turn.round });
  el("wb-log").prepend(li);
}

function afterExchange(): void {
  const d = duel!;
  showSides();
  showOver();
  if (!d.done) {
    fillAttack();
    fillDefenceAndOdds();
  }
}

function seed(): number {
  return wholeIn(el<HTMLInputElement>("wb-seed"), localize(K.seed), SEED_RANGE);
}

let dice: SeededDice | null = null;
let diceSeed = NaN;
/**
 * The fight's dice: one stream from the seed, started again when the seed changes. The seed
 * field is read every time, so a refused seed stops the roll.
 */
function diceNow(): SeededDice {
  const now = seed();
  if (!dice || now !== diceSeed) {
    dice = new SeededDice(now);
    diceSeed = now;
  }
  return dice;
}

/**
 * Runs a user's action: refusals are shown beside their fields, any other failure beside the
 * control used (`near`); nothing else happens.
 */
function guarded(near: string | (() => HTMLElement), fn: () => void): () => void {
  return () => {
    try {
      clearProblems();
      fn();
    } catch (e) {
      if (e instanceof Refusals) showProblems(e.list);
      else {
        const field = typeof near === "string" ? el(near) : near();
        showProblems([{ field, message: format(K.error, { error: (e as Error).message }) }]);
      }
    }
  };
}

/** The duels running in the worker, if any: the page stays usable while they run. */
let job: { worker: Worker; done: number; n: number } | null = null;

/** Stops the duels running (the worker ends); the progress bar and Cancel go. */
function stopDuels(): void {
  job?.worker.terminate();
  job = null;
  el("wb-progress").hidden = true;
  el("wb-cancel").hidden = true;
  el<HTMLButtonElement>("wb-many").disabled = false;
}

function showDuels(stats: DuelStats, a: ActorSource, b: ActorSource): void {
  const rate = (k: "a" | "b" | "none") => pct(stats.wins[k] / stats.n);
  el("wb-stats").innerHTML = `
    <h2>${escapeHtml(format(K.duels, { n: String(stats.n) }))}</h2>
    <table id="wb-wins">
      <tr data-side="a"><th>${escapeHtml(a.name)}</th><td>${rate("a")}</td></tr>
      <tr data-side="b"><th>${escapeHtml(b.name)}</th><td>${rate("b")}</td></tr>
      <tr data-side="none"><th>${escapeHtml(localize(K.noWinner))}</th><td>${rate("none")}</td></tr>
    </table>
    <p id="wb-rounds">${escapeHtml(format(K.rounds, { mean: stats.rounds.mean.toFixed(2) }))}</p>
    <div id="wb-plot">${duelPlotSvg(stats, { a: a.name, b: b.name }, { localize, actors: { a, b } })}</div>`;
}

/**
 * Runs N duels off the page's thread (src/workbench/duel-worker.ts): the progress bar follows
 * them, Cancel stops them, the page answers clicks meanwhile.
 */
function runMany(): void {
  const n = wholeIn(el<HTMLInputElement>("wb-n"), localize(K.count), DUEL_COUNT_RANGE);
  const dieSeed = seed();
  const a = named("a");
  const b = named("b");
  stopDuels();
  const worker = new Worker(new URL("./duel-worker.ts", import.meta.url), { type: "module" });
  const mine = { worker, done: 0, n };
  job = mine;
  const progress = el<HTMLProgressElement>("wb-progress");
  const status = el("wb-duels-status");
  progress.max = n;
  progress.value = 0;
  progress.hidden = false;
  el("wb-cancel").hidden = false;
  el<HTMLButtonElement>("wb-many").disabled = true;
  el("wb-stats").innerHTML = "";
  status.textContent = format(K.running, { done: 0, n });
  const fail = (message: string) => {
    stopDuels();
    status.textContent = "";
    showProblems([{ field: el("wb-many"), message: format(K.error, { error: message }) }]);
  };
  worker.addEventListener("message", (event: MessageEvent<DuelReply>) => {
    if (job !== mine) return;
    const reply = event.data;
    if (reply.type === "progress") {
      mine.done = reply.done;
      progress.value = reply.done;
      status.textContent = format(K.running, { done: reply.done, n });
    } else if (reply.type === "done") {
      stopDuels();
      status.textContent = "";
      showDuels(reply.stats, a, b);
    } else fail(reply.message);
  });
  worker.addEventListener("error", (event) => {
    if (job === mine) fail(event.message);
  });
  const message: DuelJob = { a, b, n, seed: dieSeed };
  worker.postMessage(message);
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
  el("wb-a").addEventListener("change", guarded("wb-a", restart));
  el("wb-b").addEventListener("change", guarded("wb-b", restart));
  el("wb-reset").addEventListener("click", guarded("wb-reset", restart));
  el("wb-seed").addEventListener(
    "change",
    guarded("wb-seed", () => {
      seed();
      dice = null;
    }),
  );
  for (const id of ["wb-attack", "wb-aim", "wb-mod", "wb-defence"])
    el(id).addEventListener("change", guarded(id, fillDefenceAndOdds));
  el("wb-roll").addEventListener(
    "click",
    guarded("wb-roll", () => {
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
      const form = event.target as HTMLFormElement;
      guarded(
        () => form.querySelector<HTMLElement>('button[type="submit"]')!,
        () => applyFigures(form),
      )();
    });
  el("wb-step").addEventListener(
    "click",
    guarded("wb-step", () => {
      const turn = duel!.next(diceNow());
      if (turn?.kind === "exchange") logCard(turn.card);
      else if (turn) logRecovery(turn);
      afterExchange();
    }),
  );
  el("wb-many").addEventListener("click", guarded("wb-many", runMany));
  el("wb-cancel").addEventListener("click", () => {
    const stopped = job;
    stopDuels();
    if (stopped)
      el("wb-duels-status").textContent = format(K.cancelled, {
        done: stopped.done,
        n: stopped.n,
      });
  });
}

const root = document.getElementById("workbench")!;
frame(root);
wire();
newDuel();
fillAttack();
fillDefenceAndOdds();
showSides();
root.setAttribute("aria-busy", "false");
