/**
 * The human body plan of GURPS Man to Man's hit location rules (§8, L2414–2476): head and
 * face, arms and hands, torso and vitals, legs and feet. Ids match `HitLocation`
 * (`left-arm` is the paired `arm` hit on the left).
 */
import type { BodyPlan } from "../../core/body";

export const M2M_PLAN: BodyPlan = Object.freeze({
  id: "m2m-human",
  locations: Object.freeze([
    Object.freeze({ id: "head", region: "head", paired: false }),
    Object.freeze({ id: "face", region: "head", paired: false }),
    Object.freeze({ id: "arm", region: "arm", paired: true }),
    Object.freeze({ id: "hand", region: "arm", paired: true }),
    Object.freeze({ id: "torso", region: "torso", paired: false }),
    Object.freeze({ id: "vitals", region: "torso", paired: false }),
    Object.freeze({ id: "leg", region: "leg", paired: true }),
    Object.freeze({ id: "foot", region: "leg", paired: true }),
  ] as const),
});
