/**
 * The workbench's GURPS Man to Man part (issues 16, 17): the ruleset selector lists the m2m
 * sample fighters (src/foundry/rulesets/m2m/sample-fighters.ts); each side shows its fighter's
 * figures as the engine derives them (src/workbench/rulesets/m2m-figures.ts). The attacker's
 * weapon and mode, the location (random or aimed) and the defender's defence are picked; the
 * exact odds of that exchange are shown (src/workbench/rulesets/m2m-exchange.ts); Roll plays it
 * with the dice of the seed, itemised in the log, as `cli fight --seed` plays it (the seed then
 * moves on by one); Run many fights N duels in the worker with the progress bar and the plot.
 * The attack's own modifier and turn-by-turn duels stay off with a note.
 */
import { escapeHtml as esc } from "../../foundry/sheets/common";
import { SAMPLE_FIGHTERS } from "../../foundry/rulesets/m2m/sample-fighters";
import { cancelDuels, stopDuels } from "../duels";
import { el, format, frame, guarded, localize } from "../page";
import { fighterPanel } from "./m2m-figures";
import { M } from "./m2m-labels";
import { X } from "./m2m-exchange-labels";
import {
  damageText,
  defenceName,
  exchangePanel,
  locationName,
  oddsPanel,
  signed,
} from "./m2m-exchange";
import {
  aimOptions,
  attackValue,
  chosenAttack,
  defenceChoices,
  defenceValue,
  exchange,
  flagsOf,
  modeBase,
  oddsOf,
  runM2mMany,
  seedNow,
  sides,
  type M2mSides,
} from "./m2m-fight";
import type { WorkbenchRuleset } from "./types";

const indexOf = (id: string) =>
  Math.max(
    0,
    SAMPLE_FIGHTERS.findIndex((f) => f.id === id),
  );
/** Each side's fighter, by index in SAMPLE_FIGHTERS (first: Rogan the Reaver and Filthy Pierre). */
const picked = { a: indexOf("m2mRogan00000002"), b: indexOf("m2mPierre0000005") };
let current: M2mSides | null = null;

const select = (id: string) => el<HTMLSelectElement>(id);
const option = (value: string, label: string, selected: boolean) =>
  `<option value="${esc(value)}"${selected ? " selected" : ""}>${esc(label)}</option>`;

function showSides(): void {
  for (const side of ["a", "b"] as const) {
    picked[side] = Number(select(`wb-${side}`).value);
    const f = SAMPLE_FIGHTERS[picked[side]]!;
    const panel = el(`wb-side-${side}`);
    panel.dataset.fighter = f.id;
    panel.innerHTML = fighterPanel(f);
  }
  current = sides(picked.a, picked.b);
  el("wb-log").innerHTML = "";
  el("wb-stats").innerHTML = "";
  fillAttack();
}

/** The attacker's attacks (each ready hand weapon's modes, the duel's best first). */
function fillAttack(): void {
  const s = current!;
  const keep = select("wb-attack").value;
  const typeText = (t: string) => localize(`${M.typePrefix}${t}`);
  select("wb-attack").innerHTML = s.duel.a.attacks
    .map((x, i) => {
      const base = modeBase(s.snap.a, x);
      return option(
        attackValue(x),
        format(X.attackOption, {
          weapon: x.weapon,
          base: base ? localize(`${M.basePrefix}${base}`) : "",
          damage: damageText(x.damage),
          type: typeText(x.type),
          skill: x.skill,
        }),
        keep ? attackValue(x) === keep : i === 0,
      );
    })
    .join("");
  fillAimAndDefence();
}

/** The locations the chosen attack may aim at, the defender's defences, then the odds. */
function fillAimAndDefence(): void {
  const s = current!;
  const attack = chosenAttack(s, select("wb-attack").value);
  const aim = select("wb-aim").value || "random";
  select("wb-aim").innerHTML = aimOptions(s, attack)
    .map((l) =>
      option(
        l.id,
        l.id === "random"
          ? localize(X.random)
          : format(X.aimOption, { location: locationName(l.id), penalty: signed(l.penalty) }),
        l.id === aim,
      ),
    )
    .join("");
  if (!select("wb-aim").value) select("wb-aim").value = "random";
  // The defences allowed against this attack; the default is the best (ties: Dodge, Block,
  // Parry), as `cli fight` takes it.
  const choices = defenceChoices(s, attack).filter((c) => c.type === "none" || c.option!.allowed);
  const kept = select("wb-defence").value;
  let best = choices[choices.length - 1]!;
  for (const c of choices)
    if (c.type !== "none" && (best.type === "none" || c.score > best.score)) best = c;
  const keep = choices.some((c) => defenceValue(c) === kept) ? kept : defenceValue(best);
  select("wb-defence").innerHTML = choices
    .map((c) => {
      const label = c.weapon
        ? format(X.defenceParry, { weapon: c.weapon.name, score: c.score })
        : c.type === "none"
          ? defenceName("none")
          : format(X.defenceOption, { defence: defenceName(c.type), score: c.score });
      return option(defenceValue(c), label, defenceValue(c) === keep);
    })
    .join("");
  showOdds();
}

const flagsNow = () => {
  const s = current!;
  const attack = chosenAttack(s, select("wb-attack").value);
  return { s, attack, flags: flagsOf(attack, select("wb-aim").value, select("wb-defence").value) };
};

/** The exact odds of the chosen exchange (the seed only settles a random swing's PD location). */
function showOdds(): void {
  const { s, flags } = flagsNow();
  const outcome = exchange(s, seedNow(), flags);
  el("wb-odds").innerHTML = oddsPanel(oddsOf(outcome), outcome);
}

/** Roll: the exchange with the dice of the seed, itemised at the top of the log. */
function roll(): void {
  const { s, attack, flags } = flagsNow();
  const seed = seedNow();
  const outcome = exchange(s, seed, flags);
  const base = modeBase(s.snap.a, attack);
  const item = document.createElement("li");
  item.className = "bbb-wb-m2m-entry";
  item.innerHTML = exchangePanel(outcome, base ? localize(`${M.basePrefix}${base}`) : "");
  el("wb-log").prepend(item);
  el("wb-odds").innerHTML = oddsPanel(oddsOf(outcome), outcome);
  // The next roll, the next seed.
  if (seed < 0xffffffff) el<HTMLInputElement>("wb-seed").value = String(seed + 1);
}

function wire(): void {
  for (const id of ["wb-a", "wb-b"]) el(id).addEventListener("change", guarded(id, showSides));
  el("wb-attack").addEventListener("change", guarded("wb-attack", fillAimAndDefence));
  for (const id of ["wb-aim", "wb-defence", "wb-seed"])
    el(id).addEventListener("change", guarded(id, showOdds));
  el("wb-roll").addEventListener("click", guarded("wb-roll", roll));
  el("wb-reset").addEventListener(
    "click",
    guarded("wb-reset", () => {
      el("wb-log").innerHTML = "";
      el("wb-stats").innerHTML = "";
    }),
  );
  el("wb-many").addEventListener(
    "click",
    guarded("wb-many", () => runM2mMany(current!)),
  );
  el("wb-cancel").addEventListener("click", cancelDuels);
}

export const M2M_WORKBENCH: WorkbenchRuleset = {
  id: "m2m",
  mount(root: HTMLElement): void {
    frame(root, {
      ruleset: "m2m",
      introKey: M.intro,
      fighters: SAMPLE_FIGHTERS.map((f) => f.name),
      a: picked.a,
      b: picked.b,
      laterKey: X.later,
      laterIds: ["wb-mod", "wb-step"],
    });
    wire();
    showSides();
  },
  unmount(): void {
    stopDuels();
    current = null;
  },
};
