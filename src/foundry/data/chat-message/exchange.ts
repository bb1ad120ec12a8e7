/**
 * ChatMessage `exchange`: one combat exchange card. Its `system` is the flow's `ExchangeCard`
 * (src/core/flow.ts): ruleset, state, revision, both combatants (actor and token UUIDs, name),
 * and as JSON fields (their shape is the ruleset's) the declaration, the context, the choices,
 * the rolls, the pending prompt, the result, the applied record and the advantages claimed.
 * Only the active GM's client changes it (src/foundry/combat/queries.ts); the flow replays the
 * exchange from the declaration, choices and rolls at every step, so the stored pending prompt
 * and result are for display.
 */
import type { AnyMutableObject } from "fvtt-types/utils";
import { copy } from "../../../core/data";
import type { ExchangeCard } from "../../../core/flow";
import { EXCHANGE_STATES } from "../source";
import { combatantRef, choice, int, json, text } from "../fields";
import { GENERIC_BOUNDS as BOUNDS } from "../rule-kinds";
import { PREFIXES } from "../prefixes";
import { guardCreate, guardSystem, type PreCreateArgs, type PreUpdateArgs } from "../guard";
import { migrateSystemInPlace } from "../../migrations";
import { DEFAULT_RULESET } from "../../rulesets";

function exchangeSchema() {
  return {
    ruleset: text(DEFAULT_RULESET.id, false),
    state: choice(EXCHANGE_STATES, "declared"),
    revision: int(BOUNDS.revision),
    attacker: combatantRef(),
    defender: combatantRef(),
    declaration: json(),
    context: json("{}"),
    choices: json("[]"),
    rolls: json("[]"),
    pending: json(),
    result: json(),
    applied: json(),
    advantages: json("{}"),
  };
}
export type ExchangeSchema = ReturnType<typeof exchangeSchema>;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The card held by an exchange message's `system` (the initialised data model, whose JSON
 * fields are parsed), as a plain copy; missing or malformed containers read as empty.
 */
export function cardOf(system: unknown): ExchangeCard {
  const raw = (isObject(system) ? system : {}) as Obj;
  // An initialised model holds parsed values; stored source (or a write) holds JSON text.
  const json = new Set<string>(EXCHANGE_JSON_FIELDS);
  const s: Obj = {};
  for (const key of ["ruleset", "state", "revision", "attacker", "defender", ...json]) {
    const v = raw[key];
    if (json.has(key) && typeof v === "string") {
      try {
        s[key] = JSON.parse(v) as unknown;
      } catch {
        s[key] = null;
      }
    } else s[key] = v;
  }
  const ref = (v: unknown) => {
    const r = isObject(v) ? v : {};
    return {
      actorUuid: typeof r.actorUuid === "string" ? r.actorUuid : null,
      tokenUuid: typeof r.tokenUuid === "string" ? r.tokenUuid : null,
      name: typeof r.name === "string" ? r.name : "",
    };
  };
  const card = {
    ruleset: s.ruleset,
    state: s.state,
    revision: s.revision,
    attacker: ref(s.attacker),
    defender: ref(s.defender),
    declaration: s.declaration ?? null,
    context: isObject(s.context) ? s.context : {},
    choices: Array.isArray(s.choices) ? s.choices : [],
    rolls: Array.isArray(s.rolls) ? s.rolls : [],
    pending: isObject(s.pending) ? s.pending : null,
    result: isObject(s.result) ? s.result : null,
    applied: isObject(s.applied) ? s.applied : null,
    advantages: isObject(s.advantages) ? s.advantages : {},
  };
  // The JSON fields hold what JSON.parse gave (unknown): the card is taken as the ExchangeCard
  // the system wrote; their inner shapes are not checked here.
  return copy(card) as unknown as ExchangeCard;
}

/** The card's fields Foundry stores as JSON text. */
export const EXCHANGE_JSON_FIELDS = Object.freeze([
  "declaration",
  "context",
  "choices",
  "rolls",
  "pending",
  "result",
  "applied",
  "advantages",
] as const);

/**
 * A card as the message stores it (`_source.system`): its JSON fields as JSON text (null stays
 * null). Writes send this form, so a partial `update({system})` is stored as given whatever
 * cleaning the update goes through (a JSONField keeps valid JSON text as it is).
 */
export function cardSource(card: ExchangeCard): Record<string, unknown> {
  const out: Record<string, unknown> = { ...copy(card) };
  for (const key of EXCHANGE_JSON_FIELDS) {
    const value = out[key];
    out[key] = value === null || value === undefined ? null : JSON.stringify(value);
  }
  return out;
}

export class ExchangeData extends foundry.abstract.TypeDataModel<
  ExchangeSchema,
  ChatMessage.Stored
> {
  static override defineSchema(): ExchangeSchema {
    return exchangeSchema();
  }
  static override LOCALIZATION_PREFIXES = [PREFIXES.exchange];

  /** Older cards (schema 1) load in the current shape (migrations/exchange-cards.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    migrateSystemInPlace("ChatMessage.exchange", source);
    return super.migrateData(source);
  }

  /** The card as plain data (a copy). */
  toCard(): ExchangeCard {
    return cardOf(this);
  }

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    ...args: PreCreateArgs<ExchangeSchema, ChatMessage.Stored>
  ): Promise<boolean | void> {
    guardCreate(this, "ChatMessage.exchange", args[0]);
    return super._preCreate(...args);
  }

  protected override async _preUpdate(
    ...args: PreUpdateArgs<ExchangeSchema, ChatMessage.Stored>
  ): Promise<boolean | void> {
    guardSystem("ChatMessage.exchange", args[0]);
    return super._preUpdate(...args);
  }
}
