/**
 * A GURPS Man to Man exchange through the generic Foundry flow (issue 17, docs/architecture.md
 * §6 steps 1-3 and 7), against the stand-ins: the world plays m2m, Alice owns Fiendish
 * Friedrick (axe, large shield, scale), Bob owns Filthy Pierre (shortsword, small shield,
 * padded cloth), both from the pack sources. Alice attacks on her client (her own dice), the
 * GM's client accepts and rebuilds the declaration, Bob is offered only the defences Pierre may
 * use and chooses on his client, the GM applies once: Pierre's HP on the sheet and his fight
 * block (`system.m2m.fight`) move together. A second parry with the same weapon in the same turn
 * is closed, a wrong user is refused, a stale block refuses the apply.
 *
 * What the tracker would do between turns (turn start, the maneuver) is written to Friedrick's
 * block by hand here: the tracker and the maneuver dialog are not built yet.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, createCombat, settle, standIns, type StandInActor } from "../stand-ins";
import type { AttackRequest, ChoiceOptionView, ChoiceRequest } from "../../../src/core/combat";
import type { Dice } from "../../../src/core/dice";
import { replayExchange, rollOwnSide, completeChoiceRolls } from "../../../src/core/flow";
import type { RulesetBlock } from "../../../src/core/ruleset";
import { newFighterBlock, parseFighterBlock } from "../../../src/rules/m2m/flow";
import { apply, attack, defend } from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog, type DefenceDialogInput } from "../../../src/foundry/combat/defence-dialog";
import { exchangeBuild } from "../../../src/foundry/combat/query-common";
import { fightingRuleset, foundryRuleset } from "../../../src/foundry/rulesets";
import { fightConditions, readFight, writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { cardId, planningDice, resetFlow, scriptDice, type DicePlan } from "./fixtures";
import {
  AXE,
  card,
  hpOf,
  m2mWorld,
  notices,
  PARRY,
  SHORTSWORD,
  snap,
  type M2mWorld,
} from "./m2m-world";

const blockOf = (a: StandInActor) => readFight(snap(a));

/**
 * Friedrick's turn `turn` has started and he chose Attack (what the tracker will do); `readied`:
 * his weapons were readied on a Ready turn in between (the axe is unready after a swing, §4.6).
 */
async function friedricksTurn(w: M2mWorld, turn: number, readied = false): Promise<void> {
  const now = blockOf(w.friedrick) ?? newFighterBlock(14, hpOf(w.friedrick));
  const block: RulesetBlock = {
    ...now,
    revision: now.revision + 2,
    data: {
      ...now.data,
      turn,
      maneuver: "attack",
      maneuverTurn: turn,
      attacks: 0,
      ...(readied ? { weapons: {} } : {}),
    },
  };
  await w.friedrick.update(writeFight(block));
}

/** Alice attacks Pierre with the axe's swing at the torso; the attack roll shows `faces`. */
async function aliceSwings(w: M2mWorld, faces: number[]): Promise<string> {
  vi.spyOn(AttackDialog, "prompt").mockImplementation(
    (input): Promise<AttackRequest> =>
      Promise.resolve({
        itemId: AXE,
        mode: "0",
        aim: "torso",
        band: null,
        situation: input.situation,
        custom: [],
      }),
  );
  scriptDice(faces.map((f) => [f, 6]));
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.friedrick.uuid, tokenUuid: w.tFriedrick.document.uuid, itemId: AXE }),
  );
  expect(message, JSON.stringify(standIns.notifications.messages)).not.toBeNull();
  await settle();
  return cardId(message as unknown as { id: string | null });
}

/** Scripts Bob's choice's dice (his own on his client, the rest on the GM's) as `plan` says. */
async function scriptBobsChoice(id: string, optionId: string, plan: DicePlan): Promise<void> {
  const c = card(id);
  const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const request: ChoiceRequest = { optionId, itemId: null, mode: null, aim: null, custom: [] };
  const value = fr.combat.buildChoice(pending!, exchangeBuild(c), snap(pierreOf()), request);
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
  scriptDice(planning.faces);
}
let pierreOf: () => StandInActor;

/** Bob's defence dialog submits `optionId`; returns what the dialog was offered. */
function bobChooses(optionId: string): { offered: ChoiceOptionView[] | null } {
  const seen: { offered: ChoiceOptionView[] | null } = { offered: null };
  vi.spyOn(DefenceDialog, "prompt").mockImplementation((input: DefenceDialogInput) => {
    seen.offered = input.options;
    return Promise.resolve({ optionId, itemId: null, mode: null, aim: null, custom: [] });
  });
  return seen;
}

beforeEach(resetFlow);

describe("a GURPS Man to Man exchange in Foundry", () => {
  it("attack → only the allowed defences → resolution → HP and the fight block applied once", async () => {
    const w = await m2mWorld();
    pierreOf = () => w.pierre;
    await friedrickSTurnCheck(w);
    const id = await aliceSwings(w, [3, 3, 4]);
    const c = card(id);
    expect(c.state).toBe("awaitingDefence");
    expect(standIns.game.messages!.get(id)!.author?.isGM).toBe(true);
    // The declaration carries both fighters' blocks: Friedrick's at revision 2, Pierre's fresh.
    const decl = c.declaration as {
      attacker: { state: RulesetBlock };
      defender: { state: RulesetBlock };
    };
    expect(decl.attacker.state.revision).toBe(2);
    expect(decl.defender.state).toEqual(newFighterBlock(10, 10));

    // Bob is offered Pierre's defences: dodge, block, a parry with the shortsword, none.
    await scriptBobsChoice(id, PARRY, { defence: [6, 5, 5], damage: 4 });
    const seen = bobChooses(PARRY);
    await asUser(w.bob, () => defend(id, PARRY));
    await settle();
    const ids = seen.offered!.map((o) => o.id);
    expect(ids).toContain("dodge");
    expect(ids).toContain("block");
    expect(ids).toContain(PARRY);
    expect(ids).toContain("none");
    for (const o of seen.offered!.filter((x) => x.id !== "none"))
      expect(o.target?.value, o.id).toBeGreaterThan(0);
    const resolved = card(id);
    expect(resolved.state).toBe("resolved");
    const stateEffects = (resolved.result as { effects: { type: string; to: string }[] }).effects
      .filter((e) => e.type === "state")
      .map((e) => e.to)
      .sort();
    expect(stateEffects).toEqual(["attacker", "defender"]);

    // Nothing applied yet ("ask"): the GM applies, once.
    expect(hpOf(w.pierre)).toBe(10);
    await apply(id);
    await settle();
    const pierreBlock = blockOf(w.pierre)!;
    const pierreState = parseFighterBlock(pierreBlock).state;
    expect(pierreState.hp).toBeLessThan(10);
    expect(hpOf(w.pierre)).toBe(pierreState.hp);
    expect(pierreBlock.revision).toBe(1);
    expect(pierreState.defences.parries[SHORTSWORD]).toBe(1);
    expect(parseFighterBlock(blockOf(w.friedrick)!).state.attacks).toBe(1);
    // Pierre's statuses mirror the conditions his block holds (his wound's shock at least).
    const held = fightConditions(pierreBlock);
    expect(held.length).toBeGreaterThan(0);
    expect([...w.pierre.statuses].sort()).toEqual([...held].sort());
    const hpAfter = hpOf(w.pierre);
    await apply(id);
    await settle();
    expect(hpOf(w.pierre)).toBe(hpAfter);
    expect(blockOf(w.pierre)!.revision).toBe(1);
    expect(notices("warning").concat(notices("error"))).toEqual([
      "The consequences of this exchange were already applied.",
    ]);
  });

  it("a second parry with the same weapon in Pierre's turn is closed; a wrong user is refused; a stale block refuses the apply", async () => {
    const w = await m2mWorld();
    pierreOf = () => w.pierre;
    await friedrickSTurnCheck(w);
    const first = await aliceSwings(w, [3, 3, 4]);
    await scriptBobsChoice(first, PARRY, { defence: [6, 5, 5], damage: 1 });
    bobChooses(PARRY);
    await asUser(w.bob, () => defend(first, PARRY));
    await settle();
    await apply(first);
    await settle();

    // Friedrick's next turn: the axe is unready after its swing (§4.6), so the attack is refused.
    await friedrickSTurnCheck(w, 2);
    standIns.notifications.messages.length = 0;
    vi.spyOn(AttackDialog, "prompt").mockResolvedValue({
      itemId: AXE,
      mode: "0",
      aim: "torso",
      band: null,
      situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
      custom: [],
    });
    const refused = await asUser(w.alice, () =>
      attack({ actorUuid: w.friedrick.uuid, tokenUuid: w.tFriedrick.document.uuid, itemId: AXE }),
    );
    expect(refused).toBeNull();
    expect(notices("warning").join(" ")).toContain("is not ready (1 Ready turn(s) left");
    // Readied in between (the tracker's part); Pierre's turn has not come round: his parry
    // with the shortsword is spent.
    await friedrickSTurnCheck(w, 4, true);
    const second = await aliceSwings(w, [3, 3, 4]);
    expect(card(second).state).toBe("awaitingDefence");
    const { pending } = replayExchange(
      fightingRuleset(foundryRuleset("m2m")!).ruleset,
      card(second),
    );
    const parry = pending!.options.find((o) => o.id === PARRY)!;
    expect(parry.unavailableKey).toBe("BLOWBYBLOW.M2M.Unavailable.spent");
    const prompt = bobChooses(PARRY);
    standIns.notifications.messages.length = 0;
    await asUser(w.bob, () => defend(second, PARRY));
    await settle();
    expect(prompt.offered).toBeNull();
    expect(notices("warning").length).toBe(1);
    expect(card(second).state).toBe("awaitingDefence");

    // Alice does not own Pierre: her click is refused, nothing changes.
    standIns.notifications.messages.length = 0;
    const before = card(second).revision;
    await asUser(w.alice, () => defend(second, "dodge"));
    await settle();
    expect(notices("warning").length).toBe(1);
    expect(card(second).revision).toBe(before);

    // Bob dodges and fails; before the GM applies, the GM edits Pierre's HP on the sheet.
    await scriptBobsChoice(second, "dodge", { defence: [6, 5, 5], damage: 1 });
    bobChooses("dodge");
    await asUser(w.bob, () => defend(second, "dodge"));
    await settle();
    expect(card(second).state).toBe("resolved");
    await w.pierre.update({ "system.m2m.hp": 3 });
    standIns.notifications.messages.length = 0;
    await apply(second);
    await settle();
    expect(hpOf(w.pierre)).toBe(3);
    expect(card(second).applied).toBeFalsy();
    expect(notices("warning").concat(notices("error")).join(" ")).toContain(
      "Filthy Pierre's fight state changed after this exchange was declared",
    );
  });

  it("a blow that leaves Pierre below 0 HP knocks him unconscious and marks his combatant defeated", async () => {
    const w = await m2mWorld();
    pierreOf = () => w.pierre;
    // A combat holds both tokens (not started: no turn events move the blocks here).
    const combat = await createCombat([w.tFriedrick, w.tPierre]);
    await w.pierre.update({ "system.m2m.hp": 1 });
    await friedrickSTurnCheck(w);
    const id = await aliceSwings(w, [3, 3, 4]);
    // Pierre makes no active defence and his PD 3 roll fails (18); the axe's damage dice all
    // 6s: far more than his 1 HP.
    await scriptBobsChoice(id, "none", { defence: [6, 6, 6], damage: 6 });
    bobChooses("none");
    await asUser(w.bob, () => defend(id, "none"));
    await settle();
    expect(card(id).state).toBe("resolved");
    const effects = (card(id).result as { effects: { type: string; condition?: string }[] })
      .effects;
    expect(effects).toContainEqual(
      expect.objectContaining({ type: "condition", to: "defender", condition: "unconscious" }),
    );
    const pierreC = combat.combatants.find((c) => c.actorId === w.pierre.id)!;
    const friedrickC = combat.combatants.find((c) => c.actorId === w.friedrick.id)!;
    expect(pierreC.defeated).toBe(false);
    await apply(id);
    await settle();
    expect(hpOf(w.pierre)).toBeLessThan(0);
    expect(w.pierre.statuses.has("unconscious")).toBe(true);
    expect(pierreC.defeated).toBe(true);
    expect(friedrickC.defeated).toBe(false);
  });
});

/** Friedrick's turn has started with Attack chosen (the tracker's part, written by hand). */
async function friedrickSTurnCheck(w: M2mWorld, turn = 1, readied = false): Promise<void> {
  await friedricksTurn(w, turn, readied);
  expect(parseFighterBlock(blockOf(w.friedrick)!).state.maneuver).toBe("attack");
}
