/**
 * The pack build (scripts/packs.ts): every source document lands in the compiled LevelDB pack
 * and reads back equal; a document foundryvtt-cli would skip (no `_key`) fails the build.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { describe, expect, it } from "vitest";
import { buildPacks, checkDocumentKeys } from "../scripts/packs";

type Obj = Record<string, unknown>;
const SOURCES = fileURLToPath(new URL("../packs/_source/", import.meta.url));
const source = (path: string) =>
  JSON.parse(readFileSync(join(SOURCES, path), "utf8")) as Obj & { system: Obj };

/** Valid system data, from the committed pack sources. */
const SWORD_SYSTEM = source("hm3-melee-weapons/broadsword.json").system;
const BRIGAND_SYSTEM = source("hm3-sample-fighters/brigand.json").system;

const sword = {
  _id: "aaaaaaaaaaaaaaaa",
  _key: "!items!aaaaaaaaaaaaaaaa",
  name: "Broadsword",
  type: "weapon",
  system: SWORD_SYSTEM,
  effects: [],
};
const knight = {
  _id: "bbbbbbbbbbbbbbbb",
  _key: "!actors!bbbbbbbbbbbbbbbb",
  name: "Knight",
  type: "character",
  system: BRIGAND_SYSTEM,
  items: [
    { ...sword, _id: "cccccccccccccccc", _key: "!actors.items!bbbbbbbbbbbbbbbb.cccccccccccccccc" },
  ],
  effects: [],
};

function sources(docs: Record<string, object>): string {
  const root = mkdtempSync(join(tmpdir(), "bbb-packs-"));
  mkdirSync(join(root, "_source", "sample", "nested"), { recursive: true });
  for (const [file, doc] of Object.entries(docs))
    writeFileSync(join(root, "_source", "sample", file), JSON.stringify(doc));
  return root;
}

describe("pack build", () => {
  it("compiles every source document, embedded ones included, and extracts them equal", async () => {
    const root = sources({ "sword.json": sword, "nested/knight.json": knight });
    const summary = await buildPacks(join(root, "_source"), root);
    expect(summary).toEqual([{ pack: "sample", files: 2, documents: 3 }]);
    const out = join(root, "extracted");
    await extractPack(join(root, "sample"), out);
    const back = readdirSync(out).map((f) => JSON.parse(readFileSync(join(out, f), "utf8")));
    expect(back).toHaveLength(2);
    const bySlug = Object.fromEntries(back.map((d) => [d._id, d]));
    expect(bySlug[sword._id]).toMatchObject(sword);
    expect(bySlug[knight._id]).toMatchObject({
      ...knight,
      items: [expect.objectContaining({ name: "Broadsword" })],
    });
  });

  it("fails, naming the file, on a document without _key", async () => {
    const keyless: Record<string, unknown> = { ...sword };
    delete keyless._key;
    const root = sources({ "keyless.json": keyless });
    await expect(buildPacks(join(root, "_source"), root)).rejects.toThrow(
      /keyless\.json: document has no _key/,
    );
  });

  it("fails, naming the path, on an embedded document without its key", () => {
    const broken = { ...knight, items: [{ ...sword, _id: "cccccccccccccccc", _key: undefined }] };
    expect(() => checkDocumentKeys(broken, "knight.json")).toThrow(
      'knight.json (items[0]): embedded _key must be "!actors.items!bbbbbbbbbbbbbbbb.cccccccccccccccc"',
    );
    expect(() =>
      checkDocumentKeys({ ...sword, _key: "!items!zzzzzzzzzzzzzzzz" }, "s.json"),
    ).toThrow(/differs from _id/);
  });

  it("fails on invalid JSON and reports no packs when there are no sources", async () => {
    const root = sources({});
    writeFileSync(join(root, "_source", "sample", "bad.json"), "{ nope");
    await expect(buildPacks(join(root, "_source"), root)).rejects.toThrow(
      /bad\.json: not valid JSON/,
    );
    expect(await buildPacks(join(root, "absent"), root)).toEqual([]);
  });

  it("fails before compiling anything, naming file, document and field, on a malformed field", async () => {
    const bad = structuredClone(sword);
    (bad.system.hm3 as Obj).wq = "twelve";
    const root = sources({ "good.json": sword, "bad.json": bad });
    await expect(buildPacks(join(root, "_source"), root)).rejects.toThrow(
      /sample: malformed source documents:\n.*bad\.json: system\.hm3\.wq: "twelve" is not a number\./,
    );
    expect(existsSync(join(root, "sample"))).toBe(false);
  });

  it("names an embedded item's field, by index and name", async () => {
    const broken = structuredClone(knight);
    ((broken.items[0]!.system as Obj).hm3 as Obj).impact = { blunt: 3, edge: -1, point: 3 };
    const root = sources({ "knight.json": broken });
    await expect(buildPacks(join(root, "_source"), root)).rejects.toThrow(
      /knight\.json \(items\[0\] "Broadsword"\): system\.hm3\.impact\.edge: -1 is outside the range 0 to 50\.\n.*knight\.json \(items\[0\] "Broadsword"\): system\.hm3\.impact\.fire: missing/,
    );
  });

  it("refuses a document that is not an object", async () => {
    const root = sources({});
    writeFileSync(join(root, "_source", "sample", "list.json"), "[]");
    await expect(buildPacks(join(root, "_source"), root)).rejects.toThrow(
      /list\.json: expected one document \(a JSON object\)/,
    );
  });
});
