/**
 * Aimed melee (HârnMaster Gold, seed 000 lines 5-15) at a creature on its own body plan in the
 * Foundry flow's HM3 combat functions (ruling G72): the dialog's location row offers the
 * creature's own locations that can be aimed at (G7), a request naming one is read and declared
 * as `attack.aimAt`, and a location the plan lacks is still refused naming the row.
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest, CatalogRowInput, FighterSnapshot } from "../../../src/core/combat";
import { InputError } from "../../../src/core/errors";
import { hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import { deriveHm3Character, hm3Combat } from "../../../src/rules/hm3";
import { AIM_CATALOG, AIM_ROW } from "../../../src/rules/hm3/gold/aim";
import { readGoldCatalog } from "../../../src/rules/hm3/gold/aim-catalog";
import { aimCatalogFor } from "../../../src/rules/hm3/gold/aim-creature";
import { GOLD_CATALOG } from "../../../src/rules/hm3/gold/types";
import { ATTRS, physical } from "./fixtures";
import { quadruped } from "../quadruped";

function snapshot(actorType: "character" | "creature", hm3: object, items: ItemLike[]) {
  const system = { description: "", hm3: { attributes: { ...ATTRS }, fatigue: 0, ...hm3 } };
  return {
    actorType,
    name: actorType,
    system,
    derived: deriveHm3Character(hm3Input(system as never, items)),
    items: items.map((i) => ({
      id: i.id!,
      type: i.type,
      name: i.name,
      system: i.system as Record<string, unknown>,
    })),
    conditions: [],
  } as FighterSnapshot;
}

const swordSkill: ItemLike = {
  id: "sk-sword",
  type: "skill",
  name: "Sword",
  system: {
    description: "",
    hm3: { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: 50, ml: 60 },
  },
};
const sword: ItemLike = {
  id: "sword",
  type: "weapon",
  name: "Sword",
  system: {
    ...physical,
    hm3: {
      skill: "Sword",
      wq: 12,
      attack: 20,
      defence: 10,
      impact: { blunt: null, edge: 7, point: 4, fire: null },
      handMode: "one",
      shield: false,
    },
  },
};
const attacker = () => snapshot("character", {}, [swordSkill, sword]);
const human = () => snapshot("character", {}, []);
const beast = () =>
  snapshot("creature", { bodyPlan: { name: "Quadruped", locations: quadruped().locations } }, []);

const request = (catalog: CatalogRowInput[]): AttackRequest => ({
  itemId: "sword",
  mode: "edge",
  aim: "mid",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
  custom: [],
  catalog,
});
const ON = { aimedMelee: true };
const locationRow = (rows: readonly { id: string; param?: unknown }[]) =>
  rows.find((r) => r.id === AIM_ROW.location) as (typeof AIM_CATALOG)[number];
const choiceIds = (rows: readonly { id: string; param?: unknown }[]) => {
  const p = locationRow(rows).param;
  return p?.kind === "choice" ? p.choices.map((c) => c.id) : [];
};

describe("aimed melee at a creature's own locations (ruling G72)", () => {
  it("the dialog's location row lists the creature's aimable locations, by their names", () => {
    const rows = hm3Combat.catalogAt!(beast());
    // The tail has no points in any column (G7): it cannot be aimed at.
    expect(choiceIds(rows)).toEqual(["head", "neck", "foreleg", "body", "belly", "hindleg"]);
    const p = locationRow(rows).param;
    expect(p?.kind === "choice" && p.choices[2]).toEqual({ id: "foreleg", labelKey: "Foreleg" });
    // The other rows are as they were.
    expect(rows.filter((r) => r.id !== AIM_ROW.location)).toEqual(
      GOLD_CATALOG.filter((r) => r.id !== AIM_ROW.location),
    );
  });

  it("a human defender (or none) keeps the human locations and face parts", () => {
    expect(aimCatalogFor(GOLD_CATALOG, human())).toBe(GOLD_CATALOG);
    expect(aimCatalogFor(GOLD_CATALOG, null)).toBe(GOLD_CATALOG);
    expect(choiceIds(GOLD_CATALOG)).toContain("jaw");
  });

  it("a creature's own id is read and declared as attack.aimAt", () => {
    expect(readGoldCatalog([{ id: AIM_ROW.location, param: "belly" }])).toEqual([
      { id: AIM_ROW.location, param: "belly" },
    ]);
    const build = hm3Combat.buildDeclaration(
      attacker(),
      beast(),
      request([{ id: AIM_ROW.location, param: "belly" }]),
      ON,
    );
    const attack = (build.declaration as { attack: Record<string, unknown> }).attack;
    expect(attack.aimAt).toEqual({ location: "belly", side: null, aap: 0 });
  });

  it("an id the victim's plan lacks is refused naming the row; a malformed one too", () => {
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e as InputError;
      }
      throw new Error("not refused");
    };
    const e = refused(() =>
      hm3Combat.buildDeclaration(
        attacker(),
        human(),
        request([{ id: AIM_ROW.location, param: "belly" }]),
        ON,
      ),
    );
    expect(e.field).toBe("catalog[0]");
    expect(e.value).toBe("belly");
    const bad = refused(() => readGoldCatalog([{ id: AIM_ROW.location, param: "<b>x</b>" }]));
    expect(bad.field).toBe("catalog[0].param");
  });
});
