/**
 * Vite build for the Foundry adapter: one ES module, dist/blow-by-blow.mjs, which system.json
 * loads, and the Quench batches' chunk (dist/batches-*.js), which it imports only when the Quench
 * module is active (src/foundry/quench, docs/testing.md). The repository root is the system folder, so nothing else is copied into dist/.
 * Foundry's API (game, Hooks, CONFIG, foundry…) is a set of runtime globals, never imported.
 */
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: "es2022",
    rollupOptions: {
      // The Quench batches (src/foundry/quench) are a dynamic import, built as their own chunk;
      // the entry may export what that chunk shares with it, so no third chunk is split off.
      preserveEntrySignatures: "allow-extension",
    },
    lib: {
      entry: "src/foundry/index.ts",
      formats: ["es"],
      fileName: () => "blow-by-blow.mjs",
    },
  },
});
