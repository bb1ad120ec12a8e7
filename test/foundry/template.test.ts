/**
 * template.json and labels.ts are generated from the data models (`npm run template`); a data
 * model change without regenerating them fails here. A schema change also needs a migration:
 * schema-lock.json records the hash of the generated defaults for each SCHEMA_VERSION, and a
 * different hash under the same version fails.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import "./stand-ins";
import {
  hashOf,
  LABELS_PATH,
  labelsSource,
  readLock,
  snapshot,
  TEMPLATE_PATH,
  templateJson,
} from "../../scripts/template";
import { SCHEMA_VERSION } from "../../src/foundry/migrations";

const RUN = "template.json is stale: run `npm run template` and commit the result";

describe("generated files", () => {
  it("template.json is what the data models generate", async () => {
    expect(readFileSync(TEMPLATE_PATH, "utf8"), RUN).toBe(await templateJson());
  });

  it("labels.ts is what the data models generate", async () => {
    expect(readFileSync(LABELS_PATH, "utf8"), RUN.replace("template.json", "labels.ts")).toBe(
      await labelsSource(),
    );
  });

  it("template.json holds each type's defaults and its HTML fields", () => {
    const t = JSON.parse(readFileSync(TEMPLATE_PATH, "utf8")) as Record<
      string,
      Record<string, unknown>
    >;
    expect(t.Actor!.types).toEqual(["character", "creature"]);
    expect(t.Item!.types).toEqual(["weapon", "missile", "armour", "skill", "injury", "gear"]);
    expect(t.Actor!.character).toMatchObject({
      htmlFields: ["description"],
      description: "",
      hm3: { fatigue: 0 },
    });
    expect(t.Item!.weapon).toMatchObject({ hm3: { wq: 10, impact: { blunt: null } } });
  });
});

describe("schema lock", () => {
  it(`SCHEMA_VERSION ${SCHEMA_VERSION} is locked to the current defaults`, async () => {
    const lock = readLock();
    const hash = hashOf(await snapshot());
    expect(
      lock[String(SCHEMA_VERSION)],
      `schema-lock.json has no entry for SCHEMA_VERSION ${SCHEMA_VERSION}: run \`npm run template\``,
    ).toBeDefined();
    expect(
      lock[String(SCHEMA_VERSION)],
      `The data models changed but SCHEMA_VERSION is still ${SCHEMA_VERSION}: a schema change needs a migration ` +
        "in src/foundry/migrations and a version bump, then `npm run template`.",
    ).toBe(hash);
  });

  it("every earlier version keeps its hash, and versions only grow", () => {
    const versions = Object.keys(readLock()).map(Number);
    expect(versions.every((v) => Number.isInteger(v) && v >= 1 && v <= SCHEMA_VERSION)).toBe(true);
    expect(versions).toContain(SCHEMA_VERSION);
  });

  it("the hash sees a changed default", () => {
    const base = { Actor: { character: { hm3: { fatigue: 0 } } } };
    expect(hashOf(base)).not.toBe(hashOf({ Actor: { character: { hm3: { fatigue: 1 } } } }));
    expect(hashOf(base)).toBe(hashOf(JSON.parse(JSON.stringify(base))));
  });
});
