/**
 * The HM3 workbench's many duels, run in a worker (src/workbench/duel-worker.ts): the progress
 * bar, Cancel, the win rates and the injury plot (src/sim/duel.ts).
 */
import { DUEL_COUNT_RANGE } from "../../core/bounds";
import { escapeHtml } from "../../foundry/sheets/common";
import { duelPlotSvg, type ActorSource, type DuelStats } from "../../sim/duel";
import type { DuelJob, DuelReply } from "../duel-worker";
import { el, format, K, localize, pct, showProblems, wholeIn } from "../page";
import { named, S, seed } from "./hm3-fight";

/** Stops the duels running (the worker ends); the progress bar and Cancel go. */
export function stopDuels(): void {
  S.job?.worker.terminate();
  S.job = null;
  el("wb-progress").hidden = true;
  el("wb-cancel").hidden = true;
  el<HTMLButtonElement>("wb-many").disabled = false;
}

export function showDuels(stats: DuelStats, a: ActorSource, b: ActorSource): void {
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
export function runMany(): void {
  const n = wholeIn(el<HTMLInputElement>("wb-n"), localize(K.count), DUEL_COUNT_RANGE);
  const dieSeed = seed();
  const a = named("a");
  const b = named("b");
  stopDuels();
  const worker = new Worker(new URL("../duel-worker.ts", import.meta.url), { type: "module" });
  const mine = { worker, done: 0, n };
  S.job = mine;
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
    if (S.job !== mine) return;
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
    if (S.job === mine) fail(event.message);
  });
  const message: DuelJob = { a, b, n, seed: dieSeed };
  worker.postMessage(message);
}
