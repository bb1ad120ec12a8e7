/**
 * Builds the browser bundle of the class tests (test/browser/sheet-classes.test.ts): the Foundry
 * stand-ins of test/foundry/stand-ins and the system's real sheet and dialog classes, bundled by
 * Vite (rolldown) from ./page.ts into one IIFE that a page runs. Node built-ins the stand-ins
 * use are replaced by ./shims: `node:fs` reads lang/en.json and the templates embedded at build
 * time (by absolute path), `node:path`/`node:url` are POSIX helpers, `node:async_hooks` keeps
 * its store for the synchronous part of a call only. `import.meta.url` is replaced by each
 * module's own file URL, so paths the stand-ins compute from it are the same as in Node.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin, type Rollup } from "vite";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const VIRTUAL = "virtual:bbb-files";

/** lang/en.json and every template, by absolute path. */
function embeddedFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const lang = join(REPO_ROOT, "lang", "en.json");
  files[lang] = readFileSync(lang, "utf8");
  const templates = join(REPO_ROOT, "templates");
  for (const f of readdirSync(templates, { recursive: true, encoding: "utf8" })) {
    if (f.endsWith(".hbs")) files[join(templates, f)] = readFileSync(join(templates, f), "utf8");
  }
  return files;
}

function filesPlugin(): Plugin {
  return {
    name: "bbb-files",
    resolveId(id) {
      return id === VIRTUAL ? `\0${VIRTUAL}` : null;
    },
    load(id) {
      return id === `\0${VIRTUAL}` ? `export default ${JSON.stringify(embeddedFiles())};` : null;
    },
    transform(code, id) {
      if (!id.startsWith(REPO_ROOT) || !code.includes("import.meta.url")) return null;
      const url = JSON.stringify(pathToFileURL(id.split("?")[0]!).href);
      return { code: code.replaceAll("import.meta.url", url), map: null };
    },
  };
}

let cached: Promise<string> | null = null;

/** The bundle's code (built once per test file). */
export function pageBundle(): Promise<string> {
  cached ??= buildBundle();
  return cached;
}

async function buildBundle(): Promise<string> {
  const shim = (name: string) => join(HERE, "shims", `${name}.ts`);
  const result = await build({
    configFile: false,
    logLevel: "warn",
    root: REPO_ROOT,
    publicDir: false,
    plugins: [filesPlugin()],
    resolve: {
      alias: [
        { find: /^node:fs$/, replacement: shim("fs") },
        { find: /^node:path$/, replacement: shim("path") },
        { find: /^node:url$/, replacement: shim("url") },
        { find: /^node:async_hooks$/, replacement: shim("async-hooks") },
      ],
    },
    build: {
      write: false,
      minify: false,
      sourcemap: false,
      target: "es2022",
      lib: { entry: join(HERE, "page.ts"), formats: ["iife"], name: "bbbPage" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === "chunk");
  if (!chunk || chunk.type !== "chunk")
    throw new Error(`The browser bundle built no code (${relative(REPO_ROOT, HERE)}/page.ts)`);
  return chunk.code;
}
