/**
 * The sheet's encounter record (`system.m2m.encounter`) and the fight block (issue 17, rulings
 * M125, M126): a fight starts from the record, the end of the fight writes back what outlasts it.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../../../src/core/errors";
import { tickConditions } from "../../../../src/core/turns";
import { newFighterBlock, parseFighterBlock } from "../../../../src/rules/m2m/flow";
import { defaultM2mBlock } from "../../../../src/foundry/rulesets/m2m/character-data";
import {
  blockFromEncounter,
  encounterAfterFight,
  readEncounter,
} from "../../../../src/foundry/rulesets/m2m/fight-encounter";
import { clearFight, seedFight } from "../../../../src/foundry/rulesets/m2m/fight";
import { friedrickBlock, friedrickDerived } from "./sheet-fixtures";

type Obj = Record<string, unknown>;
const fresh = () => defaultM2mBlock().encounter;
const stateOf = (b: ReturnType<typeof blockFromEncounter>) => parseFighterBlock(b).state;

describe("a fight starts from the encounter record (ruling M125)", () => {
  it("an untouched record gives the fresh block", () => {
    expect(blockFromEncounter(14, 9, fresh())).toEqual(newFighterBlock(14, 9));
  });

  it("each condition of the record is held with the flow's duration for it", () => {
    const e = {
      ...fresh(),
      stunned: true,
      unconscious: true,
      dead: true,
      shock: 3,
      offBalance: true,
      crippled: ["left-arm" as const, "right-leg" as const],
      position: "lying" as const,
    };
    const s = stateOf(blockFromEncounter(12, -3, e));
    expect(s.hp).toBe(-3);
    expect(s.posture).toBe("lying");
    const by = (c: string) => s.conditions.filter((h) => h.condition === c);
    expect(by("dead")[0]).toMatchObject({ until: "permanent", armed: false });
    expect(by("unconscious")[0]).toMatchObject({ until: "recovered" });
    expect(by("stunned")[0]).toMatchObject({ until: "recovered" });
    // Shock: the penalty to his first turn's attacks, gone at that turn's end (L1864).
    expect(by("shocked")[0]).toMatchObject({ until: "endOfNextTurn", value: 3 });
    expect(by("offBalance")[0]).toMatchObject({ until: "nextTurn" });
    expect(by("crippled").map((h) => [h.location, h.until])).toEqual([
      ["left-arm", "encounter"],
      ["right-leg", "encounter"],
    ]);
    expect(by("prone")[0]).toMatchObject({ until: "recovered" });
  });

  it("carried shock weighs on his first turn only", () => {
    const s = stateOf(blockFromEncounter(12, 12, { ...fresh(), shock: 2 }));
    const started = tickConditions(s.conditions, "turnStart").kept;
    expect(started.map((h) => h.condition)).toEqual(["shocked"]);
    expect(tickConditions(started, "turnEnd").kept).toEqual([]);
  });

  it("a weapon unready or away on the record is so in the block; one in hand and ready is left out", () => {
    const e = {
      ...fresh(),
      readiness: [
        {
          item: "axe",
          place: "hand" as const,
          turnsToReady: 1,
          reach: "1" as const,
          stuck: "no" as const,
        },
        {
          item: "bow",
          place: "sheathed" as const,
          turnsToReady: 0,
          reach: "none" as const,
          stuck: "no" as const,
        },
        {
          item: "sword",
          place: "hand" as const,
          turnsToReady: 0,
          reach: "none" as const,
          stuck: "no" as const,
        },
      ],
    };
    expect(stateOf(blockFromEncounter(12, 12, e)).weapons).toEqual({
      axe: { place: "hand", turnsToReady: 1, stuck: "no", broken: false },
      bow: { place: "sheathed", turnsToReady: 0, stuck: "no", broken: false },
    });
  });

  it("seedFight reads the actor's record (Friedrick, stunned and crippled in the left arm)", () => {
    const m2m = {
      ...friedrickBlock(),
      encounter: { ...fresh(), stunned: true, crippled: ["left-arm"] },
    };
    const fighter = {
      actorType: "character",
      name: "Fiendish Friedrick",
      system: { m2m },
      derived: { ruleset: "m2m", ...friedrickDerived() },
      items: [],
      conditions: [],
    };
    const s = parseFighterBlock(seedFight(fighter)).state;
    expect(s.conditions.map((h) => [h.condition, h.location ?? null])).toEqual([
      ["stunned", null],
      ["crippled", "left-arm"],
    ]);
  });

  it("a malformed record is refused, naming the field and value", () => {
    expect(() => readEncounter({ ...fresh(), shock: -1 })).toThrow(
      /system\.m2m\.encounter\.shock.*-1/,
    );
    expect(() => readEncounter({ ...fresh(), crippled: ["tail"] })).toThrow(
      /system\.m2m\.encounter\.crippled\.0.*tail/,
    );
    expect(() => readEncounter({ ...fresh(), position: "flying" })).toThrow(InputError);
    expect(() => readEncounter("stunned")).toThrow(/system\.m2m\.encounter/);
    expect(readEncounter(undefined)).toEqual(fresh());
  });
});

describe("the end of a fight writes back what outlasts it (ruling M126)", () => {
  const block = (conditions: Obj[], extra: Obj = {}) => {
    const b = newFighterBlock(12, 5);
    Object.assign(b.data, { conditions, ...extra });
    return b;
  };
  const h = (condition: string, until: unknown, more: Obj = {}) => ({
    condition,
    cause: "wound",
    until,
    armed: true,
    ...more,
  });

  it("stun, unconsciousness and a lasting crippling stay; shock, balance and a crippling for the encounter go", () => {
    const before = { ...fresh(), shock: 4, offBalance: true, deathChecks: 1, footBraced: true };
    const after = encounterAfterFight(
      before,
      block(
        [
          h("stunned", "recovered"),
          h("unconscious", "recovered"),
          h("shocked", "endOfNextTurn", { value: 2 }),
          h("offBalance", "nextTurn"),
          h("crippled", "encounter", { location: "left-arm" }),
          h("crippled", "permanent", { location: "right-hand" }),
        ],
        { posture: "kneeling" },
      ),
    );
    expect(after).toEqual({
      ...before,
      shock: 0,
      offBalance: false,
      stunned: true,
      unconscious: true,
      dead: false,
      crippled: ["right-hand"],
      position: "kneeling",
      readiness: [],
    });
  });

  it("each weapon's readiness is the block's; the record's entries and reach are kept", () => {
    const entry = (item: string, reach: "1" | "none") => ({
      item,
      place: "hand" as const,
      turnsToReady: 0,
      reach,
      stuck: "no" as const,
    });
    const before = {
      ...fresh(),
      stunned: true,
      readiness: [entry("axe", "1"), entry("dagger", "none")],
    };
    const weapons = {
      axe: { place: "hand", turnsToReady: 1, stuck: "no", broken: false },
      sword: { place: "ground", turnsToReady: 0, stuck: "no", broken: false },
      spear: { place: "hand", turnsToReady: 0, stuck: "no", broken: false },
    };
    const after = encounterAfterFight(before, block([], { weapons }));
    expect(after.stunned).toBe(false);
    expect(after.readiness).toEqual([
      { item: "axe", place: "hand", turnsToReady: 1, reach: "1", stuck: "no" },
      entry("dagger", "none"),
      { item: "sword", place: "ground", turnsToReady: 0, reach: "none", stuck: "no" },
    ]);
  });

  it("clearFight writes the record back beside the block's removal; without a block it only removes", () => {
    const m2m = { ...friedrickBlock(), encounter: { ...fresh(), shock: 2 } };
    const fighter = {
      actorType: "character",
      name: "Fiendish Friedrick",
      system: { m2m },
      derived: null,
      items: [],
      conditions: [],
    };
    const b = block([h("dead", "permanent")]);
    expect(clearFight(fighter, b)).toEqual({
      "system.m2m.fight": null,
      "system.m2m.encounter": { ...fresh(), dead: true },
    });
    expect(clearFight(fighter, null)).toEqual({ "system.m2m.fight": null });
    // A malformed record is left as it is.
    const bad = { ...fighter, system: { m2m: { ...m2m, encounter: { shock: "x" } } } };
    expect(clearFight(bad, b)).toEqual({ "system.m2m.fight": null });
  });
});
