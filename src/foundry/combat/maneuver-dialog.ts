/**
 * The maneuver dialog (ApplicationV2 + Handlebars; issue 17): at the start of a combatant's turn
 * its owner picks one of the maneuvers the world's ruleset offers, with the weapon Ready
 * readies and the position Change Position takes; the dialog shows the last maneuver, the
 * posture and the weapons not ready. `ManeuverDialog.prompt` resolves with the choice on Choose
 * and with null when the window is closed. The pure logic is in ./maneuver-form.ts.
 */
import type { Format, Localize } from "../sheets/common";
import { DIALOG_TEMPLATES, format, localize, PromptDialog } from "./attack-dialog";
import {
  initialManeuverDraft,
  maneuverDialogContext,
  maneuverDraftFromForm,
  readManeuverDraft,
  type ManeuverDialogInput,
  type ManeuverDraft,
} from "./maneuver-form";

type Obj = Record<string, unknown>;

/** The maneuver dialog; see `ManeuverDialog.prompt`. */
export class ManeuverDialog extends PromptDialog<ManeuverDraft, Obj> {
  static override DEFAULT_OPTIONS = {
    id: "bbb-maneuver-{id}",
    classes: ["bbb-maneuver-dialog"],
    window: { title: "BLOWBYBLOW.Maneuver.title", icon: "fa-solid fa-person-running" },
    position: { width: 420 },
  };

  static override PARTS = {
    form: { template: `${DIALOG_TEMPLATES}/maneuver.hbs` },
    breakdown: { template: `${DIALOG_TEMPLATES}/maneuver-summary.hbs` },
    footer: { template: `${DIALOG_TEMPLATES}/footer.hbs` },
  };

  readonly input: ManeuverDialogInput;
  readonly #localize: Localize;
  readonly #format: Format;
  /** Whether a submit was tried: the fields' problems show from then on. */
  #touched = false;

  constructor(
    input: ManeuverDialogInput,
    resolve: (result: Obj | null) => void,
    i18n: { localize: Localize; format: Format } = { localize, format },
  ) {
    super(resolve, initialManeuverDraft());
    this.input = input;
    this.#localize = i18n.localize;
    this.#format = i18n.format;
  }

  /** Opens the dialog; resolves with the choice on Choose, null when closed. */
  static prompt(input: ManeuverDialogInput): Promise<Obj | null> {
    return new Promise((resolve) => new ManeuverDialog(input, resolve).open());
  }

  protected nextDraft(flat: Obj): ManeuverDraft {
    return maneuverDraftFromForm(flat, this.draft);
  }

  protected viewContext() {
    const context = maneuverDialogContext(
      this.input,
      this.draft,
      this.#localize,
      (key, data) => this.#format(key, data),
      this.#touched,
    );
    return { ...context, submitLabel: "BLOWBYBLOW.Maneuver.submit" };
  }

  protected reshapes(before: ManeuverDraft, after: ManeuverDraft): boolean {
    return before.maneuver !== after.maneuver || before.variant !== after.variant;
  }

  protected result(): Obj | null {
    this.#touched = true;
    return readManeuverDraft(this.draft, this.input).choice;
  }
}
