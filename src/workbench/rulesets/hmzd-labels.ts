/**
 * The language keys of the workbench's zone-die part (BLOWBYBLOW.Workbench.Zd.*), every one by
 * its full key so the language audit (test/lang.test.ts) sees it, and the names of hmzd's
 * locations (the card's keys, BLOWBYBLOW.HMZD.Location.*).
 */
import {
  HMZD_LOCATION_LABEL,
  HMZD_SIDED_LABEL,
  HMZD_ZONE_LABEL,
} from "../../foundry/rulesets/hmzd/card-keys";
import { format, localize } from "../page";

export const Z = Object.freeze({
  intro: "BLOWBYBLOW.Workbench.Zd.intro",
  exchange: "BLOWBYBLOW.Workbench.Zd.exchange",
  modeOption: "BLOWBYBLOW.Workbench.Zd.modeOption",
  attackEml: "BLOWBYBLOW.Workbench.Zd.attackEml",
  zoneDie: "BLOWBYBLOW.Workbench.Zd.zoneDie",
  impactDie: "BLOWBYBLOW.Workbench.Zd.impactDie",
  impactBase: "BLOWBYBLOW.Workbench.Zd.impactBase",
  aspect: "BLOWBYBLOW.Workbench.Zd.aspect",
  defenceEml: "BLOWBYBLOW.Workbench.Zd.defenceEml",
  shield: "BLOWBYBLOW.Workbench.Zd.shield",
  counter: "BLOWBYBLOW.Workbench.Zd.counter",
  counterPlacement: "BLOWBYBLOW.Workbench.Zd.counterPlacement",
  rolls: "BLOWBYBLOW.Workbench.Zd.rolls",
  rollsUsed: "BLOWBYBLOW.Workbench.Zd.rollsUsed",
  replay: "BLOWBYBLOW.Workbench.Zd.replay",
  figures: "BLOWBYBLOW.Workbench.Zd.figures",
  str: "BLOWBYBLOW.Workbench.Zd.str",
  shock: "BLOWBYBLOW.Workbench.Zd.shock",
  endurance: "BLOWBYBLOW.Workbench.Zd.endurance",
  dex: "BLOWBYBLOW.Workbench.Zd.dex",
  agl: "BLOWBYBLOW.Workbench.Zd.agl",
  state: "BLOWBYBLOW.Workbench.Zd.state",
  location: "BLOWBYBLOW.Workbench.Zd.location",
  spendTitle: "BLOWBYBLOW.Workbench.Zd.spendTitle",
  spend: "BLOWBYBLOW.Workbench.Zd.spend",
  pickTitle: "BLOWBYBLOW.Workbench.Zd.pickTitle",
  pick: "BLOWBYBLOW.Workbench.Zd.pick",
  defaults: "BLOWBYBLOW.Workbench.Zd.defaults",
  stepLater: "BLOWBYBLOW.Workbench.Zd.stepLater",
  oddsTitle: "BLOWBYBLOW.Workbench.Zd.oddsTitle",
  oddsOutcome: "BLOWBYBLOW.Workbench.Zd.oddsOutcome",
  oddsWins: "BLOWBYBLOW.Workbench.Zd.oddsWins",
  oddsNone: "BLOWBYBLOW.Workbench.Zd.oddsNone",
  oddsAttack: "BLOWBYBLOW.Workbench.Zd.oddsAttack",
  oddsDefence: "BLOWBYBLOW.Workbench.Zd.oddsDefence",
  oddsInjury: "BLOWBYBLOW.Workbench.Zd.oddsInjury",
  oddsShock: "BLOWBYBLOW.Workbench.Zd.oddsShock",
  oddsNoInjury: "BLOWBYBLOW.Workbench.Zd.oddsNoInjury",
  oddsStruck: "BLOWBYBLOW.Workbench.Zd.oddsStruck",
  oddsImpact: "BLOWBYBLOW.Workbench.Zd.oddsImpact",
  oddsOther: "BLOWBYBLOW.Workbench.Zd.oddsOther",
  oddsSpend: "BLOWBYBLOW.Workbench.Zd.oddsSpend",
  resolved: "BLOWBYBLOW.Workbench.Zd.resolved",
});

/** The tactical advantages (BLOWBYBLOW.HMZD.TA.*), in the prompt's order. */
export const TA_LABEL = Object.freeze({
  impact: "BLOWBYBLOW.HMZD.TA.impact",
  precision: "BLOWBYBLOW.HMZD.TA.precision",
  action: "BLOWBYBLOW.HMZD.TA.action",
  setup: "BLOWBYBLOW.HMZD.TA.setup",
});

export const ASPECT_LABEL = Object.freeze({
  blunt: "BLOWBYBLOW.HMZD.Aspect.blunt",
  edge: "BLOWBYBLOW.HMZD.Aspect.edge",
  point: "BLOWBYBLOW.HMZD.Aspect.point",
  fire: "BLOWBYBLOW.HMZD.Aspect.fire",
});

/** A location's name (`left-shoulder` → "Left shoulder"), as the card names it. */
export function zdLocationName(id: string): string {
  const sided = /^(left|right)-(.+)$/.exec(id);
  const bare = sided ? sided[2]! : id;
  const name = HMZD_LOCATION_LABEL[bare] ? localize(HMZD_LOCATION_LABEL[bare]) : bare;
  return sided ? format(HMZD_SIDED_LABEL[sided[1] as "left" | "right"], { location: name }) : name;
}

/** A zone's name (`arms` → "Arms"); a creature zone by its id. */
export const zdZoneName = (id: string): string =>
  HMZD_ZONE_LABEL[id] ? localize(HMZD_ZONE_LABEL[id]) : id;
