/**
 * Fidelity review (issue 18): a test's level on the card is the level after its STN (−1) and
 * Setup (+1 each) shifts (Z17, 001:139, 001:172); when it differs from the roll's own level the
 * card shows both, so a stunned attacker's 34 against 70 reads "S→F", not a bare "F" that looks
 * like a wrong cell.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../../../src/core/flow";
import { buildTarget } from "../../../../src/core/modifiers";
import { localizeTree, type LangText } from "../../../../src/foundry/chat/text";
import { hmzdResultContext } from "../../../../src/foundry/rulesets/hmzd/card";
import type { CardViewer } from "../../../../src/foundry/rulesets/contract";
import type { HmzdResult } from "../../../../src/rules/hmzd/types";
import { format, localize } from "../../stand-ins/handlebars";

const text = (v: LangText | string | null | undefined) => String(localizeTree(v, localize, format));
const eml = (base: number) => buildTarget("aml", base, [], { min: 5, max: 95 });
const gm: CardViewer = {
  userId: "gm",
  isGM: true,
  owns: { attacker: true, defender: true },
  gmOnline: true,
  showDefenceTargets: false,
};

// A stunned attacker's S (34 against 70) counts F; the defender's set-up F (62 against 50)
// counts S: the defender wins the Block by one star.
const RESULT: HmzdResult = {
  ruleset: "hmzd",
  rolls: [],
  choices: [],
  effects: [],
  attackType: "melee",
  defenceType: "block",
  attack: { target: 70, roll: 34, level: "F", rolledLevel: "S", value: 1, eml: eml(70) },
  defence: { target: 50, roll: 62, level: "S", rolledLevel: "F", value: 2, eml: eml(50) },
  stars: 1,
  victor: "defender",
  tacticalAdvantages: 0,
  spent: { impact: 0, precision: 0, action: 0, setup: 0 },
  strike: null,
};

const card: ExchangeCard = {
  ruleset: "hmzd",
  state: "resolved",
  revision: 2,
  attacker: { actorUuid: "Actor.a", tokenUuid: null, name: "Ector" },
  defender: { actorUuid: "Actor.d", tokenUuid: null, name: "Brigand" },
  declaration: {
    attack: {
      type: "melee",
      eml: { baseKey: "aml", base: 70, modifiers: [] },
      weapon: { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } },
      placement: 1,
    },
    attacker: { state: "STN" },
    defender: { setup: 1 },
    options: {},
  },
  context: {},
  choices: [
    {
      by: "defender",
      kind: "defence",
      value: { type: "block", eml: { baseKey: "dml", base: 50, modifiers: [] } },
      userId: "gm",
      request: {},
    },
  ],
  rolls: [],
  pending: null,
  result: RESULT,
} as unknown as ExchangeCard;

describe("Z17 on the card: a shifted level shows the rolled level too", () => {
  const view = hmzdResultContext(card, gm);
  it("S→F for the stunned attack, F→S for the set-up block; the colour is the counted level", () => {
    expect(view.tests.map((t) => [t.roll, t.level, t.levelClass])).toEqual([
      [34, "S→F", "bbb-failure"],
      [62, "F→S", "bbb-success"],
    ]);
  });
  it("the tooltip of a shifted test names the shifts", () => {
    expect(text(view.tests[0]!.tip)).toMatch(/Stunned −1/);
    expect(text(view.tests[1]!.tip)).toMatch(/Setup \+1/);
  });
});
