/** `npm run build:packs`: compiles packs/_source/<pack>/ to packs/<pack>/ (see scripts/packs.ts). */
import { buildPacks } from "./packs";

try {
  const summaries = await buildPacks("packs/_source", "packs");
  if (summaries.length === 0) console.log("packs: no pack sources under packs/_source");
  for (const s of summaries)
    console.log(`packs: ${s.pack}: ${s.documents} documents from ${s.files} files`);
} catch (e) {
  console.error(`packs: ${(e as Error).message}`);
  process.exitCode = 1;
}
