/**
 * Duels: two fighters (Foundry Actor documents, e.g. the sample fighters pack) fight to
 * incapacitation or death, each exchange through the same pure flow and combat rules the
 * Foundry adapter uses, and its consequences applied to the fighters as the adapter applies
 * them: injury items (which raise the victim's penalties for the next exchange), conditions,
 * weapon quality lost. Pure: dice are injected; no Foundry, no DOM.
 *
 * How a duel goes (docs/duel.md; ruling R39):
 * - Order: higher Initiative EML first (hm3.md §2), ties to side A. Each round each fighter
 *   still in the fight takes one turn: it attacks the other with the policy's attack
 *   (src/sim/policy.ts), and the other defends with the policy's defence.
 * - A fighter who is prone spends its turn getting up; one who is disarmed spends it
 *   recovering its weapon (the condition goes, no attack).
 * - A tactical advantage gives its side one extra attack at once, at most one per turn
 *   (hm3.md §2); a second one in the same turn is lost.
 * - A fighter with an incapacitating condition (the ruleset's: shock, unconscious, dead) is out;
 *   the other wins. Both out in one exchange (a counterstrike): no winner. After `maxRounds`
 *   rounds (default 100) the duel ends undecided.
 */
import type { AttackRequest, ChoiceRequest, FighterSnapshot } from "../core/combat";
import { copy } from "../core/data";
import type { Dice, RollRecord } from "../core/dice";
import { SeededDice } from "../core/dice";
import { declareExchange, replayExchange, type ExchangeCard, type FlowChoice } from "../core/flow";
import type { Effect, Side } from "../core/ruleset";
import { fighterFromSource } from "../foundry/combat/source-fighter";
import { hm3, hm3Combat } from "../rules/hm3";
import { bestAttack, bestDefence, worldDefaults } from "./policy";

type Obj = Record<string, unknown>;

/** A fighter as Foundry stores it: an Actor document (`{name, type, system, items}`). */
export interface ActorSource {
  name: string;
  type: string;
  system: Record<string, unknown>;
  items: { _id: string; type: string; name: string; system: Record<string, unknown> }[];
}

export interface DuelPolicy {
  /** Item id to attack with (default: the attack option with the highest target). */
  itemId?: string | null;
}

export interface DuelSide {
  actor: ActorSource;
  policy?: DuelPolicy;
}

export type SideKey = "a" | "b";

export interface DuelExchange {
  round: number;
  attacker: SideKey;
  /** The exchange as the flow makes it: state "resolved", with its result. */
  card: ExchangeCard;
}

export interface DuelInjury {
  side: SideKey;
  location: string;
  severity: string;
  level: number;
}

export interface DuelResult {
  winner: SideKey | null;
  rounds: number;
  end: "incapacitated" | "dead" | "maxRounds" | "both";
  injuries: DuelInjury[];
  exchanges: DuelExchange[];
}

interface Fighter {
  actor: ActorSource;
  conditions: string[];
  policy: DuelPolicy;
  /** The snapshot as of the last change (derived once per change, not per exchange). */
  snap: FighterSnapshot | null;
}

/** What a user picks for one exchange (the workbench); the policy decides what is not given. */
export interface ExchangeChoice {
  attack?: AttackRequest | null;
  defence?: ChoiceRequest | null;
}

export interface Duel {
  readonly sides: Record<SideKey, { name: string; actor: ActorSource; conditions: string[] }>;
  readonly done: boolean;
  /** One exchange with `by` attacking now, outside the turn order (the workbench's Roll). */
  attack(by: SideKey, dice: Dice, choice?: ExchangeChoice): DuelExchange | null;
  /** A side's fighter as it is now (figures re-derived after its injuries). */
  snapshot(side: SideKey): FighterSnapshot;
  /** Runs the next turn (one exchange, or a turn spent getting up); null when the duel is over. */
  next(dice: Dice): DuelExchange | null;
  result(): DuelResult;
}

const OTHER: Record<SideKey, SideKey> = { a: "b", b: "a" };

/** The dice of one exchange, recorded by name as the flow stores them. */
function recording(dice: Dice): { dice: Dice; rolls: RollRecord[] } {
  const rolls: RollRecord[] = [];
  return {
    rolls,
    dice: {
      roll(name: string, count: number, sides: number): number[] {
        const values = dice.roll(name, count, sides);
        rolls.push({ name, count, sides, values, total: values.reduce((t, v) => t + v, 0) });
        return values;
      },
    },
  };
}

function snapshotOf(f: Fighter): FighterSnapshot {
  f.snap ??= fighterFromSource(f.actor, f.conditions);
  return f.snap;
}

/** Whether a fighter is out of the fight, and how. */
function outcome(f: Fighter): "dead" | "incapacitated" | null {
  if (f.conditions.includes("dead")) return "dead";
  return hm3Combat.incapacitating.some((c) => f.conditions.includes(c)) ? "incapacitated" : null;
}

let injurySerial = 0;

/** Applies one effect to the fighters, as the Foundry adapter does (apply.ts). */
function applyEffect(
  effect: Effect,
  bySide: Record<Side, Fighter>,
  snapshots: Record<Side, FighterSnapshot>,
  itemUsed: Record<Side, string | null>,
): void {
  const target = bySide[effect.to];
  target.snap = null;
  switch (effect.type) {
    case "injury": {
      const data = hm3Combat.injuryItem(effect, snapshots[effect.to]);
      target.actor.items.push({
        _id: `duelInjury${String(++injurySerial).padStart(6, "0")}`,
        type: "injury",
        name: `${data.nameData.code ?? ""} ${data.nameData.location ?? ""}`.trim(),
        system: copy(data.system),
      });
      return;
    }
    case "condition":
      if (!target.conditions.includes(effect.condition)) target.conditions.push(effect.condition);
      return;
    case "weaponDamaged": {
      const id = itemUsed[effect.to];
      const item = target.actor.items.find((i) => i._id === id);
      if (!item) return;
      const changes = hm3Combat.weaponDamage(effect, {
        id: item._id,
        type: item.type,
        name: item.name,
        system: item.system,
      });
      for (const [path, value] of Object.entries(changes)) {
        const keys = path.replace(/^system\./, "").split(".");
        let node = item.system as Obj;
        for (const k of keys.slice(0, -1)) node = node[k] as Obj;
        node[keys.at(-1)!] = value;
      }
      return;
    }
    default:
      return;
  }
}

/**
 * The exchange as the flow stores it (a resolved card): made by the flow's own functions and
 * replayed, so its result is what the card's declaration, choices and dice give.
 */
function cardOf(
  side: Record<Side, Fighter>,
  build: { declaration: unknown; rules: Record<string, unknown> },
  request: unknown,
  choices: FlowChoice[],
  rolls: RollRecord[],
): ExchangeCard {
  const card = declareExchange(hm3, {
    attacker: { actorUuid: null, tokenUuid: null, name: side.attacker.actor.name },
    defender: { actorUuid: null, tokenUuid: null, name: side.defender.actor.name },
    declaration: build.declaration,
    context: { request, rules: build.rules },
    rolls: [],
  });
  card.choices = choices;
  card.rolls = rolls;
  card.state = "resolved";
  card.revision = 1 + choices.length;
  card.pending = null;
  card.result = replayExchange(hm3, card).result;
  return card;
}

/** A step-by-step duel (the workbench shows each exchange as it comes). */
export function createDuel(
  a: DuelSide,
  b: DuelSide,
  options: { maxRounds?: number; options?: Record<string, boolean>; keepCards?: boolean } = {},
): Duel {
  const maxRounds = options.maxRounds ?? 100;
  const keepCards = options.keepCards !== false;
  const rules = { ...worldDefaults(), ...(options.options ?? {}) };
  const fighters: Record<SideKey, Fighter> = {
    a: { actor: copy(a.actor), conditions: [], policy: a.policy ?? {}, snap: null },
    b: { actor: copy(b.actor), conditions: [], policy: b.policy ?? {}, snap: null },
  };
  const first: SideKey =
    hm3Combat.initiative(snapshotOf(fighters.b)) > hm3Combat.initiative(snapshotOf(fighters.a))
      ? "b"
      : "a";
  const order: SideKey[] = [first, OTHER[first]];
  const exchanges: DuelExchange[] = [];
  const injuries: DuelInjury[] = [];
  let round = 1;
  let turn = 0;
  let extraFor: SideKey | null = null;
  let extraUsed = false;
  let end: DuelResult["end"] | null = null;
  let winner: SideKey | null = null;

  const settle = (): void => {
    const outA = outcome(fighters.a);
    const outB = outcome(fighters.b);
    if (outA && outB) {
      end = "both";
      winner = null;
    } else if (outA || outB) {
      winner = outA ? "b" : "a";
      end = (outA ?? outB)!;
    }
  };

  const advance = (): void => {
    turn++;
    extraUsed = false;
    if (turn >= order.length) {
      turn = 0;
      round++;
      if (round > maxRounds) end = "maxRounds";
    }
  };

  /** One exchange: `by` attacks the other side. */
  const exchange = (by: SideKey, dice: Dice, choice: ExchangeChoice = {}): DuelExchange => {
    const side: Record<Side, Fighter> = { attacker: fighters[by], defender: fighters[OTHER[by]] };
    const snaps: Record<Side, FighterSnapshot> = {
      attacker: snapshotOf(side.attacker),
      defender: snapshotOf(side.defender),
    };
    const request = choice.attack ?? bestAttack(snaps.attacker, snaps.defender);
    if (!choice.attack && side.attacker.policy.itemId) request.itemId = side.attacker.policy.itemId;
    const build = hm3Combat.buildDeclaration(snaps.attacker, snaps.defender, request, rules);
    const rec = recording(dice);
    let state = hm3.start(hm3.parseDeclaration(build.declaration), rec.dice);
    const choices: FlowChoice[] = [];
    const itemUsed: Record<Side, string | null> = { attacker: request.itemId, defender: null };
    for (let pending = hm3.pending(state); pending; pending = hm3.pending(state)) {
      const chooser = snaps[pending.by];
      const choiceRequest =
        (pending.by === "defender" ? choice.defence : null) ??
        bestDefence(hm3Combat.choiceOptions(pending, build, chooser));
      const value = hm3Combat.buildChoice(pending, build, chooser, choiceRequest);
      if (pending.by === "defender") itemUsed.defender = choiceRequest.itemId;
      choices.push({
        by: pending.by,
        kind: pending.kind,
        value,
        userId: "duel",
        request: choiceRequest,
      });
      state = hm3.choose(state, hm3.parseChoice(state, value), rec.dice);
    }
    const result = hm3.result(state);
    const card = keepCards
      ? cardOf(side, build, request, choices, rec.rolls)
      : ({ result } as unknown as ExchangeCard);
    for (const effect of result.effects) {
      applyEffect(effect, side, snaps, itemUsed);
      if (effect.type === "injury")
        injuries.push({
          side: effect.to === "attacker" ? by : OTHER[by],
          location: effect.location,
          severity: effect.severityKey,
          level: effect.level,
        });
      if (effect.type === "tacticalAdvantage" && !extraUsed) {
        extraFor = effect.to === "attacker" ? by : OTHER[by];
      }
    }
    const entry: DuelExchange = { round, attacker: by, card };
    exchanges.push(entry);
    settle();
    return entry;
  };

  return {
    get sides() {
      const view = (k: SideKey) => ({
        name: fighters[k].actor.name,
        actor: fighters[k].actor,
        conditions: [...fighters[k].conditions],
      });
      return { a: view("a"), b: view("b") };
    },
    get done() {
      return end !== null;
    },
    attack(by: SideKey, dice: Dice, choice: ExchangeChoice = {}): DuelExchange | null {
      if (end !== null) return null;
      return exchange(by, dice, choice);
    },
    snapshot(side: SideKey): FighterSnapshot {
      return snapshotOf(fighters[side]);
    },
    next(dice: Dice): DuelExchange | null {
      while (end === null) {
        if (extraFor) {
          const by = extraFor;
          extraFor = null;
          extraUsed = true;
          return exchange(by, dice);
        }
        const by = order[turn]!;
        const me = fighters[by];
        if (me.conditions.includes("prone") || me.conditions.includes("disarmed")) {
          // The turn goes to getting up or recovering the weapon (R39).
          me.conditions = me.conditions.filter((c) => c !== "prone" && c !== "disarmed");
          me.snap = null;
          advance();
          continue;
        }
        const entry = exchange(by, dice);
        if (!extraFor) advance();
        return entry;
      }
      return null;
    },
    result(): DuelResult {
      return {
        winner,
        rounds: Math.min(round, maxRounds),
        end: end ?? "maxRounds",
        injuries: [...injuries],
        exchanges: [...exchanges],
      };
    },
  };
}

/** A whole duel with `dice`. `keepExchanges: false` drops the cards (for many duels). */
export function runDuel(
  a: DuelSide,
  b: DuelSide,
  dice: Dice,
  options: { maxRounds?: number; keepExchanges?: boolean } = {},
): DuelResult {
  const keep = options.keepExchanges !== false;
  const duel = createDuel(a, b, { ...options, keepCards: keep });
  while (!duel.done) duel.next(dice);
  const result = duel.result();
  return keep ? result : { ...result, exchanges: [] };
}

export interface DuelStats {
  n: number;
  wins: Record<SideKey | "none", number>;
  rounds: { mean: number; histogram: Record<number, number> };
  /** Injuries by location, then severity (M, S, G, K). */
  injuries: Record<string, Record<string, number>>;
}

/** `n` duels with the dice of `seed` (one stream for all), counted. */
export function runDuels(
  a: DuelSide,
  b: DuelSide,
  n: number,
  seed: number,
  onProgress?: (done: number, n: number) => void,
): DuelStats {
  const dice = new SeededDice(seed);
  const stats: DuelStats = {
    n,
    wins: { a: 0, b: 0, none: 0 },
    rounds: { mean: 0, histogram: {} },
    injuries: {},
  };
  let totalRounds = 0;
  for (let i = 0; i < n; i++) {
    const r = runDuel(a, b, dice, { keepExchanges: false });
    stats.wins[r.winner ?? "none"]++;
    totalRounds += r.rounds;
    stats.rounds.histogram[r.rounds] = (stats.rounds.histogram[r.rounds] ?? 0) + 1;
    for (const inj of r.injuries) {
      const byLoc = (stats.injuries[inj.location] ??= {});
      byLoc[inj.severity] = (byLoc[inj.severity] ?? 0) + 1;
    }
    onProgress?.(i + 1, n);
  }
  stats.rounds.mean = n ? totalRounds / n : 0;
  return stats;
}

const SEVERITY_ORDER = ["M", "S", "G", "K"] as const;
const SEVERITY_COLOUR: Readonly<Record<string, string>> = Object.freeze({
  M: "#c9b458",
  S: "#d9822b",
  G: "#b8352a",
  K: "#4a1010",
});

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * A self-contained SVG: one row per location struck, a stacked bar of its injuries by severity
 * (M, S, G, K), the count at the end; the title names the fighters and the win rates. Text is
 * escaped (fighters' names are user text).
 */
export function duelPlotSvg(stats: DuelStats, names: Record<SideKey, string>): string {
  const locations = Object.keys(stats.injuries).sort(
    (x, y) => total(stats.injuries[y]!) - total(stats.injuries[x]!) || x.localeCompare(y),
  );
  const max = Math.max(1, ...locations.map((l) => total(stats.injuries[l]!)));
  const rowH = 18;
  const left = 120;
  const width = 640;
  const barW = width - left - 60;
  const top = 48;
  const height = top + locations.length * rowH + 40;
  const pct = (k: SideKey | "none") =>
    stats.n ? `${((100 * stats.wins[k]) / stats.n).toFixed(1)}%` : "0%";
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(`${names.a} vs ${names.b}: injuries by location and severity`)}</title>`,
    `<text x="8" y="18" font-weight="bold">${escapeXml(`${names.a} ${pct("a")} · ${names.b} ${pct("b")} · undecided ${pct("none")} (${stats.n} duels)`)}</text>`,
  ];
  SEVERITY_ORDER.forEach((sev, i) => {
    const x = left + i * 60;
    out.push(
      `<rect x="${x}" y="26" width="10" height="10" fill="${SEVERITY_COLOUR[sev]}"/><text x="${x + 14}" y="35">${sev}</text>`,
    );
  });
  locations.forEach((loc, row) => {
    const y = top + row * rowH;
    const counts = stats.injuries[loc]!;
    out.push(`<text x="${left - 6}" y="${y + 12}" text-anchor="end">${escapeXml(loc)}</text>`);
    let x = left;
    for (const sev of SEVERITY_ORDER) {
      const c = counts[sev] ?? 0;
      if (!c) continue;
      const w = (barW * c) / max;
      out.push(
        `<rect class="bar" data-location="${escapeXml(loc)}" data-severity="${sev}" data-count="${c}" x="${x.toFixed(2)}" y="${y}" width="${w.toFixed(2)}" height="${rowH - 4}" fill="${SEVERITY_COLOUR[sev]}"/>`,
      );
      x += w;
    }
    out.push(`<text x="${(x + 4).toFixed(2)}" y="${y + 12}">${total(counts)}</text>`);
  });
  out.push("</svg>");
  return out.join("\n");
}

function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((t, c) => t + c, 0);
}
