/**
 * The HârnMaster Gold Disengage action in Foundry (seed 000 lines 85-91; ruling G67): the
 * disengager (an actor the user owns) tests Initiative against each foe the user targets (the
 * foes engaged with it); the engine rolls its named dice (`disengage`, `disengage.foe.<i>`,
 * `disengage.stumble`) through Foundry's dice and the result is posted as a skill-test card
 * (./disengage.ts, `templates/chat/skill-test.hbs`, whose fields Handlebars escapes).
 */
import { rollAsNeeded } from "../../../core/flow";
import type { Hm3Derived } from "../../../rules/hm3/character-types";
import { resolveDisengage } from "../../../rules/hm3/gold/turns-disengage";
import { foundryRoll } from "../../combat/dice";
import { resolveUuid, userOwns } from "../../combat/permissions";
import { fighterSnapshot, type ActorLike } from "../../combat/snapshot";
import { formatWith, handlebarsApi } from "../../sheets/common";
import { DISENGAGE_KEYS, disengageCard, disengageInput } from "./disengage";
import { SKILL_TEST_TEMPLATE } from "./sheets/actor/tests";

/** The actor's derived HM3 figures, or null when it has none (not derived, another ruleset). */
function hm3Derived(actor: ActorLike): Hm3Derived | null {
  const d = fighterSnapshot(actor).derived as { ruleset?: unknown } | null;
  return d && d.ruleset === "hm3" ? (d as unknown as Hm3Derived) : null;
}

function aglOf(actor: ActorLike): number | null {
  const hm3 = (actor.system as { hm3?: { attributes?: { agl?: unknown } } } | null)?.hm3;
  const agl = hm3?.attributes?.agl;
  return typeof agl === "number" && Number.isInteger(agl) ? agl : null;
}

/** Whether the world plays hm3 with the `disengaging` option on. */
function disengagingOn(): boolean {
  const s = game.settings as unknown as { get(ns: string, key: string): unknown };
  return (
    s.get("blow-by-blow", "ruleset") === "hm3" && s.get("blow-by-blow", "hm3.disengaging") === true
  );
}

/** Runs a Disengage for the actor of `actorUuid` against the user's targeted tokens. */
export async function disengage(args: { actorUuid: string }): Promise<unknown> {
  const localize = (key: string) => game.i18n.localize(key);
  const warn = (key: string) => ui.notifications?.warn(localize(key));
  if (!disengagingOn()) {
    warn(DISENGAGE_KEYS.optionOff);
    return null;
  }
  const actor = (await resolveUuid(args.actorUuid)) as ActorLike | null;
  const user = game.user as unknown as Parameters<typeof userOwns>[0];
  if (!actor || !userOwns(user, actor)) return null;
  const derived = hm3Derived(actor);
  const agl = aglOf(actor);
  if (!derived || agl === null) {
    warn(DISENGAGE_KEYS.notGold);
    return null;
  }
  const targets = [...(game.user?.targets ?? [])];
  const foes = targets
    .map((t) => t.document.actor as unknown as ActorLike | null)
    .filter((a): a is ActorLike => !!a && a.uuid !== actor.uuid)
    .map((a) => ({ name: a.name, derived: hm3Derived(a) }));
  const input = disengageInput({ derived, agl }, foes);
  const { value: result, rolls } = await rollAsNeeded(
    (dice) => resolveDisengage(input, dice),
    foundryRoll,
  );
  const card = disengageCard(
    actor.name,
    derived.initiative.eml,
    result,
    foes.map((f) => f.name),
    localize,
    formatWith(localize),
  );
  const content = await handlebarsApi().renderTemplate(SKILL_TEST_TEMPLATE, { ...card });
  return ChatMessage.implementation.create({
    speaker: ChatMessage.implementation.getSpeaker({ actor: actor as never }),
    content,
    flags: { "blow-by-blow": { disengage: { rolls } } },
  } as never);
}
