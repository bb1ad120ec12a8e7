/**
 * The HM3 result card's lines for the HârnMaster Gold armour group (issue 19), each naming its
 * option: the armour column a strike read (ring & scale armour, cutting weapons), the rolled
 * aspect (random aspect), and the weapon damage checks (shields check first, weapon damage
 * modifiers). Pure: `LangText` the card localises.
 */
import type { Side } from "../../../core/ruleset";
import type { Hm3Result, Hm3Strike } from "../../../rules/hm3/exchange";
import { t, type LangText } from "../../chat/text";

/** The card's keys (`lang/en.json` BLOWBYBLOW.HM3.Gold.Armour). */
const KEY = Object.freeze({
  squeeze: "BLOWBYBLOW.HM3.Gold.Armour.Squeeze",
  tear: "BLOWBYBLOW.HM3.Gold.Armour.Tear",
  ringScaleArmour: "BLOWBYBLOW.HM3.Gold.Armour.Card.ringScaleArmour",
  cuttingWeapons: "BLOWBYBLOW.HM3.Gold.Armour.Card.cuttingWeapons",
  randomAspect: "BLOWBYBLOW.HM3.Gold.Armour.Card.randomAspect",
  randomAspectPrimary: "BLOWBYBLOW.HM3.Gold.Armour.Card.randomAspectPrimary",
  shieldsCheckFirst: "BLOWBYBLOW.HM3.Gold.Armour.Card.shieldsCheckFirst",
  weaponDamageModifiers: "BLOWBYBLOW.HM3.Gold.Armour.Card.weaponDamageModifiers",
  weaponDamageModifiersNone: "BLOWBYBLOW.HM3.Gold.Armour.Card.weaponDamageModifiersNone",
  weaponDamageModifiersHidden: "BLOWBYBLOW.HM3.Gold.Armour.Card.weaponDamageModifiersHidden",
  rank: Object.freeze({
    primary: "BLOWBYBLOW.HM3.Gold.Armour.Card.primary",
    secondary: "BLOWBYBLOW.HM3.Gold.Armour.Card.secondary",
    tertiary: "BLOWBYBLOW.HM3.Gold.Armour.Card.tertiary",
  }),
});

/** One strike's lines: the Gold armour column it read, the aspect rolled. */
export function armourStrikeLines(
  strike: Partial<Hm3Strike>,
  aspectText: (aspect: string) => LangText | string,
): LangText[] {
  const out: LangText[] = [];
  const rolled = strike.randomAspect;
  if (rolled)
    out.push(
      t(rolled.primaryInstead ? KEY.randomAspectPrimary : KEY.randomAspect, {
        roll: rolled.roll,
        rank: t(KEY.rank[rolled.rank]),
        aspect: aspectText(rolled.aspect),
        impact: rolled.impact,
        declared: aspectText(rolled.declared),
      }),
    );
  const column = strike.armourColumn;
  if (column && strike.armour !== undefined)
    out.push(
      column.option === "cuttingWeapons"
        ? t(KEY.cuttingWeapons, { armour: strike.armour })
        : t(KEY.ringScaleArmour, {
            column: t(column.column === "squeeze" ? KEY.squeeze : KEY.tear),
            armour: strike.armour,
          }),
    );
  return out;
}

/**
 * The weapon damage lines of a result: the shield that checked first, each check's target
 * under weapon damage modifiers (the target hidden from who may not see that side's figures).
 */
export function armourResultLines(
  result: Partial<Hm3Result>,
  named: (side: Side) => string,
  visible: (side: Side) => boolean,
): LangText[] {
  const out: LangText[] = [];
  if (result.shieldCheckedFirst) out.push(t(KEY.shieldsCheckFirst));
  for (const m of result.weaponDamageModifiers ?? []) {
    const wq = (result.weaponDamage ?? []).find((w) => w.side === m.side)?.wq;
    if (wq === undefined) continue;
    if (m.opposingImpact === null)
      out.push(t(KEY.weaponDamageModifiersNone, { side: named(m.side), wq }));
    else if (visible(m.side))
      out.push(
        t(KEY.weaponDamageModifiers, {
          side: named(m.side),
          wq,
          reduction: m.reduction,
          impact: m.opposingImpact,
          target: m.target,
        }),
      );
    else
      out.push(
        t(KEY.weaponDamageModifiersHidden, {
          side: named(m.side),
          reduction: m.reduction,
          impact: m.opposingImpact,
        }),
      );
  }
  return out;
}
