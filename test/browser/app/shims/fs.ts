/**
 * `node:fs` in the browser bundle (test/browser/app/bundle.ts): the repository files the
 * stand-ins read (lang/en.json, every template), embedded at build time by absolute path.
 */
import files from "virtual:bbb-files";

function enoent(path: string): Error {
  return Object.assign(new Error(`ENOENT: no such file in the browser bundle, open '${path}'`), {
    code: "ENOENT",
  });
}

export function readFileSync(path: string): string {
  const text = files[path];
  if (text === undefined) throw enoent(path);
  return text;
}

export function existsSync(path: string): boolean {
  return path in files || Object.keys(files).some((f) => f.startsWith(`${path}/`));
}

/** Every embedded file under `dir` (relative to it); the bundle only holds files, not folders. */
export function readdirSync(dir: string): string[] {
  const prefix = dir.endsWith("/") ? dir : `${dir}/`;
  const found = Object.keys(files).filter((f) => f.startsWith(prefix));
  if (!found.length) throw enoent(dir);
  return found.map((f) => f.slice(prefix.length));
}
