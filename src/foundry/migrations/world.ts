/**
 * World migration: when the world's stored schema version (setting
 * `blow-by-blow.schemaVersion`) is older than `SCHEMA_VERSION`, the GM's client rewrites
 * every document whose stored `system` has an older shape: world actors and their embedded items,
 * world items, the world's chat messages (exchange cards), the deltas of unlinked tokens in every scene (`token.delta.system` and the items
 * the delta holds), and the Actor and Item documents of every unlocked compendium. The data
 * models already migrate on load (`migrateData`); this makes the change permanent in the
 * database. Which documents need it is decided from the raw data the server sent (`game.data`,
 * compendium indexes), because a loaded document's `_source` is already migrated.
 *
 * A world with nothing to rewrite (a new world, whose stored version is 0) only records
 * SCHEMA_VERSION: no notice is shown.
 *
 * Nothing is lost (issue 15): each migrated `system` is checked with the data model's rules
 * (repair.ts); a refused value is clamped or reset and an unknown field taken out, and both are
 * kept in the document's flag `blow-by-blow.migration` and listed in a GM warning. An Actor is
 * written with its items in one update (merged, `diff: false`), so a failure leaves it as it
 * was; the version is stored only when every document was written.
 *
 * Token deltas: a delta's `system` holds only the fields the token overrides, so it is
 * migrated on its own (the migrations move whichever keys are present); the delta's items are
 * full item sources. The delta is an embedded document field of its token (v13 `delta`,
 * ActorDeltaField), so one token update writes it all: the stored delta with its new `system`,
 * its items' new `system`s and the kept data in its flags and theirs, given whole
 * (`recursive: false` replaces the token's `delta` and nothing else of the token). Either all of
 * it is written or none (before, three writes: a failure on the items left the delta's system
 * and flag written).
 */
import type { TypeKey } from "../data/rules";
import { migrateSystem, needsMigration, SCHEMA_VERSION } from "./index";
import { escapeHtml } from "../sheets/common";
import { repairSystem, type Repair } from "./repair";
import { SCHEMA_SETTING as SETTING, SYSTEM_ID } from "./stored-version";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "blow-by-blow.schemaVersion": number;
  }
}

/** Registers the world setting holding the schema version of the stored data (call at `init`). */
export function registerMigrationSettings(): void {
  game.settings?.register(SYSTEM_ID, SETTING, {
    name: "BLOWBYBLOW.Settings.SchemaVersion.Name",
    hint: "BLOWBYBLOW.Settings.SchemaVersion.Hint",
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
}

/** A document as stored (raw, before any data model migrated it). */
export interface RawDocument {
  _id: string;
  type: string;
  name?: string;
  system?: unknown;
  items?: RawDocument[];
}

/**
 * What the migration could not write as stored, kept in the document's flag
 * `blow-by-blow.migration`: the fields the data model does not know (by `system` path, with
 * their values) and the values it replaced (repair.ts).
 */
export interface KeptData {
  version: number;
  unknown: Record<string, unknown>;
  replaced: Repair[];
}

/** One document's part of a plan: its new `system` and what was kept aside. */
export interface PlannedSystem {
  system: Record<string, unknown>;
  kept?: KeptData;
}

/** What to write for one document: its new `system`, and its embedded items' new `system`s. */
export interface PlannedUpdate {
  id: string;
  name?: string;
  system?: Record<string, unknown>;
  kept?: KeptData;
  items: ({ _id: string; name?: string } & PlannedSystem)[];
}

/** The flag scope and key holding `KeptData`. */
export const KEPT_FLAG = { scope: "blow-by-blow", key: "migration" } as const;

/** The world documents whose `system` is migrated (chat messages: exchange cards). */
export type MigratedDocument = "Actor" | "Item" | "ChatMessage";

const typeKey = (documentName: MigratedDocument, type: string) =>
  `${documentName}.${type}` as TypeKey;

/**
 * One `system` migrated and checked (repair.ts), or null when it is current and holds nothing
 * the data model would drop or refuse. Exchange cards are only migrated: their JSON fields are
 * opaque and their unknown fields are the migration's concern (kept in `system`).
 */
function planSystem(key: TypeKey, system: unknown, storedVersion: number): PlannedSystem | null {
  const migrates = needsMigration(key, system, storedVersion);
  const migrated = migrateSystem(key, system, storedVersion);
  if (migrated === null || typeof migrated !== "object" || Array.isArray(migrated)) return null;
  if (key.startsWith("ChatMessage."))
    return migrates ? { system: migrated as Record<string, unknown> } : null;
  const checked = repairSystem(key, migrated as Record<string, unknown>);
  const unknown = Object.keys(checked.unknown).length > 0;
  if (!migrates && !unknown && checked.repairs.length === 0) return null;
  return {
    system: checked.system,
    ...(unknown || checked.repairs.length
      ? {
          kept: { version: SCHEMA_VERSION, unknown: checked.unknown, replaced: checked.repairs },
        }
      : {}),
  };
}

/**
 * The update a raw document needs, or null when it is current. Pure. A `system` that holds a
 * value the data model would refuse or a field it does not know is planned too, repaired, with
 * what was changed kept aside (`kept`).
 */
export function planUpdate(
  documentName: MigratedDocument,
  raw: RawDocument,
  storedVersion = 0,
): PlannedUpdate | null {
  const plan: PlannedUpdate = { id: raw._id, ...(raw.name ? { name: raw.name } : {}), items: [] };
  const own = planSystem(typeKey(documentName, raw.type), raw.system, storedVersion);
  if (own) {
    plan.system = own.system;
    if (own.kept) plan.kept = own.kept;
  }
  if (documentName === "Actor") {
    for (const item of raw.items ?? []) {
      const planned = planSystem(typeKey("Item", item.type), item.system, storedVersion);
      if (planned)
        plan.items.push({ _id: item._id, ...(item.name ? { name: item.name } : {}), ...planned });
    }
  }
  return plan.system || plan.items.length ? plan : null;
}

/** The lines of a notice for what a plan kept aside or replaced (empty when nothing). */
export function keptLines(uuid: string, plan: PlannedUpdate): string[] {
  const lines: string[] = [];
  const show = (v: unknown) => JSON.stringify(v) ?? String(v);
  const add = (where: string, kept: KeptData | undefined) => {
    if (!kept) return;
    for (const r of kept.replaced)
      lines.push(`${where}: system.${r.path} ${escapeHtml(show(r.value))} → ${show(r.became)}`);
    for (const path of Object.keys(kept.unknown))
      lines.push(`${where}: system.${escapeHtml(path)} (unknown field)`);
  };
  // Names are user text and the notice is HTML: escaped.
  const label = (name: string | undefined, id: string) =>
    name ? `${escapeHtml(name)} [${id}]` : id;
  add(`${label(plan.name, uuid)}`, plan.kept);
  for (const item of plan.items)
    add(`${label(plan.name, uuid)} › ${label(item.name, item._id)}`, item.kept);
  return lines;
}

/**
 * The changes that write a plan: the new `system` (merged into the stored one), the kept data
 * in the flag, and for an Actor its embedded items in the same update (one database operation:
 * either all of it is written or none).
 */
export function planChanges(plan: PlannedUpdate): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const withKept = (target: Record<string, unknown>, part: Partial<PlannedSystem>) => {
    if (part.system) target.system = part.system;
    if (part.kept) target.flags = { [KEPT_FLAG.scope]: { [KEPT_FLAG.key]: part.kept } };
  };
  withKept(changes, plan);
  if (plan.items.length)
    changes.items = plan.items.map((i) => {
      const item: Record<string, unknown> = { _id: i._id };
      withKept(item, i);
      return item;
    });
  return changes;
}

/** The parts of a Foundry document the migration uses. */
interface UpdatableDocument {
  uuid: string;
  update(changes: object, options?: object): Promise<unknown>;
  updateEmbeddedDocuments?(name: "Item", updates: object[], options?: object): Promise<unknown>;
}

interface PackLike {
  collection: string;
  documentName: string;
  locked: boolean;
  getIndex(options: { fields: string[] }): Promise<Iterable<RawDocument>>;
  getDocument(id: string): Promise<UpdatableDocument | null | undefined>;
}

/** A token's ActorDelta as stored (v13: `_id`, `name`, `type`, `img`, `system`, `items`, `effects`, `ownership`, `flags`). */
export interface RawDelta {
  type?: string | null;
  system?: unknown;
  items?: RawDocument[];
  flags?: Record<string, unknown>;
  [field: string]: unknown;
}

/** A token as stored in a scene's raw data. */
export interface RawToken {
  _id: string;
  actorId?: string | null;
  actorLink?: boolean;
  delta?: RawDelta | null;
}

export interface RawScene {
  _id: string;
  tokens?: RawToken[];
}

/** An unlinked token's delta: the actor type it applies to, and the delta as stored. */
export function planDelta(
  token: RawToken,
  actorType: string | undefined,
  storedVersion = 0,
): PlannedUpdate | null {
  if (token.actorLink || !token.delta) return null;
  const type = token.delta.type ?? actorType;
  if (!type) return null;
  return planUpdate(
    "Actor",
    {
      _id: token._id,
      type,
      ...(token.delta.system === undefined || token.delta.system === null
        ? {}
        : { system: token.delta.system }),
      items: token.delta.items ?? [],
    },
    storedVersion,
  );
}

/**
 * The whole delta to store for a plan: the stored delta with its new `system` (replaced: it
 * holds only overrides, and the old shape's keys go), its items' new `system`s (items not
 * planned kept as stored) and what was set aside merged into its flags and theirs.
 */
export function deltaChanges(stored: RawDelta, plan: PlannedUpdate): Record<string, unknown> {
  const out = structuredClone(stored) as Record<string, unknown>;
  const kept = (flags: unknown, part: Partial<PlannedSystem>) => {
    const all = isObj(flags) ? flags : {};
    if (!part.kept) return all;
    const stored = all[KEPT_FLAG.scope];
    const scope = isObj(stored) ? stored : {};
    return { ...all, [KEPT_FLAG.scope]: { ...scope, [KEPT_FLAG.key]: part.kept } };
  };
  if (plan.system) out.system = plan.system;
  out.flags = kept(out.flags, plan);
  out.items = (stored.items ?? []).map((raw) => {
    const item = structuredClone(raw) as unknown as Record<string, unknown>;
    const planned = plan.items.find((i) => i._id === raw._id);
    if (!planned) return item;
    item.system = planned.system;
    item.flags = kept(item.flags, planned);
    return item;
  });
  return out;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

interface TokenLike {
  uuid: string;
  update(changes: object, options?: object): Promise<unknown>;
}

interface GameLike {
  user: { isGM: boolean } | null;
  data: {
    actors?: RawDocument[];
    items?: RawDocument[];
    messages?: RawDocument[];
    scenes?: RawScene[];
  };
  scenes?: { get(id: string): { tokens: { get(id: string): TokenLike | undefined } } | undefined };
  actors: { get(id: string): UpdatableDocument | undefined } | undefined;
  items: { get(id: string): UpdatableDocument | undefined } | undefined;
  messages?: { get(id: string): UpdatableDocument | undefined } | undefined;
  packs: Iterable<PackLike> & { contents?: PackLike[] };
  settings: {
    get(ns: string, key: string): unknown;
    set(ns: string, key: string, value: unknown): Promise<unknown>;
  };
  i18n: { format(key: string, data?: Record<string, string>): string };
}

/**
 * Exchange cards: `system` replaced whole (the old flat fields go). Token deltas: the token's
 * `delta` replaced whole (its system, items and flags in one write). Written even what the
 * client already migrated.
 */
const WRITE = { diff: false, recursive: false, render: false } as const;
/**
 * Actors and Items: merged (`recursive`), so that the flag holding what was kept aside joins
 * the document's other flags, and written even what the client already migrated. Fields left
 * out of the new `system` are dropped by the data model's cleaning when the server writes it.
 */
const WRITE_MERGED = { diff: false, render: false } as const;

async function apply(
  documentName: MigratedDocument,
  doc: UpdatableDocument,
  plan: PlannedUpdate,
): Promise<void> {
  if (documentName === "ChatMessage") {
    if (plan.system) await doc.update({ system: plan.system }, WRITE);
    return;
  }
  // One update: the actor and its items are written together or not at all.
  await doc.update(planChanges(plan), WRITE_MERGED);
}

export interface MigrationReport {
  /** False when nothing ran (not the GM, or the world is current). */
  ran: boolean;
  from: number;
  to: number;
  /** UUIDs of the documents rewritten. */
  updated: string[];
  failed: { uuid: string; error: string }[];
  /** What was repaired or kept aside, one line per field (`keptLines`). */
  kept: string[];
}

/**
 * Migrates the world if its stored schema version is older than `SCHEMA_VERSION` (or always,
 * with `force`). Only a GM's client does it. The version is stored only when every document
 * migrated; a failure is reported and the migration runs again on the next start.
 */
export async function migrateWorld({
  force = false,
}: { force?: boolean } = {}): Promise<MigrationReport> {
  // The migration reads stored data of older schema versions (`game.data`, pack indexes), which
  // fvtt-types describe in the current shape; `game` is read through the members used here.
  const g = game as unknown as GameLike;
  const from = Number(g.settings.get(SYSTEM_ID, SETTING) ?? 0);
  const report: MigrationReport = {
    ran: false,
    from,
    to: SCHEMA_VERSION,
    updated: [],
    failed: [],
    kept: [],
  };
  if (!g.user?.isGM || (!force && from >= SCHEMA_VERSION)) return report;
  report.ran = true;
  const version = String(SCHEMA_VERSION);

  interface Job {
    uuid: string;
    /** What the job repairs or keeps aside (shown once it is written). */
    lines: string[];
    write: () => Promise<string>;
  }
  const jobs: Job[] = [];
  const collect = (
    documentName: MigratedDocument,
    raws: Iterable<RawDocument>,
    find: (id: string) => Promise<UpdatableDocument | null | undefined>,
    where: string,
  ) => {
    for (const raw of raws) {
      const plan = planUpdate(documentName, raw, from);
      if (!plan) continue;
      const uuid = `${where}${documentName}.${raw._id}`;
      jobs.push({
        lines: keptLines(uuid, plan),
        uuid,
        write: async () => {
          const doc = await find(raw._id);
          if (!doc) throw new Error("not found");
          await apply(documentName, doc, plan);
          return doc.uuid;
        },
      });
    }
  };

  collect("Actor", g.data.actors ?? [], async (id) => g.actors?.get(id), "");
  collect("Item", g.data.items ?? [], async (id) => g.items?.get(id), "");
  // Only exchange cards have a system of ours; other messages' types have no migration.
  const cards = (g.data.messages ?? []).filter((m) => m.type === "exchange");
  collect("ChatMessage", cards, async (id) => g.messages?.get(id), "");
  const actorTypes = new Map((g.data.actors ?? []).map((a) => [a._id, a.type]));
  for (const scene of g.data.scenes ?? []) {
    for (const token of scene.tokens ?? []) {
      const plan = planDelta(
        token,
        token.actorId ? actorTypes.get(token.actorId) : undefined,
        from,
      );
      if (!plan) continue;
      const uuid = `Scene.${scene._id}.Token.${token._id}.ActorDelta.${token._id}`;
      jobs.push({
        uuid,
        lines: keptLines(uuid, plan),
        write: async () => {
          const doc = g.scenes?.get(scene._id)?.tokens.get(token._id);
          if (!doc) throw new Error("not found");
          // One update of the token: its whole delta, system, items and flags together.
          await doc.update({ delta: deltaChanges(token.delta!, plan) }, WRITE);
          return uuid;
        },
      });
    }
  }
  const packs = g.packs.contents ?? [...g.packs];
  for (const pack of packs) {
    if (pack.locked || (pack.documentName !== "Actor" && pack.documentName !== "Item")) continue;
    const documentName = pack.documentName;
    const fields = documentName === "Actor" ? ["system", "items"] : ["system"];
    const index = await pack.getIndex({ fields });
    collect(documentName, index, (id) => pack.getDocument(id), `Compendium.${pack.collection}.`);
  }

  // Nothing stored in an older shape (a new world): record the version without a notice.
  if (jobs.length === 0) {
    await g.settings.set(SYSTEM_ID, SETTING, SCHEMA_VERSION);
    return report;
  }

  ui.notifications?.info(g.i18n.format("BLOWBYBLOW.Migration.begin", { version }), {
    permanent: false,
  });
  for (const job of jobs) {
    try {
      report.updated.push(await job.write());
      report.kept.push(...job.lines);
    } catch (err) {
      report.failed.push({
        uuid: job.uuid,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }

  if (report.kept.length) {
    for (const line of report.kept) console.warn(`Blow by Blow migration: ${line}`);
    ui.notifications?.warn(
      g.i18n.format("BLOWBYBLOW.Migration.kept", {
        version,
        count: String(report.kept.length),
        list: report.kept.join("; "),
      }),
      { permanent: true },
    );
  }
  if (report.failed.length === 0) {
    await g.settings.set(SYSTEM_ID, SETTING, SCHEMA_VERSION);
    ui.notifications?.info(
      g.i18n.format("BLOWBYBLOW.Migration.done", { version, count: String(report.updated.length) }),
    );
  } else {
    for (const f of report.failed) console.error(`Blow by Blow migration: ${f.uuid}: ${f.error}`);
    ui.notifications?.error(
      g.i18n.format("BLOWBYBLOW.Migration.failed", {
        version,
        count: String(report.failed.length),
      }),
      { permanent: true },
    );
  }
  return report;
}
