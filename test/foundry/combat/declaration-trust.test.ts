/**
 * Issue 15, the declaration's trust: what the GM's client takes from a player's attack request.
 * Each attack is first reproduced (what the forged request does to the figures), then shown
 * held on its card for the GM's approval: the defender's situation set by hand or not
 * measurable on the GM's canvas, custom modifiers beyond the world's cap, and a missile range
 * band that is not the GM's measured distance's.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  asUser,
  canvasStandIn,
  createScene,
  settle,
  standIns,
  StandInChatMessage,
} from "../stand-ins";
import type { AttackRequest, AttackSituation, ChoiceRequest } from "../../../src/core/combat";
import { replayExchange, type ExchangeCard } from "../../../src/core/flow";
import { exchangeCardContext } from "../../../src/foundry/chat/card-context";
import {
  approvalLines,
  handSetLines,
  readAttackContext,
} from "../../../src/foundry/chat/card-lines";
import { localizeTree, type LangText } from "../../../src/foundry/chat/text";
import { approveAttack, attack, defend } from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { QUERY, runStep } from "../../../src/foundry/combat/queries";
import { exchangeBuild, pendingApproval } from "../../../src/foundry/combat/query-common";
import { CUSTOM_CAP_DEFAULT, type ApplyMode } from "../../../src/foundry/combat/settings";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { cardOf } from "../../../src/foundry/data/chat-message/exchange";
import { cardRuleset, fightingRuleset, foundryRuleset } from "../../../src/foundry/rulesets";
import { cardId, planningDice, scriptDice, resetFlow, world, type World } from "./fixtures";

const SWORD = "wpSword000000001";
const SHIELD = "wpShield00000001";
const LONGBOW = "msLongbow0000001";

beforeEach(resetFlow);

const block: ChoiceRequest = {
  optionId: "block",
  itemId: SHIELD,
  mode: null,
  aim: null,
  custom: [],
};

const messages = () => standIns.game.messages!;
const card = (id: string): ExchangeCard => cardOf(messages().get(id)!.system);
const warnings = (): string[] =>
  standIns.notifications.messages.filter((n) => n.type === "warning").map((n) => n.message);
const format = (key: string, data: Record<string, string> = {}): string =>
  standIns.game.i18n.format(key, data);
const text = (lines: LangText[]): string[] => {
  const i18n = standIns.game.i18n;
  return localizeTree(
    lines,
    (k) => i18n.localize(k),
    (k, d) => i18n.format(k, d as Record<string, string>),
  ) as string[];
};

async function setSetting(key: string, value: unknown): Promise<void> {
  await standIns.game.settings.set("blow-by-blow", key, value as never);
}

/**
 * The request the attack dialog submits: Sir Aldric's sword (or `over`) with the situation the
 * dialog measured, changed by `over.situation` (a modified client may send anything).
 */
function stubAttack(
  over: Partial<Omit<AttackRequest, "situation">> & { situation?: Partial<AttackSituation> } = {},
  after?: () => void,
): void {
  vi.spyOn(AttackDialog, "prompt").mockImplementation((input) => {
    const request: AttackRequest = {
      itemId: SWORD,
      mode: "edge",
      aim: "mid",
      band: null,
      custom: [],
      ...over,
      situation: { ...input.situation, ...over.situation },
    };
    after?.();
    return Promise.resolve(request);
  });
}

async function aliceAttacks(w: World): Promise<string> {
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.aldric.uuid, tokenUuid: w.tAldric.document.uuid, itemId: SWORD }),
  );
  expect(message, warnings().join("; ")).not.toBeNull();
  await settle();
  return cardId(message as unknown as StandInChatMessage);
}

/** The Block target the pending defence offers the Brigand's shield (its EML as declared). */
function blockTarget(w: World, c: ExchangeCard): number {
  const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
  const { pending } = replayExchange(fr.ruleset, c);
  const options = fr.combat.choiceOptions(
    pending!,
    exchangeBuild(c),
    fighterSnapshot(w.brigand as unknown as ActorLike),
  );
  const shield = options.find((o) => o.id === "block")?.items.find((i) => i.itemId === SHIELD);
  return shield?.target?.value ?? NaN;
}

/** The attack target of `request` for Sir Aldric against the Brigand, as the ruleset gives it. */
function attackTarget(w: World, request: AttackRequest): number {
  const fr = fightingRuleset(foundryRuleset("hm3")!);
  return fr.combat.attackTarget(
    fighterSnapshot(w.aldric as unknown as ActorLike),
    fighterSnapshot(w.brigand as unknown as ActorLike),
    request,
  ).value;
}

/** The card as a viewer sees it (the GM, or Alice). */
function view(c: ExchangeCard, isGM: boolean) {
  return exchangeCardContext(
    c,
    {
      isGM,
      owns: { attacker: !isGM, defender: isGM },
      gmOnline: true,
      userId: isGM ? "gm" : "a",
      showDefenceTargets: true,
    },
    cardRuleset(foundryRuleset(c.ruleset)!),
    { applyMode: "ask", authorIsGM: true },
  );
}

/** Scripts the GM's Block so that it resolves (the GM's client rolls every die). */
function scriptBlock(id: string, w: World): void {
  const c = card(id);
  const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const value = fr.combat.buildChoice(
    pending!,
    exchangeBuild(c),
    fighterSnapshot(w.brigand as unknown as ActorLike),
    block,
  );
  const planning = planningDice({ attack: 5, defence: 96, location: 50, impact: 3, shock: 6 });
  fr.ruleset.choose(state, fr.ruleset.parseChoice(state, value), planning);
  scriptDice(planning.faces);
}

// ── 1. The defender's situation ──────────────────────────────────────────────────────────────

describe("the defender's situation in a player's request (issue 15, high)", () => {
  it("20 hostiles and prone take Block from 65 to 5; the card waits for the GM's approval", async () => {
    const w = world();
    // The honest attack first: the GM's measurement, Block 65, no approval needed.
    stubAttack();
    const honest = await aliceAttacks(w);
    expect(blockTarget(w, card(honest))).toBe(65);
    expect(pendingApproval(card(honest))).toBeNull();

    vi.restoreAllMocks();
    stubAttack({ situation: { engagingDefender: 20, defenderProne: true } });
    const id = await aliceAttacks(w);
    const c = card(id);
    // The attack: the forged situation is what the declaration carries.
    expect(blockTarget(w, c)).toBe(5);
    // Held: the card waits, saying why; the GM sees Approve and Refuse, Alice does not.
    expect(pendingApproval(c)).toMatchObject({ pending: true, reasons: ["situation"] });
    const gmView = view(c, true);
    expect(gmView.canApprove).toBe(true);
    expect(gmView.defence).toBeNull();
    expect(text(gmView.status.map((s) => s.text))[0]).toBe(
      format("BLOWBYBLOW.Card.Approval.waits"),
    );
    expect(text(handSetLines(readAttackContext(c)))).toEqual([
      "Set by hand: 20 engaging the defender (the GM's map shows 1).",
      "Set by hand: defender prone yes (the GM's map: no).",
    ]);
    expect(view(c, false).canApprove).toBe(false);

    // The defence cannot proceed before approval.
    vi.spyOn(DefenceDialog, "prompt").mockResolvedValue(block);
    await defend(id, "block");
    await settle();
    expect(warnings().at(-1)).toBe(
      format("BLOWBYBLOW.Combat.Error.awaitingApproval", {
        attacker: "Sir Aldric",
        defender: "Brigand",
      }),
    );
    expect(card(id).state).toBe("awaitingDefence");
    expect(card(id).revision).toBe(c.revision);

    // Alice cannot approve her own attack, neither by the button nor by a query of her own.
    await asUser(w.alice, () => approveAttack(id, true));
    expect(pendingApproval(card(id))).not.toBeNull();
    const asAlice = await runStep(QUERY.approve, w.alice, { messageId: id, approve: true });
    expect(asAlice).toMatchObject({ ok: false, code: "notGM" });
    expect(pendingApproval(card(id))).not.toBeNull();

    // The GM approves: the card says so and the defence goes on.
    await approveAttack(id, true);
    await settle();
    expect(pendingApproval(card(id))).toBeNull();
    expect(text(approvalLines(readAttackContext(card(id)))).at(-1)).toBe(
      format("BLOWBYBLOW.Card.Approval.approved", { name: w.gm.name! }),
    );
    scriptBlock(id, w);
    await defend(id, "block");
    await settle();
    expect(card(id).state).toBe("resolved");
  });

  it("the GM refuses: the card is deleted and Alice is told in a whisper", async () => {
    const w = world();
    stubAttack({ situation: { engagingDefender: 20, defenderProne: true } });
    const id = await aliceAttacks(w);
    expect(pendingApproval(card(id))).not.toBeNull();
    await approveAttack(id, false);
    await settle();
    expect(messages().get(id)).toBeUndefined();
    const note = messages().contents.at(-1)!;
    expect(note.whisper).toContain(w.alice.id);
    expect(String(note.content)).toContain(
      format("BLOWBYBLOW.Combat.Error.approvalRefused", {
        attacker: "Sir Aldric",
        defender: "Brigand",
      }),
    );
  });

  it("the GM's canvas shows another scene: the card waits, saying the map could not measure and what was declared", async () => {
    const w = world();
    // Alice's client measured on her scene; the GM's canvas then views another one.
    stubAttack({ situation: { engagingDefender: 20, defenderProne: true } }, () => {
      createScene({ id: "scene00000000002", view: true });
    });
    const id = await aliceAttacks(w);
    const c = card(id);
    expect(canvasStandIn.scene?.id).toBe("scene00000000002");
    // Before issue 15: no measurement, so no "set by hand" marker at all.
    expect(c.context.measured).toBeUndefined();
    expect(handSetLines(readAttackContext(c))).toEqual([]);
    // Now held, with a marker.
    expect(pendingApproval(c)).toMatchObject({ pending: true, reasons: ["unmeasured"] });
    expect(text(approvalLines(readAttackContext(c)))).toEqual([
      format("BLOWBYBLOW.Card.Approval.unmeasured"),
      "As declared: 20 engaging the defender, defender prone yes, distance 1.",
    ]);
  });

  it("the GM's own attack set by hand does not wait: the GM's word", async () => {
    const w = world();
    stubAttack({ situation: { engagingDefender: 3 } });
    const message = await attack({
      actorUuid: w.brigand.uuid,
      tokenUuid: w.tBrigand.document.uuid,
      itemId: SWORD,
    });
    await settle();
    const c = card(cardId(message as unknown as StandInChatMessage));
    expect(c.state).toBe("awaitingDefence");
    expect(pendingApproval(c)).toBeNull();
    // The hand-set marker still shows.
    expect(handSetLines(readAttackContext(c))).toHaveLength(1);
  });
});

// ── 2. Custom modifiers ──────────────────────────────────────────────────────────────────────

describe("custom modifier rows (issue 15)", () => {
  const plus100 = Array.from({ length: 4 }, (_, i) => ({ label: `luck ${i + 1}`, value: 100 }));

  it("four +100 rows take the attack to 95; in apply mode auto the card waits, showing the cap", async () => {
    const w = world();
    await setSetting("applyMode", "auto" satisfies ApplyMode);
    stubAttack();
    const honestId = await aliceAttacks(w);
    const honest = cardOf(messages().get(honestId)!.system).context.request as AttackRequest;
    const before = attackTarget(w, honest);
    const forged = { ...honest, custom: plus100 };
    // The attack: the rows reach the EML unchecked (clamped at 95).
    expect(before).toBeLessThan(95);
    expect(attackTarget(w, forged)).toBe(95);

    vi.restoreAllMocks();
    stubAttack({ custom: plus100 });
    const id = await aliceAttacks(w);
    const c = card(id);
    expect(pendingApproval(c)).toMatchObject({
      reasons: ["custom"],
      cap: CUSTOM_CAP_DEFAULT,
      customTotal: 400,
    });
    expect(text(approvalLines(readAttackContext(c)))).toEqual([
      "Custom modifiers total +400, beyond this world's cap of ±20.",
    ]);
    vi.spyOn(DefenceDialog, "prompt").mockResolvedValue(block);
    await defend(id, "block");
    await settle();
    expect(card(id).state).toBe("awaitingDefence");
  });

  it("rows within the cap go on at once; the cap is the world's setting", async () => {
    const w = world();
    stubAttack({ custom: [{ label: "high ground", value: 20 }] });
    expect(pendingApproval(card(await aliceAttacks(w)))).toBeNull();
    vi.restoreAllMocks();
    stubAttack({
      custom: [
        { label: "a", value: 15 },
        { label: "b", value: -40 },
      ],
    });
    expect(pendingApproval(card(await aliceAttacks(w)))).toMatchObject({
      reasons: ["custom"],
      customTotal: -25,
    });
    await setSetting("customModifierCap", 200);
    vi.restoreAllMocks();
    stubAttack({ custom: plus100.slice(0, 2) });
    expect(pendingApproval(card(await aliceAttacks(w)))).toBeNull();
  });
  // A player's defence beyond the cap: held for approval too, choice-approval.test.ts.
});

// ── 3. Missile range bands ───────────────────────────────────────────────────────────────────

describe("a missile range band chosen by hand (issue 15)", () => {
  async function longbowWorld(columns: number): Promise<World> {
    const w = world();
    await w.aldric.items.get(LONGBOW)!.update({ "system.equipped": true });
    await w.tBrigand.document.update({ x: columns * 100 });
    return w;
  }
  const shoot = (band: string | null) =>
    stubAttack({ itemId: LONGBOW, mode: "point", band, situation: { engagingDefender: 1 } });

  it("a longbow at 300 hexes declared short: the band and the distance are on the card, which waits", async () => {
    const w = await longbowWorld(300);
    shoot("short");
    const id = await aliceAttacks(w);
    const c = card(id);
    // The attack: the request's band is what the declaration carries.
    // The attack: the declaration carries the short band's impact (9) and no range penalty,
    // where the measured distance is beyond the longbow's every band (an attack from the
    // distance is refused by the rules).
    const request = c.context.request as AttackRequest;
    expect((c.declaration as { attack: { impact: number } }).attack.impact).toBe(9);
    expect(request.situation.distance).toBe(300);
    expect(() => attackTarget(w, { ...request, band: null })).toThrow(/band|range/);
    expect(c.context.measured).toBeUndefined();
    expect(pendingApproval(c)).toMatchObject({ reasons: ["band"] });
    expect(text(approvalLines(readAttackContext(c)))).toEqual([
      format("BLOWBYBLOW.Card.Approval.bandOut", {
        band: format("BLOWBYBLOW.HM3.Combat.Band.short"),
        distance: "300",
      }),
    ]);
  });

  it("a band that is not the measured distance's waits; the measured one goes on", async () => {
    const w = await longbowWorld(40);
    shoot("short");
    const held = card(await aliceAttacks(w));
    expect(pendingApproval(held)).toMatchObject({ reasons: ["band"] });
    expect(text(approvalLines(readAttackContext(held)))[0]).toContain("40");
    vi.restoreAllMocks();
    shoot("medium");
    expect(pendingApproval(card(await aliceAttacks(w)))).toBeNull();
    vi.restoreAllMocks();
    shoot(null);
    expect(pendingApproval(card(await aliceAttacks(w)))).toBeNull();
  });
});

// ── 4. Tables without tokens: the world's trustUnmeasured ────────────────────────────────────

describe("the world's trustUnmeasured (issue 15, tables that play without tokens)", () => {
  const forged = { situation: { engagingDefender: 20, defenderProne: true } };
  /** Alice's client measures on her scene; the GM's canvas then views another one. */
  const otherScene = () => createScene({ id: "scene00000000002", view: true });

  beforeEach(async () => {
    await setSetting("trustUnmeasured", true);
  });

  it("off (the default), an unmeasured attack waits; on, it goes on as declared and the card says so", async () => {
    const w = world();
    await setSetting("trustUnmeasured", false);
    stubAttack(forged, otherScene);
    expect(pendingApproval(card(await aliceAttacks(w)))).toMatchObject({
      reasons: ["unmeasured"],
    });

    await setSetting("trustUnmeasured", true);
    vi.restoreAllMocks();
    stubAttack(forged, otherScene);
    const id = await aliceAttacks(w);
    const c = card(id);
    expect(canvasStandIn.scene?.id).toBe("scene00000000002");
    expect(pendingApproval(c)).toBeNull();
    expect(c.context.unmeasured).toBe("declared");
    // As declared: the forged situation is what the declaration carries (Block 65 → 5).
    expect(blockTarget(w, c)).toBe(5);
    expect(text(handSetLines(readAttackContext(c)))).toEqual([
      // The distance unknown: Alice's canvas too shows the other scene by now.
      "The GM's map could not measure the situation; taken as declared (world setting): 20 engaging the defender, defender prone yes, distance unknown.",
    ]);
    expect(view(c, true).canApprove).toBe(false);
    expect(view(c, true).defence).not.toBeNull();
    // The defence goes on without an approval.
    scriptBlock(id, w);
    vi.spyOn(DefenceDialog, "prompt").mockResolvedValue(block);
    await defend(id, "block");
    await settle();
    expect(card(id).state).toBe("resolved");
  });

  it("on, the GM's map measures and the situation differs: it still waits (situation)", async () => {
    const w = world();
    stubAttack(forged);
    const c = card(await aliceAttacks(w));
    expect(pendingApproval(c)).toMatchObject({ pending: true, reasons: ["situation"] });
    expect(c.context.unmeasured).toBeUndefined();
  });

  it("on, unmeasured with rows beyond the cap: it waits for the cap only", async () => {
    const w = world();
    stubAttack({ ...forged, custom: [{ label: "luck", value: 100 }] }, otherScene);
    expect(pendingApproval(card(await aliceAttacks(w)))).toMatchObject({
      reasons: ["custom"],
      customTotal: 100,
      cap: CUSTOM_CAP_DEFAULT,
    });
  });

  it("on, a band by hand: compared where the GM's map measures the distance, as chosen where it cannot", async () => {
    const w = world();
    await w.aldric.items.get(LONGBOW)!.update({ "system.equipped": true });
    await w.tBrigand.document.update({ x: 300 * 100 });
    const shoot = (after?: () => void) =>
      stubAttack(
        { itemId: LONGBOW, mode: "point", band: "short", situation: { engagingDefender: 1 } },
        after,
      );
    shoot();
    expect(pendingApproval(card(await aliceAttacks(w)))).toMatchObject({ reasons: ["band"] });
    vi.restoreAllMocks();
    shoot(otherScene);
    const c = card(await aliceAttacks(w));
    expect(pendingApproval(c)).toBeNull();
    expect((c.declaration as { attack: { impact: number } }).attack.impact).toBe(9);
  });

  it("a GM's own attack records nothing: the GM's word", async () => {
    const w = world();
    stubAttack({ situation: { engagingDefender: 3 } }, otherScene);
    const message = await attack({
      actorUuid: w.brigand.uuid,
      tokenUuid: w.tBrigand.document.uuid,
      itemId: SWORD,
    });
    await settle();
    const c = card(cardId(message as unknown as StandInChatMessage));
    expect(pendingApproval(c)).toBeNull();
    expect(c.context.unmeasured).toBeUndefined();
  });
});
