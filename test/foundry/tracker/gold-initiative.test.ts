/**
 * HârnMaster Gold initiative in the tracker (seed 000 lines 149-154, G60-G62): with the world
 * option `initiative` the combatant rolls INI + 1d100 (the engine's `initiativeRoll`, the
 * adapter only rolls it), with `initiativeQuick` Initiative SI + 1d10; without it the
 * Initiative EML as a constant (hm3.md §2).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createCombat, makeActor, resetStandIns, standIns, type StandInActor } from "../stand-ins";
import { registerDataModels } from "../../../src/foundry/data";
import { registerStatusEffects } from "../../../src/foundry/config";
import { registerCombatSettings } from "../../../src/foundry/combat/settings";
import { initiativeFormula, registerTracker } from "../../../src/foundry/combat/tracker";
import type { ActorLike } from "../../../src/foundry/combat/snapshot";
import { KNIGHT_SYSTEM } from "../actor-sheet-fixtures";

type Obj = Record<string, unknown>;

/** An HM3 character with an Initiative skill of ML 67 and a sword of ML 72 (attack 15) in hand. */
function fighter(): StandInActor {
  const actor = makeActor({
    _id: "actorGoldIni0001",
    name: "Gold",
    type: "character",
    system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
    items: [
      {
        _id: "goldIniSkill0001",
        name: "Initiative",
        type: "skill",
        system: {
          description: "",
          hm3: {
            category: "combat",
            sbAttributes: ["agl", "wil", "wil"],
            sbModifier: 0,
            skillBase: null,
            ml: 67,
          },
        },
      },
      {
        _id: "goldIniSkill0002",
        name: "Sword",
        type: "skill",
        system: {
          description: "",
          hm3: {
            category: "combat",
            sbAttributes: ["str", "dex", "dex"],
            sbModifier: 0,
            skillBase: null,
            ml: 72,
          },
        },
      },
      {
        _id: "goldIniSword0001",
        name: "Broadsword",
        type: "weapon",
        system: {
          description: "",
          equipped: true,
          held: "main",
          hm3: {
            skill: "Sword",
            wq: 12,
            attack: 15,
            defence: 10,
            impact: { blunt: 2, edge: 5, point: 3, fire: null },
            handMode: "one",
            shield: false,
          },
        },
      },
    ] as never,
  });
  standIns.game.actors.set(actor.id!, actor);
  return actor;
}

const set = (id: string, on: boolean) =>
  standIns.game.settings.set("blow-by-blow", `hm3.${id}`, on as never);

beforeEach(() => {
  resetStandIns();
  registerDataModels();
  registerStatusEffects();
  registerCombatSettings();
  registerTracker();
});

describe("Gold initiative in the tracker", () => {
  it("off: the Initiative EML, a constant", () => {
    expect(initiativeFormula(fighter() as unknown as ActorLike)).toBe("67");
  });

  it("initiative: INI + 1d100, rolled by the tracker (000:151)", async () => {
    await set("initiative", true);
    const actor = fighter();
    expect(initiativeFormula(actor as unknown as ActorLike)).toBe("67 + 1d100");
    const combat = await createCombat([actor]);
    const roll = combat.combatants.contents[0]!.getInitiativeRoll();
    await roll.evaluate();
    expect(roll.dice).toHaveLength(1);
    expect(roll.dice[0]!.faces).toBe(100);
    expect(roll.total).toBe(67 + roll.dice[0]!.total!);
  });

  it("weapon factor: + Sword SI 7 + Attack Class 3 (000:153, G61)", async () => {
    await set("initiative", true);
    await set("initiativeWeaponFactor", true);
    expect(initiativeFormula(fighter() as unknown as ActorLike)).toBe("77 + 1d100");
  });

  it("quick: Initiative SI 6 + 1d10 (000:154); a sub-rule alone changes nothing (G1)", async () => {
    await set("initiativeQuick", true);
    expect(initiativeFormula(fighter() as unknown as ActorLike)).toBe("67");
    await set("initiative", true);
    expect(initiativeFormula(fighter() as unknown as ActorLike)).toBe("6 + 1d10");
  });
});
