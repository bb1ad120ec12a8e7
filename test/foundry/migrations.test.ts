/**
 * Migrations: old-shape JSON (test/foundry/fixtures/migration-v0.json, HM3 fields at the top
 * level of `system`) becomes the current shape, applying twice changes nothing, unknown fields
 * are kept; the data models migrate on load; `migrateWorld` rewrites what the server still
 * holds in the old shape (world actors and their items, world items, unlocked compendia) and
 * stores the schema version.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns, Collection } from "./stand-ins/globals";
import {
  makeActor,
  makeItem,
  StandInActor,
  StandInCompendium,
  StandInItem,
  updateLog,
  type DocumentInput,
} from "./stand-ins/data";
import { createScene, StandInTokenDocument, type StandInScene } from "./stand-ins/canvas";
import { registerDataModels } from "../../src/foundry/data";
import { storedSchemaVersion } from "../../src/foundry/migrations/stored-version";
import {
  isWholeSystem,
  MIGRATIONS,
  migrateSystem,
  needsMigration,
  SCHEMA_VERSION,
} from "../../src/foundry/migrations";
import { HM3_BLOCK_FIELDS, rulesetBlocks } from "../../src/foundry/rulesets/hm3/migrations";
import {
  migrateWorld,
  planUpdate,
  registerMigrationSettings,
  type RawDocument,
} from "../../src/foundry/migrations/world";
import type { TypeKey } from "../../src/foundry/data/rules";
import { repairSystem } from "../../src/foundry/migrations/repair";
import { defaultM2mBlock } from "../../src/foundry/rulesets/m2m/character-data";
import { defaultM2mItemBlock } from "../../src/foundry/rulesets/m2m/item-data";

/** The zone-die block's defaults of a type, as template.json (the data models) gives them (schema 7). */
function hmzdDefault(documentName: "Actor" | "Item", type: string): unknown {
  const template = JSON.parse(readFileSync("template.json", "utf8")) as Record<
    string,
    Record<string, { hmzd?: unknown }>
  >;
  return structuredClone(template[documentName]![type]!.hmzd);
}

interface Fixture {
  actors: (RawDocument & {
    name: string;
    system: Record<string, unknown>;
    items: (RawDocument & { name: string })[];
  })[];
  items: (RawDocument & { name: string; system: Record<string, unknown> })[];
}
const fixture = (): Fixture =>
  JSON.parse(
    readFileSync(new URL("./fixtures/migration-v0.json", import.meta.url), "utf8"),
  ) as Fixture;
const actor = (id: string) => fixture().actors.find((a) => a._id === id)!;
const item = (id: string) => fixture().items.find((i) => i._id === id)!;

beforeEach(() => {
  resetStandIns();
  registerDataModels();
  registerMigrationSettings();
});

describe("migration 1: ruleset blocks", () => {
  it("is the first migration; SCHEMA_VERSION is the last one's version", () => {
    expect(MIGRATIONS.map((m) => [m.version, m.name])).toEqual([
      [1, "ruleset blocks"],
      [2, "exchange cards"],
      [3, "no weapon quality"],
      [4, "GURPS Man to Man blocks"],
      [5, "GURPS Man to Man fight state"],
      [6, "GURPS Man to Man left-handed"],
      [7, "HârnMaster zone-die blocks"],
      [8, "HârnMaster Gold fields"],
    ]);
    expect(SCHEMA_VERSION).toBe(8);
  });

  it("migration 8 (the HârnMaster Gold fields, issue 19) changes nothing stored: new fields take their defaults on load", () => {
    const m8 = MIGRATIONS.find((m) => m.version === 8)!;
    const knight = actor("newKnight0000001").system;
    expect(m8.migrate("Actor.character", knight)).toBe(knight);
  });

  it("migration 7 (the hmzd blocks) changes nothing stored: a missing block takes its defaults on load", () => {
    const m7 = MIGRATIONS.find((m) => m.version === 7)!;
    const knight = actor("newKnight0000001").system;
    expect(m7.migrate("Actor.character", knight)).toBe(knight);
    expect(m7.migrate("Actor.character", { hmzd: { state: "STN" } })).toEqual({
      hmzd: { state: "STN" },
    });
  });

  it("migration 6 (an m2m actor's leftHanded) changes nothing stored: it loads right-handed", () => {
    const m6 = MIGRATIONS.find((m) => m.version === 6)!;
    const knight = actor("newKnight0000001").system;
    expect(m6.migrate("Actor.character", knight)).toBe(knight);
    expect(m6.migrate("Actor.character", { m2m: { hp: 3 } })).toEqual({ m2m: { hp: 3 } });
  });

  it("migration 5 (an m2m actor's fight block) changes nothing stored: it loads as null", () => {
    const m5 = MIGRATIONS.find((m) => m.version === 5)!;
    const knight = actor("newKnight0000001").system;
    expect(m5.migrate("Actor.character", knight)).toBe(knight);
    expect(m5.migrate("Actor.character", { m2m: { hp: 3 } })).toEqual({ m2m: { hp: 3 } });
  });

  it("migration 4 (the m2m blocks) changes nothing stored: a missing block takes its defaults on load", () => {
    const m4 = MIGRATIONS.find((m) => m.version === 4)!;
    const knight = actor("newKnight0000001").system;
    expect(m4.migrate("Actor.character", knight)).toBe(knight);
    // An update's changes stay as they are (a written default would overwrite the stored block).
    expect(m4.migrate("Actor.character", { m2m: { hp: 3 } })).toEqual({ m2m: { hp: 3 } });
  });

  it("moves a character's HM3 fields into system.hm3 and keeps unknown fields", () => {
    const old = actor("oldHero000000001").system;
    expect(migrateSystem("Actor.character", old)).toEqual({
      description: "<p>From an old world</p>",
      notes: "kept",
      hm3: { attributes: old.attributes, fatigue: 2, encumbrance: null },
    });
  });

  it("merges into an existing hm3 block; the block's value wins over a stale flat copy", () => {
    expect(migrateSystem("Actor.creature", actor("oldWolf000000001").system)).toEqual({
      description: "",
      hm3: {
        encumbrance: 1,
        attributes: actor("oldWolf000000001").system.attributes,
        fatigue: 0,
        bodyPlan: null,
      },
    });
    expect(migrateSystem("Item.injury", item("oldInjury0000001").system)).toEqual({
      description: "",
      hm3: {
        level: 3,
        location: "left-forearm",
        aspect: "edge",
        severity: "S",
        healingRate: 4,
        bleeding: false,
      },
    });
  });

  it("moves each item type's fields and leaves the ruleset-free ones", () => {
    const weapon = migrateSystem(
      "Item.weapon",
      actor("oldHero000000001").items[0]!.system,
    ) as Record<string, unknown>;
    expect(Object.keys(weapon).sort()).toEqual(
      ["carried", "description", "equipped", "held", "hm3", "quantity", "weight"].sort(),
    );
    expect(weapon.hm3).toEqual({
      skill: "Sword",
      wq: 12,
      attack: 5,
      defence: 0,
      impact: { blunt: null, edge: 5, point: 3, fire: null },
      handMode: "one",
      shield: false,
    });
    const armour = migrateSystem("Item.armour", item("oldArmour0000001").system) as Record<
      string,
      unknown
    >;
    expect(armour.customFlag).toBe(true);
    expect(armour.hm3).toEqual({
      material: "mail",
      quality: 0,
      enchantment: 0,
      locations: ["thorax", "abdomen"],
    });
    const missile = migrateSystem("Item.missile", item("oldMissile000001").system) as {
      hm3: { ranges: unknown };
    };
    expect(missile.hm3.ranges).toEqual(item("oldMissile000001").system.ranges);
  });

  it.each([
    ...fixture().actors.map((a) => [`Actor.${a.type}`, a.system] as const),
    ...fixture().actors.flatMap((a) => a.items.map((i) => [`Item.${i.type}`, i.system] as const)),
    ...fixture().items.map((i) => [`Item.${i.type}`, i.system] as const),
  ])("%s: applying twice gives the same result, and the input is not changed", (type, system) => {
    const before = JSON.stringify(system);
    const once = migrateSystem(type as TypeKey, system);
    expect(JSON.stringify(system)).toBe(before);
    expect(migrateSystem(type as TypeKey, once)).toEqual(once);
    expect(needsMigration(type as TypeKey, once)).toBe(false);
    for (const key of HM3_BLOCK_FIELDS[type as TypeKey] ?? [])
      expect(once as object).not.toHaveProperty(key);
  });

  it("current data and types without a block are left as they are", () => {
    const knight = actor("newKnight0000001").system;
    expect(needsMigration("Actor.character", knight)).toBe(false);
    expect(migrateSystem("Actor.character", knight)).toEqual(knight);
    const rope = actor("oldHero000000001").items[2]!.system;
    expect(needsMigration("Item.gear", rope)).toBe(false);
    expect(migrateSystem("Item.weapon", "not an object")).toBe("not an object");
  });
});

describe("data models migrate on load", () => {
  it("an old-shape actor and its items load into the current shape and derive", () => {
    const raw = actor("oldHero000000001");
    const a = makeActor(raw as unknown as DocumentInput);
    expect(a.system.toObject()).toEqual({
      description: "<p>From an old world</p>",
      hm3: {
        attributes: raw.system.attributes,
        fatigue: 2,
        encumbrance: null,
        unarmedStyle: "brawling",
        sizeClass: "medium",
        // HârnMaster Gold brute force (G70): no object.
        object: { kind: "none", blunt: null, edge: null, df: null, damage: 0, thickness: 1 },
      },
      m2m: defaultM2mBlock(),
      hmzd: hmzdDefault("Actor", "character"),
    });
    const sword = a.items.get("oldSword00000001")!;
    expect((sword.system.toObject() as { hm3: { wq: number } }).hm3.wq).toBe(12);
    const derived = (
      a.system as unknown as { derived: { weapons: Record<string, { aml: number }> } }
    ).derived;
    expect(derived.weapons.oldSword00000001!.aml).toBe(65);
  });

  it("an old-shape world item loads into the current shape", () => {
    const i = makeItem(item("oldArmour0000001") as unknown as DocumentInput);
    expect(i.system.toObject()).toMatchObject({
      hm3: { material: "mail", locations: ["thorax", "abdomen"] },
    });
  });
});

describe("planUpdate", () => {
  it("plans the actor's system and only the embedded items that need it", () => {
    const plan = planUpdate("Actor", actor("oldHero000000001"));
    // The unknown field `notes` is set aside into the flag, not written into `system`.
    const { notes, ...known } = migrateSystem(
      "Actor.character",
      actor("oldHero000000001").system,
    ) as Record<string, unknown>;
    expect(plan?.system).toEqual(known);
    expect(plan?.kept).toEqual({ version: SCHEMA_VERSION, unknown: { notes }, replaced: [] });
    expect(plan?.items.map((i) => i._id)).toEqual(["oldSword00000001", "oldSkill00000001"]);
    expect(planUpdate("Actor", actor("newKnight0000001"))).toBeNull();
  });
});

/** A world holding the fixture: raw data as the server sent it, and loaded documents. */
function world(): {
  locked: StandInCompendium;
  items: StandInCompendium;
  actors: StandInCompendium;
} {
  const f = fixture();
  const game = standIns.game;
  game.data.actors = f.actors as unknown as Record<string, unknown>[];
  game.data.items = f.items as unknown as Record<string, unknown>[];
  game.actors = new Collection(f.actors.map((a) => [a._id, new StandInActor(structuredClone(a))]));
  game.items = new Collection(f.items.map((i) => [i._id, new StandInItem(structuredClone(i))]));
  const packs = {
    items: new StandInCompendium({
      id: "world.gear",
      documentName: "Item",
      locked: false,
      sources: structuredClone(f.items) as unknown as DocumentInput[],
    }),
    locked: new StandInCompendium({
      id: "blow-by-blow.weapons",
      documentName: "Item",
      locked: true,
      packageType: "system",
      sources: structuredClone(f.items) as unknown as DocumentInput[],
    }),
    actors: new StandInCompendium({
      id: "world.npcs",
      documentName: "Actor",
      locked: false,
      sources: structuredClone([f.actors[0]!]) as unknown as DocumentInput[],
    }),
  };
  game.packs = new Collection(Object.values(packs).map((p) => [p.collection, p]));
  return packs;
}

describe("migrateWorld", () => {
  it("rewrites what is stored in the old shape, skips locked compendia and stores the version", async () => {
    const packs = world();
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(0);
    const report = await migrateWorld();
    expect(report.ran).toBe(true);
    expect(report.failed).toEqual([]);
    expect(report.updated).toEqual([
      "Actor.oldHero000000001",
      "Actor.oldWolf000000001",
      "Item.oldMissile000001",
      "Item.oldArmour0000001",
      "Item.oldInjury0000001",
      "Compendium.world.gear.Item.oldMissile000001",
      "Compendium.world.gear.Item.oldArmour0000001",
      "Compendium.world.gear.Item.oldInjury0000001",
      "Compendium.world.npcs.Actor.oldHero000000001",
    ]);
    // One update per document, its items in it; written even though the loaded copy is
    // current (diff: false); merged, so that the kept-aside flag joins the other flags.
    const hero = updateLog.filter((u) => u.uuid.startsWith("Actor.oldHero000000001"));
    expect(hero.map((u) => u.uuid)).toEqual([
      "Actor.oldHero000000001",
      "Actor.oldHero000000001.Item.oldSword00000001",
      "Actor.oldHero000000001.Item.oldSkill00000001",
    ]);
    for (const u of updateLog) expect(u.options).toEqual({ diff: false, render: false });
    const { notes, ...known } = migrateSystem(
      "Actor.character",
      actor("oldHero000000001").system,
    ) as Record<string, unknown>;
    expect(hero[0]!.changes).toEqual({
      system: known,
      flags: {
        "blow-by-blow": {
          migration: { version: SCHEMA_VERSION, unknown: { notes }, replaced: [] },
        },
      },
    });
    expect(
      (standIns.game.actors.get("oldHero000000001") as StandInActor).getFlag(
        "blow-by-blow",
        "migration",
      ),
    ).toEqual({
      version: SCHEMA_VERSION,
      unknown: { notes: "kept" },
      replaced: [],
    });
    // Compendium sources now hold the current shape; the locked one is untouched.
    const stored = packs.items.sources.find((s) => s._id === "oldArmour0000001")!.system as Record<
      string,
      unknown
    >;
    expect(stored.hm3).toMatchObject({ material: "mail" });
    expect(stored).not.toHaveProperty("material");
    const npc = packs.actors.sources[0]!;
    expect((npc.items as { system: Record<string, unknown> }[])[0]!.system).toHaveProperty(
      "hm3.wq",
      12,
    );
    expect(packs.locked.sources.find((s) => s._id === "oldArmour0000001")!.system).toHaveProperty(
      "material",
      "mail",
    );
    expect(updateLog.some((u) => u.uuid.includes("blow-by-blow.weapons"))).toBe(false);

    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(SCHEMA_VERSION);
    expect(standIns.notifications.messages.map((m) => m.message)).toEqual([
      `Blow by Blow: updating this world's data to schema version ${SCHEMA_VERSION}. Please do not close the game.`,
      `Blow by Blow: the update to schema version ${SCHEMA_VERSION} changed or set aside 4 stored value(s) the data model cannot hold; each is kept in the document's flag blow-by-blow.migration (see the console): ` +
        "Old Hero [Actor.oldHero000000001]: system.notes (unknown field); " +
        "Mail byrnie [Item.oldArmour0000001]: system.customFlag (unknown field); " +
        "Mail byrnie [Compendium.world.gear.Item.oldArmour0000001]: system.customFlag (unknown field); " +
        "Old Hero [Compendium.world.npcs.Actor.oldHero000000001]: system.notes (unknown field)",
      `Blow by Blow: world data updated to schema version ${SCHEMA_VERSION} (9 document(s) rewritten).`,
    ]);
    // The pack copies keep their unknown fields too (issue 15: they were dropped).
    expect(npc.flags).toEqual({
      "blow-by-blow": {
        migration: { version: SCHEMA_VERSION, unknown: { notes: "kept" }, replaced: [] },
      },
    });
    expect(
      (stored as unknown as object) &&
        packs.items.sources.find((s) => s._id === "oldArmour0000001")!.flags,
    ).toEqual({
      "blow-by-blow": {
        migration: { version: SCHEMA_VERSION, unknown: { customFlag: true }, replaced: [] },
      },
    });

    // A second start finds the world current.
    updateLog.length = 0;
    expect((await migrateWorld()).ran).toBe(false);
    expect(updateLog).toEqual([]);
  });

  it("does nothing on a player's client", async () => {
    world();
    standIns.game.user.isGM = false;
    const report = await migrateWorld();
    expect(report.ran).toBe(false);
    expect(updateLog).toEqual([]);
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(0);
  });

  it("a document that cannot be written is reported and the version is not stored", async () => {
    world();
    standIns.game.items.delete("oldArmour0000001");
    const report = await migrateWorld();
    expect(report.failed).toEqual([{ uuid: "Item.oldArmour0000001", error: "not found" }]);
    expect(report.updated).toContain("Item.oldMissile000001");
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(0);
    const last = standIns.notifications.messages.at(-1)!;
    expect(last.type).toBe("error");
    expect(last.message).toBe(
      `Blow by Blow: the update to schema version ${SCHEMA_VERSION} failed for 1 document(s); see the console. It will be tried again at the next start.`,
    );
  });
});

describe("migrateWorld: a new world", () => {
  it("a world with nothing in an older shape stores the version without any notice", async () => {
    // A brand-new world (stored version 0) holding only current data.
    const knight = actor("newKnight0000001");
    standIns.game.data.actors = [knight] as unknown as Record<string, unknown>[];
    standIns.game.actors = new Collection([
      [knight._id, new StandInActor(structuredClone(knight))],
    ]);
    const report = await migrateWorld();
    expect(report.updated).toEqual([]);
    expect(report.failed).toEqual([]);
    expect(standIns.notifications.messages).toEqual([]);
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(SCHEMA_VERSION);
    expect(updateLog).toEqual([]);
  });
});

describe("migrateWorld: unlinked tokens' deltas, one update per token (issue 15)", () => {
  const SCENE = "scene00000000001";
  const WOLF = "tokWolf000000001";
  const HERO = "tokHero000000001";
  const LINKED = "tokLinked0000001";

  /** The hero's sword and skill as the delta of an unlinked hero token stores them (old shape). */
  const deltaItems = () => {
    const hero = actor("oldHero000000001");
    const sword = structuredClone(hero.items[0]!);
    // A field the data model does not know: set aside into the item's flag.
    (sword.system as Record<string, unknown>).engraving = "For the king";
    const skill = structuredClone(hero.items[1]!);
    (skill.system as Record<string, unknown>).ml = 250; // the data model holds 0–200
    return { sword, skill };
  };

  /** The raw tokens of the scene, as the server sends them. */
  const rawTokens = () => {
    const { sword, skill } = deltaItems();
    return [
      // Unlinked, delta type null (the base actor's type, creature); a flat old-shape override,
      // `howl` a field the data model does not know, a flag of another module.
      {
        _id: WOLF,
        actorId: "oldWolf000000001",
        actorLink: false,
        delta: {
          _id: WOLF,
          type: null,
          name: "Grey wolf",
          system: { attributes: { str: 25 }, howl: "loud" },
          items: [],
          flags: { "other-module": { mark: 1 } },
        },
      },
      // Unlinked, no system override, an overridden sword and skill in the old shape.
      {
        _id: HERO,
        actorId: "oldHero000000001",
        actorLink: false,
        delta: { _id: HERO, system: null, items: [sword, skill] },
      },
      // Linked: its actor is the world actor, migrated with it; its delta is not applied.
      {
        _id: LINKED,
        actorId: "oldHero000000001",
        actorLink: true,
        delta: { _id: LINKED, system: { attributes: { str: 1 } } },
      },
    ];
  };

  /**
   * A world of the old hero and wolf and one scene of tokens: `raw` as the server sends it
   * (`game.data`), the loaded documents built from `loaded` (the stand-in data models migrate
   * them on load, as Foundry does).
   */
  function sceneWorld(raw = rawTokens(), loaded = raw): StandInScene {
    const actors = [actor("oldHero000000001"), actor("oldWolf000000001")];
    standIns.game.data.actors = actors as unknown as Record<string, unknown>[];
    standIns.game.actors = new Collection(
      actors.map((a) => [a._id, new StandInActor(structuredClone(a) as unknown as DocumentInput)]),
    );
    standIns.game.data.scenes = [{ _id: SCENE, tokens: raw }] as unknown as Record<
      string,
      unknown
    >[];
    const scene = createScene({ id: SCENE });
    for (const t of structuredClone(loaded))
      scene.tokens.set(t._id, new StandInTokenDocument(t, { parent: scene }));
    return scene;
  }
  /** The next start: the server sends what is stored now. */
  const restart = () => {
    standIns.game.data.scenes = [...(standIns.game.scenes as Collection<StandInScene>)].map((s) =>
      s.toObject(),
    );
    standIns.game.data.actors = [...standIns.game.actors].map(
      (a) => (a as StandInActor).toObject() as unknown as Record<string, unknown>,
    );
  };
  const tokenWrites = () => updateLog.filter((u) => u.uuid.includes(".Token."));
  const token = (scene: StandInScene, id: string) => scene.tokens.get(id)!;

  it("writes each unlinked token's delta, its system and its items, in one update; a linked token is left alone", async () => {
    const scene = sceneWorld();
    const report = await migrateWorld();
    expect(report.failed).toEqual([]);
    const deltaUuid = (id: string) => `Scene.${SCENE}.Token.${id}.ActorDelta.${id}`;
    expect(report.updated).toContain(deltaUuid(WOLF));
    expect(report.updated).toContain(deltaUuid(HERO));
    expect(report.updated).not.toContain(deltaUuid(LINKED));
    // One write per unlinked token, of the whole delta (`recursive: false`: the token's other
    // fields are not touched), none for the linked one.
    const writes = tokenWrites();
    expect(writes.map((w) => w.uuid)).toEqual([
      `Scene.${SCENE}.Token.${WOLF}`,
      `Scene.${SCENE}.Token.${HERO}`,
    ]);
    for (const w of writes) {
      expect(Object.keys(w.changes)).toEqual(["delta"]);
      expect(w.options).toEqual({ diff: false, recursive: false, render: false });
    }

    const wolf = token(scene, WOLF).delta.toObject();
    // The old flat override moved into the block; the name override and the other flag kept.
    expect(wolf.system).toEqual({ hm3: { attributes: { str: 25 } } });
    expect(wolf.name).toBe("Grey wolf");
    expect(wolf.flags).toEqual({
      "other-module": { mark: 1 },
      "blow-by-blow": {
        migration: { version: SCHEMA_VERSION, unknown: { howl: "loud" }, replaced: [] },
      },
    });
    // The synthetic actor reads the migrated delta over its base actor.
    const wolfActor = token(scene, WOLF).actor!;
    expect(wolfActor.name).toBe("Grey wolf");
    expect(
      (wolfActor.system.toObject() as { hm3: { attributes: { str: number } } }).hm3.attributes.str,
    ).toBe(25);

    const { sword, skill } = deltaItems();
    const items = token(scene, HERO).delta.items as {
      _id: string;
      system: { hm3: Record<string, unknown> };
      flags: Record<string, unknown>;
    }[];
    expect(items.map((i) => i._id)).toEqual([sword._id, skill._id]);
    const swordSystem = { ...(sword.system as Record<string, unknown>) };
    delete swordSystem.engraving;
    // The repaired system is what the data model stores: the m2m block at its defaults too.
    const migrated = migrateSystem("Item.weapon", swordSystem) as { hm3: Record<string, unknown> };
    expect(items[0]!.system).toEqual({
      ...migrated,
      // Fields added later (HârnMaster Gold's cutting and long reach traits) take their defaults on load.
      hm3: {
        ...migrated.hm3,
        cutting: false,
        longReach: false,
        handModePenalty: null,
        strRequirement: 0,
        lighterClasses: 0,
      },
      m2m: defaultM2mItemBlock("weapon"),
      hmzd: hmzdDefault("Item", "weapon"),
    });
    expect(items[0]!.flags).toEqual({
      "blow-by-blow": {
        migration: {
          version: SCHEMA_VERSION,
          unknown: { engraving: "For the king" },
          replaced: [],
        },
      },
    });
    expect(items[1]!.system.hm3.ml).toBe(200);
    const heroSkill = token(scene, HERO).actor!.items.get(skill._id)!;
    expect(heroSkill.getFlag("blow-by-blow", "migration")).toEqual({
      version: SCHEMA_VERSION,
      unknown: {},
      replaced: [{ path: "hm3.ml", value: 250, became: 200 }],
    });
    // The linked token's delta is as it was.
    expect(token(scene, LINKED).delta.system).toEqual({ attributes: { str: 1 } });
    const warning = standIns.notifications.messages.find((m) => m.type === "warning")!;
    expect(warning.message).toContain(`${deltaUuid(WOLF)}: system.howl (unknown field)`);
    expect(warning.message).toContain("system.hm3.ml 250 → 200");
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(SCHEMA_VERSION);
  });

  it("a delta refused half way (its second item) writes nothing of the token, stores no version, and the next start completes it", async () => {
    // The server holds a skill with a blank name in the hero token's delta, which the Item data
    // model refuses: the token's update is refused at that item, after its system and first
    // item were accepted. Before issue 15 the delta's flag and system were written first and
    // the items after, in three writes.
    const raw = rawTokens();
    const hero = raw[1]!.delta as { items: { name: string }[]; system: unknown };
    hero.items[1]!.name = "";
    hero.system = { fatigue: 2 }; // an old-shape override that would be migrated
    const loaded = rawTokens();
    (loaded[1]!.delta as { system: unknown }).system = { fatigue: 2 };
    const scene = sceneWorld(raw, loaded);
    const before = token(scene, HERO).delta.toObject();
    const first = await migrateWorld();
    expect(first.failed).toHaveLength(1);
    expect(first.failed[0]!.uuid).toBe(`Scene.${SCENE}.Token.${HERO}.ActorDelta.${HERO}`);
    expect(first.failed[0]!.error).toMatch(/name/);
    expect(token(scene, HERO).delta.toObject()).toEqual(before);
    expect(tokenWrites().map((w) => w.uuid)).toEqual([`Scene.${SCENE}.Token.${WOLF}`]);
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(0);
    expect(standIns.notifications.messages.at(-1)!.type).toBe("error");

    // The GM names the skill; at the next start the server sends what is stored: the hero
    // token's delta is migrated whole, the wolf's (already written) is left alone.
    hero.items[1]!.name = "Sword";
    restart(); // the world actors as the first run stored them
    standIns.game.data.scenes = [
      { _id: SCENE, tokens: [scene.tokens.get(WOLF)!.toObject(), raw[1], raw[2]] },
    ] as unknown as Record<string, unknown>[];
    updateLog.length = 0;
    const second = await migrateWorld();
    expect(second.failed).toEqual([]);
    expect(second.updated).toEqual([`Scene.${SCENE}.Token.${HERO}.ActorDelta.${HERO}`]);
    expect(token(scene, HERO).delta.system).toEqual({ hm3: { fatigue: 2 } });
    expect(tokenWrites()).toHaveLength(1);
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(SCHEMA_VERSION);
  });

  it("runs twice: a second run (forced, on what the first stored) writes nothing and loses nothing", async () => {
    const scene = sceneWorld();
    await migrateWorld();
    const stored = [WOLF, HERO, LINKED].map((id) => token(scene, id).delta.toObject());
    restart();
    updateLog.length = 0;
    const again = await migrateWorld({ force: true });
    expect(again.ran).toBe(true);
    expect(again.failed).toEqual([]);
    expect(again.updated).toEqual([]);
    expect(updateLog).toEqual([]);
    expect([WOLF, HERO, LINKED].map((id) => token(scene, id).delta.toObject())).toEqual(stored);
  });
});

describe("migration 2: exchange cards", () => {
  /** A card as schema 1 stored it (JSON fields as JSON text, null until set). */
  const oldCard = () => ({
    ruleset: "hm3",
    state: "declared",
    revision: 0,
    attacker: { actorUuid: "Actor.attacker00000001", tokenUuid: null },
    defender: { actorUuid: "Actor.defender00000001", tokenUuid: null },
    declaration: '{"attack":{"type":"melee"}}',
    choices: null,
    result: null,
    customFlag: "kept",
  });

  it("gives a schema-1 card every new field at its default and its choices as a list", () => {
    expect(migrateSystem("ChatMessage.exchange", oldCard())).toEqual({
      ruleset: "hm3",
      state: "declared",
      revision: 0,
      attacker: { actorUuid: "Actor.attacker00000001", tokenUuid: null, name: "" },
      defender: { actorUuid: "Actor.defender00000001", tokenUuid: null, name: "" },
      declaration: '{"attack":{"type":"melee"}}',
      context: "{}",
      choices: "[]",
      rolls: "[]",
      pending: null,
      result: null,
      applied: null,
      advantages: "{}",
      customFlag: "kept",
    });
  });

  it("is idempotent, leaves current cards and partial updates alone, and does not touch other types", () => {
    const once = migrateSystem("ChatMessage.exchange", oldCard());
    expect(migrateSystem("ChatMessage.exchange", once)).toEqual(once);
    expect(needsMigration("ChatMessage.exchange", once)).toBe(false);
    const partial = { state: "resolved", revision: 3 };
    expect(migrateSystem("ChatMessage.exchange", partial)).toEqual(partial);
    // A stale null list in a partial update still becomes a list.
    expect(migrateSystem("ChatMessage.exchange", { choices: null })).toEqual({ choices: "[]" });
    expect(migrateSystem("Actor.character", { ruleset: "x", state: "y", choices: null })).toEqual({
      ruleset: "x",
      state: "y",
      choices: null,
    });
  });

  it("an old card loads through the data model with parsed, empty containers", async () => {
    const { ExchangeData } = await import("../../src/foundry/data");
    const model = new (ExchangeData as unknown as new (s: object) => Record<string, unknown>)(
      oldCard(),
    );
    expect(model.choices).toEqual([]);
    expect(model.context).toEqual({});
    expect(model.rolls).toEqual([]);
    expect(model.advantages).toEqual({});
    expect(model.attacker).toEqual({
      actorUuid: "Actor.attacker00000001",
      tokenUuid: null,
      name: "",
    });
    expect(model.declaration).toEqual({ attack: { type: "melee" } });
  });

  it("migrateWorld rewrites old exchange cards among the world's messages, nothing else", async () => {
    const current = migrateSystem("ChatMessage.exchange", oldCard());
    (standIns.game.data as { messages?: unknown }).messages = [
      { _id: "oldCard000000001", type: "exchange", system: oldCard() },
      { _id: "newCard000000001", type: "exchange", system: current },
      {
        _id: "plainChat0000001",
        type: "base",
        system: { choices: null, ruleset: "x", state: "y" },
      },
    ] as unknown as Record<string, unknown>[];
    const writes: { id: string; changes: unknown; options: unknown }[] = [];
    const message = (id: string) => ({
      uuid: `ChatMessage.${id}`,
      update: async (changes: object, options?: object) => {
        writes.push({ id, changes, options });
      },
    });
    (standIns.game as unknown as { messages: unknown }).messages = new Collection(
      ["oldCard000000001", "newCard000000001", "plainChat0000001"].map((id) => [id, message(id)]),
    );
    const report = await migrateWorld();
    expect(report.failed).toEqual([]);
    expect(report.updated).toEqual(["ChatMessage.oldCard000000001"]);
    expect(writes).toEqual([
      {
        id: "oldCard000000001",
        changes: { system: current },
        options: { diff: false, recursive: false, render: false },
      },
    ]);
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(SCHEMA_VERSION);
  });
});

describe("a value migration runs on whole stored sources of older data only (issue 14 §4)", () => {
  /** A missile as a world stores it (whole: every field of its type). */
  const storedMissile = (wq: number | null) => ({
    _id: "slingStone000001",
    name: "Sling stones",
    type: "missile",
    system: {
      description: "",
      quantity: 20,
      weight: 0,
      carried: true,
      equipped: true,
      held: "none",
      hm3: {
        skill: "Sling",
        aspect: "blunt",
        velocity: "low",
        wq,
        ranges: {
          short: { range: 10, impact: 5 },
          medium: { range: 20, impact: 4 },
          long: { range: 40, impact: 3 },
          extreme: { range: 80, impact: 2 },
        },
      },
    },
  });
  const wqOf = (doc: { system: { toObject(): unknown } }) =>
    (doc.system.toObject() as { hm3: { wq: unknown } }).hm3.wq;
  const storeVersion = (v: number) =>
    standIns.game.settings.set("blow-by-blow", "schemaVersion", v);

  it("tells a whole source (its type's whole ruleset block) from an update's changes", () => {
    // Migration 3 reads the HM3 block: only that block must be whole (the world's migrations
    // pass the migration's ruleset); with every ruleset, data stored before the m2m block (4)
    // is not a whole source of today's shape.
    const hm3 = ["hm3"];
    expect(isWholeSystem("Item.missile", storedMissile(0).system, hm3)).toBe(true);
    expect(isWholeSystem("Item.missile", storedMissile(0).system)).toBe(false);
    expect(
      isWholeSystem("Item.missile", {
        ...storedMissile(0).system,
        m2m: defaultM2mItemBlock("missile"),
      }),
    ).toBe(false);
    // Data stored before the zone-die block (7) neither: with it, the source is whole.
    expect(
      isWholeSystem("Item.missile", {
        ...storedMissile(0).system,
        m2m: defaultM2mItemBlock("missile"),
        hmzd: hmzdDefault("Item", "missile"),
      }),
    ).toBe(true);
    expect(isWholeSystem("Item.missile", { hm3: { wq: 0 } }, hm3)).toBe(false);
    expect(isWholeSystem("Item.missile", { hm3: { wq: 0, skill: "Sling" } }, hm3)).toBe(false);
    expect(isWholeSystem("Item.missile", { equipped: true }, hm3)).toBe(false);
    // Every v0 fixture item is whole once its fields are in the block.
    for (const i of fixture().items) {
      const type = `Item.${i.type}` as TypeKey;
      expect(isWholeSystem(type, rulesetBlocks(type, i.system), hm3), i._id).toBe(true);
    }
  });

  it("data stored before version 3: a whole missile at WQ 0 still becomes no WQ, on load too", () => {
    const migrated = migrateSystem("Item.missile", storedMissile(0).system, 2) as {
      hm3: { wq: unknown };
    };
    expect(migrated.hm3.wq).toBeNull();
    expect(storedSchemaVersion()).toBe(0);
    expect(wqOf(makeItem(storedMissile(0) as unknown as DocumentInput))).toBeNull();
    // The unarmed weapon of the v0 shape too (flat fields, moved into the block first).
    const oldWeapon = fixture().actors[0]!.items.find((i) => i.type === "weapon")!;
    const fist = migrateSystem("Item.weapon", {
      ...(oldWeapon as unknown as { system: object }).system,
      skill: "Unarmed",
      wq: 0,
    }) as { hm3: { wq: unknown } };
    expect(fist.hm3.wq).toBeNull();
  });

  it("an update's changes are left alone, whatever the stored version: WQ 0 stays 0", () => {
    for (const version of [0, 2, 3]) {
      expect(migrateSystem("Item.missile", { hm3: { wq: 0 } }, version)).toEqual({
        hm3: { wq: 0 },
      });
      expect(migrateSystem("Item.weapon", { hm3: { wq: 0, skill: "Unarmed" } }, version)).toEqual({
        hm3: { wq: 0, skill: "Unarmed" },
      });
    }
  });

  it("data stored at version 3 or later: a whole missile at WQ 0 (broken, R31) stays 0", async () => {
    await storeVersion(SCHEMA_VERSION);
    expect(storedSchemaVersion()).toBe(SCHEMA_VERSION);
    expect(migrateSystem("Item.missile", storedMissile(0).system, 3)).toEqual(
      storedMissile(0).system,
    );
    expect(wqOf(makeItem(storedMissile(0) as unknown as DocumentInput))).toBe(0);
    // The world migration, forced on a current world, leaves it too.
    expect(planUpdate("Item", storedMissile(0), SCHEMA_VERSION)).toBeNull();
    expect(planUpdate("Item", storedMissile(0), 2)?.system).toMatchObject({ hm3: { wq: null } });
  });

  it("through the documents of a current world: a missile updated to WQ 0 keeps 0", async () => {
    await storeVersion(SCHEMA_VERSION);
    const world = makeItem(storedMissile(3) as unknown as DocumentInput);
    await world.update({ "system.hm3.wq": 0 });
    expect(wqOf(world)).toBe(0);
    // The changes went through the data model's migrateData, as v13 does on every update.
    expect(updateLog.at(-1)!.changes).toEqual({ system: { hm3: { wq: 0 } } });
    // Loaded again from what was stored: still 0.
    expect(wqOf(makeItem(world.toObject() as unknown as DocumentInput))).toBe(0);

    const owner = makeActor({
      ...(fixture().actors.find((a) => a._id === "newKnight0000001") as unknown as object),
      items: [storedMissile(4)],
    } as unknown as DocumentInput);
    const embedded = owner.items.get("slingStone000001")!;
    await embedded.update({ system: { hm3: { wq: 0 } } });
    expect(wqOf(embedded)).toBe(0);
    await owner.updateEmbeddedDocuments("Item", [{ _id: "slingStone000001", "system.hm3.wq": 0 }]);
    expect(wqOf(owner.items.get("slingStone000001")!)).toBe(0);
  });

  it("before the world is migrated, an update to WQ 0 is not turned into null by its changes", async () => {
    await storeVersion(2);
    const world = makeItem(storedMissile(3) as unknown as DocumentInput);
    await world.update({ "system.hm3.wq": 0 });
    expect(updateLog.at(-1)!.changes).toEqual({ system: { hm3: { wq: 0 } } });
  });
});

describe("migrateWorld loses nothing and never leaves a document half migrated (issue 15)", () => {
  /** The v0 hero with a stored out-of-range ML (250; the data model holds 0–200). */
  const badHero = () => {
    const hero = actor("oldHero000000001");
    (hero.items[1]!.system as Record<string, unknown>).ml = 250;
    hero.system.fatigue = -3;
    return hero;
  };
  /** A world of one actor: `raw` as the server sends it, the loaded actor built from `loaded`. */
  const oneActor = (raw: RawDocument, loaded: RawDocument = raw) => {
    standIns.game.data.actors = [raw] as unknown as Record<string, unknown>[];
    standIns.game.actors = new Collection([
      [raw._id, new StandInActor(structuredClone(loaded) as unknown as DocumentInput)],
    ]);
  };

  it("a stored out-of-range value is clamped with a note; the actor and its items are written; the version is stored", async () => {
    // Before issue 15 the skill's whole `system` was sent with ML 250: the guarded write
    // refused it after the actor and its sword were written ("ml: may not be undefined").
    oneActor(badHero());
    const report = await migrateWorld();
    expect(report.failed).toEqual([]);
    expect(report.updated).toEqual(["Actor.oldHero000000001"]);
    const hero = standIns.game.actors.get("oldHero000000001") as StandInActor;
    const skill = hero.items.get("oldSkill00000001")!;
    expect((skill.system.toObject() as { hm3: { ml: number } }).hm3.ml).toBe(200);
    expect(skill.getFlag("blow-by-blow", "migration")).toEqual({
      version: SCHEMA_VERSION,
      unknown: {},
      replaced: [{ path: "hm3.ml", value: 250, became: 200 }],
    });
    expect(hero.getFlag("blow-by-blow", "migration")).toEqual({
      version: SCHEMA_VERSION,
      unknown: { notes: "kept" },
      replaced: [{ path: "hm3.fatigue", value: -3, became: 0 }],
    });
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(SCHEMA_VERSION);
    const warning = standIns.notifications.messages.find((m) => m.type === "warning")!;
    expect(warning.message).toContain(
      "Old Hero [Actor.oldHero000000001] › Sword [oldSkill00000001]: system.hm3.ml 250 → 200",
    );
    expect(warning.message).toContain(
      "Old Hero [Actor.oldHero000000001]: system.hm3.fatigue -3 → 0",
    );
    expect(report.kept).toHaveLength(3);
  });

  it("a migration that fails half way writes nothing of that document, stores no version, and completes when run again", async () => {
    const raw = badHero();
    // The loaded actor lacks the skill the stored data holds: writing that item fails.
    const loaded: RawDocument = {
      ...structuredClone(raw),
      items: raw.items.filter((i) => i._id !== "oldSkill00000001"),
    };
    oneActor(raw, loaded);
    const first = await migrateWorld();
    expect(first.failed).toEqual([
      {
        uuid: "Actor.oldHero000000001",
        error: "No Item oldSkill00000001 in Actor.oldHero000000001",
      },
    ]);
    // Nothing of the actor was written: not its system, not its sword.
    expect(updateLog).toEqual([]);
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(0);
    expect(standIns.notifications.messages.at(-1)!.type).toBe("error");

    // Next start, with the document whole: it all goes through and the version is stored.
    oneActor(raw);
    const second = await migrateWorld();
    expect(second.failed).toEqual([]);
    expect(second.updated).toEqual(["Actor.oldHero000000001"]);
    expect(standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe(SCHEMA_VERSION);
  });

  it("runs twice: a second run (forced, on what the first stored) writes nothing and loses nothing", async () => {
    oneActor(badHero());
    await migrateWorld();
    const stored = (
      standIns.game.actors.get("oldHero000000001") as StandInActor
    ).toObject() as unknown as RawDocument;
    const kept = structuredClone((stored as unknown as { flags: Record<string, unknown> }).flags);
    oneActor(stored);
    updateLog.length = 0;
    const again = await migrateWorld({ force: true });
    expect(again.ran).toBe(true);
    expect(again.updated).toEqual([]);
    expect(again.failed).toEqual([]);
    expect(updateLog).toEqual([]);
    expect(
      (
        (standIns.game.actors.get("oldHero000000001") as StandInActor).toObject() as {
          flags: unknown;
        }
      ).flags,
    ).toEqual(kept);
  });

  it("every type's default data (template.json) is known and within bounds: nothing is set aside", () => {
    const template = JSON.parse(
      readFileSync(new URL("../../template.json", import.meta.url), "utf8"),
    ) as Record<string, Record<string, unknown>>;
    let checked = 0;
    for (const documentName of ["Actor", "Item"] as const) {
      for (const [type, system] of Object.entries(template[documentName] ?? {})) {
        if (type === "types" || type === "templates") continue;
        // `htmlFields` is template.json's own metadata, not stored data.
        const data = { ...(system as Record<string, unknown>) };
        delete data.htmlFields;
        const r = repairSystem(`${documentName}.${type}` as TypeKey, data);
        expect(r.unknown, `${documentName}.${type}`).toEqual({});
        expect(r.repairs, `${documentName}.${type}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(7);
  });
});
