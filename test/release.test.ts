/**
 * The release zip: builds into test-output/ (so it never races the manifest test over dist/),
 * runs scripts/release.ts on that build and reads the zip back, through its central directory
 * in JS and, where the `unzip` binary exists, through unzip as well. The release is published
 * under a repository (BBB_REPOSITORY_URL): the system.json in the zip and beside it carry the
 * install-by-URL fields (issue 14 §4); without a repository URL the release is refused.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { inflateRawSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import {
  normaliseRepository,
  releaseUrls,
  repositoryUrl,
  withReleaseUrls,
} from "../scripts/release-urls";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WORK = join(ROOT, "test-output", "release");
const DIST = join(WORK, "dist");
const OUT = join(WORK, "out");
const PACKS = join(WORK, "packs");
const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
  packs: { name: string; path: string }[];
};
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
};
const ZIP = join(OUT, `blow-by-blow-${version}.zip`);
const REPOSITORY = "https://github.com/example-owner/blow-by-blow";
/** The environment of a release run: the repository given, or none at all. */
const releaseEnv = (repository: string | null) => {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.BBB_REPOSITORY_URL;
  if (repository) env.BBB_REPOSITORY_URL = repository;
  return env;
};
/** What the released system.json must say: the repository's own manifest plus the URLs. */
const RELEASED = {
  ...(JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as object),
  url: REPOSITORY,
  manifest: `${REPOSITORY}/releases/latest/download/system.json`,
  download: `${REPOSITORY}/releases/download/v${version}/blow-by-blow-${version}.zip`,
};

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/** Reads the entries from the zip's central directory (end record → directory headers). */
function readCentralDirectory(zip: Buffer): Entry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("No end-of-central-directory record.");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`Bad central header at ${at}.`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.toString("utf8", at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The uncompressed bytes of one entry (stored or deflated). */
function extract(zip: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  return entry.method === 8 ? inflateRawSync(data) : Buffer.from(data);
}

function hasUnzip(): boolean {
  try {
    execFileSync("unzip", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

let zip: Buffer;
let entries: Entry[];

beforeAll(() => {
  rmSync(WORK, { recursive: true, force: true });
  const run = (args: string[]) =>
    execFileSync("npx", args, {
      cwd: ROOT,
      timeout: 120_000,
      stdio: "pipe",
      env: releaseEnv(REPOSITORY),
    });
  run(["vite", "build", "--outDir", DIST, "--emptyOutDir"]);
  run(["tsx", "scripts/build-packs.ts", "--out", PACKS]);
  run(["tsx", "scripts/release.ts", "--dist", DIST, "--packs", PACKS, "--out", OUT]);
  zip = readFileSync(ZIP);
  entries = readCentralDirectory(zip);
}, 250_000);

describe("release zip", () => {
  it("holds the installable system under blow-by-blow/", () => {
    const names = entries.map((e) => e.name);
    for (const name of names) expect(name.startsWith("blow-by-blow/"), name).toBe(true);
    for (const required of [
      "blow-by-blow/system.json",
      "blow-by-blow/template.json",
      "blow-by-blow/dist/blow-by-blow.mjs",
      "blow-by-blow/lang/en.json",
      "blow-by-blow/styles/blow-by-blow.css",
    ]) {
      expect(names).toContain(required);
    }
  });

  it("ships the Quench batches as their own chunk, which the bundle imports only when asked", () => {
    const names = entries.map((e) => e.name);
    const chunk = names.find((n) => /^blow-by-blow\/dist\/batches-[\w-]+\.js$/.test(n));
    expect(chunk, names.join("\n")).toBeDefined();
    const file = chunk!.slice("blow-by-blow/dist/".length);
    const bundle = readFileSync(join(DIST, "blow-by-blow.mjs"), "utf8");
    expect(bundle).toContain(`import("./${file}")`);
    expect(bundle).not.toMatch(new RegExp(`^import .*${file.replace(".", "\\.")}`, "m"));
    // The chunk imports what it shares from the bundle itself: no third chunk.
    expect(extract(zip, entries.find((e) => e.name === chunk)!).toString()).toMatch(
      /^import \{[^}]+\} from "\.\/blow-by-blow\.mjs";/,
    );
    expect(names.filter((n) => /^blow-by-blow\/dist\/[^/]+\.(m?js)$/.test(n))).toHaveLength(2);
  });

  it("leaves sources, tests and tooling out", () => {
    const forbidden = /^blow-by-blow\/(src|test|node_modules|docs|scripts|bench|packs\/_source)\//;
    for (const { name } of entries) expect(name, name).not.toMatch(forbidden);
  });

  it("stores the files byte for byte; its system.json is the repository's with the install URLs", () => {
    const entry = (name: string) => entries.find((e) => e.name === `blow-by-blow/${name}`)!;
    expect(JSON.parse(extract(zip, entry("system.json")).toString("utf8"))).toEqual(RELEASED);
    expect(extract(zip, entry("template.json"))).toEqual(readFileSync(join(ROOT, "template.json")));
    expect(extract(zip, entry("dist/blow-by-blow.mjs"))).toEqual(
      readFileSync(join(DIST, "blow-by-blow.mjs")),
    );
  });

  it("ships every declared compendium pack, compiled, byte for byte (LevelDB logs left out)", () => {
    expect(manifest.packs.length).toBeGreaterThan(0);
    for (const pack of manifest.packs) {
      const built = readdirSync(join(PACKS, pack.name)).filter((f) => !/^LOG(\.old)?$/.test(f));
      expect(built, pack.name).toContain("CURRENT");
      expect(
        built.some((f) => f.endsWith(".ldb")),
        pack.name,
      ).toBe(true);
      const shipped = entries
        .map((e) => e.name)
        .filter((n) => n.startsWith(`blow-by-blow/${pack.path}/`) && !n.endsWith("/"));
      expect(shipped.map((n) => n.slice(`blow-by-blow/${pack.path}/`.length)).sort()).toEqual(
        built.sort(),
      );
      for (const f of built) {
        const entry = entries.find((e) => e.name === `blow-by-blow/${pack.path}/${f}`)!;
        expect(extract(zip, entry), `${pack.name}/${f}`).toEqual(
          readFileSync(join(PACKS, pack.name, f)),
        );
      }
    }
  });

  it("refuses to pack a release whose declared packs are not built", () => {
    let message = "";
    try {
      execFileSync(
        "npx",
        [
          "tsx",
          "scripts/release.ts",
          "--dist",
          DIST,
          "--packs",
          join(WORK, "none"),
          "--out",
          join(WORK, "out2"),
        ],
        { cwd: ROOT, timeout: 120_000, stdio: "pipe", env: releaseEnv(REPOSITORY) },
      );
    } catch (e) {
      message = String((e as { stderr?: Buffer }).stderr ?? e);
    }
    expect(message).toMatch(
      /declares the pack hm3-[a-z-]+ \(packs\/hm3-[a-z-]+\), which is not built/,
    );
  });

  it("writes the same system.json next to the zip, its download naming that zip", () => {
    const beside = readFileSync(join(OUT, "system.json"));
    const inside = extract(zip, entries.find((e) => e.name === "blow-by-blow/system.json")!);
    expect(beside).toEqual(inside);
    const released = JSON.parse(beside.toString("utf8")) as typeof RELEASED;
    expect(released).toEqual(RELEASED);
    expect(released.download.endsWith(`/${ZIP.split("/").at(-1)}`)).toBe(true);
  });

  it("unzips to one blow-by-blow/ folder whose system.json installs by URL", () => {
    const dir = join(WORK, "unzipped");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    if (hasUnzip()) execFileSync("unzip", ["-q", ZIP, "-d", dir], { stdio: "pipe" });
    else
      for (const e of entries) {
        if (e.name.endsWith("/")) continue;
        mkdirSync(dirname(join(dir, e.name)), { recursive: true });
        writeFileSync(join(dir, e.name), extract(zip, e));
      }
    expect(readdirSync(dir)).toEqual(["blow-by-blow"]);
    const installed = JSON.parse(
      readFileSync(join(dir, "blow-by-blow", "system.json"), "utf8"),
    ) as typeof RELEASED;
    expect(installed).toEqual(RELEASED);
    for (const key of ["url", "manifest", "download"] as const)
      expect(new URL(installed[key]).protocol, key).toBe("https:");
    expect(readdirSync(join(dir, "blow-by-blow"))).toEqual(
      expect.arrayContaining(["system.json", "template.json", "dist", "lang", "packs", "styles"]),
    );
  });

  it("refuses to release when no repository URL is known, saying how to give one", () => {
    const out = join(WORK, "out-no-url");
    let message = "";
    try {
      execFileSync(
        "npx",
        ["tsx", "scripts/release.ts", "--dist", DIST, "--packs", PACKS, "--out", out],
        { cwd: ROOT, timeout: 120_000, stdio: "pipe", env: releaseEnv(null) },
      );
    } catch (e) {
      message = String((e as { stderr?: Buffer }).stderr ?? e);
    }
    expect(message).toContain(
      "release: No repository URL to publish the release under: set BBB_REPOSITORY_URL",
    );
    expect(() => readdirSync(out)).toThrow(/ENOENT/);
  });

  it.runIf(hasUnzip())("reads the same in unzip, with good CRCs", () => {
    const listed = execFileSync("unzip", ["-Z1", ZIP], { encoding: "utf8" }).trim().split("\n");
    expect(listed.sort()).toEqual(entries.map((e) => e.name).sort());
    execFileSync("unzip", ["-tq", ZIP], { stdio: "pipe" }); // throws on a bad CRC or header
  });
});

describe("install-by-URL fields (scripts/release-urls.ts)", () => {
  it("takes the repository from BBB_REPOSITORY_URL, else package.json repository", () => {
    const pkg = { repository: { type: "git", url: "git+https://github.com/pkg-owner/bbb.git" } };
    expect(repositoryUrl({ BBB_REPOSITORY_URL: "https://github.com/env-owner/bbb/" }, pkg)).toBe(
      "https://github.com/env-owner/bbb",
    );
    expect(repositoryUrl({}, pkg)).toBe("https://github.com/pkg-owner/bbb");
    expect(repositoryUrl({}, { repository: "https://gitlab.example/a/b.git" })).toBe(
      "https://gitlab.example/a/b",
    );
    expect(() => repositoryUrl({}, {})).toThrow(/^No repository URL .* set BBB_REPOSITORY_URL/);
    expect(() => repositoryUrl({ BBB_REPOSITORY_URL: "ftp://x/y" }, pkg)).toThrow(
      'BBB_REPOSITORY_URL: expected the https URL of the repository (https://github.com/OWNER/NAME), got "ftp://x/y"',
    );
    expect(() => normaliseRepository("github.com/a/b", "x")).toThrow(/^x: expected the https URL/);
    expect(() => normaliseRepository("https://github.com/", "x")).toThrow(/^x: expected/);
  });

  it("builds GitHub's release asset URLs and places them after version", () => {
    const urls = releaseUrls("https://github.com/o/r", "blow-by-blow", "1.2.3");
    expect(urls).toEqual({
      url: "https://github.com/o/r",
      manifest: "https://github.com/o/r/releases/latest/download/system.json",
      download: "https://github.com/o/r/releases/download/v1.2.3/blow-by-blow-1.2.3.zip",
    });
    const out = withReleaseUrls({ id: "x", version: "1.2.3", manifest: "old", title: "T" }, urls);
    expect(Object.keys(out)).toEqual(["id", "version", "url", "manifest", "download", "title"]);
    expect(out.manifest).toBe(urls.manifest);
  });
});
