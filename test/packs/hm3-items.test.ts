/**
 * The HM3 item packs (issue 5): the committed sources are what scripts/pack-sources.ts writes
 * from the rows of ../shared/data/hm3/*.csv (kept in reference/hm3-*.json); every CSV row is one
 * document whose numbers equal the CSV's cells; every document validates against the system's
 * data models and lands on an actor; the built LevelDB packs read back document by document
 * equal to the sources.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { beforeEach, describe, expect, it } from "vitest";
// The stand-ins for Foundry's globals first: the data models extend foundry.abstract classes.
import { makeActor } from "../foundry/stand-ins/data";
import { resetStandIns } from "../foundry/stand-ins/globals";
import {
  armourDoc,
  generateSources,
  ALL_PACKS,
  ITEM_PACKS,
  meleeDoc,
  missileDoc,
  parseCsv,
  readCsv,
  slug,
  SOURCE_DIR,
  stableId,
  type CsvRow,
} from "../../scripts/pack-sources";
import { buildPacks } from "../../scripts/packs";
import { ArmourData, MissileData, registerDataModels, WeaponData } from "../../src/foundry/data";
import { MATERIAL_PROTECTION, type Material } from "../../src/rules/hm3/tables";
import { KNIGHT_ITEMS, KNIGHT_SYSTEM } from "../foundry/actor-sheet-fixtures";

type Obj = Record<string, unknown>;
type Doc = Obj & { _id: string; name: string; type: string; system: Obj & { hm3: Obj } };

function committed(pack: string): Doc[] {
  const dir = join(SOURCE_DIR, pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Doc);
}

const byName = (docs: Doc[]) => new Map(docs.map((d) => [d.name, d]));
const melee = byName(committed(ITEM_PACKS.melee));
const missiles = byName(committed(ITEM_PACKS.missile));
const armour = byName(committed(ITEM_PACKS.armour));

describe("the generator (scripts/pack-sources.ts)", () => {
  it("the committed sources are exactly what it writes (run `npm run packs:sources` after a change)", () => {
    const generated = generateSources();
    const files = new Map<string, string>();
    for (const pack of ALL_PACKS)
      for (const f of readdirSync(join(SOURCE_DIR, pack)))
        files.set(`${pack}/${f}`, readFileSync(join(SOURCE_DIR, pack, f), "utf8"));
    expect([...files.keys()].sort()).toEqual([...generated.keys()].sort());
    for (const [path, body] of generated) expect(files.get(path), path).toBe(body);
  });

  it("is deterministic and its ids are stable, unique and derived from pack and name", () => {
    expect([...generateSources()]).toEqual([...generateSources()]);
    expect(stableId("hm3-melee-weapons:Broadsword")).toBe(melee.get("Broadsword")!._id);
    expect(stableId("x")).toMatch(/^[0-9A-Za-z]{16}$/);
    const ids = [...melee.values(), ...missiles.values(), ...armour.values()].map((d) => d._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of [...melee.values(), ...missiles.values(), ...armour.values()])
      expect(d._key).toBe(`!items!${d._id}`);
    expect(slug("Ball & Chain")).toBe("ball-and-chain");
  });

  it("refuses malformed CSV input, naming the file, line and column", () => {
    expect(() => parseCsv("name,wq\nSword,12,3\n", "w.csv")).toThrow("w.csv:2: expected 2 fields");
    const row: CsvRow = {
      file: "melee-weapons.csv",
      line: 7,
      cells: {
        name: "Odd",
        skill: "Sword",
        weight_lb: "3",
        price_d: "1",
        wq: "twelve",
        attack: "1",
        defence: "1",
        blunt: "1",
        edge: "1",
        point: "1",
        source: "s",
      },
    };
    expect(() => meleeDoc(row)).toThrow('melee-weapons.csv:7: wq must be a number, got "twelve"');
    const piece = (locations: string, material = "Mail"): CsvRow => ({
      file: "armour.csv",
      line: 9,
      cells: { name: "Odd", material, weight_lb: "1", price_d: "1", locations, source: "s" },
    });
    expect(() => armourDoc(piece("Skull;Tail"))).toThrow(
      'armour.csv:9: location "Tail" is not an HM3 location',
    );
    expect(() => armourDoc(piece("Skull", "Mithril"))).toThrow('material "Mithril" is not known');
    expect(() => armourDoc(piece(""))).toThrow("armour.csv:9: Odd covers no location");
    expect(parseCsv('name,x\n"A, ""B""",1\n', "q.csv")[0]!.cells.name).toBe('A, "B"');
    const missile = (aspect: string, shortFt: string): CsvRow => ({
      file: "missile-weapons.csv",
      line: 4,
      cells: {
        ...Object.fromEntries(
          ["short", "medium", "long", "extreme"].flatMap((b) => [
            [`${b}_range_ft`, "100"],
            [`${b}_impact`, "5"],
          ]),
        ),
        name: "Odd",
        skill: "Bow",
        aspect,
        weight_lb: "1",
        price_d: "1",
        wq: "10",
        short_range_ft: shortFt,
        source: "s",
      },
    });
    expect(() => missileDoc(missile("Magic", "100"))).toThrow(
      'missile-weapons.csv:4: aspect "Magic" is not known',
    );
    expect(() => missileDoc(missile("Piercing", "102"))).toThrow(
      "missile-weapons.csv:4: short_range_ft 102 is not whole hexes",
    );
    expect(missileDoc(missile("Piercing", "100")).system).toMatchObject({
      hm3: { aspect: "point", velocity: "high", ranges: { short: { range: 20, impact: 5 } } },
    });
  });
});

describe("melee weapons and shields, cell by cell against melee-weapons.csv (hm3.md §3; seed 003 has no weapon table, the CSV cites HM3 Combat 3)", () => {
  const rows = readCsv("melee-weapons.csv");

  it("has one document per row (55)", () => {
    expect(rows).toHaveLength(55);
    expect([...melee.keys()].sort()).toEqual(rows.map((r) => r.cells.name).sort());
    // Exactly one: no second file of the same name in the pack.
    expect(committed(ITEM_PACKS.melee)).toHaveLength(rows.length);
  });

  it("the issue's example: Broadsword WQ 12, A 15, D 10, B 3, E 5, P 3", () => {
    const b = melee.get("Broadsword")!.system.hm3;
    expect(b).toMatchObject({ wq: 12, attack: 15, defence: 10, skill: "Sword" });
    expect(b.impact).toEqual({ blunt: 3, edge: 5, point: 3, fire: null });
  });

  it.each(readCsv("melee-weapons.csv").map((r) => [r.cells.name!, r] as const))(
    "%s: every number equals its CSV cell; −1 is an absent aspect (null, never 0)",
    (name, row) => {
      const d = melee.get(name)!;
      const hm3 = d.system.hm3 as Obj & { impact: Record<string, number | null> };
      expect(d.type).toBe("weapon");
      expect(hm3.skill).toBe(row.cells.skill);
      // Ruling R41: the CSV's WQ 0 is no weapon quality, stored as null.
      expect(hm3.wq).toBe(row.cells.wq === "0" ? null : Number(row.cells.wq));
      expect(hm3.attack).toBe(Number(row.cells.attack));
      expect(hm3.defence).toBe(Number(row.cells.defence));
      expect(d.system.weight).toBe(Number(row.cells.weight_lb));
      for (const a of ["blunt", "edge", "point"]) {
        const cell = Number(row.cells[a]);
        expect(hm3.impact[a], a).toBe(cell === -1 ? null : cell);
      }
      expect(hm3.impact.fire).toBeNull();
      // Shields are flagged by data (the CSV's skill), not by name.
      expect(hm3.shield).toBe(row.cells.skill === "Shield");
      expect(["one", "two", "either"]).toContain(hm3.handMode);
    },
  );

  it("shields: the five rows whose skill is Shield, and no other", () => {
    const shields = [...melee.values()].filter((d) => d.system.hm3.shield).map((d) => d.name);
    expect(shields.sort()).toEqual([
      "Buckler",
      "Kite Shield",
      "Knight Shield",
      "Round Shield",
      "Tower Shield",
    ]);
  });

  it("hand modes (ruling R35)", () => {
    const mode = (n: string) => melee.get(n)!.system.hm3.handMode;
    expect([mode("Battleaxe"), mode("Pike"), mode("Longbow")]).toEqual(["two", "two", "two"]);
    expect([mode("Bastard Sword"), mode("Spear")]).toEqual(["either", "either"]);
    expect([mode("Broadsword"), mode("Handaxe"), mode("Round Shield"), mode("Lance")]).toEqual([
      "one",
      "one",
      "one",
      "one",
    ]);
  });
});

describe("missile weapons, cell by cell against missile-weapons.csv and seed 003 lines 279-294", () => {
  const rows = readCsv("missile-weapons.csv");

  it("has one document per row (11)", () => {
    expect(rows).toHaveLength(11);
    expect([...missiles.keys()].sort()).toEqual(rows.map((r) => r.cells.name).sort());
    // Exactly one: no second file of the same name in the pack.
    expect(committed(ITEM_PACKS.missile)).toHaveLength(rows.length);
  });

  it.each(readCsv("missile-weapons.csv").map((r) => [r.cells.name!, r] as const))(
    "%s: range bands in hexes (feet / 5, R37) with their impacts",
    (name, row) => {
      const d = missiles.get(name)!;
      const hm3 = d.system.hm3 as Obj & {
        ranges: Record<string, { range: number; impact: number }>;
      };
      expect(d.type).toBe("missile");
      expect(hm3.skill).toBe(row.cells.skill);
      // Ruling R41: the CSV's WQ 0 is no weapon quality, stored as null.
      expect(hm3.wq).toBe(row.cells.wq === "0" ? null : Number(row.cells.wq));
      expect(hm3.aspect).toBe(row.cells.aspect === "Blunt" ? "blunt" : "point");
      expect(hm3.velocity).toBe(["Bow", "Crossbow"].includes(row.cells.skill!) ? "high" : "low");
      for (const b of ["short", "medium", "long", "extreme"]) {
        expect(hm3.ranges[b], b).toEqual({
          range: Number(row.cells[`${b}_range_ft`]) / 5,
          impact: Number(row.cells[`${b}_impact`]),
        });
      }
    },
  );

  it("agrees with the seed's MISSILE DATA TABLE (003:284-294) in hexes and impacts, every row", () => {
    const bands = (n: string) =>
      Object.values(
        missiles.get(n)!.system.hm3.ranges as Record<string, { range: number; impact: number }>,
      ).map((b) => `${b.range}/${b.impact}`);
    expect(bands("Arrow (Shortbow)")).toEqual(["20/6", "40/5", "80/4", "160/3"]); // line 284
    expect(bands("Arrow (Longbow)")).toEqual(["25/8", "50/7", "100/6", "200/5"]); // line 285
    expect(bands("Arrow (Heartbow)")).toEqual(["30/9", "60/8", "120/7", "240/6"]); // line 286
    expect(bands("Bolt (Crossbow)")).toEqual(["20/8", "40/7", "80/6", "160/5"]); // line 287
    expect(bands("Stone (Sling)")).toEqual(["15/4", "30/3", "60/2", "120/2"]); // line 289
    expect(bands("Dart (Blowgun)")).toEqual(["5/0", "10/0", "20/0", "40/0"]); // line 288
    expect(bands("Stone (Staff Sling)")).toEqual(["25/5", "50/4", "100/3", "200/3"]); // line 290
    // The thrown weapons (• in the seed):
    expect(bands("Taburi (thrown)")).toEqual(["4/4", "8/3", "16/2", "32/2"]); // line 291
    expect(bands("Shorkana (thrown)")).toEqual(["3/5", "6/4", "12/3", "24/3"]); // line 292
    expect(bands("Javelin (thrown)")).toEqual(["8/7", "16/6", "32/5", "64/4"]); // line 293
    expect(bands("Spear (thrown)")).toEqual(["6/8", "12/7", "24/6", "48/5"]); // line 294
    // The bands are in the seed's order: short, medium, long, extreme.
    expect(Object.keys(missiles.get("Spear (thrown)")!.system.hm3.ranges as Obj)).toEqual([
      "short",
      "medium",
      "long",
      "extreme",
    ]);
  });
});

describe("armour, cell by cell against armour.csv and seed 003 lines 219-227", () => {
  const rows = readCsv("armour.csv");

  it("has one document per row (56)", () => {
    expect(rows).toHaveLength(56);
    expect([...armour.keys()].sort()).toEqual(rows.map((r) => r.cells.name).sort());
    // Exactly one: no second file of the same name in the pack.
    expect(committed(ITEM_PACKS.armour)).toHaveLength(rows.length);
  });

  it.each(readCsv("armour.csv").map((r) => [r.cells.name!, r] as const))(
    "%s: material, standard quality, the CSV's locations; the CSV's protection is the material's",
    (name, row) => {
      const d = armour.get(name)!;
      const hm3 = d.system.hm3 as Obj & { material: Material; locations: string[] };
      expect(d.type).toBe("armour");
      expect(hm3.material).toBe(row.cells.material!.toLowerCase());
      expect(hm3.quality).toBe(0);
      expect(hm3.enchantment).toBe(0);
      expect(d.system.weight).toBe(Number(row.cells.weight_lb));
      const listed = row.cells.locations
        ? row.cells.locations.split(";").map((l) => l.toLowerCase().replace(/ /g, "-"))
        : null;
      if (listed) expect(hm3.locations).toEqual(listed);
      // The CSV's protection cells are the seed's material values (standard quality).
      const p = MATERIAL_PROTECTION[hm3.material];
      expect([row.cells.blunt, row.cells.edge, row.cells.point, row.cells.fire].map(Number)).toEqual(
        [p.blunt, p.edge, p.point, p.fire],
      );
    },
  );

  it("the two plate pieces the CSV leaves without locations cover elbow and knee (R38)", () => {
    expect(armour.get("Plate Coudes")!.system.hm3.locations).toEqual(["elbow"]);
    expect(armour.get("Plate Kneecops")!.system.hm3.locations).toEqual(["knee"]);
  });
});

describe("every document against the data models, and dropped on an actor", () => {
  beforeEach(() => {
    resetStandIns();
    registerDataModels();
  });

  const all = [...melee.values(), ...missiles.values(), ...armour.values()];
  const MODEL: Record<string, unknown> = {
    weapon: WeaponData,
    missile: MissileData,
    armour: ArmourData,
  };

  it("validates strictly and keeps every field as written", () => {
    for (const d of all) {
      const Model = MODEL[d.type] as new (
        data: unknown,
        options: Obj,
      ) => { toObject(): Obj };
      const m = new Model(structuredClone(d.system), { strict: true });
      expect(m.toObject(), d.name).toEqual(d.system);
    }
  });

  it("lands on a character as an embedded item with the same system data", async () => {
    const actor = makeActor({
      name: "Sir Aldric",
      type: "character",
      system: structuredClone(KNIGHT_SYSTEM) as never,
      items: structuredClone(KNIGHT_ITEMS) as never,
    });
    const before = actor.items.size;
    const created = (await actor.createEmbeddedDocuments(
      "Item",
      all.map((d) => ({ name: d.name, type: d.type, img: d.img, system: structuredClone(d.system) })),
    )) as unknown[];
    expect(created).toHaveLength(all.length);
    expect(actor.items.size).toBe(before + all.length);
    all.forEach((d, i) => {
      const item = created[i] as { id: string; name: string; type: string };
      expect([item.name, item.type]).toEqual([d.name, d.type]);
      const stored = actor.items.get(item.id)!;
      expect((stored.system as unknown as { toObject(): Obj }).toObject(), d.name).toEqual(
        d.system,
      );
    });
  });
});

describe("the built LevelDB packs (foundryvtt-cli)", () => {
  it("read back document by document equal to the sources, none skipped", async () => {
    const out = mkdtempSync(join(tmpdir(), "bbb-hm3-packs-"));
    const summaries = await buildPacks(SOURCE_DIR, out);
    for (const pack of ALL_PACKS) {
      const kind = pack;
      const sources = committed(pack);
      const summary = summaries.find((s) => s.pack === pack)!;
      expect(summary, kind).toBeDefined();
      // Every document lands, embedded items included (foundryvtt-cli skips one without a key).
      const embedded = sources.reduce((n, d) => n + ((d.items as unknown[]) ?? []).length, 0);
      expect(summary.documents).toBe(sources.length + embedded);
      const extracted = mkdtempSync(join(tmpdir(), `bbb-x-${pack}-`));
      await extractPack(join(out, pack), extracted);
      const back = readdirSync(extracted)
        .filter((f) => f.endsWith(".json"))
        .map((f) => JSON.parse(readFileSync(join(extracted, f), "utf8")) as Doc);
      expect(back).toHaveLength(sources.length);
      const backById = new Map(back.map((d) => [d._id, d]));
      for (const s of sources) {
        const b = backById.get(s._id);
        expect(b, s.name).toBeDefined();
        expect({ ...b, _key: s._key }).toEqual(s);
      }
    }
  }, 60_000);
});

describe("system.json declares the packs, in the HârnMaster 3 pack folder", () => {
  const manifest = JSON.parse(readFileSync(join(SOURCE_DIR, "../../system.json"), "utf8")) as {
    packs: { name: string; label: string; path: string; type: string; system: string }[];
    packFolders: { name: string; packs: string[] }[];
  };

  it("one pack per source folder, at packs/<name>, for this system, of its documents' type", () => {
    for (const pack of ALL_PACKS) {
      const entry = manifest.packs.find((p) => p.name === pack);
      expect(entry, pack).toBeDefined();
      const type = (Object.values(ITEM_PACKS) as string[]).includes(pack) ? "Item" : "Actor";
      expect(entry).toMatchObject({ path: `packs/${pack}`, type, system: "blow-by-blow" });
      expect(entry!.label).toMatch(/^HM3 /);
      expect(committed(pack).length).toBeGreaterThan(0);
    }
  });

  it("every HM3 pack is in the folder, and every folder entry is a declared HM3 pack", () => {
    const folder = manifest.packFolders.find((f) => f.name === "HârnMaster 3")!;
    expect(folder).toBeDefined();
    const hm3 = manifest.packs.map((p) => p.name).filter((n) => n.startsWith("hm3-"));
    expect([...folder.packs].sort()).toEqual([...ALL_PACKS].sort());
    expect([...folder.packs].sort()).toEqual(hm3.sort());
  });
});
