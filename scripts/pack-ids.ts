/**
 * The compendium id scheme (docs/packs.md): a document's `_id` is the first 16 base-62
 * characters of SHA-256 of a stable key (`<pack>:<name>`; an embedded item's key adds its
 * actor and type), so UUID links survive rebuilds. Shared by scripts/pack-sources.ts and
 * scripts/pack-actors.ts.
 */
import { createHash } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A stable 16-character document id from a stable key (`<pack>:<name>`). */
export function stableId(key: string): string {
  const digest = createHash("sha256").update(key, "utf8").digest();
  let id = "";
  for (let i = 0; id.length < 16; i++) id += BASE62[digest[i]! % 62];
  return id;
}
