/**
 * Exact odds with HârnMaster Gold options (issue 19; src/rules/hm3/odds-enumerated.ts): each
 * declaration of test/hm3/odds-gold.test.ts (test/hm3/odds-gold-cases.ts) timed once per round,
 * target under 0.5 s each. The paths a declaration walks (every walk of its decomposition) are
 * printed beside its line. `BENCH=gold` runs these lines alone.
 */
import { enumeratedOdds } from "../src/rules/hm3/odds-enumerated";
import { CASES, input, parsed } from "../test/hm3/odds-gold-cases";

type Time = (label: string, n: number, fn: (i: number) => void) => void;

export function benchOddsGold(time: Time, wanted: (label: string) => boolean): void {
  for (const c of CASES) {
    const label = `hm3 gold odds: ${c.name}`;
    if (!wanted(label)) continue;
    const { decl, defence } = parsed(input(c));
    const paths = enumeratedOdds(decl, defence).enumeration!.paths;
    console.log(`  (${c.name}: ${paths.toLocaleString("en")} paths)`);
    time(label, 1, () => {
      enumeratedOdds(decl, defence);
    });
  }
}
