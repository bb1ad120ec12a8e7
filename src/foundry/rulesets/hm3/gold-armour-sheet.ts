/**
 * The armour item sheet's row for HârnMaster Gold ring & scale armour (rulings G20-G22): the
 * piece's six values while that option is on, from the rules core (`sixAspectLayer`).
 */
import { layerBonus } from "../../../rules/hm3/gear";
import { sixAspectLayer, type ArmourColumn } from "../../../rules/hm3/gold/armour-columns";
import { MATERIAL_PROTECTION, type Material } from "../../../rules/hm3/tables";
import { ASPECT_LABEL, ASPECT_SHORT_LABEL } from "./sheets/item/labels";

const COLUMNS: readonly ArmourColumn[] = ["blunt", "edge", "point", "fire", "squeeze", "tear"];

const GOLD_LABEL = Object.freeze({
  squeeze: "BLOWBYBLOW.HM3.Gold.Armour.Squeeze",
  tear: "BLOWBYBLOW.HM3.Gold.Armour.Tear",
});
const GOLD_SHORT = Object.freeze({
  squeeze: "BLOWBYBLOW.HM3.Gold.Armour.SqueezeShort",
  tear: "BLOWBYBLOW.HM3.Gold.Armour.TearShort",
});

/** The piece's B E P F S T with ring & scale armour on (quality and enchantment added). */
export function goldArmourRow(
  hm3: {
    material: Material;
    quality: number;
    enchantment: number;
    squeeze?: number | null;
    tear?: number | null;
  },
  localize: (key: string) => string,
): { column: string; short: string; label: string; value: number }[] {
  const six = sixAspectLayer(hm3.material, MATERIAL_PROTECTION[hm3.material], layerBonus(hm3), {
    squeeze: hm3.squeeze ?? null,
    tear: hm3.tear ?? null,
  });
  return COLUMNS.map((column) => {
    const gold = column === "squeeze" || column === "tear";
    return {
      column,
      short: localize(gold ? GOLD_SHORT[column] : ASPECT_SHORT_LABEL[column]),
      label: localize(gold ? GOLD_LABEL[column] : ASPECT_LABEL[column]),
      value: six[column],
    };
  });
}
