/**
 * The HârnMaster Gold Disengage action against the stand-ins (seed 000 lines 85-91; ruling
 * G67): Alice runs `game.blowByBlow.rulesetAction("disengage", …)`'s action for Sir Aldric
 * against the Brigand she targets; the named rolls go through Foundry's dice and the result is
 * posted as a skill-test card. With the option off nothing is rolled or posted.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, fixedFaces, settle, standIns } from "../stand-ins";
import { HM3_FOUNDRY } from "../../../src/foundry/rulesets/hm3";
import { disengage } from "../../../src/foundry/rulesets/hm3/disengage-action";
import { resetFlow, world } from "./fixtures";

beforeEach(resetFlow);

const messages = () => [...(standIns.game.messages ?? [])] as unknown as { content: string }[];

describe("the Disengage action (G67)", () => {
  it("is the hm3 ruleset's action `disengage`", () => {
    expect(HM3_FOUNDRY.actions?.disengage).toBe(disengage);
  });

  it("option on: rolls disengage and the targeted foe's test, posts the card", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.disengaging", true as never);
    const w = world();
    const before = messages().length;
    // disengage 05 (CS against any EML of 5 or more); the Brigand 96: a failure.
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [5, 100],
      [96, 100],
    ]);
    await asUser(w.alice, () => disengage({ actorUuid: w.aldric.uuid }));
    await settle();
    const posted = messages().slice(before);
    expect(posted).toHaveLength(1);
    const html = posted[0]!.content;
    expect(html).toContain("Disengage (HârnMaster Gold)");
    expect(html).toContain("Sir Aldric");
    expect(html).toMatch(/Out of every Engagement Zone, then up to \d+ ft/);
    expect(html).toMatch(/Brigand: [^(]+\(96 against \d+\)/);
    expect(html).toContain('data-level="CS"');
  });

  it("option off: a warning, no roll, no card", async () => {
    const w = world();
    const before = messages().length;
    await asUser(w.alice, () => disengage({ actorUuid: w.aldric.uuid }));
    await settle();
    expect(messages().length).toBe(before);
    const warned = standIns.notifications.messages.map((n) => n.message).join("; ");
    expect(warned).toContain("Disengaging from combat");
  });
});
