/**
 * `m2mFightExchange` with a chosen defence (the workbench's defence selector, issue 17): the
 * defences offered (`m2mDefenceChoices`), a chosen one used as chosen (its score and weapon in
 * the `resolve` input), the default unchanged, and a defence not offered or not allowed refused
 * naming `defence`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { m2mDefenceChoices, m2mFightExchange } from "../../src/cli/m2m-fight";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { foundryRuleset } from "../../src/foundry/rulesets";

const DIR = "packs/_source/m2m-sample-fighters";
const snap = (
  file: string,
  edit: (doc: { system: { m2m: { encounter: Record<string, unknown> } } }) => void = () => {},
) => {
  const doc = JSON.parse(readFileSync(`${DIR}/${file}.json`, "utf8"));
  edit(doc);
  return fighterFromSource(doc, [], foundryRuleset("m2m")!);
};
const friedrick = snap("fiendish-friedrick");
const pierre = snap("filthy-pierre");

describe("m2m fight with a chosen defence", () => {
  it("offers Pierre Dodge 4, Block 4, Parry 6 with the Shortsword and none (L1750-1756)", () => {
    const choices = m2mDefenceChoices(pierre, "melee");
    expect(choices.map((c) => [c.type, c.weapon?.name ?? null, c.score])).toEqual([
      ["dodge", null, 4],
      ["block", null, 4],
      ["parry", "Shortsword", 6],
      ["none", null, 0],
    ]);
    // Against a missile, no parry is allowed (L1910).
    const missile = m2mDefenceChoices(pierre, "missile").find((c) => c.type === "parry")!;
    expect(missile.option!.allowed).toBe(false);
  });

  it("uses the defence chosen, the default being the best (Parry 6)", () => {
    const best = m2mFightExchange(friedrick, pierre, 7);
    expect(best.defence.option).toBe("parry");
    const block = m2mFightExchange(friedrick, pierre, 7, { defence: { type: "block" } });
    expect(block.defence).toMatchObject({ option: "block", item: null, score: 4 });
    expect(block.input.defence).toMatchObject({ type: "block", score: 4 });
    const none = m2mFightExchange(friedrick, pierre, 7, { defence: { type: "none" } });
    expect(none.input.defence).toMatchObject({ type: "none" });
    expect(none.defence.target).toBe(none.defence.pd);
    const sword = m2mDefenceChoices(pierre, "melee").find((c) => c.type === "parry")!.weapon!;
    const parry = m2mFightExchange(friedrick, pierre, 7, {
      defence: { type: "parry", weapon: sword.id },
    });
    expect(parry.input.defence).toEqual(best.input.defence);
    expect(parry.result).toEqual(best.result);
  });

  it("refuses a defence not offered, or not allowed, naming defence", () => {
    expect(() =>
      m2mFightExchange(friedrick, pierre, 7, { defence: { type: "parry", weapon: "nope" } }),
    ).toThrow(
      /^defence: not a defence of Filthy Pierre \(dodge, block, parry \w+, none\), got "parry nope"$/,
    );
    // Unconscious, no active defence is allowed (L1876).
    const out = snap("filthy-pierre", (d) => {
      d.system.m2m.encounter.unconscious = true;
    });
    expect(() => m2mFightExchange(friedrick, out, 7, { defence: { type: "dodge" } })).toThrow(
      /^defence: /,
    );
  });
});
