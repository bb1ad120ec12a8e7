/**
 * Checks a compendium source document (one JSON file of `packs/_source/<pack>/`) against the
 * system's stored fields before `npm run build:packs` compiles it, so a malformed document fails
 * the build with a message naming the file, the document (or embedded item) and the field,
 * instead of reaching Foundry, whose data models would clean, clamp or drop the value silently.
 *
 * The check itself is src/foundry/data/source-check.ts (the CLI reads actor files with it too,
 * less strictly). It reads the same field table the data models are built from (src/foundry/data/rules.ts,
 * checked against the schemas field by field by test/foundry/data/rules.test.ts) and the same
 * check the sheets and the create guard run (`checkRule`), but strictly: a source stores every
 * field, with the exact type (no "12" for 12), and no field the type does not have. Embedded
 * armour is checked against the owner's body plan (a creature's own, else the human plan), and a
 * creature's own plan against the plan rules of its sheet. (That each actor derives its figures
 * is tested for the committed sources in test/packs/hm3-actors.test.ts.)
 */
import { englishLocalizer } from "../src/cli/english";
import { HUMAN_PLAN_CONTEXT, type Localizer, type PlanContext } from "../src/foundry/data/validate";
import { sourceProblems, type SourceProblem } from "../src/foundry/data/source-check";

export { formatSourceProblems, type SourceProblem } from "../src/foundry/data/source-check";

type Obj = Record<string, unknown>;

let english: Localizer | undefined;

/**
 * The problems of one source document (and its embedded items) of collection `items` or
 * `actors`, read strictly (src/foundry/data/source-check.ts).
 */
export function documentProblems(
  doc: Obj,
  collection: string,
  plan: PlanContext = HUMAN_PLAN_CONTEXT,
): SourceProblem[] {
  const i18n = (english ??= englishLocalizer());
  return sourceProblems(doc, collection, { i18n, strict: true }, plan);
}
