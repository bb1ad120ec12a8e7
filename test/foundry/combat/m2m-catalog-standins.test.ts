/**
 * A player's m2m attack with a §5.2 catalog row against the stand-ins (issue 17): the dialog is
 * offered the ruleset's catalog, Alice declares "standing in water" (−4, L1730), the GM's client
 * rebuilds the declaration with the row, re-checks it with the engine and holds the card for
 * the GM's approval as declared situation; a row with a bad parameter is refused.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, settle } from "../stand-ins";
import type { AttackRequest, CatalogRowInput } from "../../../src/core/combat";
import type { RulesetBlock } from "../../../src/core/ruleset";
import { attack } from "../../../src/foundry/combat/actions";
import { AttackDialog, type AttackDialogInput } from "../../../src/foundry/combat/attack-dialog";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import { readFight, writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import {
  flowAttackTarget,
  newFighterBlock,
  parseFlowDeclaration,
} from "../../../src/rules/m2m/flow";
import { cardId, resetFlow, scriptDice } from "./fixtures";
import { AXE, card, hpOf, m2mWorld, snap, type M2mWorld } from "./m2m-world";

beforeEach(resetFlow);

async function attackTurn(w: M2mWorld): Promise<void> {
  const now = readFight(snap(w.friedrick)) ?? newFighterBlock(14, hpOf(w.friedrick));
  const block: RulesetBlock = {
    ...now,
    revision: now.revision + 2,
    data: { ...now.data, turn: 1, maneuver: "attack", maneuverTurn: 1, attacks: 0 },
  };
  await w.friedrick.update(writeFight(block));
}

async function aliceDeclares(w: M2mWorld, catalog: CatalogRowInput[]) {
  let seen: AttackDialogInput | null = null;
  vi.spyOn(AttackDialog, "prompt").mockImplementation((input): Promise<AttackRequest> => {
    seen = input;
    return Promise.resolve({
      itemId: AXE,
      mode: "0",
      aim: "torso",
      band: null,
      situation: input.situation,
      custom: [],
      catalog,
    });
  });
  scriptDice(Array.from({ length: 12 }, () => [4, 6] as [number, number]));
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.friedrick.uuid, tokenUuid: w.tFriedrick.document.uuid, itemId: AXE }),
  );
  await settle();
  return { message, input: seen! as AttackDialogInput };
}

describe("a player's catalog row (issue 17, §5.2)", () => {
  it("Alice stands in water: offered, carried, re-checked on the GM's client, held for approval", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    const { message, input } = await aliceDeclares(w, [{ id: "water" }]);
    expect(input.catalog).toEqual(m2mCombat.catalog);
    const id = cardId(message as unknown as { id: string | null });
    const c = card(id);
    const declared = c.declaration as { attack: { catalog: unknown } };
    expect(declared.attack.catalog).toEqual([{ id: "water" }]);
    expect((c.context.approval as { reasons: string[] }).reasons).toEqual(["situation"]);
    const t = flowAttackTarget(parseFlowDeclaration(c.declaration));
    expect(t.modifiers).toContainEqual({
      key: "attack.water",
      value: -4,
      source: "seed 004 L1730 §5.2",
    });
    // Axe 12 (large shield in the skill) − 4.
    expect(t.value).toBe(8);
  });

  it("a row with a bad parameter makes no card", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    const { message } = await aliceDeclares(w, [{ id: "different-levels", param: 7 }]);
    expect(message).toBeNull();
  });
});
