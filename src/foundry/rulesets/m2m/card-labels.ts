/**
 * The lang keys of the GURPS Man to Man chat cards (lang/en.json `BLOWBYBLOW.Card.M2M`): the
 * labels of the itemised targets (attack skill, active defences with PD), the names of the
 * exchange's rolls (for the card's list of dice) and of the engine's outcomes and critical
 * table effects. Written out key by key so test/lang.test.ts sees each. Pure data.
 */
import type { TargetLabels } from "../../../core/combat";
import type { CriticalEffectId, CriticalMissEffectId } from "../../../rules/m2m/criticals";
import type { AttackOutcome, DefenceOutcome } from "../../../rules/m2m/types";
import { CATALOG_MODIFIER_LABELS } from "./combat/catalog";

/** Labels of the flow's itemised targets (src/rules/m2m/flow.ts, defence.ts modifier keys). */
export const M2M_TARGET_LABELS: TargetLabels = Object.freeze({
  bases: Object.freeze({
    skill: "BLOWBYBLOW.Card.M2M.Base.skill",
    dodge: "BLOWBYBLOW.Card.M2M.Base.dodge",
    parry: "BLOWBYBLOW.Card.M2M.Base.parry",
    block: "BLOWBYBLOW.Card.M2M.Base.block",
    none: "BLOWBYBLOW.Card.M2M.Base.none",
    "active-defence": "BLOWBYBLOW.M2M.Combat.Base.activeDefence",
  }),
  modifiers: Object.freeze({
    "attack.shock": "BLOWBYBLOW.Card.M2M.Modifier.shock",
    "attack.all-out": "BLOWBYBLOW.Card.M2M.Modifier.allOut",
    "attack.snap-shot": "BLOWBYBLOW.Card.M2M.Modifier.snapShot",
    "attack.aim": "BLOWBYBLOW.Card.M2M.Modifier.aim",
    "attack.posture": "BLOWBYBLOW.Card.M2M.Modifier.posture",
    "attack.location": "BLOWBYBLOW.Card.M2M.Modifier.location",
    "attack.point-blank": "BLOWBYBLOW.Card.M2M.Modifier.pointBlank",
    "attack.range": "BLOWBYBLOW.Card.M2M.Modifier.range",
    "attack.bad-light": "BLOWBYBLOW.Card.M2M.Modifier.badLight",
    "attack.total-darkness": "BLOWBYBLOW.Card.M2M.Modifier.totalDarkness",
    "attack.wild-swing": "BLOWBYBLOW.Card.M2M.Modifier.wildSwing",
    "attack.shooting-blind": "BLOWBYBLOW.Card.M2M.Modifier.shootingBlind",
    "attack.offHand": "BLOWBYBLOW.Card.M2M.Modifier.offHand",
    "defence.offHand": "BLOWBYBLOW.Card.M2M.Modifier.offHand",
    "attack.closeCombatWeapon": "BLOWBYBLOW.Card.M2M.Modifier.closeCombatWeapon",
    "attack.closeCombatShield": "BLOWBYBLOW.Card.M2M.Modifier.closeCombatShield",
    "attack.strikeIntoCloseCombat": "BLOWBYBLOW.Card.M2M.Modifier.strikeIntoCloseCombat",
    "defence.pd": "BLOWBYBLOW.Card.M2M.Modifier.pd",
    "defence.passive": "BLOWBYBLOW.Card.M2M.Modifier.pd",
    "defence.armour-pd": "BLOWBYBLOW.Card.M2M.Modifier.armourPd",
    "defence.shield-pd": "BLOWBYBLOW.Card.M2M.Modifier.shieldPd",
    "defence.slung-shield-pd": "BLOWBYBLOW.Card.M2M.Modifier.slungShieldPd",
    "defence.bare-hands-vs-weapon": "BLOWBYBLOW.Card.M2M.Modifier.bareHands",
    "defence.stunned": "BLOWBYBLOW.Card.M2M.Modifier.stunned",
    "defence.feinted": "BLOWBYBLOW.Card.M2M.Modifier.feinted",
    "defence.kneeling-or-sitting": "BLOWBYBLOW.Card.M2M.Modifier.kneeling",
    "defence.crawling-or-lying": "BLOWBYBLOW.Card.M2M.Modifier.lying",
    "defence.side-hex": "BLOWBYBLOW.Card.M2M.Modifier.sideHex",
    "defence.back-hex": "BLOWBYBLOW.Card.M2M.Modifier.backHex",
    "defence.retreat": "BLOWBYBLOW.Card.M2M.Modifier.retreat",
    "defence.flail": "BLOWBYBLOW.Card.M2M.Modifier.flail",
    "defence.large-shield": "BLOWBYBLOW.Card.M2M.Modifier.largeShield",
    "defence.lost-balance": "BLOWBYBLOW.Card.M2M.Modifier.lostBalance",
    "defence.bulky-object": "BLOWBYBLOW.Card.M2M.Modifier.bulkyObject",
    "defence.different-levels": "BLOWBYBLOW.Card.M2M.Modifier.differentLevels",
    "defence.crippled-shield-arm": "BLOWBYBLOW.Card.M2M.Modifier.crippledShieldArm",
    "defence.all-out-attack": "BLOWBYBLOW.Card.M2M.Modifier.allOutAttack",
    // The §5.2 catalog rows the attacker declares (./combat/catalog.ts).
    ...CATALOG_MODIFIER_LABELS,
  }),
});

/** The exchange's and the turn's roll names (src/rules/m2m/exchange.ts, flow.ts). */
const AGAIN = [2, 3, 4, 5, 6, 7, 8, 9, 10];
const again = (name: string, key: string) =>
  Object.fromEntries(AGAIN.map((n) => [`${name}.${n}`, key]));

export const M2M_ROLL_LABELS: Readonly<Record<string, string>> = Object.freeze({
  ...again("death", "BLOWBYBLOW.Card.M2M.Roll.death"),
  ...again("selfDeath", "BLOWBYBLOW.Card.M2M.Roll.selfDeath"),
  ...again("criticalMiss", "BLOWBYBLOW.Card.M2M.Roll.criticalMissAgain"),
  attack: "BLOWBYBLOW.Card.M2M.Roll.attack",
  location: "BLOWBYBLOW.Card.M2M.Roll.location",
  side: "BLOWBYBLOW.Card.M2M.Roll.side",
  defence: "BLOWBYBLOW.Card.M2M.Roll.defence",
  "defence.2": "BLOWBYBLOW.Card.M2M.Roll.defence2",
  defenceCriticalMiss: "BLOWBYBLOW.Card.M2M.Roll.defenceCriticalMiss",
  criticalHit: "BLOWBYBLOW.Card.M2M.Roll.criticalHit",
  dropWeapon: "BLOWBYBLOW.Card.M2M.Roll.dropWeapon",
  criticalMiss: "BLOWBYBLOW.Card.M2M.Roll.criticalMiss",
  damage: "BLOWBYBLOW.Card.M2M.Roll.damage",
  knockdown: "BLOWBYBLOW.Card.M2M.Roll.knockdown",
  death: "BLOWBYBLOW.Card.M2M.Roll.death",
  selfLocation: "BLOWBYBLOW.Card.M2M.Roll.selfLocation",
  selfSide: "BLOWBYBLOW.Card.M2M.Roll.selfSide",
  selfDamage: "BLOWBYBLOW.Card.M2M.Roll.selfDamage",
  selfKnockdown: "BLOWBYBLOW.Card.M2M.Roll.selfKnockdown",
  selfDeath: "BLOWBYBLOW.Card.M2M.Roll.selfDeath",
  consciousness: "BLOWBYBLOW.Card.M2M.Roll.consciousness",
  stunRecovery: "BLOWBYBLOW.Card.M2M.Roll.stunRecovery",
});

export const ATTACK_OUTCOME_LABEL: Readonly<Record<AttackOutcome, string>> = Object.freeze({
  hit: "BLOWBYBLOW.Card.M2M.Outcome.hit",
  miss: "BLOWBYBLOW.Card.M2M.Outcome.miss",
  "critical-hit": "BLOWBYBLOW.Card.M2M.Outcome.criticalHit",
  "critical-miss": "BLOWBYBLOW.Card.M2M.Outcome.criticalMiss",
});

export const DEFENCE_OUTCOME_LABEL: Readonly<Record<DefenceOutcome, string>> = Object.freeze({
  success: "BLOWBYBLOW.Card.M2M.Outcome.success",
  failure: "BLOWBYBLOW.Card.M2M.Outcome.failure",
  "critical-success": "BLOWBYBLOW.Card.M2M.Outcome.criticalSuccess",
  "critical-failure": "BLOWBYBLOW.Card.M2M.Outcome.criticalFailure",
});

/** The Critical Hit and Critical Head Blow tables' effects (§10.1, §10.2). */
export const CRITICAL_EFFECT_LABEL: Readonly<Record<CriticalEffectId, string>> = Object.freeze({
  unconscious: "BLOWBYBLOW.Card.M2M.Critical.unconscious",
  "recover-ht-every-30-min": "BLOWBYBLOW.Card.M2M.Critical.recover",
  stunned: "BLOWBYBLOW.Card.M2M.Critical.stunned",
  crippled: "BLOWBYBLOW.Card.M2M.Critical.crippled",
  "crippled-funny-bone": "BLOWBYBLOW.Card.M2M.Critical.funnyBone",
  "drops-weapon": "BLOWBYBLOW.Card.M2M.Critical.dropsWeapon",
  killed: "BLOWBYBLOW.Card.M2M.Critical.killed",
  "blinded-both-eyes": "BLOWBYBLOW.Card.M2M.Critical.blindedBoth",
  "blinded-one-eye": "BLOWBYBLOW.Card.M2M.Critical.blindedOne",
  "dx-10-rest-of-battle": "BLOWBYBLOW.Card.M2M.Critical.dx10",
  "dx-2-rest-of-battle": "BLOWBYBLOW.Card.M2M.Critical.dx2",
  "off-balance": "BLOWBYBLOW.Card.M2M.Critical.offBalance",
  "deaf-24h": "BLOWBYBLOW.Card.M2M.Critical.deaf",
  "maybe-permanently-deaf": "BLOWBYBLOW.Card.M2M.Critical.maybeDeaf",
  "face-scarred": "BLOWBYBLOW.Card.M2M.Critical.scarred",
  "face-badly-scarred": "BLOWBYBLOW.Card.M2M.Critical.badlyScarred",
});

/** The Critical Miss table's effects (§10.3). */
export const CRITICAL_MISS_LABEL: Readonly<Record<CriticalMissEffectId, string>> = Object.freeze({
  "weapon-breaks": "BLOWBYBLOW.Card.M2M.Fumble.weaponBreaks",
  "drop-weapon": "BLOWBYBLOW.Card.M2M.Fumble.dropWeapon",
  "hit-self": "BLOWBYBLOW.Card.M2M.Fumble.hitSelf",
  "lose-balance": "BLOWBYBLOW.Card.M2M.Fumble.loseBalance",
  "weapon-turns-in-hand": "BLOWBYBLOW.Card.M2M.Fumble.turnsInHand",
  "weapon-flies": "BLOWBYBLOW.Card.M2M.Fumble.weaponFlies",
  "strained-shoulder": "BLOWBYBLOW.Card.M2M.Fumble.strainedShoulder",
  "fall-down": "BLOWBYBLOW.Card.M2M.Fumble.fallDown",
  "hurt-striking-limb": "BLOWBYBLOW.Card.M2M.Fumble.hurtLimb",
});
