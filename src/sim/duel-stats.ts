/**
 * The counts of many duels (`DuelStats`), the same for every ruleset's duels (HM3
 * src/sim/duel.ts, m2m src/sim/m2m-duel.ts, hmzd src/sim/hmzd-duel.ts). Pure.
 */
import type { DuelInjury, DuelStats, SideKey } from "./duel";

/** What `countDuels` counts of a duel. */
export interface CountedDuel {
  winner: SideKey | null;
  rounds: number;
  injuries: readonly DuelInjury[];
}

/**
 * `n` duels played by `play`, counted: wins, rounds (mean and histogram), injuries by victim,
 * location and severity. Every ruleset's duels count this way (HM3, m2m, hmzd).
 */
export function countDuels(
  n: number,
  play: () => CountedDuel,
  onProgress?: (done: number, n: number) => void,
): DuelStats {
  const stats: DuelStats = {
    n,
    wins: { a: 0, b: 0, none: 0 },
    rounds: { mean: 0, histogram: {} },
    injuries: { a: {}, b: {} },
  };
  let totalRounds = 0;
  for (let i = 0; i < n; i++) {
    const r = play();
    stats.wins[r.winner ?? "none"]++;
    totalRounds += r.rounds;
    stats.rounds.histogram[r.rounds] = (stats.rounds.histogram[r.rounds] ?? 0) + 1;
    for (const inj of r.injuries) {
      const byLoc = (stats.injuries[inj.side][inj.location] ??= {});
      byLoc[inj.severity] = (byLoc[inj.severity] ?? 0) + 1;
    }
    onProgress?.(i + 1, n);
  }
  stats.rounds.mean = n ? totalRounds / n : 0;
  return stats;
}
