/**
 * Close combat in the m2m attack dialog and the Foundry flow (src/foundry/rulesets/m2m/combat/
 * close.ts; seed 004 ch. 6, L2653–2821; rulings M120–M121), against the stand-ins: Friedrick
 * (Alice) carries a dagger from the pack beside his axe. Its thrust is offered stepping into
 * Pierre's hex; the attack is refused when the world does not play close combat or the
 * maneuver is Attack; played, it is Knife −2, Bob is offered only Dodge, and after it both
 * fight blocks name each other. In close combat the axe is marked not a close-combat weapon.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import daggerSource from "../../../packs/_source/m2m-hand-weapons/dagger.json";
import { asUser, settle, standIns } from "../stand-ins";
import type { AttackRequest } from "../../../src/core/combat";
import { replayExchange } from "../../../src/core/flow";
import type { Effect } from "../../../src/core/ruleset";
import { m2mFlow, newFighterBlock, parseFlowDeclaration } from "../../../src/rules/m2m/flow";
import { attack } from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import { writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { M2M_TURNS } from "../../../src/foundry/rulesets/m2m/turns";
import type { ManeuverId } from "../../../src/rules/m2m/maneuvers";
import { cardId, resetFlow, scriptDice } from "./fixtures";
import { AXE, card, m2mWorld, notices, snap, type M2mWorld } from "./m2m-world";

const DAGGER = daggerSource._id;

beforeEach(resetFlow);

async function world(closeCombat: boolean, maneuver: ManeuverId = "step-and-attack") {
  const w = await m2mWorld();
  await standIns.game.settings.set("blow-by-blow", "m2m.closeCombat", closeCombat as never);
  // Equipped, in his main hand (the axe's hand, for the test: the hand is not under test).
  const dagger = structuredClone(daggerSource);
  dagger.system.equipped = true;
  dagger.system.held = "main";
  await w.friedrick.createEmbeddedDocuments("Item", [dagger], {
    keepId: true,
  });
  const b = newFighterBlock(14, 14);
  await w.friedrick.update(
    writeFight({ ...b, data: { ...b.data, turn: 1, maneuver, maneuverTurn: 1 } }),
  );
  return w;
}

async function aliceStabs(w: M2mWorld, mode: string): Promise<string | null> {
  vi.spyOn(AttackDialog, "prompt").mockImplementation(
    (input): Promise<AttackRequest> =>
      Promise.resolve({
        itemId: DAGGER,
        mode,
        aim: "torso",
        band: null,
        situation: input.situation,
        custom: [],
      }),
  );
  scriptDice([
    [3, 6],
    [3, 6],
    [4, 6],
  ]);
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.friedrick.uuid, tokenUuid: w.tFriedrick.document.uuid, itemId: DAGGER }),
  );
  await settle();
  return message ? cardId(message as unknown as { id: string | null }) : null;
}

describe("close combat in the m2m attack dialog (ch. 6)", () => {
  it("offers the dagger's thrust stepping into the foe's hex; the axe has no such mode", async () => {
    const w = await world(true);
    const options = m2mCombat.attackOptions(snap(w.friedrick), snap(w.pierre));
    const dagger = options.find((o) => o.itemId === DAGGER)!;
    expect(dagger.modes.map((m) => [m.id, m.labelKey])).toContainEqual([
      "0:enter",
      "BLOWBYBLOW.M2M.Combat.Enter.thr",
    ]);
    expect(options.find((o) => o.itemId === AXE)!.modes.map((m) => m.id)).not.toContain("0:enter");
  });

  it("refuses the entry when the world does not play close combat, and under Attack (L2677)", async () => {
    const off = await world(false);
    expect(await aliceStabs(off, "0:enter")).toBeNull();
    expect(notices("warning").join(" ")).toMatch(/does not play close combat/);
    resetFlow();
    const attackOnly = await world(true, "attack");
    expect(await aliceStabs(attackOnly, "0:enter")).toBeNull();
    expect(notices("warning").join(" ")).toMatch(/Step and Attack or All-Out Attack/);
  });

  it("plays the entry: Knife −2 itemised, only Dodge for Bob, both blocks naming each other after", async () => {
    const w = await world(true);
    const id = await aliceStabs(w, "0:enter");
    expect(id).not.toBeNull();
    const c = card(id!);
    const decl = parseFlowDeclaration(c.declaration);
    expect(decl.attack).toMatchObject({ enter: true, mode: "0", hand: "main" });
    const { state, pending } = replayExchange(m2mFlow, c);
    expect(state.attackTarget.modifiers).toContainEqual(
      expect.objectContaining({ key: "attack.closeCombatWeapon", value: -2 }),
    );
    expect(m2mCombat.labels.modifiers["attack.closeCombatWeapon"]).toBeDefined();
    // The dialog's preview agrees with the flow.
    const request: AttackRequest = {
      itemId: DAGGER,
      mode: "0:enter",
      aim: "torso",
      band: null,
      situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
      custom: [],
    };
    // The dialog's preview gets the world's rules (actions.ts worldOptions): close combat is played.
    expect(
      m2mCombat.attackTarget(snap(w.friedrick), snap(w.pierre), request, { closeCombat: true })
        .value,
    ).toBe(state.attackTarget.value);
    const open = pending!.options.filter((o) => !o.unavailableKey).map((o) => o.id);
    expect(open).toEqual(["dodge", "dodge-retreat", "none"]);
    const done = m2mFlow.choose(
      state,
      { option: "dodge" },
      { roll: (_n, count) => Array(count).fill(6) },
    );
    const close = (to: string) =>
      (
        done.result!.effects.find(
          (e): e is Extract<Effect, { type: "state" }> => e.type === "state" && e.to === to,
        )!.block.data as { close?: unknown }
      ).close;
    expect(close("attacker")).toEqual({ foe: w.pierre.uuid, since: 1 });
    expect(close("defender")).toEqual({ foe: w.friedrick.uuid, since: 0 });
  });

  it("in close combat the axe is marked not a close-combat weapon and the dagger has no entry", async () => {
    const w = await world(true);
    const f = newFighterBlock(14, 14);
    await w.friedrick.update(
      writeFight({
        ...f,
        data: {
          ...f.data,
          turn: 1,
          maneuver: "attack",
          maneuverTurn: 1,
          close: { foe: w.pierre.uuid, since: 1 },
        },
      }),
    );
    const p = newFighterBlock(10, 10);
    await w.pierre.update(
      writeFight({ ...p, data: { ...p.data, close: { foe: w.friedrick.uuid, since: 0 } } }),
    );
    const options = m2mCombat.attackOptions(snap(w.friedrick), snap(w.pierre));
    expect(options.find((o) => o.itemId === AXE)!.unavailableKey).toBe(
      "BLOWBYBLOW.M2M.Combat.Unavailable.notClose",
    );
    const dagger = options.find((o) => o.itemId === DAGGER)!;
    expect(dagger.unavailableKey).toBeUndefined();
    expect(dagger.modes.map((m) => m.id)).not.toContain("0:enter");
  });

  it("refuses a maneuver close combat forbids through the tracker's choice (L2805), and lets Move walk out", async () => {
    const w = await world(true);
    const f = newFighterBlock(14, 14);
    const inClose = {
      ...f,
      data: { ...f.data, turn: 2, close: { foe: w.pierre.uuid, since: 1 } },
    };
    const options = { advancedManeuvers: true, closeCombat: true };
    expect(() =>
      M2M_TURNS.maneuvers!.choose(
        snap(w.friedrick),
        inClose,
        { maneuver: "all-out-defence" },
        options,
      ),
    ).toThrow(/not possible in close combat \(L2805\)/);
    const moved = M2M_TURNS.maneuvers!.choose(
      snap(w.friedrick),
      inClose,
      { maneuver: "move" },
      options,
    );
    expect((moved.data as { close?: unknown }).close ?? null).toBeNull();
  });
});
