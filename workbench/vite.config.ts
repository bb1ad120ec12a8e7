/**
 * The combat workbench (`npm start`): a local page served by Vite from workbench/, using the
 * real rules core, the real chat-card templates, styles and language file from the repository.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const repo = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root,
  publicDir: false,
  server: { fs: { allow: [repo] }, open: false },
  build: {
    outDir: fileURLToPath(new URL("../dist/workbench", import.meta.url)),
    emptyOutDir: true,
  },
});
