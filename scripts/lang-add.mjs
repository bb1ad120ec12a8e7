#!/usr/bin/env node
/**
 * Deep-merges JSON fragments into lang/en.json (keys already there keep their place; new keys
 * are appended; a key whose value differs is replaced and reported). Used when several people
 * add strings at once: `node scripts/lang-add.mjs fragment.json [...]`.
 */
import { readFileSync, writeFileSync, renameSync } from "node:fs";
import { fileURLToPath } from "node:url";

const target = fileURLToPath(new URL("../lang/en.json", import.meta.url));

function merge(into, from, path) {
  for (const [key, value] of Object.entries(from)) {
    const here = path ? `${path}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      if (into[key] !== undefined && (typeof into[key] !== "object" || into[key] === null))
        throw new Error(`${here}: is a string in en.json, an object in the fragment`);
      into[key] ??= {};
      merge(into[key], value, here);
    } else if (typeof value === "string") {
      if (typeof into[key] === "object") throw new Error(`${here}: is an object in en.json`);
      if (into[key] !== undefined && into[key] !== value) console.log(`replaced ${here}`);
      into[key] = value;
    } else throw new Error(`${here}: expected a string or an object`);
  }
}

const lang = JSON.parse(readFileSync(target, "utf8"));
for (const file of process.argv.slice(2)) merge(lang, JSON.parse(readFileSync(file, "utf8")), "");
writeFileSync(`${target}.tmp`, `${JSON.stringify(lang, null, 2)}\n`);
renameSync(`${target}.tmp`, target);
