/**
 * Fidelity review (issue 18), ruling Z7: the Shock EML is "the Shock skill when the character
 * has one, otherwise 5 × Endurance". A Foundry actor with a skill item named Shock uses its ML,
 * as the CLI `character` derivation does; the sheet's own Shock EML field still comes first.
 */
import { describe, expect, it } from "vitest";
import type { FighterItem } from "../../../../src/core/combat";
import { deriveHmzdActor } from "../../../../src/foundry/rulesets/hmzd/derive";
import { fighter } from "./fixtures";

const shockSkill: FighterItem = {
  id: "sk-shock",
  type: "skill",
  name: "Shock",
  system: { hm3: { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: null, ml: 62 } },
};

describe("Z7 in Foundry: the Shock skill item", () => {
  it("gives the Shock EML when the sheet's field is blank", () => {
    const f = fighter({ name: "Veteran", shock: null });
    const d = deriveHmzdActor(f.system, [...f.items, shockSkill]);
    expect(d.hmzd).toMatchObject({ shock: 62, shockSkill: true });
  });
  it("without one, 5 × Endurance (12 + 12 + 12) / 3 = 12 → 60", () => {
    const f = fighter({ name: "Recruit", str: 12, shock: null });
    expect(deriveHmzdActor(f.system, f.items).hmzd).toMatchObject({ shock: 60, shockSkill: false });
  });
  it("the sheet's Shock EML comes first", () => {
    const f = fighter({ name: "Veteran", shock: 70 });
    expect(deriveHmzdActor(f.system, [...f.items, shockSkill]).hmzd.shock).toBe(70);
  });
});
