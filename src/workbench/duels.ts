/**
 * The workbench's many duels, for either ruleset: run in a worker (src/workbench/duel-worker.ts)
 * with the progress bar, Cancel, then the win rates and the injury plot (`duelPlotSvg`,
 * src/sim/duel.ts). One job at a time on the page.
 */
import { escapeHtml } from "../foundry/sheets/common";
import { duelPlotSvg, type DuelStats, type PlotOptions, type SideKey } from "../sim/duel";
import type { DuelJob, DuelReply } from "./duel-worker";
import { el, format, K, localize, pct, showProblems } from "./page";

/** The duels running: their worker and how far they are. */
let job: { worker: Worker; done: number; n: number } | null = null;

/** Stops the duels running (the worker ends); the progress bar and Cancel go. */
export function stopDuels(): void {
  job?.worker.terminate();
  job = null;
  el("wb-progress").hidden = true;
  el("wb-cancel").hidden = true;
  el<HTMLButtonElement>("wb-many").disabled = false;
}

/** Cancel: stops the duels and says how many were done. */
export function cancelDuels(): void {
  const stopped = job;
  stopDuels();
  if (stopped)
    el("wb-duels-status").textContent = format(K.cancelled, { done: stopped.done, n: stopped.n });
}

/** The win rates, the mean rounds and the plot. */
export function showDuels(
  stats: DuelStats,
  names: Record<SideKey, string>,
  plot: PlotOptions,
): void {
  const rate = (k: "a" | "b" | "none") => pct(stats.wins[k] / stats.n);
  el("wb-stats").innerHTML = `
    <h2>${escapeHtml(format(K.duels, { n: String(stats.n) }))}</h2>
    <table id="wb-wins">
      <tr data-side="a"><th>${escapeHtml(names.a)}</th><td>${rate("a")}</td></tr>
      <tr data-side="b"><th>${escapeHtml(names.b)}</th><td>${rate("b")}</td></tr>
      <tr data-side="none"><th>${escapeHtml(localize(K.noWinner))}</th><td>${rate("none")}</td></tr>
    </table>
    <p id="wb-rounds">${escapeHtml(format(K.rounds, { mean: stats.rounds.mean.toFixed(2) }))}</p>
    <div id="wb-plot">${duelPlotSvg(stats, names, { localize, ...plot })}</div>`;
}

/**
 * Runs `message`'s N duels off the page's thread: the progress bar follows them, Cancel stops
 * them, the page answers clicks meanwhile; at the end, the counts are shown with `names` and
 * `plot`.
 */
export function startDuels(
  message: DuelJob,
  names: Record<SideKey, string>,
  plot: PlotOptions,
): void {
  const n = message.n;
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
  const fail = (text: string) => {
    stopDuels();
    status.textContent = "";
    showProblems([{ field: el("wb-many"), message: format(K.error, { error: text }) }]);
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
      showDuels(reply.stats, names, plot);
    } else fail(reply.message);
  });
  worker.addEventListener("error", (event) => {
    if (job === mine) fail(event.message);
  });
  worker.postMessage(message);
}
