/**
 * The HM3 actor packs (issue 5): body plans (the human plan of seed 003, a dog and a horse made
 * for this system) and the sample fighters. Checked: the plans are valid plans whose aim points
 * sum to 100 per zone; every actor and embedded item validates against the data models; the
 * fighters' weapons and armour are the item packs' documents (linked by compendiumSource),
 * carried ready; every fighter derives its figures and fights every other one through the CLI's
 * `fight` path, deterministically.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
// The stand-ins for Foundry's globals first: the data models extend foundry.abstract classes.
import { makeActor } from "../foundry/stand-ins/data";
import { resetStandIns } from "../foundry/stand-ins/globals";
import { ACTOR_PACKS, ITEM_PACKS, SOURCE_DIR } from "../../scripts/pack-sources";
import { fightExchange } from "../../src/cli/fight";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { fighterSnapshot, type ActorLike } from "../../src/foundry/combat/snapshot";
import { CharacterData, CreatureData, registerDataModels } from "../../src/foundry/data";
import { bodyPlanProblems, humanBodyPlan, zoneSums } from "../../src/rules/hm3/body-plan";

type Obj = Record<string, unknown>;
type Doc = Obj & {
  _id: string;
  name: string;
  type: string;
  system: Obj & { hm3: Obj };
  items: (Obj & { _id: string; name: string; type: string; system: Obj })[];
};

function committed(pack: string): Doc[] {
  const dir = join(SOURCE_DIR, pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Doc);
}

const plans = committed(ACTOR_PACKS.plans);
const fighters = committed(ACTOR_PACKS.fighters);
const packItems = new Map(
  Object.values(ITEM_PACKS).flatMap((p) => committed(p).map((d) => [d._id, d] as const)),
);

describe("the body plans pack", () => {
  it("holds the human plan of seed 003 and two creature plans made for this system", () => {
    expect(plans.map((p) => p.name).sort()).toEqual([
      "Dog (body plan)",
      "Horse (body plan)",
      "Human (body plan)",
    ]);
    const human = plans.find((p) => p.name.startsWith("Human"))!;
    // Each location as seed 003 gives it, with the creature's size class (null, ruling G16).
    expect((human.system.hm3.bodyPlan as Obj).locations).toEqual(
      humanBodyPlan().locations.map((l) => ({ ...l, sizeClass: null })),
    );
    for (const p of plans.filter((x) => !x.name.startsWith("Human")))
      expect(p.system.description, p.name).toMatch(/made for Blow by Blow/);
  });

  it.each(plans.map((p) => [p.name, p] as const))(
    "%s: a valid plan, aim points summing to 100 in each zone",
    (_name, p) => {
      const plan = p.system.hm3.bodyPlan as { name: string; locations: never[] };
      expect(bodyPlanProblems(plan)).toEqual([]);
      expect(zoneSums(plan)).toEqual({ high: 100, mid: 100, low: 100 });
    },
  );
});

describe("the sample fighters pack", () => {
  it("has at least six fighters: knight, spearman, longbowman, brigand and a creature", () => {
    expect(fighters.length).toBeGreaterThanOrEqual(6);
    const names = fighters.map((f) => f.name);
    for (const n of [/knight/i, /spearman/i, /longbowman/i, /brigand/i])
      expect(names.some((x) => n.test(x)), String(n)).toBe(true);
    expect(fighters.some((f) => f.type === "creature")).toBe(true);
  });

  it("the knight wears mail and plate; the brigand has a handaxe and round shield", () => {
    const knight = fighters.find((f) => /knight/i.test(f.name))!;
    const materials = knight.items
      .filter((i) => i.type === "armour")
      .map((i) => (i.system.hm3 as Obj).material);
    expect(materials).toContain("mail");
    expect(materials).toContain("plate");
    const brigand = fighters.find((f) => /brigand/i.test(f.name))!;
    expect(brigand.items.map((i) => i.name)).toEqual(
      expect.arrayContaining(["Handaxe", "Round Shield"]),
    );
  });

  it.each(fighters.map((f) => [f.name, f] as const))(
    "%s: skills, weapons and armour; pack items copied with their source, carried ready",
    (_name, f) => {
      const types = new Set(f.items.map((i) => i.type));
      expect(types.has("skill")).toBe(true);
      expect(types.has("weapon") || types.has("missile")).toBe(true);
      expect(types.has("armour")).toBe(true);
      for (const item of f.items) {
        expect(item._key).toBe(`!actors.items!${f._id}.${item._id}`);
        const source = (item._stats as { compendiumSource?: string } | undefined)?.compendiumSource;
        if (!source) continue;
        const m = /^Compendium\.blow-by-blow\.(hm3-[a-z-]+)\.Item\.([0-9A-Za-z]{16})$/.exec(source);
        expect(m, source).not.toBeNull();
        const original = packItems.get(m![2]!)!;
        expect(original, source).toBeDefined();
        expect(item.name).toBe(original.name);
        expect({ ...item.system, equipped: true, held: "none" }).toEqual({
          ...original.system,
          equipped: true,
          held: "none",
        });
        expect(item.system.equipped).toBe(true);
      }
    },
  );
});

describe("every actor against the data models", () => {
  beforeEach(() => {
    resetStandIns();
    registerDataModels();
  });

  it("validates strictly, keeps its data as written, and prepares with its items", () => {
    for (const d of [...plans, ...fighters]) {
      const Model = (d.type === "creature" ? CreatureData : CharacterData) as unknown as new (
        data: unknown,
        options: Obj,
      ) => { toObject(): Obj };
      const m = new Model(structuredClone(d.system), { strict: true });
      expect(m.toObject(), d.name).toEqual(d.system);
      const actor = makeActor({
        name: d.name,
        type: d.type,
        system: structuredClone(d.system) as never,
        items: structuredClone(d.items).map((i) => ({ ...i, id: i._id })) as never,
      });
      expect(actor.items.size, d.name).toBe(d.items.length);
      const derived = (actor.system as unknown as { derived: { warnings: unknown[] } | null })
        .derived;
      expect(derived, d.name).not.toBeNull();
      // A fighter is complete (a plan template has no skills: the sheet says which are missing).
      if (fighters.includes(d)) expect(derived!.warnings, d.name).toEqual([]);
    }
  });
});

describe("the CLI reads a pack actor as Foundry does", () => {
  beforeEach(() => {
    resetStandIns();
    registerDataModels();
  });

  it.each(fighters.map((f) => [f.name, f] as const))(
    "%s: the snapshot from its source (CLI) equals the snapshot of the actor imported (Foundry adapter)",
    (_name, f) => {
      const actor = makeActor({
        name: f.name,
        type: f.type,
        system: structuredClone(f.system) as never,
        items: structuredClone(f.items).map((i) => ({ ...i, id: i._id })) as never,
      });
      const live = fighterSnapshot(actor as unknown as ActorLike);
      const fromSource = fighterFromSource(structuredClone(f));
      expect(live.items.map((i) => i.id)).toEqual(f.items.map((i) => i._id));
      expect(live.derived).not.toBeNull();
      // The actor's uuid is the document's identity in Foundry (the fight's stable id); a
      // source read by the CLI has none. Everything else is the same.
      expect(live.uuid).toBe(actor.uuid);
      const rest: Partial<typeof live> = { ...live };
      delete rest.uuid;
      expect(fromSource).toEqual(rest);
    },
  );
});

describe("the sample fighters fight each other (CLI `fight`)", () => {
  const snapshots = fighters.map((f) => fighterFromSource(f));
  const pairs = snapshots.flatMap((a, i) =>
    snapshots.filter((_, j) => j !== i).map((b) => [a.name, b.name, a, b] as const),
  );

  it.each(pairs)("%s attacks %s: the exchange resolves, the same for the same seed", (_a, _b, a, b) => {
    const out = fightExchange(a, b, 7);
    expect(out.attacker).toBe(a.name);
    expect(out.defender).toBe(b.name);
    expect(out.attack.item).not.toBeNull();
    expect(["block", "counterstrike", "dodge", "ignore"]).toContain(out.defence.option);
    const result = out.result as { ruleset: string; result: string; rolls: unknown[] };
    expect(result.ruleset).toBe("hm3");
    expect(typeof result.result).toBe("string");
    expect(fightExchange(a, b, 7)).toEqual(out);
  });

  it("the command prints the exchange as JSON and refuses a malformed actor file by name", () => {
    const dir = join(SOURCE_DIR, ACTOR_PACKS.fighters);
    const [a, b] = ["sir-aldric-knight.json", "brigand.json"].map((f) => join(dir, f));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
        encoding: "utf8",
      });
    const ok = run("fight", a!, b!, "--seed", "3");
    expect(ok.status).toBe(0);
    const printed = JSON.parse(ok.stdout) as { seed: number; attacker: string; result: Obj };
    expect(printed).toMatchObject({ seed: 3, attacker: "Sir Aldric, knight", defender: "Brigand" });
    expect(printed).toEqual(
      JSON.parse(
        JSON.stringify(
          fightExchange(
            fighterFromSource(JSON.parse(readFileSync(a!, "utf8"))),
            fighterFromSource(JSON.parse(readFileSync(b!, "utf8"))),
            3,
          ),
        ),
      ),
    );
    const bad = run("fight", a!, "package.json");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/package\.json: type: expected character or creature/);
    expect(run("fight", a!).status).toBe(2);
  });

});
