/**
 * A player's aimed melee attack (HârnMaster Gold, seed 000 lines 5-15; ruling G9) against the
 * stand-ins: the dialog is offered the aimed-melee rows only while the world option `aimedMelee`
 * is on; Alice aims at the Brigand's neck with 10 AAPs, the GM's client rebuilds the declaration
 * with `attack.aimAt`, and the engine itemises the Head −10 and the AAPs once. With the option
 * off, a request carrying the rows makes no card.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, settle, standIns } from "../stand-ins";
import type { AttackRequest, CatalogRowInput } from "../../../src/core/combat";
import { attack } from "../../../src/foundry/combat/actions";
import { AttackDialog, type AttackDialogInput } from "../../../src/foundry/combat/attack-dialog";
import { cardOf } from "../../../src/foundry/data/chat-message/exchange";
import { parseDeclaration } from "../../../src/rules/hm3";
import { AIM_ROW } from "../../../src/rules/hm3/gold/aim";
import { cardId, resetFlow, world, type World } from "./fixtures";
import { makeActor, placeToken, targetTokens } from "../stand-ins";
import { dogSystem } from "../actor-sheet-fixtures";

const SWORD = "wpSword000000001";

beforeEach(resetFlow);

async function aliceAims(w: World, catalog: CatalogRowInput[]) {
  let seen: AttackDialogInput | null = null;
  vi.spyOn(AttackDialog, "prompt").mockImplementation((input): Promise<AttackRequest> => {
    seen = input;
    return Promise.resolve({
      itemId: SWORD,
      mode: "edge",
      aim: "mid",
      band: null,
      situation: input.situation,
      custom: [],
      catalog,
    });
  });
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
  );
  await settle();
  return { message, input: seen! as AttackDialogInput };
}

const ROWS: CatalogRowInput[] = [
  { id: AIM_ROW.location, param: "neck" },
  { id: AIM_ROW.aap, param: 10 },
];

describe("aimed melee in the attack flow (ruling G9)", () => {
  it("offered with the option on, carried as attack.aimAt, itemised by the engine", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.aimedMelee", true as never);
    const w = world();
    const { message, input } = await aliceAims(w, ROWS);
    expect(input.catalog?.map((r) => r.id)).toEqual(
      expect.arrayContaining([AIM_ROW.location, AIM_ROW.side, AIM_ROW.aap]),
    );
    expect(message).not.toBeNull();
    const c = cardOf(standIns.game.messages!.get(cardId(message as never))!.system);
    const attackDecl = (c.declaration as { attack: Record<string, unknown> }).attack;
    expect(attackDecl.aimAt).toEqual({ location: "neck", side: null, aap: 10 });
    expect(attackDecl.aim).toBe("high");
    const decl = parseDeclaration(c.declaration);
    const gold = decl.attack.target.modifiers.filter((m) => m.key.startsWith("gold."));
    expect(gold).toEqual([
      { key: "gold.aimZone", value: -10, source: "seed 000 line 7" },
      { key: "gold.aap", value: -10, source: "seed 000 line 11" },
    ]);
    // HM3's own aiming modifier is not there as well (ruling G3).
    expect(decl.attack.target.modifiers.some((m) => m.key.startsWith("aim."))).toBe(false);
  });

  it("with the option off the rows are not offered, and a request carrying them makes no card", async () => {
    const w = world();
    const { message, input } = await aliceAims(w, ROWS);
    expect((input.catalog ?? []).some((r) => r.option === "aimedMelee")).toBe(false);
    expect(message).toBeNull();
    const warned = standIns.notifications.messages.map((n) => n.message).join("; ");
    expect(warned).toMatch(/aimedMelee/);
  });

  it("against a creature on its own plan the location row lists its locations (ruling G72)", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.aimedMelee", true as never);
    const w = world();
    const dog = makeActor({
      _id: "actorDog00000001",
      name: "War dog",
      type: "creature",
      system: structuredClone(dogSystem()) as unknown as Record<string, unknown>,
      items: [],
    });
    const tDog = placeToken(dog, { _id: "tokDog0000000001", at: [1, 1] });
    asUser(w.alice, () => targetTokens([tDog]));
    const { message, input } = await aliceAims(w, [{ id: AIM_ROW.location, param: "foreleg" }]);
    const row = input.catalog!.find((r) => r.id === AIM_ROW.location)!;
    const ids = row.param?.kind === "choice" ? row.param.choices.map((c) => c.id) : [];
    // The tail has no aiming points (G7); no human location or face part is offered.
    expect(ids).toEqual(["head", "neck", "foreleg", "body", "hindleg"]);
    const c = cardOf(standIns.game.messages!.get(cardId(message as never))!.system);
    const attackDecl = (c.declaration as { attack: Record<string, unknown> }).attack;
    expect(attackDecl.aimAt).toEqual({ location: "foreleg", side: null, aap: 0 });
  });
});
