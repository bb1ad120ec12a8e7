/**
 * `cli fight A B` and `cli character` with GURPS Man to Man actor documents (issue 16): the
 * sample fighters of `packs/_source/m2m-sample-fighters`. `fight` plays one m2m exchange, the
 * attacker's first ready weapon's first mode unless `--weapon`/`--mode` choose, the defender's
 * best defence; seeded and replayable (`resolve` on the printed input gives the same result).
 * `character` prints the figures of the registered derivation. Bad files and flags exit 2 with
 * one line naming the file, item and field, or the option. "Lnnn" is a line of seed 004.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main";
import { resolveInput } from "../../src/rules/resolve";

const DIR = "packs/_source/m2m-sample-fighters";
const FRIEDRICK = `${DIR}/fiendish-friedrick.json`;
const PIERRE = `${DIR}/filthy-pierre.json`;
const LOUIS = `${DIR}/louis-leblanc.json`;
const ROGAN = `${DIR}/rogan-the-reaver.json`;
const VILLEM = `${DIR}/villem-the-vile.json`;
const KNIGHT = "packs/_source/hm3-sample-fighters/sir-aldric-knight.json";

type Obj = Record<string, unknown>;
const tmp = mkdtempSync(join(tmpdir(), "bbb-m2m-cli-"));

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((c: unknown) => {
    stdout += String(c);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((c: unknown) => {
    stderr += String(c);
    return true;
  });
  const code = main(argv);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}
afterEach(() => vi.restoreAllMocks());

/** A copy of a pack file, edited, written to a temp file. */
function edited(file: string, edit: (doc: Obj & { items: Obj[] }) => void, name = "x.json") {
  const doc = JSON.parse(readFileSync(file, "utf8")) as Obj & { items: Obj[] };
  edit(doc);
  const out = join(tmp, name);
  writeFileSync(out, JSON.stringify(doc));
  return out;
}

interface Outcome {
  seed: number;
  ruleset: string;
  attacker: string;
  defender: string;
  attack: {
    item: string;
    mode: string;
    skill: string;
    damage: string;
    type: string;
    target: number;
    modifiers: { key: string; value: number }[];
    location: string;
    range: {
      yards: number;
      aim: number;
      pointBlank: number;
      increment: number;
      halfDamageAt: number | null;
      max: number;
      halfDamage: boolean;
    } | null;
  };
  defence: {
    option: string;
    item: string | null;
    score: number;
    pd: number;
    pdLocation: string;
    target: number;
  };
  input: Obj;
  result: {
    attack: { roll: number; target: number; skill: number; locationPenalty: number };
    rolls: unknown[];
    seed: number;
    defender: Obj;
    hit: boolean;
    location: string | null;
    headMissByOne: boolean;
  };
}
const fight = (...args: string[]): Outcome => {
  const r = run("fight", ...args);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Outcome;
};

describe("cli fight with m2m actors", () => {
  it("Friedrick attacks Pierre: his axe's swing (cut 1+4 at 12 with the large shield, L4224); Pierre parries 6 + PD 3 = 9 (L1756)", () => {
    const out = fight(FRIEDRICK, PIERRE, "--seed", "3");
    expect(out).toMatchObject({
      seed: 3,
      ruleset: "m2m",
      attacker: "Fiendish Friedrick",
      defender: "Filthy Pierre",
      attack: {
        item: "Axe",
        mode: "axe:swing-cut",
        skill: "axe-mace",
        damage: "1+4",
        type: "cut",
        target: 12,
      },
      defence: { option: "parry", item: "Shortsword", score: 6, pd: 3, target: 9 },
    });
    expect(out.input).toMatchObject({
      ruleset: "m2m",
      attack: { skill: 12, damage: "1+4", type: "cut", target: "random" },
      defence: { type: "parry", score: 6, pd: 3 },
      // Pierre: HT 10, cloth armour DR 1 (L4601) everywhere but the face.
      defender: { ht: 10, hp: 10, toughness: 0, shield: true, crippled: [] },
      seed: 3,
    });
    expect((out.input.defender as { dr: Obj }).dr).toMatchObject({
      torso: 1,
      head: 1,
      "left-foot": 1,
    });
    expect((out.input.defender as { dr: Obj }).dr).not.toHaveProperty("face");
    // The engine adds a random swing's location penalty (ruling M2) to the skill declared.
    const attack = out.result.attack;
    expect(attack.skill).toBe(12);
    expect(attack.target).toBe(12 + attack.locationPenalty);
  });

  it("is seeded and replayable: the same seed gives the same exchange; resolve on its input gives its result", () => {
    const a = fight(FRIEDRICK, PIERRE, "--seed", "11");
    expect(fight(FRIEDRICK, PIERRE, "--seed", "11")).toEqual(a);
    expect(JSON.parse(JSON.stringify(resolveInput(a.input).result))).toEqual(a.result);
    const file = join(tmp, "replay.json");
    writeFileSync(file, JSON.stringify(a.input));
    const replay = run("resolve", file);
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout)).toEqual(a.result);
    // Different seeds roll different dice.
    const rolls = new Set(
      [1, 2, 3, 4, 5, 6].map((s) =>
        JSON.stringify(fight(FRIEDRICK, PIERRE, "--seed", String(s)).result.rolls),
      ),
    );
    expect(rolls.size).toBeGreaterThan(1);
    // Without --seed: seed 1, as the hm3 fight.
    expect(fight(FRIEDRICK, PIERRE)).toEqual(fight(FRIEDRICK, PIERRE, "--seed", "1"));
  });

  it("Louis attacks Pierre: Shortsword 15 (L1748), against Pierre's best defence 9 (L1750-1756)", () => {
    const out = fight(LOUIS, PIERRE, "--seed", "5");
    expect(out.attack).toMatchObject({ item: "Shortsword", target: 15 });
    expect(out.defence).toMatchObject({ option: "parry", target: 9 });
  });

  it("a fine knife's +1 stays inside its MD 1+2 (L976, ruling M94); DR comes from the struck location's armour (pieces, L2619-2627)", () => {
    const strong = edited(
      FRIEDRICK,
      (doc) => {
        const m2m = (doc.system as { m2m: { attributes: { st: number } } }).m2m;
        m2m.attributes.st = 20;
        for (const item of doc.items) {
          const sys = item.system as { equipped: boolean; m2m: { quality?: string } };
          if (item.name === "Large knife") {
            sys.equipped = true;
            sys.m2m.quality = "fine";
          }
        }
      },
      "strong.json",
    );
    // ST 20 thrust 2-1 with a large knife (thr+0, MD 1+2): capped at 1+2 with the fine +1 inside.
    const knife = fight(strong, PIERRE, "--weapon", "Large knife", "--mode", "2");
    expect(knife.attack).toMatchObject({ item: "Large knife", damage: "1+2", type: "imp" });
    const helmed = edited(
      PIERRE,
      (doc) => {
        doc.items = doc.items.filter((i) => i.type !== "armour");
        const helm = JSON.parse(
          readFileSync("packs/_source/m2m-armour-pieces/pot-helm.json", "utf8"),
        ) as Obj;
        doc.items.push({
          ...helm,
          _id: "potHelmPierre001",
          _key: "!actors.items!x.potHelmPierre001",
          system: { ...(helm.system as Obj), equipped: true },
        });
      },
      "helmed.json",
    );
    const dr = (fight(FRIEDRICK, helmed).input.defender as { dr: Record<string, number> }).dr;
    // Pot-helm DR 4 on the head (L4806) only; no armour elsewhere.
    expect(dr.head).toBe(4);
    expect(dr.torso).toBe(0);
    expect(dr["left-leg"]).toBe(0);
  });

  it("--weapon and --mode choose the attack: Rogan's bastard sword thrust, Friedrick's knife", () => {
    const thrust = fight(ROGAN, PIERRE, "--mode", "2");
    expect(thrust.attack).toMatchObject({
      mode: "thrusting-bastard-sword-1h:thrust-imp",
      type: "imp",
    });
    expect(fight(ROGAN, PIERRE, "--mode", "thrusting-bastard-sword-1h:thrust-imp").attack).toEqual(
      thrust.attack,
    );
    // Impaling meets chainmail's PD and DR against impaling (L1136-1138): Rogan against Rogan.
    const vsMail = fight(ROGAN, ROGAN, "--mode", "2");
    expect(vsMail.defence.pd).toBe(3);
    expect((vsMail.input.defender as { dr: Obj; toughness: number }).toughness).toBe(2);
    expect((vsMail.input.defender as { dr: Obj }).dr.torso).toBe(2);
    // The halberd is two-handed: Villem's first mode is its swing.
    expect(fight(VILLEM, PIERRE).attack).toMatchObject({
      item: "Halberd",
      mode: "halberd:swing-cut",
    });
    const byId = JSON.parse(readFileSync(ROGAN, "utf8")) as {
      items: { _id: string; name: string }[];
    };
    const sword = byId.items.find((i) => i.name === "Thrusting bastard sword")!;
    expect(fight(ROGAN, PIERRE, "--weapon", sword._id).attack.item).toBe(sword.name);
    expect(fight(ROGAN, PIERRE, "--weapon", "thrusting BASTARD sword").attack.item).toBe(
      sword.name,
    );
  });

  /** Villem with his crossbow equipped (the pack carries it unequipped), or another pack item. */
  const villemWith = (name: string, extra?: string): string =>
    edited(
      VILLEM,
      (doc) => {
        for (const item of doc.items)
          if (item.name === "Crossbow") (item.system as Obj).equipped = true;
        if (extra) {
          const it = JSON.parse(readFileSync(extra, "utf8")) as Obj;
          doc.items.push({
            ...it,
            _id: "extraItemVillem1",
            _key: "!actors.items!x.extraItemVillem1",
            system: { ...(it.system as Obj), equipped: true },
          });
        }
      },
      name,
    );
  /**
   * Pierre with a pot-helm (PD 3, DR 4 on the head, L4806), and `more` pieces of the
   * m2m-armour-pieces pack, instead of his cloth armour.
   */
  const helmedPierre = (...more: string[]): string =>
    edited(
      PIERRE,
      (doc) => {
        doc.items = doc.items.filter((i) => i.type !== "armour");
        ["pot-helm", ...more].forEach((piece, n) => {
          const it = JSON.parse(
            readFileSync(`packs/_source/m2m-armour-pieces/${piece}.json`, "utf8"),
          ) as Obj;
          doc.items.push({
            ...it,
            _id: `armourPierre00${n}`,
            _key: `!actors.items!x.armourPierre00${n}`,
            system: { ...(it.system as Obj), equipped: true },
          });
        });
      },
      `pierre-${more.join("-")}.json`,
    );

  it("Villem shoots his crossbow at Pierre (L4386: thrust+4, P-B 5, Inc ST+5, ½D ST×20, Max ST×25; Crossbow-16, L4987)", () => {
    const villem = villemWith("villem-xbow.json");
    const out = fight(villem, PIERRE, "--weapon", "Crossbow", "--range", "20", "--aim", "1");
    // ST 13: thrust 1d + 4; increment 18 yd; 20 yd is one increment, −1 (L2909); one turn of
    // aim gives the normal skill (L1642).
    expect(out.attack).toMatchObject({
      item: "Crossbow",
      mode: "ranged",
      skill: "crossbow",
      damage: "1+4",
      type: "imp",
      target: 15,
      location: "random",
      range: {
        yards: 20,
        aim: 1,
        pointBlank: 5,
        increment: 18,
        halfDamageAt: 260,
        max: 325,
        halfDamage: false,
      },
    });
    expect(out.attack.modifiers.map((m) => [m.key, m.value])).toEqual([["range", -1]]);
    // A missile cannot be parried (L1910): Pierre dodges 4 (Block 4 ties, Dodge first), PD 3
    // (small shield 2 + cloth 1) of the torso: a random ranged hit rolls its location after
    // the hit (L2432, A9).
    expect(out.defence).toMatchObject({ option: "dodge", score: 4, pd: 3, pdLocation: "torso" });
    expect(out.input.attack).toEqual({
      skill: 15,
      damage: "1+4",
      type: "imp",
      target: "random",
      ranged: true,
      breakResistant: false,
    });
    // Point blank (≤ 5 yd): +4 and +1 damage for a missile weapon; no aim is a snap shot −4
    // (L2907, L1642).
    const close = fight(villem, PIERRE, "--weapon", "crossbow", "--range", "5");
    expect(close.attack).toMatchObject({ damage: "1+5", target: 16 });
    expect(close.attack.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["snapShot", -4],
      ["pointBlank", 4],
    ]);
    // Four turns of aim: +3 (L2889); at the half-damage range, half damage (A12, L2911);
    // 260 yd is 14 increments, −14.
    const far = fight(villem, PIERRE, "--weapon", "Crossbow", "--range", "260", "--aim", "4");
    expect(far.attack.target).toBe(16 + 3 - 14);
    expect(far.attack.range?.halfDamage).toBe(true);
    expect(far.input.attack).toMatchObject({ halfDamage: true, ranged: true });
    // The same seed replays; resolve on the printed input gives the same result.
    for (const o of [out, close, far]) {
      expect(JSON.parse(JSON.stringify(resolveInput(o.input).result))).toEqual(o.result);
      const file = join(tmp, "ranged-replay.json");
      writeFileSync(file, JSON.stringify(o.input));
      const replay = run("resolve", file);
      expect(replay.code).toBe(0);
      expect(JSON.parse(replay.stdout)).toEqual(o.result);
    }
  });

  it("a random ranged hit uses the torso's PD wherever it lands (A9, ruling M95); an aimed shot the location's", () => {
    const villem = villemWith("villem-xbow2.json");
    const helmed = helmedPierre();
    const landed = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const o = fight(
        villem,
        helmed,
        "--weapon",
        "Crossbow",
        "--range",
        "10",
        "--aim",
        "2",
        "--seed",
        String(seed),
      );
      // Pierre: small shield PD 2 everywhere from the front; the pot-helm's 3 on the head only.
      expect(o.defence).toMatchObject({ pd: 2, pdLocation: "torso" });
      expect((o.input.defence as Obj).pd).toBe(2);
      if (o.result.hit && o.result.location) landed.add(o.result.location);
    }
    // Hits landed on other locations than the torso (the head among them is the point).
    expect(landed.size).toBeGreaterThan(1);
    // Aimed at the head: −5 (L2471), the head's PD 3 + 2 (L2404). Seed 2 does not miss by
    // one; seed 1 misses by one and strikes the body (L2442): the torso's PD.
    const shoot = (seed: string) =>
      fight(
        villem,
        helmed,
        "--weapon",
        "Crossbow",
        "--range",
        "10",
        "--aim",
        "2",
        "--location",
        "head",
        "--seed",
        seed,
      );
    const aimed = shoot("2");
    expect(aimed.attack.location).toBe("head");
    expect(aimed.attack.target).toBe(16 + 1 - 0 - 5);
    expect(aimed.attack.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["aim", 1],
      ["attack.hit-location", -5],
    ]);
    expect(aimed.input.attack).toMatchObject({ target: "head", skill: 12 });
    expect(aimed.result.headMissByOne).toBe(false);
    expect(aimed.defence).toMatchObject({ pd: 5, pdLocation: "head" });
    const byOne = shoot("1");
    expect(byOne.result.headMissByOne).toBe(true);
    expect(byOne.defence).toMatchObject({ pd: 2, pdLocation: "torso" });
    expect(JSON.parse(JSON.stringify(resolveInput(byOne.input).result))).toEqual(byOne.result);
    // An impaling bolt may aim at the face (L2458): no armour PD there, the shield's 2.
    const face = fight(
      villem,
      helmed,
      "--weapon",
      "Crossbow",
      "--range",
      "10",
      "--location",
      "face",
    );
    expect(face.defence).toMatchObject({ pd: 2, pdLocation: "face" });
  });

  it("a random melee swing uses the PD of the location it rolls first (L2432, ruling M2); an aimed blow the aimed location's, the torso's on a head miss by one (L2442)", () => {
    const helmed = helmedPierre();
    // Plate legs (PD 4, L4856) make the legs' PD differ from the torso's.
    const plated = helmedPierre("plate-legs");
    const figures = JSON.parse(run("character", plated).stdout) as {
      character: { locations: Record<string, { pd: { value: number } }> };
    };
    const pdAt = (loc: string) => figures.character.locations[loc]!.pd.value;
    expect([pdAt("torso"), pdAt("head")]).toEqual([2, 5]);
    expect(pdAt("left-leg")).toBe(4 + 2);
    const seen = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const o = fight(FRIEDRICK, plated, "--seed", String(seed));
      // The engine rolls the location before the attack: on a hit it is the result's.
      if (o.result.location) expect(o.defence.pdLocation).toBe(o.result.location);
      expect(o.defence.pd).toBe(pdAt(o.defence.pdLocation));
      expect((o.input.defence as Obj).pd).toBe(o.defence.pd);
      seen.add(o.defence.pd);
      expect(JSON.parse(JSON.stringify(resolveInput(o.input).result))).toEqual(o.result);
    }
    // Some swings fell on the plated legs, some elsewhere.
    expect(seen.size).toBeGreaterThan(1);
    // Aimed at the head: Axe 12 − 5 (L2471); PD 5 (seed 2), or the torso's 2 when the blow
    // misses by one and strikes the body (seed 33, L2442).
    const blow = (seed: string) => fight(FRIEDRICK, helmed, "--location", "head", "--seed", seed);
    const atHead = blow("2");
    expect(atHead.attack.target).toBe(7);
    expect(atHead.input.attack).toMatchObject({ target: "head", skill: 7 });
    expect(atHead.result.headMissByOne).toBe(false);
    expect(atHead.defence).toMatchObject({ pd: 5, pdLocation: "head" });
    const missed = blow("33");
    expect(missed.result.headMissByOne).toBe(true);
    expect(missed.defence).toMatchObject({ pd: 2, pdLocation: "torso" });
    // Rogan's thrust may aim at the vitals (−3, L2517); with a shield, Pierre's left arm is −4
    // to hit (L2438).
    const vitals = fight(ROGAN, helmed, "--mode", "2", "--location", "vitals");
    expect(vitals.attack.modifiers).toContainEqual(
      expect.objectContaining({ key: "attack.hit-location", value: -3 }),
    );
    const arm = fight(FRIEDRICK, helmed, "--location", "left-arm");
    expect(arm.attack.target).toBe(12 - 4);
  });

  it("a thrown dagger from the m2m-ranged-weapons pack (L4395; Knife 2, 1 yd, ST−5, ST, L2918): Pierre may parry it (C9)", () => {
    const villem = villemWith("villem-dagger.json", "packs/_source/m2m-ranged-weapons/dagger.json");
    const near = fight(villem, PIERRE, "--weapon", "Dagger", "--range", "2", "--aim", "1");
    // Thrown Weapon (Knife)-14 (L4988) + 4 point blank, no damage bonus for a thrown weapon.
    expect(near.attack).toMatchObject({ skill: "knife-throwing", damage: "1-1", target: 18 });
    expect(near.attack.range).toMatchObject({ increment: 1, halfDamageAt: 8, max: 13 });
    expect(near.defence).toMatchObject({ option: "parry", item: "Shortsword", score: 6 });
    const half = fight(villem, PIERRE, "--weapon", "Dagger", "--range", "8", "--aim", "1");
    expect(half.attack.target).toBe(14 - 8);
    expect(half.input.attack).toMatchObject({ halfDamage: true });
    const r = run("fight", villem, PIERRE, "--weapon", "Dagger", "--range", "14");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: --range: beyond Dagger's maximum range, 13 yd at ST 13 \(L2913\), got 14/,
    );
  });

  it("refuses bad --range, --aim and --location values in one line naming the option and value, exit 2", () => {
    const villem = villemWith("villem-xbow3.json");
    const cases: [string[], RegExp][] = [
      [["--range", "-1"], /^error: --range: expected a whole number from 0 to 1000, got "-1"/],
      [["--range", "1001"], /^error: --range: expected a whole number from 0 to 1000, got "1001"/],
      [["--range", "ten"], /^error: --range: expected a whole number from 0 to 1000, got "ten"/],
      [
        ["--range", "5", "--aim", "5"],
        /^error: --aim: expected a whole number from 0 to 4, got "5"/,
      ],
      [
        ["--range", "5", "--location", "elbow"],
        /^error: --location: expected one of random, head, face, .*, got "elbow"/,
      ],
      [[], /^error: --range: Crossbow is a ranged weapon: give the range to the target in yards/],
      [["--range", "326"], /^error: --range: beyond Crossbow's maximum range, 325 yd at ST 13/],
      [
        ["--range", "5", "--mode", "1"],
        /^error: --mode: Crossbow is a ranged weapon: it has no modes/,
      ],
    ];
    for (const [flags, message] of cases) {
      const r = run("fight", villem, PIERRE, "--weapon", "Crossbow", ...flags);
      expect(r.code, flags.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trimEnd().split("\n"), flags.join(" ")).toHaveLength(1);
      expect(r.stderr, flags.join(" ")).toMatch(message);
    }
    // A hand weapon takes no range or aim; a cutting blow cannot aim at the face (L2458).
    const hand: [string[], RegExp][] = [
      [["--range", "3"], /^error: --range: for a ranged weapon only: Axe is a hand weapon, got 3/],
      [["--aim", "1"], /^error: --aim: for a ranged weapon only: Axe is a hand weapon, got 1/],
      [
        ["--location", "face"],
        /^error: --location: cut attacks cannot aim there \(Axe, .*got "face"/,
      ],
      [["--location", "vitals"], /^error: --location: cut attacks cannot aim there/],
    ];
    for (const [flags, message] of hand) {
      const r = run("fight", FRIEDRICK, PIERRE, ...flags);
      expect(r.code, flags.join(" ")).toBe(2);
      expect(r.stderr, flags.join(" ")).toMatch(message);
    }
    // The hm3 fight refuses the m2m options.
    for (const flag of [
      ["--range", "3"],
      ["--aim", "1"],
      ["--location", "head"],
    ]) {
      const r = run("fight", KNIGHT, KNIGHT, ...flag);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^error: ${flag[0]}: chooses an m2m attack`));
    }
  });

  it("refuses a bad flag in one line naming the option, exit 2", () => {
    const cases: [string[], RegExp][] = [
      [
        ["--weapon", "Lightsaber"],
        /^error: --weapon: no such item \(ready weapons: Axe\), got "Lightsaber"/,
      ],
      [["--weapon", "Large knife"], /^error: --weapon: not a ready hand weapon/],
      [["--weapon", "Large shield"], /^error: --weapon: not a ready hand weapon/],
      [["--mode", "9"], /^error: --mode: not a mode of Axe \(1 axe:swing-cut\)/],
      [["--mode", ""], /^error: --mode: expected a value/],
      [["--ruleset", "rq3"], /^error: --ruleset: expected one of hm3, m2m, got "rq3"/],
      // The pack actors carry hm3's default block (every ruleset's block is written out): the
      // hm3 fight finds no hm3 weapon.
      [["--ruleset", "hm3"], /^error: .*fiendish-friedrick\.json: items: no weapon to attack with/],
    ];
    for (const [flags, message] of cases) {
      const r = run("fight", FRIEDRICK, PIERRE, ...flags);
      expect(r.code, flags.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trimEnd().split("\n"), flags.join(" ")).toHaveLength(1);
      expect(r.stderr, flags.join(" ")).toMatch(message);
    }
    // Villem's crossbow is carried, not equipped: not ready.
    const unready = run("fight", VILLEM, PIERRE, "--weapon", "Crossbow", "--range", "10");
    expect(unready.code).toBe(2);
    expect(unready.stderr).toMatch(/^error: --weapon: not a ready ranged weapon \(equip it\)/);
    // --weapon and --mode are the m2m fight's: the hm3 fight refuses them.
    const noBlock = edited(FRIEDRICK, (d) => {
      delete (d.system as Obj).hm3;
    });
    const r = run("fight", noBlock, PIERRE, "--ruleset", "hm3");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: .*x\.json: system\.hm3: --ruleset hm3: the actor has no hm3 block \(an m2m actor\)/,
    );
    const hm3 = run("fight", KNIGHT, KNIGHT, "--mode", "1");
    expect(hm3.code).toBe(2);
    expect(hm3.stderr).toMatch(/^error: --mode: chooses an m2m attack/);
  });

  it("an m2m actor against an hm3 actor is refused naming the file", () => {
    const r = run("fight", FRIEDRICK, KNIGHT);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /sir-aldric-knight\.json: system: an hm3 actor, and .*fiendish-friedrick\.json is an m2m actor: both fighters must be made for one ruleset \(or name it with --ruleset\)/,
    );
    // Named, the m2m fight runs: the knight fights with his m2m block's defaults.
    expect(run("fight", FRIEDRICK, KNIGHT, "--ruleset", "m2m").code).toBe(0);
    // character derives m2m figures: an hm3 actor is refused naming its m2m block.
    const c = run("character", KNIGHT);
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(
      /sir-aldric-knight\.json: system\.m2m: an hm3 actor: character derives/,
    );
  });

  it("refuses a bad m2m actor file in one line naming file, item and field, exit 2, never a stack trace", () => {
    const reach = edited(FRIEDRICK, (d) => {
      ((d.items[0]!.system as Obj).m2m as { modes: Obj[] }).modes[0]!.reach = ["4"];
    });
    const r = run("fight", reach, PIERRE);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: .*x\.json \(items\[0\] "Axe"\): system\.m2m\.modes\.0\.reach: /,
    );
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    const st = edited(
      PIERRE,
      (d) => {
        ((d.system as Obj).m2m as { attributes: Obj }).attributes.st = 3;
      },
      "y.json",
    );
    const s = run("fight", FRIEDRICK, st);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/^error: .*y\.json: system\.m2m\.attributes\.st: /);
    const unarmed = edited(
      FRIEDRICK,
      (d) => {
        d.items = d.items.filter((i) => i.name !== "Axe");
        ((d.system as Obj).m2m as { encounter: { readiness: Obj[] } }).encounter.readiness = [];
      },
      "z.json",
    );
    const u = run("fight", unarmed, PIERRE);
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(
      /^error: .*z\.json: items: no ready hand or ranged weapon to attack with/,
    );
  });
});

describe("cli character with an m2m actor document", () => {
  it("Friedrick's pack actor prints the derived figures (L4187-4231: Speed 8.125, Move 5, PD 7, DR 4)", () => {
    const r = run("character", FRIEDRICK);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      ruleset: string;
      name: string;
      character: {
        speed: { value: number };
        move: { value: number };
        pd: { value: number };
        dr: { value: number };
      };
      weapons: { name: string; level: { value: number } }[];
    };
    expect([out.ruleset, out.name]).toEqual(["m2m", "Fiendish Friedrick"]);
    expect([out.character.speed.value, out.character.move.value]).toEqual([8.125, 5]);
    expect([out.character.pd.value, out.character.dr.value]).toEqual([7, 4]);
    expect(out.weapons.map((w) => [w.name, w.level.value])).toEqual([["Axe", 12]]);
  });

  it("the engine's own character input still works; a bad actor file exits 2 naming the field", () => {
    expect(run("character", "examples/m2m/friedrick.json").code).toBe(0);
    const bad = edited(PIERRE, (d) => {
      ((d.system as Obj).m2m as { skills: Obj[] }).skills[0]!.points = -5;
    });
    const r = run("character", bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: .*x\.json: system\.m2m\.skills\.0\.points: /);
  });
});
