/**
 * The HârnMaster zone-die packs (issue 18), `packs/_source/hmzd-*`, written by
 * scripts/pack-sources-hmzd.ts through `npm run packs:sources`. Checked: the committed sources
 * are what the script writes (a rerun changes nothing); every document and embedded document has
 * its `_key` and passes the build's strict check; the weapons are the Z12 conversion of the HM3
 * pack (the broadsword exactly as the seed prints it, ZD d4, swing d10+3E, thrust d8+2P, pommel
 * d6+0B), the missiles one d8 mode per range band (Z12, Z4); the plans are §2's human plan and
 * the dog and horse made for hmzd (Z24); every sample fighter carries its sample's weapons and
 * derives through the registered hmzd derivation; every document lands in the compiled LevelDB
 * pack; system.json declares the packs in the "HârnMaster zone die" folder.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { describe, expect, it } from "vitest";
import "../foundry/stand-ins";
import { generateZoneDieSources, SOURCE_DIR } from "../../scripts/pack-sources";
import { HMZD_ALL_PACKS, HMZD_PACKS } from "../../scripts/pack-sources-hmzd";
import { hmzdMeleeWeapons, hmzdMissiles } from "../../scripts/hmzd-weapons";
import { buildPacks } from "../../scripts/packs";
import { documentProblems, formatSourceProblems } from "../../scripts/pack-validate";
import { foundryRuleset } from "../../src/foundry/rulesets";
import { humanPlanSource, planFromSource } from "../../src/foundry/rulesets/hmzd/plans";
import type { HmzdBodyPlanSource } from "../../src/foundry/rulesets/hmzd/source";
import { CREATURE_PLANS } from "../../src/rules/hmzd/plans";
import { HMZD_SAMPLES } from "../../src/rules/hmzd/samples";
import { SEED_BROADSWORD } from "../../src/rules/hmzd/convert";

type Obj = Record<string, unknown>;
interface Doc extends Obj {
  _id: string;
  _key: string;
  name: string;
  type: string;
  system: Obj & { hmzd?: Obj; hm3?: Obj };
  items?: Doc[];
}

const readDocs = (dir: string): Doc[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Doc);

const docsOf = (pack: string) => readDocs(join(SOURCE_DIR, pack));

describe("the hmzd pack sources", () => {
  it("are exactly what npm run packs:sources writes, no file more or less", () => {
    const generated = [...generateZoneDieSources()];
    expect(generated.length).toBeGreaterThan(70);
    for (const [path, body] of generated)
      expect(readFileSync(join(SOURCE_DIR, path), "utf8"), path).toBe(body);
    const committed = HMZD_ALL_PACKS.flatMap((pack) =>
      readdirSync(join(SOURCE_DIR, pack)).map((f) => `${pack}/${f}`),
    );
    expect(committed.sort()).toEqual(generated.map(([p]) => p).sort());
  });

  it("every document and embedded document has its _key and passes the build's strict check", () => {
    for (const pack of HMZD_ALL_PACKS)
      for (const doc of docsOf(pack)) {
        const collection = doc.items ? "actors" : "items";
        expect(doc._key).toBe(`!${collection}!${doc._id}`);
        for (const item of doc.items ?? [])
          expect(item._key).toBe(`!actors.items!${doc._id}.${item._id}`);
        const problems = documentProblems(doc, collection);
        expect(formatSourceProblems(`${pack}/${doc.name}`, problems)).toBe("");
      }
  });
});

describe("weapons and missiles (Z12)", () => {
  const weapons = docsOf(HMZD_PACKS.weapons);

  it("the broadsword as the seed prints it: ZD d4, swing d10+3E, thrust d8+2P, pommel d6+0B", () => {
    const sword = weapons.find((d) => d.name === "Broadsword")!;
    expect(sword.system.hmzd).toEqual({
      zoneDie: 4,
      modes: [
        { name: "swing", die: 10, base: 3, aspect: "edge" },
        { name: "thrust", die: 8, base: 2, aspect: "point" },
        { name: "pommel", die: 6, base: 0, aspect: "blunt" },
      ],
    });
    expect(SEED_BROADSWORD.zoneDie).toBe(4);
    // Its HM3 figures ride along (skill, AML, DML, WQ: the zone-die EMLs are HM3's).
    expect(sword.system.hm3).toMatchObject({ skill: "Sword", wq: 12, attack: 15, defence: 10 });
  });

  it("every converted weapon, by name, with its zone die and modes", () => {
    const converted = hmzdMeleeWeapons();
    expect(weapons.map((d) => d.name).sort()).toEqual(converted.map((w) => w.name).sort());
    // 55 HM3 rows; the sling has no aspect, so no mode, and is left out (Z23).
    expect(weapons).toHaveLength(54);
    for (const w of converted) {
      const doc = weapons.find((d) => d.name === w.name)!;
      expect(doc.system.hmzd, w.name).toEqual({
        zoneDie: w.zoneDie,
        modes: w.modes.map((m) => ({ name: m.name, ...m.impact })),
      });
    }
  });

  it("every missile: zone die d10 (Z4) and one d8 mode per range band", () => {
    const missiles = docsOf(HMZD_PACKS.missiles);
    const converted = hmzdMissiles();
    expect(missiles).toHaveLength(converted.length);
    for (const m of converted) {
      const doc = missiles.find((d) => d.name === m.name)!;
      expect(doc.system.hmzd, m.name).toEqual({
        zoneDie: 10,
        modes: (["short", "medium", "long", "extreme"] as const).map((band) => ({
          name: band,
          die: 8,
          base: m.ranges[band].base,
          aspect: m.aspect,
        })),
      });
    }
  });
});

describe("body plans and sample fighters", () => {
  it("the human plan of §2 and the dog and horse made for hmzd (Z24)", () => {
    const plans = docsOf(HMZD_PACKS.plans);
    const planOf = (name: string) =>
      plans.find((d) => d.name === name)!.system.hmzd!.bodyPlan as HmzdBodyPlanSource;
    expect(planOf("Human (body plan)")).toEqual(humanPlanSource());
    expect(planFromSource(planOf("Dog (body plan)"))).toEqual(CREATURE_PLANS.dog.plan);
    expect(planFromSource(planOf("Horse (body plan)"))).toEqual(CREATURE_PLANS.horse.plan);
    expect(planOf("Horse (body plan)").zones).toHaveLength(7);
    const dog = plans.find((d) => d.name === "Dog (body plan)")!;
    expect(dog.system.description).toContain("made for Blow by Blow");
  });

  it("at least four fighters, each with its sample's weapons, deriving through hmzd", () => {
    const fighters = docsOf(HMZD_PACKS.fighters);
    expect(fighters.length).toBeGreaterThanOrEqual(4);
    const hmzd = foundryRuleset("hmzd")!;
    for (const f of fighters) {
      const sample = HMZD_SAMPLES.find((s) => s.name === f.name)!;
      expect(sample, f.name).toBeDefined();
      for (const w of sample.character.weapons ?? []) {
        const item = f.items!.find((i) => i.name === w.name && i.type === "weapon")!;
        expect(item.system.hmzd, `${f.name}: ${w.name}`).toEqual({
          zoneDie: w.zoneDie,
          modes: w.modes.map((m) => ({ name: m.name, ...m.impact })),
        });
      }
      const derived = hmzd.derive.actor(
        f.system,
        f.items!.map((i) => ({ id: i._id, type: i.type, name: i.name, system: i.system })),
      ) as { hmzd: { shock: number } };
      // Z7: no sample has a Shock skill: 5 × Endurance.
      expect(derived.hmzd.shock % 5, f.name).toBe(0);
    }
    const dog = fighters.find((f) => f.name === "War dog")!;
    expect((dog.system.hmzd!.bodyPlan as HmzdBodyPlanSource).id).toBe("dog");
  });

  it("every document and embedded document lands in the compiled packs", async () => {
    const out = mkdtempSync(join(tmpdir(), "bbb-hmzd-packs-"));
    const root = mkdtempSync(join(tmpdir(), "bbb-hmzd-src-"));
    const { cpSync } = await import("node:fs");
    for (const pack of HMZD_ALL_PACKS)
      cpSync(join(SOURCE_DIR, pack), join(root, pack), { recursive: true });
    const summaries = await buildPacks(root, out);
    for (const pack of HMZD_ALL_PACKS) {
      const sources = docsOf(pack);
      const embedded = sources.reduce((n, d) => n + (d.items?.length ?? 0), 0);
      expect(summaries.find((s) => s.pack === pack)).toEqual({
        pack,
        files: sources.length,
        documents: sources.length + embedded,
      });
      const extracted = mkdtempSync(join(tmpdir(), `bbb-x-${pack}-`));
      await extractPack(join(out, pack), extracted);
      const back = readDocs(extracted);
      expect(back.map((d) => d._id).sort()).toEqual(sources.map((d) => d._id).sort());
      for (const s of sources) {
        const b = back.find((d) => d._id === s._id)!;
        expect((b.items ?? []).map((i) => i._id).sort()).toEqual(
          (s.items ?? []).map((i) => i._id).sort(),
        );
      }
    }
  });

  it("system.json declares the four packs in the HârnMaster zone die folder", () => {
    const manifest = JSON.parse(readFileSync("system.json", "utf8")) as {
      packs: { name: string; type: string; path: string }[];
      packFolders: { name: string; packs: string[] }[];
    };
    for (const pack of HMZD_ALL_PACKS)
      expect(manifest.packs.find((p) => p.name === pack)?.path).toBe(`packs/${pack}`);
    expect(manifest.packFolders.find((f) => f.name === "HârnMaster zone die")?.packs).toEqual([
      ...HMZD_ALL_PACKS,
    ]);
  });
});
