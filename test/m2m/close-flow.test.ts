/**
 * Close combat through the flow (src/rules/m2m/close-flow.ts with flow.ts; seed 004 ch. 6,
 * L2653–2821; spec §11; rulings M120–M121): entering with Step and Attack or All-Out Attack,
 * its refusals, the legal weapons and their −2, the shield's −PD after the entry, the defences
 * (Dodge only; dodge and retreat backs out), the forbidden maneuvers, leaving by Move, and
 * striking into a close combat from outside.
 */
import { describe, expect, it } from "vitest";
import {
  chooseManeuver,
  m2mFlow,
  parseFighterBlock,
  parseFlowDeclaration,
  type M2mFighterState,
} from "../../src/rules/m2m/flow";
import type { RulesetBlock } from "../../src/core/ruleset";
import { fighter, fixed, HANS, PIERRE, readyBlock, startWith, stateOf } from "./flow-fighters";

const CLOSE = { hitLocation: true, stun: true, closeCombat: true };

/** Pierre (the attacker) with `weapon` against Hans. */
function pierreAttacks(
  weapon: "dagger" | "shortsword",
  pierre: RulesetBlock,
  hans: RulesetBlock,
  attack: Record<string, unknown> = {},
  options: Record<string, boolean> = CLOSE,
) {
  return {
    attacker: fighter(PIERRE, pierre),
    defender: fighter(HANS, hans),
    attack: {
      weapon,
      mode: weapon === "dagger" ? "thrust" : "swing",
      target: "torso",
      ...attack,
    },
    options,
  };
}

const closeTo = (foe: string, since = 1) => ({ close: { foe, since } });
const block = (b: RulesetBlock, data: Partial<M2mFighterState>): RulesetBlock => ({
  ...b,
  data: { ...b.data, ...data },
});

describe("entering close combat (L2677–2679)", () => {
  it("is refused when the world does not play close combat, naming attack.enter", () => {
    const d = pierreAttacks(
      "dagger",
      readyBlock(10, "step-and-attack"),
      readyBlock(12),
      { enter: true },
      { closeCombat: false },
    );
    expect(() => startWith(d, { attack: 16 })).toThrow(/attack\.enter.*does not play close combat/);
  });

  it("L2677: only Step and Attack or All-Out Attack enter to attack; under Move (an evade or a slam, L2679) no attack at all", () => {
    const under = (m: "attack" | "move") =>
      pierreAttacks("dagger", readyBlock(10, m), readyBlock(12), { enter: true });
    expect(() => startWith(under("attack"), { attack: 16 })).toThrow(
      /Step and Attack or All-Out Attack/,
    );
    expect(() => startWith(under("move"), { attack: 16 })).toThrow(/allow an attack/);
    expect(() =>
      startWith(
        pierreAttacks("dagger", readyBlock(10, "all-out-attack"), readyBlock(12), { enter: true }),
        { attack: 16 },
      ),
    ).not.toThrow();
  });

  it("L2659–2663: a shortsword is no close-combat weapon; the dagger is, at −2 (Knife 12 → 10), the shield spared on entering (L2671)", () => {
    const sword = pierreAttacks("shortsword", readyBlock(10, "step-and-attack"), readyBlock(12), {
      enter: true,
    });
    expect(() => startWith(sword, { attack: 16 })).toThrow(
      /attack\.weapon.*not a close-combat weapon/,
    );
    const s = startWith(
      pierreAttacks("dagger", readyBlock(10, "step-and-attack"), readyBlock(12), { enter: true }),
      { attack: 16 },
    );
    expect(s.attackTarget.value).toBe(10);
    expect(s.attackTarget.modifiers).toContainEqual(
      expect.objectContaining({ key: "attack.closeCombatWeapon", value: -2 }),
    );
    expect(s.attackTarget.modifiers.map((m) => m.key)).not.toContain("attack.closeCombatShield");
  });

  it("L2811: Hans may only dodge (or dodge and retreat); block and parry are closed with the reason", () => {
    const s = startWith(
      pierreAttacks("dagger", readyBlock(10, "step-and-attack"), readyBlock(12), { enter: true }),
      { attack: 10 },
    );
    const p = m2mFlow.pending(s)!;
    expect(p.options.filter((o) => !o.unavailableKey).map((o) => o.id)).toEqual([
      "dodge",
      "dodge-retreat",
      "none",
    ]);
    expect((p.data!.reasons as Record<string, string>)["parry:broadsword"]).toMatch(/L2811/);
    expect(() => m2mFlow.parseChoice(s, { option: "parry:broadsword" })).toThrow(/L2811/);
  });

  it("after the exchange both blocks name each other; dodge and retreat backs out instead (L2813)", () => {
    const s = startWith(
      pierreAttacks("dagger", readyBlock(10, "step-and-attack"), readyBlock(12), { enter: true }),
      { attack: 10 },
    );
    const dodged = m2mFlow.result(m2mFlow.choose(s, { option: "dodge" }, fixed({ defence: 5 })));
    expect(stateOf(dodged, "attacker").close).toEqual({ foe: "hans", since: 1 });
    expect(stateOf(dodged, "defender").close).toEqual({ foe: "pierre", since: 1 });
    const out = m2mFlow.result(
      m2mFlow.choose(s, { option: "dodge-retreat" }, fixed({ defence: 5 })),
    );
    expect(stateOf(out, "attacker").close ?? null).toBeNull();
    expect(stateOf(out, "defender").close ?? null).toBeNull();
  });
});

describe("in close combat (L2659–2671, L2805)", () => {
  const pierre = (m: M2mFighterState["maneuver"] = "attack") =>
    block(readyBlock(10, m), closeTo("hans"));
  const hans = block(readyBlock(12), closeTo("pierre"));

  it("L2663, L2671: the dagger is −2 and Pierre's shield −2 (its PD) after the entry: 12 → 8", () => {
    const s = startWith(pierreAttacks("dagger", pierre(), hans), { attack: 16 });
    expect(s.attackTarget.value).toBe(8);
    expect(s.attackTarget.modifiers).toContainEqual(
      expect.objectContaining({ key: "attack.closeCombatShield", value: -2 }),
    );
    expect(() => startWith(pierreAttacks("shortsword", pierre(), hans), { attack: 16 })).toThrow(
      /not a close-combat weapon/,
    );
  });

  it("one-sided (Hans has left): no close combat, the shortsword swings at 13", () => {
    const s = startWith(pierreAttacks("shortsword", pierre(), readyBlock(12)), { attack: 16 });
    expect(s.attackTarget.value).toBe(13);
    const r = m2mFlow.result(s);
    expect(stateOf(r, "attacker").close).toBeNull();
  });

  it("L2805: All-Out Defence, Feint, Aim, Concentrate, Wait and All-Out Attack are refused; Move walks out (L2681)", () => {
    const started = block(pierre(null), { turn: 2, maneuverTurn: 1 });
    const me = parseFlowDeclaration(pierreAttacks("dagger", started, hans)).attacker;
    for (const m of [
      "all-out-defence",
      "feint",
      "aim",
      "concentrate",
      "wait",
      "all-out-attack",
    ] as const)
      expect(() => chooseManeuver(me, { maneuver: m }), m).toThrow(
        /not possible in close combat \(L2805\)/,
      );
    expect(
      parseFighterBlock(chooseManeuver(me, { maneuver: "step-and-attack" })).state.close,
    ).toEqual({ foe: "hans", since: 1 });
    expect(
      parseFighterBlock(chooseManeuver(me, { maneuver: "move" })).state.close ?? null,
    ).toBeNull();
  });

  it("L2775–2781: striking into the close combat from outside is −2 and Hans may only dodge", () => {
    const otto = { ...HANS, id: "otto" };
    const s = startWith(
      {
        attacker: fighter(otto, readyBlock(12)),
        defender: fighter(HANS, hans),
        attack: { weapon: "broadsword", mode: "swing", target: "torso" },
        options: CLOSE,
      },
      { attack: 10 },
    );
    expect(s.attackTarget.modifiers).toContainEqual(
      expect.objectContaining({ key: "attack.strikeIntoCloseCombat", value: -2 }),
    );
    const open = m2mFlow
      .pending(s)!
      .options.filter((o) => !o.unavailableKey)
      .map((o) => o.id);
    expect(open).toEqual(["dodge", "dodge-retreat", "none"]);
  });

  it("refuses a malformed close entry in a block, naming the field", () => {
    const bad = block(readyBlock(10), { close: { foe: 3 } as never });
    expect(() => parseFighterBlock(bad)).toThrow(/close\.foe/);
  });
});
