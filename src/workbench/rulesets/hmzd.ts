/**
 * The workbench's HârnMaster zone-die part (issue 18): pick two of the hmzd sample fighters
 * (src/rules/hmzd/samples.ts) and edit the exchange: the attack's weapon mode (EML, zone die,
 * impact die, base and aspect), its placement and situational modifier, the defence (type, EML,
 * a Block's shield, a Counterstrike's weapon and placement), each fighter's STR, Shock EML,
 * Endurance, DEX, AGL, shock state and armour by location and aspect. The exact odds follow every
 * edit (src/rules/hmzd/odds.ts). Roll plays the exchange through the Foundry flow ruleset and
 * logs the real chat card; when the winner has tactical advantages the page asks how he spends
 * them (Z6), then which zone die he keeps after Precision (Z5), each with its default; the
 * rolls of every exchange are shown and replay it. Many duels run in the worker with the win
 * rates and the injury plot (src/sim/hmzd-duel.ts). Nothing here computes a rule.
 */
import { DUEL_COUNT_RANGE, SEED_RANGE, type WholeRange } from "../../core/bounds";
import type { ExchangeCard } from "../../core/flow";
import { escapeHtml as esc } from "../../foundry/sheets/common";
import {
  HMZD_CARD_KEY,
  HMZD_DEFENCE_LABEL,
  HMZD_STATE_LABEL,
} from "../../foundry/rulesets/hmzd/card-keys";
import { HMZD_COMBAT_KEYS } from "../../foundry/rulesets/hmzd/combat";
import { HMZD_IMPACT_DICE, HMZD_ZONE_DICE } from "../../rules/hmzd/character";
import {
  HMZD_ASPECTS,
  HMZD_DEFENCES,
  HMZD_FIGHTER_STATES,
  HMZD_TA_TYPES,
  type HmzdAspect,
  type HmzdDefenceType,
  type HmzdFighterState,
} from "../../rules/hmzd/types";
import { HMZD_SEVERITIES } from "../../sim/hmzd-duel";
import { cancelDuels, startDuels, stopDuels } from "../duels";
import { el, format, frame, guarded, K, localize, Refusals, wholeIn } from "../page";
import {
  answer,
  beginExchange,
  cardOf,
  defaultAnswer,
  duelSideOf,
  exchangeDice,
  exchangeOf,
  lastPlacement,
  modesOf,
  pendingOf,
  readRolls,
  rollsOf,
  strikeOf,
  ZD_SAMPLES,
  type ZdExchange,
  type ZdPlay,
  type ZdRolls,
  type ZdSide,
  type ZdStrike,
} from "./hmzd-exchange";
import { hmzdCardHtml } from "./hmzd-cards";
import { ASPECT_LABEL, TA_LABEL, Z, zdLocationName, zdZoneName } from "./hmzd-labels";
import { zdOdds, zdOddsPanel } from "./hmzd-odds";
import { logMessage } from "./m2m-cards";
import type { WorkbenchRuleset } from "./types";

const EML: WholeRange = Object.freeze({ min: 0, max: 200 });
const ATTRIBUTE: WholeRange = Object.freeze({ min: 1, max: 99 });
const SHOCK: WholeRange = Object.freeze({ min: -500, max: 500 });
const BASE: WholeRange = Object.freeze({ min: -50, max: 100 });
const ARMOUR: WholeRange = Object.freeze({ min: 0, max: 100 });
const MODIFIER: WholeRange = Object.freeze({ min: -200, max: 200 });

/** The page's state: the fighters chosen, the exchange as edited, the exchange being played. */
const S: {
  a: number;
  b: number;
  x: ZdExchange;
  play: ZdPlay | null;
  entry: HTMLLIElement | null;
} = { a: 0, b: 3, x: exchangeOf(ZD_SAMPLES[0]!, ZD_SAMPLES[3]!), play: null, entry: null };

const SIDES = { a: "attacker", b: "defender" } as const;
const input = (id: string) => el<HTMLInputElement>(id);
const select = (id: string) => el<HTMLSelectElement>(id);
const option = (value: string, label: string, selected = false) =>
  `<option value="${esc(value)}"${selected ? " selected" : ""}>${esc(label)}</option>`;
const labelled = (key: string, control: string) =>
  `<label>${esc(localize(key))} ${control}</label>`;
const numberField = (id: string, value: number) =>
  `<input id="${id}" type="text" inputmode="numeric" value="${value}" />`;

const impactText = (die: number, base: number, aspect: HmzdAspect) =>
  `d${die}${base < 0 ? "\u2212" : "+"}${Math.abs(base)}${aspect[0]!.toUpperCase()}`;

function modeOptions(sample: number, selected: string | null, meleeOnly = false): string {
  return modesOf(ZD_SAMPLES[sample]!)
    .filter((m) => !(meleeOnly && m.missile))
    .map((m) =>
      option(
        m.id,
        format(Z.modeOption, {
          weapon: m.weapon,
          mode: m.mode,
          impact: impactText(m.die, m.base, m.aspect),
          zoneDie: m.zoneDie,
        }),
        m.id === selected,
      ),
    )
    .join("");
}

/** The placements a strike may take on `side`; a missile's "unaimed" first (value 0, Z4). */
function placementOptions(strike: ZdStrike, side: ZdSide): string {
  const human = side.plan.id === "human";
  const missile = strike.type === "missile";
  const last = lastPlacement(missile ? 6 : strike.zoneDie, side.plan);
  const selected = missile && !strike.aimed ? 0 : strike.placement;
  const out: string[] = missile
    ? [option("0", localize(HMZD_COMBAT_KEYS.unaimed), selected === 0)]
    : [];
  for (let p = 1; p <= last; p++) {
    const key = (human ? HMZD_COMBAT_KEYS.humanPlacement : HMZD_COMBAT_KEYS.zonePlacement)[p - 1];
    out.push(option(String(p), key ? localize(key) : String(p), p === selected));
  }
  return out.join("");
}

// ── Drawing ─────────────────────────────────────────────────────────────────────────────────

/** The exchange's own fields (beside the frame's attack, aim, modifier and defence). */
function exchangeSection(): string {
  const dice = (id: string, list: readonly number[]) =>
    `<select id="${id}">${list.map((d) => option(String(d), `d${d}`)).join("")}</select>`;
  return `<section id="wb-zd-exchange" class="bbb-wb-setup bbb-wb-zd" aria-label="${esc(localize(Z.exchange))}">
    <h2>${esc(localize(Z.exchange))}</h2>
    ${labelled(Z.attackEml, numberField("wb-zd-aeml", 0))}
    ${labelled(Z.zoneDie, dice("wb-zd-zonedie", HMZD_ZONE_DICE))}
    ${labelled(Z.impactDie, dice("wb-zd-die", HMZD_IMPACT_DICE))}
    ${labelled(Z.impactBase, numberField("wb-zd-base", 0))}
    ${labelled(Z.aspect, `<select id="wb-zd-aspect">${HMZD_ASPECTS.map((a) => option(a, localize(ASPECT_LABEL[a]))).join("")}</select>`)}
    ${labelled(Z.defenceEml, numberField("wb-zd-deml", 0))}
    ${labelled(Z.shield, `<input id="wb-zd-shield" type="checkbox" />`)}
    ${labelled(Z.counter, `<select id="wb-zd-counter"></select>`)}
    ${labelled(Z.counterPlacement, `<select id="wb-zd-cplace"></select>`)}
    ${labelled(Z.rolls, `<input id="wb-zd-rolls" type="text" value="" size="40" />`)}
    <div id="wb-zd-choice" class="bbb-wb-zd-choice" role="group" hidden></div>
  </section>`;
}

/** One fighter's figures: STR, Shock EML, Endurance, DEX, AGL, state and armour. */
function sidePanel(key: "a" | "b"): string {
  const s = S.x[SIDES[key]];
  const id = (f: string) => `wb-zd-${key}-${f}`;
  const states = HMZD_FIGHTER_STATES.map((st) =>
    option(st, localize(HMZD_STATE_LABEL[st]!), st === s.state),
  ).join("");
  const aspects = HMZD_ASPECTS.map((a) => `<th scope="col">${esc(localize(ASPECT_LABEL[a]))}</th>`);
  const rows = Object.entries(s.armour).map(
    ([loc, p]) =>
      `<tr><th scope="row">${esc(zdLocationName(loc))}</th>${HMZD_ASPECTS.map(
        (a) =>
          `<td><input type="text" inputmode="numeric" size="2" data-loc="${esc(loc)}" data-aspect="${a}" aria-label="${esc(`${zdLocationName(loc)} ${localize(ASPECT_LABEL[a])}`)}" value="${p[a] ?? 0}" /></td>`,
      ).join("")}</tr>`,
  );
  return `<form class="bbb-wb-edit bbb-wb-zd-side" id="wb-zd-${key}" aria-label="${esc(format(Z.figures, { name: s.name }))}">
    <h2>${esc(format(Z.figures, { name: s.name }))}</h2>
    ${labelled(Z.str, numberField(id("str"), s.str))}
    ${labelled(Z.shock, numberField(id("shock"), s.shock))}
    ${labelled(Z.endurance, numberField(id("endurance"), s.endurance))}
    ${labelled(Z.dex, numberField(id("dex"), s.dex))}
    ${labelled(Z.agl, numberField(id("agl"), s.agl))}
    ${labelled(Z.state, `<select id="${id("state")}">${states}</select>`)}
    <details><summary>${esc(localize(K.armour))}</summary>
      <table class="bbb-wb-zd-armour" id="${id("armour")}"><tr><th scope="col">${esc(localize(Z.location))}</th>${aspects.join("")}</tr>${rows.join("")}</table>
    </details>
  </form>`;
}

/** Fills every control from `S.x` (the fighters' panels, the exchange's fields). */
function fillAll(): void {
  const x = S.x;
  el("wb-side-a").innerHTML = sidePanel("a");
  el("wb-side-b").innerHTML = sidePanel("b");
  select("wb-attack").innerHTML = modeOptions(S.a, null);
  select("wb-defence").innerHTML = HMZD_DEFENCES.map((d) =>
    option(d, localize(HMZD_DEFENCE_LABEL[d]!), d === x.defence.type),
  ).join("");
  select("wb-zd-counter").innerHTML = modeOptions(S.b, null, true);
  const counter = modesOf(ZD_SAMPLES[S.b]!).find((m) => m.mode === x.defence.counter.mode);
  if (counter) select("wb-zd-counter").value = counter.id;
  fillStrike();
}

/** The attack's and the defence's fields from `S.x`, with the placements that fit. */
function fillStrike(): void {
  const x = S.x;
  input("wb-zd-aeml").value = String(x.attack.eml);
  select("wb-zd-zonedie").value = String(x.attack.zoneDie);
  select("wb-zd-die").value = String(x.attack.die);
  input("wb-zd-base").value = String(x.attack.base);
  select("wb-zd-aspect").value = x.attack.aspect;
  input("wb-zd-deml").value = String(x.defence.eml);
  input("wb-zd-shield").checked = x.defence.shield;
  select("wb-aim").innerHTML = placementOptions(x.attack, x.defender);
  select("wb-zd-cplace").innerHTML = placementOptions(x.defence.counter, x.attacker);
  // A missile's zone die is the victim's (Z4), not the weapon's.
  select("wb-zd-zonedie").disabled = x.attack.type === "missile";
  const counter = x.defence.type === "counterstrike";
  select("wb-zd-counter").disabled = !counter;
  select("wb-zd-cplace").disabled = !counter;
  input("wb-zd-shield").disabled = x.defence.type !== "block";
  input("wb-zd-deml").disabled = x.defence.type === "ignore";
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

/** Reads the fighters' panels and the exchange's fields into `S.x`; refusals name the field. */
function readPage(): ZdExchange {
  const problems: Refusals["list"][number][] = [];
  const whole = (id: string, label: string, range: WholeRange, fallback: number): number => {
    try {
      return wholeIn(input(id), label, range);
    } catch (e) {
      if (e instanceof Refusals) problems.push(...e.list);
      else throw e;
      return fallback;
    }
  };
  const x = S.x;
  for (const key of ["a", "b"] as const) {
    const s = x[SIDES[key]];
    const id = (f: string) => `wb-zd-${key}-${f}`;
    s.str = whole(id("str"), `${s.name}: ${localize(Z.str)}`, ATTRIBUTE, s.str);
    s.shock = whole(id("shock"), `${s.name}: ${localize(Z.shock)}`, SHOCK, s.shock);
    s.endurance = whole(
      id("endurance"),
      `${s.name}: ${localize(Z.endurance)}`,
      ATTRIBUTE,
      s.endurance,
    );
    s.dex = whole(id("dex"), `${s.name}: ${localize(Z.dex)}`, ATTRIBUTE, s.dex);
    s.agl = whole(id("agl"), `${s.name}: ${localize(Z.agl)}`, ATTRIBUTE, s.agl);
    s.state = select(id("state")).value as HmzdFighterState;
    for (const cell of el(id("armour")).querySelectorAll<HTMLInputElement>("input[data-loc]")) {
      const loc = cell.dataset.loc!;
      const aspect = cell.dataset.aspect as HmzdAspect;
      const read = readWholeCell(cell, `${s.name}: ${cell.getAttribute("aria-label")}`, problems);
      if (read !== null) s.armour[loc] = { ...s.armour[loc], [aspect]: read };
    }
  }
  x.attack.eml = whole("wb-zd-aeml", localize(Z.attackEml), EML, x.attack.eml);
  x.attack.zoneDie = Number(select("wb-zd-zonedie").value);
  x.attack.die = Number(select("wb-zd-die").value);
  x.attack.base = whole("wb-zd-base", localize(Z.impactBase), BASE, x.attack.base);
  x.attack.aspect = select("wb-zd-aspect").value as HmzdAspect;
  const aim = Number(select("wb-aim").value);
  x.attack.aimed = x.attack.type === "missile" && aim > 0;
  x.attack.placement = aim || 1;
  x.defence.type = select("wb-defence").value as HmzdDefenceType;
  if (x.defence.type !== "ignore")
    x.defence.eml = whole("wb-zd-deml", localize(Z.defenceEml), EML, x.defence.eml);
  x.defence.shield = input("wb-zd-shield").checked;
  x.defence.counter.placement = Number(select("wb-zd-cplace").value) || 1;
  whole("wb-mod", localize(K.modifier), MODIFIER, 0);
  if (problems.length) throw new Refusals(problems);
  return x;
}

function readWholeCell(
  cell: HTMLInputElement,
  label: string,
  problems: Refusals["list"][number][],
): number | null {
  try {
    return wholeIn(cell, label, ARMOUR);
  } catch (e) {
    if (!(e instanceof Refusals)) throw e;
    problems.push(...e.list);
    return null;
  }
}

/** The exchange as played: the page's, with the situational modifier added to the attack EML. */
function exchangeNow(): ZdExchange {
  const x = readPage();
  const mod = wholeIn(input("wb-mod"), localize(K.modifier), MODIFIER);
  return structuredClone({ ...x, attack: { ...x.attack, eml: x.attack.eml + mod } });
}

function showOdds(): void {
  const x = exchangeNow();
  el("wb-odds").innerHTML = zdOddsPanel(zdOdds(x), x);
}

// ── Playing ─────────────────────────────────────────────────────────────────────────────────

/** Shows the card (in its log entry) and, while a prompt waits, the page's answer to it. */
function showPlay(rolls: ZdRolls | null = null): void {
  const play = S.play!;
  const card = cardOf(play);
  const html = hmzdCardHtml(card);
  if (S.entry) S.entry.querySelector(".message-content")!.innerHTML = html;
  else S.entry = logMessage(html, { ruleset: "hmzd" });
  const pending = pendingOf(play);
  S.entry.dataset.state = card.state;
  const choice = el("wb-zd-choice");
  choice.hidden = !pending;
  choice.innerHTML = pending ? choiceForm(play, card) : "";
  if (!pending) {
    finishEntry(S.entry, card, play, rolls);
    S.entry = null;
    S.play = null;
  }
}

/** The spending (Z6) or pick (Z5) form for the pending prompt, its default filled in. */
function choiceForm(play: ZdPlay, card: ExchangeCard): string {
  const p = pendingOf(play)!;
  const name = card[p.by].name;
  const fallback = defaultAnswer(play);
  const defaults = `<button type="button" id="wb-zd-defaults">${esc(localize(Z.defaults))}</button>`;
  if (p.kind === "spendStars") {
    const data = p.data as { tacticalAdvantages: number };
    const given = fallback as Record<string, number>;
    const fields = HMZD_TA_TYPES.map((ta) => {
      const opt = p.options.find((o) => o.id === ta);
      const max = typeof opt?.max === "number" ? opt.max : 0;
      return labelled(
        TA_LABEL[ta],
        `<input id="wb-zd-ta-${ta}" type="text" inputmode="numeric" size="2" value="${given[ta] ?? 0}"${max === 0 ? " disabled" : ""} />`,
      );
    });
    return `<h3>${esc(format(Z.spendTitle, { name, count: data.tacticalAdvantages }))}</h3>
      ${fields.join("")}
      <button type="button" id="wb-zd-spend">${esc(localize(Z.spend))}</button> ${defaults}`;
  }
  const data = p.data as {
    zoneRolls: number[];
    placement: number;
    zones: string[];
    locations: string[];
  };
  const options = data.zoneRolls.map((roll, i) =>
    option(
      String(i),
      format(HMZD_CARD_KEY.pick, {
        n: i + 1,
        roll,
        value: data.placement + roll - 1,
        zone: zdZoneName(data.zones[i]!),
        location: zdLocationName(data.locations[i]!),
      }),
      i === fallback,
    ),
  );
  return `<h3>${esc(format(Z.pickTitle, { name }))}</h3>
    <select id="wb-zd-pick" aria-label="${esc(format(Z.pickTitle, { name }))}">${options.join("")}</select>
    <button type="button" id="wb-zd-pick-go">${esc(localize(Z.pick))}</button> ${defaults}`;
}

/** Under a resolved card: its rolls and the button that plays them again. */
function finishEntry(
  li: HTMLLIElement,
  card: ExchangeCard,
  play: ZdPlay,
  fixed: ZdRolls | null,
): void {
  const rolls = rollsOf(card);
  const p = document.createElement("p");
  p.className = "bbb-wb-zd-rolls";
  p.textContent = format(Z.rollsUsed, { rolls: JSON.stringify(rolls) });
  const replay = document.createElement("button");
  replay.type = "button";
  replay.className = "bbb-wb-zd-replay";
  replay.textContent = localize(Z.replay);
  // The same exchange, rolls and answers: the card comes out the same (as Foundry replays it).
  const answers = play.choices.filter((c) => c.kind !== "defence").map((c) => c.value);
  replay.addEventListener(
    "click",
    guarded(
      () => replay,
      () => {
        input("wb-zd-rolls").value = JSON.stringify(rolls);
        let again = beginExchange(play.exchange, exchangeDice(0, rolls));
        for (const a of answers) again = answer(again, a);
        S.play = again;
        S.entry = null;
        showPlay(rolls);
      },
    ),
  );
  li.dataset.rolls = JSON.stringify(rolls);
  if (fixed) li.dataset.replayed = "true";
  li.append(p, replay);
}

function roll(): void {
  const x = exchangeNow();
  const seed = wholeIn(input("wb-seed"), localize(K.seed), SEED_RANGE);
  let rolls: ZdRolls;
  try {
    rolls = readRolls(input("wb-zd-rolls").value);
  } catch (e) {
    throw new Refusals([{ field: input("wb-zd-rolls"), message: (e as Error).message }]);
  }
  S.play = beginExchange(x, exchangeDice(seed, rolls));
  S.entry = null;
  showPlay();
}

function spend(): void {
  const values: Record<string, number> = {};
  const problems: Refusals["list"][number][] = [];
  for (const ta of HMZD_TA_TYPES) {
    const f = input(`wb-zd-ta-${ta}`);
    if (f.disabled) continue;
    try {
      values[ta] = wholeIn(f, localize(TA_LABEL[ta]), { min: 0, max: 100 });
    } catch (e) {
      if (!(e instanceof Refusals)) throw e;
      problems.push(...e.list);
    }
  }
  if (problems.length) throw new Refusals(problems);
  try {
    S.play = answer(S.play!, values);
  } catch (e) {
    throw new Refusals([{ field: el("wb-zd-spend"), message: (e as Error).message }]);
  }
  showPlay();
}

// ── Wiring ──────────────────────────────────────────────────────────────────────────────────

function restart(): void {
  S.a = Number(select("wb-a").value);
  S.b = Number(select("wb-b").value);
  S.x = exchangeOf(ZD_SAMPLES[S.a]!, ZD_SAMPLES[S.b]!);
  S.play = null;
  S.entry = null;
  el("wb-zd-choice").hidden = true;
  fillAll();
  showOdds();
}

/** A weapon mode chosen for the attack or the counterstrike: its figures into the exchange. */
function modeChosen(which: "attack" | "counter"): void {
  readPage();
  const sample = ZD_SAMPLES[which === "attack" ? S.a : S.b]!;
  const id = select(which === "attack" ? "wb-attack" : "wb-zd-counter").value;
  const m = modesOf(sample).find((x) => x.id === id)!;
  if (which === "attack") S.x.attack = strikeOf(m);
  else S.x.defence.counter = strikeOf(m);
  fillStrike();
  showOdds();
}

function defenceChosen(): void {
  readPage();
  const b = ZD_SAMPLES[S.b]!;
  const d = S.x.defence;
  const modes = modesOf(b);
  if (d.type === "block") {
    const blocker = modes.find((m) => m.shield) ?? modes[0]!;
    d.eml = blocker.block ?? blocker.eml;
    d.shield = blocker.shield;
  } else if (d.type === "dodge") d.eml = b.character.dodge?.value ?? d.eml;
  else if (d.type === "counterstrike") d.eml = d.counter.eml;
  fillStrike();
  showOdds();
}

function wire(): void {
  el("wb-a").addEventListener("change", guarded("wb-a", restart));
  el("wb-b").addEventListener("change", guarded("wb-b", restart));
  el("wb-reset").addEventListener("click", guarded("wb-reset", restart));
  el("wb-attack").addEventListener(
    "change",
    guarded("wb-attack", () => modeChosen("attack")),
  );
  el("wb-zd-counter").addEventListener(
    "change",
    guarded("wb-zd-counter", () => modeChosen("counter")),
  );
  el("wb-defence").addEventListener("change", guarded("wb-defence", defenceChosen));
  el("wb-zd-zonedie").addEventListener(
    "change",
    guarded("wb-zd-zonedie", () => {
      readPage();
      S.x.attack.placement = Math.min(
        S.x.attack.placement,
        lastPlacement(S.x.attack.zoneDie, S.x.defender.plan),
      );
      fillStrike();
      showOdds();
    }),
  );
  // Every other edit: the odds follow.
  const edits = [
    "wb-aim",
    "wb-mod",
    "wb-zd-aeml",
    "wb-zd-die",
    "wb-zd-base",
    "wb-zd-aspect",
    "wb-zd-deml",
    "wb-zd-shield",
    "wb-zd-cplace",
  ];
  for (const id of edits) el(id).addEventListener("change", guarded(id, showOdds));
  for (const key of ["a", "b"])
    el(`wb-side-${key}`).addEventListener("change", (event) =>
      guarded(() => event.target as HTMLElement, showOdds)(),
    );
  el("wb-roll").addEventListener("click", guarded("wb-roll", roll));
  const choice = el("wb-zd-choice");
  choice.addEventListener("click", (event) => {
    const target = event.target as HTMLElement;
    if (target.id === "wb-zd-spend") guarded("wb-zd-spend", spend)();
    else if (target.id === "wb-zd-pick-go")
      guarded("wb-zd-pick-go", () => {
        S.play = answer(S.play!, Number(select("wb-zd-pick").value));
        showPlay();
      })();
    else if (target.id === "wb-zd-defaults")
      guarded("wb-zd-defaults", () => {
        S.play = answer(S.play!, defaultAnswer(S.play!));
        showPlay();
      })();
  });
  el("wb-many").addEventListener("click", guarded("wb-many", runMany));
  el("wb-cancel").addEventListener("click", cancelDuels);
}

/** Runs N duels between the two fighters as edited, with the dice of the seed. */
function runMany(): void {
  const x = readPage();
  const n = wholeIn(input("wb-n"), localize(K.count), DUEL_COUNT_RANGE);
  const seed = wholeIn(input("wb-seed"), localize(K.seed), SEED_RANGE);
  const a = duelSideOf(ZD_SAMPLES[S.a]!, x.attacker);
  const b = duelSideOf(ZD_SAMPLES[S.b]!, x.defender);
  startDuels(
    { ruleset: "hmzd", a: structuredClone(a), b: structuredClone(b), n, seed },
    { a: x.attacker.name, b: x.defender.name },
    { severities: HMZD_SEVERITIES, locationNames: { a: zdLocationName, b: zdLocationName } },
  );
}

export const HMZD_WORKBENCH: WorkbenchRuleset = {
  id: "hmzd",
  mount(root: HTMLElement): void {
    S.a = 0;
    S.b = 3;
    S.x = exchangeOf(ZD_SAMPLES[S.a]!, ZD_SAMPLES[S.b]!);
    S.play = null;
    S.entry = null;
    frame(root, {
      ruleset: "hmzd",
      introKey: Z.intro,
      fighters: ZD_SAMPLES.map((f) => f.name),
      a: S.a,
      b: S.b,
      laterKey: Z.stepLater,
      laterIds: ["wb-step"],
    });
    root.querySelector(".bbb-wb-setup")!.insertAdjacentHTML("afterend", exchangeSection());
    wire();
    fillAll();
    showOdds();
  },
  unmount(): void {
    stopDuels();
  },
};
