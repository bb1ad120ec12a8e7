/**
 * Issue 15, dice and card trust, through the adapter's real entry points against the stand-ins
 * (docs/foundry-stand-ins.md): each test first makes the attack a modified client could make,
 * then shows the GM's client refusing it.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  asUser,
  resetStandIns,
  setUserActive,
  settle,
  standIns,
  StandInChatMessage,
} from "../stand-ins";
import type { AttackRequest } from "../../../src/core/combat";
import type { ExchangeCard } from "../../../src/core/flow";
import { registerChatCards } from "../../../src/foundry/chat/render";
import { attack } from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import {
  acceptedCardId,
  registerFlowHooks,
  registerQueries,
  sweepDeclared,
} from "../../../src/foundry/combat/queries";
import { registerCombatSettings } from "../../../src/foundry/combat/settings";
import { registerTracker } from "../../../src/foundry/combat/tracker";
import { registerStatusEffects } from "../../../src/foundry/config";
import { registerDataModels } from "../../../src/foundry/data";
import { cardOf, cardSource } from "../../../src/foundry/data/chat-message/exchange";
import { world, type World } from "./fixtures";

const SWORD = "wpSword000000001";

beforeEach(() => {
  resetStandIns();
  registerCombatSettings();
  registerDataModels();
  registerStatusEffects();
  registerQueries();
  registerFlowHooks();
  registerChatCards();
  registerTracker();
  vi.restoreAllMocks();
});

function stubAttack(): void {
  vi.spyOn(AttackDialog, "prompt").mockImplementation(
    (input): Promise<AttackRequest> =>
      Promise.resolve({
        itemId: SWORD,
        mode: "edge",
        aim: "mid",
        band: null,
        situation: input.situation,
        custom: [],
      }),
  );
}

/** Alice attacks the Brigand with Sir Aldric's sword while no GM is connected: the card waits. */
async function aliceDeclaresAlone(w: World): Promise<StandInChatMessage> {
  stubAttack();
  setUserActive(w.gm, false);
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
  );
  expect(message).not.toBeNull();
  return message as unknown as StandInChatMessage;
}

const exchanges = () => standIns.game.messages!.contents.filter((m) => m.type === "exchange");

describe("a message squatting the accepted card's id (issue 15)", () => {
  it("Bob's message made with acceptedCardId(Alice's card) does not make the GM drop her card", async () => {
    const w = world();
    const declared = await aliceDeclaresAlone(w);
    const squatId = acceptedCardId(declared.id!);
    // Bob, who owns nothing, reads the waiting card's id and takes the GM card's id first.
    const squat = await asUser(w.bob, () =>
      StandInChatMessage.create({ _id: squatId, content: "mine now" }, { keepId: true }),
    );
    expect(squat?.id).toBe(squatId);
    setUserActive(w.gm, true);
    await asUser(w.gm, () => sweepDeclared());
    await settle();
    // The GM's card was made from Alice's (under another id); hers is gone; Bob's is untouched.
    const cards = exchanges();
    expect(cards).toHaveLength(1);
    const accepted = cards[0]!;
    expect(accepted.author?.id).toBe(w.gm.id);
    expect(accepted.id).not.toBe(squatId);
    expect((accepted.flags?.["blow-by-blow"] as { declaredAs?: string }).declaredAs).toBe(
      declared.id,
    );
    expect(cardOf(accepted.system).state).toBe("awaitingDefence");
    expect(standIns.game.messages!.get(declared.id!)).toBeUndefined();
    expect(standIns.game.messages!.get(squatId)?.author?.id).toBe(w.bob.id);
  });

  it("an exchange card Alice herself makes under that id is not honoured either; a second sweep makes no second card", async () => {
    const w = world();
    const declared = await aliceDeclaresAlone(w);
    const forged: ExchangeCard = { ...cardOf(declared.system), state: "resolved", revision: 3 };
    const squatId = acceptedCardId(declared.id!);
    await asUser(w.alice, () =>
      StandInChatMessage.create(
        {
          _id: squatId,
          type: "exchange",
          system: cardSource(forged),
          flags: { "blow-by-blow": { declaredAs: declared.id } },
        },
        { keepId: true },
      ),
    );
    // The player's delete of her declared card fails once: the GM's card is made, hers stays.
    const del = vi.spyOn(declared, "delete").mockRejectedValueOnce(new Error("server busy"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    setUserActive(w.gm, true);
    await asUser(w.gm, () => sweepDeclared());
    await settle();
    del.mockRestore();
    const gmCards = () => exchanges().filter((m) => m.author?.id === w.gm.id);
    expect(gmCards()).toHaveLength(1);
    const id = gmCards()[0]!.id;
    expect(id).not.toBe(squatId);
    // The retry finds the GM's card by its flag: no second card, the player's card goes.
    await asUser(w.gm, () => sweepDeclared());
    await settle();
    expect(gmCards().map((m) => m.id)).toEqual([id]);
    expect(cardOf(gmCards()[0]!.system).state).toBe("awaitingDefence");
    expect(standIns.game.messages!.get(declared.id!)).toBeUndefined();
  });
});
