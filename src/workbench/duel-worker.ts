/**
 * The workbench's many duels, run off the page's thread (a module Web Worker started by
 * src/workbench/duels.ts): the page stays usable, the progress bar follows. One job per worker:
 * it posts progress at most every 50 ms (and at the end), then the counts; Cancel terminates it.
 * HârnMaster 3 duels take the two actor documents (src/sim/duel.ts `runDuels`, played by the fast
 * duel of src/sim/hm3-fast-duel.ts); GURPS Man to Man duels the two fighters as the duel derives
 * them once (src/sim/m2m-duel.ts), plain data; zone-die duels the two sides (src/sim/hmzd-duel.ts).
 */
import { runDuels, type ActorSource, type DuelStats } from "../sim/duel";
import { runM2mDuels, type M2mDuelFighter } from "../sim/m2m-duel";
import { runHmzdDuels, type HmzdDuelSide } from "../sim/hmzd-duel";

/** What the page asks: N duels between two fighters with the dice of a seed. */
export type DuelJob =
  | {
      ruleset: "hm3";
      a: ActorSource;
      b: ActorSource;
      n: number;
      seed: number;
      /** The HM3 optional rules (the page's Gold toggles); absent: all off. */
      options?: Record<string, boolean>;
    }
  | { ruleset: "m2m"; a: M2mDuelFighter; b: M2mDuelFighter; n: number; seed: number }
  | { ruleset: "hmzd"; a: HmzdDuelSide; b: HmzdDuelSide; n: number; seed: number };

export type DuelReply =
  | { type: "progress"; done: number; n: number }
  | { type: "done"; stats: DuelStats }
  | { type: "error"; message: string };

const reply = (message: DuelReply) => postMessage(message);

addEventListener("message", (event: MessageEvent<DuelJob>) => {
  const job = event.data;
  let last = -Infinity;
  const progress = (done: number, total: number) => {
    const now = performance.now();
    if (done < total && now - last < 50) return;
    last = now;
    reply({ type: "progress", done, n: total });
  };
  try {
    const stats =
      job.ruleset === "m2m"
        ? runM2mDuels(job.a, job.b, job.n, job.seed, progress)
        : job.ruleset === "hmzd"
          ? runHmzdDuels(job.a, job.b, job.n, job.seed, progress)
          : runDuels({ actor: job.a }, { actor: job.b }, job.n, job.seed, progress, job.options);
    reply({ type: "done", stats });
  } catch (e) {
    reply({ type: "error", message: (e as Error).message });
  }
});
