/**
 * template.json and labels.ts are generated from the data models (`npm run template`); a data
 * model change without regenerating them fails here. A schema change also needs a migration:
 * schema-lock.json records, for each SCHEMA_VERSION, the hash of the generated defaults and of
 * a description of every field (class, required, nullable, initial, min, max, integer, blank,
 * choices, validator, element and nested fields), and a different hash under the same version
 * fails. A changed bound or choice list is a schema change as much as a changed default.
 *
 * Lock format: the lock first hashed the defaults only. When field descriptions were added
 * (issue 3 review), the entry for version 1 was recorded again under the new format; the
 * stored data did not change shape, so no migration was needed. The same change widened the
 * creature attributes to 1..99 (R28), which every stored value (1..30) already satisfies, so
 * it too needs no migration and stays version 1.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import "./stand-ins";
import {
  describeField,
  hashOf,
  LABELS_PATH,
  lockedSchema,
  schemaDescription,
  labelsSource,
  readLock,
  rulesetLabelsPath,
  rulesetLabelsSources,
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

  it("each ruleset's labels.ts is what the data models generate", async () => {
    const sources = await rulesetLabelsSources();
    expect(Object.keys(sources)).toContain("hm3");
    for (const [id, text] of Object.entries(sources))
      expect(
        readFileSync(rulesetLabelsPath(id), "utf8"),
        RUN.replace("template.json", `src/foundry/rulesets/${id}/labels.ts`),
      ).toBe(text);
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
    const hash = hashOf(await lockedSchema());
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

  it("the hash sees a changed bound, choice list, nullability and validator, not only a default", async () => {
    const fields = await schemaDescription();
    const locked = { defaults: await snapshot(), fields };
    const base = hashOf(locked);
    expect(hashOf(await lockedSchema())).toBe(base);
    const creature = (d: typeof locked) =>
      (d.fields.Actor!.creature as { fields: Record<string, { fields: Record<string, unknown> }> })
        .fields.hm3!.fields;
    const attr = (d: typeof locked) =>
      (creature(d).attributes as { fields: Record<string, Record<string, unknown>> }).fields.str!;
    expect(attr(locked)).toMatchObject({ type: "NumberField", min: 1, max: 99, integer: true });

    const edit = (change: (copy: typeof locked) => void) => {
      const copy = structuredClone(locked);
      change(copy);
      return hashOf(copy);
    };
    expect(edit((c) => (attr(c).max = 98))).not.toBe(base);
    expect(edit((c) => (attr(c).integer = false))).not.toBe(base);
    expect(edit((c) => (attr(c).nullable = true))).not.toBe(base);
    const weapon = (c: typeof locked) =>
      (
        c.fields.Item!.weapon as {
          fields: { hm3: { fields: Record<string, Record<string, unknown>> } };
        }
      ).fields.hm3.fields;
    expect(weapon(locked).handMode!.choices).toEqual(["one", "two", "either"]);
    expect(edit((c) => (weapon(c).handMode!.choices as string[]).pop())).not.toBe(base);
    expect(edit((c) => (weapon(c).wq!.min = 1))).not.toBe(base);
    const armour = (c: typeof locked) =>
      (
        c.fields.Item!.armour as {
          fields: { hm3: { fields: Record<string, { element: Record<string, unknown> }> } };
        }
      ).fields.hm3.fields.locations!.element;
    expect(String(armour(locked).validate)).toBe("function");
    expect(edit((c) => (armour(c).validate = "undefined"))).not.toBe(base);
  });

  it("describeField reads a field's bounds from the field itself", async () => {
    const { CreatureData, CharacterData } = await import("../../src/foundry/data");
    const schema = (m: unknown) => (m as { schema: Parameters<typeof describeField>[0] }).schema;
    const str = (m: unknown) =>
      (
        describeField(schema(m)) as {
          fields: { hm3: { fields: { attributes: { fields: { str: Record<string, unknown> } } } } };
        }
      ).fields.hm3.fields.attributes.fields.str;
    expect(str(CharacterData)).toMatchObject({ min: 1, max: 30, initial: 10, required: true });
    expect(str(CreatureData)).toMatchObject({ min: 1, max: 99, initial: 10, required: true });
  });

  it("the hash sees a changed default", () => {
    const base = { Actor: { character: { hm3: { fatigue: 0 } } } };
    expect(hashOf(base)).not.toBe(hashOf({ Actor: { character: { hm3: { fatigue: 1 } } } }));
    expect(hashOf(base)).toBe(hashOf(JSON.parse(JSON.stringify(base))));
  });
});
