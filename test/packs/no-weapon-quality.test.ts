/**
 * Ruling R41: the CSVs give WQ 0 to the body parts (melee-weapons.csv: Foot/Leg/Knee, Hand/Arm,
 * Head) and the sling stones (missile-weapons.csv: Stone (Sling), Stone (Staff Sling)). They have
 * no weapon quality: the packs store null, the items attack and defend as they are, a Block with
 * one makes no weapon damage roll for it (the result lists the side in `weaponDamageSkipped`),
 * and a stored 0 is still broken (R31). Each of the five is taken from its pack source, put in a
 * sample fighter's hands and used through the same combat rules the Foundry adapter runs.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FighterSnapshot } from "../../src/core/combat";
import { copy } from "../../src/core/data";
import { SeededDice } from "../../src/core/dice";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { migrateSystem } from "../../src/foundry/migrations";
import { noWeaponQuality } from "../../src/foundry/rulesets/hm3/migrations";
import { hm3, hm3Combat, HM3_COMBAT_KEYS, type Hm3Result } from "../../src/rules/hm3";
import { worldDefaults } from "../../src/sim/policy";

type Obj = Record<string, unknown> & { system: Record<string, unknown> & { hm3: Obj } };

const SOURCES = join(__dirname, "../../packs/_source");
const read = (pack: string, file: string): Obj =>
  JSON.parse(readFileSync(join(SOURCES, pack, `${file}.json`), "utf8")) as Obj;

const NO_WQ = [
  ["hm3-melee-weapons", "foot-leg-knee", "Foot/Leg/Knee"],
  ["hm3-melee-weapons", "hand-arm", "Hand/Arm"],
  ["hm3-melee-weapons", "head", "Head"],
  ["hm3-missile-weapons", "stone-sling", "Stone (Sling)"],
  ["hm3-missile-weapons", "stone-staff-sling", "Stone (Staff Sling)"],
] as const;

/** A sample fighter whose weapons are replaced by `item`, equipped and held in both hands. */
function armedWith(fighter: string, item: Obj, wq?: number | null): FighterSnapshot {
  const actor = read("hm3-sample-fighters", fighter) as Obj & { items: Obj[] };
  const held = copy(item) as Obj;
  held.system = { ...held.system, equipped: true, held: "both" };
  if (wq !== undefined) held.system.hm3 = { ...held.system.hm3, wq };
  actor.items = [
    ...actor.items.filter((i) => i.type !== "weapon" && i.type !== "missile"),
    { ...held, _id: "noWqItem0000000" },
  ];
  return fighterFromSource(actor);
}

const knight = fighterFromSource(read("hm3-sample-fighters", "sir-aldric-knight"));
const knightSword = knight.items.find((i) => i.name === "Broadsword")!;

/** The first seeded exchange, A attacking with `itemId`, whose result is `block`. */
function blockedExchange(a: FighterSnapshot, b: FighterSnapshot, itemId: string): Hm3Result {
  const option = hm3Combat.attackOptions(a, b).find((o) => o.itemId === itemId)!;
  const build = hm3Combat.buildDeclaration(
    a,
    b,
    {
      itemId,
      mode: option.modes[0]!.id,
      aim: "mid",
      band: null,
      situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
      custom: [],
    },
    worldDefaults(),
  );
  for (let seed = 1; seed < 2000; seed++) {
    const dice = new SeededDice(seed);
    let state = hm3.start(hm3.parseDeclaration(build.declaration), dice);
    const pending = hm3.pending(state)!;
    const options = hm3Combat.choiceOptions(pending, build, b);
    const block = options.find((o) => o.id === "block")!;
    const value = hm3Combat.buildChoice(pending, build, b, {
      optionId: "block",
      itemId: block.items[0]!.itemId,
      mode: null,
      aim: null,
      custom: [],
    });
    state = hm3.choose(state, hm3.parseChoice(state, value), dice);
    const result = hm3.result(state) as Hm3Result;
    if (result.result === "block") return result;
  }
  throw new Error("no seed under 2000 gives a block");
}

describe("items with no weapon quality (ruling R41)", () => {
  it.each(NO_WQ)("%s/%s (%s): the pack stores WQ null", (pack, file, name) => {
    const doc = read(pack, file);
    expect(doc.name).toBe(name);
    expect(doc.system.hm3.wq).toBeNull();
  });

  it("every other pack weapon and missile keeps a WQ of 1 or more", () => {
    for (const pack of ["hm3-melee-weapons", "hm3-missile-weapons"]) {
      const dir = join(SOURCES, pack);
      for (const f of readdirSync(dir)) {
        const doc = read(pack, f.replace(/\.json$/, ""));
        if (NO_WQ.some(([p, file]) => p === pack && `${file}.json` === f)) continue;
        expect(doc.system.hm3.wq, `${pack}/${f}`).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it.each(NO_WQ)("%s/%s (%s): offered for attack and declared with no WQ", (pack, file) => {
    const a = armedWith("militia-spearman", read(pack, file));
    const option = hm3Combat.attackOptions(a, knight).find((o) => o.itemId === "noWqItem0000000");
    expect(option).toBeDefined();
    expect(option!.unavailableKey).toBeUndefined();
    const build = hm3Combat.buildDeclaration(
      a,
      knight,
      {
        itemId: "noWqItem0000000",
        mode: option!.modes[0]!.id,
        aim: "mid",
        band: null,
        situation: { engagingDefender: 1, defenderProne: false, distance: 10 },
        custom: [],
      },
      worldDefaults(),
    );
    const attack = (build.declaration as { attack: Obj }).attack;
    expect(attack.type).toBe(pack === "hm3-melee-weapons" ? "melee" : "missile");
    expect("wq" in attack).toBe(false);
    // The declaration parses and resolves.
    const state = hm3.start(hm3.parseDeclaration(build.declaration), new SeededDice(3));
    expect(hm3.pending(state)).not.toBeNull();
  });

  it.each(NO_WQ)("%s/%s (%s): a stored WQ 0 is still broken (R31)", (pack, file) => {
    const a = armedWith("militia-spearman", read(pack, file), 0);
    const option = hm3Combat.attackOptions(a, knight).find((o) => o.itemId === "noWqItem0000000");
    expect(option?.unavailableKey).toBe(HM3_COMBAT_KEYS.unavailable.broken);
  });

  it.each(NO_WQ.slice(0, 2))(
    "%s/%s (%s): a Block with it makes no weapon damage roll for it; the sword still rolls",
    (pack, file) => {
      const b = armedWith("militia-spearman", read(pack, file));
      const result = blockedExchange(knight, b, knightSword.id);
      expect(result.weaponDamageSkipped).toEqual(["defender"]);
      expect(result.weaponDamage.map((w) => [w.side, w.wq])).toEqual([["attacker", 12]]);
      expect(result.rolls.some((r) => r.name === "defenderWeaponDamage")).toBe(false);
    },
  );

  it("an attack with a fist that is blocked: only the blocking sword rolls", () => {
    const a = armedWith("militia-spearman", read("hm3-melee-weapons", "hand-arm"));
    const result = blockedExchange(a, knight, "noWqItem0000000");
    expect(result.weaponDamageSkipped).toEqual(["attacker"]);
    expect(result.weaponDamage.map((w) => w.side)).toEqual(["defender"]);
  });

  it("a weaponDamaged effect leaves an item with no WQ as it is", () => {
    const a = armedWith("militia-spearman", read("hm3-melee-weapons", "hand-arm"));
    const item = a.items.find((i) => i.id === "noWqItem0000000")!;
    const effect = { type: "weaponDamaged", to: "attacker", broken: false, cause: "block" } as const;
    expect(hm3Combat.weaponDamage(effect, item)).toEqual({});
  });
});

describe("migration 3, no weapon quality (ruling R41)", () => {
  const weapon = (skill: string, wq: unknown) => ({ equipped: true, hm3: { skill, wq } });

  it("an Unarmed weapon or a missile stored at WQ 0 (the old packs) becomes null", () => {
    expect(noWeaponQuality("Item.weapon", weapon("Unarmed", 0))).toEqual(weapon("Unarmed", null));
    expect(noWeaponQuality("Item.weapon", weapon(" unarmed ", 0)).hm3).toMatchObject({ wq: null });
    expect(noWeaponQuality("Item.missile", { hm3: { skill: "Sling", wq: 0 } })).toEqual({
      hm3: { skill: "Sling", wq: null },
    });
  });

  it("a broken sword (WQ 0), any WQ above 0, null and other types are kept", () => {
    for (const sys of [weapon("Sword", 0), weapon("Unarmed", 3), weapon("Unarmed", null)]) {
      expect(noWeaponQuality("Item.weapon", sys)).toBe(sys);
    }
    const armour = { hm3: { wq: 0 } };
    expect(noWeaponQuality("Item.armour", armour)).toBe(armour);
  });

  it("runs in the chain on a whole source of older data, and is idempotent", () => {
    // Whole: the weapon's every HM3 field (an update's changes never run it: wholeOnly).
    const whole = {
      equipped: true,
      hm3: { skill: "Unarmed", wq: 0, attack: 0, defence: 0, impact: {}, handMode: "one", shield: false },
    };
    const once = migrateSystem("Item.weapon", whole);
    expect((once as { hm3: { wq: unknown } }).hm3.wq).toBeNull();
    expect(migrateSystem("Item.weapon", once)).toEqual(once);
    expect(migrateSystem("Item.weapon", weapon("Unarmed", 0))).toEqual(weapon("Unarmed", 0));
    // Stored at version 3 or later: a WQ 0 is read as the current schema reads it.
    expect(migrateSystem("Item.weapon", whole, 3)).toEqual(whole);
  });
});
