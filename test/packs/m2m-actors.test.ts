/**
 * The GURPS Man to Man sample fighters pack (issue 16), `packs/_source/m2m-sample-fighters`,
 * written by scripts/pack-actors-m2m.ts through `npm run packs:sources`. Checked: the committed
 * sources are what the script writes (a rerun changes nothing); one actor per sample fighter of
 * src/foundry/rulesets/m2m/sample-fighters.ts, Friedrick and Pierre among them; every embedded
 * weapon, shield and armour is its m2m item pack document apart from its ids and the actor's own
 * state (quantity, ready or worn, the hand), linked by `_stats.compendiumSource`; every actor
 * derives through the registered m2m derivation, to the book's figures for Friedrick (seed 004
 * L4187–4231) and Pierre (L1750–1756), and to the same figures as the fighter's table gear for
 * every one; every document and embedded document lands in the compiled LevelDB pack; system.json
 * declares the pack in the "GURPS Man to Man" folder.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { describe, expect, it } from "vitest";
import "../foundry/stand-ins";
import { SOURCE_DIR } from "../../scripts/pack-sources";
import { generateM2mSources, M2M_ITEM_PACKS } from "../../scripts/pack-sources-m2m";
import { M2M_FIGHTERS_PACK } from "../../scripts/pack-actors-m2m";
import { stableId } from "../../scripts/pack-ids";
import { buildPacks } from "../../scripts/packs";
import { documentProblems, formatSourceProblems } from "../../scripts/pack-validate";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { foundryRuleset } from "../../src/foundry/rulesets";
import {
  deriveM2mActor,
  type M2mActorDerived,
} from "../../src/foundry/rulesets/m2m/character-input";
import {
  SAMPLE_FIGHTERS,
  sampleFighterGear,
} from "../../src/foundry/rulesets/m2m/sample-fighters";
import { MISSILE_WEIGHT, getRangedAccessory } from "../../src/rules/m2m/equipment";
import { seedLine as line } from "../m2m/sources";

type Obj = Record<string, unknown>;
interface Item extends Obj {
  _id: string;
  _key: string;
  name: string;
  type: string;
  img: string;
  system: Obj & { quantity: number; equipped: boolean; held: string; m2m?: Obj };
  _stats?: { compendiumSource?: string };
}
interface Doc extends Obj {
  _id: string;
  _key: string;
  name: string;
  type: string;
  system: Obj & { m2m: Obj & { encounter: { readiness: { item: string }[] } } };
  items: Item[];
}

const readDocs = <T>(dir: string): T[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as T);

const fighters = readDocs<Doc>(join(SOURCE_DIR, M2M_FIGHTERS_PACK));
const packItems = new Map(
  M2M_ITEM_PACKS.flatMap((pack) =>
    readDocs<Item>(join(SOURCE_DIR, pack)).map((d) => [`${pack}.${d._id}`, d] as const),
  ),
);
const byName = (name: string): Doc => {
  const d = fighters.find((f) => f.name === name);
  if (!d) throw new Error(`no fighter ${name} in the pack`);
  return d;
};

/** The derived figures of a pack actor, through the registered m2m derivation (as the CLI). */
function derived(d: Doc): M2mActorDerived {
  const m2m = foundryRuleset("m2m");
  expect(m2m, "the m2m ruleset is registered").toBeDefined();
  return fighterFromSource(structuredClone(d), [], m2m).derived as M2mActorDerived;
}

describe("the generator (scripts/pack-actors-m2m.ts, run by `npm run packs:sources`)", () => {
  it("the committed sources are exactly what a rerun writes: no diff", () => {
    const generated = [...generateM2mSources()].filter(([p]) =>
      p.startsWith(`${M2M_FIGHTERS_PACK}/`),
    );
    const dir = join(SOURCE_DIR, M2M_FIGHTERS_PACK);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(generated.map(([p]) => p.slice(M2M_FIGHTERS_PACK.length + 1)).sort());
    for (const [path, body] of generated)
      expect(readFileSync(join(SOURCE_DIR, path), "utf8"), path).toBe(body);
    expect([...generateM2mSources()]).toEqual([...generateM2mSources()]);
  });

  it("one actor per sample fighter, Friedrick and Pierre among at least six; stable ids and keys", () => {
    expect(fighters.length).toBeGreaterThanOrEqual(6);
    expect(fighters.map((f) => f._id).sort()).toEqual(SAMPLE_FIGHTERS.map((f) => f.id).sort());
    expect(fighters.map((f) => f.name)).toEqual(
      expect.arrayContaining(["Fiendish Friedrick", "Filthy Pierre"]),
    );
    const ids = new Set<string>();
    for (const d of fighters) {
      expect(d._key).toBe(`!actors!${d._id}`);
      expect(d.type).toBe("character");
      const f = SAMPLE_FIGHTERS.find((s) => s.id === d._id)!;
      expect(d.name).toBe(f.name);
      expect(d.items).toHaveLength(f.gear.length);
      d.items.forEach((item, i) => {
        const e = f.gear[i]!;
        expect(item._id).toBe(stableId(`${M2M_FIGHTERS_PACK}:${f.id}:${i}:${e.table}:${e.id}`));
        expect(item._key, `${d.name} ${item.name}`).toBe(`!actors.items!${d._id}.${item._id}`);
        expect(ids.has(item._id), item._id).toBe(false);
        ids.add(item._id);
      });
    }
  });

  it("the actor's m2m block is the sample fighter's, with its ready weapons and shield in hand", () => {
    for (const d of fighters) {
      const f = SAMPLE_FIGHTERS.find((s) => s.id === d._id)!;
      const { readiness, ...encounter } = d.system.m2m.encounter;
      const { readiness: none, ...sampleEncounter } = f.m2m.encounter;
      expect(none).toEqual([]);
      expect({ ...d.system.m2m, encounter }).toEqual({ ...f.m2m, encounter: sampleEncounter });
      const ready = f.gear.flatMap((e, i) =>
        e.state === "ready" ? [d.items[i]!._id] : [],
      );
      expect(readiness, d.name).toEqual(
        ready.map((item) => ({ item, place: "hand", turnsToReady: 0, reach: "none", stuck: "no" })),
      );
    }
  });
});

describe("every embedded item is its pack item", () => {
  it.each(fighters.map((f) => [f.name, f] as const))(
    "%s: the pack document's name, type, image and system, apart from ids and the actor's state",
    (_name, d) => {
      const f = SAMPLE_FIGHTERS.find((s) => s.id === d._id)!;
      d.items.forEach((item, i) => {
        const e = f.gear[i]!;
        const what = `${d.name} ${item.name}`;
        expect(item.system.quantity, what).toBe(e.quantity);
        expect(item.system.equipped, what).toBe(e.state !== "carried");
        if (e.table === "accessory" || e.table === "missile") {
          // No m2m item pack holds a quiver or missiles: a gear item with the table's weight.
          expect(item.type, what).toBe("gear");
          expect(item._stats, what).toBeUndefined();
          const weight =
            e.table === "accessory"
              ? getRangedAccessory(e.id).weight
              : MISSILE_WEIGHT[e.id as keyof typeof MISSILE_WEIGHT];
          expect(item.system.weight, what).toBe(weight);
          return;
        }
        const source = item._stats?.compendiumSource ?? "";
        const m = /^Compendium\.blow-by-blow\.(m2m-[a-z-]+)\.Item\.([0-9A-Za-z]{16})$/.exec(source);
        expect(m, `${what}: ${source}`).not.toBeNull();
        const original = packItems.get(`${m![1]}.${m![2]}`);
        expect(original, source).toBeDefined();
        const { _id, _key, _stats, sort, system, ...rest } = item;
        const o = original!;
        expect(_id).not.toBe(o._id);
        expect(_key).not.toBe(o._key);
        expect([_stats, typeof sort]).toEqual([{ compendiumSource: source }, "number"]);
        expect({ ...rest, sort: o.sort }).toEqual({
          name: o.name,
          type: o.type,
          img: o.img,
          effects: o.effects,
          folder: o.folder,
          sort: o.sort,
          ownership: o.ownership,
          flags: o.flags,
        });
        const state = { quantity: 0, equipped: false, held: "none" };
        expect({ ...system, ...state }, what).toEqual({ ...o.system, ...state });
        // The state: ready weapons in hand (a shield on the off arm), armour worn, the rest carried.
        const held =
          e.state !== "ready"
            ? "none"
            : e.table === "shield"
              ? "off"
              : ((system.m2m as { modes?: { hands: number }[] }).modes?.[0]?.hands ?? 1) === 2
                ? "both"
                : "main";
        expect(system.held, what).toBe(held);
      });
    },
  );

  it("the table rows: Friedrick's axe, large shield and scale armour; Villem's two-handed halberd", () => {
    const names = (d: Doc) => d.items.map((i) => [i.name, i.system.held, i.system.quantity]);
    expect(names(byName("Fiendish Friedrick"))).toEqual([
      ["Axe", "main", 1],
      ["Large knife", "none", 2],
      ["Large shield", "off", 1],
      ["Scale armor", "none", 1],
    ]);
    expect(names(byName("Villem the Vile"))[0]).toEqual(["Halberd", "both", 1]);
  });
});

describe("every actor derives through the registered m2m derivation", () => {
  it.each(fighters.map((f) => [f.name, f] as const))(
    "%s: without error, to the same figures as its table gear (sample-fighters.ts)",
    (_name, d) => {
      const got = derived(d);
      const f = SAMPLE_FIGHTERS.find((s) => s.id === d._id)!;
      const expected = deriveM2mActor(f.m2m, sampleFighterGear(f), () => {});
      expect(expected.errors).toEqual([]);
      expect(got.character).toEqual(expected.derived!.character);
      // Each ready weapon of the table gear, with its skill's level and Parry, is a ready item
      // of the actor (the derivation lists a weapon once per skill of its modes: Rogan's
      // thrusting bastard sword also under Two-Handed Sword).
      const readyItems = f.gear.flatMap((e, i) =>
        e.state === "ready" && e.table !== "shield" ? [d.items[i]!._id] : [],
      );
      expected.derived!.weapons.forEach((w, i) => {
        const mine = got.weapons.find((g) => g.id === readyItems[i] && g.skill === w.skill);
        expect(mine, `${d.name} ${w.name}`).toBeDefined();
        expect([mine!.level, mine!.parry]).toEqual([w.level, w.parry]);
      });
      expect(new Set(got.weapons.map((w) => w.id))).toEqual(new Set(readyItems));
      for (const w of got.weapons) expect(d.items.map((i) => i._id)).toContain(w.id);
    },
  );

  it("Fiendish Friedrick (seed 004 L4187-4231): 81 lb, Speed 8.125, Move/Dodge 5, Axe 14 (12), Parry 7 (6), Block 4, PD 7, DR 4", () => {
    expect(line(4205)).toBe("5\t7 (6)\t4");
    expect(line(4224)).toBe("Axe\tCut 1+4\t14 (12)\t50\t4");
    expect(line(4229)).toMatch(/970 81 Lbs/);
    const d = derived(byName("Fiendish Friedrick"));
    const c = d.character;
    expect(c.encumbrance.load).toBe(81);
    expect(c.points.total).toBe(100);
    expect(c.speed.value).toBe(8.125);
    expect([c.move.value, c.dodge.value, c.block?.value]).toEqual([5, 5, 4]);
    expect([c.pd.value, c.dr.value]).toEqual([7, 4]);
    const axe = d.weapons.find((w) => w.skill === "axe-mace")!;
    expect(axe.name).toBe("Axe");
    expect([axe.level!.base, axe.level!.value]).toEqual([14, 12]);
    expect([axe.parry!.target.base, axe.parry!.value]).toEqual([7, 6]);
  });

  it("Filthy Pierre (seed 004 L1750-1756): Move/Dodge 4, Shield 14, Block 4, Shortsword 13, Parry 6, PD 2 + 1, defence 9", () => {
    const d = derived(byName("Filthy Pierre"));
    const c = d.character;
    expect([c.move.value, c.dodge.value, c.block?.value]).toEqual([4, 4, 4]);
    expect(c.skills.shield?.level).toBe(14);
    const sword = d.weapons.find((w) => w.skill === "shortsword")!;
    expect(sword.name).toBe("Shortsword");
    expect(sword.level!.value).toBe(13);
    expect(sword.parry!.value).toBe(6);
    expect(c.pd.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["armour", 1],
      ["shield", 2],
    ]);
    // L1756: "6 + 2 + 1, or a total of 9".
    expect(sword.parry!.value + c.pd.value).toBe(9);
  });
});

describe("the pack build", () => {
  it("every actor passes the build's check", () => {
    for (const d of fighters)
      expect(formatSourceProblems(d.name, documentProblems(d, "actors")), d.name).toBe("");
  });

  it("compiles, and every actor and embedded item reads back from the LevelDB pack", async () => {
    // Only this pack: a source root holding its folder alone.
    const root = mkdtempSync(join(tmpdir(), "bbb-m2m-fighters-src-"));
    mkdirSync(join(root, M2M_FIGHTERS_PACK));
    cpSync(join(SOURCE_DIR, M2M_FIGHTERS_PACK), join(root, M2M_FIGHTERS_PACK), {
      recursive: true,
    });
    const out = mkdtempSync(join(tmpdir(), "bbb-m2m-fighters-"));
    const [summary] = await buildPacks(root, out);
    const embedded = fighters.reduce((n, d) => n + d.items.length, 0);
    expect(summary).toEqual({
      pack: M2M_FIGHTERS_PACK,
      files: fighters.length,
      documents: fighters.length + embedded,
    });
    const extracted = mkdtempSync(join(tmpdir(), "bbb-x-m2m-fighters-"));
    await extractPack(join(out, M2M_FIGHTERS_PACK), extracted);
    const back = readDocs<Doc>(extracted);
    expect(back).toHaveLength(fighters.length);
    const backById = new Map(back.map((d) => [d._id, d]));
    for (const s of fighters) {
      const b = backById.get(s._id);
      expect(b, s.name).toBeDefined();
      expect(b!.items.map((i) => i._id), s.name).toEqual(s.items.map((i) => i._id));
      expect(b).toEqual(s);
    }
  }, 60_000);
});

describe("system.json declares the pack in the GURPS Man to Man folder", () => {
  const manifest = JSON.parse(readFileSync(join(SOURCE_DIR, "../../system.json"), "utf8")) as {
    packs: { name: string; label: string; path: string; type: string; system: string }[];
    packFolders: { name: string; packs: string[] }[];
  };

  it("an Actor pack at packs/m2m-sample-fighters, labelled M2M, in the folder", () => {
    expect(manifest.packs.find((p) => p.name === M2M_FIGHTERS_PACK)).toMatchObject({
      path: `packs/${M2M_FIGHTERS_PACK}`,
      type: "Actor",
      system: "blow-by-blow",
      label: "M2M Sample Fighters",
    });
    const folder = manifest.packFolders.find((f) => f.name === "GURPS Man to Man");
    expect(folder?.packs).toContain(M2M_FIGHTERS_PACK);
  });
});
