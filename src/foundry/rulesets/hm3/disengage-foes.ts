/**
 * Each engaged foe answers a HârnMaster Gold Disengage from its card (seed 000 line 87: "each
 * opponent who is engaged with the character may also test Initiative EML (if an opponent does
 * not wish to make a roll, treat the result as MF)"; rulings G67, G85):
 *
 * - the card's Test and Decline buttons (`renderDisengageCard`, wired on every client; shown to
 *   the foe's owners and the GM only) call `answerDisengage`, which checks at the click that the
 *   user owns the foe (a GM owns every actor) and asks the active GM's client
 *   (`blow-by-blow.ruleset`, step `disengageFoe`);
 * - the GM's step (`disengageFoeStep`, run as the user who asks, one after another per message)
 *   checks again that the user owns the foe now and that the foe has not answered (a foe answers
 *   once, however often its button is clicked), rolls a test's `disengage.foe.<i>` (1d100
 *   against the foe's Initiative EML as it is now) and writes the card once for that foe; the
 *   last answer gives the outcome.
 */
import { InputError } from "../../../core/errors";
import { answerFoe, foeRollName } from "../../../rules/hm3/gold/turns-disengage-answers";
import { foundryRoll } from "../../combat/dice";
import { flowTools } from "../../combat/flow-tools";
import { resolveUuid, userOwns } from "../../combat/permissions";
import type { MessageLike } from "../../combat/query-common";
import type { ActorLike, UserLike } from "../../combat/snapshot";
import { escapeHtml } from "../../sheets/common";
import { disengageHtml, hm3Derived } from "./disengage-action";
import { DISENGAGE_FOE_KEYS, readDisengageFlag } from "./disengage-view";

type Obj = Record<string, unknown>;

/** The step's name in the hm3 ruleset's `steps`. */
export const DISENGAGE_STEP = "disengageFoe";

/** What a foe's answer names: the card, the foe's index on it, test or decline. */
export interface DisengageAnswer {
  messageId: string;
  foe: number;
  test: boolean;
}

function readAnswer(data: Obj): DisengageAnswer {
  const { messageId, foe, test } = data;
  if (typeof messageId !== "string" || messageId === "")
    throw new InputError("messageId", messageId, "expected an id");
  if (typeof foe !== "number" || !Number.isInteger(foe) || foe < 0)
    throw new InputError("foe", foe, "expected a whole number ≥ 0");
  if (typeof test !== "boolean") throw new InputError("test", test, "expected true or false");
  return { messageId, foe, test };
}

/**
 * GM: foe `foe` of the Disengage card `messageId` tests or declines, as `user` asks. Refused
 * (nothing written) when the user does not own the foe now, when the foe has answered already,
 * or when a testing foe has no HârnMaster figures.
 */
export async function disengageFoeStep(user: UserLike, data: Obj): Promise<void> {
  const answer = readAnswer(data);
  const { CombatError, serial } = flowTools();
  await serial(answer.messageId, async () => {
    const message = game.messages?.get(answer.messageId) as unknown as MessageLike | undefined;
    if (!message)
      throw new CombatError("noMessage", `No message ${answer.messageId}.`, {
        messageId: answer.messageId,
      });
    const flag = readDisengageFlag(message.flags);
    if (!flag) throw new InputError("messageId", answer.messageId, "expected a Disengage card");
    const ref = flag.foes[answer.foe];
    if (!ref) throw new InputError("foe", answer.foe, `expected a foe 0..${flag.foes.length - 1}`);
    const actor = (await resolveUuid(ref.actorUuid)) as ActorLike | null;
    if (!actor) throw new InputError("foe", ref.name, "can no longer be found");
    if (!userOwns(user, actor))
      throw new CombatError("notOwnerOf", `${user.id ?? ""} does not own ${ref.name}.`, {
        name: ref.name,
      });
    if (flag.state.foes[answer.foe]?.answer !== "pending")
      throw new CombatError("alreadyAnswered", `${ref.name} has answered.`, { name: ref.name });
    let state;
    if (answer.test) {
      const derived = hm3Derived(actor);
      if (!derived)
        throw new InputError("foe", ref.name, "has no HârnMaster figures to test Initiative with");
      const name = foeRollName(answer.foe);
      const values = await foundryRoll(name, 1, 100);
      const roll = { name, count: 1, sides: 100, values, total: values[0]! };
      state = answerFoe(flag.state, answer.foe, {
        test: true,
        eml: derived.initiative.eml.value,
        roll,
      });
    } else state = answerFoe(flag.state, answer.foe, { test: false });
    const next = { ...flag, state };
    await message.update({
      content: await disengageHtml(next),
      "flags.blow-by-blow.disengage.state": state,
    });
  });
}

/**
 * A click on a card's Test or Decline button: refused at once (a warning) unless the user owns
 * the foe now; else the GM's client is asked (`askGM` warns of its refusal).
 */
export async function answerDisengage(answer: DisengageAnswer): Promise<boolean> {
  const flag = readDisengageFlag(game.messages?.get(answer.messageId)?.flags);
  const ref = flag?.foes[answer.foe];
  if (!flag || !ref) return false;
  const actor = (await resolveUuid(ref.actorUuid)) as ActorLike | null;
  const user = game.user as unknown as UserLike;
  if (!userOwns(user, actor)) {
    ui.notifications?.warn(
      game.i18n.format("BLOWBYBLOW.Combat.Error.notOwnerOf", {
        name: escapeHtml(ref.name),
      }),
    );
    return false;
  }
  if (answer.test && actor && !hm3Derived(actor)) {
    ui.notifications?.warn(
      game.i18n.format(DISENGAGE_FOE_KEYS.foeNoFigures, {
        name: escapeHtml(ref.name),
      }),
    );
    return false;
  }
  const { askGM, QUERY } = flowTools();
  const outcome = await askGM(QUERY.ruleset, { step: DISENGAGE_STEP, ...answer });
  return outcome?.ok === true;
}

/** The foe's actor as this client knows it now, without waiting (v13 `fromUuidSync`). */
function knownActor(uuid: string): ActorLike | null {
  const find = (globalThis as { fromUuidSync?: (uuid: string) => unknown }).fromUuidSync;
  try {
    return (find?.(uuid) as ActorLike | null | undefined) ?? null;
  } catch {
    return null;
  }
}

/**
 * Wires a Disengage card's buttons as it is rendered (`renderChatMessageHTML`): a foe's
 * buttons are kept for its owners and the GM only (the click checks again); a click disables
 * the row's buttons until the answer settles. Other messages are left alone.
 */
export function renderDisengageCard(
  message: { id: string | null; flags?: unknown },
  html: HTMLElement,
): void {
  let flag;
  try {
    flag = readDisengageFlag(message.flags);
  } catch {
    return;
  }
  if (!flag || !message.id || typeof html?.querySelectorAll !== "function") return;
  const messageId = message.id;
  const user = game.user as unknown as UserLike;
  for (const row of html.querySelectorAll<HTMLElement>(".bbb-disengage-foe")) {
    const index = Number(row.dataset.foe);
    const ref = flag.foes[index];
    const buttons = [...row.querySelectorAll<HTMLButtonElement>("button.bbb-disengage-answer")];
    if (!ref || buttons.length === 0) continue;
    if (!user?.isGM && !userOwns(user, knownActor(ref.actorUuid))) {
      for (const b of buttons) b.remove();
      continue;
    }
    for (const button of buttons) {
      button.addEventListener("click", (event) => {
        event.preventDefault();
        event.stopPropagation();
        if (button.disabled) return;
        for (const b of buttons) b.disabled = true;
        void answerDisengage({ messageId, foe: index, test: button.dataset.answer === "test" })
          .catch((err: unknown) => {
            console.error("Blow by Blow | Disengage answer failed", err);
          })
          .finally(() => {
            for (const b of buttons) b.disabled = false;
          });
      });
    }
  }
}
