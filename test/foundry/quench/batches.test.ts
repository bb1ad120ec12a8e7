/**
 * The Quench batches (src/foundry/quench: every ruleset's, HârnMaster Gold's too) run in Node
 * against the stand-ins (docs/foundry-stand-ins.md), through the vitest-based Quench context
 * (shim.ts): the system's entry point is loaded and `init` fired as Foundry would, Quench's
 * `quenchReady` hook registers the batches (Quench marked active), and the registered batches'
 * own suites and tests run here. Two seams are the stand-ins' instead of Foundry's, which only
 * Foundry runs: the canvas (a scene, tokens, the GM's target: the stand-ins' scene helpers in
 * place of foundryStage) and the sheets' DOM (the stand-ins' DOM-free render and form
 * submission in place of foundrySheetDriver). What passing here proves, and what it does not,
 * is in docs/testing.md.
 */
import { describe, expect, it } from "vitest";
import { sheetDriver, stage } from "./world";
import { addUser, asUser, Collection, standIns, StandInChatMessage } from "../stand-ins";
import { AttackDialog } from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import { BATCH_KEYS, registerBatches } from "../../../src/foundry/quench/batches";
import { requireGMAndHM3 } from "../../../src/foundry/rulesets/hm3/quench/exchange-batch";
import { cleanUp } from "../../../src/foundry/quench/support";
import { onQuenchReady } from "../../../src/foundry/quench";
import { quenchContext, recordingQuench, suiteTimeouts } from "./shim";
import { BATCH_TIMEOUT_MS } from "../../../src/foundry/quench/context";
import { worldOptions } from "../../../src/foundry/combat/settings";

// Quench fires quenchReady (in its setup hook) with the quench object.
const quench = recordingQuench();
standIns.Hooks.callAll("quenchReady", quench);
for (let i = 0; i < 100 && !quench.batches.length; i++)
  await new Promise((resolve) => setTimeout(resolve, 5));

const randomUniform = standIns.CONFIG.Dice!.randomUniform;
const applyMode = standIns.game.settings.get("blow-by-blow", "applyMode");
const ruleset = standIns.game.settings.get("blow-by-blow", "ruleset");
const prompts = { attack: AttackDialog.prompt, defence: DefenceDialog.prompt };
const goldOptions = worldOptions("hm3");

// ── The registration ─────────────────────────────────────────────────────────────────────────

describe("Quench registration", () => {
  it("quenchReady registers the batches under the system's id, with localised names", () => {
    expect(quench.batches.map((b) => [b.key, b.displayName])).toEqual([
      ["blow-by-blow.exchange", "BLOW BY BLOW: a whole HM3 exchange run by the GM"],
      ["blow-by-blow.sheets", "BLOW BY BLOW: sheets and data"],
      [
        "blow-by-blow.gold",
        "BLOW BY BLOW: HârnMaster Gold options in play (aimed melee, angry strike, blunt trauma, initiative, reach, disengage)",
      ],
      [
        "blow-by-blow.m2m",
        "BLOW BY BLOW: a GURPS Man to Man world (packs, Friedrick, sheets, switching back)",
      ],
      [
        "blow-by-blow.m2m-fight",
        "BLOW BY BLOW: a whole GURPS Man to Man fight run by the GM (maneuvers, exchanges, turns, a decision)",
      ],
      [
        "blow-by-blow.hmzd-fight",
        "BLOW BY BLOW: a zone-die fight run by the GM (attack, defence, tactical advantages, injury, shock state, recovery)",
      ],
    ]);
    expect(quench.batches.map((b) => b.key)).toEqual(BATCH_KEYS);
  });

  it("registers nothing when the Quench module is not active", async () => {
    const other = recordingQuench();
    const modules = standIns.game.modules;
    standIns.game.modules = new Collection([["quench", { id: "quench", active: false }]]);
    let loaded = false;
    try {
      const done = await onQuenchReady(other, async () => {
        loaded = true;
        return import("../../../src/foundry/quench/batches");
      });
      expect(done).toBe(false);
    } finally {
      standIns.game.modules = modules;
    }
    expect(loaded).toBe(false);
    expect(other.batches).toEqual([]);
  });

  it("the batch refuses to run on a client that is not the active GM's", () => {
    const alice = addUser({ name: "Alice Quench" });
    expect(() => asUser(alice, requireGMAndHM3)).toThrow(
      "Run the Blow by Blow batches as the active GM",
    );
    standIns.game.users.delete(alice.id);
    expect(() => requireGMAndHM3()).not.toThrow();
  });

  it("clean-up runs every step and throws the failures afterwards", async () => {
    const ran: number[] = [];
    await expect(
      cleanUp([
        () => ran.push(1),
        () => {
          throw new Error("two");
        },
        async () => ran.push(3),
      ]),
    ).rejects.toThrow("two");
    expect(ran).toEqual([1, 3]);
  });
});

// ── The batch itself, as Quench would run it ─────────────────────────────────────────────────

// A player chats while the exchange batch runs: the batch's clean-up must leave that message.
const bystander = addUser({ id: "userBystander001", name: "Bystander" });
let chatted: string | null = null;
standIns.Hooks.on("createChatMessage", (message: unknown) => {
  if (chatted !== null || (message as { type: string }).type !== "exchange") return;
  chatted = "";
  void asUser(bystander, () => StandInChatMessage.create({ content: "Nice hit!" })).then(
    (m) => (chatted = m?.id ?? null),
  );
});

// The hook registered the batches with Foundry's canvas (foundryStage); here they are registered
// again with the stand-ins' canvas and every batch's function registers its suites with vitest.
const forNode = recordingQuench();
registerBatches(forNode, (key) => standIns.game.i18n.localize(key), {
  stage,
  sheets: sheetDriver,
});
expect(forNode.batches.map((b) => b.key)).toEqual(quench.batches.map((b) => b.key));
for (const batch of forNode.batches) batch.fn(quenchContext());

describe("after the batches", () => {
  it("each batch's suite asked mocha for more than its 2 s default", () => {
    expect([...suiteTimeouts.values()]).toEqual(forNode.batches.map(() => BATCH_TIMEOUT_MS));
    expect(BATCH_TIMEOUT_MS).toBeGreaterThan(2000);
  });

  it("left nothing behind: actors, combat, cards, settings (HM3's options too), dice and dialogs as before", () => {
    expect(standIns.game.actors.contents).toEqual([]);
    expect(standIns.game.items.contents).toEqual([]);
    expect(standIns.game.combats!.contents).toEqual([]);
    expect(standIns.game.messages!.contents.map((m) => [m.id, m.content])).toEqual([
      [chatted, "Nice hit!"],
    ]);
    expect(standIns.game.scenes!.contents).toEqual([]);
    expect(standIns.game.settings.get("blow-by-blow", "applyMode")).toBe(applyMode);
    expect(standIns.game.settings.get("blow-by-blow", "ruleset")).toBe(ruleset);
    expect(worldOptions("hm3")).toEqual(goldOptions);
    expect(standIns.CONFIG.Dice!.randomUniform).toBe(randomUniform);
    expect(AttackDialog.prompt).toBe(prompts.attack);
    expect(DefenceDialog.prompt).toBe(prompts.defence);
  });
});
