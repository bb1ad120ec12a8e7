/**
 * The GURPS Man to Man world of the adapter's fight tests (m2m-exchange, m2m-full-fight): the
 * ruleset set to m2m, a GM, Alice owning Fiendish Friedrick and Bob owning Filthy Pierre (the
 * pack fighters, seed 004 L4187-4231 and L1748-1756), their tokens side by side on a square
 * grid, Alice targeting Pierre; and the readers both tests use.
 */
import friedrickSource from "../../../packs/_source/m2m-sample-fighters/fiendish-friedrick.json";
import pierreSource from "../../../packs/_source/m2m-sample-fighters/filthy-pierre.json";
import {
  addUser,
  asUser,
  createCombat,
  createScene,
  fixedFaces,
  GM_ID,
  GRID_TYPES,
  makeActor,
  placeToken,
  settle,
  standIns,
  targetTokens,
  TOKEN_DISPOSITIONS,
  type StandInActor,
  type StandInCombat,
  type StandInToken,
  type StandInUser,
} from "../stand-ins";
import type { ExchangeCard } from "../../../src/core/flow";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { cardOf } from "../../../src/foundry/data/chat-message/exchange";

type Obj = Record<string, unknown>;

/** Friedrick's axe and Pierre's shortsword (their item ids in the pack). */
export const AXE = "CidsT75w5ZH4D916";
export const SHORTSWORD = "CeHzotRb85po9hdj";
export const PARRY = `parry:${SHORTSWORD}`;

export interface M2mWorld {
  gm: StandInUser;
  alice: StandInUser;
  bob: StandInUser;
  friedrick: StandInActor;
  pierre: StandInActor;
  tFriedrick: StandInToken;
  tPierre: StandInToken;
}

function actorFrom(source: typeof friedrickSource, owner: string): StandInActor {
  return makeActor({
    _id: source._id,
    name: source.name,
    type: source.type,
    system: structuredClone(source.system) as unknown as Obj,
    items: structuredClone(source.items).map((i) => ({ ...i, id: i._id })) as never,
    ownership: { default: 0, [owner]: 3 },
  });
}

export async function m2mWorld(): Promise<M2mWorld> {
  await standIns.game.settings.set("blow-by-blow", "ruleset", "m2m" as never);
  await standIns.game.settings.set("blow-by-blow", "applyMode", "ask" as never);
  const gm = standIns.game.users.get(GM_ID)!;
  const alice = addUser({ id: "userAlice0000001", name: "Alice" });
  const bob = addUser({ id: "userBob000000001", name: "Bob" });
  const friedrick = actorFrom(friedrickSource, alice.id!);
  const pierre = actorFrom(pierreSource as unknown as typeof friedrickSource, bob.id!);
  createScene({
    id: "scene00000000001",
    grid: { type: GRID_TYPES.SQUARE, size: 100, distance: 1 },
  });
  const tFriedrick = placeToken(friedrick, {
    _id: "tokFriedrick0001",
    at: [0, 0],
    disposition: TOKEN_DISPOSITIONS.FRIENDLY,
  });
  const tPierre = placeToken(pierre, { _id: "tokPierre0000001", at: [1, 0] });
  asUser(alice, () => targetTokens([tPierre]));
  return { gm, alice, bob, friedrick, pierre, tFriedrick, tPierre };
}

export const snap = (a: StandInActor) => fighterSnapshot(a as unknown as ActorLike);
export const card = (id: string): ExchangeCard => cardOf(standIns.game.messages!.get(id)!.system);
export const hpOf = (a: StandInActor) => (a._source.system as { m2m: { hp: number } }).m2m.hp;
export const notices = (type: string) =>
  standIns.notifications.messages.filter((n) => n.type === type).map((n) => n.message);

/** The world with a started combat of Friedrick and Pierre. */
export interface M2mFight extends M2mWorld {
  combat: StandInCombat;
}

/**
 * The world with Bob targeting Friedrick and a combat of the two started: Friedrick first (Move
 * 5 against Pierre's 4, L1600; the sequence dice 2 and 5).
 */
export async function m2mFight(): Promise<M2mFight> {
  const w = await m2mWorld();
  asUser(w.bob, () => targetTokens([w.tFriedrick]));
  const combat = await createCombat([w.tFriedrick, w.tPierre]);
  standIns.CONFIG.Dice!.randomUniform = fixedFaces([
    [2, 6],
    [5, 6],
  ]);
  await combat.rollAll();
  await combat.startCombat();
  await settle();
  return { ...w, combat };
}

/** The tracker's next turn, its turn rolls showing `faces` (d6). */
export async function nextTurn(f: M2mFight, faces: number[] = []): Promise<void> {
  standIns.CONFIG.Dice!.randomUniform = fixedFaces(faces.map((v) => [v, 6]));
  await f.combat.nextTurn();
  await settle();
}
