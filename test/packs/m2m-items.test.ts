/**
 * The GURPS Man to Man item packs (issue 16): the committed sources are what
 * scripts/pack-sources-m2m.ts writes from the engine's equipment tables; every row of the hand
 * weapon (L4283–4371), ranged weapon (L4373–4408), shield (L4583–4590), Basic suit
 * (L4598–4616) and Advanced piece (L4794–4880) tables is one document whose every field
 * equals the engine's; every block passes the m2m check and the pack build's check; ids are
 * stable; the built LevelDB packs read back document by document equal to the sources; and
 * system.json declares them in the "GURPS Man to Man" pack folder.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { describe, expect, it } from "vitest";
import "../foundry/stand-ins";
import { SOURCE_DIR } from "../../scripts/pack-sources";
import {
  generateM2mSources,
  M2M_ALL_PACKS,
  M2M_ITEM_PACKS,
  M2M_PACKS,
  shieldName,
} from "../../scripts/pack-sources-m2m";
import { stableId } from "../../scripts/pack-ids";
import { buildPacks } from "../../scripts/packs";
import { documentProblems, formatSourceProblems } from "../../scripts/pack-validate";
import type {
  M2mArmourBlock,
  M2mItemType,
  M2mMissileBlock,
  M2mWeaponBlock,
} from "../../src/foundry/rulesets/m2m/item-data";
import { m2mItemSchema } from "../../src/foundry/rulesets/m2m/item-data";
import { m2mBlockProblems } from "../../src/foundry/rulesets/m2m/item-validate";
import {
  toArmour,
  toHandWeapons,
  toRangedWeapon,
  toShield,
} from "../../src/foundry/rulesets/m2m/item-convert";
import {
  ARMOUR_LOCATIONS,
  ARMOUR_PIECES,
  ARMOUR_SUITS,
  HAND_WEAPONS,
  RANGED_WEAPONS,
  SHIELDS,
} from "../../src/rules/m2m/equipment";

type Obj = Record<string, unknown>;
interface Doc<B = unknown> extends Obj {
  _id: string;
  _key: string;
  name: string;
  type: M2mItemType;
  system: Obj & { m2m: B; weight: number; description: string };
}

function committed<B>(pack: string): Doc<B>[] {
  const dir = join(SOURCE_DIR, pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Doc<B>);
}
const byRef = <B extends { ref: string }>(docs: Doc<B>[]) =>
  new Map(docs.map((d) => [d.system.m2m.ref, d]));

const hand = committed<M2mWeaponBlock>(M2M_PACKS.hand);
const ranged = committed<M2mMissileBlock>(M2M_PACKS.ranged);
const shields = committed<M2mWeaponBlock>(M2M_PACKS.shields);
const suits = committed<M2mArmourBlock>(M2M_PACKS.suits);
const pieces = committed<M2mArmourBlock>(M2M_PACKS.pieces);
const ALL: Doc[] = [...hand, ...ranged, ...shields, ...suits, ...pieces];
const PACK_OF = new Map<Doc, string>([
  ...hand.map((d) => [d, M2M_PACKS.hand] as const),
  ...ranged.map((d) => [d, M2M_PACKS.ranged] as const),
  ...shields.map((d) => [d, M2M_PACKS.shields] as const),
  ...suits.map((d) => [d, M2M_PACKS.suits] as const),
  ...pieces.map((d) => [d, M2M_PACKS.pieces] as const),
]);

describe("the generator (scripts/pack-sources-m2m.ts, run by `npm run packs:sources`)", () => {
  it("the committed sources are exactly what it writes", () => {
    const generated = generateM2mSources();
    const files = new Map<string, string>();
    for (const pack of M2M_ALL_PACKS)
      for (const f of readdirSync(join(SOURCE_DIR, pack)))
        files.set(`${pack}/${f}`, readFileSync(join(SOURCE_DIR, pack, f), "utf8"));
    expect([...files.keys()].sort()).toEqual([...generated.keys()].sort());
    for (const [path, body] of generated) expect(files.get(path), path).toBe(body);
  });

  it("is deterministic; ids are stable (pack and name), unique, and keyed for foundryvtt-cli", () => {
    expect([...generateM2mSources()]).toEqual([...generateM2mSources()]);
    for (const d of ALL) {
      expect(d._id, d.name).toBe(stableId(`${PACK_OF.get(d)!}:${d.name}`));
      expect(d._key).toBe(`!items!${d._id}`);
    }
    expect(stableId("m2m-hand-weapons:Broadsword")).toBe(byRef(hand).get("broadsword")!._id);
    const ids = ALL.map((d) => d._id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("writes system.m2m, the ruleset-free fields and HM3's block at its defaults; weight is the table's", () => {
    const template = JSON.parse(
      readFileSync(new URL("../../template.json", import.meta.url), "utf8"),
    ) as { Item: Record<string, { hm3: unknown; hmzd?: unknown }> };
    for (const d of ALL) {
      expect(Object.keys(d.system).sort(), d.name).toEqual(
        ["carried", "description", "equipped", "held", "hm3", "m2m", "quantity", "weight"]
          .concat(d.type === "armour" ? [] : ["hmzd"])
          .sort(),
      );
      // An item made for GURPS Man to Man carries the HM3 block as Foundry stores it.
      expect((d.system as Obj).hm3, d.name).toEqual(template.Item[d.type]!.hm3);
      expect((d.system as Obj).hmzd, d.name).toEqual(template.Item[d.type]!.hmzd);
      expect(d.system.weight, d.name).toBe(
        (d.system.m2m as { weight: number | null }).weight ?? 0,
      );
    }
  });
});

describe("every row of the engine's tables is one document with the same figures", () => {
  it("hand weapons (L4283–4371): one item per physical weapon, every attack of every technique a mode", () => {
    const items = new Set(HAND_WEAPONS.map((w) => w.item));
    expect(hand).toHaveLength(items.size);
    expect(hand).toHaveLength(33);
    const docs = byRef(hand);
    expect([...docs.keys()].sort()).toEqual([...items].sort());
    let modes = 0;
    for (const row of HAND_WEAPONS) {
      const d = docs.get(row.item)!;
      const b = d.system.m2m;
      expect(d.type).toBe("weapon");
      expect([b.cost, b.weight, b.qualityClass, b.breakResistant, b.quality, b.shield], row.id).toEqual(
        [row.cost, row.weight, row.qualityClass, row.breakResistant, "good", null],
      );
      expect(d.system.description, row.id).toContain(`L${row.line}`);
      const own = b.modes.filter((m) => m.technique === row.id);
      expect(own.map((m) => m.attack), row.id).toEqual(row.attacks.map((a) => a.id));
      row.attacks.forEach((a, i) => {
        const m = own[i]!;
        expect(m, `${row.id} ${a.id}`).toEqual({
          technique: row.id,
          attack: a.id,
          skill: row.skill,
          base: a.base,
          type: a.type,
          mod: a.mod,
          md: a.md,
          reach: a.reach.map(String),
          minST: row.minST,
          hands: a.hands,
          readyAfter: a.readyAfter,
          grip: row.grip,
          unreadyOnParry: row.unreadyOnParry,
          fencing: row.fencing,
          flail: row.flail,
          polearm: row.polearm,
          throwable: a.throwable,
          mayStick: a.mayStick,
        });
      });
      modes += row.attacks.length;
    }
    expect(hand.reduce((n, d) => n + d.system.m2m.modes.length, 0)).toBe(modes);
    // Back to the engine's rows: the same, but for the item's name and the seed line.
    for (const d of hand) {
      const rows = HAND_WEAPONS.filter((w) => w.item === d.system.m2m.ref);
      expect(toHandWeapons(d.name, d.system.m2m), d.name).toEqual(
        rows.map((r) => ({ ...r, name: d.name, note: null, line: 0 })),
      );
    }
  });

  it("hand weapons, as the seed prints them", () => {
    const docs = byRef(hand);
    // L4311–4318: the bastard sword under Broadsword (1-handed) and Two-Handed Sword.
    const bastard = docs.get("bastard-sword")!;
    expect(bastard.name).toBe("Bastard sword");
    expect(bastard.system.m2m.modes.map((m) => [m.skill, m.base, m.type, m.mod, m.hands])).toEqual([
      ["broadsword", "sw", "cut", 1, 1],
      ["broadsword", "thr", "cr", 1, 1],
      ["two-handed-sword", "sw", "cut", 2, 2],
      ["two-handed-sword", "thr", "cr", 2, 2],
    ]);
    // L4325, L4328: the quarterstaff, Min ST 11 with sword technique, none with Staff.
    expect(docs.get("quarterstaff")!.system.m2m.modes.map((m) => [m.skill, m.minST])).toEqual([
      ["two-handed-sword", 11],
      ["two-handed-sword", 11],
      ["staff", null],
      ["staff", null],
    ]);
    // L4365–4367: the halberd's three attacks, reaches 2, 3* and 1-3*.
    expect(
      docs.get("halberd")!.system.m2m.modes.map((m) => [m.base, m.type, m.mod, m.reach, m.mayStick]),
    ).toEqual([
      ["sw", "cut", 5, ["2", "3"], false],
      ["sw", "imp", 4, ["2", "3"], true],
      ["thr", "imp", 3, ["1", "2", "3"], false],
    ]);
    // L4291: large knife, MD 1+2, reach C, 1; thrust throwable.
    const knife = docs.get("large-knife")!.system.m2m;
    expect([knife.cost, knife.weight, knife.modes[0]!.md, knife.modes[0]!.reach]).toEqual([
      40,
      1,
      { dice: 1, adds: 2 },
      ["C", "1"],
    ]);
    expect(knife.modes[1]!.throwable).toBe(true);
  });

  it("ranged weapons (L4373–4408): one item per row, every field", () => {
    expect(ranged).toHaveLength(RANGED_WEAPONS.length);
    expect(ranged).toHaveLength(17);
    const docs = byRef(ranged);
    for (const w of RANGED_WEAPONS) {
      const d = docs.get(w.id)!;
      expect([d.name, d.type], w.id).toEqual([w.name, "missile"]);
      expect(d.system.m2m, w.id).toEqual({
        ref: w.id,
        skill: w.skill,
        kind: w.kind,
        damage: w.damage,
        pb: w.pb,
        increment: w.inc,
        half: w.half,
        max: w.max,
        usesBowST: w.usesBowST,
        bowST: null,
        hands: w.hands,
        reloadTurns: w.reloadTurns,
        minST: w.minST,
        cost: w.cost,
        costPerShot: w.costPerShot,
        weight: w.weight,
      });
      expect(d.system.description, w.id).toContain(`L${w.line}`);
      expect(toRangedWeapon(d.name, d.system.m2m)).toEqual({ ...w, note: null, line: 0 });
    }
    // L4386: crossbow thrust+4, 5, ST+5, ST×20, ST×25, $150/$2, 6 lb, Min ST 7.
    expect(docs.get("crossbow")!.system.m2m).toMatchObject({
      damage: { base: "thr", type: "imp", mod: 4 },
      pb: 5,
      increment: { perST: 1, add: 5 },
      half: { perST: 20, add: 0 },
      max: { perST: 25, add: 0 },
      cost: 150,
      costPerShot: 2,
      weight: 6,
      minST: 7,
    });
  });

  it("shields (L4583–4590)", () => {
    expect(shields).toHaveLength(SHIELDS.length);
    const docs = byRef(shields);
    for (const s of SHIELDS) {
      const d = docs.get(s.id)!;
      expect([d.name, d.type], s.id).toEqual([shieldName(s.name), "weapon"]);
      const b = d.system.m2m;
      expect([b.cost, b.weight, b.modes], s.id).toEqual([s.cost, s.weight, []]);
      expect(b.shield, s.id).toEqual({
        size: s.id,
        pd: s.pd,
        dr: s.dr,
        hits: s.hits,
        spiked: false,
      });
      expect(toShield(s.name, b)).toEqual({ ...s, line: 0 });
    }
    // L4588: Large, PD 4, $90, 25 lb, 9/60.
    expect(docs.get("large")!.system.m2m).toMatchObject({
      cost: 90,
      weight: 25,
      shield: { pd: 4, hits: { penetrate: 9, total: 60 } },
    });
  });

  it("Basic suits (L4598–4616): PD and DR on all six locations", () => {
    expect(suits).toHaveLength(ARMOUR_SUITS.length);
    expect(suits).toHaveLength(10);
    const docs = byRef(suits);
    for (const s of ARMOUR_SUITS) {
      const d = docs.get(s.id)!;
      const b = d.system.m2m;
      expect([d.name, d.type, b.kind], s.id).toEqual([s.name, "armour", "suit"]);
      expect(b.locations, s.id).toEqual(
        ARMOUR_LOCATIONS.map((location) => ({
          location,
          pd: s.pd,
          dr: s.dr,
          pdVsImpaling: s.pdVsImp,
          drVsImpaling: s.drVsImp,
        })),
      );
      expect(
        [b.cost, b.weight, b.weaponSkillMod, b.chainmail, b.underlay, b.costByClass],
        s.id,
      ).toEqual([s.cost, s.weight, s.combatSkillMod, s.chainmail, s.underlay, null]);
      expect(toArmour(d.name, b)).toEqual({ ...s, line: 0 });
    }
    // L4605: chainmail 3 (1 vs impaling) / 4 (2 vs impaling), $550, 45 lb.
    expect(docs.get("chainmail")!.system.m2m.locations[0]).toEqual({
      location: "head",
      pd: 3,
      dr: 4,
      pdVsImpaling: 1,
      drVsImpaling: 2,
    });
  });

  it("Advanced pieces (L4794–4880): the locations each covers, with its PD and DR", () => {
    expect(pieces).toHaveLength(ARMOUR_PIECES.length);
    expect(pieces).toHaveLength(32);
    const docs = byRef(pieces);
    for (const p of ARMOUR_PIECES) {
      const d = docs.get(p.id)!;
      const b = d.system.m2m;
      expect([d.name, d.type, b.kind], p.id).toEqual([p.name, "armour", "piece"]);
      expect(b.locations, p.id).toEqual(
        p.covers.map((location) => ({
          location,
          pd: p.pd,
          dr: p.dr,
          pdVsImpaling: p.pdVsImp,
          drVsImpaling: p.drVsImp,
        })),
      );
      expect(
        [
          b.cost,
          b.costByClass,
          b.weight,
          b.chainmail,
          b.stacks,
          b.frontOnly,
          b.weaponSkillMod,
          b.perceptionMod,
          b.punchBonus,
          b.kickBonus,
          b.underlay,
        ],
        p.id,
      ).toEqual([
        p.cost,
        p.costByClass,
        p.weight,
        p.chainmail,
        p.stacks,
        p.frontOnly,
        p.weaponSkillMod,
        p.perceptionMod,
        p.punchBonus,
        p.kickBonus,
        false,
      ]);
      expect(toArmour(d.name, b)).toEqual({ ...p, note: null, line: 0 });
    }
    // L4808: greathelm PD 4, DR 7, $340, 10 lb, weapon skill −1, IQ to perceive −5.
    expect(docs.get("greathelm")!.system.m2m).toMatchObject({
      locations: [{ location: "head", pd: 4, dr: 7 }],
      cost: 340,
      weight: 10,
      weaponSkillMod: -1,
      perceptionMod: -5,
    });
    // L4828: overcoat covers body, arms and legs and stacks.
    expect(docs.get("overcoat")!.system.m2m.locations.map((l) => l.location)).toEqual([
      "body",
      "arms",
      "legs",
    ]);
  });
});

describe("every block validates", () => {
  it("passes the m2m check strictly, the Foundry schema, and the pack build's check", () => {
    for (const d of ALL) {
      expect(m2mBlockProblems(d.type, d.system.m2m, { strict: true }), d.name).toEqual([]);
      const schema = m2mItemSchema(d.type as "weapon") as unknown as {
        validate(v: unknown): unknown;
        clean(v: unknown): unknown;
      };
      expect(schema.validate(structuredClone(d.system.m2m)), d.name).toBeUndefined();
      expect(schema.clean(structuredClone(d.system.m2m)), d.name).toEqual(d.system.m2m);
      expect(formatSourceProblems(d.name, documentProblems(d, "items")), d.name).toBe("");
    }
  });

  it("the pack build refuses a broken m2m document naming the file's field", () => {
    const d = structuredClone(byRef(hand).get("broadsword")!);
    (d.system.m2m.modes[0] as unknown as Obj).reach = ["4"];
    (d.system as Obj).hm3x = 1;
    const found = documentProblems(d, "items").map((p) => [p.field, p.message]);
    expect(found).toEqual([
      ["system.m2m.modes.0.reach", '["4"] is not one of C, 1, 2, 3.'],
      ["system.hm3x", "not a field of Item.weapon (got 1)"],
    ]);
    // An item with an hm3 block still has every hm3 field written out.
    const both = structuredClone(byRef(hand).get("broadsword")!);
    (both.system as Obj).hm3 = { skill: "Sword" };
    expect(documentProblems(both, "items").map((p) => p.field)).toContain("system.hm3.wq");
  });
});

describe("the built LevelDB packs (foundryvtt-cli)", () => {
  it("read back document by document equal to the sources, none skipped", async () => {
    const out = mkdtempSync(join(tmpdir(), "bbb-m2m-packs-"));
    const summaries = await buildPacks(SOURCE_DIR, out);
    for (const pack of M2M_ITEM_PACKS) {
      const sources = committed<unknown>(pack);
      const summary = summaries.find((s) => s.pack === pack)!;
      expect(summary, pack).toBeDefined();
      expect(summary.documents, pack).toBe(sources.length);
      const extracted = mkdtempSync(join(tmpdir(), `bbb-x-${pack}-`));
      await extractPack(join(out, pack), extracted);
      const back = readdirSync(extracted)
        .filter((f) => f.endsWith(".json"))
        .map((f) => JSON.parse(readFileSync(join(extracted, f), "utf8")) as Doc);
      expect(back, pack).toHaveLength(sources.length);
      const backById = new Map(back.map((d) => [d._id, d]));
      for (const s of sources) {
        const b = backById.get(s._id);
        expect(b, s.name).toBeDefined();
        expect({ ...b, _key: s._key }).toEqual(s);
      }
    }
  }, 60_000);
});

describe("system.json declares the packs, in the GURPS Man to Man pack folder", () => {
  const manifest = JSON.parse(readFileSync(join(SOURCE_DIR, "../../system.json"), "utf8")) as {
    packs: { name: string; label: string; path: string; type: string; system: string }[];
    packFolders: { name: string; packs: string[] }[];
  };

  it("one Item pack per source folder, at packs/<name>, labelled M2M", () => {
    for (const pack of M2M_ITEM_PACKS) {
      const entry = manifest.packs.find((p) => p.name === pack);
      expect(entry, pack).toMatchObject({
        path: `packs/${pack}`,
        type: "Item",
        system: "blow-by-blow",
      });
      expect(entry!.label).toMatch(/^M2M /);
    }
  });

  it("the folder holds exactly the m2m packs", () => {
    const folder = manifest.packFolders.find((f) => f.name === "GURPS Man to Man");
    expect(folder).toBeDefined();
    expect([...folder!.packs].sort()).toEqual([...M2M_ALL_PACKS].sort());
    expect(manifest.packs.filter((p) => p.name.startsWith("m2m-")).map((p) => p.name).sort()).toEqual(
      [...M2M_ALL_PACKS].sort(),
    );
  });
});
