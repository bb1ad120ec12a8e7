/**
 * The exchange card as the chat message stores it (src/foundry/data/chat-message/exchange.ts):
 * `cardSource` writes the JSON fields as JSON text, the data model reads them back as data, and
 * `cardOf` reads a model, stored text or damaged data into a whole card (missing containers
 * empty, unknown keys dropped).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, StandInChatMessage } from "../stand-ins";
import type { ExchangeCard } from "../../../src/core/flow";
import { registerDataModels } from "../../../src/foundry/data";
import {
  cardOf,
  cardSource,
  EXCHANGE_JSON_FIELDS,
} from "../../../src/foundry/data/chat-message/exchange";

beforeEach(() => {
  resetStandIns();
  registerDataModels();
});

const CARD: ExchangeCard = {
  ruleset: "hm3",
  state: "resolved",
  revision: 2,
  attacker: { actorUuid: "Actor.actorAldric00001", tokenUuid: null, name: "Sir <b>Aldric</b>" },
  defender: { actorUuid: "Actor.actorBrigand0001", tokenUuid: null, name: "Brigand" },
  declaration: { attack: { type: "melee", impact: 5 } },
  context: { request: { itemId: "wpSword000000001" }, rules: {} },
  choices: [
    { by: "defender", kind: "defence", value: { type: "ignore" }, userId: "u", request: null },
  ],
  rolls: [{ name: "attack", count: 1, sides: 100, values: [5], total: 5 }],
  pending: null,
  result: { ruleset: "hm3", rolls: [], choices: [], effects: [] },
  applied: null,
  advantages: {},
};

describe("cardSource and cardOf", () => {
  it("stores the JSON fields as text; the message reads the same card back", async () => {
    const source = cardSource(CARD);
    for (const key of EXCHANGE_JSON_FIELDS)
      expect(source[key]).toBe(CARD[key] === null ? null : JSON.stringify(CARD[key]));
    expect(source.attacker).toEqual(CARD.attacker);
    const message = (await StandInChatMessage.create({
      type: "exchange",
      system: source,
    })) as unknown as {
      system: { toCard(): ExchangeCard };
      update(c: object): Promise<unknown>;
    };
    expect(message.system.toCard()).toEqual(CARD);
    // A partial update of one JSON field as text is stored as given.
    const next = { ...CARD, state: "applied" as const, applied: { userId: "gm", effects: [] } };
    await message.update({ system: cardSource(next) });
    expect(message.system.toCard()).toEqual(next);
    expect(cardOf(source)).toEqual(CARD);
  });

  it("reads damaged data into a whole card", () => {
    expect(cardOf(null)).toMatchObject({
      attacker: { actorUuid: null, tokenUuid: null, name: "" },
      context: {},
      choices: [],
      rolls: [],
      pending: null,
      result: null,
      applied: null,
      advantages: {},
    });
    const damaged = cardOf({ ...cardSource(CARD), choices: "{not json", context: "[1]", extra: 1 });
    expect(damaged.choices).toEqual([]);
    expect(damaged.context).toEqual({});
    expect(damaged).not.toHaveProperty("extra");
  });
});
