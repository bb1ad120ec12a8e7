/**
 * GURPS Man to Man's Wait through the Foundry adapter (issue 17; seed 004 L1676-1678,
 * L2217-2227; src/rules/m2m/maneuvers.ts id "wait", attack "when-foe-in-reach"): Friedrick
 * chooses Wait on his turn, the tracker moves on to Pierre's turn, and Alice attacks Pierre with
 * him then, out of his turn: accepted on the GM's client, resolved and applied. A second attack
 * in that same interval is refused (one attack, L1676); Pierre, who chose Change Position on his
 * turn, may not attack out of turn on Friedrick's: refused, naming why. Dice are scripted through
 * `CONFIG.Dice.randomUniform`, the world is m2m-world's.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  asUser,
  fixedFaces,
  settle,
  standIns,
  type StandInActor,
  type StandInToken,
  type StandInUser,
} from "../stand-ins";
import type { AttackRequest, ChoiceRequest } from "../../../src/core/combat";
import type { Dice } from "../../../src/core/dice";
import { completeChoiceRolls, replayExchange, rollOwnSide } from "../../../src/core/flow";
import { parseFighterBlock } from "../../../src/rules/m2m/flow";
import { apply, attack, defend } from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { sendManeuver } from "../../../src/foundry/combat/maneuver-action";
import { exchangeBuild } from "../../../src/foundry/combat/query-common";
import { fightingRuleset, foundryRuleset } from "../../../src/foundry/rulesets";
import { readFight } from "../../../src/foundry/rulesets/m2m/fight";
import { cardId, planningDice, resetFlow, type DicePlan } from "./fixtures";
import {
  AXE,
  card,
  hpOf,
  notices,
  SHORTSWORD,
  snap,
  m2mFight,
  nextTurn,
  type M2mFight,
} from "./m2m-world";

type Fight = M2mFight;

const stateOf = (a: StandInActor) => {
  const block = readFight(snap(a));
  return block ? { revision: block.revision, ...parseFighterBlock(block).state } : null;
};
const current = (f: Fight) => ({ combatId: f.combat.id!, combatantId: f.combat.combatant!.id! });
const warned = () => notices("warning");

/** `user` attacks with `itemId`'s first mode at the torso; the roll shows `faces`. */
async function declare(
  user: StandInUser,
  actor: StandInActor,
  token: StandInToken,
  itemId: string,
  faces: number[],
): Promise<string | null> {
  vi.spyOn(AttackDialog, "prompt").mockImplementation(
    (input): Promise<AttackRequest> =>
      Promise.resolve({
        itemId,
        mode: "0",
        aim: "torso",
        band: null,
        situation: input.situation,
        custom: [],
      }),
  );
  standIns.CONFIG.Dice!.randomUniform = fixedFaces(faces.map((v) => [v, 6]));
  const message = await asUser(user, () =>
    attack({ actorUuid: actor.uuid, tokenUuid: token.document.uuid, itemId }),
  );
  await settle();
  return message ? cardId(message as unknown as { id: string | null }) : null;
}

/** Scripts the defence's dice (the defender's own, then the GM's) as `plan` says, by roll name. */
async function scriptChoice(
  id: string,
  defender: StandInActor,
  optionId: string,
  plan: DicePlan,
): Promise<void> {
  const c = card(id);
  const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const request: ChoiceRequest = { optionId, itemId: null, mode: null, aim: null, custom: [] };
  const value = fr.combat.buildChoice(pending!, exchangeBuild(c), snap(defender), request);
  const choice = fr.ruleset.parseChoice(state, value);
  const planning = planningDice(plan);
  const planRoll = async (name: string, count: number, sides: number) =>
    planning.roll(name, count, sides);
  const step = (dice: Dice) => fr.ruleset.choose(state, choice, dice);
  const own = await rollOwnSide(fr.ruleset, "defender", false, step, planRoll);
  await completeChoiceRolls(
    fr.ruleset,
    c,
    { revision: c.revision, kind: pending!.kind, value, request, rolls: own },
    { userId: "player", isGM: false, owns: { attacker: false, defender: true } },
    planRoll,
  );
  standIns.CONFIG.Dice!.randomUniform = fixedFaces(planning.faces);
  vi.spyOn(DefenceDialog, "prompt").mockImplementation(() =>
    Promise.resolve({ optionId, itemId: null, mode: null, aim: null, custom: [] }),
  );
}

beforeEach(resetFlow);

describe("Wait in Foundry (L1676-1678, L2217-2227)", () => {
  it("lets the waiting fighter attack once on the foe's turn; Change Position does not", async () => {
    const f = await m2mFight();
    expect(f.combat.combatant!.name).toBe("Fiendish Friedrick");

    // ── Round 1, Friedrick: Wait.
    expect(await asUser(f.alice, () => sendManeuver(current(f), { maneuver: "wait" }))).toBe(true);
    expect(stateOf(f.friedrick)).toMatchObject({ turn: 1, maneuver: "wait", attacks: 0 });

    // ── Round 1, Pierre's turn: he changes position; Friedrick has not attacked yet.
    await nextTurn(f);
    expect(f.combat.combatant!.name).toBe("Filthy Pierre");
    expect(
      await asUser(f.bob, () =>
        sendManeuver(current(f), { maneuver: "change-position", posture: "kneeling" }),
      ),
    ).toBe(true);
    expect(stateOf(f.pierre)).toMatchObject({ maneuver: "change-position", posture: "kneeling" });

    // Alice attacks with the waiting Friedrick now, on Pierre's turn: 10 against Axe/Mace 12, a
    // hit, accepted on the GM's client; Pierre dodges (16 against 7) and fails; 1d+4 shows 4.
    const a1 = await declare(f.alice, f.friedrick, f.tFriedrick, AXE, [3, 3, 4]);
    expect(a1).not.toBeNull();
    expect(card(a1!).state).toBe("awaitingDefence");
    expect(standIns.game.messages!.get(a1!)!.author?.isGM).toBe(true);
    await scriptChoice(a1!, f.pierre, "dodge", {
      defence: [6, 5, 5],
      damage: 4,
      knockdown: [1, 2, 3],
    });
    await asUser(f.bob, () => defend(a1!, "dodge"));
    await settle();
    expect(card(a1!).state).toBe("resolved");
    const result = (
      card(a1!).result as unknown as {
        exchange: { attack: { target: number; roll: number }; hit: boolean };
      }
    ).exchange;
    expect(result).toMatchObject({ attack: { target: 12, roll: 10 }, hit: true });
    await apply(a1!);
    await settle();
    // 8 basic − DR 1 = 7, ×1.5 cutting: 10 injury, Pierre 10 → 0 HP; Friedrick's one attack used.
    expect(hpOf(f.pierre)).toBe(0);
    expect(stateOf(f.friedrick)).toMatchObject({ maneuver: "wait", attacks: 1 });

    // A second attack in the same interval: refused with the flow's reason, no card made.
    const cards = standIns.game.messages!.size;
    const said = warned().length;
    expect(await declare(f.alice, f.friedrick, f.tFriedrick, AXE, [3, 3, 4])).toBeNull();
    expect(standIns.game.messages!.size).toBe(cards);
    expect(warned().slice(said)).toEqual([
      "The request was refused: attacker.state.attacks is invalid (1): " +
        "he has already attacked this turn, or his own turn ended without it (one attack per turn, L1646, L1676; only Wait keeps it past his turn, L1698).",
    ]);

    // ── Round 2: Friedrick's turn passes; Pierre's starts with the HT rolls at 0 HP and for the
    // stun (both 6, passed); he changes position again, standing up.
    await nextTurn(f);
    expect(f.combat.combatant!.name).toBe("Fiendish Friedrick");
    await nextTurn(f, [1, 2, 3, 1, 2, 3]);
    expect(f.combat.combatant!.name).toBe("Filthy Pierre");
    expect(stateOf(f.pierre)!.conditions.map((c) => c.condition)).not.toContain("stunned");
    const standUp = { maneuver: "change-position", posture: "standing" };
    expect(await asUser(f.bob, () => sendManeuver(current(f), standUp))).toBe(true);

    // ── Round 3, Friedrick's turn: Pierre chose Change Position on his turn, so his attack now,
    // out of turn, is refused, naming why; no card, nothing applied.
    await nextTurn(f);
    expect(f.combat.combatant!.name).toBe("Fiendish Friedrick");
    expect(stateOf(f.pierre)).toMatchObject({ maneuver: "change-position", conditions: [] });
    const said2 = warned().length;
    const cards2 = standIns.game.messages!.size;
    const hp = hpOf(f.friedrick);
    expect(await declare(f.bob, f.pierre, f.tPierre, SHORTSWORD, [3, 3, 3])).toBeNull();
    expect(warned().slice(said2)).toEqual([
      "The request was refused: attacker.state.maneuver is invalid (&quot;change-position&quot;): " +
        "only Attack, Step and Attack, All-Out Attack and Wait allow an attack (L1698).",
    ]);
    expect(standIns.game.messages!.size).toBe(cards2);
    expect(hpOf(f.friedrick)).toBe(hp);
  });
});
