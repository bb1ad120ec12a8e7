/**
 * The HârnMaster Gold Disengage action against the stand-ins (seed 000 lines 85-91; rulings
 * G67, G85): Alice runs `game.blowByBlow.rulesetAction("disengage", …)`'s action for Sir Aldric
 * against the foes she targets; her test is rolled at once and the card waits for each foe's
 * answer (000:87: "each opponent … may also test Initiative EML (if an opponent does not wish to
 * make a roll, treat the result as MF)"). Each foe's owner or the GM answers once, checked at the
 * click and again on the GM's client; the card is written once per foe. With the option off
 * nothing is rolled or posted.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  asUser,
  fixedFaces,
  makeActor,
  placeToken,
  settle,
  standIns,
  targetTokens,
} from "../stand-ins";
import { KNIGHT_SYSTEM } from "../actor-sheet-fixtures";
import { HM3_FOUNDRY } from "../../../src/foundry/rulesets/hm3";
import { disengage } from "../../../src/foundry/rulesets/hm3/disengage-action";
import {
  answerDisengage,
  DISENGAGE_STEP,
  disengageFoeStep,
} from "../../../src/foundry/rulesets/hm3/disengage-foes";
import { DISENGAGE_BUTTON } from "../../../src/foundry/rulesets/hm3/disengage-view";
import { QUERY, runStep } from "../../../src/foundry/combat/queries";
import { resetFlow, world } from "./fixtures";

beforeEach(resetFlow);

type Msg = { id: string; content: string; flags: Record<string, Record<string, unknown>> };
const messages = () => [...(standIns.game.messages ?? [])] as unknown as Msg[];
const warnings = () => standIns.notifications.messages.map((n) => n.message).join("; ");
const answers = (m: Msg) =>
  (m.flags["blow-by-blow"]!.disengage as { state: { foes: { answer: string }[] } }).state.foes.map(
    (f) => f.answer,
  );

async function optionOn() {
  await standIns.game.settings.set("blow-by-blow", "hm3.disengaging", true as never);
}

/** Alice disengages Sir Aldric from the Brigand (GM's) and, when `outlaw`, Bob's Outlaw too. */
async function started(outlaw: boolean, faces: [number, number][]) {
  await optionOn();
  const w = world();
  let outlawToken = null;
  if (outlaw) {
    const actor = makeActor({
      _id: "actorOutlaw00001",
      name: "Outlaw <b>",
      type: "character",
      system: structuredClone(KNIGHT_SYSTEM) as never,
      ownership: { default: 0, [w.bob.id]: 3 },
    });
    outlawToken = placeToken(actor, { _id: "tokOutlaw0000001", at: [0, 1] });
    asUser(w.alice, () => targetTokens([w.tBrigand, outlawToken!]));
  }
  standIns.CONFIG.Dice!.randomUniform = fixedFaces(faces);
  const before = messages().length;
  await asUser(w.alice, () => disengage({ actorUuid: w.aldric.uuid }));
  await settle();
  const posted = messages().slice(before);
  expect(posted).toHaveLength(1);
  return { w, card: posted[0]! };
}

describe("the Disengage action (G67, G85)", () => {
  it("is the hm3 ruleset's action `disengage`, with its HUD button and its GM step", () => {
    expect(HM3_FOUNDRY.actions?.disengage).toBe(disengage);
    expect(HM3_FOUNDRY.actionButtons).toEqual([DISENGAGE_BUTTON]);
    expect(DISENGAGE_BUTTON.action).toBe("disengage");
    expect(HM3_FOUNDRY.steps?.[DISENGAGE_STEP]).toBe(disengageFoeStep);
  });

  it("the button is offered only in hm3 with the option on", async () => {
    expect(DISENGAGE_BUTTON.shown()).toBe(false);
    await optionOn();
    expect(DISENGAGE_BUTTON.shown()).toBe(true);
    await standIns.game.settings.set("blow-by-blow", "ruleset", "m2m" as never);
    expect(DISENGAGE_BUTTON.shown()).toBe(false);
  });

  it("rolls only the disengager's test; the card waits for the foe's answer", async () => {
    // disengage 05: CS against any EML of 5 or more.
    const { card } = await started(false, [[5, 100]]);
    expect(card.content).toContain("Disengage (HârnMaster Gold)");
    expect(card.content).toContain('data-level="CS"');
    expect(card.content).toContain("Brigand: to test Initiative or decline");
    expect(card.content).toContain("Waiting for 1 engaged foe(s)");
    expect(card.content).toMatch(/data-answer="test"/);
    expect(answers(card)).toEqual(["pending"]);
  });

  it("the GM tests for the Brigand: its d100 is rolled, the card updated once with the outcome", async () => {
    const { w, card } = await started(false, [
      [5, 100],
      [96, 100],
    ]);
    const ok = await asUser(w.gm, () =>
      answerDisengage({ messageId: card.id, foe: 0, test: true }),
    );
    expect(ok).toBe(true);
    const after = standIns.game.messages!.get(card.id) as unknown as Msg;
    expect(answers(after)).toEqual(["test"]);
    expect(after.content).toMatch(/Brigand: [^(<]+\(96 against \d+\)/);
    expect(after.content).toMatch(/Out of every Engagement Zone, then up to \d+ ft/);
    expect(after.content).not.toContain("bbb-disengage-answer");
    // A second answer (a double click, or Decline after Test) is refused; nothing changes.
    const again = await asUser(w.gm, () =>
      runStep(QUERY.ruleset, w.gm, {
        step: DISENGAGE_STEP,
        messageId: card.id,
        foe: 0,
        test: false,
      }),
    );
    expect(again).toMatchObject({ ok: false, code: "alreadyAnswered" });
    expect((standIns.game.messages!.get(card.id) as unknown as Msg).content).toBe(after.content);
  });

  it("a player who does not own the foe is refused at the click and on the GM's client", async () => {
    const { w, card } = await started(false, [[5, 100]]);
    const ok = await asUser(w.alice, () =>
      answerDisengage({ messageId: card.id, foe: 0, test: false }),
    );
    expect(ok).toBe(false);
    expect(warnings()).toContain("You do not own Brigand");
    const outcome = await asUser(w.gm, () =>
      runStep(QUERY.ruleset, w.alice, {
        step: DISENGAGE_STEP,
        messageId: card.id,
        foe: 0,
        test: false,
      }),
    );
    expect(outcome).toMatchObject({ ok: false, code: "notOwnerOf", data: { name: "Brigand" } });
    expect(answers(standIns.game.messages!.get(card.id) as unknown as Msg)).toEqual(["pending"]);
  });

  it("Bob declines for his Outlaw (MF, no roll); the outcome waits for the Brigand", async () => {
    const { w, card } = await started(true, [
      [33, 100],
      [25, 100],
    ]);
    expect(answers(card)).toEqual(["pending", "pending"]);
    // Bob's own answer goes through the request message and the GM's query (askGM).
    const ok = await asUser(w.bob, () =>
      answerDisengage({ messageId: card.id, foe: 1, test: false }),
    );
    await settle();
    expect(ok).toBe(true);
    let now = standIns.game.messages!.get(card.id) as unknown as Msg;
    expect(answers(now)).toEqual(["pending", "decline"]);
    // The user's text is escaped on the card.
    expect(now.content).toContain("Outlaw &lt;b&gt;: declines to test");
    expect(now.content).toContain("Waiting for 1 engaged foe(s)");
    // Bob cannot answer for the Brigand.
    expect(
      await asUser(w.bob, () => answerDisengage({ messageId: card.id, foe: 0, test: true })),
    ).toBe(false);
    // The GM tests for the Brigand: 25 is a CS against the Knight's EML; Aldric's 33 an MS: one hex.
    await asUser(w.gm, () => answerDisengage({ messageId: card.id, foe: 0, test: true }));
    now = standIns.game.messages!.get(card.id) as unknown as Msg;
    expect(answers(now)).toEqual(["test", "decline"]);
    expect(now.content).toContain("One hex out of every Engagement Zone, then the Turn ends");
  });

  it("a step naming no foe, or no step the ruleset has, is refused naming the field", async () => {
    const { w, card } = await started(false, [[5, 100]]);
    const bad = await asUser(w.gm, () =>
      runStep(QUERY.ruleset, w.gm, {
        step: DISENGAGE_STEP,
        messageId: card.id,
        foe: 3,
        test: true,
      }),
    );
    expect(bad).toMatchObject({
      ok: false,
      code: "badRequest",
      data: { field: "foe", value: "3" },
    });
    const none = await asUser(w.gm, () => runStep(QUERY.ruleset, w.gm, { step: "nothing" }));
    expect(none).toMatchObject({ ok: false, code: "badRequest", data: { field: "step" } });
  });

  it("option off: a warning, no roll, no card", async () => {
    const w = world();
    const before = messages().length;
    await asUser(w.alice, () => disengage({ actorUuid: w.aldric.uuid }));
    await settle();
    expect(messages().length).toBe(before);
    expect(warnings()).toContain("Disengaging from combat");
  });
});
