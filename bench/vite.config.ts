/**
 * Builds the benchmarks (`npm run bench`) the way the system ships: one bundled ES module, as
 * `vite build` bundles dist/blow-by-blow.mjs for Foundry, so the figures are those of bundled
 * code. (Run through tsx, every module's exports are read through getters: about 30% slower on
 * the resolution hot path, measured alternately on the same machine.) Output: bench/dist/run.mjs,
 * run with plain Node.
 */
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  logLevel: "warn",
  build: {
    outDir: "bench/dist",
    emptyOutDir: true,
    ssr: "bench/run.ts",
    minify: false,
    target: "node20",
    rollupOptions: { output: { entryFileNames: "run.mjs", codeSplitting: false } },
  },
});
