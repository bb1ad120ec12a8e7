/**
 * `cli duel … --options O` (issue 19, src/cli/duel.ts): the HM3 optional rules, HârnMaster
 * Gold's among them, as JSON or a JSON file; the duels played with them; bad input names
 * `--options` and the id.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { duelArgs, runDuelCommand } from "../../src/cli/duel";
import { runDuels, type ActorSource } from "../../src/sim/duel";

const DIR = "packs/_source/hm3-sample-fighters";
const A = join(DIR, "sir-aldric-knight.json");
const B = join(DIR, "brigand.json");
const read = (f: string): unknown => JSON.parse(readFileSync(f, "utf8"));
const load = (f: string) => read(f) as ActorSource;
const duel = (...extra: string[]) =>
  JSON.parse(runDuelCommand(["duel", A, B, "--n", "15", "--json", ...extra].slice(1), read, null));

describe("cli duel --options", () => {
  it("reads JSON text, a list of ids, or a file", () => {
    expect(duelArgs([A, B, "--options", '{"initiative":true}']).options).toBe(
      '{"initiative":true}',
    );
    const expected = runDuels({ actor: load(A) }, { actor: load(B) }, 15, 1, undefined, {
      initiative: true,
    });
    expect(duel("--options", '{"initiative": true}')).toEqual(expected);
    expect(duel("--options", '["initiative"]')).toEqual(expected);
    const file = join(mkdtempSync(join(tmpdir(), "bbb-opt-")), "options.json");
    writeFileSync(file, '{"initiative": true}');
    expect(duel("--options", file)).toEqual(expected);
    // The option changes the duels (a rolled order each round): not the plain counts.
    const plain = duel();
    expect(plain).toEqual(runDuels({ actor: load(A) }, { actor: load(B) }, 15, 1));
    expect(plain).not.toEqual(expected);
  });

  it("refuses bad options naming --options and the id", () => {
    expect(() => duel("--options", "{initiative}")).toThrow(/--options.*is not JSON/);
    expect(() => duel("--options", '{"initiativeQuick": true}')).toThrow(
      /--options\.initiativeQuick.*switch initiative on too/,
    );
    expect(() => duel("--options", '{"nonsense": true}')).toThrow(
      /--options\.nonsense.*unknown optional rule/,
    );
    expect(() => duel("--options", '{"initiative": 1}')).toThrow(
      /--options\.initiative.*true or false/,
    );
    expect(() => duel("--ruleset", "m2m", "--options", "[]")).toThrow(/--options.*only for hm3/);
  });
});
