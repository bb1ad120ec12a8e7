/**
 * The effect planner (src/foundry/combat/apply.ts): every effect type becomes the right
 * document operation, generically through the ruleset's CombatRules (a fake one here, so the
 * planner is seen not to read any ruleset's types); conditions are set once per side, an
 * incapacitating condition marks the combatant defeated once, `dead` is the overlay; a missing
 * victim or item is skipped, not guessed. `runOperations` runs them in order and reports each
 * failure without stopping.
 */
import { describe, expect, it } from "vitest";
import type { CombatRules, FighterItem, FighterSnapshot } from "../../../src/core/combat";
import type { ExchangeCard } from "../../../src/core/flow";
import type { ConditionId, Effect, RulesetBlock } from "../../../src/core/ruleset";
import type { RulesetFightStore } from "../../../src/foundry/rulesets/contract";
import {
  planEffects,
  runOperations,
  sideItems,
  type Operation,
  type SideTarget,
} from "../../../src/foundry/combat/apply";

const sword: FighterItem = {
  id: "sword00000000001",
  type: "weapon",
  name: "Sword",
  system: { hm3: { wq: 12 } },
};
const shield: FighterItem = {
  id: "shield0000000001",
  type: "weapon",
  name: "Shield",
  system: { hm3: { wq: 10 } },
};

function fighter(name: string, items: FighterItem[]): FighterSnapshot {
  return { actorType: "character", name, system: {}, derived: null, items, conditions: [] };
}

const calls: string[] = [];
const combat = {
  optionalRules: [],
  incapacitating: ["unconscious", "dead"],
  injuryItem(effect, victim) {
    calls.push(`injuryItem ${victim.name}`);
    return {
      nameKey: "TEST.Injury",
      nameData: { location: effect.location, code: String(effect.data.code) },
      system: { test: { location: effect.location, level: effect.level } },
    };
  },
  weaponDamage(effect, item) {
    const wq = (item.system.hm3 as { wq: number }).wq;
    return effect.broken ? { "system.hm3.wq": wq - 1 } : {};
  },
} as Partial<CombatRules> as CombatRules;

const localize = (key: string, data: Record<string, string>) => `${key}(${JSON.stringify(data)})`;

const sides = (): Record<"attacker" | "defender", SideTarget> => ({
  attacker: {
    actorUuid: "Actor.attacker00000001",
    snapshot: fighter("Aldo", [sword]),
    itemId: sword.id,
    combatantId: "combatantA000001",
  },
  defender: {
    actorUuid: "Scene.s.Token.t.Actor.defender0000001",
    snapshot: fighter("Bera", [shield]),
    itemId: shield.id,
    combatantId: "combatantD000001",
  },
});

describe("planEffects", () => {
  it("an injury becomes an injury item named from the ruleset's key, on the victim", () => {
    const effects: Effect[] = [
      {
        type: "injury",
        to: "defender",
        location: "left-forearm",
        severityKey: "S",
        level: 2,
        data: { code: "S2" },
      },
    ];
    const plan = planEffects(effects, sides(), combat, localize);
    expect(plan.operations).toEqual([
      {
        op: "createItem",
        side: "defender",
        actorUuid: "Scene.s.Token.t.Actor.defender0000001",
        data: {
          type: "injury",
          name: 'TEST.Injury({"location":"left-forearm","code":"S2"})',
          system: { test: { location: "left-forearm", level: 2 } },
        },
      },
    ]);
    expect(plan.skipped).toEqual([]);
  });

  it("conditions: a status each, once per side; dead as the overlay; incapacitating marks the combatant defeated once", () => {
    const effects: Effect[] = [
      { type: "condition", to: "defender", condition: "shock", cause: "shock" },
      { type: "condition", to: "defender", condition: "unconscious", cause: "shock" },
      { type: "condition", to: "defender", condition: "dead", cause: "kill" },
      { type: "condition", to: "attacker", condition: "prone", cause: "stumble" },
      { type: "condition", to: "attacker", condition: "prone", cause: "stumble" },
    ];
    const plan = planEffects(effects, sides(), combat, localize);
    expect(plan.operations).toEqual([
      {
        op: "status",
        side: "defender",
        actorUuid: "Scene.s.Token.t.Actor.defender0000001",
        condition: "shock",
        overlay: false,
      },
      {
        op: "status",
        side: "defender",
        actorUuid: "Scene.s.Token.t.Actor.defender0000001",
        condition: "unconscious",
        overlay: false,
      },
      { op: "defeat", side: "defender", combatantId: "combatantD000001" },
      {
        op: "status",
        side: "defender",
        actorUuid: "Scene.s.Token.t.Actor.defender0000001",
        condition: "dead",
        overlay: true,
      },
      {
        op: "status",
        side: "attacker",
        actorUuid: "Actor.attacker00000001",
        condition: "prone",
        overlay: false,
      },
    ]);
    expect(plan.skipped).toEqual([{ effect: 4, reason: "the same condition is already set" }]);
  });

  it("an incapacitated victim outside any combat gets the status but no defeat", () => {
    const s = sides();
    s.defender.combatantId = null;
    const plan = planEffects(
      [{ type: "condition", to: "defender", condition: "unconscious", cause: "shock" }],
      s,
      combat,
      localize,
    );
    expect(plan.operations.map((o) => o.op)).toEqual(["status"]);
  });

  it("weapon damage updates the item the side fought with through the ruleset; no change, no operation", () => {
    const plan = planEffects(
      [
        { type: "weaponDamaged", to: "defender", broken: true, cause: "block" },
        { type: "weaponDamaged", to: "attacker", broken: false, cause: "block" },
      ],
      sides(),
      combat,
      localize,
    );
    expect(plan.operations).toEqual([
      {
        op: "updateItem",
        side: "defender",
        actorUuid: "Scene.s.Token.t.Actor.defender0000001",
        itemId: shield.id,
        changes: { "system.hm3.wq": 9 },
      },
    ]);
    expect(plan.skipped).toEqual([{ effect: 1, reason: "the item does not change" }]);
  });

  it("a side's item no longer on the actor is skipped", () => {
    const s = sides();
    s.defender.itemId = "gone000000000001";
    const plan = planEffects(
      [{ type: "weaponDamaged", to: "defender", broken: true, cause: "block" }],
      s,
      combat,
      localize,
    );
    expect(plan.operations).toEqual([]);
    expect(plan.skipped[0]!.reason).toBe("the defender's item is not on the actor");
  });

  it("a tactical advantage changes no document; a gone victim's effects are skipped", () => {
    calls.length = 0;
    const plan = planEffects(
      [
        { type: "tacticalAdvantage", to: "attacker", cause: "DTA" },
        { type: "injury", to: "defender", location: "skull", severityKey: "G", level: 4, data: {} },
        { type: "condition", to: "defender", condition: "dead", cause: "kill" },
      ],
      { ...sides(), defender: null },
      combat,
      localize,
    );
    expect(plan.operations).toEqual([]);
    expect(plan.skipped).toEqual([
      { effect: 0, reason: "claimed from the card" },
      { effect: 1, reason: "the defender's actor is gone" },
      { effect: 2, reason: "the defender's actor is gone" },
    ]);
    expect(calls).toEqual([]);
  });

  it("a ruleset's refusal (an injury it cannot place) throws before any operation is returned", () => {
    const refusing = {
      ...combat,
      injuryItem: () => {
        throw new Error("no such location");
      },
    } as CombatRules;
    expect(() =>
      planEffects(
        [
          {
            type: "injury",
            to: "defender",
            location: "wing",
            severityKey: "S",
            level: 1,
            data: {},
          },
        ],
        sides(),
        refusing,
        localize,
      ),
    ).toThrow("no such location");
  });
});

/** A fake ruleset's state store: the block kept whole at `system.test.block`. */
const store: RulesetFightStore = {
  read: (f) => (f.system.block as RulesetBlock | undefined) ?? null,
  seed: () => ({ ruleset: "hm3", revision: 0, data: { conditions: [] } }),
  write: (block) => ({ "system.test.block": block }),
  clear: () => ({ "system.test.block": null }),
  conditions: (block) => block.data.conditions as ConditionId[],
  endingWithFight: () => [],
};
const blockAt = (revision: number, conditions: ConditionId[]): RulesetBlock => ({
  ruleset: "hm3",
  revision,
  data: { conditions },
});

describe("planEffects: state effects", () => {
  const withBlock = (block: RulesetBlock | null, statuses: string[] = []) => {
    const s = sides();
    s.defender.snapshot = {
      ...s.defender.snapshot,
      system: block ? { block } : {},
      conditions: statuses,
    };
    return s;
  };

  it("writes the block through the store when the actor is still at basedOn; statuses mirror its conditions", () => {
    const next = blockAt(4, ["stunned", "prone"]);
    const plan = planEffects(
      [{ type: "state", to: "defender", block: next, basedOn: 3 }],
      withBlock(blockAt(3, ["shock", "prone"]), ["shock", "prone", "blind"]),
      combat,
      localize,
      store,
    );
    expect(plan.stale).toEqual([]);
    const actor = "Scene.s.Token.t.Actor.defender0000001";
    expect(plan.operations).toEqual([
      {
        op: "updateActor",
        side: "defender",
        actorUuid: actor,
        changes: { "system.test.block": next },
      },
      // prone is already on; shock ended with the new block; "blind" was never the fight's.
      { op: "status", side: "defender", actorUuid: actor, condition: "stunned", overlay: false },
      {
        op: "status",
        side: "defender",
        actorUuid: actor,
        condition: "shock",
        overlay: false,
        active: false,
      },
    ]);
  });

  it("a condition effect and the block holding it set the status once; a fresh fighter is at revision 0", () => {
    const plan = planEffects(
      [
        { type: "condition", to: "defender", condition: "dead", cause: "death" },
        { type: "state", to: "defender", block: blockAt(1, ["dead"]), basedOn: 0 },
      ],
      withBlock(null),
      combat,
      localize,
      store,
    );
    expect(plan.operations.filter((o) => o.op === "status")).toHaveLength(1);
    expect(plan.operations.map((o) => o.op)).toEqual(["status", "defeat", "updateActor"]);
  });

  it("a block that moved on since the declaration is listed stale, with no operation for it", () => {
    const plan = planEffects(
      [{ type: "state", to: "defender", block: blockAt(4, []), basedOn: 3 }],
      withBlock(blockAt(5, [])),
      combat,
      localize,
      store,
    );
    expect(plan.stale).toEqual([{ side: "defender", basedOn: 3, revision: 5 }]);
    expect(plan.operations).toEqual([]);
  });

  it("a ruleset without a store skips state effects", () => {
    const plan = planEffects(
      [{ type: "state", to: "defender", block: blockAt(1, []), basedOn: 0 }],
      withBlock(null),
      combat,
      localize,
    );
    expect(plan.operations).toEqual([]);
    expect(plan.skipped).toEqual([{ effect: 0, reason: "the ruleset keeps no state block" }]);
  });
});

describe("sideItems", () => {
  it("the attack's item for the attacker; the latest choice with an item for its side", () => {
    const card = {
      context: { request: { itemId: sword.id } },
      choices: [
        {
          by: "defender",
          kind: "defence",
          value: {},
          userId: "u",
          request: { optionId: "block", itemId: shield.id },
        },
      ],
    } as unknown as ExchangeCard;
    expect(sideItems(card)).toEqual({ attacker: sword.id, defender: shield.id });
    const dodge = {
      context: {},
      choices: [
        {
          by: "defender",
          kind: "defence",
          value: {},
          userId: "u",
          request: { optionId: "dodge", itemId: null },
        },
      ],
    } as unknown as ExchangeCard;
    expect(sideItems(dodge)).toEqual({ attacker: null, defender: null });
  });
});

describe("runOperations", () => {
  it("runs each operation on its document and reports failures without stopping", async () => {
    const log: unknown[] = [];
    const actor = {
      createEmbeddedDocuments: async (name: string, data: unknown[]) =>
        log.push(["create", name, data]),
      toggleStatusEffect: async (id: string, options: unknown) => log.push(["status", id, options]),
      update: async (changes: unknown) => log.push(["actor", changes]),
      items: {
        get: (id: string) =>
          id === shield.id
            ? { update: async (changes: unknown) => log.push(["item", id, changes]) }
            : undefined,
      },
    };
    const ops: Operation[] = [
      {
        op: "createItem",
        side: "defender",
        actorUuid: "A",
        data: { type: "injury", name: "Cut", system: {} },
      },
      { op: "status", side: "defender", actorUuid: "missing", condition: "shock", overlay: false },
      { op: "status", side: "defender", actorUuid: "A", condition: "dead", overlay: true },
      { op: "defeat", side: "defender", combatantId: "c1" },
      { op: "updateItem", side: "defender", actorUuid: "A", itemId: shield.id, changes: { x: 1 } },
      { op: "updateItem", side: "defender", actorUuid: "A", itemId: "nope", changes: { x: 1 } },
      { op: "updateActor", side: "defender", actorUuid: "A", changes: { "system.b": 2 } },
      {
        op: "status",
        side: "defender",
        actorUuid: "A",
        condition: "shock",
        overlay: false,
        active: false,
      },
    ];
    const failed = await runOperations(ops, {
      actor: async (uuid) => (uuid === "A" ? actor : null),
      combatant: (id) =>
        id === "c1" ? { update: async (c: unknown) => log.push(["combatant", c]) } : null,
    });
    expect(log).toEqual([
      ["create", "Item", [{ type: "injury", name: "Cut", system: {} }]],
      ["status", "dead", { active: true, overlay: true }],
      ["combatant", { defeated: true }],
      ["item", shield.id, { x: 1 }],
      ["actor", { "system.b": 2 }],
      ["status", "shock", { active: false }],
    ]);
    expect(failed.map((f) => [f.operation.op, f.error])).toEqual([
      ["status", "actor not found"],
      ["updateItem", "item not found"],
    ]);
  });
});
