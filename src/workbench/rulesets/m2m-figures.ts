/**
 * A GURPS Man to Man sample fighter's figures as the workbench shows them: everything comes from
 * `deriveM2mActor` (the engine's `deriveCharacter`) and the engine's own tables and functions
 * (weapon damage by mode, the HP and fatigue thresholds); each derived figure is itemised as the
 * engine gives it (its base, then each modifier). Nothing here computes a rule. Every label is
 * a language key (BLOWBYBLOW.Workbench.M2M.*, the m2m actor's field labels).
 */
import type { Target } from "../../core/modifiers";
import {
  deriveM2mActor,
  type M2mActorDerived,
  type M2mWeaponFigures,
} from "../../foundry/rulesets/m2m/character-input";
import { rangedAttack } from "../../foundry/rulesets/m2m/item-convert";
import { rangedBlock } from "../../foundry/rulesets/m2m/item-tables";
import { sampleFighterGear, type SampleFighter } from "../../foundry/rulesets/m2m/sample-fighters";
import { formatProblem } from "../../foundry/data/validate";
import { escapeHtml, signed } from "../../foundry/sheets/common";
import { attributeCost } from "../../rules/m2m/character";
import { formatDamageExpr, weaponDamage } from "../../rules/m2m/damage";
import { getHandWeapon, getRangedWeapon } from "../../rules/m2m/equipment";
import { fatigueThresholdList, hpThresholds } from "../../rules/m2m/injury";
import { raceDef } from "../../rules/m2m/races";
import type { DamageExpr, DamageType } from "../../rules/m2m/types";
import { format, i18n, localize } from "../page";
import { advantageLabel, ATTRIBUTES, baseLabel, M, modifierLabel } from "./m2m-labels";

const esc = (text: string) => escapeHtml(text);
/** A number with a true minus sign. */
const num = (n: number) => (n < 0 ? `\u2212${-n}` : String(n));

/** One damage line of a weapon: swing or thrust, the dice for the wielder's ST, type, reach. */
export interface ModeFigures {
  base: "sw" | "thr";
  damage: DamageExpr;
  type: DamageType;
  reach: string;
}

/**
 * A ready weapon's damage by attack mode for a wielder of ST `st` (§7.2): the hand-weapon
 * table's modes through `weaponDamage` (basic damage + the mode's mod, capped by its MD, L976),
 * or the ranged weapon's damage through `rangedAttack` (the bow's ST for a crossbow, L2853).
 */
export function modesOf(weaponId: string, st: number): ModeFigures[] {
  const dot = weaponId.indexOf(".");
  const table = weaponId.slice(0, dot);
  const id = weaponId.slice(dot + 1);
  if (table === "hand-weapon")
    return getHandWeapon(id).attacks.map((a) => ({
      base: a.base,
      damage: weaponDamage(st, a.base === "sw" ? "swing" : "thrust", a.mod, a.md ?? undefined),
      type: a.type,
      reach: a.reach.join(", "),
    }));
  if (table === "ranged-weapon") {
    const row = getRangedWeapon(id);
    const attack = rangedAttack(rangedBlock(row), st).attack;
    return attack && row.damage
      ? [{ base: row.damage.base, damage: attack.damage, type: attack.type, reach: "" }]
      : [];
  }
  return [];
}

/** The value of a target and its story: the base, each modifier, as the engine gave them. */
function story(figure: string, target: Target, baseKey = baseLabel(target.baseKey)): string {
  const lines = [
    `<li data-line="base">${esc(localize(baseKey))} ${esc(num(target.base))}</li>`,
    ...target.modifiers.map(
      (m) =>
        `<li data-line="modifier" data-key="${esc(m.key)}">${esc(modifierLabel(m.key))} ${esc(signed(m.value))}</li>`,
    ),
  ].join("");
  return `<td data-figure="${esc(figure)}"><span class="bbb-wb-value">${esc(num(target.value))}</span><ol class="bbb-wb-story">${lines}</ol></td>`;
}

const row = (label: string, cell: string, attr = "") =>
  `<tr${attr}><th scope="row">${esc(label)}</th>${cell}</tr>`;
const plain = (figure: string, text: string) =>
  `<td data-figure="${esc(figure)}">${esc(text)}</td>`;
const table = (group: string, caption: string, body: string, head = "") =>
  `<table class="bbb-wb-figures" data-group="${group}"><caption>${esc(localize(caption))}</caption>${head}${body}</table>`;

function attributesTable(d: M2mActorDerived): string {
  const c = d.character;
  const head = `<tr><th></th><th scope="col">${esc(localize(M.score))}</th><th scope="col">${esc(localize(M.cost))}</th></tr>`;
  const rows = ATTRIBUTES.map((a) =>
    row(
      localize(a.key),
      `${plain(`${a.id}`, String(c.attributes[a.id]))}${plain(`${a.id}.cost`, String(attributeCost(c.bought[a.id])))}`,
      ` data-attribute="${a.id}"`,
    ),
  );
  const race = raceDef(c.race);
  const advantages = c.advantages.map((a) =>
    row(
      format(M.advantage, { name: localize(advantageLabel(a.id)), level: a.level }),
      `<td></td>${plain(`advantage.${a.id}.cost`, String(a.cost))}`,
    ),
  );
  const points = [
    row(
      localize(M.pointsAttributes),
      `<td></td>${plain("points.attributes", String(c.points.attributes))}`,
    ),
    row(
      format(M.race, { race: race.name }),
      `<td></td>${plain("points.race", String(c.points.race))}`,
    ),
    ...advantages,
    row(localize(M.pointsSkills), `<td></td>${plain("points.skills", String(c.points.skills))}`),
    row(localize(M.pointsTotal), `<td></td>${plain("points.total", String(c.points.total))}`),
  ];
  return table("attributes", M.attributes, [...rows, ...points].join(""), head);
}

function movementTable(d: M2mActorDerived): string {
  const c = d.character;
  const e = c.encumbrance;
  return table(
    "movement",
    M.movement,
    [
      // Basic Speed's base is (HT+DX)/4 (L512); Move and Dodge start from Basic Speed.
      row(localize(M.speed), story("speed", c.speed, M.htDx)),
      row(localize(M.move), story("move", c.move)),
      row(localize(M.dodge), story("dodge", c.dodge)),
      row(
        localize(M.encumbrance),
        plain(
          "encumbrance",
          format(M.encumbranceValue, {
            level: localize(`${M.encumbrancePrefix}${e.id}`),
            load: e.load,
            limit: e.limits[e.level] ?? "",
          }),
        ),
      ),
    ].join(""),
  );
}

function skillsTable(d: M2mActorDerived): string {
  const head = `<tr><th scope="col">${esc(localize(M.skill))}</th><th scope="col">${esc(localize(M.cost))}</th><th scope="col">${esc(localize(M.level))}</th><th scope="col">${esc(localize(M.effective))}</th></tr>`;
  const rows = Object.values(d.character.skills).map((s) => {
    const from =
      s.from === "points"
        ? ""
        : ` (${format(M.fromDefault, { from: s.from === "DX" || s.from === "HT" ? s.from : (d.character.skills[s.from]?.name ?? s.from) })})`;
    return `<tr data-skill="${esc(s.id)}"><th scope="row">${esc(s.name)}${esc(from)}</th>${plain(`skill.${s.id}.points`, String(s.points))}${plain(`skill.${s.id}.level`, String(s.level))}${story(`skill.${s.id}`, s.effective)}</tr>`;
  });
  return table("skills", M.skills, rows.join(""), head);
}

function modeText(m: ModeFigures): string {
  return format(m.reach ? M.mode : M.modeNoReach, {
    base: localize(`${M.basePrefix}${m.base}`),
    damage: formatDamageExpr(m.damage),
    type: localize(`${M.typePrefix}${m.type}`),
    reach: m.reach,
  });
}

function weaponRows(d: M2mActorDerived, w: M2mWeaponFigures): string {
  const modes = modesOf(w.id, d.character.attributes.st);
  const skill = d.character.skills[w.skill];
  return `<tr data-weapon="${esc(w.id)}"><th scope="row">${esc(w.name)}<br /><small>${esc(skill?.name ?? w.skill)}</small></th>${
    w.level
      ? story(`weapon.${w.id}.level`, w.level)
      : plain(`weapon.${w.id}.level`, localize(M.noLevel))
  }${w.parry ? story(`weapon.${w.id}.parry`, w.parry.target) : plain(`weapon.${w.id}.parry`, localize(M.noParry))}<td data-figure="weapon.${esc(w.id)}.damage"><ul class="bbb-wb-modes">${modes
    .map((m, i) => `<li data-mode="${i}">${esc(modeText(m))}</li>`)
    .join("")}</ul></td></tr>`;
}

function weaponsTable(d: M2mActorDerived): string {
  const head = `<tr><th scope="col">${esc(localize(M.weapon))}</th><th scope="col">${esc(localize(M.level))}</th><th scope="col">${esc(localize(M.parry))}</th><th scope="col">${esc(localize(M.damage))}</th></tr>`;
  return table("weapons", M.weapons, d.weapons.map((w) => weaponRows(d, w)).join(""), head);
}

function defencesTable(d: M2mActorDerived): string {
  const c = d.character;
  return table(
    "defences",
    M.defences,
    [
      row(
        localize(M.block),
        c.block ? story("block", c.block) : plain("block", localize(M.noShield)),
      ),
      row(localize(M.pd), story("pd", c.pd)),
      row(localize(M.pdVsImpaling), story("pdVsImpaling", c.pdVsImpaling)),
      row(localize(M.dr), story("dr", c.dr)),
      row(localize(M.drVsImpaling), story("drVsImpaling", c.drVsImpaling)),
    ].join(""),
  );
}

function healthTable(f: SampleFighter, d: M2mActorDerived): string {
  const c = d.character;
  const hp = hpThresholds(c.hitPoints);
  const deaths = hp.filter((t) => t.effect === "deathCheck").map((t) => t.hp);
  const hpRows = hp
    .filter((t) => t.effect !== "deathCheck")
    .map(
      (t) =>
        `<li data-threshold="${t.effect}">${esc(format(`${M.thresholdPrefix}${t.effect}`, { hp: num(t.hp) }))}</li>`,
    );
  // The death checks, −HT and every 5 below: the first three and the last.
  const list =
    deaths.length > 4
      ? format(M.deathList, {
          first: deaths.slice(0, 3).map(num).join(", "),
          last: num(deaths.at(-1)!),
        })
      : deaths.map(num).join(", ");
  hpRows.splice(
    3,
    0,
    `<li data-threshold="deathCheck">${esc(format(`${M.thresholdPrefix}deathCheck`, { list }))}</li>`,
  );
  const fatigueRows = fatigueThresholdList(c.attributes.st).map(
    (t) =>
      `<li data-threshold="fatigue.${t.effect}">${esc(format(`${M.fatigueThresholdPrefix}${t.effect}`, { fatigue: t.fatigue }))}</li>`,
  );
  return table(
    "health",
    M.health,
    [
      row(
        localize(M.hp),
        `<td data-figure="hp">${esc(format(M.hpValue, { hp: f.m2m.hp, max: c.hitPoints }))}<ul class="bbb-wb-thresholds">${hpRows.join("")}</ul></td>`,
      ),
      row(
        localize(M.fatigue),
        `<td data-figure="fatigue">${esc(format(M.fatigueValue, { fatigue: f.m2m.fatigue, st: c.attributes.st }))}<ul class="bbb-wb-thresholds">${fatigueRows.join("")}</ul></td>`,
      ),
    ].join(""),
  );
}

/**
 * A sample fighter's panel: name, source, and every figure table; or, when the engine refuses
 * the fighter's data, the problems it names.
 */
export function fighterPanel(f: SampleFighter): string {
  const out = deriveM2mActor(f.m2m, sampleFighterGear(f));
  const head = `<h2>${esc(f.name)}</h2><p class="bbb-wb-source">${esc(format(M.source, { source: f.source }))}</p>`;
  if (!out.derived)
    return `${head}<p class="bbb-wb-problem" role="alert">${esc(out.errors.map((e) => formatProblem(e, i18n)).join(" "))}</p>`;
  const d = out.derived;
  return `${head}<div class="bbb-wb-figure-tables">${[
    attributesTable(d),
    movementTable(d),
    skillsTable(d),
    weaponsTable(d),
    defencesTable(d),
    healthTable(f, d),
  ].join("")}</div>`;
}
