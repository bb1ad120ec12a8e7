/**
 * `npm run packs:sources`: writes the HârnMaster 3 compendium pack sources
 * (`packs/_source/<pack>/<slug>.json`) from the reference statistics of `../shared/data/hm3/*.csv`
 * (hm3.md §3), as kept in the repository by `npm run reference` (`reference/hm3-*.json`, so this
 * script needs no `../shared`), and the seed 003 tables the engine already holds; then the
 * GURPS Man to Man item packs (scripts/pack-sources-m2m.ts, from the m2m engine's tables).
 * Re-runnable: the same CSVs give byte-identical files; a test checks that the committed
 * sources are what this script writes, so nobody edits them by hand out of step.
 *
 * Ids are stable: the first 16 base-62 characters of SHA-256("<pack>:<name>"), so UUID links
 * (`Compendium.blow-by-blow.<pack>.Item.<id>`) survive rebuilds. The rulings this conversion
 * needs (hand modes, missile velocity, feet to hexes, the two armour rows without locations)
 * are R35-R38 in docs/rulings.md; docs/packs.md describes the packs.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Aspect, LocationId, Material } from "../src/rules/hm3/tables";
import { LOCATIONS, MATERIALS } from "../src/rules/hm3/tables";
import type { HandMode } from "../src/rules/hm3/character-types";
import { bodyPlanDocs, fighterDocs } from "./pack-actors";
import { generateM2mSources, M2M_ALL_PACKS } from "./pack-sources-m2m";
import { generateHmzdSources, HMZD_ALL_PACKS } from "./pack-sources-hmzd";
import { itemDoc, slug, stableId } from "./pack-ids";
import { documentProblems, formatSourceProblems } from "./pack-validate";
import { referenceCsv, type CsvRow } from "./reference-data";

export type { CsvRow };

type Obj = Record<string, unknown>;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const SOURCE_DIR = join(ROOT, "packs/_source");

/** The item packs this script writes, by pack name. */
export const ITEM_PACKS = Object.freeze({
  melee: "hm3-melee-weapons",
  missile: "hm3-missile-weapons",
  armour: "hm3-armour",
} as const);

/** The actor packs this script writes. */
export const ACTOR_PACKS = Object.freeze({
  plans: "hm3-body-plans",
  fighters: "hm3-sample-fighters",
} as const);

/** Every HM3 pack this script writes (the zone-die packs made from them: HMZD_ALL_PACKS). */
export const ALL_PACKS: readonly string[] = [
  ...Object.values(ITEM_PACKS),
  ...Object.values(ACTOR_PACKS),
];

// ── CSV ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Parses the CSVs of `../shared/data/hm3/` (`npm run reference` keeps their rows in
 * `reference/`): a header line, then one row per line; fields separated by commas,
 * optionally double-quoted ("" inside quotes is a quote). A row with a different number of
 * fields than the header is refused, naming the file and line.
 */
export function parseCsv(text: string, file: string): CsvRow[] {
  const lines = text.split(/\r?\n/);
  const split = (line: string, n: number): string[] => {
    const out: string[] = [];
    let cur = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cur += c;
      } else if (c === '"') quoted = true;
      else if (c === ",") {
        out.push(cur);
        cur = "";
      } else cur += c;
    }
    if (quoted) throw new Error(`${file}:${n}: unterminated quote`);
    out.push(cur);
    return out;
  };
  const header = split(lines[0] ?? "", 1);
  const rows: CsvRow[] = [];
  lines.slice(1).forEach((line, i) => {
    const n = i + 2;
    if (line.trim() === "") return;
    const fields = split(line, n);
    if (fields.length !== header.length)
      throw new Error(
        `${file}:${n}: expected ${header.length} fields (${header.join(",")}), got ${fields.length}`,
      );
    rows.push({ file, line: n, cells: Object.fromEntries(header.map((h, j) => [h, fields[j]!])) });
  });
  return rows;
}

/** A numeric cell, refused (file, line, column and value named) when it is not a number. */
export function num(row: CsvRow, column: string): number {
  const raw = row.cells[column];
  const value = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  if (!Number.isFinite(value))
    throw new Error(
      `${row.file}:${row.line}: ${column} must be a number, got ${JSON.stringify(raw)}`,
    );
  return value;
}

/**
 * The WQ column: the CSVs give 0 for body parts (Foot/Leg/Knee, Hand/Arm, Head) and sling
 * stones, which have no weapon quality; ruling R41 stores that as null (no weapon damage roll,
 * never broken) so the items fight as they are.
 */
export function wqCell(row: CsvRow): number | null {
  const wq = num(row, "wq");
  return wq === 0 ? null : wq;
}

function text(row: CsvRow, column: string): string {
  const raw = row.cells[column]?.trim() ?? "";
  if (raw === "") throw new Error(`${row.file}:${row.line}: ${column} is empty`);
  return raw;
}

// ── Ids ──────────────────────────────────────────────────────────────────────────────────────

export { slug, stableId };

// ── Rulings (docs/rulings.md R35-R38) ────────────────────────────────────────────────────────

/**
 * R35: the CSV gives no hand mode. Two-handed: the great weapons and polearms HM3 describes as
 * wielded in both hands, the bows and the staff sling used as clubs; either hand or both: the
 * bastard sword (hand-and-a-half), spear and trident; every other weapon is one-handed (lance
 * and jousting pole are couched under one arm from horseback).
 */
export const TWO_HANDED: ReadonlySet<string> = new Set([
  "Battleaxe",
  "Battlesword",
  "Glaive/Bill",
  "Grainflail",
  "Maul",
  "Pike",
  "Poleaxe",
  "Staff",
  "Staff Sling",
  "Warflail",
  "Crossbow",
  "Hartbow",
  "Longbow",
  "Shortbow",
]);
export const EITHER_HANDED: ReadonlySet<string> = new Set(["Bastard Sword", "Spear", "Trident"]);

/**
 * HârnMaster Gold weapon reach (seed 000 line 368, ruling G68): the Long Reach weapons the seed
 * names, the pike and the ísagâra (the pack's Isagra).
 */
export const LONG_REACH: ReadonlySet<string> = new Set(["Pike", "Isagra"]);

export function handMode(name: string): HandMode {
  if (TWO_HANDED.has(name)) return "two";
  if (EITHER_HANDED.has(name)) return "either";
  return "one";
}

/**
 * R36: seed 003 lines 37-50 name low and high velocity missiles without saying which is which.
 * Arrows and bolts (bow and crossbow) are high velocity; thrown weapons, sling stones and
 * blowgun darts are low velocity.
 */
export function velocity(skill: string): "low" | "high" {
  return skill === "Bow" || skill === "Crossbow" ? "high" : "low";
}

/** R37: the CSV's missile ranges are in feet; HM3 measures them in hexes of 5 ft (hm3.md §3). */
export const FEET_PER_HEX = 5;

/**
 * R38: two plate pieces have no covered locations in the CSV; their names say which (a couter
 * guards the elbow, a kneecop the knee).
 */
export const MISSING_LOCATIONS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  "Plate Coudes": Object.freeze(["Elbow"]),
  "Plate Kneecops": Object.freeze(["Knee"]),
});

// ── Documents ────────────────────────────────────────────────────────────────────────────────

const ASPECT_COLUMNS: readonly (Exclude<Aspect, "fire"> & string)[] = ["blunt", "edge", "point"];

/** A CSV impact: −1 means the weapon has no such aspect (hm3.md §3): null, never 0. */
function impact(row: CsvRow, column: string): number | null {
  const v = num(row, column);
  return v === -1 ? null : v;
}

function physical(row: CsvRow): Obj {
  return {
    quantity: 1,
    weight: num(row, "weight_lb"),
    carried: true,
    equipped: false,
    held: "none",
  };
}

function description(row: CsvRow): string {
  return `<p>${text(row, "source")}. Price ${num(row, "price_d")}d.</p>`;
}

/**
 * The cutting weapons of HârnMaster Gold (seed 000 line 67: "any Knife; Longknife; Whip"):
 * every Dagger-skill weapon of the CSV, the Longknife and the Whip (ruling G25).
 */
const CUTTING_WEAPONS: ReadonlySet<string> = new Set([
  "Dagger",
  "Knife",
  "Keltan",
  "Taburi",
  "Longknife",
  "Whip",
]);

/** A melee weapon or shield (melee-weapons.csv). Shields: the CSV's skill is Shield. */
export function meleeDoc(row: CsvRow): Obj {
  const name = text(row, "name");
  const skill = text(row, "skill");
  const shield = skill === "Shield";
  const impacts: Record<Aspect, number | null> = {
    blunt: null,
    edge: null,
    point: null,
    fire: null,
  };
  for (const a of ASPECT_COLUMNS) impacts[a] = impact(row, a);
  return itemDoc(
    ITEM_PACKS.melee,
    name,
    "weapon",
    shield ? "icons/svg/shield.svg" : "icons/svg/sword.svg",
    {
      description: description(row),
      ...physical(row),
      hm3: {
        skill,
        wq: wqCell(row),
        attack: num(row, "attack"),
        defence: num(row, "defence"),
        impact: impacts,
        handMode: handMode(name),
        shield,
        cutting: CUTTING_WEAPONS.has(name),
        longReach: LONG_REACH.has(name),
        // HârnMaster Gold hand mode and strength (rulings G17-G19): the defaults; GMs set them.
        handModePenalty: null,
        strRequirement: 0,
        lighterClasses: 0,
      },
    },
  );
}

const MISSILE_ASPECT: Readonly<Record<string, Aspect>> = Object.freeze({
  Piercing: "point",
  Blunt: "blunt",
  Edged: "edge",
});

/** A missile (missile-weapons.csv): range bands in hexes with their impacts. */
export function missileDoc(row: CsvRow): Obj {
  const name = text(row, "name");
  const skill = text(row, "skill");
  const aspectCell = text(row, "aspect");
  const aspect = MISSILE_ASPECT[aspectCell];
  if (!aspect)
    throw new Error(`${row.file}:${row.line}: aspect ${JSON.stringify(aspectCell)} is not known`);
  const band = (b: string) => {
    const feet = num(row, `${b}_range_ft`);
    if (feet % FEET_PER_HEX !== 0)
      throw new Error(`${row.file}:${row.line}: ${b}_range_ft ${feet} is not whole hexes`);
    return { range: feet / FEET_PER_HEX, impact: num(row, `${b}_impact`) };
  };
  return itemDoc(ITEM_PACKS.missile, name, "missile", "icons/svg/target.svg", {
    description: description(row),
    ...physical(row),
    hm3: {
      skill,
      aspect,
      velocity: velocity(skill),
      wq: wqCell(row),
      ranges: {
        short: band("short"),
        medium: band("medium"),
        long: band("long"),
        extreme: band("extreme"),
      },
    },
  });
}

/** A CSV body location ("Upper Arm") as the engine's id ("upper-arm"). */
export function locationId(row: CsvRow, name: string): LocationId {
  const id = name.trim().toLowerCase().replace(/\s+/g, "-");
  if (!(LOCATIONS as readonly string[]).includes(id))
    throw new Error(
      `${row.file}:${row.line}: location ${JSON.stringify(name)} is not an HM3 location`,
    );
  return id as LocationId;
}

/** An armour piece (armour.csv): material, standard quality, the locations it covers. */
export function armourDoc(row: CsvRow): Obj {
  const name = text(row, "name");
  const materialCell = text(row, "material");
  const material = materialCell.toLowerCase() as Material;
  if (!(MATERIALS as readonly string[]).includes(material))
    throw new Error(
      `${row.file}:${row.line}: material ${JSON.stringify(materialCell)} is not known`,
    );
  const listed = (row.cells.locations ?? "").trim();
  const names = listed ? listed.split(";") : (MISSING_LOCATIONS[name] ?? []);
  if (names.length === 0) throw new Error(`${row.file}:${row.line}: ${name} covers no location`);
  return itemDoc(ITEM_PACKS.armour, name, "armour", "icons/svg/statue.svg", {
    description: description(row),
    ...physical(row),
    hm3: {
      material,
      quality: 0,
      enchantment: 0,
      locations: names.map((n) => locationId(row, n)),
      squeeze: null,
      tear: null,
    },
  });
}

// ── Generation ───────────────────────────────────────────────────────────────────────────────

/**
 * The rows of one of the reference CSVs (`melee-weapons.csv`…), from the repository's reference
 * data (`reference/hm3-<name>.json`, written from `../shared/data/hm3/` by `npm run reference`).
 */
export function readCsv(file: string): CsvRow[] {
  return referenceCsv(file);
}

/** The HM3 pack documents by pack, in CSV order; `items` by name. */
export function hm3Docs(): {
  byPack: { pack: string; doc: Obj }[];
  items: Map<string, Obj>;
  plans: Obj[];
  fighters: Obj[];
} {
  const byPack: { pack: string; doc: Obj }[] = [];
  const items = new Map<string, Obj>();
  const keep = (pack: string, doc: Obj) => {
    items.set(String(doc.name), doc);
    byPack.push({ pack, doc });
  };
  for (const row of readCsv("melee-weapons.csv")) keep(ITEM_PACKS.melee, meleeDoc(row));
  for (const row of readCsv("missile-weapons.csv")) keep(ITEM_PACKS.missile, missileDoc(row));
  for (const row of readCsv("armour.csv")) keep(ITEM_PACKS.armour, armourDoc(row));
  const plans = bodyPlanDocs();
  const fighters = fighterDocs(items);
  for (const doc of plans) byPack.push({ pack: ACTOR_PACKS.plans, doc });
  for (const doc of fighters) byPack.push({ pack: ACTOR_PACKS.fighters, doc });
  return { byPack, items, plans, fighters };
}

/** Every HM3 source file this script writes: path under packs/_source → its JSON text. */
export function generateSources(): Map<string, string> {
  const out = new Map<string, string>();
  for (const { pack, doc } of hm3Docs().byPack) {
    const path = `${pack}/${slug(String(doc.name))}.json`;
    if (out.has(path)) throw new Error(`two documents would be written to ${path}`);
    out.set(path, `${JSON.stringify(doc, null, 2)}\n`);
  }
  return out;
}

/** The zone-die source files: the HM3 documents with their hmzd blocks (scripts/pack-sources-hmzd.ts). */
export function generateZoneDieSources(): Map<string, string> {
  return generateHmzdSources(hm3Docs());
}

/** Writes the sources, replacing each generated pack folder's JSON files (`packs`: which folders). */
export function writeSources(
  sources: Map<string, string>,
  root = SOURCE_DIR,
  packs: readonly string[] = ALL_PACKS,
): void {
  for (const pack of packs) {
    const dir = join(root, pack);
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(dir)) if (f.endsWith(".json")) rmSync(join(dir, f));
  }
  for (const [path, body] of sources) writeFileSync(join(root, path), body);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    // The HM3 packs, the zone-die packs made from them, the GURPS Man to Man packs.
    const sources = new Map([
      ...generateSources(),
      ...generateZoneDieSources(),
      ...generateM2mSources(),
    ]);
    // Nothing is written when a generated document would fail the build's check.
    const problems = [...sources].flatMap(([path, body]) => {
      const doc = JSON.parse(body) as Obj;
      const collection = String(doc._key).split("!")[1]!;
      const found = documentProblems(doc, collection);
      return found.length ? [formatSourceProblems(path, found)] : [];
    });
    if (problems.length) throw new Error(`malformed documents:\n${problems.join("\n")}`);
    writeSources(sources, SOURCE_DIR, [...ALL_PACKS, ...HMZD_ALL_PACKS, ...M2M_ALL_PACKS]);
    console.log(`packs:sources: ${sources.size} documents written under packs/_source`);
  } catch (e) {
    console.error(`packs:sources: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
