/**
 * The zone-die world of the adapter's hmzd flow tests (issue 18): the ruleset set to hmzd, the
 * GM, Alice owning Sir Aldric and Bob owning the Brigand (the HM3 knight of the sheet fixtures:
 * skills, attributes and armour from `system.hm3`, Z7, Z13), the broadsword with the seed's zone
 * die and modes (001:29-30, 95: ZD d4; swing d10+3E, thrust d8+2P, pommel d6+0B) and the round
 * shield (Z12: d6, bash d6+1B); tokens side by side, Alice targeting the Brigand and Bob Sir
 * Aldric. `scriptStep` makes the dice of a step come out by roll name, whichever client rolls
 * them (the chooser's own, then the GM's, as the flow asks).
 */
import {
  addUser,
  asUser,
  createScene,
  GM_ID,
  GRID_TYPES,
  makeActor,
  placeToken,
  standIns,
  targetTokens,
  TOKEN_DISPOSITIONS,
  type StandInActor,
  type StandInToken,
  type StandInUser,
} from "../stand-ins";
import { vi } from "vitest";
import type { AttackRequest, ChoiceRequest } from "../../../src/core/combat";
import type { Dice } from "../../../src/core/dice";
import {
  completeChoiceRolls,
  replayExchange,
  rollOwnSide,
  type ExchangeCard,
} from "../../../src/core/flow";
import type { Side } from "../../../src/core/ruleset";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { exchangeBuild } from "../../../src/foundry/combat/query-common";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { cardOf } from "../../../src/foundry/data/chat-message/exchange";
import { fightingRuleset, foundryRuleset } from "../../../src/foundry/rulesets";
import { KNIGHT_ITEMS, KNIGHT_SYSTEM } from "../actor-sheet-fixtures";
import { planningDice, scriptDice, type DicePlan } from "./fixtures";

type Obj = Record<string, unknown>;

export const SWORD = "wpSword000000001";
export const SHIELD = "wpShield00000001";

const ZONE_DIE: Readonly<Record<string, Obj>> = {
  [SWORD]: {
    zoneDie: 4,
    modes: [
      { name: "swing", die: 10, base: 3, aspect: "edge" },
      { name: "thrust", die: 8, base: 2, aspect: "point" },
      { name: "pommel", die: 6, base: 0, aspect: "blunt" },
    ],
  },
  [SHIELD]: { zoneDie: 6, modes: [{ name: "bash", die: 6, base: 1, aspect: "blunt" }] },
};

const items = (keep: (type: string) => boolean) =>
  KNIGHT_ITEMS.filter((i) => keep(i.type)).map((i) => {
    const system = structuredClone(i.system) as unknown as Obj;
    if (ZONE_DIE[i.id]) system.hmzd = structuredClone(ZONE_DIE[i.id]);
    return { _id: i.id, name: i.name, type: i.type, system };
  });

export interface HmzdWorld {
  gm: StandInUser;
  alice: StandInUser;
  bob: StandInUser;
  aldric: StandInActor;
  brigand: StandInActor;
  tAldric: StandInToken;
  tBrigand: StandInToken;
}

export async function hmzdWorld(): Promise<HmzdWorld> {
  await standIns.game.settings.set("blow-by-blow", "ruleset", "hmzd" as never);
  await standIns.game.settings.set("blow-by-blow", "applyMode", "ask" as never);
  const gm = standIns.game.users.get(GM_ID)!;
  const alice = addUser({ id: "userAlice0000001", name: "Alice" });
  const bob = addUser({ id: "userBob000000001", name: "Bob" });
  const aldric = makeActor({
    _id: "actorAldric00001",
    name: "Sir Aldric",
    type: "character",
    system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
    items: items((t) => t !== "injury"),
    ownership: { default: 0, [alice.id!]: 3 },
  });
  const brigand = makeActor({
    _id: "actorBrigand0001",
    name: "Brigand",
    type: "character",
    system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
    items: items((t) => t !== "injury" && t !== "armour"),
    ownership: { default: 0, [bob.id!]: 3 },
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
  asUser(bob, () => targetTokens([tAldric]));
  return { gm, alice, bob, aldric, brigand, tAldric, tBrigand };
}

export const snap = (a: StandInActor) => fighterSnapshot(a as unknown as ActorLike);
export const card = (id: string): ExchangeCard => cardOf(standIns.game.messages!.get(id)!.system);
export const notices = (type: string) =>
  standIns.notifications.messages.filter((n) => n.type === type).map((n) => n.message);

/** The attack dialog submits `mode` of `itemId` from `placement`. */
export function stubHmzdAttack(itemId: string, mode: string, placement: string): void {
  vi.spyOn(AttackDialog, "prompt").mockImplementation(
    (input): Promise<AttackRequest> =>
      Promise.resolve({
        itemId,
        mode,
        aim: placement,
        band: null,
        situation: input.situation,
        custom: [],
      }),
  );
}

/** The dialog of the next choice submits `request`; returns what it was offered. */
export function stubChoice(request: ChoiceRequest): { offered: unknown } {
  const seen: { offered: unknown } = { offered: null };
  vi.spyOn(DefenceDialog, "prompt").mockImplementation((input) => {
    seen.offered = input.options;
    return Promise.resolve(request);
  });
  return seen;
}

/**
 * Scripts the dice of the pending step of card `id`, chosen by `chooser` (a player's client
 * rolling its own side, the GM's the rest) with `request`, as `plan` says by roll name.
 */
export async function scriptStep(
  id: string,
  chooser: StandInActor,
  side: Side,
  request: ChoiceRequest,
  plan: DicePlan,
): Promise<void> {
  const c = card(id);
  const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const value = fr.combat.buildChoice(pending!, exchangeBuild(c), snap(chooser), request);
  const choice = fr.ruleset.parseChoice(state, value);
  const planning = planningDice(plan);
  const planRoll = (name: string, count: number, sides: number) =>
    Promise.resolve(planning.roll(name, count, sides));
  const step = (dice: Dice) => fr.ruleset.choose(state, choice, dice);
  const own = await rollOwnSide(fr.ruleset, side, false, step, planRoll);
  await completeChoiceRolls(
    fr.ruleset,
    c,
    { revision: c.revision, kind: pending!.kind, value, request, rolls: own },
    {
      userId: "player",
      isGM: false,
      owns: { attacker: side === "attacker", defender: side === "defender" },
    },
    planRoll,
  );
  scriptDice(planning.faces);
}
