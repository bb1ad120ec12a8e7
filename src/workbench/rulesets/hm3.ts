/**
 * The workbench's HârnMaster 3 part (issue 6): pick two fighters of the HM3 sample fighters
 * pack, the attack and the defence; see the exact odds (src/rules/hm3/odds.ts); roll, and the
 * exchange appears as the same chat card Foundry shows (the real templates, styles and
 * language file); the log keeps the fight, the body diagrams and conditions follow it; run one
 * duel step by step or many at once with the win rates and the injury plot (src/sim/duel.ts).
 * Every number comes from the real rules core; nothing here computes a rule.
 */
import { SeededDice } from "../../core/dice";
import { hm3, hm3Combat } from "../../rules/hm3";
import { el, frame, guarded, K } from "../page";
import {
  attackRequest,
  diceNow,
  edited,
  FIGHTERS,
  fillAttack,
  newDuel,
  S,
  seed,
} from "./hm3-fight";
import { defenceRequest, fillDefenceAndOdds } from "./hm3-odds";
import { afterExchange, applyFigures, logCard, logRecovery, showSides } from "./hm3-sides";
import { runMany } from "./hm3-duels";
import { mountOptions } from "./hm3-options";
import { mountDecisions, showDecisions, withDecisions } from "./hm3-decisions";
import { cancelDuels, stopDuels } from "../duels";
import type { WorkbenchRuleset } from "./types";

/** Rolls one exchange with the page's attack and defence, decisions included. */
function roll(): void {
  const d = S.duel!;
  const b = d.snapshot("b");
  const a = d.snapshot("a");
  const request = attackRequest();
  const build = hm3Combat.buildDeclaration(a, b, request, S.options);
  const state = hm3.start(hm3.parseDeclaration(build.declaration), new SeededDice(0));
  const defence = defenceRequest(hm3Combat.choiceOptions(hm3.pending(state)!, build, b));
  const entry = d.attack("a", diceNow(), { attack: request, defence });
  if (entry) logCard(entry.card);
  afterExchange();
}

function wire(): void {
  const restart = () => {
    S.fighterA = Number(el<HTMLSelectElement>("wb-a").value);
    S.fighterB = Number(el<HTMLSelectElement>("wb-b").value);
    edited.a = null;
    edited.b = null;
    S.dice = null;
    newDuel();
    showDecisions(S.options);
    fillAttack();
    fillDefenceAndOdds();
    showSides();
  };
  mountOptions(guarded("wb-options", restart));
  mountDecisions(S.options, guarded("wb-decisions", fillDefenceAndOdds));
  el("wb-a").addEventListener("change", guarded("wb-a", restart));
  el("wb-b").addEventListener("change", guarded("wb-b", restart));
  el("wb-reset").addEventListener("click", guarded("wb-reset", restart));
  el("wb-seed").addEventListener(
    "change",
    guarded("wb-seed", () => {
      seed();
      S.dice = null;
    }),
  );
  for (const id of ["wb-attack", "wb-aim", "wb-mod", "wb-defence"])
    el(id).addEventListener("change", guarded(id, fillDefenceAndOdds));
  el("wb-roll").addEventListener(
    "click",
    guarded("wb-roll", () => withDecisions(roll)),
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
      const turn = S.duel!.next(diceNow());
      if (turn?.kind === "exchange") logCard(turn.card);
      else if (turn) logRecovery(turn);
      afterExchange();
    }),
  );
  el("wb-many").addEventListener("click", guarded("wb-many", runMany));
  el("wb-cancel").addEventListener("click", cancelDuels);
}

export const HM3_WORKBENCH: WorkbenchRuleset = {
  id: "hm3",
  mount(root: HTMLElement): void {
    S.duel = null;
    S.fighterA = 0;
    S.fighterB = 3;
    S.dice = null;
    edited.a = null;
    edited.b = null;
    frame(root, {
      ruleset: "hm3",
      introKey: K.intro,
      fighters: FIGHTERS.map((f) => f.name),
      a: S.fighterA,
      b: S.fighterB,
      laterKey: null,
    });
    // The optional rules' toggles (HârnMaster Gold's among them), under the controls.
    root.querySelector(".bbb-wb-setup")!.insertAdjacentHTML(
      "afterend",
      '<section id="wb-options" class="bbb-wb-options-panel"></section>' +
        // The per-exchange decisions those rules add (hm3-decisions.ts), under the toggles.
        '<section id="wb-decisions" class="bbb-wb-decisions" hidden></section>',
    );
    wire();
    newDuel();
    fillAttack();
    fillDefenceAndOdds();
    showSides();
  },
  unmount(): void {
    stopDuels();
  },
};
