/**
 * What every Quench batch (docs/testing.md) uses, whichever ruleset it plays: waiting for the
 * GM's hooks, a clean-up that runs every step, the checks that the batch runs on the active GM's
 * client and in a world of the ruleset it plays, and the import of a compendium document as a
 * throw-away world document. Generic: a ruleset's batches (src/foundry/rulesets/<id>/quench)
 * name their packs and ruleset.
 */
import { foundryRuleset, rulesetName, worldRuleset } from "../rulesets";

export const SYSTEM_ID = "blow-by-blow";

type Obj = Record<string, unknown>;

/** Waits until `ready()` holds (the GM's hooks run after the create or update resolves). */
export async function until(ready: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs each clean-up step even when one fails; throws the failures together afterwards. */
export async function cleanUp(steps: (() => Promise<unknown> | unknown)[]): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length) throw new AggregateError(errors, "Blow by Blow test: clean-up failed");
}

/** Fails unless this client is the active GM's (the batches' steps run there). */
export function requireActiveGM(): void {
  if (!game.user.isGM || game.users.activeGM?.id !== game.user.id)
    throw new Error(
      "Run the Blow by Blow batches as the active GM (the exchange steps run there).",
    );
}

/** Fails unless the world plays the ruleset `id` (`batch` names the batch in the message). */
export function requireWorldRuleset(id: string, batch: string): void {
  const ruleset = worldRuleset().id;
  if (ruleset === id) return;
  const fr = foundryRuleset(id);
  const name = fr ? rulesetName(fr) : id;
  throw new Error(
    `The ${batch} batch plays ${name}: set the world's ruleset to ${id} (it is ${ruleset}).`,
  );
}

/** The document named `name` in the compendium `packId` (throws naming both when missing). */
export async function packDocument(
  packId: string,
  name: string,
): Promise<foundry.abstract.Document.Any> {
  const pack = game.packs.get(packId);
  if (!pack) throw new Error(`The compendium ${packId} is missing.`);
  const doc = (await pack.getDocuments()).find((d) => d.name === name);
  if (!doc) throw new Error(`No "${name}" in ${packId}.`);
  return doc;
}

/**
 * A compendium document's data as v13's `fromCompendium` gives a world copy: without the pack's
 * id, folder, sort and ownership.
 */
export function worldData(doc: { toObject(): unknown }): Obj {
  const data = doc.toObject() as Obj;
  for (const key of ["_id", "folder", "sort", "ownership"]) delete data[key];
  return data;
}

/** Imports an actor of the compendium `packId` as a throw-away world actor "<name> (test)". */
export async function importActor(packId: string, name: string): Promise<Actor.Implementation> {
  // The pack is an Actor pack (system.json); fvtt-types type its documents as any pack's.
  const data = worldData(await packDocument(packId, name)) as Actor.Source;
  const actor = await CONFIG.Actor.documentClass.create({ ...data, name: `${name} (test)` });
  if (!actor) throw new Error(`"${name}" could not be created.`);
  return actor;
}

/**
 * A document's block of the ruleset `id` (`system.<id>`), read as the plain data the batches
 * compare (every Blow by Blow actor and item has one block per registered ruleset).
 */
export const blockOf = (doc: { system: unknown }, id: string): Obj =>
  (doc.system as Record<string, Obj>)[id]!;
