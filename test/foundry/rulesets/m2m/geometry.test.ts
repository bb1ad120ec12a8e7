/**
 * The map's part of an m2m declaration, built by the adapter (src/foundry/rulesets/m2m/combat/
 * geometry.ts) with Fiendish Friedrick's sheet fixtures: a missile's +1 damage at point blank
 * (L2907) on the weapon's damage and not beyond it, the defender's hex by facing only with the
 * Advanced rules (ruling M108), and the attack kinds (a missile shoots, a hand weapon strikes).
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest } from "../../../../src/core/combat";
import { m2mCombat } from "../../../../src/foundry/rulesets/m2m/combat";
import { kindOf } from "../../../../src/foundry/rulesets/m2m/combat/geometry";
import { attackingFriedrick, MAP_SITUATION } from "../../dialogs/m2m-map-fixtures";
import { AXE_ID, CROSSBOW_ID } from "./sheet-fixtures";

type Obj = Record<string, unknown>;

const request = (itemId: string, situation: Obj): AttackRequest => ({
  itemId,
  mode: "0",
  aim: "random",
  band: null,
  situation: { ...MAP_SITUATION, toArc: "front", light: "normal", ...situation } as never,
  custom: [],
});

function declared(itemId: string, situation: Obj, options: Obj = {}) {
  const a = attackingFriedrick();
  const d = attackingFriedrick();
  return m2mCombat.buildDeclaration(a, d, request(itemId, situation), options as never)
    .declaration as { attacker: { weapons: { id: string; modes: Obj }[] }; attack: Obj };
}

const damageOf = (decl: ReturnType<typeof declared>, id: string) =>
  (decl.attacker.weapons.find((w) => w.id === id)!.modes["0"] as { damage: string }).damage;

describe("the map in an m2m declaration", () => {
  it("a crossbow at point blank: +4 to hit and +1 damage (L2907); at 10 yards neither", () => {
    const near = declared(CROSSBOW_ID, { distance: 3 });
    const far = declared(CROSSBOW_ID, { distance: 10 });
    const [nd, na] = damageOf(near, CROSSBOW_ID).split("+").map(Number);
    const [fd, fa] = damageOf(far, CROSSBOW_ID).split("+").map(Number);
    expect(nd).toBe(fd);
    expect((na ?? 0) - (fa ?? 0)).toBe(1);
    const rows = (d: ReturnType<typeof declared>) =>
      Object.fromEntries(
        (d.attack.situation as { key: string; value: number }[]).map((r) => [r.key, r.value]),
      );
    expect(rows(near)["attack.point-blank"]).toBe(4);
    expect(rows(far)["attack.point-blank"]).toBeUndefined();
    expect(near.attack.kind).toBe("missile");
  });

  it("the defender's hex: the back with the Advanced rules, the front in Basic", () => {
    expect(declared(AXE_ID, { fromArc: "back" }, { advancedManeuvers: true }).attack.fromHex).toBe(
      "back",
    );
    expect(declared(AXE_ID, { fromArc: "left" }, { advancedManeuvers: true }).attack.fromHex).toBe(
      "shield-side",
    );
    expect(declared(AXE_ID, { fromArc: "back" }).attack.fromHex).toBe("front");
  });

  it("attack kinds: missile, thrown, melee", () => {
    const item = (type: string, kind?: string) =>
      ({ id: "i", type, name: "x", system: kind ? { m2m: { kind } } : {} }) as never;
    expect(kindOf(item("missile", "missile"))).toBe("missile");
    expect(kindOf(item("missile", "thrown"))).toBe("thrown");
    expect(kindOf(item("weapon"))).toBe("melee");
    expect(kindOf(undefined)).toBe("melee");
  });
});
