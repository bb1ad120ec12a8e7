/**
 * The workbench's GURPS Man to Man part (issues 16, 17): the ruleset selector lists the m2m
 * sample fighters (src/foundry/rulesets/m2m/sample-fighters.ts); each side shows its fighter's
 * figures as the engine derives them (src/workbench/rulesets/m2m-figures.ts) and, in a fight,
 * his HP, posture and conditions. The attacker's weapon and mode (his ranged weapons too, with
 * the range and the turns of aim), the location (random or aimed), the situational modifier and
 * the defender's defence are picked; the exact odds of that exchange are shown
 * (src/workbench/rulesets/m2m-exchange.ts). Roll plays it with the dice of the seed, as `cli
 * fight --seed` plays it, through the engine's flow, and posts the real m2m chat card
 * (src/workbench/rulesets/m2m-flow.ts, m2m-cards.ts; the seed then moves on by one): between the
 * fighters fresh, or from the fight's state (its consequences applied) while a fight is in
 * progress, the card saying which; Next turn plays the fight turn by turn
 * (src/workbench/rulesets/m2m-turns.ts) with the turn cards, a shooter aiming, shooting at the
 * page's range and reloading; Run many fights N duels in the worker with the progress bar and
 * the plot.
 */
import type { Modifier } from "../../core/modifiers";
import { escapeHtml as esc } from "../../foundry/sheets/common";
import { SAMPLE_FIGHTERS } from "../../foundry/rulesets/m2m/sample-fighters";
import { MANEUVER_KEYS, POSITION_KEYS } from "../../foundry/rulesets/m2m/turns";
import { CONDITION_EFFECTS } from "../../foundry/config";
import { GENERIC_MODIFIER_LABEL } from "../../foundry/target-labels";
import { cancelDuels, stopDuels } from "../duels";
import { el, format, frame, guarded, K, localize, Refusals, wholeIn } from "../page";
import { fighterPanel } from "./m2m-figures";
import { M } from "./m2m-labels";
import { X } from "./m2m-exchange-labels";
import { damageText, defenceName, locationName, oddsPanel, signed } from "./m2m-exchange";
import {
  aimOptions,
  attackerFor,
  chosenAttack,
  defenceChoices,
  defenceValue,
  exchange,
  flagsOf,
  oddsOf,
  runM2mMany,
  seedNow,
  sides,
  type M2mSides,
  type PageExtras,
} from "./m2m-fight";
import { playExchange, freshBlock } from "./m2m-flow";
import { logMessage, m2mCardHtml, m2mTurnHtml } from "./m2m-cards";
import {
  newFight,
  playTurn,
  stateOf,
  type M2mFight,
  type M2mShot,
  type M2mTurnStep,
} from "./m2m-turns";
import { M2M_MODIFIER_RANGE, MAX_AIM_TURNS, MAX_RANGE_YARDS } from "../../cli/m2m-fight";
import type { WorkbenchRuleset } from "./types";
import type { SideKey } from "../../sim/duel";

/** The workbench's own m2m keys (BLOWBYBLOW.Workbench.M2M.Fight.*). */
const F = Object.freeze({
  note: "BLOWBYBLOW.Workbench.M2M.Fight.note",
  range: "BLOWBYBLOW.Workbench.M2M.Fight.range",
  aimTurns: "BLOWBYBLOW.Workbench.M2M.Fight.aimTurns",
  attackRanged: "BLOWBYBLOW.Workbench.M2M.Fight.attackRanged",
  status: "BLOWBYBLOW.Workbench.M2M.Fight.status",
  maneuver: "BLOWBYBLOW.Workbench.M2M.Fight.maneuver",
  maneuverPosture: "BLOWBYBLOW.Workbench.M2M.Fight.maneuverPosture",
  pickUp: "BLOWBYBLOW.Workbench.M2M.Fight.pickUp",
  round: "BLOWBYBLOW.Workbench.M2M.Fight.round",
  rangeNeeded: "BLOWBYBLOW.Workbench.M2M.Fight.rangeNeeded",
  aim: "BLOWBYBLOW.Workbench.M2M.Fight.aim",
  reload: "BLOWBYBLOW.Workbench.M2M.Fight.reload",
  resolvedFresh: "BLOWBYBLOW.Workbench.M2M.Fight.resolvedFresh",
  resolvedFight: "BLOWBYBLOW.Workbench.M2M.Fight.resolvedFight",
});

/** Labels of the attack modifiers the flow does not label itself (`cli fight`'s keys). */
const MODIFIER_LABEL: Readonly<Record<string, string>> = Object.freeze({
  range: "BLOWBYBLOW.Workbench.M2M.Fight.Modifier.range",
  pointBlank: "BLOWBYBLOW.Workbench.M2M.Fight.Modifier.pointBlank",
  snapShot: "BLOWBYBLOW.Workbench.M2M.Fight.Modifier.snapShot",
  aim: "BLOWBYBLOW.Workbench.M2M.Fight.Modifier.aim",
});

const modifierLabel = (m: Modifier): string =>
  m.key === "attack.user"
    ? localize(K.modifier)
    : localize(
        Object.hasOwn(MODIFIER_LABEL, m.key) ? MODIFIER_LABEL[m.key]! : GENERIC_MODIFIER_LABEL,
      );

const CONDITION_NAME: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(CONDITION_EFFECTS.map((e) => [e.id, e.name])),
);

const indexOf = (id: string) =>
  Math.max(
    0,
    SAMPLE_FIGHTERS.findIndex((f) => f.id === id),
  );
/** Each side's fighter, by index in SAMPLE_FIGHTERS (first: Rogan the Reaver and Filthy Pierre). */
const picked = { a: indexOf("m2mRogan00000002"), b: indexOf("m2mPierre0000005") };
let current: M2mSides | null = null;
/** The fight Next turn plays (made at the first Next turn, dropped by Reset and new fighters). */
let fight: M2mFight | null = null;

const select = (id: string) => el<HTMLSelectElement>(id);
const input = (id: string) => el<HTMLInputElement>(id);
const option = (value: string, label: string, selected: boolean) =>
  `<option value="${esc(value)}"${selected ? " selected" : ""}>${esc(label)}</option>`;

/** The range and aim inputs of a shot, after the location selector, and the fight's note. */
function addShotInputs(): void {
  const after = select("wb-aim").closest("label")!;
  after.insertAdjacentHTML(
    "afterend",
    `<label id="wb-range-label">${esc(localize(F.range))} <input id="wb-range" type="text" inputmode="numeric" value="20" /></label>
     <label id="wb-aim-turns-label">${esc(localize(F.aimTurns))} <input id="wb-aim-turns" type="text" inputmode="numeric" value="0" /></label>`,
  );
  el("wb-over").insertAdjacentHTML(
    "beforebegin",
    `<p id="wb-m2m-note" class="bbb-wb-later" role="note">${esc(localize(F.note))}</p>`,
  );
}

/** Each side's status in the fight: HP, posture, conditions (fresh when no fight is on). */
function showStatus(): void {
  const s = current!;
  for (const side of ["a", "b"] as const) {
    const block = fight ? fight.blocks[side] : freshBlock(s.snap[side]);
    const st = stateOf(block);
    const max = (s.snap[side].derived as { character: { hitPoints: number } }).character.hitPoints;
    const names = [...new Set(st.conditions.map((c) => c.condition))]
      .filter((c) => CONDITION_NAME[c])
      .map((c) => localize(CONDITION_NAME[c]!));
    const panel = el(`wb-side-${side}`);
    let p = panel.querySelector<HTMLElement>(".bbb-wb-m2m-status");
    if (!p) {
      p = document.createElement("p");
      p.className = "bbb-wb-m2m-status";
      p.setAttribute("role", "status");
      panel.prepend(p);
    }
    p.dataset.hp = String(st.hp);
    p.dataset.conditions = st.conditions.map((c) => c.condition).join(" ");
    p.textContent = `${format(F.status, { hp: st.hp, max, posture: localize(POSITION_KEYS[st.posture]) })} \u2014 ${localize(K.conditions)}: ${names.join(", ") || localize(K.noConditions)}`;
  }
}

function showSides(): void {
  for (const side of ["a", "b"] as const) {
    picked[side] = Number(select(`wb-${side}`).value);
    const f = SAMPLE_FIGHTERS[picked[side]]!;
    const panel = el(`wb-side-${side}`);
    panel.dataset.fighter = f.id;
    panel.innerHTML = fighterPanel(f);
  }
  current = sides(picked.a, picked.b);
  fight = null;
  el("wb-log").innerHTML = "";
  el("wb-stats").innerHTML = "";
  el("wb-over").hidden = true;
  el<HTMLButtonElement>("wb-step").disabled = false;
  fillAttack();
  showStatus();
}

/** The attacker's attacks (each ready hand weapon's modes, the duel's best first; his ranged weapons). */
function fillAttack(): void {
  const s = current!;
  const keep = select("wb-attack").value;
  const typeText = (t: string) => localize(`${M.typePrefix}${t}`);
  select("wb-attack").innerHTML = s.attacks
    .map((x, i) =>
      option(
        x.value,
        x.ranged
          ? format(F.attackRanged, {
              weapon: x.weapon,
              damage: damageText(x.damage),
              type: typeText(x.type),
              skill: x.skill,
            })
          : format(X.attackOption, {
              weapon: x.weapon,
              base: x.base ? localize(`${M.basePrefix}${x.base}`) : "",
              damage: damageText(x.damage),
              type: typeText(x.type),
              skill: x.skill,
            }),
        keep ? x.value === keep : i === 0,
      ),
    )
    .join("");
  fillAimAndDefence();
}

/** The locations the chosen attack may aim at, a shot's range and aim, the defences, the odds. */
function fillAimAndDefence(): void {
  const s = current!;
  const attack = chosenAttack(s, select("wb-attack").value);
  // A shot's range and aim: for the shot picked, and for Next turn's shooters.
  const shoots = attack.ranged || Object.keys(s.shooters).length > 0;
  for (const id of ["wb-range-label", "wb-aim-turns-label"]) el(id).hidden = !shoots;
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

/** The page's modifier, and a shot's range and aim, read and checked (refused by name). */
function extrasNow(ranged: boolean): PageExtras {
  const modifier = wholeIn(input("wb-mod"), localize(K.modifier), M2M_MODIFIER_RANGE);
  if (!ranged) return { modifier };
  const rangeLabel = localize(F.range);
  if (input("wb-range").value.trim() === "")
    throw new Refusals([
      { field: input("wb-range"), message: format(F.rangeNeeded, { field: rangeLabel }) },
    ]);
  return {
    modifier,
    range: wholeIn(input("wb-range"), rangeLabel, { min: 0, max: MAX_RANGE_YARDS }),
    aim: wholeIn(input("wb-aim-turns"), localize(F.aimTurns), { min: 0, max: MAX_AIM_TURNS }),
  };
}

/** Next turn's shot: the page's range and turns of aim, checked. */
function shotNow(): M2mShot {
  const { range, aim } = extrasNow(true);
  return { range: range!, aim: aim ?? 0 };
}

const flagsNow = () => {
  const s = current!;
  const attack = chosenAttack(s, select("wb-attack").value);
  const extras = extrasNow(attack.ranged);
  return {
    s,
    attack,
    flags: flagsOf(attack, select("wb-aim").value, select("wb-defence").value, extras),
  };
};

/** The exact odds of the chosen exchange (the seed only settles a random swing's PD location). */
function showOdds(): void {
  const { s, attack, flags } = flagsNow();
  const outcome = exchange(s, attack, seedNow(), flags);
  el("wb-odds").innerHTML = oddsPanel(oddsOf(outcome), outcome);
}

/**
 * Roll: the exchange with the dice of the seed, its chat card at the top of the log. With a fight
 * in progress it is played from the fight's state (HP, conditions, posture, readiness: A attacks
 * on a new Attack maneuver) and its consequences are applied to the fight; otherwise between the
 * fighters fresh, and nothing is kept. The card says which.
 */
function roll(): void {
  const { s, attack, flags } = flagsNow();
  const seed = seedNow();
  const a = attackerFor(s, attack);
  const f = fight && !fight.over ? fight : null;
  const played = playExchange(
    a,
    s.snap.b,
    f ? { a: rollBlock(f.blocks.a), b: f.blocks.b } : { a: freshBlock(a), b: freshBlock(s.snap.b) },
    seed,
    flags,
    modifierLabel,
  );
  if (f) {
    for (const e of played.result.effects)
      if (e.type === "state") f.blocks[e.to === "attacker" ? "a" : "b"] = e.block;
    showStatus();
  }
  logMessage(m2mCardHtml(played.card, f ? F.resolvedFight : F.resolvedFresh), {
    seed: String(seed),
    kind: "exchange",
    from: f ? "fight" : "fresh",
  });
  el("wb-odds").innerHTML = oddsPanel(oddsOf(played.outcome), played.outcome);
  // The next roll, the next seed.
  if (seed < 0xffffffff) input("wb-seed").value = String(seed + 1);
}

/**
 * A's block for Roll in a fight: on a new Attack maneuver this turn (Roll is the GM's attack out
 * of the turn order; the fight's turn counters are kept).
 */
function rollBlock(block: M2mFight["blocks"]["a"]): M2mFight["blocks"]["a"] {
  const st = stateOf(block);
  const turn = Math.max(1, st.turn);
  return {
    ...block,
    data: { ...st, turn, maneuver: "attack", maneuverTurn: turn, attacks: 0 },
  };
}

/** One line of the log: a maneuver chosen, a new round. */
function logLine(text: string, data: Record<string, string>): void {
  const li = document.createElement("li");
  li.className = "chat-message message bbb-wb-m2m-line";
  for (const [k, v] of Object.entries(data)) li.dataset[k] = v;
  li.textContent = text;
  el("wb-log").prepend(li);
}

function logStep(step: M2mTurnStep): void {
  const name = fight!.snap[step.side].name;
  if (step.kind === "turn") {
    logMessage(m2mTurnHtml(step.outcome, name), { kind: "turn", side: step.side });
    return;
  }
  if (step.kind === "maneuver") {
    const maneuver = localize(MANEUVER_KEYS[step.choice.maneuver]);
    const posture = step.choice.posture ? localize(POSITION_KEYS[step.choice.posture]) : "";
    const weapon = step.pickUp
      ? (fight!.snap[step.side].items.find((i) => i.id === step.pickUp)?.name ?? "")
      : "";
    const bow = fight!.shooters[step.side];
    const bowName = bow ? (fight!.snap[step.side].items.find((i) => i.id === bow)?.name ?? "") : "";
    const key = step.pickUp
      ? F.pickUp
      : step.aimTurns !== undefined
        ? F.aim
        : step.reloadLeft !== undefined
          ? F.reload
          : posture
            ? F.maneuverPosture
            : F.maneuver;
    const text = format(key, {
      name,
      maneuver,
      posture,
      weapon: weapon || bowName,
      turns: step.aimTurns ?? 0,
      left: step.reloadLeft ?? 0,
    });
    logLine(text, {
      kind: "maneuver",
      side: step.side,
      maneuver: step.choice.maneuver,
    });
    return;
  }
  logMessage(m2mCardHtml(step.played.card), {
    kind: "exchange",
    side: step.side,
    seed: String(step.seed),
  });
}

/**
 * Next turn: the fight's next turn, from the fighters as picked at the first one. A shooter (a
 * side whose best weapon is a missile weapon, or A when the page's attack is a shot) shoots at
 * the page's range after its turns of aim, and readies to reload (m2m-turns.ts).
 */
function nextTurn(): void {
  const s = current!;
  const { attack, flags } = flagsNow();
  if (!fight) {
    const shooters = { ...s.shooters };
    if (attack.ranged) shooters.a = { attack, snap: attackerFor(s, attack) };
    fight = newFight(
      { a: shooters.a?.snap ?? s.snap.a, b: shooters.b?.snap ?? s.snap.b },
      s.duel,
      seedNow(),
      Object.fromEntries(Object.entries(shooters).map(([k, v]) => [k, v.attack.weaponId])),
    );
  }
  const f = fight;
  if (f.over) return;
  const before = f.round;
  const first = f.next === 0;
  const shot = Object.keys(f.shooters).length > 0 ? shotNow() : null;
  const steps = playTurn(f, attack.ranged ? {} : flags, modifierLabel, shot);
  if (first) logLine(format(F.round, { round: before }), { kind: "round" });
  for (const step of steps) logStep(step);
  showStatus();
  const end = f.over as M2mFight["over"];
  if (end) {
    el<HTMLButtonElement>("wb-step").disabled = true;
    const over = el("wb-over");
    over.hidden = false;
    const winner: SideKey | null = end.winner;
    over.textContent = `${localize(K.over)} ${winner ? format(K.winner, { name: f.snap[winner].name }) : localize(K.noWinner)}`;
    over.dataset.winner = winner ?? "";
  }
}

function wire(): void {
  for (const id of ["wb-a", "wb-b"]) el(id).addEventListener("change", guarded(id, showSides));
  el("wb-attack").addEventListener("change", guarded("wb-attack", fillAimAndDefence));
  for (const id of ["wb-aim", "wb-defence", "wb-seed", "wb-mod", "wb-range", "wb-aim-turns"])
    el(id).addEventListener("change", guarded(id, showOdds));
  el("wb-roll").addEventListener("click", guarded("wb-roll", roll));
  el("wb-step").addEventListener("click", guarded("wb-step", nextTurn));
  el("wb-reset").addEventListener(
    "click",
    guarded("wb-reset", () => {
      fight = null;
      el("wb-log").innerHTML = "";
      el("wb-stats").innerHTML = "";
      el("wb-over").hidden = true;
      el<HTMLButtonElement>("wb-step").disabled = false;
      showStatus();
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
      laterKey: null,
    });
    addShotInputs();
    wire();
    showSides();
  },
  unmount(): void {
    stopDuels();
    current = null;
    fight = null;
  },
};
