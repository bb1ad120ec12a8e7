/**
 * The defence prompt's options are shared between prompts (issue 18's speed pass,
 * docs/performance.md): each option is frozen, and every prompt gets a list of its own, so a
 * caller changing its list or an option changes no later prompt.
 */
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../src/core/dice";
import { hmzd } from "../../src/rules/hmzd";
import { workedExample } from "./helpers";

describe("the defence prompt's options", () => {
  const decl = hmzd.parseDeclaration({
    attack: workedExample().attack,
    attacker: workedExample().attacker,
    defender: workedExample().defender,
  });
  const prompt = () => hmzd.pending(hmzd.start(decl, new SeededDice(1)))!;

  it("are frozen options in a list each prompt owns", () => {
    const first = prompt();
    for (const o of first.options) expect(Object.isFrozen(o)).toBe(true);
    expect(() => {
      (first.options[0] as { id: string }).id = "dodge";
    }).toThrow(TypeError);
    first.options.pop();
    first.options.push({ id: "flee", labelKey: "x" });
    const second = prompt();
    expect(second.options).not.toBe(first.options);
    expect(second.options.map((o) => o.id)).toEqual(["block", "dodge", "counterstrike", "ignore"]);
    expect(second.options.map((o) => o.labelKey)).toEqual([
      "BLOWBYBLOW.HMZD.Defence.block",
      "BLOWBYBLOW.HMZD.Defence.dodge",
      "BLOWBYBLOW.HMZD.Defence.counterstrike",
      "BLOWBYBLOW.HMZD.Defence.ignore",
    ]);
  });
});
