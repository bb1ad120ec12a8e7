/**
 * The hmzd weapon conversion as a re-runnable script entry (ruling Z12, Z23): reads the HM3
 * weapon rows kept in `reference/` (scripts/reference-data.ts; `npm run reference` writes them
 * from `../shared/data/hm3/`) and converts each with `src/rules/hmzd/convert.ts`. The pack
 * script calls `hmzdMeleeWeapons()` and `hmzdMissiles()`; the same rows always give the same
 * weapons. Hand modes are the HM3 packs' (docs/rulings.md R35). Run on its own
 * (`npx tsx scripts/hmzd-weapons.ts`) it prints the conversion, one weapon a line, to review.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  convertMeleeWeapon,
  formatImpact,
  convertMissile,
  RANGE_BAND_IDS,
  type ConvertedMissile,
  type ConvertedWeapon,
  type Hm3MeleeStats,
  type Hm3MissileStats,
} from "../src/rules/hmzd/convert";
import { FEET_PER_HEX, handMode, num } from "./pack-sources";
import { referenceCsv, type CsvRow } from "./reference-data";

/** A CSV impact: −1 (absent) is null. */
function impactCell(row: CsvRow, column: string): number | null {
  const v = num(row, column);
  return v === -1 ? null : v;
}

function textCell(row: CsvRow, column: string): string {
  const raw = row.cells[column]?.trim() ?? "";
  if (raw === "") throw new Error(`${row.file}:${row.line}: ${column} is empty`);
  return raw;
}

/** The HM3 figures of one melee-weapons.csv row. */
export function hm3MeleeStats(row: CsvRow): Hm3MeleeStats {
  const name = textCell(row, "name");
  return {
    name,
    skill: textCell(row, "skill"),
    impact: {
      blunt: impactCell(row, "blunt"),
      edge: impactCell(row, "edge"),
      point: impactCell(row, "point"),
    },
    handMode: handMode(name),
  };
}

const MISSILE_ASPECTS: Readonly<Record<string, Hm3MissileStats["aspect"]>> = Object.freeze({
  Piercing: "point",
  Blunt: "blunt",
  Edged: "edge",
});

/** The HM3 figures of one missile-weapons.csv row (ranges in hexes of 5 ft, R37). */
export function hm3MissileStats(row: CsvRow): Hm3MissileStats {
  const cell = textCell(row, "aspect");
  const aspect = MISSILE_ASPECTS[cell];
  if (!aspect)
    throw new Error(`${row.file}:${row.line}: aspect ${JSON.stringify(cell)} is not known`);
  const ranges = {} as Hm3MissileStats["ranges"];
  for (const band of RANGE_BAND_IDS)
    ranges[band] = {
      range: num(row, `${band}_range_ft`) / FEET_PER_HEX,
      impact: num(row, `${band}_impact`),
    };
  return { name: textCell(row, "name"), skill: textCell(row, "skill"), aspect, ranges };
}

/**
 * Every HM3 melee weapon and shield converted (Z12), in CSV order; a weapon HM3 gives no aspect
 * at all (the sling, a missile launcher) has no mode and is left out (Z23).
 */
export function hmzdMeleeWeapons(): ConvertedWeapon[] {
  return referenceCsv("melee-weapons.csv")
    .map((row) => convertMeleeWeapon(hm3MeleeStats(row)))
    .filter((w) => w.modes.length > 0);
}

/** Every HM3 missile converted (Z12: each band's impact with d8; Z4: zone die d10). */
export function hmzdMissiles(): ConvertedMissile[] {
  return referenceCsv("missile-weapons.csv").map((row) => convertMissile(hm3MissileStats(row)));
}

/** The conversion as text, one weapon a line: `Handaxe (Axe) ZD d6: swing d10+4E, …`. */
export function conversionReport(): string {
  const melee = hmzdMeleeWeapons().map(
    (w) =>
      `${w.name} (${w.skill}) ZD d${w.zoneDie}: ` +
      w.modes.map((m) => `${m.name} ${formatImpact(m.impact)}`).join(", ") +
      (w.source === "Z12" ? "" : ` [as printed, ${w.source}]`),
  );
  const missiles = hmzdMissiles().map(
    (m) =>
      `${m.name} (${m.skill}) ZD d${m.zoneDie}: ` +
      RANGE_BAND_IDS.map(
        (b) =>
          `${b} ${m.ranges[b].range} hexes ${formatImpact({ die: m.die, base: m.ranges[b].base, aspect: m.aspect })}`,
      ).join(", "),
  );
  return [...melee, ...missiles].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(conversionReport());
}
