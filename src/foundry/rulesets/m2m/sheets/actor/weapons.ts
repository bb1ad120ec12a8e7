/**
 * The ready weapons of the GURPS Man to Man actor sheet's combat tab: each weapon's skill,
 * level and Parry as the derivation gives them, its attack modes with the damage for the
 * wielder's ST (the engine's `meleeAttack` / `rangedAttack`), and a ranged weapon's ½D and Max.
 * Pure.
 */
import type { SkillId } from "../../../../../rules/m2m/skills";
import { meleeAttack, rangedAttack } from "../../item-convert";
import type { M2mMissileBlock, M2mWeaponBlock } from "../../item-data";
import { DAMAGE_TYPE_LABEL, MODE_BASE_LABEL, SKILL_LABEL, TEXT } from "../labels";
import { damageText, tip, type M2mActorContextInput, type Tools } from "./shared";

export interface ModeRow {
  label: string;
  skill: string;
  level: string;
  levelTooltip: string;
  damage: string;
  type: string;
  reach: string;
}

export interface WeaponRow {
  id: string;
  name: string;
  skill: string;
  level: string;
  levelTooltip: string;
  parry: string;
  parryTooltip: string;
  parryNote: string;
  modes: ModeRow[];
  /** Ranged weapons: ½D and Max for the shooter's ST, yards. */
  ranges: string;
}

export function weaponRows(input: M2mActorContextInput, t: Tools): WeaponRow[] {
  const derived = input.derived;
  if (!derived) return [];
  const st = derived.character.attributes.st;
  const skills = derived.character.skills;
  const levelOf = (skill: SkillId) => skills[skill]?.effective ?? null;
  return derived.weapons.map((w) => {
    const item = input.items.find((i) => i.id === w.id);
    const modes: ModeRow[] = [];
    let ranges = "";
    if (item?.type === "weapon") {
      const block = item.system.m2m as M2mWeaponBlock | undefined;
      block?.modes.forEach((m, i) => {
        let damage = "—";
        try {
          damage = damageText(meleeAttack(block, i, st).damage);
        } catch {
          // A quality the table does not price (refused by the item's own check): no damage shown.
        }
        const level = levelOf(m.skill);
        modes.push({
          label: t.localize(MODE_BASE_LABEL[m.base]),
          skill: t.localize(SKILL_LABEL[m.skill]),
          level: level ? String(level.value) : "—",
          levelTooltip: level ? tip(level, t) : "",
          damage,
          type: t.localize(DAMAGE_TYPE_LABEL[m.type]),
          reach: m.reach.join(", "),
        });
      });
    } else if (item?.type === "missile") {
      const block = item.system.m2m as M2mMissileBlock | undefined;
      if (block) {
        const r = rangedAttack(block, st);
        const level = levelOf(block.skill);
        modes.push({
          label: t.localize(MODE_BASE_LABEL.ranged),
          skill: t.localize(SKILL_LABEL[block.skill]),
          level: level ? String(level.value) : "—",
          levelTooltip: level ? tip(level, t) : "",
          damage: r.attack ? damageText(r.attack.damage) : "—",
          type: r.attack ? t.localize(DAMAGE_TYPE_LABEL[r.attack.type]) : "",
          reach: "",
        });
        ranges = t.format(TEXT.ranges, {
          half: r.ranges.halfDamage === null ? "—" : r.ranges.halfDamage,
          max: r.ranges.max,
        });
      }
    }
    return {
      id: w.id,
      name: w.name,
      skill: t.localize(SKILL_LABEL[w.skill]),
      level: w.level ? String(w.level.value) : t.localize(TEXT.noLevel),
      levelTooltip: w.level ? tip(w.level, t) : "",
      parry: w.parry ? String(w.parry.value) : "—",
      parryTooltip: w.parry ? tip(w.parry.target, t) : t.localize(TEXT.noParry),
      parryNote: w.parry?.onlyVsUnarmed ? t.localize(TEXT.parryVsUnarmed) : "",
      modes,
      ranges,
    };
  });
}
