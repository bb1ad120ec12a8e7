/**
 * Findings of the fidelity review of the hmzd ruleset (issue 18, wave 2): each test names the
 * seed line (`001:L`) or ruling it holds the code to. Expected figures worked out by hand.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { deriveCharacterInput } from "../../src/rules/resolve";

describe("cli character takes hmzd (docs/cli.md `character (hmzd)`)", () => {
  it("derives the documented example, Sir Aldric: Endurance, Shock EML (Z7), STR modifier (001:65-72)", () => {
    const raw = JSON.parse(readFileSync("examples/hmzd/sir-aldric.json", "utf8")) as unknown;
    const d = deriveCharacterInput(raw) as {
      endurance: number;
      strModifier: number;
      shock: { eml: { value: number }; from: string };
    };
    // STR 15, STA 14, WIL 14: round(43 / 3) = 14; no Shock skill: 5 × 14 = 70; STR 15: +2.
    expect(d.endurance).toBe(14);
    expect(d.shock.from).toBe("endurance");
    expect(d.shock.eml.value).toBe(70);
    expect(d.strModifier).toBe(2);
  });
});
