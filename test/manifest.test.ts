/**
 * system.json validity: builds the bundle once, then checks the manifest's fields, that every
 * file it loads exists, that each language names every document type, that template.json
 * lists the same types as documentTypes, and that the compendium packs it declares match their
 * source folders (packs/_source/<name>) and sit in a pack folder.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), "utf8"));

type Types = Record<string, Record<string, object>>;
interface PackEntry {
  name: string;
  label: string;
  path: string;
  type: string;
  system: string;
  ownership?: Record<string, string>;
}
interface Manifest {
  id: string;
  title: string;
  description: string;
  version: string;
  authors: { name: string }[];
  compatibility: { minimum: string; verified: string; maximum?: string };
  esmodules: string[];
  styles: (string | { src: string })[];
  languages: { lang: string; name: string; path: string }[];
  documentTypes: Types;
  packs: PackEntry[];
  packFolders: { name: string; sorting?: string; color?: string; packs: string[] }[];
  socket: boolean;
  grid?: { type?: number; distance: number; units: string };
}

const manifest = readJson("system.json") as Manifest;
const pkg = readJson("package.json") as { version: string };

/** Documents that accept system subtypes in v13 (`hasTypeData` in fvtt-types 13.345.1). */
const SUBTYPED = [
  "ActiveEffect",
  "Actor",
  "ActorDelta",
  "Card",
  "Cards",
  "ChatMessage",
  "Combat",
  "Combatant",
  "Item",
  "JournalEntryPage",
  "Macro",
  "RegionBehavior",
];
/** Since v12 template.json may only declare these (foundryvtt/foundryvtt#10424). */
const TEMPLATE_DOCUMENTS = ["Actor", "Card", "Cards", "Item", "JournalEntryPage"];

beforeAll(() => {
  execFileSync("npx", ["vite", "build"], { cwd: ROOT, timeout: 120_000, stdio: "pipe" });
}, 150_000);

describe("system.json", () => {
  it("has the required fields, correctly typed", () => {
    expect(manifest.id).toBe("blow-by-blow");
    expect(manifest.title).toBe("Blow by Blow");
    expect(typeof manifest.description).toBe("string");
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.authors.length).toBeGreaterThan(0);
    for (const author of manifest.authors) expect(typeof author.name).toBe("string");
    expect(manifest.compatibility.minimum).toBe("13");
    expect(manifest.compatibility.verified).toMatch(/^13(\.|$)/);
    expect(manifest.socket).toBe(true);
    expect(Array.isArray(manifest.packs)).toBe(true);
    expect(Array.isArray(manifest.packFolders)).toBe(true);
    expect(manifest.grid?.distance).toBeGreaterThan(0);
    expect(typeof manifest.grid?.units).toBe("string");
  });

  it("declares the system's document types", () => {
    const types = manifest.documentTypes;
    expect(Object.keys(types.Actor ?? {}).sort()).toEqual(["character", "creature"]);
    expect(Object.keys(types.Item ?? {}).sort()).toEqual(
      ["armour", "gear", "injury", "missile", "skill", "weapon"].sort(),
    );
    for (const [documentName, subtypes] of Object.entries(types)) {
      expect(SUBTYPED, documentName).toContain(documentName);
      // "base" is every document's core type: declaring it makes Foundry reject the manifest.
      expect(Object.keys(subtypes), documentName).not.toContain("base");
    }
  });

  it("loads only files that exist", () => {
    const paths = [
      ...manifest.esmodules,
      ...manifest.styles.map((s) => (typeof s === "string" ? s : s.src)),
      ...manifest.languages.map((l) => l.path),
    ];
    expect(manifest.esmodules).toEqual(["dist/blow-by-blow.mjs"]);
    for (const path of paths) expect(existsSync(join(ROOT, path)), path).toBe(true);
  });

  it("ships a self-contained bundle (no bare imports Foundry could not resolve)", () => {
    const bundle = readFileSync(join(ROOT, manifest.esmodules[0]!), "utf8");
    expect(bundle).toContain('Hooks.once("init"');
    expect(bundle).not.toMatch(/^\s*import\s[^;]*from\s*["'][^./]/m);
  });

  it("names every document type in every language", () => {
    for (const { path } of manifest.languages) {
      const lang = readJson(path) as { TYPES?: Record<string, Record<string, unknown>> };
      for (const [documentName, subtypes] of Object.entries(manifest.documentTypes)) {
        for (const type of Object.keys(subtypes)) {
          const label = lang.TYPES?.[documentName]?.[type];
          expect(
            typeof label === "string" && label.length > 0,
            `${path}: TYPES.${documentName}.${type}`,
          ).toBe(true);
        }
      }
    }
  });
});

describe("template.json", () => {
  const template = readJson("template.json") as Record<
    string,
    { types: string[] } & Record<string, unknown>
  >;

  it("lists the same types as documentTypes, for the documents it may declare", () => {
    for (const documentName of Object.keys(template))
      expect(TEMPLATE_DOCUMENTS).toContain(documentName);
    for (const documentName of TEMPLATE_DOCUMENTS) {
      const declared = Object.keys(manifest.documentTypes[documentName] ?? {}).sort();
      const listed = [...(template[documentName]?.types ?? [])].sort();
      expect(listed, documentName).toEqual(declared);
      for (const type of listed)
        expect(typeof template[documentName]?.[type], `${documentName}.${type}`).toBe("object");
    }
  });
});

describe("system.json packs", () => {
  const sourceRoot = join(ROOT, "packs", "_source");
  const sourceFolders = readdirSync(sourceRoot)
    .filter((d) => statSync(join(sourceRoot, d)).isDirectory())
    .sort();

  it("declares one pack per source folder, and a source folder for every pack", () => {
    expect(sourceFolders.length).toBeGreaterThan(0);
    expect(manifest.packs.map((p) => p.name).sort()).toEqual(sourceFolders);
    const names = manifest.packs.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("each pack: a plain name, an English label, path packs/<name>, this system, a document type it holds", () => {
    const ownership = ["NONE", "LIMITED", "OBSERVER", "OWNER"];
    for (const pack of manifest.packs) {
      expect(pack.name, pack.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(pack.label.trim(), pack.name).not.toBe("");
      expect(pack.path, pack.name).toBe(`packs/${pack.name}`);
      expect(pack.system, pack.name).toBe(manifest.id);
      expect(["Actor", "Item"], pack.name).toContain(pack.type);
      for (const [role, level] of Object.entries(pack.ownership ?? {})) {
        expect(["PLAYER", "TRUSTED", "ASSISTANT", "GAMEMASTER"], pack.name).toContain(role);
        expect(ownership, `${pack.name} ${role}`).toContain(level);
      }
      // Every source document is of the pack's type (its _key names the collection).
      const collection = pack.type === "Actor" ? "actors" : "items";
      const dir = join(sourceRoot, pack.name);
      const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
      expect(files.length, pack.name).toBeGreaterThan(0);
      for (const f of files) {
        const doc = JSON.parse(readFileSync(join(dir, f), "utf8")) as {
          _key: string;
          type: string;
        };
        expect(doc._key.split("!")[1], `${pack.name}/${f}`).toBe(collection);
        expect(Object.keys(manifest.documentTypes[pack.type] ?? {}), `${pack.name}/${f}`).toContain(
          doc.type,
        );
      }
    }
  });

  it("every pack sits in exactly one pack folder, and folders name only declared packs", () => {
    const declared = new Set(manifest.packs.map((p) => p.name));
    const placed = manifest.packFolders.flatMap((f) => f.packs);
    for (const name of placed) expect(declared.has(name), name).toBe(true);
    expect([...placed].sort()).toEqual([...declared].sort());
    for (const folder of manifest.packFolders) {
      expect(folder.name.trim()).not.toBe("");
      if (folder.color !== undefined) expect(folder.color).toMatch(/^#[0-9a-f]{6}$/i);
      if (folder.sorting !== undefined) expect(["a", "m"]).toContain(folder.sorting);
    }
    expect(manifest.packFolders.map((f) => f.name)).toContain("HârnMaster 3");
  });
});
