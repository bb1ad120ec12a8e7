/**
 * The HârnMaster Gold Disengage action in Foundry (seed 000 lines 85-91; ruling G67): the
 * disengager (an actor the user owns) tests Initiative (`disengage`, and a CF's
 * `disengage.stumble`, through Foundry's dice) and the card is posted
 * (`templates/chat/hm3/disengage.hbs`, whose fields Handlebars escapes) with a line for each foe
 * the user targets (the foes engaged with it); each foe's owner or the GM then answers from the
 * card, test or decline (000:87; ./disengage-foes.ts, ruling G85).
 */
import { rollAsNeeded } from "../../../core/flow";
import type { Hm3Derived } from "../../../rules/hm3/character-types";
import { ownTest, startDisengage } from "../../../rules/hm3/gold/turns-disengage-answers";
import { foundryRoll } from "../../combat/dice";
import { resolveUuid, userOwns } from "../../combat/permissions";
import { fighterSnapshot, type ActorLike } from "../../combat/snapshot";
import { formatWith, handlebarsApi } from "../../sheets/common";
import { DISENGAGE_KEYS, disengageInput } from "./disengage";
import {
  DISENGAGE_TEMPLATE,
  disengageOffered,
  disengageView,
  type DisengageFlag,
} from "./disengage-view";

/** The actor's derived HM3 figures, or null when it has none (not derived, another ruleset). */
export function hm3Derived(actor: ActorLike): Hm3Derived | null {
  const d = fighterSnapshot(actor).derived as { ruleset?: unknown } | null;
  return d && d.ruleset === "hm3" ? (d as unknown as Hm3Derived) : null;
}

export function aglOf(actor: ActorLike): number | null {
  const hm3 = (actor.system as { hm3?: { attributes?: { agl?: unknown } } } | null)?.hm3;
  const agl = hm3?.attributes?.agl;
  return typeof agl === "number" && Number.isInteger(agl) ? agl : null;
}

/** Renders a Disengage card's HTML from its flag (`templates/chat/hm3/disengage.hbs`). */
export async function disengageHtml(flag: DisengageFlag): Promise<string> {
  const localize = (key: string) => game.i18n.localize(key);
  const view = disengageView(flag, localize, formatWith(localize));
  return handlebarsApi().renderTemplate(DISENGAGE_TEMPLATE, { ...view });
}

/**
 * Runs a Disengage for the actor of `actorUuid` against the user's targeted tokens: the
 * disengager's test is rolled now; each foe then tests or declines from the card
 * (./disengage-foes.ts).
 */
export async function disengage(args: { actorUuid: string }): Promise<unknown> {
  const localize = (key: string) => game.i18n.localize(key);
  const warn = (key: string) => ui.notifications?.warn(localize(key));
  if (!disengageOffered()) {
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
  // Each targeted actor once (two tokens of one actor are one foe), never the disengager.
  const seen = new Set<string>([actor.uuid]);
  const foes: DisengageFlag["foes"] = [];
  for (const t of targets) {
    const a = t.document.actor as unknown as ActorLike | null;
    if (!a || seen.has(a.uuid)) continue;
    seen.add(a.uuid);
    foes.push({ actorUuid: a.uuid, name: a.name });
  }
  const me = disengageInput({ derived, agl }, []);
  const { rolls } = await rollAsNeeded((dice) => ownTest(me, dice), foundryRoll);
  const flag: DisengageFlag = {
    actorUuid: actor.uuid,
    actor: actor.name,
    target: derived.initiative.eml,
    foes,
    state: startDisengage(me, foes.length, rolls),
  };
  return ChatMessage.implementation.create({
    speaker: ChatMessage.implementation.getSpeaker({ actor: actor as never }),
    content: await disengageHtml(flag),
    flags: { "blow-by-blow": { disengage: flag } },
  } as never);
}
