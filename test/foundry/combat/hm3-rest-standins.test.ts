/**
 * HârnMaster Gold rest against the stand-ins (seed 000 line 113: "FPs are recovered at a rate
 * equal to Condition SI for every 2 minutes of rest"; rulings G66, G93): the hm3 ruleset's
 * action `rest` (a macro's `rulesetAction("rest", {actorUuid, minutes})`, the sheet's Rest
 * button) lowers the fatigue of an actor the user owns, checked at the click.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, standIns } from "../stand-ins";
import { HM3_FOUNDRY } from "../../../src/foundry/rulesets/hm3";
import { rest, restOutcome } from "../../../src/foundry/rulesets/hm3/gold-rest";
import type { Hm3Derived } from "../../../src/rules/hm3/character-types";
import { resetFlow, world } from "./fixtures";
import { Hm3ActorSheet } from "../../../src/foundry/rulesets/hm3/sheets/actor/actor-sheet";

beforeEach(resetFlow);

const fatigueOf = (a: { system: unknown }) =>
  (a.system as { hm3: { fatigue: number } }).hm3.fatigue;
const warnings = () => standIns.notifications.messages.map((n) => n.message).join("; ");

async function goldWorld(fatigue: number) {
  await standIns.game.settings.set("blow-by-blow", "hm3.encumbranceFatigue", true as never);
  const w = world();
  await w.aldric.update({ "system.hm3.fatigue": fatigue });
  return w;
}

describe("the rest action (000:113, G93)", () => {
  it("is the hm3 ruleset's action `rest`", () => {
    expect(HM3_FOUNDRY.actions?.rest).toBe(rest);
  });

  it("the owner rests 5 minutes: 2 whole periods × Condition SI recovered, never below 0", async () => {
    const w = await goldWorld(20);
    const d = (w.aldric.system as unknown as { derived: Hm3Derived }).derived;
    const si = Math.floor(d.goldEncumbrance!.conditionMl / 10);
    expect(d.goldEncumbrance!.recovery).toBe(si);
    const out = await asUser(w.alice, () => rest({ actorUuid: w.aldric.uuid, minutes: 5 }));
    expect(out).toEqual({ fatigue: Math.max(0, 20 - 2 * si), recovered: Math.min(20, 2 * si) });
    expect(fatigueOf(w.aldric)).toBe(Math.max(0, 20 - 2 * si));
    const info = standIns.notifications.messages.map((n) => n.message).join("; ");
    expect(info).toContain("Sir Aldric rests 5 minutes");
    // Resting long enough empties it, never below 0.
    await asUser(w.alice, () => rest({ actorUuid: w.aldric.uuid, minutes: 600 }));
    expect(fatigueOf(w.aldric)).toBe(0);
  });

  it("a user who does not own the actor is refused: nothing changes", async () => {
    const w = await goldWorld(9);
    expect(await asUser(w.bob, () => rest({ actorUuid: w.aldric.uuid }))).toBeNull();
    expect(fatigueOf(w.aldric)).toBe(9);
    expect(warnings()).toContain("Only the GM or the actor's owner");
    // The GM may rest anyone.
    expect(await asUser(w.gm, () => rest({ actorUuid: w.brigand.uuid }))).not.toBeNull();
  });

  it("bad minutes are refused naming the value; with the option off nothing is rested", async () => {
    const w = await goldWorld(9);
    for (const minutes of [0, 1.5, 1441, "2" as unknown as number]) {
      expect(await asUser(w.alice, () => rest({ actorUuid: w.aldric.uuid, minutes }))).toBeNull();
      expect(warnings()).toContain(`got ${minutes}`);
    }
    expect(fatigueOf(w.aldric)).toBe(9);
    await standIns.game.settings.set("blow-by-blow", "hm3.encumbranceFatigue", false as never);
    expect(await asUser(w.alice, () => rest({ actorUuid: w.aldric.uuid }))).toBeNull();
    expect(warnings()).toContain("only with the HârnMaster Gold option Encumbrance & fatigue");
  });

  it("restOutcome: 1 minute recovers nothing (a whole 2 minutes is needed); 4 minutes two SIs", () => {
    const system = {
      hm3: { fatigue: 15 },
      derived: { goldEncumbrance: { conditionMl: 62, enc: 0, fatigueRate: 1, recovery: 6 } },
    };
    expect(restOutcome(system, 1)).toEqual({ fatigue: 15, recovered: 0 });
    expect(restOutcome(system, 4)).toEqual({ fatigue: 3, recovered: 12 });
    expect(restOutcome({ hm3: { fatigue: 3 } }, 2)).toEqual({ problem: "notDerived" });
  });

  it("the sheet's Rest button rests 2 minutes for its actor, as the clicking user", async () => {
    const w = await goldWorld(30);
    const si = (w.aldric.system as unknown as { derived: Hm3Derived }).derived.goldEncumbrance!
      .recovery;
    const actions = Hm3ActorSheet.DEFAULT_OPTIONS.actions as Record<
      string,
      (this: unknown) => Promise<void>
    >;
    await asUser(w.alice, () => actions.goldRest!.call({ actor: w.aldric }));
    expect(fatigueOf(w.aldric)).toBe(30 - si);
    await asUser(w.bob, () => actions.goldRest!.call({ actor: w.aldric }));
    expect(fatigueOf(w.aldric)).toBe(30 - si);
  });
});
