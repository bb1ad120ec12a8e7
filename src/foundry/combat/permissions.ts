/**
 * Who may do what on an exchange card, decided at the moment of the call: the actors the card
 * names are looked up afresh (`fromUuid`) and the user's ownership of each is tested then, so
 * a permission changed since the card was made counts. A side's actor is its token's actor
 * first (an unlinked token's synthetic actor), else the actor the card names.
 */
import type { Caller, ExchangeCard, ParticipantRef } from "../../core/flow";
import type { Side } from "../../core/ruleset";
import type { ActorLike, TokenDocLike, UserLike } from "./snapshot";

/** `fromUuid`, read from the global (Foundry's; the stand-ins' in tests). */
export async function resolveUuid(uuid: string | null | undefined): Promise<unknown> {
  if (!uuid) return null;
  const find = (globalThis as { fromUuid?: (uuid: string) => Promise<unknown> }).fromUuid;
  if (!find) return null;
  try {
    return (await find(uuid)) ?? null;
  } catch {
    // A malformed or stale UUID (a deleted scene) finds nothing.
    return null;
  }
}

const documentName = (doc: unknown): string | undefined =>
  (doc as { documentName?: string } | null)?.documentName;

/** The token a card side names, if it still exists. */
export async function sideToken(ref: ParticipantRef): Promise<TokenDocLike | null> {
  const doc = await resolveUuid(ref.tokenUuid);
  return documentName(doc) === "Token" ? (doc as TokenDocLike) : null;
}

/** The actor of a card side (its token's actor first, else the named actor), if it still exists. */
export async function sideActor(ref: ParticipantRef): Promise<ActorLike | null> {
  const token = await sideToken(ref);
  if (token?.actor) return token.actor;
  const doc = await resolveUuid(ref.actorUuid);
  return documentName(doc) === "Actor" ? (doc as ActorLike) : null;
}

/** Whether `user` owns `actor` (a GM owns every actor). */
export function userOwns(user: UserLike, actor: ActorLike | null): boolean {
  if (user.isGM) return true;
  return actor ? actor.testUserPermission(user, "OWNER") : false;
}

/** The caller for `user` on `card`: its id, GM flag and ownership of both sides, as of now. */
export async function callerFor(user: UserLike, card: ExchangeCard): Promise<Caller> {
  const [attacker, defender] = await Promise.all([
    sideActor(card.attacker),
    sideActor(card.defender),
  ]);
  const owns: Record<Side, boolean> = {
    attacker: userOwns(user, attacker),
    defender: userOwns(user, defender),
  };
  return { userId: user.id ?? "", isGM: user.isGM, owns };
}
