/**
 * Impairment (Z8, 001:83-87, 117) in the attack and defence dialogs of the zone-die flow: the
 * targets the dialogs show and the declaration carries (`attackTarget`, the defence options'
 * targets, `buildChoice`) take the penalty of the injuries in the zones the action uses: the
 * sword arm for a strike and a block with the sword, the shield arm for a shield block, the legs
 * for Dodge; head and torso injuries impair every action; an M injury only once it hinders; a
 * G injury in a zone used forbids the action. On the stand-ins: Sir Aldric (Alice), sword in his
 * main (right) hand and shield in his off (left) hand, attacks the Brigand.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settle, type StandInActor } from "../stand-ins";
import type { AttackRequest } from "../../../src/core/combat";
import type { PendingChoice } from "../../../src/core/ruleset";
import { hmzdCombat } from "../../../src/foundry/rulesets/hmzd/combat";
import { resetFlow } from "./fixtures";
import { hmzdWorld, SHIELD, snap, SWORD } from "./hmzd-world";

type Obj = Record<string, unknown>;

async function wound(a: StandInActor, hmzd: Obj): Promise<void> {
  await a.createEmbeddedDocuments("Item", [
    {
      name: "wound",
      type: "injury",
      system: {
        hmzd: { aspect: "edge", location: "shoulder", shockFailed: false, ...hmzd },
      },
    },
  ]);
  await settle();
}

const swing: AttackRequest = {
  itemId: SWORD,
  mode: "0",
  aim: "1",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
  custom: [],
};

const impairmentOf = (t: { modifiers: { key: string; value: number }[] }) =>
  t.modifiers.filter((m) => m.key === "impairment").reduce((n, m) => n + m.value, 0);

/** The defence prompt the Brigand's swing at Sir Aldric gives him, with its targets. */
function defenceOptions(w: Awaited<ReturnType<typeof hmzdWorld>>) {
  const build = hmzdCombat.buildDeclaration(snap(w.brigand), snap(w.aldric), swing, {});
  const pending: PendingChoice = {
    by: "defender",
    kind: "defence",
    options: [
      { id: "block", labelKey: "b" },
      { id: "counterstrike", labelKey: "c" },
      { id: "dodge", labelKey: "d" },
      { id: "ignore", labelKey: "i" },
    ],
  } as PendingChoice;
  return hmzdCombat.choiceOptions(pending, build, snap(w.aldric));
}

beforeEach(resetFlow);

describe("impairment in the zone-die dialogs (Z8)", () => {
  it("an S injury on the sword arm: −10 on the strike and the sword's block, not the shield's", async () => {
    const w = await hmzdWorld();
    const clean = hmzdCombat.attackTarget(snap(w.aldric), snap(w.brigand), swing);
    expect(impairmentOf(clean)).toBe(0);
    await wound(w.aldric, { severity: "S", level: 2, zone: "arms", side: "right" });
    const hurt = hmzdCombat.attackTarget(snap(w.aldric), snap(w.brigand), swing);
    expect(impairmentOf(hurt)).toBe(-10);
    expect(hurt.value).toBe(clean.value - 10);
    // The declaration carries the same target (the card's attack EML).
    const build = hmzdCombat.buildDeclaration(snap(w.aldric), snap(w.brigand), swing, {});
    const eml = (build.declaration as { attack: { eml: { modifiers: { key: string }[] } } }).attack
      .eml;
    expect(eml.modifiers.map((m) => m.key)).toContain("impairment");

    const options = defenceOptions(w);
    const block = options.find((o) => o.id === "block")!;
    const bySword = block.items.find((i) => i.itemId === SWORD)!;
    const byShield = block.items.find((i) => i.itemId === SHIELD)!;
    expect(impairmentOf(bySword.target!)).toBe(-10);
    expect(impairmentOf(byShield.target!)).toBe(0);
    expect(impairmentOf(options.find((o) => o.id === "dodge")!.target!)).toBe(0);
  });

  it("a leg injury impairs Dodge; a torso injury every action; an M injury once it hinders", async () => {
    const w = await hmzdWorld();
    await wound(w.aldric, {
      severity: "S",
      level: 3,
      zone: "legs",
      side: "left",
      location: "knee",
    });
    let options = defenceOptions(w);
    expect(impairmentOf(options.find((o) => o.id === "dodge")!.target!)).toBe(-10);
    expect(impairmentOf(hmzdCombat.attackTarget(snap(w.aldric), snap(w.brigand), swing))).toBe(0);
    // An M injury on the torso whose shock test failed hinders at once (001:83): −5 everywhere.
    await wound(w.aldric, {
      severity: "M",
      level: 1,
      zone: "torso",
      side: "none",
      location: "abdomen",
      shockFailed: true,
    });
    options = defenceOptions(w);
    expect(impairmentOf(options.find((o) => o.id === "dodge")!.target!)).toBe(-15);
    expect(impairmentOf(hmzdCombat.attackTarget(snap(w.aldric), snap(w.brigand), swing))).toBe(-5);
  });

  it("a G injury on the sword arm forbids the strike and the sword's block", async () => {
    const w = await hmzdWorld();
    await wound(w.aldric, { severity: "G", level: 4, zone: "arms", side: "right" });
    const sword = hmzdCombat
      .attackOptions(snap(w.aldric), snap(w.brigand))
      .find((o) => o.itemId === SWORD)!;
    expect(sword.unavailableKey).toBe("BLOWBYBLOW.HMZD.Combat.Unavailable.forbidden");
    expect(() => hmzdCombat.attackTarget(snap(w.aldric), snap(w.brigand), swing)).toThrow(
      /grievous injury/,
    );
    const block = defenceOptions(w).find((o) => o.id === "block")!;
    expect(block.items.map((i) => i.itemId)).toEqual([SHIELD]);
  });
});
