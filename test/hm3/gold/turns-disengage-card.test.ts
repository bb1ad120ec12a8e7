/**
 * The HârnMaster Gold Disengage action's Foundry part (issue 19; seed 000 lines 85-91; ruling
 * G67): the engine's input from the fighters' derived figures and the skill-test chat card
 * (src/foundry/rulesets/hm3/disengage.ts), with the engine's named rolls.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, type Dice, type RollScript } from "../../../src/core/dice";
import { formatWith } from "../../../src/foundry/sheets/common";
import { hm3Input } from "../../../src/foundry/rulesets/hm3/input";
import {
  DISENGAGE_KEYS,
  disengageCard,
  disengageInput,
} from "../../../src/foundry/rulesets/hm3/disengage";
import { deriveHm3Character } from "../../../src/rules/hm3";
import { resolveDisengage } from "../../../src/rules/hm3/gold/turns-disengage";
import lang from "../../../lang/en.json";
import { ATTRS } from "./fixtures";

const derived = (initiative: number) =>
  deriveHm3Character(
    hm3Input(
      {
        description: "",
        hm3: { attributes: { ...ATTRS }, fatigue: 0, encumbrance: 0 },
      } as never,
      [
        {
          id: "ini",
          type: "skill",
          name: "Initiative",
          system: {
            description: "",
            hm3: {
              category: "combat",
              sbAttributes: [],
              sbModifier: 0,
              skillBase: null,
              ml: initiative,
            },
          },
        },
      ],
    ),
  );

function lookup(key: string): string {
  let node: unknown = lang;
  for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
  if (typeof node !== "string") throw new Error(`no lang string ${key}`);
  return node;
}
/** Only the named rolls of the script: any other roll fails the test. */
const NONE: Dice = {
  roll(name: string): number[] {
    throw new Error(`unexpected roll ${name}`);
  },
};
const scripted = (script: RollScript) => new ScriptedDice(script, NONE);

const localize = (key: string) => lookup(key);
const format = formatWith(localize);

describe("disengageInput (G67)", () => {
  it("reads each Initiative EML; a foe with no figures or not testing is null (MF)", () => {
    const me = derived(70);
    const input = disengageInput({ derived: me, agl: 12 }, [
      { name: "Orc", derived: derived(50) },
      { name: "Wolf", derived: null },
      { name: "Guard", derived: derived(60), tests: false },
    ]);
    expect(input.eml).toBe(me.initiative.eml.value);
    expect(input.eml).toBe(70);
    expect(input.agl).toBe(12);
    expect(input.pp).toBe(me.pp);
    expect(input.foes).toEqual([
      { id: "0", eml: 50 },
      { id: "1", eml: null },
      { id: "2", eml: null },
    ]);
  });
});

describe("disengageCard (seed 000 lines 87-91)", () => {
  it("an equal or higher level: away, half Mobility in feet; each foe named with its roll", () => {
    const me = derived(70);
    const input = disengageInput({ derived: me, agl: 12 }, [
      { name: "Orc", derived: derived(50) },
      { name: "Wolf", derived: null },
    ]);
    // disengage 33 vs 70: MS; the Orc 62 vs 50: MF. Mobility 60 → 30 ft, 6 hexes.
    const dice = scripted({ disengage: [33], "disengage.foe.0": [62] });
    const result = resolveDisengage(input, dice);
    const card = disengageCard(
      "Aelric",
      me.initiative.eml,
      result,
      ["Orc", "Wolf"],
      localize,
      format,
    );
    expect(card.title).toBe("Disengage (HârnMaster Gold)");
    expect(card.actor).toBe("Aelric");
    expect(card.eml).toBe(70);
    expect(card.roll).toBe(33);
    expect(card.level).toBe("MS");
    expect(card.detail).toBe(
      [
        "Out of every Engagement Zone, then up to 30 ft (6 hexes) more",
        `Orc: ${lookup("BLOWBYBLOW.SkillTest.Level.MF")} (62 against 50)`,
        "Wolf: no test (counts as Marginal Failure)",
      ].join(" · "),
    );
  });

  it("a lower level: one hex and stop; a CF adds its Stumble Roll", () => {
    const me = derived(40);
    const input = disengageInput({ derived: me, agl: 12 }, [{ name: "Orc", derived: derived(50) }]);
    // 100 vs 40: CF (a multiple of 5 that fails); the Orc 20: CS. Stumble 3d6 = 15 > AGL 12.
    const dice = scripted({
      disengage: [100],
      "disengage.foe.0": [20],
      "disengage.stumble": [5, 5, 5],
    });
    const result = resolveDisengage(input, dice);
    const card = disengageCard("Aelric", me.initiative.eml, result, ["Orc"], localize, format);
    expect(card.level).toBe("CF");
    expect(card.detail).toContain("One hex out of every Engagement Zone, then the Turn ends");
    expect(card.detail).toContain("Critical Failure: Stumble Roll 15 against 12, falls");
  });

  it("no foe engaged: says so; every key is in lang/en.json", () => {
    const me = derived(70);
    const result = resolveDisengage(
      disengageInput({ derived: me, agl: 12 }, []),
      scripted({ disengage: [10] }),
    );
    const card = disengageCard("A", me.initiative.eml, result, [], localize, format);
    expect(card.detail).toContain("No foe engaged");
    for (const key of Object.values(DISENGAGE_KEYS)) expect(lookup(key)).toBeTruthy();
  });
});
