/**
 * The HârnMaster zone-die pack sources (`packs/_source/hmzd-*`, issue 18), written by
 * `npm run packs:sources` (scripts/pack-sources.ts calls `generateHmzdSources`) from the HM3 pack
 * documents this same run writes and helper zd-content's pure data: the Z12 weapon conversion
 * (scripts/hmzd-weapons.ts over src/rules/hmzd/convert.ts; the broadsword as the seed prints
 * it), the creature plans made for hmzd (src/rules/hmzd/plans.ts, Z24) and the sample fighters
 * (src/rules/hmzd/samples.ts). Re-runnable: the same data give byte-identical files;
 * test/packs/hmzd-packs.test.ts checks the committed sources are what this writes.
 *
 * hmzd keeps only what the zone-die routine adds to HârnMaster (src/foundry/rulesets/hmzd), so
 * each document is its HM3 document (skill, WQ, attack and defence, attributes, skills, armour)
 * with its `system.hmzd` block: a weapon's zone die and modes, a missile's zone die and one mode
 * per range band (Z12: each band's impact with d8), a creature's zone plan. There is no hmzd
 * armour pack: HM3 armour items serve (Z13, Z25), read from their `system.hm3`.
 */
import { CREATURE_PLANS } from "../src/rules/hmzd/plans";
import { hmzdSample } from "../src/rules/hmzd/samples";
import {
  MISSILE_ZONE_DIE,
  RANGE_BAND_IDS,
  type ConvertedMissile,
  type ConvertedWeapon,
} from "../src/rules/hmzd/convert";
import type { HmzdMissileInput, HmzdWeaponInput } from "../src/rules/hmzd/character";
import { humanPlanSource, planSource } from "../src/foundry/rulesets/hmzd/plans";
import type { HmzdModeSource, HmzdWeaponBlock } from "../src/foundry/rulesets/hmzd/source";
import { hmzdMeleeWeapons, hmzdMissiles } from "./hmzd-weapons";
import { slug, stableId } from "./pack-ids";

type Obj = Record<string, unknown>;

/** The hmzd packs, by kind. */
export const HMZD_PACKS = Object.freeze({
  weapons: "hmzd-weapons",
  missiles: "hmzd-missile-weapons",
  plans: "hmzd-body-plans",
  fighters: "hmzd-sample-fighters",
} as const);

export const HMZD_ALL_PACKS: readonly string[] = Object.values(HMZD_PACKS);

/** A converted weapon's block (Z12): its zone die and modes. */
export function weaponBlock(w: Pick<ConvertedWeapon, "zoneDie" | "modes">): HmzdWeaponBlock {
  return {
    zoneDie: w.zoneDie,
    modes: w.modes.map((m) => ({ name: m.name, ...m.impact })),
  };
}

/** A converted missile's block (Z12, Z4): zone die d10, one mode per range band, d8 + the band's base. */
export function missileBlock(m: {
  zoneDie: number;
  die: number;
  aspect: ConvertedMissile["aspect"];
  ranges: Readonly<Record<(typeof RANGE_BAND_IDS)[number], { base: number }>>;
}): HmzdWeaponBlock {
  return {
    zoneDie: m.zoneDie,
    modes: RANGE_BAND_IDS.map(
      (band): HmzdModeSource => ({
        name: band,
        die: m.die,
        base: m.ranges[band].base,
        aspect: m.aspect,
      }),
    ),
  };
}

const clone = <T>(v: T): T => structuredClone(v);

/** An HM3 pack document as a document of `pack`: its id and key made for that pack. */
function rekey(doc: Obj, pack: string, collection: "items" | "actors"): Obj {
  const _id = stableId(`${pack}:${String(doc.name)}`);
  return { ...clone(doc), _id, _key: `!${collection}!${_id}` };
}

const uuid = (pack: string, kind: "Item" | "Actor", id: string) =>
  `Compendium.blow-by-blow.${pack}.${kind}.${id}`;

/**
 * Every hmzd pack document, with its pack: the converted weapons and missiles (their HM3
 * documents with the hmzd block), the human, dog and horse plans, the sample fighters. `hm3`:
 * the HM3 pack documents of this run by pack (`items` by name; `plans`; `fighters`).
 */
export function hmzdDocs(hm3: {
  items: ReadonlyMap<string, Obj>;
  plans: readonly Obj[];
  fighters: readonly Obj[];
}): { pack: string; doc: Obj }[] {
  const out: { pack: string; doc: Obj }[] = [];
  const byName = new Map<string, Obj>();
  const item = (pack: string, hm3Name: string, hmzd: HmzdWeaponBlock) => {
    const source = hm3.items.get(hm3Name);
    if (!source) throw new Error(`hmzd packs: no HM3 pack item named ${JSON.stringify(hm3Name)}`);
    const doc = rekey(source, pack, "items");
    (doc.system as Obj).hmzd = hmzd;
    out.push({ pack, doc });
    byName.set(hm3Name, doc);
  };
  for (const w of hmzdMeleeWeapons()) item(HMZD_PACKS.weapons, w.name, weaponBlock(w));
  for (const m of hmzdMissiles()) item(HMZD_PACKS.missiles, m.name, missileBlock(m));

  // Body plans: the HM3 plan documents (their HM3 plan carries the HM3 ids armour names, Z25)
  // with the zone plan of §2 (human) or the one made for hmzd (Z24).
  const zonePlans: Record<string, Obj> = {
    "Human (body plan)": humanPlanSource() as unknown as Obj,
    "Dog (body plan)": creaturePlan("dog"),
    "Horse (body plan)": creaturePlan("horse"),
  };
  for (const plan of hm3.plans) {
    const zones = zonePlans[String(plan.name)];
    if (!zones) throw new Error(`hmzd packs: no zone plan for ${String(plan.name)}`);
    const doc = rekey(plan, HMZD_PACKS.plans, "actors");
    (doc.system as { hmzd: Obj }).hmzd.bodyPlan = zones;
    if (plan.name !== "Human (body plan)")
      (doc.system as Obj).description =
        `<p>${CREATURE_PLANS[plan.name === "Dog (body plan)" ? "dog" : "horse"].description}</p>`;
    out.push({ pack: HMZD_PACKS.plans, doc });
  }

  for (const fighter of hm3.fighters)
    out.push({ pack: HMZD_PACKS.fighters, doc: fighterDoc(fighter, byName) });
  return out;
}

/** A creature plan of src/rules/hmzd/plans.ts as stored, with its English names (Z24). */
function creaturePlan(id: "dog" | "horse"): Obj {
  const entry = CREATURE_PLANS[id];
  return planSource(entry.plan, entry.name, {
    ...entry.zoneNames,
    ...entry.locationNames,
  }) as unknown as Obj;
}

/**
 * An HM3 sample fighter as an hmzd one (src/rules/hmzd/samples.ts, same attributes, skills and
 * kit): new ids, each weapon and missile with the sample's converted block and linked to its
 * hmzd pack item, the war dog on the dog's zone plan (Z24).
 */
function fighterDoc(hm3Doc: Obj, byName: ReadonlyMap<string, Obj>): Obj {
  const name = String(hm3Doc.name);
  const sample = hmzdSample(slug(name));
  if (!sample) throw new Error(`hmzd packs: no hmzd sample for ${JSON.stringify(name)}`);
  const doc = rekey(hm3Doc, HMZD_PACKS.fighters, "actors");
  const actorId = String(doc._id);
  const system = doc.system as { description: string; hmzd: Obj };
  system.description = `<p>${sample.description}</p>`;
  const plan = sample.character.bodyPlan;
  if (plan !== undefined && plan !== "human") {
    if (typeof plan !== "string") throw new Error(`hmzd packs: ${name}'s own plan is not shipped`);
    system.hmzd.bodyPlan = creaturePlan(plan);
  }
  const weapons = new Map<string, HmzdWeaponInput>(
    (sample.character.weapons ?? []).map((w) => [w.name, w]),
  );
  const missiles = new Map<string, HmzdMissileInput>(
    (sample.character.missiles ?? []).map((m) => [m.name, m]),
  );
  doc.items = (doc.items as Obj[]).map((raw) => {
    const it = clone(raw);
    const itemName = String(it.name);
    const _id = stableId(`${HMZD_PACKS.fighters}:${name}:${String(it.type)}:${itemName}`);
    it._id = _id;
    it._key = `!actors.items!${actorId}.${_id}`;
    const sys = it.system as Obj;
    if (it.type === "weapon" || it.type === "missile") {
      const w = weapons.get(itemName);
      const m = missiles.get(itemName);
      if (it.type === "weapon" && w)
        sys.hmzd = {
          zoneDie: w.zoneDie,
          modes: w.modes.map((x) => ({ name: x.name, ...x.impact })),
        };
      else if (it.type === "missile" && m)
        // Z4: a missile's zone die is d10 unaimed, as the converted pack missile's.
        sys.hmzd = missileBlock({ zoneDie: MISSILE_ZONE_DIE, ...m });
      else throw new Error(`hmzd packs: ${name}'s ${itemName} is not in its hmzd sample`);
      const packItem = byName.get(itemName);
      const pack = it.type === "weapon" ? HMZD_PACKS.weapons : HMZD_PACKS.missiles;
      if (packItem) it._stats = { compendiumSource: uuid(pack, "Item", String(packItem._id)) };
      else delete it._stats;
    }
    return it;
  });
  return doc;
}

/** Every hmzd source file: path under packs/_source → its JSON text. */
export function generateHmzdSources(hm3: Parameters<typeof hmzdDocs>[0]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { pack, doc } of hmzdDocs(hm3)) {
    const path = `${pack}/${slug(String(doc.name))}.json`;
    if (out.has(path)) throw new Error(`two documents would be written to ${path}`);
    out.set(path, `${JSON.stringify(doc, null, 2)}\n`);
  }
  return out;
}
