/**
 * The §5.2 catalog rows in the m2m attack dialog (src/foundry/rulesets/m2m/combat/catalog.ts):
 * the rows offered with their labels and parameters, the request's rows carried in the
 * declaration and itemised in the target (the dialog's and the GM's re-check agree), and a bad
 * row refused naming its field and value.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { AttackRequest, CatalogRowInput } from "../../../src/core/combat";
import {
  flowAttackTarget,
  newFighterBlock,
  parseFlowDeclaration,
} from "../../../src/rules/m2m/flow";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import { writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { resetFlow } from "./fixtures";
import { AXE, m2mWorld, snap, type M2mWorld } from "./m2m-world";

beforeEach(resetFlow);

const request = (catalog: CatalogRowInput[]): AttackRequest => ({
  itemId: AXE,
  mode: "0",
  aim: "torso",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
  custom: [{ label: "Sun in his eyes", value: -1 }],
  catalog,
});

async function attackTurn(w: M2mWorld): Promise<void> {
  const b = newFighterBlock(14, 14);
  await w.friedrick.update(
    writeFight({ ...b, data: { ...b.data, turn: 1, maneuver: "attack", maneuverTurn: 1 } }),
  );
}

describe("the m2m attack dialog's catalog rows (§5.2)", () => {
  it("offers the rows the flow does not compute, each labelled, with its parameter", () => {
    const rows = m2mCombat.catalog!;
    const ids = rows.map((r) => r.id);
    expect(ids).toContain("bad-footing");
    expect(ids).toContain("strike-at-weapon");
    for (const computed of ["shock", "posture", "range", "off-hand", "large-shield"])
      expect(ids).not.toContain(computed);
    expect(rows.find((r) => r.id === "water")).toEqual({
      id: "water",
      labelKey: "BLOWBYBLOW.M2M.Combat.Catalog.water",
      param: null,
    });
    expect(rows.find((r) => r.id === "strike-at-weapon")!.param).toEqual({
      kind: "choice",
      choices: [
        { id: "small", labelKey: "BLOWBYBLOW.M2M.Combat.Catalog.Weapon.small" },
        { id: "polearm", labelKey: "BLOWBYBLOW.M2M.Combat.Catalog.Weapon.polearm" },
        { id: "other", labelKey: "BLOWBYBLOW.M2M.Combat.Catalog.Weapon.other" },
      ],
    });
    expect(rows.find((r) => r.id === "different-levels")!.param).toMatchObject({
      kind: "number",
      min: -2,
      max: 2,
    });
    // The card labels each row's modifier.
    expect(m2mCombat.labels.modifiers["attack.water"]).toBe("BLOWBYBLOW.M2M.Combat.Catalog.water");
  });

  it("carries the rows in the declaration; target and GM's re-check agree (Axe 12 −4 −4 −1 = 3)", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    const rows = [{ id: "water" }, { id: "strike-at-weapon", param: "other" }];
    const built = m2mCombat.buildDeclaration(snap(w.friedrick), snap(w.pierre), request(rows), {});
    expect((built.declaration as { attack: { catalog: unknown } }).attack.catalog).toEqual(rows);
    const t = flowAttackTarget(parseFlowDeclaration(built.declaration));
    expect(t.modifiers.map((m) => [m.key, m.value, m.source])).toEqual([
      ["attack.water", -4, "seed 004 L1730 §5.2"],
      ["attack.strike-at-weapon", -4, "seed 004 L2539 §5.2"],
      ["attack.user", -1, "user"],
    ]);
    expect(t.value).toBe(12 - 4 - 4 - 1);
    expect(m2mCombat.attackTarget(snap(w.friedrick), snap(w.pierre), request(rows)).value).toBe(3);
  });

  it("refuses a row not offered and a bad parameter, naming the field and value", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    const target = (rows: CatalogRowInput[]) =>
      m2mCombat.attackTarget(snap(w.friedrick), snap(w.pierre), request(rows));
    expect(() => target([{ id: "shock" }])).toThrow(/^catalog\[0\]\.id: expected one of .*"shock"/);
    expect(() => target([{ id: "line-of-fire", param: 0 }])).toThrow(
      /^catalog\[0\]\.param: .*got 0/,
    );
    expect(() => target([{ id: "strike-at-weapon", param: "axe" }])).toThrow(
      /^catalog\[0\]\.param: expected one of small, polearm, other, got "axe"/,
    );
    // A forged declaration is refused by the GM's client the same way.
    const built = m2mCombat.buildDeclaration(snap(w.friedrick), snap(w.pierre), request([]), {});
    const forged = structuredClone(built.declaration) as { attack: Record<string, unknown> };
    forged.attack.catalog = [{ id: "different-levels", param: 5 }];
    expect(() => parseFlowDeclaration(forged)).toThrow(/^attack\.catalog\[0\]\.param: .*got 5/);
  });
});
