/**
 * The lang keys of the zone-die exchange card (./card.ts, templates/chat/hmzd/result.hbs),
 * written out whole so the lang audit finds every one.
 */
export const HMZD_CARD_KEY = Object.freeze({
  summary: "BLOWBYBLOW.HMZD.Card.summary",
  summaryMissile: "BLOWBYBLOW.HMZD.Card.summaryMissile",
  attackRoll: "BLOWBYBLOW.HMZD.Card.attackRoll",
  defenceRoll: "BLOWBYBLOW.HMZD.Card.defenceRoll",
  ignore: "BLOWBYBLOW.HMZD.Card.ignore",
  stars: "BLOWBYBLOW.HMZD.Card.stars",
  noVictor: "BLOWBYBLOW.HMZD.Card.noVictor",
  advantages: "BLOWBYBLOW.HMZD.Card.advantages",
  spent: "BLOWBYBLOW.HMZD.Card.spent",
  spentNothing: "BLOWBYBLOW.HMZD.Card.spentNothing",
  action: "BLOWBYBLOW.HMZD.Card.action",
  strikeBy: "BLOWBYBLOW.HMZD.Card.strikeBy",
  defended: "BLOWBYBLOW.HMZD.Card.defended",
  zone: "BLOWBYBLOW.HMZD.Card.zone",
  location: "BLOWBYBLOW.HMZD.Card.location",
  impact: "BLOWBYBLOW.HMZD.Card.impact",
  impactSum: "BLOWBYBLOW.HMZD.Card.impactSum",
  armour: "BLOWBYBLOW.HMZD.Card.armour",
  effective: "BLOWBYBLOW.HMZD.Card.effective",
  injury: "BLOWBYBLOW.HMZD.Card.injury",
  noInjury: "BLOWBYBLOW.HMZD.Card.noInjury",
  shock: "BLOWBYBLOW.HMZD.Card.shock",
  shockIndex: "BLOWBYBLOW.HMZD.Card.shockIndex",
  hidden: "BLOWBYBLOW.HMZD.Card.hidden",
  waitingSpend: "BLOWBYBLOW.HMZD.Card.waitingSpend",
  waitingPick: "BLOWBYBLOW.HMZD.Card.waitingPick",
  pick: "BLOWBYBLOW.HMZD.Card.pick",
  target: "BLOWBYBLOW.HMZD.Card.target",
  roll: "BLOWBYBLOW.HMZD.Card.roll",
  level: "BLOWBYBLOW.HMZD.Card.level",
  /** The special-effect lines of Z10 (`strike.special`). */
  special: Object.freeze({
    symbol: "BLOWBYBLOW.HMZD.Card.Special.symbol",
    fumbleFailed: "BLOWBYBLOW.HMZD.Card.Special.fumbleFailed",
    fumbleHeld: "BLOWBYBLOW.HMZD.Card.Special.fumbleHeld",
    stumbleFailed: "BLOWBYBLOW.HMZD.Card.Special.stumbleFailed",
    stumbleHeld: "BLOWBYBLOW.HMZD.Card.Special.stumbleHeld",
    bleeding: "BLOWBYBLOW.HMZD.Card.Special.bleeding",
    amputation: "BLOWBYBLOW.HMZD.Card.Special.amputation",
  }),
});

/** Tooltips naming the rule behind each figure (no user text in them). */
export const HMZD_RULE_KEY = Object.freeze({
  test: "BLOWBYBLOW.HMZD.Rule.test",
  shift: "BLOWBYBLOW.HMZD.Rule.shift",
  stars: "BLOWBYBLOW.HMZD.Rule.stars",
  spend: "BLOWBYBLOW.HMZD.Rule.spend",
  zone: "BLOWBYBLOW.HMZD.Rule.zone",
  location: "BLOWBYBLOW.HMZD.Rule.location",
  impact: "BLOWBYBLOW.HMZD.Rule.impact",
  armour: "BLOWBYBLOW.HMZD.Rule.armour",
  injury: "BLOWBYBLOW.HMZD.Rule.injury",
  shock: "BLOWBYBLOW.HMZD.Rule.shock",
});

export const HMZD_LEVEL_LABEL: Readonly<Record<string, string>> = Object.freeze({
  CF: "BLOWBYBLOW.HMZD.Level.CF",
  F: "BLOWBYBLOW.HMZD.Level.F",
  S: "BLOWBYBLOW.HMZD.Level.S",
  CS: "BLOWBYBLOW.HMZD.Level.CS",
});

export const HMZD_LEVEL_CLASS: Readonly<Record<string, string>> = Object.freeze({
  CS: "bbb-success bbb-critical",
  S: "bbb-success",
  F: "bbb-failure",
  CF: "bbb-failure bbb-critical",
});

export const HMZD_DEFENCE_LABEL: Readonly<Record<string, string>> = Object.freeze({
  block: "BLOWBYBLOW.HMZD.Defence.block",
  dodge: "BLOWBYBLOW.HMZD.Defence.dodge",
  counterstrike: "BLOWBYBLOW.HMZD.Defence.counterstrike",
  ignore: "BLOWBYBLOW.HMZD.Defence.ignore",
});

/** The shock states (§5) by their code. */
export const HMZD_STATE_LABEL: Readonly<Record<string, string>> = Object.freeze({
  none: "BLOWBYBLOW.HMZD.State.none",
  STN: "BLOWBYBLOW.HMZD.State.STN",
  INC: "BLOWBYBLOW.HMZD.State.INC",
  UNC: "BLOWBYBLOW.HMZD.State.UNC",
  KIA: "BLOWBYBLOW.HMZD.State.KIA",
});

/** The human plan's zones (§2) and locations, by id. */
export const HMZD_ZONE_LABEL: Readonly<Record<string, string>> = Object.freeze({
  head: "BLOWBYBLOW.HMZD.Zone.head",
  arms: "BLOWBYBLOW.HMZD.Zone.arms",
  torso: "BLOWBYBLOW.HMZD.Zone.torso",
  legs: "BLOWBYBLOW.HMZD.Zone.legs",
});

export const HMZD_LOCATION_LABEL: Readonly<Record<string, string>> = Object.freeze({
  skull: "BLOWBYBLOW.HMZD.Location.skull",
  face: "BLOWBYBLOW.HMZD.Location.face",
  neck: "BLOWBYBLOW.HMZD.Location.neck",
  shoulder: "BLOWBYBLOW.HMZD.Location.shoulder",
  "upper-arm": "BLOWBYBLOW.HMZD.Location.upperArm",
  elbow: "BLOWBYBLOW.HMZD.Location.elbow",
  forearm: "BLOWBYBLOW.HMZD.Location.forearm",
  hand: "BLOWBYBLOW.HMZD.Location.hand",
  thorax: "BLOWBYBLOW.HMZD.Location.thorax",
  abdomen: "BLOWBYBLOW.HMZD.Location.abdomen",
  pelvis: "BLOWBYBLOW.HMZD.Location.pelvis",
  thigh: "BLOWBYBLOW.HMZD.Location.thigh",
  knee: "BLOWBYBLOW.HMZD.Location.knee",
  calf: "BLOWBYBLOW.HMZD.Location.calf",
  foot: "BLOWBYBLOW.HMZD.Location.foot",
});

export const HMZD_SIDED_LABEL = Object.freeze({
  left: "BLOWBYBLOW.HMZD.Location.left",
  right: "BLOWBYBLOW.HMZD.Location.right",
});

export const HMZD_SEVERITY_CLASS: Readonly<Record<string, string>> = Object.freeze({
  M: "bbb-injury-M",
  S: "bbb-injury-S",
  G: "bbb-injury-G",
});

/** The lang key of every roll an hmzd exchange makes (§A7 of the research notes). */
export const HMZD_ROLL_LABELS: Readonly<Record<string, string>> = Object.freeze({
  attack: "BLOWBYBLOW.HMZD.Roll.attack",
  defence: "BLOWBYBLOW.HMZD.Roll.defence",
  zone: "BLOWBYBLOW.HMZD.Roll.zone",
  location: "BLOWBYBLOW.HMZD.Roll.location",
  impact: "BLOWBYBLOW.HMZD.Roll.impact",
  shock: "BLOWBYBLOW.HMZD.Roll.shock",
  "zone.1": "BLOWBYBLOW.HMZD.Roll.precision",
  "zone.2": "BLOWBYBLOW.HMZD.Roll.precision",
  "zone.3": "BLOWBYBLOW.HMZD.Roll.precision",
  "zone.4": "BLOWBYBLOW.HMZD.Roll.precision",
  "zone.5": "BLOWBYBLOW.HMZD.Roll.precision",
  "counter.zone": "BLOWBYBLOW.HMZD.Roll.counterZone",
  "counter.location": "BLOWBYBLOW.HMZD.Roll.counterLocation",
  "counter.impact": "BLOWBYBLOW.HMZD.Roll.counterImpact",
  "counter.shock": "BLOWBYBLOW.HMZD.Roll.counterShock",
  "counter.zone.1": "BLOWBYBLOW.HMZD.Roll.counterPrecision",
  "counter.zone.2": "BLOWBYBLOW.HMZD.Roll.counterPrecision",
  "counter.zone.3": "BLOWBYBLOW.HMZD.Roll.counterPrecision",
  "counter.zone.4": "BLOWBYBLOW.HMZD.Roll.counterPrecision",
  "counter.zone.5": "BLOWBYBLOW.HMZD.Roll.counterPrecision",
});
