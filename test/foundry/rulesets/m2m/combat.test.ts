/**
 * GURPS Man to Man's CombatRules (src/foundry/rulesets/m2m/combat, issue 17 §6 step 3), pure:
 * Fiendish Friedrick's attack options from his derived weapons and items, the attack target
 * itemised with the aimed location's penalty (§8, L2432), the flow declaration from his figures
 * and a fresh block, and the refusals naming field and value.
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest, FighterSnapshot } from "../../../../src/core/combat";
import { InputError } from "../../../../src/core/errors";
import { aimPenalty } from "../../../../src/rules/m2m/location";
import { newFighterBlock, parseFlowDeclaration } from "../../../../src/rules/m2m/flow";
import { m2mCombat } from "../../../../src/foundry/rulesets/m2m/combat";
import { writeFight } from "../../../../src/foundry/rulesets/m2m/fight";
import { blockFromEncounter } from "../../../../src/foundry/rulesets/m2m/fight-encounter";
import { AXE_ID, friedrickBlock, friedrickDerived, friedrickItems } from "./sheet-fixtures";

function friedrick(fight: string | null = null): FighterSnapshot {
  const items = friedrickItems();
  return {
    actorType: "character",
    name: "Fiendish Friedrick",
    system: { m2m: { ...friedrickBlock(), fight } },
    derived: { ruleset: "m2m", ...friedrickDerived() },
    items: items.map((i) => ({ id: i.id, type: i.type, name: i.name, system: i.system })),
    conditions: [],
  };
}

/** Friedrick in his first turn, Attack chosen (what the tracker will write). */
function attacking(): FighterSnapshot {
  const b = newFighterBlock(14, 9);
  const block = {
    ...b,
    revision: 2,
    data: { ...b.data, turn: 1, maneuver: "attack", maneuverTurn: 1 },
  };
  return friedrick(writeFight(block)["system.m2m.fight"] as string);
}

const request = (aim: string, custom: AttackRequest["custom"] = []): AttackRequest => ({
  itemId: AXE_ID,
  mode: "0",
  aim,
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
  custom,
});

describe("m2mCombat", () => {
  it("offers each derived weapon with its modes, a random or aimed location, melee for a hand weapon", () => {
    const options = m2mCombat.attackOptions(friedrick(), null);
    const axe = options.find((o) => o.itemId === AXE_ID)!;
    expect(axe.kind).toBe("melee");
    // A one-handed swing in the main hand, then in the off hand (L524, ruling M119).
    expect(axe.modes.map((m) => m.id)).toEqual(["0", "0:off"]);
    expect(axe.modes[0]!.labelKey).toBe("BLOWBYBLOW.M2M.Sheet.ModeBase.sw");
    expect(axe.modes[1]!.labelKey).toBe("BLOWBYBLOW.M2M.Combat.OffHand.sw");
    expect(axe.aims[0]).toEqual({ id: "random", labelKey: "BLOWBYBLOW.M2M.Combat.Aim.random" });
    expect(axe.aims.map((a) => a.id)).toContain("head");
    expect(axe.unavailableKey).toBeUndefined();
    expect(options.map((o) => o.itemId)).toEqual(friedrickDerived().weapons.map((w) => w.id));
  });

  it("the attack target itemises the aimed location's penalty and the user's own modifiers", () => {
    const torso = m2mCombat.attackTarget(attacking(), friedrick(), request("torso"));
    const head = m2mCombat.attackTarget(
      attacking(),
      friedrick(),
      request("head", [{ label: "Sun in his eyes", value: -1 }]),
    );
    const penalty = aimPenalty("head", { shield: true, type: "cut" });
    expect(penalty).toBe(-5);
    expect(head.value).toBe(torso.value + penalty - 1);
    expect(head.modifiers.map((m) => [m.key, m.value])).toContainEqual(["attack.location", -5]);
    expect(head.modifiers.find((m) => m.source === "user")?.label).toBe("Sun in his eyes");
  });

  it("builds a flow declaration the flow accepts: figures, the stored block, a seeded one for a fresh defender", () => {
    const { declaration } = m2mCombat.buildDeclaration(
      attacking(),
      friedrick(),
      request("random"),
      {},
    );
    const d = parseFlowDeclaration(declaration);
    expect(d.attacker.revision).toBe(2);
    // Seeded from the sheet's HP and encounter record (shock 2, crippled left hand; ruling M125).
    expect(d.defender.state).toEqual(blockFromEncounter(14, 9, friedrickBlock().encounter).data);
    expect(d.defender.state.conditions.map((c) => c.condition)).toEqual(["shocked", "crippled"]);
    expect(d.defender.dodge).toBe(friedrickDerived().character.dodge.value);
    expect(d.defender.block).toBe(friedrickDerived().character.block!.value);
    expect(d.attack).toMatchObject({ weapon: AXE_ID, mode: "0", target: "random", kind: "melee" });
    expect(d.attacker.weapons.find((w) => w.id === AXE_ID)?.table).toBe("axe");
  });

  it("refuses a bad request naming the field and value", () => {
    const field = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        expect(err).toBeInstanceOf(InputError);
        return [(err as InputError).field, (err as InputError).value];
      }
      return null;
    };
    expect(
      field(() => m2mCombat.buildDeclaration(attacking(), friedrick(), request("elbow"), {})),
    ).toEqual(["aim", "elbow"]);
    expect(
      field(() =>
        m2mCombat.buildDeclaration(
          attacking(),
          friedrick(),
          { ...request("torso"), itemId: "x" },
          {},
        ),
      ),
    ).toEqual(["itemId", "x"]);
    // No maneuver chosen this turn (a fresh block): the flow's refusal (L1568).
    expect(
      field(() => m2mCombat.attackTarget(friedrick(), friedrick(), request("torso")))?.[0],
    ).toBe("attacker.state.maneuver");
  });
});
