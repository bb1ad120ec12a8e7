/**
 * Release packer: writes release/blow-by-blow-<version>.zip (one top folder, blow-by-blow/,
 * holding only what Foundry installs) and release/system.json beside it. Pure Node: the zip
 * is written here with node:zlib and a CRC-32 table, so no zip binary is needed.
 *
 * The released system.json (in the zip and beside it) carries `url`, `manifest` and `download`
 * for Foundry's install by URL, from BBB_REPOSITORY_URL or package.json `repository`
 * (scripts/release-urls.ts); with neither the release is refused with a message saying so.
 *
 * Run after `vite build` (`npm run release` does both). Options, for tests:
 *   --dist <dir>  where the built bundle is (default dist); packed as blow-by-blow/dist/
 *   --packs <dir> where the compiled packs are (default packs, as `npm run build:packs` writes
 *                 them); each pack system.json declares is packed as blow-by-blow/packs/<name>/
 *   --out <dir>   where the zip and system.json go (default release)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, posix, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { deflateRawSync } from "node:zlib";
import { releaseUrls, repositoryUrl, withReleaseUrls } from "./release-urls";

const SYSTEM_ID = "blow-by-blow";
const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Shipped folders besides dist/ and the compiled packs (packs/_source, the JSON sources, stays out). */
const FOLDERS = ["lang", "styles", "templates"];
const FILES = ["system.json", "template.json", "README.md", "LICENSE", "LICENSE.md", "LICENSE.txt"];
const EXCLUDED = new Set(["packs/_source"]);
/** LevelDB's own log files in a compiled pack: not part of the data. */
const PACK_LOGS = new Set(["LOG", "LOG.old"]);

interface Manifest {
  id: string;
  version: string;
  packs?: { name: string; path: string }[];
  esmodules?: string[];
  styles?: (string | { src: string })[];
  languages?: { path: string }[];
}

/** Every file under `dir` as [path in the zip, path on disk]; dotfiles (.gitkeep) are skipped. */
function walk(dir: string, zipPath: string, out: [string, string][]): void {
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith(".")) continue;
    const disk = join(dir, name);
    const inZip = posix.join(zipPath, name);
    if (EXCLUDED.has(inZip)) continue;
    if (statSync(disk).isDirectory()) walk(disk, inZip, out);
    else out.push([inZip, disk]);
  }
}

// ---- A minimal zip writer (PKWARE APPNOTE: local headers, central directory, end record) ----

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Fixed timestamp (1980-01-01 00:00, the DOS epoch) so the same input gives the same zip. */
const DOS_TIME = 0;
const DOS_DATE = (1 << 5) | 1;

/** Builds a zip from [name, content] pairs; names ending in "/" are folders. */
function zip(entries: readonly [string, Uint8Array][]): Buffer {
  const locals: Uint8Array[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name, "utf8");
    const deflated = deflateRawSync(content, { level: 9 });
    const stored = deflated.length >= content.length;
    const data = stored ? content : deflated;
    const crc = crc32(content);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // flag: names are UTF-8
    local.writeUInt16LE(stored ? 0 : 8, 8); // method: store or deflate
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28); // extra field length

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    local.copy(central, 6, 4, 28); // version needed … name length: same as the local header
    // extra, comment, disk number, internal attributes: 0
    central.writeUInt32LE(name.endsWith("/") ? 0x10 : 0, 38); // MS-DOS directory attribute
    central.writeUInt32LE(offset, 42);

    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
    if (offset > 0xffffffff) throw new Error("Release zip over 4 GiB: zip64 is not supported.");
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8); // entries on this disk
  end.writeUInt16LE(entries.length, 10); // entries in total
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

// ---- The release itself ----

function main(): void {
  const { values } = parseArgs({
    options: {
      dist: { type: "string", default: "dist" },
      packs: { type: "string", default: "packs" },
      out: { type: "string", default: "release" },
    },
  });
  const distDir = resolve(ROOT, values.dist);
  const packsDir = resolve(ROOT, values.packs);
  const outDir = resolve(ROOT, values.out);

  const manifestText = readFileSync(join(ROOT, "system.json"), "utf8");
  const manifest = JSON.parse(manifestText) as Manifest;
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    version: string;
    repository?: string | { url?: string };
  };
  if (manifest.id !== SYSTEM_ID)
    throw new Error(`system.json id is ${manifest.id}, not ${SYSTEM_ID}.`);
  if (manifest.version !== pkg.version) {
    throw new Error(
      `system.json version ${manifest.version} != package.json version ${pkg.version}.`,
    );
  }
  // Install by URL: the released manifest says where it and its zip are published.
  const urls = releaseUrls(repositoryUrl(process.env, pkg), SYSTEM_ID, manifest.version);
  const released = Buffer.from(
    JSON.stringify(withReleaseUrls(JSON.parse(manifestText) as Manifest, urls), null, 2) + "\n",
  );

  const files: [string, string][] = [];
  for (const file of FILES) if (existsSync(join(ROOT, file))) files.push([file, join(ROOT, file)]);
  /** The released manifest replaces the repository's in the zip. */
  const contentOf = (p: string, disk: string) =>
    p === "system.json" ? released : readFileSync(disk);
  if (!existsSync(distDir)) throw new Error(`${distDir} does not exist: run \`vite build\` first.`);
  walk(distDir, "dist", files);
  for (const folder of FOLDERS)
    if (existsSync(join(ROOT, folder))) walk(join(ROOT, folder), folder, files);
  // Every pack the manifest declares, compiled (LevelDB), or Foundry shows an empty compendium.
  for (const pack of manifest.packs ?? []) {
    const dir = join(packsDir, pack.name);
    if (!existsSync(join(dir, "CURRENT")))
      throw new Error(
        `system.json declares the pack ${pack.name} (${pack.path}), which is not built in ${dir}: run \`npm run build:packs\` first.`,
      );
    const packFiles: [string, string][] = [];
    walk(dir, pack.path, packFiles);
    files.push(...packFiles.filter(([p]) => !PACK_LOGS.has(posix.basename(p))));
  }

  // Every file the manifest loads must be in the zip, or Foundry installs a broken system.
  const shipped = new Set(files.map(([p]) => p));
  const referenced = [
    ...(manifest.esmodules ?? []),
    ...(manifest.styles ?? []).map((s) => (typeof s === "string" ? s : s.src)),
    ...(manifest.languages ?? []).map((l) => l.path),
  ];
  for (const path of referenced) {
    if (!shipped.has(path)) throw new Error(`system.json references ${path}, which is not packed.`);
  }

  // Folder entries first (some unzippers want them), then files, all under blow-by-blow/.
  const folders = new Set<string>([`${SYSTEM_ID}/`]);
  for (const [p] of files) {
    const parts = p.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++)
      folders.add(`${SYSTEM_ID}/${parts.slice(0, i).join("/")}/`);
  }
  const entries: [string, Uint8Array][] = [
    ...[...folders].sort().map((f): [string, Uint8Array] => [f, new Uint8Array(0)]),
    ...files
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([p, disk]): [string, Uint8Array] => [`${SYSTEM_ID}/${p}`, contentOf(p, disk)]),
  ];

  mkdirSync(outDir, { recursive: true });
  const zipPath = join(outDir, `${SYSTEM_ID}-${manifest.version}.zip`);
  writeFileSync(zipPath, zip(entries));
  writeFileSync(join(outDir, "system.json"), released);
  console.log(`Wrote ${zipPath} (${files.length} files) and ${join(outDir, "system.json")}.`);
  console.log(`Install by URL: ${urls.manifest}`);
}

try {
  main();
} catch (e) {
  console.error(`release: ${(e as Error).message}`);
  process.exitCode = 1;
}
