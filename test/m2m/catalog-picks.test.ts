/**
 * The §5.2 catalog rows a user declares (src/rules/m2m/catalog-picks.ts): the rows offered, the
 * check of each row and its parameter by the engine's `attackModifier`, and their sum in the
 * attack's effective skill with their seed lines (seed 004 §5.2).
 */
import { describe, expect, it } from "vitest";
import { ATTACK_MODIFIERS } from "../../src/rules/m2m/attack";
import { CATALOG_PICKS, catalogModifier, readCatalogRows } from "../../src/rules/m2m/catalog-picks";
import { flowAttackTarget, newFighterBlock, parseFlowDeclaration } from "../../src/rules/m2m/flow";
import { SITUATION_KEYS } from "../../src/rules/m2m/situation";

describe("the rows offered", () => {
  it("are catalog rows, and none the flow computes itself", () => {
    const ids = ATTACK_MODIFIERS.map((m) => m.id);
    for (const p of CATALOG_PICKS) expect(ids).toContain(p.id);
    const computed = [
      ...SITUATION_KEYS.map((k) => k.slice("attack.".length)),
      "posture",
      "all-out-attack",
      "shock",
      "hit-location",
      "snap-shot",
      "aim",
      "off-hand",
      "close-combat-weapon",
      "close-combat-shield",
      "into-close-combat",
      "bulky-object",
      "object-size",
      "moving-target",
      "pop-up",
      "opportunity-fire",
      "large-shield",
    ];
    for (const id of computed) expect(CATALOG_PICKS.map((p) => p.id)).not.toContain(id);
  });
});

describe("catalogModifier", () => {
  it("gives the catalog's value and seed lines per row", () => {
    expect(catalogModifier({ id: "water" })).toEqual({
      key: "attack.water",
      value: -4,
      source: "seed 004 L1730 §5.2",
    });
    expect(catalogModifier({ id: "strike-at-weapon", param: "polearm" }).value).toBe(-3);
    expect(catalogModifier({ id: "strike-at-weapon", param: "small" }).value).toBe(-5);
    expect(catalogModifier({ id: "line-of-fire", param: 2 }).value).toBe(-8);
    expect(catalogModifier({ id: "bad-footing" }).value).toBe(-2);
    expect(catalogModifier({ id: "bad-footing", param: -3 }).value).toBe(-3);
    expect(catalogModifier({ id: "different-levels", param: 1 }).value).toBe(1);
    expect(catalogModifier({ id: "broken-weapon", param: -4 }).value).toBe(-4);
  });
  it("refuses a row not offered and a bad parameter, naming the field and value", () => {
    expect(() => catalogModifier({ id: "shock" }, "r")).toThrow(
      /^r\.id: expected one of .*"shock"/,
    );
    expect(() => catalogModifier({ id: "water", param: 1 }, "r")).toThrow(
      /^r\.param: water takes no parameter, got 1/,
    );
    expect(() => catalogModifier({ id: "target-cover" }, "r")).toThrow(/^r\.param: .*needs/);
    expect(() => catalogModifier({ id: "strike-at-weapon", param: "axe" }, "r")).toThrow(
      /^r\.param: expected one of small, polearm, other, got "axe"/,
    );
    expect(() => catalogModifier({ id: "different-levels", param: 3 }, "r")).toThrow(
      /^r\.param: .*got 3/,
    );
    // Within the bounds of the picker, refused by the engine itself (L2645–2647).
    expect(() => catalogModifier({ id: "broken-weapon", param: -3 }, "r")).toThrow(
      /^r\.param: a broken weapon's remnant is at −2 or −4.*got -3/,
    );
  });
});

describe("readCatalogRows", () => {
  it("refuses a list that is not one, a row twice, an unknown key", () => {
    expect(() => readCatalogRows({})).toThrow(/^attack\.catalog: expected a list/);
    expect(() => readCatalogRows([{ id: "kick" }, { id: "kick" }])).toThrow(
      /^attack\.catalog\[1\]\.id: declared twice/,
    );
    expect(() => readCatalogRows([{ id: "kick", value: 2 }])).toThrow(/^attack\.catalog\[0\]/);
    expect(readCatalogRows(undefined)).toEqual([]);
  });
});

describe("the flow declaration's catalog rows (flow.ts attack.catalog)", () => {
  const state = {
    ruleset: "m2m",
    revision: 0,
    data: { ...(newFighterBlock(12).data as object), turn: 1, maneuver: "attack", maneuverTurn: 1 },
  };
  const fighter = (id: string) => ({
    id,
    st: 12,
    dodge: 5,
    weapons: [{ id: "axe", modes: { "0": { skill: 14, damage: "1+3", type: "cut" } } }],
    state,
  });
  const raw = (catalog: unknown) => ({
    attacker: fighter("a"),
    defender: fighter("d"),
    attack: {
      weapon: "axe",
      mode: "0",
      catalog,
      modifiers: [{ label: "GM's call", value: 1 }],
    },
  });

  it("are itemised in the effective skill with their seed lines, before the user's own", () => {
    const t = flowAttackTarget(
      parseFlowDeclaration(
        raw([{ id: "bad-footing" }, { id: "strike-at-weapon", param: "other" }, { id: "kick" }]),
      ),
    );
    expect(t.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["attack.bad-footing", -2],
      ["attack.strike-at-weapon", -4],
      ["attack.kick", -2],
      ["attack.user", 1],
    ]);
    // Seed lines from the spec's table (L1728 bad footing, L2539 strike at weapon, L1930 kick).
    expect(t.modifiers.slice(0, 3).map((m) => m.source)).toEqual([
      "seed 004 L1728 §5.2",
      "seed 004 L2539 §5.2",
      "seed 004 L1930, L1904 §5.2",
    ]);
    expect(t.value).toBe(14 - 2 - 4 - 2 + 1);
  });
  it("refuse a bad row naming the declaration's field", () => {
    expect(() => parseFlowDeclaration(raw([{ id: "line-of-fire", param: 0 }]))).toThrow(
      /^attack\.catalog\[0\]\.param: .*got 0/,
    );
    expect(() => parseFlowDeclaration(raw([{ id: "range", param: 2 }]))).toThrow(
      /^attack\.catalog\[0\]\.id: /,
    );
  });
});
