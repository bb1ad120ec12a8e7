/**
 * Stand-ins for Foundry v13's `fromUuid` and `fromUuidSync` (see docs/foundry-stand-ins.md),
 * resolving world UUIDs of the stand-in documents: `Actor.<id>` (and its `Item`,
 * `ActiveEffect`), `Item.<id>`, `Scene.<id>` (and `Token.<id>`, and a linked token's
 * `Actor.<id>`), `ChatMessage.<id>`, `Combat.<id>` (and `Combatant.<id>`), `Macro.<id>`,
 * `User.<id>`; `fromUuid` also reads `Compendium.<pack>.<Type>.<id>` through the pack.
 */
import { Collection, onReset, type StandInGame } from "./globals";

type Obj = Record<string, unknown>;

const COLLECTIONS: Record<string, string> = {
  Actor: "actors",
  Item: "items",
  Scene: "scenes",
  ChatMessage: "messages",
  Combat: "combats",
  Macro: "macros",
  User: "users",
};

const EMBEDDED: Record<string, string> = {
  Item: "items",
  ActiveEffect: "effects",
  Token: "tokens",
  Combatant: "combatants",
};

function game(): StandInGame {
  return (globalThis as unknown as { game: StandInGame }).game;
}

/** v13 `fromUuidSync(uuid)`: the document, or null; a compendium UUID gives its index entry. */
export function fromUuidSync(uuid: string | null | undefined): unknown {
  if (!uuid) return null;
  const parts = uuid.split(".");
  if (parts[0] === "Compendium") return null;
  const [type, id, ...rest] = parts;
  const collection = game()[COLLECTIONS[type ?? ""] ?? ""] as Collection<unknown> | undefined;
  let doc = (id && collection?.get(id)) ?? null;
  for (let i = 0; doc && i < rest.length; i += 2) {
    const embeddedType = rest[i]!;
    const embeddedId = rest[i + 1]!;
    if (embeddedType === "Actor") {
      // A token's actor (only linked tokens exist: the world actor).
      const actor = (doc as { actor?: { id: string | null } | null }).actor ?? null;
      doc = actor && actor.id === embeddedId ? actor : null;
      continue;
    }
    const key = EMBEDDED[embeddedType];
    const embedded = key ? ((doc as Obj)[key] as Collection<unknown> | undefined) : undefined;
    doc = embedded?.get(embeddedId) ?? null;
  }
  return doc ?? null;
}

/** v13 `fromUuid(uuid)`: async; a compendium document is read from its pack. */
export async function fromUuid(uuid: string | null | undefined): Promise<unknown> {
  if (!uuid) return null;
  const parts = uuid.split(".");
  if (parts[0] === "Compendium") {
    const pack = game().packs.get(`${parts[1]}.${parts[2]}`) as
      | { getDocument(id: string): Promise<unknown> }
      | undefined;
    const doc = pack ? await pack.getDocument(parts[4]!) : null;
    if (!doc || parts.length <= 5) return doc ?? null;
    const key = EMBEDDED[parts[5]!];
    return (key && ((doc as Obj)[key] as Collection<unknown>).get(parts[6]!)) ?? null;
  }
  return fromUuidSync(uuid);
}

function install(): void {
  Object.assign(globalThis, { fromUuid, fromUuidSync });
  const g = globalThis as unknown as { foundry: { utils: Obj } };
  g.foundry.utils.fromUuid = fromUuid;
  g.foundry.utils.fromUuidSync = fromUuidSync;
}
install();
onReset(install);
