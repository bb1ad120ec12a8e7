/** Types of scripts/ensure-chromium.mjs (a plain Node script, run before the tests). */
export const DEFAULT_CHROMIUM: string;

export interface Machine {
  chromiumPath: string;
  chromiumPathFromEnv: boolean;
  executable: (path: string) => boolean;
  isRoot: boolean;
  sudoWithoutPassword: boolean;
  hasAptGet: boolean;
}

export type Plan =
  | { action: "ready" }
  | { action: "install"; sudo: boolean }
  | { action: "stop"; message: string };

export function plan(machine: Machine): Plan;
