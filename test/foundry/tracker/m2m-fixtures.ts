/**
 * A world playing GURPS Man to Man on the stand-ins, with the pack's sample fighters as actors
 * (packs/_source/m2m-sample-fighters: each with its items), for the tracker's and the maneuver
 * query's tests.
 */
import { readFileSync } from "node:fs";
import {
  createCombat,
  makeActor,
  resetStandIns,
  standIns,
  type DocumentInput,
  type StandInActor,
  type StandInCombat,
} from "../stand-ins";
import { registerDataModels } from "../../../src/foundry/data";
import { registerStatusEffects } from "../../../src/foundry/config";
import { registerCombatSettings } from "../../../src/foundry/combat/settings";
import { registerTracker } from "../../../src/foundry/combat/tracker";

type Obj = Record<string, unknown>;

export const PACK_FIGHTERS = {
  friedrick: "fiendish-friedrick",
  pierre: "filthy-pierre",
  grishak: "grishak-the-orc",
  john: "john-falcon",
  louis: "louis-leblanc",
  rogan: "rogan-the-reaver",
  villem: "villem-the-vile",
} as const;

/** A pack fighter's stored source (name, system, items). */
export function packFighter(file: string): Obj {
  return JSON.parse(
    readFileSync(
      new URL(`../../../packs/_source/m2m-sample-fighters/${file}.json`, import.meta.url),
      "utf8",
    ),
  ) as Obj;
}

/**
 * A world actor made from a pack fighter; `id` and `name` replace the pack's, `m2m` is merged
 * into its block (`{hp: 0}`), `ownership` as makeActor takes it.
 */
export function m2mActor(
  file: string,
  over: { id?: string; name?: string; m2m?: Obj; ownership?: Record<string, number> } = {},
): StandInActor {
  const doc = packFighter(file);
  const system = structuredClone(doc.system) as Obj;
  system.m2m = { ...(system.m2m as Obj), ...(over.m2m ?? {}) };
  const items = (doc.items as Obj[]).map((i) => ({
    _id: i._id,
    name: i.name,
    type: i.type,
    system: i.system,
  }));
  const actor = makeActor({
    _id: over.id ?? (doc._id as string),
    name: over.name ?? (doc.name as string),
    type: "character",
    system,
    items,
    ...(over.ownership ? { ownership: over.ownership } : {}),
  } as unknown as DocumentInput);
  standIns.game.actors.set(actor.id!, actor);
  return actor;
}

/** Resets the stand-ins to a world playing GURPS Man to Man with the tracker registered. */
export async function resetM2mWorld(): Promise<void> {
  resetStandIns();
  registerCombatSettings();
  registerDataModels();
  registerStatusEffects();
  registerTracker();
  await standIns.game.settings.set("blow-by-blow", "ruleset", "m2m" as never);
}

/** A started combat of these actors (the GM's). */
export async function m2mCombat(actors: StandInActor[]): Promise<StandInCombat> {
  return createCombat(actors as never) as Promise<StandInCombat>;
}
