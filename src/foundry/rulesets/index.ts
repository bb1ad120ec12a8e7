/**
 * The rulesets the Foundry adapter can play, and the one generic module that imports their
 * folders (test/foundry/architecture.test.ts). For each ruleset its folder (`./<id>/`)
 * implements `FoundryRuleset` (./contract.ts): the core ruleset (src/rules), its pure combat
 * functions (`CombatRules`, src/core/combat.ts), its chat card partial, its `system.<id>` data
 * blocks (schema, field rules, labels, migrations, validation) and its actors' derivation.
 * The combat flow, the chat cards and the data models look the world's ruleset (or every
 * ruleset) up here and never import a ruleset's own module. Only a ruleset listed here can be
 * chosen in the world settings (`Object.keys(FOUNDRY_RULESETS)`).
 *
 * Adding a ruleset: a folder `./<id>/` whose index exports its `FoundryRuleset` (declared with
 * `satisfies FoundryRuleset`, so its block types stay precise), one entry in `REGISTERED`
 * and one in `RulesetBlockSources` below.
 */
import type { RulesetId } from "../../core/ruleset";
import type {
  BlockTypeKey,
  CardRuleset,
  FightingRuleset,
  FoundryRuleset,
  PlanContext,
} from "./contract";
import { HM3_FOUNDRY } from "./hm3";
import type { Hm3BlockSources } from "./hm3/source";
import { HMZD_FOUNDRY } from "./hmzd";
import type { HmzdBlockSources } from "./hmzd/source";
import { M2M_FOUNDRY } from "./m2m";
import type { M2mBlockSources } from "./m2m/source";

export type * from "./contract";

/** Every ruleset the adapter plays, by id, in the order the data models list their blocks. */
const REGISTERED = { hm3: HM3_FOUNDRY, m2m: M2M_FOUNDRY, hmzd: HMZD_FOUNDRY } as const;

/** The stored shape of each ruleset's block per type (`system.<id>`), by ruleset id. */
export interface RulesetBlockSources {
  hm3: Hm3BlockSources;
  m2m: M2mBlockSources;
  hmzd: HmzdBlockSources;
}

type Registered = typeof REGISTERED;
export type RegisteredId = keyof Registered & keyof RulesetBlockSources;

export const FOUNDRY_RULESETS: Readonly<Partial<Record<RulesetId, FoundryRuleset>>> =
  Object.freeze(REGISTERED);

/** The ids of the registered rulesets, in registry order. */
export const RULESET_IDS: readonly RegisteredId[] = Object.freeze(
  Object.keys(REGISTERED) as RegisteredId[],
);

/** The registered rulesets, in registry order. */
export function allRulesets(): readonly FoundryRuleset[] {
  return RULESET_IDS.map((id) => REGISTERED[id] as FoundryRuleset);
}

/** The Foundry entry of a ruleset id, or undefined when the adapter cannot play it. */
export function foundryRuleset(id: string): FoundryRuleset | undefined {
  if (!Object.prototype.hasOwnProperty.call(FOUNDRY_RULESETS, id)) return undefined;
  return (FOUNDRY_RULESETS as Record<string, FoundryRuleset>)[id];
}

/** The world's ruleset (setting `blow-by-blow.ruleset`); throws a localised error if unknown. */
export function worldRuleset(): FoundryRuleset {
  const g = game;
  const id = String(g.settings?.get("blow-by-blow", "ruleset") ?? "");
  const found = foundryRuleset(id);
  if (found) return found;
  const message =
    g.i18n?.format("BLOWBYBLOW.Combat.Error.unknownRuleset", { ruleset: id }) ??
    `Blow by Blow cannot play the ruleset "${id}" in Foundry.`;
  throw new Error(message);
}

/** Whether a ruleset's exchanges run in Foundry (it has its combat rules). */
export function canFight(fr: FoundryRuleset): fr is FightingRuleset {
  return fr.combat !== undefined;
}

/** Whether a ruleset's exchange card can be shown (its combat rules and its card). */
export function hasCard(fr: FoundryRuleset): fr is CardRuleset {
  return canFight(fr) && fr.card !== undefined;
}

/** The lang key of the card shown when a ruleset's exchange card is not built yet. */
export const NO_CARD_KEY = "BLOWBYBLOW.Combat.Error.noCard";

/** The lang key of the refusal when the world's ruleset cannot fight in Foundry yet. */
export const CANNOT_FIGHT_KEY = "BLOWBYBLOW.Combat.Error.cannotFight";

interface I18nLike {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}
const i18nOf = (): I18nLike | undefined =>
  (globalThis as { game?: { i18n?: I18nLike } }).game?.i18n;

/** A ruleset's name as the world setting shows it (`BLOWBYBLOW.Ruleset.<id>`), else its id. */
export function rulesetName(fr: Pick<FoundryRuleset, "id">): string {
  const key = `BLOWBYBLOW.Ruleset.${fr.id}`;
  const name = i18nOf()?.localize(key);
  return name && name !== key ? name : fr.id;
}

/** The localised refusal naming a ruleset that cannot fight in Foundry yet. */
export function cannotFightMessage(fr: Pick<FoundryRuleset, "id">): string {
  const ruleset = rulesetName(fr);
  return (
    i18nOf()?.format(CANNOT_FIGHT_KEY, { ruleset }) ?? `${ruleset} cannot fight in Foundry yet.`
  );
}

/** `fr` when it can fight in Foundry; else throws the localised refusal naming it. */
export function fightingRuleset(fr: FoundryRuleset): FightingRuleset {
  if (canFight(fr)) return fr;
  throw new Error(cannotFightMessage(fr));
}

/** `fr` when its exchange card can be shown; else throws the localised notice naming it. */
export function cardRuleset(fr: FoundryRuleset): CardRuleset {
  const fighting = fightingRuleset(fr);
  if (hasCard(fighting)) return fighting;
  throw new Error(rulesetMessage(fr, NO_CARD_KEY, "{ruleset}'s exchange cards are not built yet."));
}

/** The world's ruleset when it can fight in Foundry; throws a localised error otherwise. */
/**
 * Runs the world ruleset's own action `name` (`FoundryRuleset.actions`) for a macro; warns and
 * returns null when it has none of that name.
 */
export async function rulesetAction(name: string, args: { actorUuid: string }): Promise<unknown> {
  const action = worldRuleset().actions?.[name];
  if (!action) {
    ui.notifications?.warn(
      game.i18n.format("BLOWBYBLOW.Combat.Warning.noRulesetAction", { name: String(name) }),
    );
    return null;
  }
  return action(args);
}

export function worldFightingRuleset(): FightingRuleset {
  return fightingRuleset(worldRuleset());
}

/** A message naming the ruleset (`key` with `{ruleset}`), localised when Foundry is there. */
export function rulesetMessage(
  fr: Pick<FoundryRuleset, "id">,
  key: string,
  english: string,
): string {
  const ruleset = rulesetName(fr);
  return i18nOf()?.format(key, { ruleset }) ?? english.replace("{ruleset}", ruleset);
}

/** The first registered ruleset: the world setting's default. */
export const DEFAULT_RULESET: FoundryRuleset = allRulesets()[0]!;

/**
 * The ruleset whose figures an actor derives: the world's when it is set and registered, else
 * the default (before the settings are registered, and outside Foundry: CLI, packs, tests).
 */
export function activeRuleset(): FoundryRuleset {
  let id = "";
  try {
    const settings = (
      globalThis as { game?: { settings?: { get(a: string, b: string): unknown } } }
    ).game?.settings;
    id = String(settings?.get("blow-by-blow", "ruleset") ?? "");
  } catch {
    id = "";
  }
  return foundryRuleset(id) ?? DEFAULT_RULESET;
}

/** Each registered ruleset's LOCALIZATION_PREFIXES entry for `type` (after the generic one). */
export function rulesetPrefixes(type: BlockTypeKey): string[] {
  return allRulesets().flatMap((r) => {
    const prefix = r.data.prefixes[type];
    return prefix ? [prefix] : [];
  });
}

/** The human plan's locations of the default ruleset (for an actor without a plan of its own). */
export function humanPlanContext(): PlanContext {
  return DEFAULT_RULESET.data.humanPlan;
}

// ── Typed composition of the data blocks (the data models' schemas, the field table) ───────

type BlocksOf<K extends RegisteredId> = Registered[K]["data"]["blocks"];
type RulesOf<K extends RegisteredId> = Registered[K]["data"]["rules"];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;

/** `system.<id>` of every ruleset with a block for type T: the data model's fields. */
export type RulesetBlockFields<T extends BlockTypeKey> = {
  [K in RegisteredId as T extends keyof BlocksOf<K> ? K : never]: T extends keyof BlocksOf<K>
    ? BlocksOf<K>[T] extends () => infer F
      ? F
      : never
    : never;
};

/** Builds `system.<id>` for every registered ruleset with a block for `type` (in defineSchema). */
export function rulesetBlockFields<T extends BlockTypeKey>(type: T): RulesetBlockFields<T> {
  const out: Record<string, unknown> = {};
  for (const ruleset of allRulesets()) {
    const block = ruleset.data.blocks[type];
    if (block) out[ruleset.id] = block();
  }
  return out as RulesetBlockFields<T>;
}

type Prefixed<Id extends string, R> = { [P in keyof R & string as `${Id}.${P}`]: R[P] };

/** Every ruleset's field rules of type T, by `system` path (`hm3.wq`). */
export type RulesetRules<T extends BlockTypeKey> = UnionToIntersection<
  {
    [K in RegisteredId]: T extends keyof RulesOf<K>
      ? Prefixed<K, RulesOf<K>[T]>
      : Record<never, never>;
  }[RegisteredId]
>;

/** Every registered ruleset's field rules of `type`, by `system` path (`hm3.wq`). */
export function rulesetRules<T extends BlockTypeKey>(type: T): RulesetRules<T> {
  const out: Record<string, unknown> = {};
  for (const ruleset of allRulesets())
    for (const [path, rule] of Object.entries(ruleset.data.rules[type] ?? {}))
      out[`${ruleset.id}.${path}`] = rule;
  return out as RulesetRules<T>;
}

/** `system.<id>` of every ruleset with a block for type T, as stored. */
export type RulesetBlockSource<T extends BlockTypeKey> = {
  [K in RegisteredId as T extends keyof RulesetBlockSources[K]
    ? K
    : never]: T extends keyof RulesetBlockSources[K] ? RulesetBlockSources[K][T] : never;
};

/**
 * The derived figures of an actor, whichever registered ruleset derived them: each carries
 * `ruleset` (its id), so a reader tells them apart (`derived.ruleset === "hm3"`).
 */
export type RulesetDerived = {
  [K in RegisteredId]: ReturnType<Registered[K]["derive"]["actor"]>;
}[RegisteredId];
