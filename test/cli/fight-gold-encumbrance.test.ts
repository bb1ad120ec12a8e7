/**
 * `cli fight --options` (docs/cli.md "Arguments"; rulings G90, G91): the HM3 optional rules reach
 * the exchange and both fighters' derivation, so HârnMaster Gold's encumbrance (seed 000 line 105:
 * ENC = Load × 20 ÷ Condition ML) moves the attack's target as Foundry's derivation would.
 */
import { describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main";

const A = "packs/_source/hm3-sample-fighters/man-at-arms.json";
const B = "packs/_source/hm3-sample-fighters/brigand.json";

function run(argv: string[]): { code: number; out: string; err: string } {
  let out = "";
  let err = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((s) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s) => ((err += String(s)), true));
  try {
    return { code: main(argv), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe("fight --options", () => {
  it("encumbranceFatigue: the man-at-arms' PP falls from 4 to 3 levels (ENC 16 → 3; R23 gives 4), his attack target rises by 5", () => {
    const off = run(["fight", A, B, "--seed", "3"]);
    const on = run(["fight", A, B, "--seed", "3", "--options", '{"encumbranceFatigue": true}']);
    expect(off.code).toBe(0);
    expect(on.code).toBe(0);
    const t = (r: { out: string }) =>
      (JSON.parse(r.out) as { attack: { target: number } }).attack.target;
    expect(t(on)).toBe(t(off) + 5);
  });
  it("a bad option is refused naming --options; m2m fights take none", () => {
    const bad = run(["fight", A, B, "--options", '{"encumbranceFatigu": true}']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--options\.encumbranceFatigu.*unknown optional rule/);
    const m2m = "packs/_source/m2m-sample-fighters/filthy-pierre.json";
    const r = run(["fight", m2m, m2m, "--options", '["encumbranceFatigue"]']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--options.*only for hm3 fights/);
  });
});
