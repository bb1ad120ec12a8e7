/**
 * A whole GURPS Man to Man fight through the Foundry adapter only (issue 17): Alice owns
 * Fiendish Friedrick, Bob owns Filthy Pierre (both from packs/_source/m2m-sample-fighters), a GM
 * is connected. The GM creates the combat, Foundry's Roll All rolls the sequence dice, the
 * tracker starts it; each turn the owner sends a maneuver through the `blow-by-blow.maneuver`
 * query, the attacker declares on his client, the GM's client accepts, the defender picks one of
 * the card's options, the GM applies, the tracker advances with its turn-start rolls, until a
 * death check is rolled. Dice are scripted through `CONFIG.Dice.randomUniform`. Refusals on the
 * way: a wrong user (maneuver, defence), no GM connected, a second parry with the same weapon
 * under All-Out Defense, defences forbidden after All-Out Attack, double clicks on defend and
 * apply; a second test sends stale revisions (maneuver, defence, apply) and applies an exchange
 * after the tracker moved on.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  asUser,
  createCombat,
  fixedFaces,
  GM_ID,
  settle,
  standIns,
  targetTokens,
  type StandInActor,
  type StandInToken,
  type StandInUser,
} from "../stand-ins";
import type { AttackRequest, ChoiceOptionView, ChoiceRequest } from "../../../src/core/combat";
import type { Dice } from "../../../src/core/dice";
import { replayExchange, rollOwnSide, completeChoiceRolls } from "../../../src/core/flow";
import { parseFighterBlock } from "../../../src/rules/m2m/flow";
import { apply, attack, defend } from "../../../src/foundry/combat/actions";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog, type DefenceDialogInput } from "../../../src/foundry/combat/defence-dialog";
import { askGM } from "../../../src/foundry/combat/actions";
import { sendManeuver } from "../../../src/foundry/combat/maneuver-action";
import { QUERY } from "../../../src/foundry/combat/queries";
import { exchangeBuild } from "../../../src/foundry/combat/query-common";
import { fightingRuleset, foundryRuleset } from "../../../src/foundry/rulesets";
import { readFight } from "../../../src/foundry/rulesets/m2m/fight";
import { m2mResultContext } from "../../../src/foundry/rulesets/m2m/card";
import { localizeTree, type LangText } from "../../../src/foundry/chat/text";
import { format, localize } from "../stand-ins/handlebars";
import { cardId, planningDice, resetFlow, type DicePlan } from "./fixtures";
import {
  AXE,
  card,
  hpOf,
  m2mWorld,
  notices,
  PARRY,
  SHORTSWORD,
  snap,
  nextTurn,
  type M2mFight,
} from "./m2m-world";

type Obj = Record<string, unknown>;

type Fight = M2mFight;

const stateOf = (a: StandInActor) => {
  const block = readFight(snap(a));
  return block ? { revision: block.revision, ...parseFighterBlock(block).state } : null;
};
const contentOf = (m: unknown) => (m as { content: string }).content;
const flagsOf = (m: unknown) =>
  ((m as { flags: Obj }).flags["blow-by-blow"] as Obj | undefined) ?? {};
/** A turn card's stored text (drawn for a viewer who owns nobody: HT targets hidden). */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
const turnCards = () =>
  standIns.game.messages!.filter((m) => !!flagsOf(m).turn).map((m) => plain(contentOf(m)));
const maneuverLines = () =>
  standIns.game.messages!.filter((m) => !!flagsOf(m).maneuver).map(contentOf);

async function fightWorld(): Promise<Fight> {
  const w = await m2mWorld();
  const { bob, tFriedrick, tPierre } = w;
  asUser(bob, () => targetTokens([tFriedrick]));
  const combat = await createCombat([tFriedrick, tPierre]);
  return { ...w, combat };
}

/** The current combatant's reference for the maneuver query. */
const current = (f: Fight) => ({ combatId: f.combat.id!, combatantId: f.combat.combatant!.id! });

/** `user` attacks with `itemId`'s `mode` at the torso; the attack roll shows `faces`. */
async function declare(
  user: StandInUser,
  actor: StandInActor,
  token: StandInToken,
  itemId: string,
  mode: string,
  faces: number[],
  aim = "torso",
): Promise<string | null> {
  vi.spyOn(AttackDialog, "prompt").mockImplementation(
    (input): Promise<AttackRequest> =>
      Promise.resolve({ itemId, mode, aim, band: null, situation: input.situation, custom: [] }),
  );
  standIns.CONFIG.Dice!.randomUniform = fixedFaces(faces.map((v) => [v, 6]));
  const message = await asUser(user, () =>
    attack({ actorUuid: actor.uuid, tokenUuid: token.document.uuid, itemId }),
  );
  await settle();
  return message ? cardId(message as unknown as { id: string | null }) : null;
}

/** Scripts the choice's dice (the defender's own, then the GM's) as `plan` says, by roll name. */
async function scriptChoice(
  id: string,
  defender: StandInActor,
  optionId: string,
  plan: DicePlan,
  clicks = 1,
): Promise<void> {
  const c = card(id);
  const fr = fightingRuleset(foundryRuleset(c.ruleset)!);
  const { state, pending } = replayExchange(fr.ruleset, c);
  const request: ChoiceRequest = { optionId, itemId: null, mode: null, aim: null, custom: [] };
  const value = fr.combat.buildChoice(pending!, exchangeBuild(c), snap(defender), request);
  const choice = fr.ruleset.parseChoice(state, value);
  const planning = planningDice(plan);
  const planRoll = async (name: string, count: number, sides: number) =>
    planning.roll(name, count, sides);
  const step = (dice: Dice) => fr.ruleset.choose(state, choice, dice);
  const own = await rollOwnSide(fr.ruleset, "defender", false, step, planRoll);
  await completeChoiceRolls(
    fr.ruleset,
    c,
    { revision: c.revision, kind: pending!.kind, value, request, rolls: own },
    { userId: "player", isGM: false, owns: { attacker: false, defender: true } },
    planRoll,
  );
  // Each click rolls the defender's own dice on his client before the GM's client answers.
  const ownFaces = own.flatMap((r) => r.values.map((v): [number, number] => [v, r.sides]));
  const extra = Array.from({ length: clicks - 1 }, () => ownFaces).flat();
  standIns.CONFIG.Dice!.randomUniform = fixedFaces([...extra, ...planning.faces]);
}

/** The defence dialog submits `optionId`; returns what it was offered. */
function dialogChooses(optionId: string): { offered: ChoiceOptionView[] | null } {
  const seen: { offered: ChoiceOptionView[] | null } = { offered: null };
  vi.spyOn(DefenceDialog, "prompt").mockImplementation((input: DefenceDialogInput) => {
    seen.offered = input.options;
    return Promise.resolve({ optionId, itemId: null, mode: null, aim: null, custom: [] });
  });
  return seen;
}

/** The tracker moves on (the GM's click); the next turn start's dice show `faces`. */
beforeEach(resetFlow);

/** The engine's figures of a card's exchange (`result.exchange`). */
interface Figures {
  attack: { target: number; roll: number; outcome: string };
  defence: { type: string; target: number; roll: number; outcome: string } | null;
  hit: boolean;
  damage: { dice: number[]; basic: number; dr: number; penetrating: number; injury: number } | null;
  defender: {
    hp: number;
    knockdown: { roll: number; target: number; fell: boolean } | null;
    stunned: boolean;
    unconscious: boolean;
    consciousnessRolls: boolean;
    deathChecks: { threshold: number; roll: number; survived: boolean }[];
    dead: boolean;
  };
}
const figures = (id: string) => (card(id).result as unknown as { exchange: Figures }).exchange;
const offered = (seen: { offered: ChoiceOptionView[] | null }) =>
  seen.offered!.map((o) => [o.id, o.target?.value ?? null, o.unavailableKey ?? null]);
const pendingOptions = (id: string) =>
  replayExchange(fightingRuleset(foundryRuleset("m2m")!).ruleset, card(id)).pending!.options.map(
    (o) => [o.id, o.unavailableKey ?? null],
  );
const line = (text: string) => text;
const rolled = (label: string, roll: number, verdict: "passed" | "failed") =>
  `${label} ${roll} / hidden ${verdict}`;
const chose = (text: string) => `<p class="bbb-maneuver-chosen">${text}</p>`;
const FORBIDDEN = "BLOWBYBLOW.M2M.Unavailable.forbidden";
const text = (value: LangText | string | null | undefined): string =>
  String(localizeTree(value, localize, format));
/** The wound part of the result card as the GM's client shows it. */
const woundShown = (id: string) => {
  const viewer = {
    userId: GM_ID,
    isGM: true,
    owns: { attacker: true, defender: true },
    gmOnline: true,
    showDefenceTargets: true,
  };
  const w = m2mResultContext(card(id), viewer).wounds[0]!;
  return {
    hp: w.hp,
    checks: w.checks.map((c) => [text(c.label), c.roll, c.target, text(c.verdict)]),
    lines: w.lines.map((l) => text(l.text)),
  };
};

describe("a scripted GURPS Man to Man fight in Foundry", () => {
  it("from the first maneuver to a death check, through the adapter only", async () => {
    const f = await fightWorld();
    const warned = () => notices("warning");
    const said = () => warned().length;

    // ── The sequence: Foundry's Roll All, one 1d6 each (Friedrick 2, Pierre 5); Move first:
    // Friedrick's Move 5 beats Pierre's 4 whatever the die (L1600-1602).
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [2, 6],
      [5, 6],
    ]);
    await f.combat.rollAll();
    expect(f.combat.turns.map((t) => [t.name, t.initiative])).toEqual([
      ["Fiendish Friedrick", 2],
      ["Filthy Pierre", 5],
    ]);
    await f.combat.startCombat();
    await settle();
    expect(f.combat.combatant!.name).toBe("Fiendish Friedrick");
    // His turn started (a block seeded, turn 1), nothing to roll: no turn card.
    expect(stateOf(f.friedrick)).toMatchObject({ revision: 1, turn: 1, hp: 14, maneuver: null });
    expect(turnCards()).toEqual([]);

    // ── Round 1, Friedrick: Attack; Bob may not choose it for him.
    expect(await asUser(f.bob, () => sendManeuver(current(f), { maneuver: "attack" }))).toBe(false);
    expect(warned().at(-1)).toBe(
      "You do not own Fiendish Friedrick: only its owners choose its maneuver.",
    );
    expect(await asUser(f.alice, () => sendManeuver(current(f), { maneuver: "attack" }))).toBe(
      true,
    );
    // The axe swing at the torso: 10 against Axe/Mace 12, a hit; the GM's client accepted it.
    const a1 = (await declare(f.alice, f.friedrick, f.tFriedrick, AXE, "0", [3, 3, 4]))!;
    expect(card(a1).state).toBe("awaitingDefence");
    expect(standIns.game.messages!.get(a1)!.author?.isGM).toBe(true);
    // Bob is offered Pierre's defences with their full targets (active defence + PD 3): he
    // dodges, 16 against 7, and fails; 1d+4 cutting shows 4.
    await scriptChoice(a1, f.pierre, "dodge", {
      defence: [6, 5, 5],
      damage: 4,
      knockdown: [1, 2, 3],
    });
    const seen1 = dialogChooses("dodge");
    await asUser(f.bob, () => defend(a1, "dodge"));
    await settle();
    expect(offered(seen1)).toEqual([
      ["dodge", 7, null],
      ["dodge-retreat", 10, null],
      ["block", 7, null],
      [PARRY, 9, null],
      ["none", 3, null],
    ]);
    expect(card(a1).state).toBe("resolved");
    expect(figures(a1)).toMatchObject({
      attack: { target: 12, roll: 10, outcome: "hit" },
      defence: { type: "dodge", target: 7, roll: 16, outcome: "failure" },
      hit: true,
      // 8 basic, DR 1 (padded cloth), 7 through, ×1.5 cutting: 10 injury, Pierre 10 → 0 HP.
      damage: { dice: [4], basic: 8, dr: 1, penetrating: 7, injury: 10 },
      // A major wound: knockdown roll 6 against HT 10, he stays up but is stunned; at 0 HP he
      // rolls to stay conscious each turn.
      defender: {
        hp: 0,
        knockdown: { roll: 6, target: 10, fell: false },
        stunned: true,
        unconscious: false,
        consciousnessRolls: true,
      },
    });
    expect(hpOf(f.pierre)).toBe(10);
    const shown1 = woundShown(a1);
    expect(shown1.hp).toMatchObject({ before: 10, after: 0 });
    expect(shown1.checks).toContainEqual(["Knockdown (HT)", 6, 10, "stays up"]);
    // The GM double-clicks Apply: applied once.
    const before1 = said();
    await Promise.all([apply(a1), apply(a1)]);
    await settle();
    expect(warned().slice(before1)).toEqual([
      "The consequences of this exchange were already applied.",
    ]);
    expect(hpOf(f.pierre)).toBe(0);
    expect(stateOf(f.pierre)).toMatchObject({ revision: 1, hp: 0 });
    expect([...f.pierre.statuses].sort()).toEqual(["shocked", "stunned"]);
    expect(stateOf(f.friedrick)!.weapons[AXE]).toMatchObject({ turnsToReady: 1 });

    // ── Round 1, Pierre: his turn starts with the HT roll at 0 HP and the stun recovery, both
    // Foundry Rolls on the GM's client (L1870-1876), shown in a turn card.
    await nextTurn(f, [1, 2, 3, 1, 2, 3]);
    expect(f.combat.combatant!.name).toBe("Filthy Pierre");
    expect(turnCards()).toHaveLength(1);
    expect(turnCards()[0]).toContain(rolled("HT roll to stay conscious at 0 HP", 6, "passed"));
    expect(turnCards()[0]).toContain(rolled("HT roll to recover from stun", 6, "passed"));
    expect(turnCards()[0]).toContain(line("No longer: Stunned"));
    expect([...f.pierre.statuses]).toEqual(["shocked"]);
    expect(
      await asUser(f.bob, () => sendManeuver(current(f), { maneuver: "all-out-defence" })),
    ).toBe(true);

    // ── Round 2, Friedrick: the axe is unready after its swing (§4.6): Ready.
    await nextTurn(f);
    expect(f.combat.combatant!.name).toBe("Fiendish Friedrick");
    // Pierre's turn ended as the round moved on: his shock is over.
    expect(stateOf(f.pierre)!.conditions).toEqual([]);
    expect(f.pierre.statuses.size).toBe(0);
    expect(
      await asUser(f.alice, () => sendManeuver(current(f), { maneuver: "ready", weapon: AXE })),
    ).toBe(true);
    expect(stateOf(f.friedrick)!.weapons[AXE]?.turnsToReady ?? 0).toBe(0);

    // ── Round 2, Pierre: the HT roll at 0 HP again; All-Out Defense.
    await nextTurn(f, [1, 2, 3]);
    expect(turnCards()).toHaveLength(2);
    expect(turnCards()[1]).toContain(rolled("HT roll to stay conscious at 0 HP", 6, "passed"));
    expect(
      await asUser(f.bob, () => sendManeuver(current(f), { maneuver: "all-out-defence" })),
    ).toBe(true);

    // ── Round 3, Friedrick attacks Pierre under All-Out Defense: two defences, different ones.
    await nextTurn(f);
    expect(await asUser(f.alice, () => sendManeuver(current(f), { maneuver: "attack" }))).toBe(
      true,
    );
    const a2 = (await declare(f.alice, f.friedrick, f.tFriedrick, AXE, "0", [3, 3, 4]))!;
    await scriptChoice(a2, f.pierre, PARRY, { defence: [6, 5, 5] });
    const seen2 = dialogChooses(PARRY);
    await asUser(f.bob, () => defend(a2, PARRY));
    await settle();
    // At 0 HP (a third of his HP or less) his Dodge is halved: 2 + PD 3.
    expect(offered(seen2)).toEqual([
      ["dodge", 5, null],
      ["dodge-retreat", 8, null],
      ["block", 7, null],
      [PARRY, 9, null],
      ["none", 3, null],
    ]);
    // The parry failed (16 against 9): the second defence is asked; the same parry is closed.
    expect(card(a2).state).toBe("awaitingDefence");
    expect(pendingOptions(a2)).toContainEqual([PARRY, "BLOWBYBLOW.M2M.Unavailable.secondDefence"]);
    const before2 = said();
    const revision2 = card(a2).revision;
    await asUser(f.bob, () => defend(a2, PARRY));
    await settle();
    expect(warned().slice(before2)).toEqual(["That defence is not open to the defender now."]);
    expect(card(a2).revision).toBe(revision2);
    // Alice does not own Pierre: her click is refused.
    await asUser(f.alice, () => defend(a2, "dodge"));
    await settle();
    expect(warned()).toHaveLength(before2 + 2);
    expect(card(a2).revision).toBe(revision2);
    // He dodges, 5 against 5: the axe misses.
    await scriptChoice(a2, f.pierre, "dodge", { "defence.2": [2, 2, 1] });
    dialogChooses("dodge");
    await asUser(f.bob, () => defend(a2, "dodge"));
    await settle();
    expect(figures(a2)).toMatchObject({
      defence: { type: "dodge", target: 5, roll: 5, outcome: "success" },
      hit: false,
      damage: null,
    });
    await apply(a2);
    await settle();
    expect(hpOf(f.pierre)).toBe(0);
    expect(stateOf(f.pierre)!.defences.parries).toEqual({ [SHORTSWORD]: 1 });

    // ── Round 3, Pierre: with no GM connected his maneuver is refused, nothing changes.
    await nextTurn(f, [1, 2, 3]);
    expect(turnCards()).toHaveLength(3);
    const pierreBefore = stateOf(f.pierre);
    f.gm.active = false;
    expect(
      await asUser(f.bob, () => sendManeuver(current(f), { maneuver: "all-out-attack" })),
    ).toBe(false);
    expect(warned().at(-1)).toBe(
      "No Game Master is connected: the exchange waits until one joins. Nothing was changed.",
    );
    expect(stateOf(f.pierre)).toEqual(pierreBefore);
    f.gm.active = true;
    expect(
      await asUser(f.bob, () =>
        sendManeuver(current(f), { maneuver: "all-out-attack", allOut: "two-attacks" }),
      ),
    ).toBe(true);
    // All-Out Attack (a), two attacks (his balanced shortsword, L1656), each at his plain skill:
    // 9 against 13; Friedrick blocks, 9 against 11.
    const a3 = (await declare(f.bob, f.pierre, f.tPierre, SHORTSWORD, "0", [3, 3, 3]))!;
    await scriptChoice(a3, f.friedrick, "block", { defence: [3, 3, 3] });
    const seen3 = dialogChooses("block");
    await asUser(f.alice, () => defend(a3, "block"));
    await settle();
    // The axe is unready after its swing: no parry with it.
    expect(offered(seen3)).toContainEqual([`parry:${AXE}`, 13, FORBIDDEN]);
    expect(offered(seen3)).toContainEqual(["block", 11, null]);
    expect(figures(a3)).toMatchObject({
      attack: { target: 13, roll: 9, outcome: "hit" },
      defence: { type: "block", target: 11, roll: 9, outcome: "success" },
      hit: false,
    });
    await apply(a3);
    await settle();
    expect(hpOf(f.friedrick)).toBe(14);

    // ── Round 4: Friedrick readies the axe; Pierre, still up at 0 HP, All-Out Attacks and misses.
    await nextTurn(f);
    expect(
      await asUser(f.alice, () => sendManeuver(current(f), { maneuver: "ready", weapon: AXE })),
    ).toBe(true);
    await nextTurn(f, [1, 2, 3]);
    expect(turnCards()).toHaveLength(4);
    expect(
      await asUser(f.bob, () => sendManeuver(current(f), { maneuver: "all-out-attack" })),
    ).toBe(true);
    const a4 = (await declare(f.bob, f.pierre, f.tPierre, SHORTSWORD, "0", [6, 6, 5]))!;
    expect(card(a4).state).toBe("resolved");
    expect(figures(a4)).toMatchObject({ attack: { roll: 17 }, defence: null, hit: false });

    // ── Round 5, Friedrick: after All-Out Attack Pierre has no active defence (L1660).
    await nextTurn(f);
    expect(await asUser(f.alice, () => sendManeuver(current(f), { maneuver: "attack" }))).toBe(
      true,
    );
    const a5 = (await declare(f.alice, f.friedrick, f.tFriedrick, AXE, "0", [3, 3, 4]))!;
    expect(pendingOptions(a5)).toEqual([
      ["dodge", FORBIDDEN],
      ["dodge-retreat", FORBIDDEN],
      ["block", FORBIDDEN],
      [PARRY, FORBIDDEN],
      ["none", null],
    ]);
    const before5 = said();
    await asUser(f.bob, () => defend(a5, "dodge"));
    await settle();
    expect(warned().slice(before5)).toEqual(["That defence is not open to the defender now."]);
    expect(card(a5).state).toBe("awaitingDefence");
    // Bob double-clicks "no defence": it acts once (the second meets the card moved on). His
    // PD alone rolls 17; the axe shows 4 again: 10 injury, 0 → −10 HP, past −1×HP: a death
    // check, 6 against HT 10, survived; unconscious below 0 HP (L1874-1878).
    await scriptChoice(
      a5,
      f.pierre,
      "none",
      { defence: [6, 6, 5], damage: 4, death: [2, 2, 2] },
      2,
    );
    dialogChooses("none");
    await asUser(f.bob, () => Promise.all([defend(a5, "none"), defend(a5, "none")]));
    await settle();
    expect(warned().slice(before5 + 1)).toEqual([
      "This exchange has moved on: that step is no longer possible.",
    ]);
    expect(card(a5).state).toBe("resolved");
    expect(figures(a5)).toMatchObject({
      defence: { type: "none", target: 3, roll: 17, outcome: "critical-failure" },
      hit: true,
      damage: { dice: [4], injury: 10 },
      defender: {
        hp: -10,
        unconscious: true,
        deathChecks: [{ threshold: -10, roll: 6, survived: true }],
        dead: false,
      },
    });
    // The result card shows it: HP 0 → −10, the death check, unconsciousness.
    const shown = woundShown(a5);
    expect(shown.hp).toMatchObject({ before: 0, after: -10 });
    expect(shown.checks).toEqual([["Death check at -10 HP (HT)", 6, 10, "survives"]]);
    expect(shown.lines).toContain("Unconscious (below 0 HP)");
    await apply(a5);
    await settle();
    expect(hpOf(f.pierre)).toBe(-10);
    expect(stateOf(f.pierre)!.hp).toBe(-10);
    expect([...f.pierre.statuses].sort()).toEqual(["prone", "shocked", "stunned", "unconscious"]);

    // ── Round 5, Pierre: out of the fight at the start of his turn: marked defeated, skipped.
    await nextTurn(f);
    const pierreC = f.combat.combatants.find((c) => c.name === "Filthy Pierre")!;
    expect(pierreC.defeated).toBe(true);
    expect(turnCards().at(-1)).toContain(line("Filthy Pierre is out of the fight."));
    expect(f.combat.round).toBe(6);
    expect(f.combat.combatant!.name).toBe("Fiendish Friedrick");
    // Every maneuver said once in chat, in order.
    expect(maneuverLines()).toEqual([
      chose("Fiendish Friedrick chooses Attack (Standing)."),
      chose("Filthy Pierre chooses All-Out Defense (Standing)."),
      chose("Fiendish Friedrick chooses Ready (Standing)."),
      chose("Filthy Pierre chooses All-Out Defense (Standing)."),
      chose("Fiendish Friedrick chooses Attack (Standing)."),
      chose("Filthy Pierre chooses All-Out Attack (Standing)."),
      chose("Fiendish Friedrick chooses Ready (Standing)."),
      chose("Filthy Pierre chooses All-Out Attack (Standing)."),
      chose("Fiendish Friedrick chooses Attack (Standing)."),
    ]);
    expect(notices("error")).toEqual([]);
  });

  it("stale revisions are refused on the GM's client: a maneuver, a defence, an apply, and an apply after the tracker moved on", async () => {
    const f = await fightWorld();
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [2, 6],
      [5, 6],
    ]);
    await f.combat.rollAll();
    await f.combat.startCombat();
    await settle();

    // A maneuver sent with the block's revision before this turn's start: refused, nothing written.
    const before = stateOf(f.friedrick)!;
    const maneuver = await asUser(f.alice, () =>
      askGM(QUERY.maneuver, {
        ...current(f),
        revision: before.revision - 1,
        choice: { maneuver: "attack" },
      }),
    );
    expect(maneuver).toMatchObject({ ok: false, code: "staleManeuver" });
    expect(stateOf(f.friedrick)).toEqual(before);
    expect(maneuverLines()).toEqual([]);
    expect(await asUser(f.alice, () => sendManeuver(current(f), { maneuver: "attack" }))).toBe(
      true,
    );

    // A defence submitted against the card's revision before the attack was accepted: refused.
    const a1 = (await declare(f.alice, f.friedrick, f.tFriedrick, AXE, "0", [3, 3, 4]))!;
    const revision = card(a1).revision;
    const choice = await asUser(f.bob, () =>
      askGM(QUERY.choose, {
        messageId: a1,
        submission: {
          revision: revision - 1,
          kind: "defence",
          value: { option: "dodge" },
          request: { optionId: "dodge", itemId: null, mode: null, aim: null, custom: [] },
          rolls: [{ name: "defence", count: 3, sides: 6, values: [1, 1, 2], total: 4 }],
        },
      }),
    );
    expect(choice).toMatchObject({ ok: false, code: "staleRevision" });
    expect(card(a1).state).toBe("awaitingDefence");
    expect(card(a1).revision).toBe(revision);

    // Bob dodges and fails; an apply sent with the card's earlier revision is refused.
    await scriptChoice(a1, f.pierre, "dodge", {
      defence: [6, 5, 5],
      damage: 4,
      knockdown: [1, 2, 3],
    });
    dialogChooses("dodge");
    await asUser(f.bob, () => defend(a1, "dodge"));
    await settle();
    expect(card(a1).state).toBe("resolved");
    const stale = await askGM(QUERY.apply, { messageId: a1, revision: card(a1).revision - 1 });
    expect(stale).toMatchObject({ ok: false, code: "staleRevision" });
    expect(hpOf(f.pierre)).toBe(10);
    expect(card(a1).applied).toBeFalsy();

    // Each stale request was told to its sender.
    expect(notices("warning")).toEqual([
      "Fiendish Friedrick's fight state changed before your choice arrived (it is at revision 1, your choice was based on 0). Look at the turn again and choose.",
      "This card changed before your click arrived. Look at it again and retry.",
      "This card changed before your click arrived. Look at it again and retry.",
    ]);

    // The GM forgets to apply; the tracker moves on: Friedrick's turn end and Pierre's turn
    // start write their blocks, so the exchange declared on their earlier states is refused
    // (declare again), naming the first side that changed.
    await nextTurn(f);
    expect(f.combat.combatant!.name).toBe("Filthy Pierre");
    expect(stateOf(f.friedrick)!.revision).toBe(3);
    expect(stateOf(f.pierre)!.revision).toBe(1);
    standIns.notifications.messages.length = 0;
    await apply(a1);
    await settle();
    expect(hpOf(f.pierre)).toBe(10);
    expect(card(a1).applied).toBeFalsy();
    expect(notices("warning").concat(notices("error"))).toEqual([
      "Fiendish Friedrick's fight state changed after this exchange was declared (it is at revision 3, the exchange was based on 2), so nothing was applied. Declare the attack again.",
    ]);
  });
});
