/**
 * The LOCALIZATION_PREFIXES of the data models: Foundry reads each field's label at
 * `<prefix>.FIELDS.<field path>.label`. A prefix is not itself a key, so it is built from the
 * root here rather than written as a `"BLOWBYBLOW.…"` literal, which the localisation audit
 * (test/lang.test.ts) would take for a key. The keys themselves are written whole in labels.ts.
 * A ruleset's block has its own prefix per type (`FoundryRuleset.data.prefixes`), built with
 * `prefixFor`.
 */
const ROOT = "BLOWBYBLOW";

/** A prefix under the system's root (`prefixFor("HM3.Weapon")`). */
export const prefixFor = (path: string): string => `${ROOT}.${path}`;

export const PREFIXES = Object.freeze({
  /** Ruleset-free actor fields (description). */
  actor: `${ROOT}.Actor`,
  /** Ruleset-free item fields (description, quantity, weight, carried, equipped, held). */
  item: `${ROOT}.Item`,
  exchange: `${ROOT}.Exchange`,
  combatant: `${ROOT}.Combatant`,
});
