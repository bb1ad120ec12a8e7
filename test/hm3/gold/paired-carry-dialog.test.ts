/**
 * The attack dialog's reason an item may not attack after the attacker's own Reaction Roll on
 * its tactical advantage (seed 000 lines 300-303, rulings G81, G83): `advantageAttackKey` marks
 * the items `pairedCarried` would refuse, and only in the turn the TA was taken in.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeFight, FighterItem } from "../../../src/core/combat";
import {
  ADVANTAGE_UNAVAILABLE_KEY,
  advantageAttackKey,
} from "../../../src/rules/hm3/gold/paired-carry";

const item = (held: string): FighterItem =>
  ({ id: `it-${held}`, name: held, type: "weapon", system: { held } }) as unknown as FighterItem;
const MAIN = item("main");
const OFF = item("off");
const ON = { reactionRoll: true };

const fight = (level: string, turn = 2): ExchangeFight => ({
  round: 3,
  turn,
  marks: { attacker: { advantageReaction: { round: 3, turn: 2, roll: 40, target: 55, level } } },
});

describe("the items the TA taker's own Reaction Roll rules out (000:300-303)", () => {
  it("CS (line 300): any weapon", () => {
    expect(advantageAttackKey(ON, fight("CS"), MAIN)).toBeNull();
    expect(advantageAttackKey(ON, fight("CS"), OFF)).toBeNull();
  });

  it("MS (line 301): only the primary weapon", () => {
    expect(advantageAttackKey(ON, fight("MS"), MAIN)).toBeNull();
    expect(advantageAttackKey(ON, fight("MS"), OFF)).toBe(ADVANTAGE_UNAVAILABLE_KEY.primary);
  });

  it("MF (line 302): only the secondary weapon, or a pass", () => {
    expect(advantageAttackKey(ON, fight("MF"), MAIN)).toBe(
      ADVANTAGE_UNAVAILABLE_KEY.secondaryOrPass,
    );
    expect(advantageAttackKey(ON, fight("MF"), OFF)).toBeNull();
  });

  it("CF (line 303): nothing but a pass", () => {
    expect(advantageAttackKey(ON, fight("CF"), MAIN)).toBe(ADVANTAGE_UNAVAILABLE_KEY.pass);
    expect(advantageAttackKey(ON, fight("CF"), OFF)).toBe(ADVANTAGE_UNAVAILABLE_KEY.pass);
  });

  it("rules nothing out in another turn, with the option off, or with no fight", () => {
    expect(advantageAttackKey(ON, fight("CF", 3), MAIN)).toBeNull();
    expect(advantageAttackKey({ reactionRoll: false }, fight("CF"), MAIN)).toBeNull();
    expect(advantageAttackKey(ON, undefined, MAIN)).toBeNull();
  });
});
