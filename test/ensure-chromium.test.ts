/**
 * `npm test` provides its browser (issue 14 §1): scripts/ensure-chromium.mjs decides from what
 * the machine has whether Chromium is ready, can be installed from Debian's packages, or the run
 * must stop with one line saying what to run. It never lets the browser tests be skipped.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHROMIUM, plan, type Machine } from "../scripts/ensure-chromium.mjs";

const decide = plan;

const fresh: Machine = {
  chromiumPath: DEFAULT_CHROMIUM,
  chromiumPathFromEnv: false,
  executable: () => false,
  isRoot: false,
  sudoWithoutPassword: false,
  hasAptGet: true,
};

describe("ensure-chromium: what npm test does about its browser", () => {
  it("Chromium present: ready, nothing installed", () => {
    expect(decide({ ...fresh, executable: (p) => p === "/usr/bin/chromium" })).toEqual({
      action: "ready",
    });
  });

  it("missing, run as root on Debian: installs with apt-get, no sudo", () => {
    expect(decide({ ...fresh, isRoot: true })).toEqual({ action: "install", sudo: false });
  });

  it("missing, a user with password-less sudo: installs through sudo", () => {
    expect(decide({ ...fresh, sudoWithoutPassword: true })).toEqual({
      action: "install",
      sudo: true,
    });
  });

  it("missing and the user may not install: stops with one line naming the command", () => {
    const p = decide(fresh);
    expect(p.action).toBe("stop");
    const message = (p as { message: string }).message;
    expect(message).not.toContain("\n");
    expect(message).toContain("sudo apt-get install -y chromium");
    expect(message).toContain("/usr/bin/chromium");
  });

  it("missing and no apt-get: stops, saying to install Chromium and set CHROMIUM_PATH", () => {
    const p = decide({ ...fresh, hasAptGet: false, isRoot: true });
    expect(p).toMatchObject({ action: "stop" });
    expect((p as { message: string }).message).toContain("CHROMIUM_PATH");
  });

  it("CHROMIUM_PATH naming no executable: stops naming the variable and its value", () => {
    const p = decide({
      ...fresh,
      chromiumPath: "/opt/none",
      chromiumPathFromEnv: true,
      isRoot: true,
    });
    expect(p).toMatchObject({ action: "stop" });
    expect((p as { message: string }).message).toContain("CHROMIUM_PATH=/opt/none");
  });

  it("CHROMIUM_PATH naming an executable: ready", () => {
    const p = decide({
      ...fresh,
      chromiumPath: "/opt/chrome",
      chromiumPathFromEnv: true,
      executable: (path) => path === "/opt/chrome",
    });
    expect(p).toEqual({ action: "ready" });
  });

  it("the script, run with a bad CHROMIUM_PATH, exits 1 with its one line", () => {
    const r = spawnSync(process.execPath, ["scripts/ensure-chromium.mjs"], {
      env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium" },
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("CHROMIUM_PATH=/nonexistent/chromium");
  });

  it("npm test runs it before anything else", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.test?.startsWith("node scripts/ensure-chromium.mjs && ")).toBe(true);
  });
});
