/**
 * HârnMaster Gold brute force against an object in the Foundry flow (seed 000 lines 41-57;
 * rulings G56-G58, G70, G71), against the stand-ins: the GM makes the Brigand a plain wood door
 * one inch thick (its stored `system.hm3.object` block); with `bruteForce` on, Alice's sword
 * attack on it is declared with `defender.object`, the door can only Ignore, the DF is rolled
 * (`damageFactor`), and the card shows the damage (the DF to the GM only). The GM's Apply writes
 * the damage and the rolled DF back to the block, once however often clicked; a player cannot.
 * With the option off, the same attack is an ordinary one; a block the engine cannot read is
 * refused naming its field.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, settle, standIns, type StandInActor } from "../stand-ins";
import { replayExchange, type ExchangeCard } from "../../../src/core/flow";
import { localizeTree } from "../../../src/foundry/chat/text";
import * as actions from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { exchangeBuild } from "../../../src/foundry/combat/query-common";
import { worldOptions } from "../../../src/foundry/combat/settings";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { cardOf } from "../../../src/foundry/data/chat-message/exchange";
import { FOUNDRY_RULESETS, fightingRuleset } from "../../../src/foundry/rulesets";
import { hm3ResultContext } from "../../../src/foundry/rulesets/hm3/card";
import { PAIRED_CARD_KEY } from "../../../src/foundry/rulesets/hm3/paired-card";
import type { Hm3Result } from "../../../src/rules/hm3";
import { OBJECT_IGNORE_KEY } from "../../../src/rules/hm3/gold/paired";
import { OBJECT_MELEE_ONLY_KEY } from "../../../src/rules/hm3/gold/paired-object-combat";
import { format, localize } from "../stand-ins/handlebars";
import { viewer } from "../chat/fixtures";
import {
  cardId,
  planningDice,
  resetFlow,
  scriptDice,
  stubAttack,
  world,
  type DicePlan,
  type World,
} from "./fixtures";

type Obj = Record<string, unknown>;
const LONGBOW = "msLongbow0000001";
const fr = fightingRuleset(FOUNDRY_RULESETS.hm3!);

let w: World;

beforeEach(() => {
  resetFlow();
  w = world();
  stubAttack();
});

const messages = () => standIns.notifications.messages.map((m) => `${m.type}: ${m.message}`);
const objectOf = (actor: StandInActor) =>
  (actor.system.toObject() as { hm3: { object: Obj } }).hm3.object;

async function makeDoor(over: Obj = {}) {
  await w.brigand.update({
    "system.hm3.object": {
      kind: "plain",
      blunt: null,
      edge: null,
      df: null,
      damage: 0,
      thickness: 1,
      ...over,
    },
  });
}

async function aliceAttacks() {
  const message = await asUser(w.alice, () =>
    actions.attack({
      actorUuid: w.aldric.uuid,
      tokenUuid: w.tAldric.document.uuid,
      itemId: "wpSword000000001",
    }),
  );
  await settle();
  return message as unknown as { id: string } | null;
}

const card = (message: { id: string }): ExchangeCard =>
  cardOf(standIns.game.messages!.get(cardId(message))!.system);

const IGNORE = { optionId: "ignore", itemId: null, mode: null, aim: null, custom: [] };

/**
 * Scripts the dice of the door's Ignore as `plan` names them (in the order the engine asks for
 * them), from the declaration Alice's sword attack makes: the GM's client makes the choice
 * itself when it accepts the card (no prompt, ruling G70). Returns the defence the declaration
 * leaves pending.
 */
async function planDoor(plan: DicePlan) {
  // Alice's dialog, cancelled: the situation the attack measures.
  const seen = vi.spyOn(AttackDialog, "prompt").mockResolvedValueOnce(null);
  await asUser(w.alice, () =>
    actions.attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid }),
  );
  const situation = seen.mock.calls.at(-1)![0].situation;
  stubAttack();
  const door = fighterSnapshot(w.brigand as unknown as ActorLike);
  const build = fr.combat.buildDeclaration(
    fighterSnapshot(w.aldric as unknown as ActorLike),
    door,
    { itemId: "wpSword000000001", mode: "edge", aim: "mid", band: null, situation, custom: [] },
    worldOptions("hm3"),
  );
  const planning = planningDice(plan);
  const state = fr.ruleset.start(fr.ruleset.parseDeclaration(build.declaration), planning);
  const pending = fr.ruleset.pending(state)!;
  const value = fr.combat.buildChoice(pending, build, door, IGNORE);
  fr.ruleset.choose(state, fr.ruleset.parseChoice(state, value), planning);
  scriptDice(planning.faces);
  return { pending, build };
}

/** DF 2d6 = 3 + 4 = 7 (line 55); attack 10 (CS: A*4 against Ignore); impact 5 + 4d6 (6s) = 29 Edge. */
const SMASH: DicePlan = { damageFactor: [3, 4], attack: 10, impact: [6, 6, 6, 6] };

describe("brute force against a door in Foundry (rulings G70, G71)", () => {
  it("the declaration carries the door; it only Ignores; Apply writes the damage and DF back once", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.bruteForce", true as never);
    await makeDoor();
    // The door's defence offers only Ignore (seed 000 line 49), marked to be taken unprompted.
    const { pending, build } = await planDoor(SMASH);
    expect(pending.automatic).toBe("ignore");
    const offered = fr.combat.choiceOptions(
      pending,
      build,
      fighterSnapshot(w.brigand as unknown as ActorLike),
    );
    expect(offered.filter((o) => !o.unavailableKey).map((o) => o.id)).toEqual(["ignore"]);
    expect(offered.find((o) => o.id === "block")?.unavailableKey).toBe(OBJECT_IGNORE_KEY);

    const prompt = vi.spyOn(DefenceDialog, "prompt");
    const message = await aliceAttacks();
    expect(message).not.toBeNull();
    const resolved = card(message!);
    expect((resolved.declaration as { defender: Obj }).defender.object).toEqual({
      damage: 0,
      door: "plain",
      thickness: 1,
    });
    // No prompt and no GM click: the GM's client took the Ignore when it accepted the card.
    expect(prompt).not.toHaveBeenCalled();
    expect(resolved.state).toBe("resolved");
    expect(resolved.choices).toEqual([
      expect.objectContaining({ by: "defender", kind: "defence", userId: w.gm.id }),
    ]);
    expect((resolved.choices[0]!.value as { type: string }).type).toBe("ignore");
    const result = resolved.result as unknown as Hm3Result;
    // Edge 29 against the plain door's Edge AP 13 (line 55): 16 counted, beyond DF 7 (line 51).
    expect(result.object).toMatchObject({
      df: 7,
      dfRolls: [3, 4],
      strike: { aspect: "edge", impact: 29, ap: 13, damage: 16 },
      damageBefore: 0,
      damage: 16,
      destroyed: true,
    });
    expect(result.effects).toContainEqual({
      type: "tally",
      to: "defender",
      tally: "objectDamage",
      amount: 16,
      cause: "bruteForce",
      data: { df: 7, dfRolled: true, destroyed: true },
    });

    // The card: the DF only to the GM (assessed in secret, line 51).
    const lines = (isGM: boolean) =>
      hm3ResultContext(resolved, viewer(isGM ? "gm" : "attacker")).goldNotes.map((l) =>
        String(localizeTree(l.text, localize, format)),
      );
    expect(lines(true)).toEqual(
      expect.arrayContaining([expect.stringContaining("7"), expect.stringMatching(/16.*7|7.*16/)]),
    );
    const gmKeys = hm3ResultContext(resolved, viewer("gm")).goldNotes.map((l) => l.text.i18n);
    expect(gmKeys).toEqual([
      PAIRED_CARD_KEY.objectRolled,
      PAIRED_CARD_KEY.object,
      PAIRED_CARD_KEY.destroyed,
    ]);
    const playerKeys = hm3ResultContext(resolved, viewer("attacker")).goldNotes.map(
      (l) => l.text.i18n,
    );
    expect(playerKeys).toEqual([PAIRED_CARD_KEY.object, PAIRED_CARD_KEY.destroyed]);
    expect(lines(false).join(" ")).toContain("?");
    expect(lines(false).join(" ")).not.toMatch(/\b7\b/);

    // Nothing written before Apply (apply mode "ask").
    expect(objectOf(w.brigand)).toMatchObject({ damage: 0, df: null });
    // A player cannot apply (permission checked at the click).
    await asUser(w.alice, () => actions.apply(cardId(message!)));
    expect(messages().at(-1)).toMatch(/^warning: /);
    expect(objectOf(w.brigand)).toMatchObject({ damage: 0, df: null });
    // The GM applies: the damage and the rolled DF are written to the door's block.
    await actions.apply(cardId(message!));
    expect(card(message!).state).toBe("applied");
    expect(objectOf(w.brigand)).toEqual({
      kind: "plain",
      blunt: null,
      edge: null,
      df: 7,
      damage: 16,
      thickness: 1,
    });
    // A second click is refused and changes nothing.
    await actions.apply(cardId(message!));
    expect(messages().at(-1)).toBe(
      "warning: The consequences of this exchange were already applied.",
    );
    expect(objectOf(w.brigand)).toMatchObject({ df: 7, damage: 16 });
  });

  it("the next attack takes the stored DF and damage (no DF roll), and Apply adds to what is stored", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.bruteForce", true as never);
    await makeDoor({ kind: "ironBound", df: 30, damage: 4 });
    // Attack 10 (CS), impact 5 + 4d6 (6, 6, 1, 1) = 19 Edge against iron bound Edge 16 (line 56): 3.
    await planDoor({ attack: 10, impact: [6, 6, 1, 1] });
    const message = await aliceAttacks();
    expect((card(message!).declaration as { defender: Obj }).defender.object).toEqual({
      damage: 4,
      door: "ironBound",
      df: 30,
    });
    const result = card(message!).result as unknown as Hm3Result;
    expect(result.rolls.map((r) => r.name)).not.toContain("damageFactor");
    expect(result.object).toMatchObject({ df: 30, damage: 7, destroyed: false });
    // Meanwhile the GM recorded 3 more damage by hand: Apply adds this strike's 3 to it.
    await w.brigand.update({ "system.hm3.object.damage": 7 });
    await actions.apply(cardId(message!));
    expect(objectOf(w.brigand)).toMatchObject({ kind: "ironBound", df: 30, damage: 10 });
  });

  it("a player's attack held for approval: the door Ignores once the GM approves it (G70)", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.bruteForce", true as never);
    await standIns.game.settings.set("blow-by-blow", "customModifierCap", 0 as never);
    await makeDoor();
    await planDoor(SMASH);
    vi.spyOn(AttackDialog, "prompt").mockImplementation((input) =>
      Promise.resolve({
        itemId: "wpSword000000001",
        mode: "edge",
        aim: "mid",
        band: null,
        situation: input.situation,
        custom: [{ label: "Ram", value: 5 }],
      }),
    );
    const prompt = vi.spyOn(DefenceDialog, "prompt");
    const message = await aliceAttacks();
    // Beyond the world's cap: the card waits for the GM, nothing chosen yet.
    expect(card(message!).state).toBe("awaitingDefence");
    expect(card(message!).choices).toEqual([]);
    await actions.approveAttack(cardId(message!), true);
    await settle();
    const resolved = card(message!);
    expect(prompt).not.toHaveBeenCalled();
    expect(resolved.state).toBe("resolved");
    expect(resolved.choices).toEqual([
      expect.objectContaining({ by: "defender", kind: "defence", userId: w.gm.id }),
    ]);
    expect((resolved.result as unknown as Hm3Result).object).toMatchObject({ df: 7, damage: 16 });
  });

  it("with the option off the block plays no part: an ordinary attack on the Brigand", async () => {
    await makeDoor();
    const message = await aliceAttacks();
    const c = card(message!);
    expect((c.declaration as { defender: Obj }).defender).not.toHaveProperty("object");
    const { pending } = replayExchange(fr.ruleset, c);
    const offered = fr.combat.choiceOptions(
      pending!,
      exchangeBuild(c),
      fighterSnapshot(w.brigand as unknown as ActorLike),
    );
    expect(offered.find((o) => o.id === "block")?.unavailableKey).toBeUndefined();
  });

  it("a missile is marked unavailable against an object (brute force is melee, 000:49; G70)", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.bruteForce", true as never);
    await makeDoor();
    await w.aldric.items.get(LONGBOW)!.update({ "system.equipped": true });
    const offered = vi.spyOn(AttackDialog, "prompt").mockResolvedValue(null);
    await asUser(w.alice, () =>
      actions.attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid }),
    );
    const options = offered.mock.calls[0]![0].options;
    expect(options.find((o) => o.itemId === LONGBOW)?.unavailableKey).toBe(OBJECT_MELEE_ONLY_KEY);
    expect(localize(OBJECT_MELEE_ONLY_KEY)).toBe(
      "Brute force is a melee attack: a missile cannot strike an object",
    );
    expect(options.find((o) => o.itemId === "wpSword000000001")?.unavailableKey).toBeUndefined();

    // A request naming the bow anyway is refused naming the item; no card is made.
    stubAttack(LONGBOW, "point");
    const refused = await asUser(w.alice, () =>
      actions.attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid }),
    );
    expect(refused).toBeNull();
    expect(messages().at(-1)).toMatch(/itemId.*brute force is a melee attack/);

    // With the option off the bow is offered as usual.
    await standIns.game.settings.set("blow-by-blow", "hm3.bruteForce", false as never);
    offered.mockClear();
    offered.mockResolvedValue(null);
    await asUser(w.alice, () =>
      actions.attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid }),
    );
    const off = offered.mock.calls[0]![0].options;
    expect(off.find((o) => o.itemId === LONGBOW)?.unavailableKey).toBeUndefined();
  });

  it("another object without its DF is refused naming the field; no card is made", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.bruteForce", true as never);
    await makeDoor({ kind: "other", blunt: 10, edge: 8, df: null });
    const message = await aliceAttacks();
    expect(message).toBeNull();
    expect(messages().join("; ")).toMatch(/defender\.system\.hm3\.object\.df/);
  });
});
