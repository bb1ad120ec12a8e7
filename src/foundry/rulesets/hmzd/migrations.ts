/**
 * The migrations of the zone-die block, numbered in the system's one sequence of schema versions
 * (src/foundry/migrations/index.ts merges them with the generic ones and every ruleset's).
 *
 * Version 7 adds the `system.hmzd` blocks (issue 18). Nothing stored changes shape: a document
 * stored before it takes the block's defaults when it loads (Foundry's cleaning fills in a
 * missing schema field), and no value of another block moves. As GURPS Man to Man's version 4,
 * the entry records the version and must not write a block itself, since migrations also run on
 * an update's changes, where a written default would overwrite the stored block.
 */
import type { RulesetMigration } from "../contract";
import { HMZD_RULES } from "./rules";

/** The version that adds the zone-die blocks. */
export const HMZD_BLOCKS_VERSION = 7;

export const HMZD_MIGRATIONS: readonly RulesetMigration[] = Object.freeze([
  {
    version: HMZD_BLOCKS_VERSION,
    name: "HârnMaster zone-die blocks",
    migrate: (_type: string, system: Record<string, unknown>) => system,
  },
]);

/** The top-level fields of a block, from its leaves' rules. */
function topFields(rules: Readonly<Record<string, unknown>>): readonly string[] {
  return Object.freeze([...new Set(Object.keys(rules).map((p) => p.split(".")[0]!))]);
}

/** The fields of each type that belong to the zone-die block (a whole stored source has them all). */
export const HMZD_BLOCK_FIELDS = Object.freeze({
  "Actor.character": topFields(HMZD_RULES["Actor.character"]),
  "Actor.creature": topFields(HMZD_RULES["Actor.creature"]),
  "Item.weapon": topFields(HMZD_RULES["Item.weapon"]),
  "Item.missile": topFields(HMZD_RULES["Item.missile"]),
  "Item.injury": topFields(HMZD_RULES["Item.injury"]),
});
