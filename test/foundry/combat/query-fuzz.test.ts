/**
 * Issue 15: random query payloads from players, through the GM's real query handlers
 * (`QUERY_HANDLERS`, what `CONFIG.queries` holds) against the stand-ins. Alice declares an
 * attack of Sir Aldric on the GM's Brigand; the GM's card waits for the Brigand's defence, which
 * neither player may choose. Then Alice and Bob each send seeded random step requests (a
 * whispered request message naming the query and its data, as `askGM` sends them) mutated from
 * the real shapes: every answer must be a refusal with a code, nothing may throw, and nothing
 * may change: the card, the actors and their items stay as they were. Raw query data without a
 * request is refused too. A failure prints the seed and the payload, so it replays.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, settle, standIns, StandInChatMessage } from "../stand-ins";
import { SeededDice } from "../../../src/core/dice";
import { attack } from "../../../src/foundry/combat/actions";
import { QUERY, QUERY_HANDLERS, type QueryName } from "../../../src/foundry/combat/queries";
import { cardOf } from "../../../src/foundry/data/chat-message/exchange";
import { resetFlow, stubAttack, world, type World } from "./fixtures";

const SWORD = "wpSword000000001";
const SHIELD = "wpShield00000001";
const SEED = 15;
const N = Number(process.env.FUZZ_N ?? 400);

beforeEach(resetFlow);

type Obj = Record<string, unknown>;

/** A small seeded chooser over the dice stream. */
function chooser(seed: number) {
  const dice = new SeededDice(seed);
  const int = (n: number) => dice.roll("fuzz", 1, n)[0]! - 1;
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { int, pick };
}

function randomValue(c: ReturnType<typeof chooser>, cardId: string, depth = 0): unknown {
  const leaves: unknown[] = [
    cardId,
    "x".repeat(c.int(3) * 500),
    "__proto__",
    "constructor",
    "toString",
    "attacker",
    "defender",
    "block",
    "dodge",
    "ignore",
    SHIELD,
    SWORD,
    0,
    -1,
    1,
    2,
    99,
    1e308,
    -1e308,
    0.5,
    Number.MAX_SAFE_INTEGER,
    null,
    true,
    false,
    "",
    "1",
  ];
  if (depth < 3 && c.int(4) === 0)
    return [randomValue(c, cardId, depth + 1), randomValue(c, cardId, depth + 1)];
  if (depth < 3 && c.int(4) === 0) return randomObject(c, cardId, depth + 1);
  return c.pick(leaves);
}

const KEYS = [
  "messageId",
  "side",
  "revision",
  "kind",
  "value",
  "request",
  "optionId",
  "itemId",
  "mode",
  "aim",
  "submission",
  "strike",
  "rolls",
  "approve",
  "choice",
  "__proto__",
  "constructor",
];

function randomObject(c: ReturnType<typeof chooser>, cardId: string, depth = 0): Obj {
  const o: Obj = {};
  const n = 1 + c.int(5);
  for (let i = 0; i < n; i++)
    Object.defineProperty(o, c.pick(KEYS), {
      value: randomValue(c, cardId, depth),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  return o;
}

/** A payload mutated from the shapes the steps take: mostly well formed, one field bent. */
function payload(c: ReturnType<typeof chooser>, cardId: string, revision: number): Obj {
  const realistic: Obj = {
    messageId: cardId,
    submission: {
      revision,
      kind: "defence",
      value: { optionId: "block", itemId: SHIELD },
      request: { optionId: "block", itemId: SHIELD },
      rolls: [{ name: "defence", count: 1, sides: 100, values: [5] }],
    },
    side: "defender",
    strike: 0,
    approve: true,
  };
  switch (c.int(3)) {
    case 0:
      return realistic;
    case 1: {
      const bent: Obj = JSON.parse(JSON.stringify(realistic)) as Obj;
      bent[c.pick(Object.keys(realistic))] = randomValue(c, cardId);
      return bent;
    }
    default:
      return randomObject(c, cardId);
  }
}

function snapshot(w: World): string {
  const exchange = standIns.game.messages!.contents.filter((m) => m.type === "exchange");
  return JSON.stringify({
    cards: exchange.map((m) => [m.id, m.system]),
    actors: [w.aldric, w.brigand].map((a) => [a.system, a.items.contents.map((i) => i.system)]),
  });
}

describe("random query payloads from players (issue 15)", () => {
  it(`${N} seeded requests from Alice and Bob (seed ${SEED}): each refused with a code, nothing changed`, async () => {
    const w = world();
    stubAttack();
    await asUser(w.alice, () =>
      attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
    );
    await settle();
    const gmCard = standIns.game.messages!.contents.find(
      (m) => m.type === "exchange" && m.author?.id === w.gm.id,
    )!;
    expect(cardOf(gmCard.system).state).toBe("awaitingDefence");
    const revision = cardOf(gmCard.system).revision;
    const before = snapshot(w);
    const c = chooser(SEED);
    const names = Object.values(QUERY).filter((q) => q !== QUERY.declared) as QueryName[];
    for (let i = 0; i < N; i++) {
      const name = c.pick(names);
      const data = payload(c, gmCard.id!, revision);
      const sender = c.int(2) === 0 ? w.alice : w.bob;
      const request = await asUser(sender, () =>
        StandInChatMessage.create({
          content: "request",
          whisper: [w.gm.id],
          flags: { "blow-by-blow": { request: { query: name, data } } },
        }),
      );
      const where = `seed ${SEED}, request ${i}: ${sender.name} ${name} ${JSON.stringify(data)}`;
      const outcome = await asUser(w.gm, () => QUERY_HANDLERS[name]({ requestId: request!.id }));
      await settle();
      expect(outcome.ok, where).toBe(false);
      expect(typeof (outcome as { code?: unknown }).code, where).toBe("string");
      expect(snapshot(w), where).toBe(before);
    }
  });

  it("raw query data that names no request is refused (noRequest), whatever it holds", async () => {
    const w = world();
    const c = chooser(SEED + 1);
    const names = Object.values(QUERY) as QueryName[];
    for (let i = 0; i < 200; i++) {
      const name = c.pick(names);
      const raw = c.int(3) === 0 ? randomValue(c, "none") : randomObject(c, "none");
      const outcome = await asUser(w.gm, () => QUERY_HANDLERS[name](raw as never));
      expect(outcome.ok, `${name} ${JSON.stringify(raw)}`).toBe(false);
    }
  });
});
