/**
 * GURPS Man to Man turns in the tracker on the stand-ins (issue 17; docs/architecture.md §6
 * steps 4 and 5): the active GM's client runs each turn's start and end events with Foundry
 * Rolls once (stun recovery, the HT roll at 0 HP, L1870-1876), shows the checks in a chat card,
 * writes the fighter's block, mirrors his statuses, and skips and marks defeated a fighter out
 * of the fight; the owner's maneuver goes through the `blow-by-blow.maneuver` query, checked on
 * the GM's client (owner, turn, revision, one maneuver a turn).
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  addUser,
  asUser,
  fixedFaces,
  settle,
  standIns,
  type StandInActor,
  type StandInCombat,
  type StandInUser,
} from "../stand-ins";
import { registerQueries } from "../../../src/foundry/combat/queries";
import { clearFights } from "../../../src/foundry/combat/turn-events";
import { onRenderChatMessageHTML, type CardMessage } from "../../../src/foundry/chat/render";
import { askGM } from "../../../src/foundry/combat/actions";
import { promptsFor, sendManeuver } from "../../../src/foundry/combat/maneuver-action";
import { QUERY } from "../../../src/foundry/combat/queries";
import { M2M_FIGHT_STORE } from "../../../src/foundry/rulesets/m2m/fight";
import { M2M_TURNS } from "../../../src/foundry/rulesets/m2m/turns";
import { worldOptions } from "../../../src/foundry/combat/settings";
import { newFighterBlock, parseFighterBlock } from "../../../src/rules/m2m/flow";
import { heldCondition } from "../../../src/core/turns";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { m2mActor, m2mCombat, PACK_FIGHTERS as P, resetM2mWorld } from "./m2m-fixtures";

type Obj = Record<string, unknown>;

const blockOf = (actor: StandInActor) => {
  const block = M2M_FIGHT_STORE.read(fighterSnapshot(actor as unknown as ActorLike));
  return block ? { revision: block.revision, ...parseFighterBlock(block).state } : null;
};
const turnCards = () =>
  standIns.game.messages!.filter((m) => {
    const flags = (m as unknown as { flags: Obj }).flags["blow-by-blow"] as Obj | undefined;
    return !!flags?.turn;
  });
const contentOf = (m: unknown) => (m as { content: string }).content;
/** A card's words: tags dropped, white space collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
/** The turn card as `user`'s client draws it into the message (`renderChatMessageHTML`). */
async function drawnFor(user: StandInUser | string, message: unknown): Promise<string> {
  const content = { innerHTML: contentOf(message) };
  const html = { querySelector: (s: string) => (s === ".message-content" ? content : null) };
  await asUser(user, () =>
    onRenderChatMessageHTML(message as CardMessage, html as unknown as HTMLElement),
  );
  return textOf(content.innerHTML);
}
const maneuverLines = () =>
  standIns.game.messages!.filter(
    (m) => !!((m as unknown as { flags: Obj }).flags["blow-by-blow"] as Obj | undefined)?.maneuver,
  );
const warnings = () =>
  standIns.notifications.messages.filter((n) => n.type === "warning").map((n) => n.message);

/** A combat whose order is set by hand (initiatives), started, events settled. */
async function started(
  actors: StandInActor[],
  dice: [number, number][] = [],
): Promise<StandInCombat> {
  const combat = await m2mCombat(actors);
  await combat.updateEmbeddedDocuments(
    "Combatant",
    combat.combatants.map((c) => ({ _id: c.id, initiative: 3 })),
  );
  standIns.CONFIG.Dice!.randomUniform = fixedFaces(dice);
  await combat.startCombat();
  await settle();
  return combat;
}

let player: StandInUser;
let other: StandInUser;

beforeEach(async () => {
  await resetM2mWorld();
  registerQueries();
  player = addUser({ id: "playerOne0000001", name: "Player One" });
  other = addUser({ id: "playerTwo0000002", name: "Player Two" });
});

describe("the fight blocks: seeded as the combat starts, cleared as it ends", () => {
  it("the start seeds every fighter without a block (a stored one is kept); the end clears them", async () => {
    const friedrick = m2mActor(P.friedrick);
    const pierre = m2mActor(P.pierre);
    const rogan = m2mActor(P.rogan);
    // Rogan enters the fight already holding a block (revision 5): it is not replaced.
    const held = { ...newFighterBlock(13, 12), revision: 5 };
    await rogan.update({ ...M2M_FIGHT_STORE.write(held) });
    const combat = await m2mCombat([friedrick, pierre, rogan]);
    expect(blockOf(pierre)).toBeNull();
    await combat.updateEmbeddedDocuments(
      "Combatant",
      combat.combatants.map((c) => ({ _id: c.id, initiative: 3 })),
    );
    // Not started yet: nothing seeded.
    await settle();
    expect(blockOf(pierre)).toBeNull();
    await combat.startCombat();
    await settle();
    const first = combat.combatant!.actor as unknown as StandInActor;
    const others = [friedrick, pierre, rogan].filter((a) => a !== first && a !== rogan);
    // The fighters whose turn has not come have the seeded block: revision 0, HT and HP.
    for (const a of others) {
      const block = blockOf(a)!;
      expect(block, a.name).toMatchObject({ revision: 0, turn: 0, maneuver: null });
      expect(block.hp).toBe((a._source.system as { m2m: { hp: number } }).m2m.hp);
    }
    expect(blockOf(pierre)).not.toBeNull();
    expect(blockOf(rogan)!.revision).toBeGreaterThanOrEqual(5);
    // The combat ends: every block is gone.
    await combat.endCombat();
    await settle();
    expect([friedrick, pierre, rogan].map(blockOf)).toEqual([null, null, null]);
  });

  it("the end removes the statuses of conditions that end with the fight (shock), not the lasting ones (stun)", async () => {
    const friedrick = m2mActor(P.friedrick);
    const pierre = m2mActor(P.pierre);
    const combat = await started([friedrick, pierre]);
    const block = M2M_FIGHT_STORE.read(fighterSnapshot(pierre as unknown as ActorLike))!;
    const held = (condition: "shocked" | "stunned", until: "endOfNextTurn" | "recovered") =>
      heldCondition({ type: "condition", to: "defender", condition, cause: "wound", until });
    const data = {
      ...block.data,
      conditions: [held("shocked", "endOfNextTurn"), held("stunned", "recovered")],
    };
    await pierre.update(M2M_FIGHT_STORE.write({ ...block, revision: block.revision + 1, data }));
    await pierre.toggleStatusEffect("shocked", { active: true });
    await pierre.toggleStatusEffect("stunned", { active: true });
    await combat.endCombat();
    await settle();
    expect(blockOf(pierre)).toBeNull();
    expect([...pierre.statuses]).toEqual(["stunned"]);
  });

  it("a fighter still in another combat keeps his block when one combat ends; a player's client clears nothing", async () => {
    const friedrick = m2mActor(P.friedrick);
    const pierre = m2mActor(P.pierre);
    const combat = await started([friedrick, pierre]);
    const second = await m2mCombat([pierre]);
    expect(blockOf(pierre)).not.toBeNull();
    await combat.endCombat();
    await settle();
    expect(blockOf(friedrick)).toBeNull();
    expect(blockOf(pierre)).not.toBeNull();
    // A player's client does not clear (the active GM's does).
    await asUser(player, () => clearFights(second, []));
    expect(blockOf(pierre)).not.toBeNull();
    await clearFights(second, []);
    expect(blockOf(pierre)).toBeNull();
  });
});

describe("turn events on the GM's client", () => {
  it("a stunned fighter's stun recovery is rolled once as Foundry dice and shown in a card", async () => {
    // Friedrick (Move 5) acts before Pierre (Move 4). He starts the fight stunned.
    const friedrick = m2mActor(P.friedrick);
    const pierre = m2mActor(P.pierre);
    const stunned = newFighterBlock(14, 14);
    (stunned.data.conditions as Obj[]).push({
      condition: "stunned",
      cause: "shock",
      until: "recovered",
      armed: false,
    });
    await friedrick.update({ ...M2M_FIGHT_STORE.write(stunned) });
    await friedrick.toggleStatusEffect("stunned", { active: true });
    // 3d6 = 4 + 3 + 2 = 9 against HT 14: he recovers (L1870).
    const combat = await started(
      [friedrick, pierre],
      [
        [4, 6],
        [3, 6],
        [2, 6],
      ],
    );
    expect(combat.combatant!.name).toBe("Fiendish Friedrick");
    const after = blockOf(friedrick)!;
    expect(after.turn).toBe(1);
    expect(after.conditions.map((c) => c.condition)).toEqual([]);
    expect(after.revision).toBe(1);
    expect(friedrick.statuses.has("stunned")).toBe(false);
    const cards = turnCards();
    expect(cards).toHaveLength(1);
    // The ruleset's turn card (the m2m card module's), not a card of the tracker's own.
    expect(contentOf(cards[0])).toContain('class="blow-by-blow bbb-m2m-turn"');
    expect(contentOf(cards[0])).not.toContain("bbb-turn-card");
    // Posted as nobody's: the roll and verdict, the HT target hidden.
    expect(textOf(contentOf(cards[0]))).toBe(
      "Fiendish Friedrick's turn begins HT roll to recover from stun 9 / hidden passed " +
        "No longer: Stunned",
    );
    // The GM's client draws it again with the target.
    expect(await drawnFor(standIns.game.user!, cards[0])).toBe(
      "Fiendish Friedrick's turn begins HT roll to recover from stun 9 / 14 passed " +
        "No longer: Stunned",
    );
    const rolls = ((cards[0] as unknown as { flags: Obj }).flags["blow-by-blow"] as Obj)
      .turn as Obj;
    expect(rolls.rolls).toEqual([
      { name: "stunRecovery", count: 3, sides: 6, values: [4, 3, 2], total: 9 },
    ]);
    // Back a turn and forward again: his turn's start is not rolled or shown again.
    await combat.nextTurn();
    await settle();
    await combat.previousTurn();
    await settle();
    expect(combat.combatant!.name).toBe("Fiendish Friedrick");
    expect(turnCards()).toHaveLength(1);
    // His turn ended once (revision 2) and started once (revision 1): nothing more.
    expect(blockOf(friedrick)!.revision).toBe(2);
    expect(blockOf(friedrick)!.turn).toBe(1);
  });

  it("an unconscious fighter is marked defeated and his turn passes on; no maneuver is asked", async () => {
    // Rogan (Move 4, Speed 6) before Pierre (Move 4, Speed 5.5); Pierre is at 0 HP.
    const rogan = m2mActor(P.rogan);
    const pierre = m2mActor(P.pierre, {
      m2m: { hp: 0 },
      ownership: { default: 0, [player.id]: 3 },
    });
    const combat = await started([pierre, rogan]);
    expect(combat.combatant!.name).toBe("Rogan the Reaver");
    // 18 on 3d6: he fails the HT roll to stay conscious (L1874).
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [6, 6],
      [6, 6],
      [6, 6],
    ]);
    await combat.nextTurn();
    await settle();
    const pierreC = combat.combatants.find((c) => c.name === "Filthy Pierre")!;
    expect(pierreC.defeated).toBe(true);
    expect(pierre.statuses.has("unconscious")).toBe(true);
    expect(blockOf(pierre)!.conditions.map((c) => c.condition)).toEqual(["unconscious"]);
    // The tracker moved on to Rogan's next turn.
    expect(combat.round).toBe(2);
    expect(combat.combatant!.name).toBe("Rogan the Reaver");
    const card = await drawnFor(standIns.game.user!, turnCards().at(-1));
    expect(card).toBe(
      "Filthy Pierre's turn begins HT roll to stay conscious at 0 HP 18 / 10 failed " +
        "Now: Unconscious, until recovered Filthy Pierre is out of the fight.",
    );
    // His owner sees his target too; another player does not.
    expect(await drawnFor(player, turnCards().at(-1))).toContain("18 / 10 failed");
    expect(await drawnFor(other, turnCards().at(-1))).toContain("18 / hidden failed");
    // His owner cannot choose a maneuver for him now.
    const ok = await sendManeuver(
      { combatId: combat.id!, combatantId: pierreC.id! },
      { maneuver: "attack" },
    );
    expect(ok).toBe(false);
  });

  it("the last combatant's turn ends when the round moves on: his shock ends once", async () => {
    // Friedrick (Move 5) then Pierre (Move 4); Pierre is shocked until the end of his next turn.
    const friedrick = m2mActor(P.friedrick);
    const pierre = m2mActor(P.pierre);
    const shocked = newFighterBlock(10, 10);
    (shocked.data.conditions as Obj[]).push({
      condition: "shocked",
      cause: "shock",
      until: "endOfNextTurn",
      armed: false,
      value: 2,
    });
    await pierre.update({ ...M2M_FIGHT_STORE.write(shocked) });
    await pierre.toggleStatusEffect("shocked", { active: true });
    const combat = await started([friedrick, pierre]);
    await combat.nextTurn();
    await settle();
    expect(combat.combatant!.name).toBe("Filthy Pierre");
    expect(blockOf(pierre)!.conditions.map((c) => c.condition)).toEqual(["shocked"]);
    // His turn ends as round 2 begins: the end runs for round 1, the shock is over.
    await combat.nextTurn();
    await settle();
    expect(combat.round).toBe(2);
    expect(blockOf(pierre)!.conditions).toEqual([]);
    expect(pierre.statuses.has("shocked")).toBe(false);
    const pierreC = combat.combatants.find((c) => c.name === "Filthy Pierre")!;
    const marks = ((pierreC.flags as Obj)["blow-by-blow"] as Obj).turnEvents as Obj;
    expect(marks).toMatchObject({ turnStart: 1, turnEnd: 1 });
    // Back into his turn of round 1 and forward again: his end does not run twice.
    const revision = blockOf(pierre)!.revision;
    await combat.previousTurn();
    await settle();
    await combat.nextTurn();
    await settle();
    expect(blockOf(pierre)!.revision).toBe(revision);
  });

  it("a player's client runs no turn event (the GM's client does, once)", async () => {
    const rogan = m2mActor(P.rogan, { ownership: { default: 0, [player.id]: 3 } });
    const combat = await started([rogan]);
    const before = blockOf(rogan)!.revision;
    await asUser(player, async () => {
      const { combatantTurnEvent } = await import("../../../src/foundry/combat/turn-events");
      expect(await combatantTurnEvent(combat, combat.combatant!, "turnStart")).toBeNull();
    });
    expect(blockOf(rogan)!.revision).toBe(before);
  });
});

describe("the maneuver query", () => {
  async function playerFight() {
    const friedrick = m2mActor(P.friedrick, { ownership: { default: 0, [player.id]: 3 } });
    const pierre = m2mActor(P.pierre, { ownership: { default: 0, [other.id]: 3 } });
    const combat = await started([friedrick, pierre]);
    const ref = { combatId: combat.id!, combatantId: combat.combatant!.id! };
    return { friedrick, pierre, combat, ref };
  }

  it("the owner's maneuver is applied once and said in chat", async () => {
    const { friedrick, ref } = await playerFight();
    const before = blockOf(friedrick)!;
    expect(await asUser(player, () => sendManeuver(ref, { maneuver: "attack" }))).toBe(true);
    const after = blockOf(friedrick)!;
    expect(after.maneuver).toBe("attack");
    expect(after.maneuverTurn).toBe(after.turn);
    expect(after.revision).toBe(before.revision + 1);
    expect(maneuverLines().map(contentOf)).toEqual([
      '<p class="bbb-maneuver-chosen">Fiendish Friedrick chooses Attack (Standing).</p>',
    ]);
  });

  it("from a user who does not own the combatant: refused at the click and on the GM's client", async () => {
    const { friedrick, ref } = await playerFight();
    const before = blockOf(friedrick)!;
    expect(await asUser(other, () => sendManeuver(ref, { maneuver: "attack" }))).toBe(false);
    expect(warnings().at(-1)).toBe(
      "You do not own Fiendish Friedrick: only its owners choose its maneuver.",
    );
    // Past the click (a crafted request): the GM's client refuses it too.
    const outcome = await asUser(other, () =>
      askGM(QUERY.maneuver, { ...ref, revision: before.revision, choice: { maneuver: "attack" } }),
    );
    expect(outcome).toMatchObject({ ok: false, code: "notOwner" });
    expect(blockOf(friedrick)).toEqual(before);
    expect(maneuverLines()).toHaveLength(0);
  });

  it("a second maneuver in the same turn is refused", async () => {
    const { friedrick, ref } = await playerFight();
    expect(await asUser(player, () => sendManeuver(ref, { maneuver: "attack" }))).toBe(true);
    const once = blockOf(friedrick)!;
    expect(await asUser(player, () => sendManeuver(ref, { maneuver: "all-out-defence" }))).toBe(
      false,
    );
    expect(warnings().at(-1)).toContain("already chose attack this turn");
    expect(blockOf(friedrick)).toEqual(once);
    expect(maneuverLines()).toHaveLength(1);
  });

  it("a double click acts once: the second request meets the new revision", async () => {
    const { friedrick, ref } = await playerFight();
    const before = blockOf(friedrick)!;
    const results = await asUser(player, () =>
      Promise.all([
        sendManeuver(ref, { maneuver: "attack" }),
        sendManeuver(ref, { maneuver: "attack" }),
      ]),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(blockOf(friedrick)!.revision).toBe(before.revision + 1);
    expect(maneuverLines()).toHaveLength(1);
  });

  it("out of turn, refused; Ready names a weapon, Change Position a position; Advanced only with the option", async () => {
    const { friedrick, pierre, combat, ref } = await playerFight();
    const pierreC = combat.combatants.find((c) => c.name === "Filthy Pierre")!;
    expect(
      await asUser(other, () =>
        sendManeuver({ combatId: combat.id!, combatantId: pierreC.id! }, { maneuver: "attack" }),
      ),
    ).toBe(false);
    expect(warnings().at(-1)).toContain("It is not Filthy Pierre's turn");
    // His block is as the combat's start seeded it: no maneuver.
    expect(blockOf(pierre)).toMatchObject({ revision: 0, maneuver: null });
    // An Advanced maneuver in a Basic world.
    expect(await asUser(player, () => sendManeuver(ref, { maneuver: "step-and-attack" }))).toBe(
      false,
    );
    expect(warnings().at(-1)).toContain("not a Basic maneuver");
    // Ready without a weapon, then with one he does not have: refused naming the field.
    expect(await asUser(player, () => sendManeuver(ref, { maneuver: "ready" }))).toBe(false);
    expect(warnings().at(-1)).toContain("weapon");
    expect(
      await asUser(player, () => sendManeuver(ref, { maneuver: "ready", weapon: "noSuchItem000" })),
    ).toBe(false);
    const axe = friedrick.items.find((i) => i.name === "Axe")!;
    expect(
      await asUser(player, () => sendManeuver(ref, { maneuver: "ready", weapon: axe.id })),
    ).toBe(true);
    expect(blockOf(friedrick)!.maneuver).toBe("ready");
  });

  it("Change Position takes the posture; with the Advanced option, Step and Attack is offered", async () => {
    await standIns.game.settings.set("blow-by-blow", "m2m.advancedManeuvers", true as never);
    const { friedrick, ref } = await playerFight();
    expect(
      await asUser(player, () =>
        sendManeuver(ref, { maneuver: "change-position", posture: "kneeling" }),
      ),
    ).toBe(true);
    expect(blockOf(friedrick)!.posture).toBe("kneeling");
    const offered = M2M_TURNS.maneuvers.list(worldOptions("m2m")).map((m) => m.id);
    expect(offered).toContain("step-and-attack");
    expect(offered).not.toContain("attack");
    expect(maneuverLines().map(contentOf).at(-1)).toContain("Change Position (Kneeling)");
  });
});

describe("who is prompted for the maneuver", () => {
  it("a connected player who owns the fighter; else the active GM; never another user", () => {
    const actor = m2mActor(P.rogan, { ownership: { default: 0, [player.id]: 3 } });
    const gm = standIns.game.users.activeGM!;
    const users = [...standIns.game.users];
    const a = actor as unknown as ActorLike;
    expect(promptsFor(player, a, users, gm.id)).toBe(true);
    expect(promptsFor(other, a, users, gm.id)).toBe(false);
    expect(promptsFor(gm, a, users, gm.id)).toBe(false);
    // The owner is away: the GM is asked, and only the active GM.
    player.active = false;
    expect(promptsFor(gm, a, [...standIns.game.users], gm.id)).toBe(true);
    expect(promptsFor(gm, a, [...standIns.game.users], "someOtherGM00001")).toBe(false);
  });
});
