/**
 * The types of the two mixed sheet base classes, `HandlebarsApplicationMixin(ActorSheetV2)`
 * and `HandlebarsApplicationMixin(ItemSheetV2)`, as single classes. Types only: nothing here
 * exists at run time; the sheets still call the real mixin.
 *
 * Why: fvtt-types 13.345.1 types the mixin's result as the intersection
 * `typeof HandlebarsApplication & typeof ItemSheetV2`. A class extending that intersection makes
 * tsc relate the mixin's `this`-typed members (`_preRender(context:
 * DeepPartial<RenderContextOf<this>>, …)`) to the sheet's own signatures structurally, through
 * `DeepPartial` of the whole Item (or Actor) document, its parents and its schema: a file with
 * nothing but `class S extends HandlebarsApplicationMixin(ItemSheetV2) { foo() {} }` ran out of
 * the 4 GB heap, and so did the project's typecheck. A class declared once, extending the
 * sheet class and adding the Handlebars members with the sheet's concrete context and option
 * types, has none of that: the typecheck finishes in seconds. The members are those of
 * fvtt-types' `HandlebarsApplication` (client/applications/api/handlebars-application.d.mts),
 * with `RenderContextOf<this>` and `RenderOptionsOf<this>` replaced by the sheet's types.
 *
 * The two declarations below repeat each other but for the document type, on purpose: their
 * members are protected, which an interface (the only way to share them by a type parameter
 * without bringing the mixin's generic `this` back) cannot declare.
 */
import type { DeepPartial } from "fvtt-types/utils";

type HandlebarsTemplatePart =
  foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;
type PartState = foundry.applications.api.HandlebarsApplicationMixin.PartState;
type HandlebarsRenderOptions = foundry.applications.api.HandlebarsApplicationMixin.RenderOptions;
type ClosingOptions = foundry.applications.api.ApplicationV2.ClosingOptions;
type DocumentRenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions &
  HandlebarsRenderOptions;

/** The render context of a document sheet of `Doc` (ActorSheetV2 and ItemSheetV2 add nothing). */
type RenderContextOf<Doc extends foundry.abstract.Document.Any> =
  foundry.applications.api.DocumentSheetV2.RenderContext<Doc>;

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- declared for its type (exported below)
declare class HandlebarsActorSheetV2 extends foundry.applications.sheets.ActorSheetV2 {
  static PARTS: Record<string, HandlebarsTemplatePart>;
  get parts(): Record<string, HTMLElement>;
  protected _configureRenderParts(
    options: HandlebarsRenderOptions,
  ): Record<string, HandlebarsTemplatePart>;
  protected _renderHTML(
    context: RenderContextOf<Actor.Implementation>,
    options: DeepPartial<DocumentRenderOptions>,
  ): Promise<Record<string, HTMLElement>>;
  protected _preparePartContext(
    partId: string,
    context: RenderContextOf<Actor.Implementation>,
    options: DeepPartial<HandlebarsRenderOptions>,
  ): Promise<RenderContextOf<Actor.Implementation>>;
  protected _replaceHTML(
    result: Record<string, HTMLElement>,
    content: HTMLElement,
    options: DeepPartial<DocumentRenderOptions>,
  ): void;
  protected _preSyncPartState(
    partId: string,
    newElement: HTMLElement,
    priorElement: HTMLElement,
    state: PartState,
  ): void;
  protected _syncPartState(
    partId: string,
    newElement: HTMLElement,
    priorElement: HTMLElement,
    state: PartState,
  ): void;
  protected _tearDown(options: DeepPartial<ClosingOptions>): void;
  protected _attachPartListeners(
    partId: string,
    htmlElement: HTMLElement,
    options: DeepPartial<HandlebarsRenderOptions>,
  ): void;
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- declared for its type (exported below)
declare class HandlebarsItemSheetV2 extends foundry.applications.sheets.ItemSheetV2 {
  static PARTS: Record<string, HandlebarsTemplatePart>;
  get parts(): Record<string, HTMLElement>;
  protected _configureRenderParts(
    options: HandlebarsRenderOptions,
  ): Record<string, HandlebarsTemplatePart>;
  protected _renderHTML(
    context: RenderContextOf<Item.Implementation>,
    options: DeepPartial<DocumentRenderOptions>,
  ): Promise<Record<string, HTMLElement>>;
  protected _preparePartContext(
    partId: string,
    context: RenderContextOf<Item.Implementation>,
    options: DeepPartial<HandlebarsRenderOptions>,
  ): Promise<RenderContextOf<Item.Implementation>>;
  protected _replaceHTML(
    result: Record<string, HTMLElement>,
    content: HTMLElement,
    options: DeepPartial<DocumentRenderOptions>,
  ): void;
  protected _preSyncPartState(
    partId: string,
    newElement: HTMLElement,
    priorElement: HTMLElement,
    state: PartState,
  ): void;
  protected _syncPartState(
    partId: string,
    newElement: HTMLElement,
    priorElement: HTMLElement,
    state: PartState,
  ): void;
  protected _tearDown(options: DeepPartial<ClosingOptions>): void;
  protected _attachPartListeners(
    partId: string,
    htmlElement: HTMLElement,
    options: DeepPartial<HandlebarsRenderOptions>,
  ): void;
}

/** `HandlebarsApplicationMixin(ActorSheetV2)`, typed as one class (see above). */
export type HandlebarsActorSheetClass = typeof HandlebarsActorSheetV2;

/** `HandlebarsApplicationMixin(ItemSheetV2)`, typed as one class (see above). */
export type HandlebarsItemSheetClass = typeof HandlebarsItemSheetV2;
