/**
 * Throwing a hand weapon in the m2m attack (seed 004 L1852–1860, L2839–2841, L4392–4401; spec
 * §3.2, §12.1, C6, C9; ruling M131; src/foundry/rulesets/m2m/combat/throwing.ts, ../thrown.ts):
 * Friedrick's large knife, equipped, gets a labelled `throw` mode; the declaration is a thrown
 * attack at Knife Throwing (his default DX−4: 12 − 4 = 8, −2 for his large shield), the ranged table's damage (thrust+0)
 * and range from the map; his axe has no throw; after the throw the knife lies on the ground.
 * Against the stand-ins (the pack fighters of m2m-world.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { AttackRequest } from "../../../src/core/combat";
import type { Dice } from "../../../src/core/dice";
import { ScriptedDice } from "../../../src/core/dice";
import { runExchange, type Effect } from "../../../src/core/ruleset";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import { THROW_KEYS, THROW_MODE } from "../../../src/foundry/rulesets/m2m/combat/throwing";
import { writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { thrownEntry } from "../../../src/foundry/rulesets/m2m/thrown";
import {
  flowAttackTarget,
  m2mFlow,
  newFighterBlock,
  parseFlowDeclaration,
  type M2mFighterState,
} from "../../../src/rules/m2m/flow";
import { resetFlow } from "./fixtures";
import { AXE, m2mWorld, snap, type M2mWorld } from "./m2m-world";

const KNIFE = "8Gz4A8CG5EyETExr";

beforeEach(resetFlow);

const request = (itemId: string, mode: string, distance = 1): AttackRequest => ({
  itemId,
  mode,
  aim: "torso",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance },
  custom: [],
});

/** Friedrick with his large knife equipped (the pack carries it sheathed), on his attack turn. */
async function knifeReady(w: M2mWorld): Promise<void> {
  const knife = w.friedrick.items.get(KNIFE)!;
  await (knife as unknown as { update(c: object): Promise<unknown> }).update({
    "system.equipped": true,
  });
  const b = newFighterBlock(14, 14);
  await w.friedrick.update(
    writeFight({ ...b, data: { ...b.data, turn: 1, maneuver: "attack", maneuverTurn: 1 } }),
  );
}

const raw = (w: M2mWorld, itemId: string, mode: string, distance = 1) =>
  m2mCombat.buildDeclaration(snap(w.friedrick), snap(w.pierre), request(itemId, mode, distance), {})
    .declaration;

describe("throwing a hand weapon (ruling M131)", () => {
  it("the table's throwable hand weapons are the ranged table's thrown entries", () => {
    const entry = (ref: string) => thrownEntry({ ref, shield: null })?.skill ?? null;
    expect(
      ["large-knife", "small-knife", "dagger", "hatchet", "throwing-axe", "javelin", "spear"].map(
        entry,
      ),
    ).toEqual([
      "knife-throwing",
      "knife-throwing",
      "knife-throwing",
      "axe-throwing",
      "axe-throwing",
      "spear-throwing",
      "spear-throwing",
    ]);
    expect(["axe", "shortsword", "rock", ""].map(entry)).toEqual([null, null, null, null]);
  });

  it("the knife offers a labelled throw; the axe does not", async () => {
    const w = await m2mWorld();
    await knifeReady(w);
    const options = m2mCombat.attackOptions(snap(w.friedrick), snap(w.pierre));
    const knife = options.find((o) => o.itemId === KNIFE)!;
    expect(knife.modes.filter((m) => m.id === THROW_MODE)).toEqual([
      { id: THROW_MODE, labelKey: THROW_KEYS.mode, impact: 0 },
    ]);
    expect(options.find((o) => o.itemId === AXE)!.modes.map((m) => m.id)).not.toContain(THROW_MODE);
    expect(() => raw(w, AXE, THROW_MODE)).toThrow(/^mode: .*cannot be thrown/);
  });

  it("declared thrown at Knife Throwing's default (DX 12 − 4, large shield −2: 6), thrust damage, range from the map", async () => {
    const w = await m2mWorld();
    await knifeReady(w);
    const d = parseFlowDeclaration(raw(w, KNIFE, THROW_MODE, 3));
    expect(d.attack).toMatchObject({ kind: "thrown", mode: THROW_MODE, hand: "main" });
    const knife = d.attacker.weapons.find((x) => x.id === KNIFE)!;
    // Large knife thrown: thr+0 (L4393); Friedrick's ST 12 thrust is 1d-1.
    expect(knife.modes[THROW_MODE]).toMatchObject({ skill: 6, type: "imp" });
    expect(knife.modes[THROW_MODE]!.damage).toEqual({ dice: 1, adds: -1 });
    // Increment 1 (L4393): 3 yards is −3; the throw is a snap shot (no Aim): −4. 6 − 7 = −1.
    const t = flowAttackTarget(d);
    expect(t.modifiers).toContainEqual(expect.objectContaining({ key: "attack.range", value: -3 }));
    expect(t.value).toBe(-1);
    // Half damage from ST − 2 = 10 yards; beyond ST + 5 = 17 refused.
    expect(parseFlowDeclaration(raw(w, KNIFE, THROW_MODE, 10)).attack.halfDamage).toBe(true);
    expect(() => raw(w, KNIFE, THROW_MODE, 18)).toThrow(/^situation\.distance: /);
  });

  it("his sheet's Knife Throwing level is used when he has it", async () => {
    const w = await m2mWorld();
    await knifeReady(w);
    const skills = (w.friedrick._source.system as { m2m: { skills: object[] } }).m2m.skills;
    await w.friedrick.update({
      "system.m2m.skills": [...skills, { id: "knife-throwing", points: 2 }],
    });
    const d = parseFlowDeclaration(raw(w, KNIFE, THROW_MODE));
    // Easy, 2 points: DX+1 = 13 (L694-714), large shield −2: 11.
    expect(d.attacker.weapons.find((x) => x.id === KNIFE)!.modes[THROW_MODE]!.skill).toBe(11);
  });

  it("not from the off hand nor into close combat", async () => {
    const w = await m2mWorld();
    await knifeReady(w);
    expect(() => raw(w, KNIFE, `${THROW_MODE}:off`)).toThrow(/^mode: /);
    expect(() => raw(w, KNIFE, `${THROW_MODE}:enter`)).toThrow(/^mode: /);
  });

  it("after the throw the knife lies on the ground, hit or miss (L1860, L1906)", async () => {
    const w = await m2mWorld();
    await knifeReady(w);
    const decl = m2mFlow.parseDeclaration(raw(w, KNIFE, THROW_MODE, 1));
    const threes: Dice = { roll: (_n, count) => Array.from({ length: count }, () => 3) };
    for (const attack of [
      [1, 1, 2],
      [4, 4, 4],
    ]) {
      const { result } = runExchange(
        m2mFlow,
        decl,
        { defence: [{ option: "none" }] },
        new ScriptedDice({ attack }, threes),
      );
      const mine = result.effects.find(
        (e): e is Extract<Effect, { type: "state" }> => e.type === "state" && e.to === "attacker",
      )!;
      const s = mine.block.data as unknown as M2mFighterState;
      expect(s.weapons[KNIFE]?.place).toBe("ground");
    }
    // A swing leaves it in hand.
    const swing = m2mFlow.parseDeclaration(raw(w, KNIFE, "0", 1));
    const { result } = runExchange(
      m2mFlow,
      swing,
      { defence: [{ option: "none" }] },
      new ScriptedDice({ attack: [4, 4, 4] }, threes),
    );
    const mine = result.effects.find(
      (e): e is Extract<Effect, { type: "state" }> => e.type === "state" && e.to === "attacker",
    )!;
    expect((mine.block.data as unknown as M2mFighterState).weapons[KNIFE]?.place ?? "hand").toBe(
      "hand",
    );
  });
});
