// Makes sure the browser tests have a Chromium before `npm test` runs them (issue 14 §1).
//
// The browser tests drive Debian's Chromium through playwright-core (never a downloaded
// browser). On a fresh machine it is missing: this script installs Debian's `chromium` package
// when the user may (root, or sudo without a password), and otherwise stops `npm test` with one
// line saying what to run. It never lets the browser tests be skipped.
//
// CHROMIUM_PATH names another Chromium or Chrome binary; the harness (test/browser/harness.ts)
// launches the same path.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { pathToFileURL } from "node:url";

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/**
 * What to do, from what the machine has (pure, so it is tested without touching the machine).
 * @param {{ chromiumPath: string, chromiumPathFromEnv: boolean, executable: (path: string) => boolean,
 *   isRoot: boolean, sudoWithoutPassword: boolean, hasAptGet: boolean }} machine
 * @returns {{ action: "ready" } | { action: "install", sudo: boolean } | { action: "stop", message: string }}
 */
export function plan(machine) {
  const { chromiumPath, chromiumPathFromEnv, executable } = machine;
  if (executable(chromiumPath)) return { action: "ready" };
  if (chromiumPathFromEnv) {
    return {
      action: "stop",
      message:
        `npm test: CHROMIUM_PATH=${chromiumPath} is not an executable file; ` +
        `point it at a Chromium binary or unset it to use ${DEFAULT_CHROMIUM}.`,
    };
  }
  if (machine.hasAptGet && (machine.isRoot || machine.sudoWithoutPassword)) {
    return { action: "install", sudo: !machine.isRoot };
  }
  const how = machine.hasAptGet
    ? "sudo apt-get install -y chromium"
    : "install Chromium and set CHROMIUM_PATH to its binary";
  return {
    action: "stop",
    message: `npm test: the browser tests need Chromium at ${DEFAULT_CHROMIUM}, which is missing: run \`${how}\`, then npm test again.`,
  };
}

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function succeeds(command, args) {
  return spawnSync(command, args, { stdio: "ignore" }).status === 0;
}

function main() {
  const fromEnv = process.env.CHROMIUM_PATH;
  const chromiumPath = fromEnv && fromEnv.length > 0 ? fromEnv : DEFAULT_CHROMIUM;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasAptGet = succeeds("sh", ["-c", "command -v apt-get"]);
  const decision = plan({
    chromiumPath,
    chromiumPathFromEnv: chromiumPath !== DEFAULT_CHROMIUM,
    executable,
    isRoot,
    sudoWithoutPassword: !isRoot && hasAptGet && succeeds("sudo", ["-n", "true"]),
    hasAptGet,
  });
  if (decision.action === "ready") return 0;
  if (decision.action === "stop") {
    console.error(decision.message);
    return 1;
  }
  const prefix = decision.sudo ? ["sudo", "-n"] : [];
  console.log(`npm test: installing Debian's chromium for the browser tests (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = (args) => {
    const [command, ...rest] = [...prefix, ...args];
    return spawnSync(command, rest, { stdio: "inherit", env }).status === 0;
  };
  if (!run(["apt-get", "update", "-qq"]) || !run(["apt-get", "install", "-y", "-qq", "chromium"])) {
    console.error(
      "npm test: installing chromium with apt-get failed (see above): run `sudo apt-get install -y chromium`, then npm test again.",
    );
    return 1;
  }
  if (!executable(DEFAULT_CHROMIUM)) {
    console.error(`npm test: apt-get installed chromium but ${DEFAULT_CHROMIUM} is still missing.`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exit(main());
