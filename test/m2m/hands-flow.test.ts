/**
 * The off hand through the flow (src/rules/m2m/flow.ts with hands.ts; seed 004 L518–528, spec
 * §2.4 and §5.2): the attack's hand, its −4 itemised, Ambidextrousness, the hand kept on the
 * weapon for its parries (−2, L524), a crippled arm by the hand it holds (L3671–3675, L522).
 */
import { describe, expect, it } from "vitest";
import { m2mFlow, parseFlowDeclaration } from "../../src/rules/m2m/flow";
import { fighter, HANS, PIERRE, readyBlock, startWith, stateOf } from "./flow-fighters";

const swing = (hand: string | undefined, pierre: object = {}, hans = readyBlock(12)) => ({
  attacker: fighter(PIERRE, readyBlock(10), pierre),
  defender: fighter(HANS, hans),
  attack: { weapon: "shortsword", mode: "swing", target: "torso", ...(hand ? { hand } : {}) },
});

describe("the off hand in the flow (L524)", () => {
  it("the main hand is the default: Shortsword 13, nothing added", () => {
    const s = startWith(swing(undefined), { attack: 16 });
    expect(s.attackTarget.value).toBe(13);
    expect(s.attackTarget.modifiers.map((m) => m.key)).not.toContain("attack.offHand");
  });

  it("L524: striking with the off hand is −4, itemised (13 → 9)", () => {
    const s = startWith(swing("off"), { attack: 16 });
    expect(s.attackTarget.value).toBe(9);
    expect(s.attackTarget.modifiers).toContainEqual(
      expect.objectContaining({ key: "attack.offHand", value: -4 }),
    );
  });

  it("L526–528: an ambidextrous fighter strikes with either hand at full skill", () => {
    const s = startWith(swing("off", { ambidextrous: true }), { attack: 16 });
    expect(s.attackTarget.value).toBe(13);
  });

  it("refuses an unknown hand, naming attack.hand", () => {
    expect(() => parseFlowDeclaration(swing("left"))).toThrow(/attack\.hand/);
  });

  it("the weapon stays in the hand it struck with: its next parry is −2 (Parry 6 → 4, L524)", () => {
    const r = m2mFlow.result(startWith(swing("off"), { attack: 16 }));
    const after = stateOf(r, "attacker");
    expect(after.weapons.shortsword!.hand).toBe("off");
    // Hans attacks Pierre, who parries with the shortsword in his off hand.
    const pierre = {
      ...readyBlock(10),
      data: {
        ...after,
        weapons: { shortsword: { ...after.weapons.shortsword!, turnsToReady: 0 } },
      },
    };
    const s = startWith(
      {
        attacker: fighter(HANS, readyBlock(12)),
        defender: fighter(PIERRE, pierre),
        attack: { weapon: "broadsword", mode: "swing", target: "torso" },
      },
      { attack: 10 },
    );
    const parry = m2mFlow.pending(s)!.options.find((o) => o.id === "parry:shortsword")!;
    expect(parry.target!.modifiers).toContainEqual(
      expect.objectContaining({ key: "defence.offHand", value: -2 }),
    );
    // Parry 6, off hand −2, PD 3 (armour 1 + shield 2).
    expect(parry.target!.value).toBe(7);
    // A main-hand attack puts it back in the main hand.
    const back = m2mFlow.result(
      startWith(
        {
          attacker: fighter(PIERRE, { ...pierre, data: { ...pierre.data, attacks: 0 } }),
          defender: fighter(HANS, readyBlock(12)),
          attack: { weapon: "dagger", mode: "thrust", target: "torso" },
        },
        { attack: 16 },
      ),
    );
    expect(stateOf(back, "attacker").weapons.shortsword!.hand).toBe("off");
    expect(stateOf(back, "attacker").weapons.dagger?.hand).toBeUndefined();
  });

  it("L3671–3675, L522: a crippled left arm stops the off hand, not the main hand; a left-hander's the reverse", () => {
    const crippledLeft = readyBlock(10, "attack", {
      conditions: [
        {
          condition: "crippled",
          cause: "wound",
          until: "encounter",
          location: "left-arm",
          armed: true,
        },
      ],
    });
    const d = (hand: string, more: object = {}) => ({
      ...swing(hand, more),
      attacker: fighter(PIERRE, crippledLeft, more),
    });
    expect(() => startWith(d("off"), { attack: 16 })).toThrow(/weapon arm is crippled/);
    expect(() => startWith(d("main"), { attack: 16 })).not.toThrow();
    expect(() => startWith(d("main", { leftHanded: true }), { attack: 16 })).toThrow(
      /weapon arm is crippled/,
    );
    expect(() => startWith(d("off", { leftHanded: true }), { attack: 16 })).not.toThrow();
  });

  it("the item's hand (its held field) is the weapon's hand: held off, it parries at −2 and strikes at −4 from its own hand (L524)", () => {
    const offHeld = {
      ...PIERRE,
      weapons: [{ ...PIERRE.weapons[0]!, hand: "off" }, PIERRE.weapons[1]!],
    };
    const s = startWith(
      {
        attacker: fighter(HANS, readyBlock(12)),
        defender: fighter(offHeld, readyBlock(10)),
        attack: { weapon: "broadsword", mode: "swing", target: "torso" },
      },
      { attack: 10 },
    );
    const parry = m2mFlow.pending(s)!.options.find((o) => o.id === "parry:shortsword")!;
    expect(parry.target!.value).toBe(7);
    // He swings it from the main hand: the block remembers the main hand against the item's off.
    const r = m2mFlow.result(
      startWith(
        {
          attacker: fighter(offHeld, readyBlock(10)),
          defender: fighter(HANS, readyBlock(12)),
          attack: { weapon: "shortsword", mode: "swing", target: "torso", hand: "main" },
        },
        { attack: 16 },
      ),
    );
    expect(stateOf(r, "attacker").weapons.shortsword!.hand).toBe("main");
  });
});
