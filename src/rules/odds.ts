/**
 * The `odds` contract, shared by the CLI: the same JSON object as `resolve`, its `ruleset` field
 * choosing the ruleset's exact odds (hm3: `src/rules/hm3/odds.ts`, m2m: `src/rules/m2m/odds.ts`,
 * hmzd: `src/rules/hmzd/odds.ts`).
 */
import { InputError, readObject } from "../core/errors";
import { oddsInput as hm3OddsInput, type Hm3Odds } from "./hm3/odds";
import { oddsInput as hmzdOddsInput, type HmzdOdds } from "./hmzd/odds";
import { oddsInput as m2mOddsInput, type M2mOdds } from "./m2m/odds";

const ODDS = { hm3: hm3OddsInput, m2m: m2mOddsInput, hmzd: hmzdOddsInput } as const;

export function oddsInput(raw: unknown): {
  odds: Hm3Odds | M2mOdds | HmzdOdds;
  ignored: string[];
} {
  const input = readObject(raw, "input");
  const ruleset = input.ruleset;
  if (ruleset !== "hm3" && ruleset !== "m2m" && ruleset !== "hmzd") {
    const names = Object.keys(ODDS);
    throw new InputError(
      "ruleset",
      ruleset,
      `exact odds are available for ${names.slice(0, -1).join(", ")} and ${names.at(-1)}`,
    );
  }
  return ODDS[ruleset](input);
}
