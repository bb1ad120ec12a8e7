/**
 * The `odds` contract, shared by the CLI: the same JSON object as `resolve`, its `ruleset` field
 * choosing the ruleset's exact odds (hm3: `src/rules/hm3/odds.ts`, m2m: `src/rules/m2m/odds.ts`).
 */
import { InputError, readObject } from "../core/errors";
import { oddsInput as hm3OddsInput, type Hm3Odds } from "./hm3/odds";
import { oddsInput as m2mOddsInput, type M2mOdds } from "./m2m/odds";

const ODDS = { hm3: hm3OddsInput, m2m: m2mOddsInput } as const;

export function oddsInput(raw: unknown): { odds: Hm3Odds | M2mOdds; ignored: string[] } {
  const input = readObject(raw, "input");
  const ruleset = input.ruleset;
  if (ruleset !== "hm3" && ruleset !== "m2m") {
    throw new InputError(
      "ruleset",
      ruleset,
      `exact odds are available for ${Object.keys(ODDS).join(" and ")}`,
    );
  }
  return ODDS[ruleset](input);
}
