/**
 * `cli demo` (src/cli/demo.ts): weapon damage as ruling R31 has it (docs/rulings.md): a failed
 * roll (3d6 above WQ) costs the weapon or shield 1 WQ, and it breaks only when that leaves
 * WQ 0; the next roll of the same item is made against the lowered WQ.
 */
import { describe, expect, it } from "vitest";
import { runDemo, weaponDamageLine } from "../../src/cli/demo";

const DAMAGE = /^ {4}Weapon damage: (.+) 3d6 = (\d+) vs WQ (\d+) → (.+)$/;

/** Each weapon damage line's item, total, WQ and outcome, in order. */
function damageLines(text: string) {
  return text
    .split("\n")
    .map((l) => DAMAGE.exec(l))
    .filter((m) => m !== null)
    .map((m) => ({ item: m[1]!, total: Number(m[2]), wq: Number(m[3]), outcome: m[4]! }));
}

describe("cli demo: weapon damage (R31)", () => {
  it("says damaged and the WQ lost for a failed roll, BREAKS only at WQ 1", () => {
    expect(weaponDamageLine("Handaxe", 12, 11, true)).toBe(
      "    Weapon damage: Handaxe 3d6 = 12 vs WQ 11 → damaged, WQ 11 → 10",
    );
    expect(weaponDamageLine("Handaxe", 9, 11, false)).toBe(
      "    Weapon damage: Handaxe 3d6 = 9 vs WQ 11 → holds",
    );
    expect(weaponDamageLine("Round Shield", 5, 1, true)).toBe(
      "    Weapon damage: Round Shield 3d6 = 5 vs WQ 1 → damaged, WQ 1 → 0: BREAKS",
    );
  });

  it("a failed roll lowers the item's WQ for its next roll and breaks nothing above WQ 1", () => {
    let failed = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const text = runDemo(seed);
      expect(text).not.toContain("BREAKS");
      expect(text).not.toMatch(/draws a Dagger|without a shield/);
      const wq = new Map<string, number>();
      for (const line of damageLines(text)) {
        // The roll is made against what the item has left.
        if (wq.has(line.item)) expect(line.wq, `seed ${seed} ${line.item}`).toBe(wq.get(line.item));
        const fails = line.total > line.wq;
        expect(line.outcome).toBe(fails ? `damaged, WQ ${line.wq} → ${line.wq - 1}` : "holds");
        if (fails) failed++;
        wq.set(line.item, fails ? line.wq - 1 : line.wq);
      }
    }
    // The seeds do make failed rolls (else the test proves nothing).
    expect(failed).toBeGreaterThan(5);
  });

  it("an item breaks when a failed roll leaves it WQ 0, and its owner fights on without it", () => {
    // Every weapon and shield starts at WQ 2: the second failed roll of an item breaks it.
    const text = runDemo(1, 30, 2);
    const lines = text.split("\n");
    const breaks = lines.flatMap((l, i) => (l.endsWith("→ 0: BREAKS") ? [i] : []));
    expect(breaks.length).toBeGreaterThanOrEqual(2);
    for (const i of breaks) {
      expect(lines[i]).toMatch(/vs WQ 1 → damaged, WQ 1 → 0: BREAKS$/);
      // The consequence ends the exchange's lines: a dagger drawn or the shield gone.
      const rest = lines.slice(i + 1);
      const exchange = rest.slice(
        0,
        rest.findIndex((l) => !l.startsWith("    ")),
      );
      expect(exchange.at(-1)).toMatch(/draws a Dagger\.$|fights on without a shield/);
    }
    // Sir Aldric's shield breaks first, then the Broadsword he blocks with (seed 1).
    expect(text).toContain(
      "Sir Aldric (knight) fights on without a shield (blocks with the Broadsword).",
    );
    expect(text).toContain("Sir Aldric (knight) draws a Dagger.");
    for (const line of damageLines(text)) {
      if (line.outcome.includes("BREAKS")) expect(line.wq).toBe(1);
      expect(line.wq).toBeGreaterThan(0);
    }
  });
});
