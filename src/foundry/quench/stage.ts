/**
 * The canvas part of the in-Foundry exchange batch: a throw-away scene the GM views, the two
 * fighters' tokens side by side on it, and the GM's target. In Foundry (`foundryStage`) this is
 * v13's API: `Scene.create`, `scene.view()`, `createEmbeddedDocuments("Token")`,
 * `Token#setTarget`. The Node run of the batches (test/foundry/quench) supplies the stand-ins'
 * scene helpers instead, since the stand-ins have no Scene documents; so this file is
 * typechecked but only runs in Foundry.
 */

/** A token document as the batch reads it. */
export interface StagedToken {
  readonly uuid: string;
  readonly id: string | null;
}

/** What the batch asks of the canvas. */
export interface QuenchStage {
  /**
   * Places a linked token of each actor, side by side (one grid space apart), on a new scene the
   * current user views; `cleanup` views the scene viewed before and deletes the new one. The
   * scene's grid space is `grid` (a ruleset that reads distances in its own units, as HM3 reads
   * hexes), else 5 ft.
   */
  placeTokens(
    actors: readonly [StagedActor, StagedActor],
    grid?: StageGrid,
  ): Promise<{ tokens: [StagedToken, StagedToken]; sceneId: string; cleanup(): Promise<void> }>;
  /** Makes `token` the current user's only target. */
  target(token: StagedToken): Promise<void>;
}

/** A scene's grid space: its distance and units (Foundry's `grid.distance`, `grid.units`). */
export interface StageGrid {
  distance: number;
  units: string;
}

/** The grid space of the stage's scenes unless a batch asks for another: 5 ft. */
export const STAGE_GRID: Readonly<StageGrid> = Object.freeze({ distance: 5, units: "ft" });

/** An actor as the stage reads it. */
export interface StagedActor {
  readonly id: string | null;
  readonly name: string;
}

/** Waits (up to `ms`) until `ready()` holds, checking every animation frame's worth of time. */
async function waitFor(ready: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > until) throw new Error(`Blow by Blow test: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The stage in Foundry v13. */
export const foundryStage: QuenchStage = {
  async placeTokens(actors, grid = STAGE_GRID) {
    const previous = game.scenes.viewed;
    const scene = await Scene.create({
      name: "Blow by Blow test (temporary)",
      width: 1000,
      height: 1000,
      padding: 0,
      grid: {
        type: CONST.GRID_TYPES.SQUARE,
        size: 100,
        distance: grid.distance,
        units: grid.units,
      },
    });
    if (!scene) throw new Error("Blow by Blow test: the scene was not created");
    const cleanup = async () => {
      if (previous && previous.id !== scene.id) await previous.view();
      await scene.delete();
    };
    try {
      await scene.view();
      await waitFor(() => !!canvas?.ready, 10_000, "the canvas");
      const tokens =
        (await scene.createEmbeddedDocuments(
          "Token",
          actors.map((actor, i) => ({
            name: actor.name,
            actorId: actor.id,
            actorLink: true,
            x: 100 + i * 100,
            y: 100,
            disposition:
              i === 0 ? CONST.TOKEN_DISPOSITIONS.FRIENDLY : CONST.TOKEN_DISPOSITIONS.HOSTILE,
          })),
        )) ?? [];
      await waitFor(
        () => tokens.every((t) => !!t.id && !!canvas?.tokens?.get(t.id)),
        10_000,
        "the tokens on the canvas",
      );
      const [a, b] = tokens;
      if (!a || !b) throw new Error("Blow by Blow test: the tokens were not created");
      return { tokens: [a, b], sceneId: scene.id!, cleanup };
    } catch (err) {
      await cleanup();
      throw err;
    }
  },
  async target(token) {
    // fvtt-types add a compendium index entry to what a UUID may name; this one names the
    // TokenDocument placeTokens made on the viewed scene.
    const doc = fromUuidSync<TokenDocument.Implementation>(
      token.uuid,
    ) as TokenDocument.Implementation | null;
    if (!doc?.object) throw new Error(`Blow by Blow test: no token ${token.uuid} on the canvas`);
    doc.object.setTarget(true, { releaseOthers: true });
  },
};
