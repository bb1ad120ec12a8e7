/**
 * The result card's lines for the HârnMaster Gold impact group (issue 19;
 * src/foundry/rulesets/hm3/card-impact.ts): each rule that changed a strike names its option,
 * from a real exchange through the flow (./fixtures.ts).
 */
import { describe, expect, it } from "vitest";
import { localizeTree } from "../../../src/foundry/chat/text";
import { hm3ResultContext } from "../../../src/foundry/rulesets/hm3/card";
import { format, localize } from "../stand-ins/handlebars";
import * as F from "./fixtures";

const L = (value: unknown): unknown => localizeTree(value, localize, format);

describe("impact group card lines", () => {
  it("angry strike, blunt trauma and size each name their option (000:21, 37, 145)", () => {
    const decl = F.declaration({
      options: { angryStrike: true, bluntTrauma: true, impactSize: true },
      defender: F.fighter({
        sizeClass: "large",
        armour: { thorax: { blunt: 6, edge: 8, point: 5, fire: 2 } },
      }),
    });
    Object.assign(decl.attack as object, { angry: 10, blunt: 2 });
    // CS 35 vs Block MF 62: A★2 on the thorax (47); 5 + 1 + 4 + 2 = 12 edge − 8 = 4: blunt
    // trauma 2 + 1 + 6 = 9 − 6 = 3; Large ×0.9 = 2.7 → 3.
    const card = F.resolved(
      { type: "block", eml: F.defenceEml(), wq: 12 },
      { attack: 35, defence: 62, location: 47, impact: [4, 2], shock: [1] },
      decl,
    );
    const s = hm3ResultContext(card, F.viewer("gm")).strikes[0]!;
    expect(s.effective.value).toBe(4);
    expect(L(s.impactLines)).toEqual([
      { text: "Angry strike (HârnMaster Gold): +1 impact." },
      {
        text: "Blunt trauma (HârnMaster Gold): recalculated as Blunt, impact 9 − armour 6 = 3.",
      },
      {
        text: "Impact & target size (HârnMaster Gold): Large target ×0.9, effective impact 3.",
      },
    ]);
    expect(s.injury?.code).toBe("M1");
  });

  it("a strike no option changed has no lines", () => {
    const s = hm3ResultContext(F.a2Injury(), F.viewer("gm")).strikes[0]!;
    expect(s.impactLines).toEqual([]);
  });
});
