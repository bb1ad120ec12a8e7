/**
 * The LOCALIZATION_PREFIXES of the data models: Foundry reads each field's label at
 * `<prefix>.FIELDS.<field path>.label`. A prefix is not itself a key, so it is built from the
 * root here rather than written as a `"BLOWBYBLOW.…"` literal, which the localisation audit
 * (test/lang.test.ts) would take for a key. The keys themselves are written whole in labels.ts.
 */
const ROOT = "BLOWBYBLOW";

export const PREFIXES = Object.freeze({
  /** Ruleset-free actor fields (description). */
  actor: `${ROOT}.Actor`,
  /** The `hm3` block of characters and creatures. */
  hm3Actor: `${ROOT}.HM3.Actor`,
  /** Ruleset-free item fields (description, quantity, weight, carried, equipped, held). */
  item: `${ROOT}.Item`,
  hm3Weapon: `${ROOT}.HM3.Weapon`,
  hm3Missile: `${ROOT}.HM3.Missile`,
  hm3Armour: `${ROOT}.HM3.Armour`,
  hm3Skill: `${ROOT}.HM3.Skill`,
  hm3Injury: `${ROOT}.HM3.Injury`,
  exchange: `${ROOT}.Exchange`,
  combatant: `${ROOT}.Combatant`,
});
