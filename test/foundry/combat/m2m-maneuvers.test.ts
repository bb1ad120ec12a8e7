/**
 * GURPS Man to Man maneuvers that carry over, through the Foundry adapter (issue 17; engine
 * src/rules/m2m/tactics.ts, adapter src/foundry/rulesets/m2m/tactics.ts and the maneuver step):
 * a feint at a foe chosen among the combatants, rolled on the GM's client as named Foundry Rolls
 * and shown on a chat card, its margin kept against that foe (by his stable id, the actor's
 * uuid) and offered on the defence options of Friedrick's next attack; All-Out Attack's options
 * (refused when the weapons do not allow them, +4 itemised on the attack); the attack dialog's
 * weapons marked unready; blocks that keyed a feint by the foe's name. Refusals: the wrong user,
 * a foe who is not another combatant, a stale revision, a double click.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import villemSource from "../../../packs/_source/m2m-sample-fighters/villem-the-vile.json";
import {
  asUser,
  createCombat,
  fixedFaces,
  makeActor,
  placeToken,
  settle,
  standIns,
  targetTokens,
  type StandInActor,
  type StandInToken,
  type StandInUser,
} from "../stand-ins";
import type { AttackRequest } from "../../../src/core/combat";
import type { Target } from "../../../src/core/modifiers";
import { replayExchange } from "../../../src/core/flow";
import { apply, askGM, attack } from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { sendManeuver } from "../../../src/foundry/combat/maneuver-action";
import { QUERY } from "../../../src/foundry/combat/queries";
import { fightingRuleset, foundryRuleset } from "../../../src/foundry/rulesets";
import { readFight, writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { withFoeIds } from "../../../src/foundry/rulesets/m2m/tactics";
import { parseFighterBlock } from "../../../src/rules/m2m/flow";
import { cardId, resetFlow } from "./fixtures";
import { AXE, card, m2mWorld, notices, snap, m2mFight, nextTurn, type M2mFight } from "./m2m-world";

type Obj = Record<string, unknown>;
type Fight = M2mFight;

const stateOf = (a: StandInActor) => {
  const block = readFight(snap(a));
  return block ? { revision: block.revision, ...parseFighterBlock(block).state } : null;
};
const flagsOf = (m: unknown) =>
  ((m as { flags: Obj }).flags["blow-by-blow"] as Obj | undefined) ?? {};
const maneuverCards = () =>
  standIns.game
    .messages!.filter((m) => !!flagsOf(m).maneuver)
    .map((m) => ({
      html: (m as unknown as { content: string }).content,
      flags: flagsOf(m).maneuver as Obj,
    }));
const current = (f: Fight) => ({ combatId: f.combat.id!, combatantId: f.combat.combatant!.id! });
const combatantOf = (f: Fight, name: string) =>
  f.combat.combatants.find((c) => c.name === name)!.id!;
const warned = () => notices("warning");

async function declare(
  f: Fight,
  user: StandInUser,
  actor: StandInActor,
  token: StandInToken,
  faces: number[],
): Promise<string> {
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
  standIns.CONFIG.Dice!.randomUniform = fixedFaces(faces.map((v) => [v, 6]));
  const message = await asUser(user, () =>
    attack({ actorUuid: actor.uuid, tokenUuid: token.document.uuid, itemId: AXE }),
  );
  await settle();
  expect(message).not.toBeNull();
  return cardId(message as unknown as { id: string | null });
}

/** The defence options the card offers now, with their targets and the feint's modifier. */
const offered = (id: string) =>
  replayExchange(fightingRuleset(foundryRuleset("m2m")!).ruleset, card(id)).pending!.options.map(
    (o) => [
      o.id,
      o.target?.value ?? null,
      o.target?.modifiers.find((m) => m.key === "defence.feinted")?.value ?? null,
    ],
  );

beforeEach(resetFlow);

describe("a feint in Foundry (§5.6)", () => {
  it("is rolled on the GM's client against the foe named, shown on a card, and offered on the foe's defences next turn", async () => {
    const f = await m2mFight();
    const pierreId = combatantOf(f, "Filthy Pierre");
    const friedrickId = combatantOf(f, "Fiendish Friedrick");

    // Bob may not feint for Friedrick.
    expect(
      await asUser(f.bob, () => sendManeuver(current(f), { maneuver: "feint", foe: pierreId })),
    ).toBe(false);
    expect(warned().at(-1)).toBe(
      "You do not own Fiendish Friedrick: only its owners choose its maneuver.",
    );
    // A foe who is not another combatant: refused, naming the field; nothing written.
    const before = stateOf(f.friedrick)!;
    for (const foe of [friedrickId, "noSuchCombatant"]) {
      expect(
        await asUser(f.alice, () => sendManeuver(current(f), { maneuver: "feint", foe })),
      ).toBe(false);
      expect(warned().at(-1)).toContain(
        `foe is invalid (&quot;${foe}&quot;): is not another combatant of this fight.`,
      );
    }
    // A feint without a foe is refused by the ruleset.
    expect(await asUser(f.alice, () => sendManeuver(current(f), { maneuver: "feint" }))).toBe(
      false,
    );
    expect(warned().at(-1)).toContain("foe is invalid");
    expect(stateOf(f.friedrick)).toEqual(before);

    // Alice double-clicks: one feint is rolled (3d6 9 for Friedrick, 17 for Pierre: he fails),
    // the second click meets the new revision and is refused.
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [3, 6],
      [3, 6],
      [3, 6],
      [6, 6],
      [6, 6],
      [5, 6],
    ]);
    const clicks = await asUser(f.alice, () =>
      Promise.all([
        sendManeuver(current(f), { maneuver: "feint", foe: pierreId }),
        sendManeuver(current(f), { maneuver: "feint", foe: pierreId }),
      ]),
    );
    await settle();
    expect(clicks.sort()).toEqual([false, true]);
    const cards = maneuverCards();
    expect(cards).toHaveLength(1);
    const checks = cards[0]!.flags.checks as { roll: string; total: number; target: number }[];
    expect(checks.map((c) => [c.roll, c.total])).toEqual([
      ["feint", 9],
      ["feintResistance", 17],
    ]);
    expect(cards[0]!.flags.rolls).toEqual([
      expect.objectContaining({ name: "feint", values: [3, 3, 3] }),
      expect.objectContaining({ name: "feintResistance", values: [6, 6, 5] }),
    ]);
    // Friedrick's Axe/Mace (12, L4187-4231) against Pierre's best of shortsword and DX.
    const margin = checks[0]!.target - 9;
    expect(checks[0]!.target).toBe(12);
    expect(cards[0]!.html).toContain("Fiendish Friedrick chooses Feint (Standing).");
    expect(cards[0]!.html).toContain("Feint (weapon skill)");
    expect(cards[0]!.html).toContain(
      `The feint works: Filthy Pierre defends at −${margin} against Fiendish Friedrick&#39;s next attack.`,
    );
    // Kept against Pierre by his actor's uuid, not yet usable (his next turn, L1670).
    expect(stateOf(f.friedrick)!.feints).toEqual({
      [f.pierre.uuid]: { margin, armed: false },
    });

    // Pierre's turn; then Friedrick's: the feint is armed; he attacks and Pierre's options carry it.
    await nextTurn(f);
    expect(await asUser(f.bob, () => sendManeuver(current(f), { maneuver: "attack" }))).toBe(true);
    await nextTurn(f);
    expect(stateOf(f.friedrick)!.feints[f.pierre.uuid]).toEqual({ margin, armed: true });
    expect(await asUser(f.alice, () => sendManeuver(current(f), { maneuver: "attack" }))).toBe(
      true,
    );
    const a = await declare(f, f.alice, f.friedrick, f.tFriedrick, [3, 3, 4]);
    // Without the feint: dodge 7, block 7, shortsword parry 9 (the full fight's figures).
    expect(offered(a).filter(([id]) => id !== "none" && id !== "dodge-retreat")).toEqual([
      ["dodge", 7 - margin, -margin],
      ["block", 7 - margin, -margin],
      ["parry:CeHzotRb85po9hdj", 9 - margin, -margin],
    ]);
    expect(notices("error")).toEqual([]);
  });

  it("a stale revision is refused before anything is rolled", async () => {
    const f = await m2mFight();
    const before = stateOf(f.friedrick)!;
    standIns.CONFIG.Dice!.randomUniform = () => {
      throw new Error("no die may be rolled");
    };
    const outcome = await asUser(f.alice, () =>
      askGM(QUERY.maneuver, {
        ...current(f),
        revision: before.revision - 1,
        choice: { maneuver: "feint", foe: combatantOf(f, "Filthy Pierre") },
      }),
    );
    expect(outcome).toMatchObject({ ok: false, code: "staleManeuver" });
    expect(stateOf(f.friedrick)).toEqual(before);
    expect(maneuverCards()).toEqual([]);
  });

  it("a block that kept a feint by the foe's name is read against his id", () => {
    const state = { feints: { "Filthy Pierre": { margin: 2, armed: true } }, tactics: undefined };
    const pierre = {
      actorType: "character",
      name: "Filthy Pierre",
      system: {},
      derived: null,
      items: [],
      conditions: [],
      uuid: "Actor.pierre",
    };
    expect(withFoeIds(state, pierre)).toEqual({
      feints: { "Actor.pierre": { margin: 2, armed: true } },
      tactics: undefined,
    });
    // An entry already under his id wins; a snapshot without a uuid changes nothing.
    const both = { feints: { "Filthy Pierre": { margin: 2 }, "Actor.pierre": { margin: 4 } } };
    expect(withFoeIds(both, pierre)).toBe(both);
    expect(withFoeIds(state, { ...pierre, uuid: undefined })).toBe(state);
  });
});

describe("All-Out Attack's options in Foundry (L1652–1660)", () => {
  it("two attacks are refused with Friedrick's one unbalanced axe; +4 is itemised on his attack", async () => {
    const f = await m2mFight();
    expect(
      await asUser(f.alice, () =>
        sendManeuver(current(f), { maneuver: "all-out-attack", allOut: "two-attacks" }),
      ),
    ).toBe(false);
    expect(warned().at(-1)).toContain("two attacks need two ready weapons");
    expect(
      await asUser(f.alice, () =>
        sendManeuver(current(f), { maneuver: "all-out-attack", allOut: "plus-4" }),
      ),
    ).toBe(true);
    expect(stateOf(f.friedrick)!.tactics).toMatchObject({ allOut: "plus-4" });
    const a = await declare(f, f.alice, f.friedrick, f.tFriedrick, [3, 3, 4]);
    const { state } = replayExchange(fightingRuleset(foundryRuleset("m2m")!).ruleset, card(a));
    const target = (state as { attackTarget: Target }).attackTarget;
    expect(target.modifiers.map((m) => [m.key, m.value])).toContainEqual(["attack.all-out", 4]);
    expect(target.value).toBe(12 + 4);
  });

  it("the attack dialog marks a weapon his block shows unready (§4.6, §12.8)", async () => {
    const f = await m2mFight();
    const rules = fightingRuleset(foundryRuleset("m2m")!).combat;
    const axe = () =>
      rules.attackOptions(snap(f.friedrick), snap(f.pierre)).find((o) => o.itemId === AXE)!;
    expect(axe().unavailableKey).toBeUndefined();
    const block = readFight(snap(f.friedrick))!;
    const data = {
      ...block.data,
      weapons: { [AXE]: { place: "hand", turnsToReady: 1, stuck: "no", broken: false } },
    };
    await f.friedrick.update(writeFight({ ...block, data }));
    expect(axe().unavailableKey).toBe("BLOWBYBLOW.M2M.Combat.Unavailable.unready");
  });
});

describe("Aim and reloading in Foundry (§12.2, §12.8)", () => {
  it("Villem aims his crossbow at Pierre, shoots without the snap-shot −4, and the crossbow is then reloading", async () => {
    const w = await m2mWorld();
    const villem = makeActor({
      _id: villemSource._id,
      name: villemSource.name,
      type: villemSource.type,
      system: structuredClone(villemSource.system) as unknown as Obj,
      // His crossbow in hand (the pack carries it unequipped, the halberd in hand).
      items: structuredClone(villemSource.items).map((i) => ({
        ...i,
        id: i._id,
        system: { ...i.system, equipped: i.name === "Crossbow" || i.system.equipped },
      })) as never,
      ownership: { default: 0, [w.alice.id!]: 3 },
    });
    const tVillem = placeToken(villem, { _id: "tokVillem0000001", at: [3, 0] });
    const XBOW = "9nqcB3SLSEqmlLSm";
    const combat = await createCombat([tVillem, w.tPierre]);
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [6, 6],
      [1, 6],
    ]);
    await combat.rollAll();
    await combat.startCombat();
    await settle();
    const f = { ...w, combat };
    const turnOf = async (name: string) => {
      for (let i = 0; i < 3 && combat.combatant!.name !== name; i++) await nextTurn(f);
      expect(combat.combatant!.name).toBe(name);
    };
    await turnOf("Villem the Vile");
    const pierreId = combatantOf(f, "Filthy Pierre");
    // Aim names the weapon and the foe; the melee halberd cannot aim.
    expect(
      await asUser(w.alice, () =>
        sendManeuver(current(f), { maneuver: "aim", weapon: "amUEsCcAUhHDSuI1", foe: pierreId }),
      ),
    ).toBe(false);
    expect(warned().at(-1)).toContain("Aim is for a missile or thrown weapon");
    const aimed = await asUser(w.alice, () =>
      sendManeuver(current(f), { maneuver: "aim", weapon: XBOW, foe: pierreId }),
    );
    expect([aimed, warned().at(-1)]).toEqual([true, expect.anything()]);

    expect(stateOf(villem)!.tactics!.aim).toMatchObject({
      foe: w.pierre.uuid,
      weapon: XBOW,
      turns: 1,
    });
    await turnOf("Filthy Pierre");
    expect(await asUser(w.bob, () => sendManeuver(current(f), { maneuver: "attack" }))).toBe(true);
    await turnOf("Villem the Vile");
    expect(await asUser(w.alice, () => sendManeuver(current(f), { maneuver: "attack" }))).toBe(
      true,
    );
    // The shot at Pierre: one turn of aim, so no snap shot and no aim bonus: his Crossbow 16 as
    // it is, with point blank; 17 misses.
    asUser(w.alice, () => targetTokens([w.tPierre]));
    vi.spyOn(AttackDialog, "prompt").mockImplementation(
      (input): Promise<AttackRequest> =>
        Promise.resolve({
          itemId: XBOW,
          mode: "0",
          aim: "torso",
          band: null,
          situation: input.situation,
          custom: [],
        }),
    );
    // 17 is a critical miss at any skill (L2586); its table roll is scripted too: 7, lost
    // balance (L2608), which leaves the crossbow's readying as the shot left it.
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [6, 6],
      [6, 6],
      [5, 6],
      [1, 6],
      [2, 6],
      [4, 6],
    ]);
    const message = await asUser(w.alice, () =>
      attack({ actorUuid: villem.uuid, tokenUuid: tVillem.document.uuid, itemId: XBOW }),
    );
    await settle();
    const a = cardId(message as unknown as { id: string | null });
    const { state } = replayExchange(fightingRuleset(foundryRuleset("m2m")!).ruleset, card(a));
    const target = (state as { attackTarget: Target }).attackTarget;
    // The map's part: the tokens are a yard apart, point blank +4 (L2907, ./geometry.ts).
    expect([target.base, target.modifiers.map((m) => [m.key, m.value]), target.value]).toEqual([
      16,
      [["attack.point-blank", 4]],
      20,
    ]);
    expect(card(a).state).toBe("resolved");
    expect(card(a).rolls.map((r) => [r.name, r.total])).toContainEqual(["criticalMiss", 7]);
    await apply(a);
    await settle();
    // The crossbow at his ST: 4 Ready turns (2 cocking, L1634); the attack dialog marks it.
    expect(stateOf(villem)!.weapons[XBOW]).toMatchObject({ turnsToReady: 4 });
    expect(stateOf(villem)!.tactics).toMatchObject({
      aim: null,
      reloading: { [XBOW]: { total: 4, cocking: 2 } },
    });
    const rules = fightingRuleset(foundryRuleset("m2m")!).combat;
    expect(
      rules.attackOptions(snap(villem), snap(w.pierre)).find((o) => o.itemId === XBOW)!
        .unavailableKey,
    ).toBe("BLOWBYBLOW.M2M.Combat.Unavailable.unready");
    expect(notices("error")).toEqual([]);
  });
});
