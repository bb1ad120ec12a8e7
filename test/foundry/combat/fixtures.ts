/**
 * A small HM3 world for the adapter's flow tests: the GM (default client), Alice (a player who
 * owns Sir Aldric) and Bob (a player who owns nothing); Sir Aldric (the knight of the sheet
 * fixtures: broadsword, round shield, mail) and a GM-owned Brigand (the same skills and weapons,
 * no armour) on a square 1-unit grid, side by side. Dice: `planDice` makes the rolls a step will
 * ask for come out as chosen, by roll name, through `CONFIG.Dice.randomUniform`.
 */
import {
  addUser,
  asUser,
  createScene,
  fixedFaces,
  GM_ID,
  GRID_TYPES,
  makeActor,
  placeToken,
  resetStandIns,
  standIns,
  targetTokens,
  TOKEN_DISPOSITIONS,
  type StandInActor,
  type StandInToken,
  type StandInUser,
} from "../stand-ins";
import { vi } from "vitest";
import type { AttackRequest } from "../../../src/core/combat";
import type { Dice } from "../../../src/core/dice";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { registerChatCards } from "../../../src/foundry/chat/render";
import { registerFlowHooks } from "../../../src/foundry/combat/flow-hooks";
import { registerQueries } from "../../../src/foundry/combat/queries";
import { registerCombatSettings } from "../../../src/foundry/combat/settings";
import { registerTracker } from "../../../src/foundry/combat/tracker";
import { registerStatusEffects } from "../../../src/foundry/config";
import { registerDataModels } from "../../../src/foundry/data";
import { KNIGHT_ITEMS, KNIGHT_SYSTEM } from "../actor-sheet-fixtures";

type Obj = Record<string, unknown>;

/**
 * The attack dialog submits this melee request: Sir Aldric's sword (`wpSword000000001`) by
 * default, its edge at the mid zone, the measured situation, no custom modifier.
 */
export function stubAttack(itemId = "wpSword000000001", mode = "edge"): void {
  vi.spyOn(AttackDialog, "prompt").mockImplementation(
    (input): Promise<AttackRequest> =>
      Promise.resolve({
        itemId,
        mode,
        aim: "mid",
        band: null,
        situation: input.situation,
        custom: [],
      }),
  );
}

/**
 * Fresh stand-ins with what the `init` hook of src/foundry/index.ts registers for the flow
 * (settings, data models, status effects, queries, flow hooks, chat cards, tracker), and no
 * mocks left from the previous test: the `beforeEach` of the flow test files.
 */
export function resetFlow(): void {
  resetStandIns();
  registerCombatSettings();
  registerDataModels();
  registerStatusEffects();
  registerQueries();
  registerFlowHooks();
  registerChatCards();
  registerTracker();
  vi.restoreAllMocks();
}

export interface World {
  gm: StandInUser;
  alice: StandInUser;
  bob: StandInUser;
  aldric: StandInActor;
  brigand: StandInActor;
  tAldric: StandInToken;
  tBrigand: StandInToken;
}

const items = (keep: (type: string) => boolean) =>
  KNIGHT_ITEMS.filter((i) => keep(i.type)).map((i) => ({
    _id: i.id,
    name: i.name,
    type: i.type,
    system: structuredClone(i.system) as unknown as Obj,
  }));

export function world(): World {
  const gm = standIns.game.users.get(GM_ID)!;
  const alice = addUser({ id: "userAlice0000001", name: "Alice" });
  const bob = addUser({ id: "userBob000000001", name: "Bob" });
  const aldric = makeActor({
    _id: "actorAldric00001",
    name: "Sir Aldric",
    type: "character",
    system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
    items: items((t) => t !== "injury"),
    ownership: { default: 0, [alice.id]: 3 },
  });
  const brigand = makeActor({
    _id: "actorBrigand0001",
    name: "Brigand",
    type: "character",
    system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
    items: items((t) => t !== "injury" && t !== "armour"),
  });
  createScene({
    id: "scene00000000001",
    grid: { type: GRID_TYPES.SQUARE, size: 100, distance: 1 },
  });
  const tAldric = placeToken(aldric, {
    _id: "tokAldric0000001",
    at: [0, 0],
    disposition: TOKEN_DISPOSITIONS.FRIENDLY,
  });
  const tBrigand = placeToken(brigand, { _id: "tokBrigand000001", at: [1, 0] });
  asUser(alice, () => targetTokens([tBrigand]));
  targetTokens([tAldric], gm);
  return { gm, alice, bob, aldric, brigand, tAldric, tBrigand };
}

/** What each roll (by name, prefix aside) comes out as: a face for d100s, each die's face for d6s. */
export interface DicePlan {
  [name: string]: number | number[];
}

/**
 * Dice that answer by roll name (the last dotted part: `a.location` → `location`), recording
 * the faces in the order asked, so `CONFIG.Dice.randomUniform` can replay them.
 */
export function planningDice(plan: DicePlan): Dice & { faces: [number, number][] } {
  const faces: [number, number][] = [];
  return {
    faces,
    roll(name: string, count: number, sides: number): number[] {
      const key = name.split(".").at(-1)!;
      const given = plan[key] ?? plan[name];
      const values =
        given === undefined
          ? Array.from({ length: count }, () => 1)
          : Array.isArray(given)
            ? given.slice(0, count)
            : Array.from({ length: count }, () => given);
      while (values.length < count) values.push(values.at(-1) ?? 1);
      for (const v of values) faces.push([v, sides]);
      return values;
    },
  };
}

/** Sets `CONFIG.Dice.randomUniform` to show these faces next, in order. */
export function scriptDice(faces: [number, number][]): void {
  (standIns.CONFIG as unknown as { Dice: { randomUniform: () => number } }).Dice.randomUniform =
    fixedFaces(faces, () => {
      throw new Error("a die was rolled that the test did not script");
    });
}

/**
 * The id of the exchange card an attack made: once the GM's client accepted a player's card it
 * lives on as the GM's re-created card (flag `declaredAs`, src/foundry/combat/queries.ts), and
 * the player's is deleted; a GM's own card keeps its id.
 */
export function cardId(message: { id: string | null }): string {
  const id = message.id!;
  const accepted = standIns.game.messages!.contents.find(
    (m) => (m.flags?.["blow-by-blow"] as { declaredAs?: string } | undefined)?.declaredAs === id,
  );
  return accepted?.id ?? id;
}
