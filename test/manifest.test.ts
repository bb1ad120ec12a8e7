/**
 * system.json validity: builds the bundle once, then checks the manifest's fields, that every
 * file it loads exists, that each language names every document type, and that template.json
 * lists the same types as documentTypes.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), "utf8"));

type Types = Record<string, Record<string, object>>;
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
  packs: unknown[];
  packFolders: unknown[];
  socket: boolean;
  grid?: { type?: number; distance: number; units: string };
}

const manifest = readJson("system.json") as Manifest;
const pkg = readJson("package.json") as { version: string };

/** Documents that accept system subtypes in v13 (`hasTypeData` in fvtt-types 13.340.1). */
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
