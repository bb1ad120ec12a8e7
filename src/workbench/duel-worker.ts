/**
 * The workbench's many duels, run off the page's thread (a module Web Worker started by
 * src/workbench/main.ts): the page stays usable, the progress bar follows. One job per worker:
 * it posts progress at most every 50 ms (and at the end), then the counts; Cancel terminates it.
 */
import { runDuels, type ActorSource, type DuelStats } from "../sim/duel";

/** What the page asks: N duels between two fighters with the dice of a seed. */
export interface DuelJob {
  a: ActorSource;
  b: ActorSource;
  n: number;
  seed: number;
}

export type DuelReply =
  | { type: "progress"; done: number; n: number }
  | { type: "done"; stats: DuelStats }
  | { type: "error"; message: string };

const reply = (message: DuelReply) => postMessage(message);

addEventListener("message", (event: MessageEvent<DuelJob>) => {
  const { a, b, n, seed } = event.data;
  let last = -Infinity;
  try {
    const stats = runDuels({ actor: a }, { actor: b }, n, seed, (done, total) => {
      const now = performance.now();
      if (done < total && now - last < 50) return;
      last = now;
      reply({ type: "progress", done, n: total });
    });
    reply({ type: "done", stats });
  } catch (e) {
    reply({ type: "error", message: (e as Error).message });
  }
});
