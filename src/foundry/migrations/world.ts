/**
 * World migration: when the world's stored schema version (setting
 * `blow-by-blow.schemaVersion`) is older than `SCHEMA_VERSION`, the GM's client rewrites
 * every document whose stored `system` has an older shape: world actors and their embedded items,
 * world items, and the Actor and Item documents of every unlocked compendium. The data models
 * already migrate on load (`migrateData`); this makes the change permanent in the database.
 * Which documents need it is decided from the raw data the server sent (`game.data`, compendium
 * indexes), because a loaded document's `_source` is already migrated.
 */
import type { TypeKey } from "../data/rules";
import { migrateSystem, needsMigration, SCHEMA_VERSION } from "./index";

const SYSTEM_ID = "blow-by-blow";
const SETTING = "schemaVersion";

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
  system?: unknown;
  items?: RawDocument[];
}

/** What to write for one document: its new `system`, and its embedded items' new `system`s. */
export interface PlannedUpdate {
  id: string;
  system?: Record<string, unknown>;
  items: { _id: string; system: Record<string, unknown> }[];
}

const typeKey = (documentName: "Actor" | "Item", type: string) =>
  `${documentName}.${type}` as TypeKey;

/** The update a raw document needs, or null when it is current. Pure. */
export function planUpdate(documentName: "Actor" | "Item", raw: RawDocument): PlannedUpdate | null {
  const plan: PlannedUpdate = { id: raw._id, items: [] };
  const key = typeKey(documentName, raw.type);
  if (needsMigration(key, raw.system))
    plan.system = migrateSystem(key, raw.system) as Record<string, unknown>;
  if (documentName === "Actor") {
    for (const item of raw.items ?? []) {
      const itemKey = typeKey("Item", item.type);
      if (needsMigration(itemKey, item.system))
        plan.items.push({
          _id: item._id,
          system: migrateSystem(itemKey, item.system) as Record<string, unknown>,
        });
    }
  }
  return plan.system || plan.items.length ? plan : null;
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

interface GameLike {
  user: { isGM: boolean } | null;
  data: { actors?: RawDocument[]; items?: RawDocument[] };
  actors: { get(id: string): UpdatableDocument | undefined } | undefined;
  items: { get(id: string): UpdatableDocument | undefined } | undefined;
  packs: Iterable<PackLike> & { contents?: PackLike[] };
  settings: {
    get(ns: string, key: string): unknown;
    set(ns: string, key: string, value: unknown): Promise<unknown>;
  };
  i18n: { format(key: string, data?: Record<string, string>): string };
}

/** Replaces `system` whole (the old flat fields go) and writes even what the client already migrated. */
const WRITE = { diff: false, recursive: false, render: false } as const;

async function apply(
  documentName: "Actor" | "Item",
  doc: UpdatableDocument,
  plan: PlannedUpdate,
): Promise<void> {
  if (plan.system) await doc.update({ system: plan.system }, WRITE);
  if (documentName === "Actor" && plan.items.length)
    await doc.updateEmbeddedDocuments?.("Item", plan.items, WRITE);
}

export interface MigrationReport {
  /** False when nothing ran (not the GM, or the world is current). */
  ran: boolean;
  from: number;
  to: number;
  /** UUIDs of the documents rewritten. */
  updated: string[];
  failed: { uuid: string; error: string }[];
}

/**
 * Migrates the world if its stored schema version is older than `SCHEMA_VERSION` (or always,
 * with `force`). Only a GM's client does it. The version is stored only when every document
 * migrated; a failure is reported and the migration runs again on the next start.
 */
export async function migrateWorld({
  force = false,
}: { force?: boolean } = {}): Promise<MigrationReport> {
  // The pinned fvtt-types describe `game` far more precisely than this needs; read it through
  // the few members used here.
  const g = game as unknown as GameLike;
  const from = Number(g.settings.get(SYSTEM_ID, SETTING) ?? 0);
  const report: MigrationReport = { ran: false, from, to: SCHEMA_VERSION, updated: [], failed: [] };
  if (!g.user?.isGM || (!force && from >= SCHEMA_VERSION)) return report;
  report.ran = true;
  const version = String(SCHEMA_VERSION);
  ui.notifications?.info(g.i18n.format("BLOWBYBLOW.Migration.begin", { version }), {
    permanent: false,
  });

  const run = async (
    documentName: "Actor" | "Item",
    raws: Iterable<RawDocument>,
    find: (id: string) => Promise<UpdatableDocument | null | undefined>,
    where: string,
  ) => {
    for (const raw of raws) {
      const plan = planUpdate(documentName, raw);
      if (!plan) continue;
      const uuid = `${where}${documentName}.${raw._id}`;
      try {
        const doc = await find(raw._id);
        if (!doc) throw new Error("not found");
        await apply(documentName, doc, plan);
        report.updated.push(doc.uuid);
      } catch (err) {
        report.failed.push({ uuid, error: err instanceof Error ? err.message : String(err) });
      }
    }
  };

  await run("Actor", g.data.actors ?? [], async (id) => g.actors?.get(id), "");
  await run("Item", g.data.items ?? [], async (id) => g.items?.get(id), "");
  const packs = g.packs.contents ?? [...g.packs];
  for (const pack of packs) {
    if (pack.locked || (pack.documentName !== "Actor" && pack.documentName !== "Item")) continue;
    const documentName = pack.documentName;
    const fields = documentName === "Actor" ? ["system", "items"] : ["system"];
    const index = await pack.getIndex({ fields });
    await run(documentName, index, (id) => pack.getDocument(id), `Compendium.${pack.collection}.`);
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
