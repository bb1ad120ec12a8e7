/**
 * The defence dialog (ApplicationV2 + Handlebars): for the option the defender clicked on the
 * card (Block, Counterstrike, Dodge, Ignore…), the item that makes it with each item's target,
 * a counterstrike's mode and aim, and the user's own modifiers, with the itemised target.
 * `DefenceDialog.prompt` resolves with the choice request on Defend and with null when the
 * window is closed. An option with nothing to choose still opens (a confirm step): one click
 * on Defend. The pure logic is in ./defence-form.ts.
 */
import type {
  ChoiceOptionView,
  ChoiceRequest,
  FighterSnapshot,
  TargetLabels,
} from "../../core/combat";
import type { Format, Localize } from "../sheets/common";
import { DIALOG_TEMPLATES, format, localize, PromptDialog } from "./attack-dialog";
import {
  defenceDialogContext,
  defenceDraftFromForm,
  initialDefenceDraft,
  readDefenceDraft,
  type DefenceDraft,
} from "./defence-form";

type Obj = Record<string, unknown>;

export interface DefenceDialogInput {
  chooser: FighterSnapshot;
  options: ChoiceOptionView[];
  optionId: string;
  attackerName: string;
  /** The ruleset's labels of its targets' modifiers and bases (`CombatRules.labels`). */
  labels: TargetLabels;
  /** A player's dialog: the world's cap on custom modifiers (issue 15); absent for a GM. */
  approval?: { cap: number };
}

/** The defence dialog; see `DefenceDialog.prompt`. */
export class DefenceDialog extends PromptDialog<DefenceDraft, ChoiceRequest> {
  static override DEFAULT_OPTIONS = {
    id: "bbb-defence-{id}",
    classes: ["bbb-defence-dialog"],
    window: { title: "BLOWBYBLOW.Dialog.Defence.title", icon: "fa-solid fa-shield-halved" },
    position: { width: 480 },
  };

  static override PARTS = {
    form: { template: `${DIALOG_TEMPLATES}/defence.hbs` },
    modifiers: { template: `${DIALOG_TEMPLATES}/modifiers.hbs` },
    breakdown: { template: `${DIALOG_TEMPLATES}/breakdown.hbs` },
    footer: { template: `${DIALOG_TEMPLATES}/footer.hbs` },
  };

  readonly input: DefenceDialogInput;
  readonly #localize: Localize;
  readonly #format: Format;

  constructor(
    input: DefenceDialogInput,
    resolve: (result: ChoiceRequest | null) => void,
    i18n: { localize: Localize; format: Format } = { localize, format },
  ) {
    super(resolve, initialDefenceDraft(input.options.find((o) => o.id === input.optionId)));
    this.input = input;
    this.#localize = i18n.localize;
    this.#format = i18n.format;
  }

  /** Opens the dialog; resolves with the choice request on Defend, null when closed. */
  static prompt(input: DefenceDialogInput): Promise<ChoiceRequest | null> {
    return new Promise((resolve) => new DefenceDialog(input, resolve).open());
  }

  get option(): ChoiceOptionView | undefined {
    return this.input.options.find((o) => o.id === this.input.optionId);
  }

  protected nextDraft(flat: Obj): DefenceDraft {
    return defenceDraftFromForm(flat, this.draft, this.option);
  }

  protected viewContext() {
    const context = defenceDialogContext(this.input, this.draft, this.#localize, this.#format);
    return { ...context, submitLabel: "BLOWBYBLOW.Dialog.Defence.submit" };
  }

  protected reshapes(before: DefenceDraft, after: DefenceDraft): boolean {
    return before.itemId !== after.itemId || before.custom.length !== after.custom.length;
  }

  protected result(): ChoiceRequest | null {
    return readDefenceDraft(this.draft, this.input.options, this.input.optionId).request;
  }
}
