/**
 * Handlebars as Foundry v13 configures it, for rendering the system's templates outside
 * Foundry: the real `handlebars` package, stand-ins for the Foundry helpers the templates use
 * (localize, selectOptions, checked, disabled, eq, ne, lt, lte, gt, gte, and, or, not, concat,
 * numberFormat, ifThen) and template paths as Foundry sees them (`systems/blow-by-blow/…`).
 * `localize` reads the real `lang/en.json` and, as Foundry does, leaves a missing key as the
 * key text. Shared by the node stand-ins (applications.ts) and the browser harness. See
 * docs/foundry-stand-ins.md.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import { foundryHelpers, localizerOf, RUNTIME_OPTIONS } from "../../../src/workbench/handlebars";

/** The repository root (where system.json lives). */
export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** The prefix Foundry serves the system's files under. */
export const SYSTEM_PREFIX = "systems/blow-by-blow/";

/** A path as Foundry sees it (`systems/blow-by-blow/templates/…`) or repo-relative, made absolute. */
export function repoFile(path: string): string {
  const inRepo = path.startsWith(SYSTEM_PREFIX) ? path.slice(SYSTEM_PREFIX.length) : path;
  return join(REPO_ROOT, inRepo);
}

/** The Foundry path of a repo-relative path. */
export function systemPath(repoRelative: string): string {
  return SYSTEM_PREFIX + repoRelative.split(sep).join("/");
}

/** Every `.hbs` under `templates/partials`, as Foundry paths. */
export function partialPaths(): string[] {
  const dir = join(REPO_ROOT, "templates", "partials");
  let files: string[];
  try {
    files = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(".hbs"))
    .sort()
    .map((f) => systemPath(relative(REPO_ROOT, join(dir, f))));
}

let langCache: Record<string, unknown> | null = null;

/** lang/en.json, read once. */
export function langData(): Record<string, unknown> {
  langCache ??= JSON.parse(readFileSync(join(REPO_ROOT, "lang", "en.json"), "utf8")) as Record<
    string,
    unknown
  >;
  return langCache;
}

/** Forget the cached lang file (after a fragment was merged during a run). */
export function reloadLang(): void {
  langCache = null;
}

/** `game.i18n.localize`: the string at the dotted key, or the key itself when missing. */
export function localize(key: string): string {
  return localizerOf(langData()).localize(key);
}

/** `game.i18n.format`: localize, then replace `{name}` with `data.name`. */
export function format(key: string, data: Record<string, unknown> = {}): string {
  return localizerOf(langData()).format(key, data);
}

/** The helpers Foundry v13 registers that the system's templates use (src/workbench/handlebars.ts). */
export const FOUNDRY_HELPERS: Record<string, Handlebars.HelperDelegate> = foundryHelpers({
  localize,
  format,
});

export { RUNTIME_OPTIONS };

/** A fresh Handlebars environment with Foundry's helpers registered. */
export function createFoundryHandlebars(): typeof Handlebars {
  const hb = Handlebars.create();
  hb.registerHelper(FOUNDRY_HELPERS);
  return hb;
}

/** Read a template file given its Foundry path or repo-relative path. */
export function readTemplate(path: string): string {
  return readFileSync(repoFile(path), "utf8");
}
