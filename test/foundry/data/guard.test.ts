/**
 * Data that reaches a document without a sheet (a macro's `update`, `Item.create`, an import)
 * is checked by the data models' `_preCreate` / `_preUpdate` (src/foundry/data/guard.ts):
 * a bad value is refused with a localised notice naming the field and the value, instead of
 * being clamped by Foundry's cleaning (which stores 30 for a WQ of 40), and nothing else in the
 * same update is lost. The stand-in documents call the system model's hooks as Foundry's
 * Document lifecycle does (docs/foundry-stand-ins.md).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { makeActor, makeItem, StandInItem, updateLog } from "../stand-ins/data";
import { resetStandIns, standIns } from "../stand-ins/globals";
import { registerDataModels } from "../../../src/foundry/data";
import { guardSystem } from "../../../src/foundry/data/guard";
import { humanBodyPlan } from "../../../src/rules/hm3/body-plan";

beforeEach(() => {
  resetStandIns();
  registerDataModels();
});

const warnings = () =>
  standIns.notifications.messages.filter((m) => m.type === "warning").map((m) => m.message);
const hm3 = (doc: { system: unknown }) =>
  (doc.system as { toObject(): { hm3: Record<string, unknown> } }).toObject().hm3;

describe("_preUpdate: an update from a macro or the API", () => {
  it("refuses an out-of-range WQ with a localised notice; the rest of the update is kept", async () => {
    const sword = makeItem({ type: "weapon", name: "Sword", system: { hm3: { wq: 12 } } });
    await sword.update({ name: "Broadsword", "system.hm3.wq": 40, "system.hm3.attack": 5 });
    // Without the check, cleaning would have stored 30.
    expect(hm3(sword).wq).toBe(12);
    expect(hm3(sword).attack).toBe(5);
    expect(sword.name).toBe("Broadsword");
    expect(warnings()).toEqual(["Weapon quality: 40 is outside the range 0 to 30."]);
    expect(updateLog[0]!.changes).toEqual({ name: "Broadsword", system: { hm3: { attack: 5 } } });
  });

  it("reads nested changes too, and casts numeric text as the sheet does", async () => {
    const hero = makeActor({ type: "character" });
    await hero.update({ system: { hm3: { attributes: { str: "14", agl: "quick" }, fatigue: 2 } } });
    const stored = hm3(hero) as { attributes: Record<string, number>; fatigue: number };
    expect(stored.attributes.str).toBe(14);
    expect(stored.attributes.agl).toBe(10);
    expect(stored.fatigue).toBe(2);
    expect(warnings()).toEqual(['Agility: "quick" is not a number.']);
  });

  it("a character's attribute above 30 is refused; a creature's up to 99 is stored (R28)", async () => {
    const hero = makeActor({ type: "character" });
    await hero.update({ "system.hm3.attributes.str": 45 });
    expect((hm3(hero).attributes as Record<string, number>).str).toBe(10);
    expect(warnings()).toEqual(["Strength: 45 is outside the range 1 to 30."]);

    const bear = makeActor({ type: "creature" });
    await bear.update({ "system.hm3.attributes.str": 45 });
    expect((hm3(bear).attributes as Record<string, number>).str).toBe(45);
    // The derivation takes the creature's bound too (no attribute error, R28).
    expect((bear.system as unknown as { errors: unknown[] }).errors).toEqual([]);
    expect((bear.system as unknown as { derived: unknown }).derived).not.toBeNull();
    await bear.update({ "system.hm3.attributes.str": 100 });
    expect((hm3(bear).attributes as Record<string, number>).str).toBe(45);
    expect(warnings().at(-1)).toBe("Strength: 100 is outside the range 1 to 99.");
  });

  it("an embedded injury is checked against its owner's body plan", async () => {
    const plan = humanBodyPlan();
    const wolf = makeActor({
      type: "creature",
      system: {
        hm3: {
          bodyPlan: {
            name: "Wolf",
            locations: plan.locations.map((l) => (l.id === "skull" ? { ...l, id: "head" } : l)),
          },
        },
      },
      items: [{ _id: "bite000000000001", type: "injury", system: { hm3: { location: "head" } } }],
    });
    await wolf.updateEmbeddedDocuments("Item", [
      { _id: "bite000000000001", "system.hm3.location": "skull", "system.hm3.level": 2 },
    ]);
    const bite = wolf.items.get("bite000000000001")!;
    expect(hm3(bite)).toMatchObject({ location: "head", level: 2 });
    expect(warnings()).toEqual(['Location: "skull" is not a location of the Wolf body plan.']);
  });

  it("a valid update (what a sheet submits after its own check) gives no notice", async () => {
    const sword = makeItem({ type: "weapon" });
    await sword.update({ "system.hm3.wq": 14, "system.hm3.handMode": "two" });
    expect(hm3(sword)).toMatchObject({ wq: 14, handMode: "two" });
    expect(standIns.notifications.messages).toEqual([]);
  });
});

describe("_preCreate: a document created from a macro or an import", () => {
  // Foundry builds (and cleans) the document before `_preCreate`: a value the fields cannot
  // take at all (a word for a number, an unknown choice) fails that construction with Foundry's
  // own validation error; what cleaning would silently change (a WQ of 40 clamped to 30, a
  // location id the owner's plan lacks) reaches `_preCreate` and is refused here.
  it("resets a refused field to its default, names it, and keeps the rest", async () => {
    const sword = await StandInItem.create({
      type: "weapon",
      name: "Sword",
      system: { hm3: { wq: 40, attack: 10, handMode: "two" }, weight: 3 },
    });
    expect(sword).toBeDefined();
    // Without the check, cleaning would have stored 30.
    expect(hm3(sword!)).toMatchObject({ wq: 10, attack: 10, handMode: "two" });
    expect((sword!.system as unknown as { weight: number }).weight).toBe(3);
    expect(warnings()).toEqual(["Weapon quality: 40 is outside the range 0 to 30."]);
  });

  it("an injury created on a creature is checked against the creature's plan", async () => {
    const plan = humanBodyPlan();
    const wolf = makeActor({
      type: "creature",
      system: {
        hm3: {
          bodyPlan: {
            name: "Wolf",
            locations: plan.locations.map((l) => (l.id === "skull" ? { ...l, id: "head" } : l)),
          },
        },
      },
    });
    const bite = await StandInItem.create(
      { type: "injury", system: { hm3: { location: "skull", level: 3 } } },
      { parent: wolf },
    );
    expect(hm3(bite!)).toMatchObject({ location: "thorax", level: 3 });
    expect(warnings()).toEqual(['Location: "skull" is not a location of the Wolf body plan.']);
  });

  it("armour on an actor may cover a paired location by its bare id (both sides) or one side", async () => {
    // Found by the compendium pack test (issue 5): the owner's derived plan lists paired
    // locations per side, and the check refused "hip" and wiped the whole list.
    const knight = makeActor({ type: "character", system: { hm3: {} } });
    const leggings = await StandInItem.create(
      {
        type: "armour",
        system: { hm3: { material: "mail", locations: ["hip", "groin", "left-knee", "skull"] } },
      },
      { parent: knight },
    );
    expect(hm3(leggings!).locations).toEqual(["hip", "groin", "left-knee", "skull"]);
    expect(warnings()).toEqual([]);
    // An injury still needs a side on a paired location.
    const cut = await StandInItem.create(
      { type: "injury", system: { hm3: { location: "hip", level: 2 } } },
      { parent: knight },
    );
    expect(hm3(cut!).location).toBe("thorax");
    expect(warnings()).toEqual(['Location: "hip" is not a location of the Human body plan.']);
  });

  it("a clean creation gives no notice", async () => {
    const sword = await StandInItem.create({ type: "weapon", system: { hm3: { wq: 13 } } });
    expect(hm3(sword!).wq).toBe(13);
    expect(standIns.notifications.messages).toEqual([]);
  });
});

describe("guardSystem", () => {
  it("removes only refused paths, keeps `-=` deletions and other document fields", () => {
    const changes = {
      name: "x",
      system: { hm3: { wq: -1, attack: 3, "-=old": null } },
    };
    const result = guardSystem("Item.weapon", changes);
    expect(result.refused).toEqual(["system.hm3.wq"]);
    expect(changes).toEqual({ name: "x", system: { hm3: { attack: 3, "-=old": null } } });
  });

  it("refuses a whole body plan list when one cell is bad, naming the cell", () => {
    const plan = humanBodyPlan();
    const locations = structuredClone(plan.locations) as unknown as Record<string, unknown>[];
    (locations[0]!.aim as Record<string, unknown>).high = "lots";
    const changes = { system: { hm3: { bodyPlan: { name: "Odd", locations } } } };
    const result = guardSystem("Actor.creature", changes);
    expect(result.refused).toEqual(["system.hm3.bodyPlan.locations"]);
    expect(changes.system.hm3.bodyPlan).toEqual({ name: "Odd" });
  });
});
