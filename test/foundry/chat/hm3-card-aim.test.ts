/**
 * The HM3 exchange card's aimed-melee lines (HârnMaster Gold, seed 000 lines 5-15; rulings G4-G6,
 * G9) from real results of the engine through the flow (./fixtures.ts): Example 1 on the HM3
 * tables (rolled 54, −20 AAP → 34 Neck), Example 2 with the face sub-table, a side roll, and the
 * attack summary naming the target; rendered with the real template.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../../src/core/flow";
import { localizeTree, type LangText } from "../../../src/foundry/chat/text";
import { HM3_RESULT_TEMPLATE, hm3ResultContext } from "../../../src/foundry/rulesets/hm3/card";
import { AIM_CARD_KEY } from "../../../src/foundry/rulesets/hm3/gold-aim-card";
import { createFoundryHandlebars, format, localize, readTemplate } from "../stand-ins/handlebars";
import * as F from "./fixtures";

const L = (value: unknown): unknown => localizeTree(value, localize, format);
const text = (value: LangText | string | null | undefined): string => String(L(value));

const IGNORE = { type: "ignore" };

/** Attack EML 70 (fixtures) −10 Head −20 AAP = 40, aimed at `aimAt` with the option on. */
function aimedDecl(aimAt: Record<string, unknown>, aim: string) {
  const decl = F.declaration({ options: { aimedMelee: true } });
  const attack = decl.attack as Record<string, unknown>;
  attack.aim = aim;
  attack.aimAt = aimAt;
  return decl;
}

const view = (card: ExchangeCard) => hm3ResultContext(card, F.viewer("gm"));

describe("the aimed strike's card lines (ruling G9)", () => {
  it("Example 1 on the HM3 tables: rolled 54, −20 AAP → 34 Neck, naming the option and the jaw", () => {
    const card = F.resolved(
      IGNORE,
      { attack: 12, location: 54, impact: [1, 1, 1], shock: [1, 1] },
      aimedDecl({ location: "jaw", side: null, aap: 20 }, "high"),
    );
    const v = view(card);
    expect(v.summary.map(text)).toEqual([
      "Edge, aimed High, impact 5",
      "Aimed melee (HârnMaster Gold) at Jaw: 20 AAP",
    ]);
    const s = v.strikes[0]!;
    expect(s.aimed.map((l) => text(l.text))).toEqual([
      "Aimed melee (HârnMaster Gold) at Jaw: location rolled 54, \u221220 AAP \u2192 34 Neck",
    ]);
    expect(text(s.aimed[0]!.tip)).toMatch(/seed 000 lines 9-15.*G3-G6/);
    expect(s.aimed[0]!.tip.i18n).toBe(AIM_CARD_KEY.tip);
    // The breakdown itemises the aim's modifiers.
    const keys = v.rolls[0]!.breakdown!.lines.map((l) => text(l.label as LangText | string));
    expect(keys).toContain("Aiming Zone (HârnMaster Gold)");
    expect(keys).toContain("Aiming Adjustment Points (HârnMaster Gold)");
  });

  it("Example 2: 34 → 30 Face with 4 AAPs, then the face sub-table 31 → 15 Jaw with 16", () => {
    const card = F.resolved(
      IGNORE,
      { attack: 12, location: 34, face: 31, impact: [1, 1, 1], shock: [1, 1] },
      aimedDecl({ location: "jaw", side: null, aap: 20 }, "high"),
    );
    const s = view(card).strikes[0]!;
    expect(s.aimed.map((l) => text(l.text))).toEqual([
      "Aimed melee (HârnMaster Gold) at Jaw: location rolled 34, \u22124 AAP \u2192 30 Face",
      "Face sub-table: rolled 31, \u221216 AAP \u2192 15 Jaw",
    ]);
  });

  it("a side chosen: the right elbow, the side roll and no AAP needed", () => {
    const card = F.resolved(
      IGNORE,
      { attack: 12, location: 71, side: 97, impact: [1, 1, 1], shock: [1, 1], fumble: [1, 1, 1] },
      aimedDecl({ location: "elbow", side: "right", aap: 5 }, "high"),
    );
    const s = view(card).strikes[0]!;
    expect(s.aimed.map((l) => text(l.text))).toEqual([
      "Aimed melee (HârnMaster Gold) at Right Elbow: location rolled 71 Left Elbow, no AAP used",
      "Side roll 97: the other side (96-00)",
    ]);
  });

  it("an unaimed strike has no aimed line", () => {
    expect(view(F.a2Injury()).strikes[0]!.aimed).toEqual([]);
  });

  it("the template shows the lines as notes with the rule's tooltip", () => {
    const card = F.resolved(
      IGNORE,
      { attack: 12, location: 54, impact: [1, 1, 1], shock: [1, 1] },
      aimedDecl({ location: "jaw", side: null, aap: 20 }, "high"),
    );
    const hb = createFoundryHandlebars();
    const html = hb.compile(readTemplate(HM3_RESULT_TEMPLATE))({ result: L(view(card)) });
    const notes = [
      ...html.matchAll(
        /<p class="bbb-hm3-note bbb-hm3-aimed" data-tooltip="([^"]*)">([^<]*)<\/p>/g,
      ),
    ];
    expect(notes).toHaveLength(1);
    expect(notes[0]![2]).toContain("rolled 54, \u221220 AAP \u2192 34 Neck");
    expect(notes[0]![1]).toContain("seed 000");
  });
});
