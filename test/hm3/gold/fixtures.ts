/**
 * What the HârnMaster Gold combat tests (test/hm3/gold/*-combat.test.ts) build their stand-in
 * actors from: every HM3 attribute at 12, a carried, equipped item held in the main hand, and a
 * weapon with no impact in any aspect.
 */
export const ATTRS = {
  str: 12,
  sta: 12,
  dex: 12,
  agl: 12,
  eye: 12,
  hrg: 12,
  sml: 12,
  voi: 12,
  int: 12,
  aur: 12,
  wil: 12,
  cml: 12,
};

export const physical = {
  description: "",
  quantity: 1,
  weight: 0,
  carried: true,
  equipped: true,
  held: "main",
};

export const NO_IMPACT = { blunt: null, edge: null, point: null, fire: null };
