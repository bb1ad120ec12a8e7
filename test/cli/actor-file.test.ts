/**
 * `fight`/`duel` read actor files with the data model's own rules first (issue 15): a value its
 * field refuses, or a field its type does not have, exits 2 with one line naming the file, the
 * item and the field (before, armour quality 100 gave +100 armour silently); an error inside
 * the derivation is an input error, never a stack trace.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { actorMadeFor, actorOwnRulesets, checkActorFile } from "../../src/cli/actor-file";
import { runDuelCommand } from "../../src/cli/duel";
import { loadHmzdActor } from "../../src/cli/hmzd-duel";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { foundryRuleset } from "../../src/foundry/rulesets";
import { deriveHmzdCharacter } from "../../src/rules/hmzd/character";
import { HMZD_SAMPLES } from "../../src/rules/hmzd/samples";
import { runHmzdDuels } from "../../src/sim/hmzd-duel";
import { hmzdDuelFighter } from "../../src/sim/hmzd-duel-fighter";
import { InputError } from "../../src/core/errors";

const DIR = "packs/_source/hm3-sample-fighters";
const A = join(DIR, "sir-aldric-knight.json");
const B = join(DIR, "brigand.json");
type Doc = {
  system: { hm3: { attributes: Record<string, unknown> } } & Record<string, unknown>;
  items: { type: string; name: string; system: { hm3: Record<string, unknown> } }[];
};
const load = (f: string) => JSON.parse(readFileSync(f, "utf8")) as Doc;
const run = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    encoding: "utf8",
  });
const write = (name: string, doc: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), "bbb-actor-")), name);
  writeFileSync(file, JSON.stringify(doc));
  return file;
};

/** The knight with his first armour piece at quality 100 (the rules: -10 to 10). */
function knightQuality100(): { doc: Doc; armour: number } {
  const doc = load(A);
  const armour = doc.items.findIndex((i) => i.type === "armour");
  doc.items[armour]!.system.hm3.quality = 100;
  return { doc, armour };
}

describe("actor files are checked with the data model's rules", () => {
  it("fight: armour quality 100 exits 2 with one line naming the file, the item and the field", () => {
    const { doc, armour } = knightQuality100();
    const file = write("q100.json", doc);
    const out = run("fight", file, B);
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toBe(
      `error: ${file} (items[${armour}] ${JSON.stringify(doc.items[armour]!.name)}): system.hm3.quality: 100 is outside the range -10 to 10.\n`,
    );
  });

  it("duel: an ML over 200 and an attribute that is not a number: the first named, the rest counted", () => {
    const doc = load(B);
    const skill = doc.items.findIndex((i) => i.type === "skill");
    doc.items[skill]!.system.hm3.ml = 250;
    doc.system.hm3.attributes.str = "strong";
    const file = write("bad.json", doc);
    const out = run("duel", A, file, "--n", "2");
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toBe(
      `error: ${file}: system.hm3.attributes.str: "strong" is not a number. (and 1 more)\n`,
    );
    expect(out.stderr.split("\n")).toHaveLength(2);
  });

  it("the data model's extremes fight: ML 200 with weapon attack +100 (AML 300, R42)", () => {
    // Before issue 15: "error: base: must be between 0 and 200, got 300", exit 2.
    const doc = load(A);
    const weapon = doc.items.find((i) => i.type === "weapon")!;
    const skill = doc.items.find(
      (i) =>
        i.type === "skill" &&
        i.name.toLowerCase() === String(weapon.system.hm3.skill).toLowerCase(),
    )!;
    weapon.system.hm3.attack = 100;
    skill.system.hm3.ml = 200;
    const out = run("fight", write("top.json", doc), B, "--seed", "3");
    expect([out.status, out.stderr]).toEqual([0, ""]);
    expect(JSON.parse(out.stdout)).toMatchObject({ attacker: "Sir Aldric, knight" });
  });

  it("a field the type does not have is named (a typo is not ignored)", () => {
    const doc = load(A);
    (doc.items[0]!.system.hm3 as Record<string, unknown>).qualty = 3;
    expect(() => checkActorFile(doc, "typo.json")).toThrow(
      /^typo\.json \(items\[0\] .*\): system\.hm3\.qualty: not a field of Item\.\w+ \(got 3\)$/,
    );
  });

  it("every sample fighter passes; a missing field (its default) and text that reads as the value are accepted", () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) expect(() => checkActorFile(load(join(DIR, f)), f)).not.toThrow();
    const doc = load(A);
    delete doc.system.description;
    doc.system.hm3.attributes.str = "14";
    expect(() => checkActorFile(doc, "lenient.json")).not.toThrow();
    // Not an actor's shape at all: left to fighterFromSource, which names what is missing.
    expect(() => checkActorFile({ type: "vehicle" }, "x.json")).not.toThrow();
  });

  it("an error inside the derivation is an input error naming the actor's data, not a stack trace", async () => {
    vi.resetModules();
    vi.doMock("../../src/foundry/data/actor/derive", () => ({
      deriveActor: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'x')");
      },
    }));
    const { fighterFromSource } = await import("../../src/foundry/combat/source-fighter");
    const { InputError: FreshInputError } = await import("../../src/core/errors");
    let caught: unknown;
    try {
      fighterFromSource(load(A));
    } catch (e) {
      caught = e;
    }
    vi.doUnmock("../../src/foundry/data/actor/derive");
    vi.resetModules();
    expect(caught).toBeInstanceOf(FreshInputError);
    expect((caught as InputError).field).toBe("system");
    expect((caught as Error).message).toBe(
      "system: the actor's figures cannot be derived (Cannot read properties of undefined (reading 'x'))",
    );
  });
});

/**
 * The check and the derivation read one source (issue 15): before, `"str": "12"` passed the
 * check (read as Foundry's cleaning reads it) and then the derivation refused it (exit 2).
 */
describe("text numbers: what the check accepts the derivation reads", () => {
  /** The knight with his numbers written as text where Foundry's NumberField casts them. */
  function knightAsText(): Doc {
    const doc = load(A);
    for (const [k, v] of Object.entries(doc.system.hm3.attributes))
      doc.system.hm3.attributes[k] = ` ${String(v)} `;
    for (const item of doc.items)
      for (const k of ["ml", "wq", "attack", "defence", "quality"])
        if (typeof item.system.hm3[k] === "number") item.system.hm3[k] = String(item.system.hm3[k]);
    return doc;
  }

  it("fight: the same exchange as with numbers", () => {
    const text = run("fight", write("text.json", knightAsText()), B, "--seed", "5");
    const numbers = run("fight", A, B, "--seed", "5");
    expect([text.status, text.stderr]).toEqual([0, ""]);
    expect(text.stdout).toBe(numbers.stdout);
    expect(JSON.parse(text.stdout)).toMatchObject({ attacker: "Sir Aldric, knight" });
  });

  it("duel: the same duels as with numbers, a creature's text numbers too", () => {
    const dog = load(join(DIR, "war-dog.json"));
    for (const [k, v] of Object.entries(dog.system.hm3.attributes))
      dog.system.hm3.attributes[k] = String(v);
    const dogFile = write("dog.json", dog);
    const text = run("duel", write("text.json", knightAsText()), dogFile, "--n", "20", "--json");
    const numbers = run("duel", A, join(DIR, "war-dog.json"), "--n", "20", "--json");
    expect([text.status, text.stderr]).toEqual([0, ""]);
    expect(text.stdout).toBe(numbers.stdout);
  });

  it("a missing field takes its default for the derivation too (it refused it before)", () => {
    const doc = load(A);
    delete doc.system.hm3.attributes.str;
    const out = run("fight", write("missing.json", doc), B);
    expect([out.status, out.stderr]).toEqual([0, ""]);
  });

  it("text the data model refuses: one line naming the file, the item and the field", () => {
    const doc = load(A);
    const skill = doc.items.findIndex((i) => i.type === "skill");
    doc.items[skill]!.system.hm3.ml = "55.5"; // a whole-number field: Foundry would round it
    const file = write("half.json", doc);
    const out = run("duel", file, B, "--n", "2");
    expect(out.status).toBe(2);
    expect(out.stderr).toBe(
      `error: ${file} (items[${skill}] ${JSON.stringify(doc.items[skill]!.name)}): system.hm3.ml: "55.5" is not a whole number.\n`,
    );
    const list = load(A);
    const armour = list.items.findIndex((i) => i.type === "armour");
    list.items[armour]!.system.hm3.locations = "thorax,abdomen"; // one location to ArrayField
    const listFile = write("list.json", list);
    const listed = run("fight", listFile, B);
    expect(listed.status).toBe(2);
    expect(listed.stderr).toMatch(
      new RegExp(
        `^error: ${listFile} \\(items\\[${armour}\\] .*\\): system\\.hm3\\.locations: .*\n$`,
      ),
    );
  });

  it("character (m2m input, not a Foundry document): text numbers are refused by its contract, one line", () => {
    const doc = JSON.parse(readFileSync("examples/m2m/friedrick.json", "utf8")) as {
      attributes: Record<string, unknown>;
    };
    doc.attributes.st = "12";
    const out = run("character", write("char.json", doc));
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toBe('error: attributes.st: expected a whole number, got "12"\n');
  });
});

/**
 * hmzd actor documents (issue 18): `duel` and `character` take an actor made for hmzd (an HM3
 * actor whose weapons carry zone-die blocks, packs/_source/hmzd-sample-fighters) as the Foundry
 * adapter derives it (src/sim/hmzd-actor-fighter.ts, ruling Z43).
 */
describe("hmzd actor documents", () => {
  const ZD = "packs/_source/hmzd-sample-fighters";
  const KNIGHT = join(ZD, "sir-aldric-knight.json");
  const BRIGAND = join(ZD, "brigand.json");
  type ZdDoc = Doc & {
    system: { hmzd: Record<string, unknown> };
    items: { type: string; name: string; system: Record<string, unknown> & { hm3: Obj } }[];
  };
  type Obj = Record<string, unknown>;
  const loadZd = (f: string) => JSON.parse(readFileSync(f, "utf8")) as ZdDoc;

  it("the packs' fighters are made for hm3 and hmzd; the HM3 and m2m packs' are not made for hmzd", () => {
    expect(actorMadeFor(loadZd(KNIGHT))).toEqual(["hm3", "hmzd"]);
    expect(actorOwnRulesets(loadZd(KNIGHT))).toEqual(["hm3", "hmzd"]);
    // Every block at its default: made for each ruleset, its own for none.
    const defaults = (
      JSON.parse(readFileSync("template.json", "utf8")) as {
        Actor: { character: { hm3: unknown; hmzd: unknown } };
      }
    ).Actor.character;
    const blank = {
      type: "character",
      system: { hm3: defaults.hm3, hmzd: defaults.hmzd },
      items: [],
    };
    expect([actorMadeFor(blank), actorOwnRulesets(blank)]).toEqual([["hm3", "hmzd"], []]);
    expect(actorMadeFor(load(A))).toEqual(["hm3"]);
    expect(actorMadeFor(load("packs/_source/m2m-sample-fighters/john-falcon.json"))).toEqual([
      "m2m",
    ]);
  });

  it("duel: two hmzd sample fighters play hmzd duels (bands M1 … G5), the same as in process", () => {
    const out = run("duel", KNIGHT, BRIGAND, "--n", "40", "--seed", "3");
    expect([out.status, out.stderr]).toEqual([0, ""]);
    const lines = out.stdout.split("\n");
    expect(lines[0]).toBe("40 duels: Sir Aldric, knight vs Brigand");
    expect(out.stdout).toContain("Injuries taken by Brigand, by location (M1, S2, S3, G4, G5):");
    const json = run("duel", KNIGHT, BRIGAND, "--n", "40", "--seed", "3", "--json");
    expect(json.status).toBe(0);
    const stats = JSON.parse(json.stdout) as {
      n: number;
      wins: { a: number; b: number; none: number };
      injuries: {
        a: Record<string, Record<string, number>>;
        b: Record<string, Record<string, number>>;
      };
    };
    const expected = runHmzdDuels(
      loadHmzdActor(loadZd(KNIGHT), KNIGHT),
      loadHmzdActor(loadZd(BRIGAND), BRIGAND),
      40,
      3,
    );
    expect(stats).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(stats.wins.a + stats.wins.b + stats.wins.none).toBe(40);
    // The zone-die plan's own location (pelvis, 001:36-51) and the injury bands of §4.
    const bands = new Set(Object.values(stats.injuries.b).flatMap((c) => Object.keys(c)));
    expect([...bands].every((b) => /^[MSG][1-5]$/.test(b))).toBe(true);
    // --ruleset hm3 plays the same two actors' HM3 blocks instead, and so does an hmzd actor
    // against an HM3 one (both are made for hm3).
    const hm3 = run("duel", KNIGHT, BRIGAND, "--n", "5", "--ruleset", "hm3");
    const mixed = run("duel", KNIGHT, B, "--n", "5");
    for (const out of [hm3, mixed]) {
      expect([out.status, out.stderr]).toEqual([0, ""]);
      expect(out.stdout).toMatch(/^5 duels: Sir Aldric, knight vs Brigand\n/);
      expect(out.stdout).not.toContain("M1, S2");
    }
  });

  it("duel: an hmzd fighter file against an hmzd actor document", () => {
    const out = run("duel", "examples/hmzd/knight.json", BRIGAND, "--n", "5", "--json");
    expect(out.status).toBe(0);
    expect((JSON.parse(out.stdout) as { n: number }).n).toBe(5);
  });

  it("duel: a malformed hmzd block exits 2 with one line naming the file, the item, the field and the value", () => {
    const doc = loadZd(BRIGAND);
    const axe = doc.items.findIndex((i) => i.name === "Handaxe");
    (doc.items[axe]!.system.hmzd as { modes: Obj[] }).modes[0]!.die = 7;
    const file = write("die7.json", doc);
    const out = run("duel", KNIGHT, file, "--n", "2");
    expect([out.status, out.stdout]).toEqual([2, ""]);
    expect(out.stderr).toBe(
      `error: ${file} (items[${axe}] "Handaxe"): system.hmzd.modes.0.die: d7 is not an impact die: d4, d6, d8, d10, d12, d20.\n`,
    );
    const state = loadZd(BRIGAND);
    state.system.hmzd.state = "dazed";
    const stateFile = write("dazed.json", state);
    const bad = run("duel", stateFile, KNIGHT, "--n", "2");
    expect([bad.status, bad.stderr]).toEqual([
      2,
      `error: ${stateFile}: system.hmzd.state: "dazed" is not one of none, STN, INC, UNC, KIA.\n`,
    ]);
    const dead = loadZd(BRIGAND);
    dead.system.hmzd.state = "KIA";
    expect(() => loadHmzdActor(dead, "dead.json")).toThrow(
      'dead.json: system.hmzd.state: a dead fighter cannot duel, got "KIA"',
    );
    // Weapons without zone-die modes (an HM3 actor's defaults): nothing to attack with.
    expect(() => runDuelCommand([A, BRIGAND, "--ruleset", "hmzd"], load, null)).toThrow(
      `${A}: items: no equipped weapon with zone-die modes (system.hmzd.modes) to attack with`,
    );
  });

  it("the sample fighter packs give the fighters of src/rules/hmzd/samples.ts, EMLs included (Z41, Z43)", () => {
    let compared = 0;
    for (const sample of HMZD_SAMPLES) {
      const file = join(ZD, `${sample.id}.json`);
      if (!readdirSync(ZD).includes(`${sample.id}.json`)) continue;
      compared++;
      const doc = loadZd(file);
      const fromPack = loadHmzdActor(doc, file);
      const fromSample = hmzdDuelFighter(sample.name, deriveHmzdCharacter(sample.character));
      const a = fromPack.fighter;
      expect(a.name).toBe(sample.name);
      expect(fromPack.state).toBe(sample.character.state ?? "none");
      // Body: STR, Shock EML (Z7), Endurance, DEX, AGL, armour (Z13, Z25) and plan (Z14).
      expect(a.combatant, sample.id).toEqual(fromSample.combatant);
      // Weapons: the same zone dice, modes, hands, shields and missiles, and the same attack and
      // block EMLs (Z41); the adapter leaves out a character's weapon in no hand (the
      // longbowman's sheathed knife).
      const usable = fromSample.weapons.filter(
        (w) => w.hands !== "body" || sample.character.bodyPlan === "dog",
      );
      const shape = (w: (typeof a.weapons)[number]) => ({ ...w, id: "" });
      expect(a.weapons.map(shape), sample.id).toEqual(usable.map(shape));
      // Dodge and Initiative: HM3's, less PP ×5, on both sides (Z41, Z43).
      expect([a.dodge, a.initiative], sample.id).toEqual([fromSample.dodge, fromSample.initiative]);
      // The pack actor carries a load: the EMLs really are less PP ×5 on both sides.
      const character = fighterFromSource(doc, [], foundryRuleset("hmzd")).derived as {
        pp: number;
      };
      expect(deriveHmzdCharacter(sample.character).pp, sample.id).toBe(character.pp);
      const dodgeMl = sample.character.skills.find((s) => s.name === "Dodge")!.ml;
      expect(a.dodge, sample.id).toBe(Math.min(95, Math.max(5, dodgeMl - 5 * character.pp)));
    }
    expect(compared).toBeGreaterThanOrEqual(4);
  });

  it("character: an hmzd actor prints the adapter's figures with the Shock EML and state", () => {
    const out = run("character", join(ZD, "war-dog.json"));
    expect(out.status).toBe(0);
    const c = JSON.parse(out.stdout) as {
      ruleset: string;
      name: string;
      endurance: number;
      hmzd: { shock: number; shockSkill: boolean; state: string };
    };
    expect([c.ruleset, c.name]).toEqual(["hmzd", "War dog"]);
    // Z7: no Shock skill: 5 × Endurance.
    expect(c.hmzd).toEqual({ shock: 5 * c.endurance, shockSkill: false, state: "none" });
    const hm3 = run("character", A);
    expect(hm3.status).toBe(2);
    expect(hm3.stderr).toMatch(/system\.m2m: an hm3 actor: character derives/);
  });
});
