/**
 * The zone-die part of the exchange chat card (templates/chat/hmzd/result.hbs): the attack as
 * declared (mode, placement, zone die), and as the exchange goes on the two tests with target,
 * roll and level (Z1), the stars and the victor (§1), the tactical advantages and how they were
 * spent (Z6), and the strike: zone die (with the Precision re-rolls and the pick, Z5), zone and
 * side, the d10 and its location, impact (die + base + STR + Impact TAs, §3), armour,
 * effective impact, the injury code (§4) and the shock test with its index and state (§5).
 * While the winner spends or picks, the card shows the tests and stars from the pending prompt.
 * Pure. The defender's target numbers are hidden from a player who does not own the defender
 * unless the world shows them (`showDefenceTargets`). Tooltips hold no user text.
 */
import { replayExchange, type ExchangeCard } from "../../../core/flow";
import { buildTarget, type Target } from "../../../core/modifiers";
import type { Side } from "../../../core/ruleset";
import { EML_MAX, EML_MIN } from "../../../rules/hm3/mechanics";
import { targetView, type TargetView } from "../../chat/target-view";
import { t, type LangText } from "../../chat/text";
import { hmzd } from "../../../rules/hmzd";
import type { CardViewer } from "../contract";
import {
  HMZD_CARD_KEY,
  HMZD_DEFENCE_LABEL,
  HMZD_LEVEL_CLASS,
  HMZD_LEVEL_LABEL,
  HMZD_LOCATION_LABEL,
  HMZD_RULE_KEY,
  HMZD_SEVERITY_CLASS,
  HMZD_SIDED_LABEL,
  HMZD_STATE_LABEL,
  HMZD_ZONE_LABEL,
} from "./card-keys";
import { hmzdFlow } from "./flow";
import { aspectLetter, HMZD_ASPECT_KEYS, HMZD_COMBAT_KEYS, HMZD_TARGET_LABELS } from "./combat";

export const HMZD_RESULT_TEMPLATE = "systems/blow-by-blow/templates/chat/hmzd/result.hbs";

export interface HmzdTestView {
  side: Side;
  /** The roller's name (user text). */
  name: string;
  label: LangText;
  /** null when hidden from this viewer. */
  target: number | null;
  hidden: boolean;
  breakdown: TargetView | null;
  roll: number | null;
  level: string;
  levelLabel: LangText;
  levelClass: string;
  tip: LangText;
}

export interface HmzdStrikeView {
  by: Side;
  heading: LangText;
  zone: { dice: string; rolls: string; value: number; label: LangText | string; tip: LangText };
  location: { label: LangText | string; roll: number; tip: LangText };
  impact: { sum: LangText; total: number; tip: LangText } | null;
  armour: number | null;
  effective: number | null;
  injury: { code: string; cssClass: string; tip: LangText } | null;
  noInjury: LangText | null;
  shock: {
    roll: number | null;
    level: string;
    levelLabel: LangText;
    levelClass: string;
    index: LangText;
    state: LangText;
    stateCode: string;
    tip: LangText;
  } | null;
  /** The special effect's lines (Z10): the symbol, the Fumble or Stumble roll, bleeding, amputation. */
  special: LangText[];
}

export type HmzdCardView = {
  summary: LangText[];
  attackTarget: Target | null;
  /** The tests are known (the prompt after the defence, or the result). */
  tested: boolean;
  resolved: boolean;
  tests: HmzdTestView[];
  ignore: LangText | null;
  stars: { text: LangText; count: number; victor: Side | null; tip: LangText } | null;
  advantages: LangText | null;
  spent: LangText | null;
  /** The victor took an Action TA: he acts at once, beyond his own turn (001:166, Z37). */
  action: LangText | null;
  waiting: LangText | null;
  /** While the striker picks (Z5): each zone die rolled, where it lands with the kept d10. */
  picks: { index: number; text: LangText }[];
  strike: HmzdStrikeView | null;
  defended: LangText | null;
};

// ── Reading the stored data (plain JSON: never trusted to have a shape) ─────────────────────

type Obj = Record<string, unknown>;
const isRecord = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const isSide = (v: unknown): v is Side => v === "attacker" || v === "defender";

function seesTargetsOf(viewer: CardViewer, side: Side): boolean {
  if (side === "attacker") return true;
  return viewer.isGM || viewer.owns.defender === true || viewer.showDefenceTargets;
}

/** An itemised target as the declaration and the choices store it, rebuilt (Z30: 5..95). */
function targetOf(raw: unknown): Target | null {
  if (!isRecord(raw)) return null;
  if (typeof raw.baseKey !== "string" || num(raw.base) === null || !Array.isArray(raw.modifiers))
    return null;
  try {
    return buildTarget(raw.baseKey, raw.base as number, raw.modifiers as Target["modifiers"], {
      min: EML_MIN,
      max: EML_MAX,
    });
  } catch {
    return null;
  }
}

function aspectLabel(aspect: string): LangText | string {
  const key = HMZD_ASPECT_KEYS[aspect];
  return key ? t(key) : aspect;
}

/** The placement's label: the human plan's zone names (§2), or the zone's number. */
function placementLabel(placement: number, human: boolean): LangText {
  const key = human
    ? HMZD_COMBAT_KEYS.humanPlacement[placement - 1]
    : HMZD_COMBAT_KEYS.zonePlacement[placement - 1];
  return t(key ?? HMZD_COMBAT_KEYS.zonePlacement[0]!);
}

function summaryOf(decl: Obj | null): LangText[] {
  const attack = isRecord(decl?.attack) ? decl.attack : null;
  const weapon = isRecord(attack?.weapon) ? attack.weapon : null;
  const impact = isRecord(weapon?.impact) ? weapon.impact : null;
  if (!attack || !weapon || !impact) return [];
  const defender = isRecord(decl?.defender) ? decl.defender : {};
  const placement = num(attack.placement) ?? 1;
  const base = num(impact.base) ?? 0;
  return [
    t(attack.type === "missile" ? HMZD_CARD_KEY.summaryMissile : HMZD_CARD_KEY.summary, {
      aspect: aspectLabel(str(impact.aspect)),
      impact: `d${num(impact.die) ?? 0}${base < 0 ? "\u2212" : "+"}${Math.abs(base)}`,
      zoneDie: `d${num(weapon.zoneDie) ?? 0}`,
      placement: placementLabel(placement, !isRecord(defender.bodyPlan)),
    }),
  ];
}

function levelOf(v: unknown): string {
  return typeof v === "string" && v in HMZD_LEVEL_LABEL ? v : "CF";
}

function testView(
  card: ExchangeCard,
  side: Side,
  test: Obj,
  label: LangText,
  target: Target | null,
  viewer: CardViewer,
): HmzdTestView {
  const visible = seesTargetsOf(viewer, side);
  const level = levelOf(test.level);
  // Z17: a level shifted by STN or Setup shows the roll's own level first (`S→F`).
  const rolled = typeof test.rolledLevel === "string" ? levelOf(test.rolledLevel) : level;
  const shifted = rolled !== level;
  const value = num(test.target) ?? target?.value ?? null;
  return {
    side,
    name: String(card[side]?.name ?? ""),
    label,
    target: visible ? value : null,
    hidden: !visible,
    breakdown: visible && target ? targetView(target, HMZD_TARGET_LABELS) : null,
    roll: num(test.roll),
    level: shifted ? `${rolled}\u2192${level}` : level,
    levelLabel: t(HMZD_LEVEL_LABEL[level]!),
    levelClass: HMZD_LEVEL_CLASS[level]!,
    tip: t(shifted ? HMZD_RULE_KEY.shift : HMZD_RULE_KEY.test),
  };
}

/** The defence as chosen (the first `defence` choice), for its label and target. */
function defenceChoice(card: ExchangeCard): Obj | null {
  const choices = Array.isArray(card.choices) ? card.choices : [];
  const c = choices.find((x) => x?.kind === "defence");
  return c && isRecord(c.value) ? c.value : null;
}

function locationLabel(id: string, plan: Obj | null): LangText | string {
  const sided = /^(left|right)-(.+)$/.exec(id);
  const bare = sided ? sided[2]! : id;
  let name: LangText | string = HMZD_LOCATION_LABEL[bare] ? t(HMZD_LOCATION_LABEL[bare]) : bare;
  if (plan && Array.isArray(plan.zones))
    for (const z of plan.zones as unknown[])
      for (const l of isRecord(z) && Array.isArray(z.locations) ? (z.locations as unknown[]) : [])
        if (isRecord(l) && l.id === bare && typeof l.name === "string") name = l.name;
  return sided ? t(HMZD_SIDED_LABEL[sided[1] as "left" | "right"], { location: name }) : name;
}

/** A zone's label: the human plan's (localised) or the creature plan's own name (user text). */
function zoneLabel(id: string, plan: Obj | null): LangText | string {
  if (plan && Array.isArray(plan.zones))
    for (const z of plan.zones as unknown[])
      if (isRecord(z) && z.id === id && typeof z.name === "string") return z.name;
  return HMZD_ZONE_LABEL[id] ? t(HMZD_ZONE_LABEL[id]) : id;
}

/** The symbols of the injury table (001:79, 001:89) as the seed prints them. */
const SYMBOL_GLYPH: Readonly<Record<string, string>> = Object.freeze({
  square: "□",
  dot: "●",
  triangle: "▽",
});

/** The special effect's lines (Z10, `strike.special`); none when there is none. */
function specialLines(special: unknown): LangText[] {
  if (!isRecord(special)) return [];
  const keys = HMZD_CARD_KEY.special;
  const glyph = SYMBOL_GLYPH[str(special.symbol)];
  const lines: LangText[] = glyph ? [t(keys.symbol, { symbol: glyph })] : [];
  const check = (c: unknown, failed: string, held: string) => {
    if (!isRecord(c)) return;
    const dice = Array.isArray(c.values) ? (c.values as unknown[]).map(num).join(" + ") : "";
    lines.push(
      t(c.failed === true ? failed : held, {
        total: num(c.total) ?? 0,
        dice,
        target: num(c.target) ?? 0,
      }),
    );
  };
  check(special.fumble, keys.fumbleFailed, keys.fumbleHeld);
  check(special.stumble, keys.stumbleFailed, keys.stumbleHeld);
  if (special.bleeding === true) lines.push(t(keys.bleeding));
  if (special.amputation === true) lines.push(t(keys.amputation));
  return lines;
}

function strikeView(card: ExchangeCard, s: Obj, decl: Obj | null): HmzdStrikeView {
  const by: Side = isSide(s.by) ? s.by : "attacker";
  const victim: Side = by === "attacker" ? "defender" : "attacker";
  const victimDecl = isRecord(decl?.[victim]) ? (decl[victim] as Obj) : null;
  const plan = isRecord(victimDecl?.bodyPlan) ? victimDecl.bodyPlan : null;
  const zoneRolls = Array.isArray(s.zoneRolls) ? (s.zoneRolls as unknown[]).map(num) : [];
  const pick = num(s.zonePick) ?? 0;
  const injury = typeof s.injury === "string" && s.injury !== "" ? s.injury : null;
  const aspect = str(s.aspect);
  const letter = aspectLetter(aspect) ?? "";
  const shock = isRecord(s.shock) ? s.shock : null;
  const shockLevel = levelOf(shock?.level);
  const state = str(shock?.state) || "none";
  const impactTotal = num(s.impact);
  return {
    by,
    heading: t(HMZD_CARD_KEY.strikeBy, { name: String(card[by]?.name ?? "") }),
    zone: {
      // Every zone die rolled (Z5), the kept one marked.
      dice: zoneRolls
        .map((r, i) => (r === null ? "?" : i === pick ? `[${r}]` : String(r)))
        .join(" "),
      rolls: zoneRolls.length > 1 ? "1" : "",
      value: num(s.zoneValue) ?? 0,
      label: zoneLabel(str(s.zone), plan),
      tip: t(HMZD_RULE_KEY.zone),
    },
    location: {
      label: locationLabel(str(s.location), plan),
      roll: num(s.locationRoll) ?? 0,
      tip: t(HMZD_RULE_KEY.location),
    },
    impact:
      impactTotal === null
        ? null
        : {
            sum: t(HMZD_CARD_KEY.impactSum, {
              roll: num(s.impactRoll) ?? 0,
              base: num(s.impactBase) ?? 0,
              str: num(s.strModifier) ?? 0,
              tas: 5 * (num(s.impactTAs) ?? 0),
              aspect: aspectLabel(aspect),
            }),
            total: impactTotal,
            tip: t(HMZD_RULE_KEY.impact),
          },
    armour: num(s.armour),
    effective: num(s.effectiveImpact),
    injury: injury
      ? {
          code: `${injury}${letter}`,
          cssClass: HMZD_SEVERITY_CLASS[injury[0]!] ?? "",
          tip: t(HMZD_RULE_KEY.injury),
        }
      : null,
    noInjury: injury ? null : t(HMZD_CARD_KEY.noInjury),
    shock: shock
      ? {
          roll: num(shock.roll),
          level: shockLevel,
          levelLabel: t(HMZD_LEVEL_LABEL[shockLevel]!),
          levelClass: HMZD_LEVEL_CLASS[shockLevel]!,
          index: t(HMZD_CARD_KEY.shockIndex, {
            modifier: num(shock.modifier) ?? 0,
            location: num(shock.locationShock) ?? 0,
            level: num(s.injuryLevel) ?? 0,
            index: num(shock.index) ?? 0,
          }),
          state: t(HMZD_STATE_LABEL[state] ?? HMZD_STATE_LABEL.none!),
          stateCode: state,
          tip: t(HMZD_RULE_KEY.shock),
        }
      : null,
    special: specialLines(s.special),
  };
}

/** The zone results the striker may keep (the prompt's data: rolls, zones, locations). */
function picksOf(
  data: unknown,
  decl: Obj | null,
  by: unknown,
): { index: number; text: LangText }[] {
  if (!isRecord(data) || !Array.isArray(data.zoneRolls)) return [];
  const victim: Side = by === "defender" ? "attacker" : "defender";
  const victimDecl = isRecord(decl?.[victim]) ? (decl[victim] as Obj) : null;
  const plan = isRecord(victimDecl?.bodyPlan) ? victimDecl.bodyPlan : null;
  const zones = Array.isArray(data.zones) ? (data.zones as unknown[]) : [];
  const locations = Array.isArray(data.locations) ? (data.locations as unknown[]) : [];
  const placement = num(data.placement) ?? 1;
  return (data.zoneRolls as unknown[]).map((roll, index) => ({
    index,
    text: t(HMZD_CARD_KEY.pick, {
      n: index + 1,
      roll: num(roll) ?? 0,
      value: placement + (num(roll) ?? 0) - 1,
      zone: zoneLabel(str(zones[index]), plan),
      location: locationLabel(str(locations[index]), plan),
    }),
  }));
}

const FLOW = hmzdFlow(hmzd);

/**
 * The tests and stars while the winner spends or picks: the exchange replayed from the card
 * (the prompt's data holds the stars, not the tests); null when it does not replay.
 */
function testsSoFar(card: ExchangeCard): Obj | null {
  try {
    const e = replayExchange(FLOW, card).state.engine;
    if (!e.attack) return null;
    return {
      attack: e.attack,
      defence: e.defenceTest,
      stars: e.stars,
      victor: e.victor,
      tacticalAdvantages: Math.max(0, e.stars - 1),
    };
  } catch {
    return null;
  }
}

function spentText(spent: unknown): LangText | null {
  if (!isRecord(spent)) return null;
  const n = (k: string) => num(spent[k]) ?? 0;
  if (n("impact") + n("precision") + n("action") + n("setup") === 0)
    return t(HMZD_CARD_KEY.spentNothing);
  return t(HMZD_CARD_KEY.spent, {
    impact: n("impact"),
    precision: n("precision"),
    action: n("action"),
    setup: n("setup"),
  });
}

/** The zone-die result part of the exchange card for one viewer. */
export function hmzdResultContext(card: ExchangeCard, viewer: CardViewer): HmzdCardView {
  const decl = isRecord(card.declaration) ? card.declaration : null;
  const attack = isRecord(decl?.attack) ? decl.attack : null;
  const attackTarget = targetOf(attack?.eml);
  const view: HmzdCardView = {
    summary: summaryOf(decl),
    attackTarget,
    tested: false,
    resolved: false,
    tests: [],
    ignore: null,
    stars: null,
    advantages: null,
    spent: null,
    action: null,
    waiting: null,
    picks: [],
    strike: null,
    defended: null,
  };
  const resolved = isRecord(card.result) && card.result.ruleset === "hmzd" ? card.result : null;
  const pendingData =
    card.state === "awaitingDefence" && card.pending && card.pending.kind !== "defence"
      ? (card.pending.data ?? null)
      : null;
  if (pendingData !== null) {
    const by = card.pending?.by;
    const name = String((isSide(by) ? card[by]?.name : "") ?? "");
    view.waiting = t(
      card.pending?.kind === "pickZone" ? HMZD_CARD_KEY.waitingPick : HMZD_CARD_KEY.waitingSpend,
      { name },
    );
    if (card.pending?.kind === "pickZone") view.picks = picksOf(pendingData, decl, by);
  }
  const source: Obj | null = resolved ?? (pendingData !== null ? testsSoFar(card) : null);
  if (!source || !isRecord(source.attack)) return view;
  view.tested = true;
  view.resolved = resolved !== null;
  const choice = defenceChoice(card);
  view.tests.push(
    testView(card, "attacker", source.attack, t(HMZD_CARD_KEY.attackRoll), attackTarget, viewer),
  );
  if (isRecord(source.defence)) {
    const type = str(choice?.type) || "block";
    view.tests.push(
      testView(
        card,
        "defender",
        source.defence,
        t(HMZD_CARD_KEY.defenceRoll, {
          defence: t(HMZD_DEFENCE_LABEL[type] ?? HMZD_DEFENCE_LABEL.block!),
        }),
        targetOf(choice?.eml),
        viewer,
      ),
    );
  } else {
    view.ignore = t(HMZD_CARD_KEY.ignore, { name: String(card.defender?.name ?? "") });
  }
  const stars = num(source.stars) ?? 0;
  const victor = isSide(source.victor) ? source.victor : null;
  view.stars = {
    text: victor
      ? t(HMZD_CARD_KEY.stars, { name: String(card[victor]?.name ?? ""), stars })
      : t(HMZD_CARD_KEY.noVictor),
    count: stars,
    victor,
    tip: t(HMZD_RULE_KEY.stars),
  };
  const tas = num(source.tacticalAdvantages) ?? Math.max(0, stars - 1);
  if (victor && tas > 0) view.advantages = t(HMZD_CARD_KEY.advantages, { count: tas });
  if (resolved) {
    if (victor && tas > 0) view.spent = spentText(resolved.spent);
    const spent = isRecord(resolved.spent) ? resolved.spent : {};
    if (victor && (num(spent.action) ?? 0) > 0)
      view.action = t(HMZD_CARD_KEY.action, { name: String(card[victor]?.name ?? "") });
    if (isRecord(resolved.strike)) view.strike = strikeView(card, resolved.strike, decl);
    else if (victor === "defender")
      view.defended = t(HMZD_CARD_KEY.defended, { name: String(card.defender?.name ?? "") });
  }
  return view;
}
