/**
 * HârnMaster Gold weapon reach rulings G86 and G87 (seed 000 lines 368-372):
 * - G86: relatively long weapons improve "the character's Initiative test" when "one moves to
 *   Engage the other"; no Engage move test is in play, so the option changes no figure: the
 *   tracker's initiative (G60) reads no reach, and a Disengage (000:87) is no Engage move.
 * - G87: a Very Large creature reaches 2 hexes "if they wield a weapon that is at least 4 feet
 *   long"; no weapon length is stored, and an unknown length is not refused the second hex.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fighterFromSource } from "../../../src/foundry/combat/source-fighter";
import { reachFigures } from "../../../src/rules/hm3/gold/turns-reach-combat";
import {
  engagementZone,
  attackOutOfReach,
  relativelyLonger,
} from "../../../src/rules/hm3/gold/turns-reach";
import { initiativeRoll, primaryWeapon } from "../../../src/rules/hm3/gold/turns-initiative";
import type { ActorSource } from "../../../src/sim/duel";

const load = (f: string) =>
  fighterFromSource(
    JSON.parse(readFileSync(`packs/_source/hm3-sample-fighters/${f}.json`, "utf8")) as ActorSource,
  );

describe("G86: relatively long weapons change no figure in play (000:368)", () => {
  const base = { initiative: true, initiativeWeaponFactor: true, weaponReach: true };
  const on = { ...base, relativelyLongWeapons: true };
  it("the rule applies between the sample fighters, yet the tracker's initiative is unchanged", () => {
    const fighters = ["militia-spearman", "sir-aldric-knight", "brigand", "man-at-arms"].map(load);
    const attacks = fighters.map((f) => primaryWeapon(f)?.attack ?? 0);
    // At least one pair is 2 Attack Classes apart, so the option would apply to an Engage test.
    const pairs = attacks.flatMap((a) => attacks.map((b) => relativelyLonger(a, b, on)));
    expect(pairs).toContain(true);
    for (const f of fighters) expect(initiativeRoll(f, on)).toEqual(initiativeRoll(f, base));
  });
});

describe("G87: a Very Large creature's weapon of unknown length reaches 2 hexes (000:370)", () => {
  const options = { weaponReach: true, naturalReach: true };
  it("no length is stored: the figures carry null", () => {
    const dog = load("war-dog");
    expect(reachFigures(dog, dog.items[0] ?? null).lengthFt).toBeNull();
  });
  it("unknown length: 1..2 hexes, an attack at 2 hexes is not refused; a known length decides", () => {
    const unknown = engagementZone(
      { longReach: false, lengthFt: null, size: "veryLarge" },
      options,
    );
    expect(unknown).toEqual({ min: 1, max: 2 });
    expect(attackOutOfReach(unknown, 2)).toBeNull();
    expect(engagementZone({ longReach: false, lengthFt: 3, size: "veryLarge" }, options)).toEqual({
      min: 1,
      max: 1,
    });
    // Large and smaller creatures keep the one-hex zone whatever the length.
    expect(engagementZone({ longReach: false, lengthFt: null, size: "large" }, options)).toEqual({
      min: 1,
      max: 1,
    });
  });
});
