/**
 * `npm run build:packs`: compiles packs/_source/<pack>/ to packs/<pack>/ (see scripts/packs.ts).
 * `--out <dir>` compiles to <dir>/<pack>/ instead (the release test builds into test-output/).
 */
import { parseArgs } from "node:util";
import { buildPacks } from "./packs";

try {
  const { values } = parseArgs({ options: { out: { type: "string", default: "packs" } } });
  const summaries = await buildPacks("packs/_source", values.out);
  if (summaries.length === 0) console.log("packs: no pack sources under packs/_source");
  for (const s of summaries)
    console.log(`packs: ${s.pack}: ${s.documents} documents from ${s.files} files`);
} catch (e) {
  console.error(`packs: ${(e as Error).message}`);
  process.exitCode = 1;
}
