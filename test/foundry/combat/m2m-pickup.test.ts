/**
 * Picking a dropped weapon up and close combat's ruled-out maneuvers through the Foundry adapter
 * (issue 17; seed 004 §4.6, "Lnnn" is a seed line; engine src/rules/m2m/flow.ts, adapter
 * maneuver-step.ts, maneuver-form.ts, src/foundry/rulesets/m2m/turns.ts): Friedrick's axe on the
 * ground is refused to Ready while he stands, he kneels, and Ready picks it up and stands him
 * (L2101, L2167, L2631-2633; ruling M97), the axe then needing its Ready turn; in close combat
 * the maneuver dialog greys out what L2805 rules out, naming why, and the GM's client refuses it;
 * Ready lists the shield and, named after a block's 17-18, re-readies it (L2594).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, settle, standIns, type StandInActor } from "../stand-ins";
import {
  maneuverDialogContext,
  initialManeuverDraft,
  readManeuverDraft,
} from "../../../src/foundry/combat/maneuver-form";
import { ManeuverDialog } from "../../../src/foundry/combat/maneuver-dialog";
import { chooseManeuver, sendManeuver } from "../../../src/foundry/combat/maneuver-action";
import { readFight, writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { parseFighterBlock } from "../../../src/rules/m2m/flow";
import { resetFlow } from "./fixtures";
import { AXE, notices, snap, m2mFight, type M2mFight } from "./m2m-world";

type Fight = M2mFight;

const stateOf = (a: StandInActor) => parseFighterBlock(readFight(snap(a))!).state;
const current = (f: Fight) => ({ combatId: f.combat.id!, combatantId: f.combat.combatant!.id! });

/** Round on to Friedrick's next turn (Pierre's passes). */
async function friedricksNextTurn(f: Fight): Promise<void> {
  await f.combat.nextTurn();
  await settle();
  await f.combat.nextTurn();
  await settle();
  expect(f.combat.combatant!.name).toBe("Fiendish Friedrick");
}

/** Friedrick's block with `data` merged in (written as the GM). */
async function patch(f: Fight, data: Record<string, unknown>): Promise<void> {
  const block = readFight(snap(f.friedrick))!;
  await f.friedrick.update(writeFight({ ...block, data: { ...block.data, ...data } }));
}

/** Fiendish Friedrick's large shield (the pack's item). */
const SHIELD = "4VZVLrBcW5kddeas";

beforeEach(resetFlow);

describe("picking up a dropped weapon in Foundry (L2101, L2167, L2631-2633)", () => {
  it("standing he is refused; he kneels; Ready picks the axe up and stands him, the axe a Ready turn from use", async () => {
    const f = await m2mFight();
    await patch(f, {
      weapons: { [AXE]: { place: "ground", turnsToReady: 0, stuck: "no", broken: false } },
    });
    const ready = { maneuver: "ready", weapon: AXE };
    expect(await asUser(f.alice, () => sendManeuver(current(f), ready))).toBe(false);
    expect(notices("warning").at(-1)).toContain("he must kneel first");
    expect(stateOf(f.friedrick).weapons[AXE]!.place).toBe("ground");

    const kneel = { maneuver: "change-position", posture: "kneeling" };
    expect(await asUser(f.alice, () => sendManeuver(current(f), kneel))).toBe(true);
    expect(stateOf(f.friedrick).posture).toBe("kneeling");

    await friedricksNextTurn(f);
    expect(await asUser(f.alice, () => sendManeuver(current(f), ready))).toBe(true);
    const s = stateOf(f.friedrick);
    expect(s.posture).toBe("standing");
    expect(s.weapons[AXE]).toMatchObject({ place: "hand", turnsToReady: 1 });
  });
});

describe("re-readying a shield in Foundry (L2594)", () => {
  it("Ready lists Friedrick's large shield; naming it after a block's 17-18 readies the shield", async () => {
    const f = await m2mFight();
    let seen: Parameters<typeof ManeuverDialog.prompt>[0] | null = null;
    vi.spyOn(ManeuverDialog, "prompt").mockImplementation((input) => {
      seen = input;
      return Promise.resolve(null);
    });
    await asUser(f.alice, () => chooseManeuver(current(f)));
    expect(seen!.weapons).toContainEqual({ id: SHIELD, name: "Large shield" });
    const lost = {
      condition: "shieldUnready",
      cause: "blockCriticalFailure",
      until: "recovered",
      armed: true,
    };
    await patch(f, { shieldReady: false, conditions: [lost] });
    const ready = { maneuver: "ready", weapon: SHIELD };
    expect(await asUser(f.alice, () => sendManeuver(current(f), ready))).toBe(true);
    const s = stateOf(f.friedrick);
    expect(s.shieldReady).toBe(true);
    expect(s.conditions.some((c) => c.condition === "shieldUnready")).toBe(false);
    expect(s.weapons[SHIELD]).toBeUndefined();
  });
});

describe("close combat's ruled-out maneuvers in Foundry (L2805)", () => {
  it("the dialog greys out All-Out Attack, All-Out Defence, Feint, Aim, Concentrate and Wait, naming why; the GM's client refuses them", async () => {
    const f = await m2mFight();
    await patch(f, { close: { foe: f.pierre.uuid, since: 1 } });
    let seen: Parameters<typeof ManeuverDialog.prompt>[0] | null = null;
    vi.spyOn(ManeuverDialog, "prompt").mockImplementation((input) => {
      seen = input;
      return Promise.resolve(null);
    });
    await asUser(f.alice, () => chooseManeuver(current(f)));
    const input = seen!;
    const out = input.options.filter((o) => o.unavailableKey).map((o) => o.id);
    expect(out.sort()).toEqual(
      ["aim", "all-out-attack", "all-out-defence", "concentrate", "feint", "wait"].sort(),
    );
    expect(input.options.find((o) => o.id === "feint")!.unavailableKey).toBe(
      "BLOWBYBLOW.M2M.Unavailable.closeCombat",
    );
    const i18n = standIns.game.i18n!;
    const ctx = maneuverDialogContext(
      input,
      initialManeuverDraft(),
      (k) => i18n.localize(k),
      (k, d) => i18n.format(k, d),
    );
    const feint = ctx.maneuvers.find((m) => m.id === "feint")!;
    expect(feint).toMatchObject({ disabled: true, label: "Feint (not possible in close combat)" });
    expect(ctx.maneuvers.find((m) => m.id === "attack")).toMatchObject({ disabled: false });
    const draft = { ...initialManeuverDraft(), maneuver: "feint" };
    expect(readManeuverDraft(draft, input)).toMatchObject({
      choice: null,
      errors: { maneuver: "BLOWBYBLOW.Maneuver.Error.unavailable" },
    });
    // A macro sending it anyway is refused on the GM's client, nothing written.
    const before = readFight(snap(f.friedrick))!.revision;
    for (const maneuver of ["all-out-attack", "wait"]) {
      expect(
        await asUser(f.alice, () =>
          sendManeuver(current(f), {
            maneuver,
            ...(maneuver === "all-out-attack" ? { allOut: "plus-4" } : {}),
          }),
        ),
      ).toBe(false);
      expect(notices("warning").at(-1)).toContain("not possible in close combat (L2805)");
    }
    expect(readFight(snap(f.friedrick))!.revision).toBe(before);
  });
});
