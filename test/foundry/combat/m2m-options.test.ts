/**
 * GURPS Man to Man's optional rules as world settings (src/foundry/rulesets/m2m/settings.ts;
 * spec §0.2; seed 004 L1864, L2412-2651, L2578-2582, L2653-2821, L3689-3693; ruling M118):
 * registered as `blow-by-blow.m2m.<id>` with the seed's defaults, read by `worldOptions`, and
 * carried into the flow declaration Alice's attack makes, where the engine acts on them.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, settle, standIns } from "../stand-ins";
import type { AttackRequest } from "../../../src/core/combat";
import { flowAttackTarget, parseFlowDeclaration } from "../../../src/rules/m2m/flow";
import { attack } from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { combatSettings, worldOptions } from "../../../src/foundry/combat/settings";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import { writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { M2M_OPTIONAL_RULES } from "../../../src/foundry/rulesets/m2m/settings";
import { newFighterBlock } from "../../../src/rules/m2m/flow";
import { cardId, resetFlow, scriptDice } from "./fixtures";
import { AXE, card, m2mWorld, snap, type M2mWorld } from "./m2m-world";

beforeEach(resetFlow);

/** Friedrick's turn 1 has started and he chose Attack. */
async function attackTurn(w: M2mWorld): Promise<void> {
  const b = newFighterBlock(14, 14);
  await w.friedrick.update(
    writeFight({ ...b, data: { ...b.data, turn: 1, maneuver: "attack", maneuverTurn: 1 } }),
  );
}

async function aliceSwings(w: M2mWorld): Promise<string> {
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
  scriptDice([
    [3, 6],
    [3, 6],
    [4, 6],
  ]);
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.friedrick.uuid, tokenUuid: w.tFriedrick.document.uuid, itemId: AXE }),
  );
  expect(message, JSON.stringify(standIns.notifications.messages)).not.toBeNull();
  await settle();
  return cardId(message as unknown as { id: string | null });
}

describe("the m2m optional rules as world settings", () => {
  it("lists hit location, stunning, Last Wounds and Close Combat with the seed's defaults", () => {
    expect(M2M_OPTIONAL_RULES.map((r) => [r.id, r.default])).toEqual([
      ["hitLocation", true], // the engine's and the CLI's default (M118)
      ["stun", true], // L2582: playing without it is the option
      ["lastWounds", false], // L3689: "If you wish, use the following optional rule"
      ["closeCombat", false], // ch. 6, an Advanced chapter (L1956)
    ]);
    const keys = combatSettings().map((s) => s.key);
    for (const id of ["hitLocation", "stun", "lastWounds", "closeCombat", "advancedManeuvers"])
      expect(keys).toContain(`m2m.${id}`);
  });

  it("reads the defaults from an untouched world, and a GM's change", async () => {
    await m2mWorld();
    expect(worldOptions("m2m")).toEqual({
      hitLocation: true,
      stun: true,
      lastWounds: false,
      closeCombat: false,
      advancedManeuvers: false,
    });
    await standIns.game.settings.set("blow-by-blow", "m2m.lastWounds", true as never);
    await standIns.game.settings.set("blow-by-blow", "m2m.stun", false as never);
    expect(worldOptions("m2m")).toMatchObject({ lastWounds: true, stun: false });
  });

  it("carries the world's rules into the declaration Alice's attack makes", async () => {
    const w = await m2mWorld();
    await standIns.game.settings.set("blow-by-blow", "m2m.lastWounds", true as never);
    await standIns.game.settings.set("blow-by-blow", "m2m.closeCombat", true as never);
    await attackTurn(w);
    const id = await aliceSwings(w);
    const decl = parseFlowDeclaration(card(id).declaration);
    expect(decl.options).toEqual({
      hitLocation: true,
      stun: true,
      lastWounds: true,
      closeCombat: true,
    });
  });

  it("builds an aimed attack as the Basic system refuses it with hit location off (L1864)", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    const request: AttackRequest = {
      itemId: AXE,
      mode: "0",
      aim: "right-arm",
      band: null,
      situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
      custom: [],
    };
    const a = snap(w.friedrick);
    const d = snap(w.pierre);
    const built = (options: Record<string, boolean>) =>
      parseFlowDeclaration(m2mCombat.buildDeclaration(a, d, request, options).declaration);
    // The aimed arm is −2 with hit locations (L2432); the Basic system refuses the aim.
    expect(flowAttackTarget(built({ hitLocation: true })).modifiers).toContainEqual(
      expect.objectContaining({ key: "attack.location", value: -2 }),
    );
    expect(() => flowAttackTarget(built({ hitLocation: false }))).toThrow(
      /every hit is to the torso/,
    );
  });
});
