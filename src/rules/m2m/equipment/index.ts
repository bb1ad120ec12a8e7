/**
 * Equipment data of GURPS Man to Man (spec §3, §14.3; seed 004 L992–1170, L3569–3606,
 * L4283–4880): weapon skills, hand and ranged weapons, weapon quality, shields, armour suits and
 * pieces, objects. Tables are deeply frozen; the `get…` lookups return copies and throw an
 * `InputError` naming the field for an unknown id.
 */
export * from "./hand-weapons";
export * from "./ranged-weapons";
export * from "./quality";
export * from "./armour";
export * from "./objects";
export { dmg } from "./common";
