/**
 * Shows refused sheet input (validate.ts problems) as warnings, one per field, in the user's
 * language.
 */
import { formatProblem, type Localizer, type Problem } from "./validate";

/** Shows each problem with `ui.notifications.warn`; returns the messages shown. */
export function notifyProblems(problems: readonly Problem[]): string[] {
  const i18n: Localizer | undefined = game.i18n;
  if (!i18n) return [];
  const messages = problems.map((p) => formatProblem(p, i18n));
  for (const message of messages) ui.notifications?.warn(message);
  return messages;
}
