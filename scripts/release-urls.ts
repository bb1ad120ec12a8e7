/**
 * The install-by-URL fields of the released `system.json` (Foundry's *Install System* dialog
 * reads `manifest`, then downloads `download`): written at release from the repository where
 * the release is published. Pure, for scripts/release.ts and its test.
 *
 * The repository comes from, in order:
 *   1. the environment variable BBB_REPOSITORY_URL (`https://github.com/OWNER/blow-by-blow`);
 *   2. package.json `repository` (a URL string, or `{ "url": … }`; `git+` and `.git` are dropped).
 * With neither, the release is refused: a system.json without `manifest` and `download` cannot
 * be installed or updated by URL.
 *
 * The URLs follow GitHub's release asset pattern: the manifest of the latest release is
 * `<repository>/releases/latest/download/system.json` (so Foundry finds updates there), and each
 * release's zip is `<repository>/releases/download/v<version>/blow-by-blow-<version>.zip` (the
 * tag `v<version>` carries `system.json` and the zip as assets).
 */
export const REPOSITORY_ENV = "BBB_REPOSITORY_URL";

export interface ReleaseUrls {
  url: string;
  manifest: string;
  download: string;
}

/** A repository URL as given, checked and normalised (https, no `.git`, no trailing slash). */
export function normaliseRepository(raw: string, from: string): string {
  const text = raw.trim().replace(/^git\+/, "");
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new Error(
      `${from}: expected the https URL of the repository, got ${JSON.stringify(raw)}`,
    );
  }
  if (parsed.protocol !== "https:" || parsed.search || parsed.hash || parsed.pathname === "/")
    throw new Error(
      `${from}: expected the https URL of the repository (https://github.com/OWNER/NAME), got ${JSON.stringify(raw)}`,
    );
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "").replace(/\.git$/, "")}`;
}

/** The repository URL from the environment or package.json, or an error saying how to give one. */
export function repositoryUrl(
  env: Readonly<Record<string, string | undefined>>,
  pkg: { repository?: string | { url?: string } },
): string {
  const fromEnv = env[REPOSITORY_ENV];
  if (fromEnv) return normaliseRepository(fromEnv, REPOSITORY_ENV);
  const repo = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  if (repo) return normaliseRepository(repo, 'package.json "repository"');
  throw new Error(
    `No repository URL to publish the release under: set ${REPOSITORY_ENV} ` +
      `(e.g. ${REPOSITORY_ENV}=https://github.com/OWNER/blow-by-blow npm run release) or ` +
      `package.json "repository". The released system.json needs "manifest" and "download" ` +
      `for Foundry to install it by URL.`,
  );
}

/** The fields for `version` released under `repository`. */
export function releaseUrls(repository: string, id: string, version: string): ReleaseUrls {
  return {
    url: repository,
    manifest: `${repository}/releases/latest/download/system.json`,
    download: `${repository}/releases/download/v${version}/${id}-${version}.zip`,
  };
}

/** The manifest with `url`, `manifest` and `download` set (placed after `version`). */
export function withReleaseUrls<T extends { version: string }>(
  manifest: T,
  urls: ReleaseUrls,
): T & ReleaseUrls {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(manifest)) {
    if (key === "url" || key === "manifest" || key === "download") continue;
    out[key] = value;
    if (key === "version") Object.assign(out, urls);
  }
  // Built key by key to keep the order; it holds every key of `manifest` and `urls`.
  return out as unknown as T & ReleaseUrls;
}
