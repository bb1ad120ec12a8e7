/**
 * `cli fight --modifier N` for GURPS Man to Man (issue 17, the workbench's situational modifier):
 * the modifier is itemised in the attack's modifiers (`attack.user`) and lowers or raises the
 * effective skill the engine rolls against; 0 is no modifier; a value outside −30 to +30 (the
 * flow's bounds of a user's own modifier) and an hm3 fight with it are refused in one line.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main";

const DIR = "packs/_source/m2m-sample-fighters";
const FRIEDRICK = `${DIR}/fiendish-friedrick.json`;
const PIERRE = `${DIR}/filthy-pierre.json`;
const KNIGHT = "packs/_source/hm3-sample-fighters/sir-aldric-knight.json";

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((c: unknown) => {
    stdout += String(c);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((c: unknown) => {
    stderr += String(c);
    return true;
  });
  const code = main(argv);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}
afterEach(() => vi.restoreAllMocks());

interface Out {
  attack: { target: number; modifiers: { key: string; value: number }[] };
  input: { attack: { skill: number } };
  result: { attack: { skill: number; roll: number }; rolls: unknown[] };
}
const fight = (...flags: string[]): Out => {
  const r = run("fight", FRIEDRICK, PIERRE, ...flags);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Out;
};

describe("cli fight --modifier (m2m)", () => {
  it("adds the situational modifier to Friedrick's axe skill 12 (L4224), itemised", () => {
    const plain = fight("--seed", "3");
    expect(plain.attack.target).toBe(12);
    expect(plain.attack.modifiers).toEqual([]);
    for (const n of [-3, 4]) {
      const out = fight("--seed", "3", "--modifier", String(n));
      expect(out.attack.target).toBe(12 + n);
      expect(out.attack.modifiers).toEqual([
        { key: "attack.user", value: n, source: "user (--modifier)" },
      ]);
      expect(out.input.attack.skill).toBe(12 + n);
      expect(out.result.attack.skill).toBe(12 + n);
      // The same dice: only the target moved.
      expect(out.result.attack.roll).toBe(plain.result.attack.roll);
    }
    expect(fight("--seed", "3", "--modifier", "0")).toEqual(plain);
  });

  it("refuses a modifier out of −30..+30, and one for an hm3 fight, in one line, exit 2", () => {
    for (const bad of ["31", "-31", "two", "1.5"]) {
      const r = run("fight", FRIEDRICK, PIERRE, "--modifier", bad);
      expect(r.code, bad).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^error: --modifier: expected a whole number from -30 to 30, got "${bad.replace(".", "\\.")}"`,
        ),
      );
    }
    const r = run("fight", KNIGHT, KNIGHT, "--modifier", "2");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --modifier: chooses an m2m attack/);
  });
});
