/**
 * The HârnMaster Gold Disengage action's Foundry part (issue 19; seed 000 lines 85-91; ruling
 * G67): the engine's input from the fighters' derived figures
 * (src/foundry/rulesets/hm3/disengage.ts), with the engine's named rolls; the card's view is
 * below (src/foundry/rulesets/hm3/disengage-view.ts, ruling G85).
 */
import { describe, expect, it } from "vitest";
import type { RollRecord } from "../../../src/core/dice";
import { formatWith } from "../../../src/foundry/sheets/common";
import { hm3Input } from "../../../src/foundry/rulesets/hm3/input";
import { DISENGAGE_KEYS, disengageInput } from "../../../src/foundry/rulesets/hm3/disengage";
import { deriveHm3Character } from "../../../src/rules/hm3";
import { answerFoe, startDisengage } from "../../../src/rules/hm3/gold/turns-disengage-answers";
import {
  disengageView,
  readDisengageFlag,
  type DisengageFlag,
} from "../../../src/foundry/rulesets/hm3/disengage-view";
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
const rec = (name: string, values: number[], sides = 100): RollRecord => ({
  name,
  count: values.length,
  sides,
  values,
  total: values.reduce((a, b) => a + b, 0),
});

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

describe("disengageView: the card foe by foe (000:87-91, G85)", () => {
  // AGL 12, PP 0: Mobility EML 60, 30 ft, 6 hexes (G67).
  const me = { eml: 70, agl: 12, pp: 0 };
  const flag = (own: RollRecord[]): DisengageFlag => ({
    actorUuid: "Actor.aelric",
    actor: "Aelric",
    target: derived(70).initiative.eml,
    foes: [
      { actorUuid: "Actor.orc", name: "Orc" },
      { actorUuid: "Actor.wolf", name: "Wolf" },
    ],
    state: startDisengage(me, 2, own),
  });

  it("while the foes have not answered: each asked, the outcome waits", () => {
    const view = disengageView(flag([rec("disengage", [33])]), localize, format);
    expect(view.test).toMatchObject({ actor: "Aelric", roll: 33, eml: 70, level: "MS" });
    expect(view.test.title).toBe(lookup(DISENGAGE_KEYS.title));
    expect(view.foes.map((f) => [f.pending, f.line])).toEqual([
      [true, "Orc: to test Initiative or decline"],
      [true, "Wolf: to test Initiative or decline"],
    ]);
    expect(view.outcome).toBe(
      "Waiting for 2 engaged foe(s) to test Initiative or decline (their owners or the GM choose).",
    );
    expect(view.done).toBe(false);
    expect(view.labels).toEqual({ test: "Test Initiative", decline: "Decline" });
  });

  it("the Orc tests (62 against 50: MF), the Wolf declines (MF): MS goes away 30 ft", () => {
    const f = flag([rec("disengage", [33])]);
    let state = answerFoe(f.state, 0, { test: true, eml: 50, roll: rec("disengage.foe.0", [62]) });
    state = answerFoe(state, 1, { test: false });
    const view = disengageView({ ...f, state }, localize, format);
    expect(view.foes.map((x) => x.line)).toEqual([
      "Orc: Marginal Failure (62 against 50)",
      "Wolf: declines to test (counts as Marginal Failure)",
    ]);
    expect(view.foes.every((x) => !x.pending)).toBe(true);
    expect(view.outcome).toBe("Out of every Engagement Zone, then up to 30 ft (6 hexes) more");
    expect(view.done).toBe(true);
  });

  it("a CF: the Stumble Roll on the detail line (000:91)", () => {
    const f = flag([rec("disengage", [100]), rec("disengage.stumble", [6, 5, 3], 6)]);
    const view = disengageView(f, localize, format);
    expect(view.test.level).toBe("CF");
    expect(view.test.detail).toBe("Critical Failure: Stumble Roll 14 against 12, falls");
  });

  it("the flag reads back as written; a bad answer is refused naming the field", () => {
    const f = flag([rec("disengage", [33])]);
    const flags = { "blow-by-blow": { disengage: JSON.parse(JSON.stringify(f)) as unknown } };
    expect(readDisengageFlag(flags)).toEqual(f);
    expect(readDisengageFlag({ "blow-by-blow": {} })).toBeNull();
    const bad = JSON.parse(JSON.stringify(f)) as { state: { foes: { answer: string }[] } };
    bad.state.foes[1]!.answer = "maybe";
    expect(() => readDisengageFlag({ "blow-by-blow": { disengage: bad } })).toThrow(
      /disengage\.state\.foes\.1\.answer/,
    );
  });
});
