/**
 * One rule for the arguments of every CLI command (issue 14 §4; src/cli/args.ts, docs/cli.md
 * "Arguments"): the argument named, the range given, exit status 2; one seed range for every
 * entry point; keys picked from a table by input are the table's own (`constructor`,
 * `__proto__` and `toString` are refused with a clear message, never read from what objects
 * inherit).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileErrorText, outputArg, parseArgs, wholeArg } from "../../src/cli/args";
import { COMMANDS, MAX_DUELS } from "../../src/cli/commands";
import { readSeed, SEED_MAX } from "../../src/core/dice";
import { InputError } from "../../src/core/errors";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { oddsInput } from "../../src/rules/hm3/odds";
import { humanBodyPlan } from "../../src/rules/hm3/body-plan";
import { deriveCharacterInput, resolveInput } from "../../src/rules/resolve";
import { parryKindOf } from "../../src/rules/m2m/defence";
import { firstAidHp, type FirstAidEra } from "../../src/rules/m2m/injury";

const ROOT = join(import.meta.dirname, "../..");
const FIGHTERS = "packs/_source/hm3-sample-fighters";
const A = join(FIGHTERS, "sir-aldric-knight.json");
const B = join(FIGHTERS, "brigand.json");
const EXAMPLE = JSON.parse(readFileSync(join(ROOT, "examples/hm3/exchange.json"), "utf8"));
const FRIEDRICK = JSON.parse(readFileSync(join(ROOT, "examples/m2m/friedrick.json"), "utf8"));
const SEED_RANGE = `expected a whole number from 0 to ${SEED_MAX}`;

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    encoding: "utf8",
    cwd: ROOT,
  });

/** The message of the InputError `fn` throws (fails when it throws anything else). */
function inputError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error("expected an InputError, nothing was thrown");
}

describe("the argument rule (parseArgs)", () => {
  it("names an unknown option, with the command's own options, for every command", () => {
    for (const spec of Object.values(COMMANDS)) {
      const files = Array.from({ length: spec.files }, (_, i) => `f${i}.json`);
      const known = Object.keys(spec.options);
      expect(
        inputError(() => parseArgs(spec, [...files, "--bogus", "3"])),
        spec.command,
      ).toBe(
        known.length
          ? `--bogus: unknown option for ${spec.command} (its options: ${known.join(", ")}), got "--bogus"`
          : `--bogus: unknown option: ${spec.command} takes no options, got "--bogus"`,
      );
      // A single dash is an option too (only "-" alone is a FILE: stdin).
      expect(inputError(() => parseArgs(spec, [...files, "-x"]))).toMatch(/^-x: unknown option/);
    }
  });

  it("says how many FILEs each command takes, and what was given", () => {
    expect(inputError(() => parseArgs(COMMANDS.fight, ["a.json"]))).toBe(
      'fight: expected two actor FILEs A B (A attacks B), got ["a.json"]',
    );
    expect(inputError(() => parseArgs(COMMANDS.duel, []))).toBe(
      "duel: expected two actor FILEs A B, got []",
    );
    // `demo foo` no longer ignores its argument.
    expect(inputError(() => parseArgs(COMMANDS.demo, ["foo"]))).toBe(
      'demo: expected no FILE argument, got ["foo"]',
    );
    for (const command of ["resolve", "odds", "character"] as const) {
      expect(inputError(() => parseArgs(COMMANDS[command], ["a", "b"]))).toBe(
        `${command}: expected one FILE argument (or - for stdin), got ["a","b"]`,
      );
      expect(parseArgs(COMMANDS[command], ["-"])).toEqual({ files: ["-"], options: {} });
    }
  });

  it("reads one seed range for fight, duel and demo: the one resolve's input takes", () => {
    for (const spec of [COMMANDS.fight, COMMANDS.duel, COMMANDS.demo]) {
      const files = Array.from({ length: spec.files }, (_, i) => `f${i}.json`);
      expect(parseArgs(spec, [...files, "--seed", "0"]).options["--seed"]).toBe(0);
      expect(parseArgs(spec, [...files, `--seed=${SEED_MAX}`]).options["--seed"]).toBe(SEED_MAX);
      for (const bad of ["-1", String(SEED_MAX + 1), "1e30", "1.5", "", "0x10", "seven"]) {
        expect(inputError(() => parseArgs(spec, [...files, "--seed", bad]))).toBe(
          `--seed: ${SEED_RANGE}, got ${JSON.stringify(bad)}`,
        );
      }
      expect(inputError(() => parseArgs(spec, [...files, "--seed"]))).toBe(
        `--seed: ${SEED_RANGE}, got nothing`,
      );
      expect(inputError(() => parseArgs(spec, [...files, "--seed", "1", "--seed", "2"]))).toBe(
        '--seed: given twice, got "--seed"',
      );
    }
    // resolve's JSON seed: the same range, the same words.
    for (const bad of [-1, SEED_MAX + 1, 1e30, 1.5, "7"]) {
      expect(inputError(() => resolveInput({ ...EXAMPLE, seed: bad }))).toBe(
        `seed: ${SEED_RANGE}, got ${JSON.stringify(bad)}`,
      );
      expect(inputError(() => readSeed(bad))).toBe(
        `seed: ${SEED_RANGE}, got ${JSON.stringify(bad)}`,
      );
    }
    expect(resolveInput({ ...EXAMPLE, seed: SEED_MAX }).result.seed).toBe(SEED_MAX);
  });

  it("bounds duel's N (1..1,000,000) and reads --json as a flag", () => {
    const spec = COMMANDS.duel;
    expect(MAX_DUELS).toBe(1_000_000);
    expect(parseArgs(spec, ["a", "b", "--n", "1000000", "--json"]).options).toEqual({
      "--n": 1_000_000,
      "--json": true,
    });
    for (const bad of ["1e12", "1000001", "0"])
      expect(inputError(() => parseArgs(spec, ["a", "b", "--n", bad]))).toBe(
        `--n: expected a whole number from 1 to 1000000, got "${bad}"`,
      );
    expect(inputError(() => parseArgs(spec, ["a", "b", "--json=yes"]))).toBe(
      '--json: takes no value, got "--json=yes"',
    );
    expect(wholeArg("12", "--x", 1, 12)).toBe(12);
  });

  it("refuses an output file that cannot be written before any work: a folder, a missing folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "bbb-args-"));
    expect(outputArg(join(dir, "plot.svg"), "--svg")).toBe(join(dir, "plot.svg"));
    expect(inputError(() => outputArg(dir, "--svg"))).toBe(
      `--svg: is a folder: expected the name of a file to write, got ${JSON.stringify(dir)}`,
    );
    const missing = join(dir, "nope", "plot.svg");
    expect(inputError(() => outputArg(missing, "--svg"))).toBe(
      `--svg: the folder ${join(dir, "nope")} does not exist, got ${JSON.stringify(missing)}`,
    );
    expect(inputError(() => outputArg("", "--svg"))).toBe(
      '--svg: expected the name of a file to write, got ""',
    );
    rmSync(dir, { recursive: true });
    const code = (c: string) => Object.assign(new Error(c), { code: c });
    expect(fileErrorText(code("EISDIR"))).toBe("it is a folder, EISDIR");
    expect(fileErrorText(code("ENOENT"))).toBe("no such file or folder, ENOENT");
    expect(fileErrorText(code("EIO"))).toBe("EIO");
  });
});

describe("every entry point through the command line: one line, exit 2", () => {
  const dir = mkdtempSync(join(tmpdir(), "bbb-args-cli-"));
  const example = join(dir, "example.json");
  writeFileSync(example, JSON.stringify(EXAMPLE));
  const cases: [string[], string][] = [
    [
      ["resolve", example, "--seed", "3"],
      '--seed: unknown option: resolve takes no options, got "--seed"',
    ],
    [
      ["odds", "a.json", "b.json"],
      'odds: expected one FILE argument (or - for stdin), got ["a.json","b.json"]',
    ],
    [["character"], "character: expected one FILE argument (or - for stdin), got []"],
    [
      ["fight", A, B, "--bogus", "3"],
      '--bogus: unknown option for fight (its options: --seed, --ruleset, --weapon, --mode, --range, --aim, --location, --modifier, --options), got "--bogus"',
    ],
    [["fight", A, B, "--seed", "1e30"], `--seed: ${SEED_RANGE}, got "1e30"`],
    // --n at its bound with --svg a folder: refused at once, before a million duels.
    [
      ["duel", A, B, "--n", "1000000", "--svg", dir],
      `--svg: is a folder: expected the name of a file to write, got ${JSON.stringify(dir)}`,
    ],
    [
      ["duel", A, B, "--svg", join(dir, "missing", "p.svg")],
      `--svg: the folder ${join(dir, "missing")} does not exist, got ${JSON.stringify(join(dir, "missing", "p.svg"))}`,
    ],
    [["duel", A, B, "--n", "1e12"], '--n: expected a whole number from 1 to 1000000, got "1e12"'],
    [["duel", A, B, "--seed", "4294967296"], `--seed: ${SEED_RANGE}, got "4294967296"`],
    [["demo", "foo"], 'demo: expected no FILE argument, got ["foo"]'],
    [["demo", "--seed", "-3"], `--seed: ${SEED_RANGE}, got "-3"`],
    [["resolve", dir], `${dir}: cannot read the file (it is a folder, EISDIR)`],
  ];
  it.each(cases)("%j", (args, message) => {
    const out = cli(...args);
    expect([out.status, out.stdout, out.stderr]).toEqual([2, "", `error: ${message}\n`]);
  });

  it("fight names the attacker's file when it has no weapon", () => {
    const knight = JSON.parse(readFileSync(join(ROOT, A), "utf8"));
    const unarmed = join(dir, "unarmed.json");
    writeFileSync(
      unarmed,
      JSON.stringify({
        ...knight,
        items: knight.items.filter((i: { type: string }) => i.type !== "weapon"),
      }),
    );
    const out = cli("fight", unarmed, B);
    expect([out.status, out.stderr]).toEqual([
      2,
      `error: ${unarmed}: items: no weapon to attack with, got ${knight.items.filter((i: { type: string }) => i.type !== "weapon").length}\n`,
    ]);
    // The unarmed side may still be attacked (it defends as it can).
    expect(cli("fight", B, unarmed, "--seed", "3").status).toBe(0);
  });
});

describe("keys picked from a table by input are the table's own", () => {
  const INHERITED = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];

  it("a ruleset named constructor, __proto__ or toString is refused, naming ruleset", () => {
    for (const name of INHERITED) {
      for (const read of [resolveInput, oddsInput, deriveCharacterInput]) {
        const input = read === deriveCharacterInput ? FRIEDRICK : EXAMPLE;
        expect(inputError(() => read({ ...input, ruleset: name }))).toMatch(
          new RegExp(`^ruleset: .*got "${name}"$`),
        );
      }
    }
  });

  it("GURPS tables read by name refuse inherited names too: parry kind, first-aid era", () => {
    for (const name of INHERITED) {
      expect(inputError(() => parryKindOf(name))).toMatch(/^defender\.weaponKind: expected one of/);
      expect(inputError(() => firstAidHp([3], name as FirstAidEra))).toMatch(
        /^era: expected one of/,
      );
    }
    // The tables' own names still read.
    expect(parryKindOf("broadsword")).toBe("weapon");
    expect(firstAidHp([3], "roman-medieval")).toBe(1);
  });

  it("an armour layer material named so is refused, naming the layer's material", () => {
    for (const name of INHERITED) {
      const defender = {
        ...EXAMPLE.defender,
        armour: undefined,
        layers: [{ material: name, quality: 0, locations: ["thorax"] }],
      };
      expect(inputError(() => resolveInput({ ...EXAMPLE, defender }))).toBe(
        `defender.layers[0].material: expected a material (cloth, quilt, leather, kurbul, ring, mail, scale, plate), got "${name}"`,
      );
    }
  });

  it("an actor's armour item of such a material, or a body plan location so named, is an input error", () => {
    const knight = JSON.parse(readFileSync(join(ROOT, A), "utf8"));
    const armourIndex = knight.items.findIndex((i: { type: string }) => i.type === "armour");
    expect(armourIndex).toBeGreaterThanOrEqual(0);
    for (const name of INHERITED) {
      const items = knight.items.map((item: { system: { hm3: object } }, i: number) =>
        i === armourIndex
          ? { ...item, system: { ...item.system, hm3: { ...item.system.hm3, material: name } } }
          : item,
      );
      // Derived, the piece left out with the sheet's unknown-material warning (never a
      // TypeError that leaves the actor underivable).
      const fighter = fighterFromSource({ ...knight, items });
      expect((fighter.derived as { warnings: unknown[] }).warnings).toContainEqual({
        field: "armour[0].material",
        key: "BLOWBYBLOW.HM3.Warning.armourMaterialUnknown",
        value: name,
      });
    }
    // A creature location called constructor would read and write what every object inherits
    // in the armour maps: refused.
    const plan = humanBodyPlan();
    plan.locations[8] = { ...plan.locations[8]!, id: "constructor" };
    const defender = {
      ...EXAMPLE.defender,
      armour: undefined,
      bodyPlan: plan,
      layers: [{ material: "quilt", quality: 0, locations: ["constructor"] }],
    };
    expect(inputError(() => resolveInput({ ...EXAMPLE, defender }))).toBe(
      'defender.bodyPlan.locations[8].id: a reserved name: choose another id, got "constructor"',
    );
    expect(Object.hasOwn(Object, "blunt")).toBe(false);
  });
});

describe("text and choice options (fight's --weapon, --mode, --ruleset)", () => {
  it("reads a value in either form and refuses a missing, blank or unknown one naming the option", () => {
    const spec = COMMANDS.fight;
    expect(
      parseArgs(spec, ["a", "b", "--weapon", "Large knife", "--mode=2", "--ruleset", "m2m"])
        .options,
    ).toEqual({ "--weapon": "Large knife", "--mode": "2", "--ruleset": "m2m" });
    expect(inputError(() => parseArgs(spec, ["a", "b", "--weapon"]))).toBe(
      "--weapon: expected a value, got nothing",
    );
    expect(inputError(() => parseArgs(spec, ["a", "b", "--mode", " "]))).toBe(
      '--mode: expected a value, got " "',
    );
    expect(inputError(() => parseArgs(spec, ["a", "b", "--ruleset=gurps"]))).toBe(
      '--ruleset: expected one of hm3, m2m, got "gurps"',
    );
    expect(inputError(() => parseArgs(spec, ["a", "b", "--ruleset", "toString"]))).toBe(
      '--ruleset: expected one of hm3, m2m, got "toString"',
    );
  });
});
