/**
 * The pack build (scripts/packs.ts): every source document lands in the compiled LevelDB pack
 * and reads back equal; a document foundryvtt-cli would skip (no `_key`) fails the build.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { describe, expect, it } from "vitest";
import { buildPacks, checkDocumentKeys } from "../scripts/packs";

const sword = {
  _id: "aaaaaaaaaaaaaaaa",
  _key: "!items!aaaaaaaaaaaaaaaa",
  name: "Broadsword",
  type: "weapon",
  system: {},
  effects: [],
};
const knight = {
  _id: "bbbbbbbbbbbbbbbb",
  _key: "!actors!bbbbbbbbbbbbbbbb",
  name: "Knight",
  type: "character",
  system: {},
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
});
