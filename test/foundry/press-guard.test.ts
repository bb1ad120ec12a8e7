/**
 * PressGuard (src/foundry/sheets/common.ts), which holds a sheet's re-render while a pointer is
 * pressed on it so the click is not lost (the Chromium class tests show the lost click without
 * it): idle it lets a render through at once; a press holds it until the release and the task
 * after it; a release that never comes holds it `maxWait` ms at most; detached, it holds
 * nothing.
 */
import { describe, expect, it } from "vitest";
import { PressGuard } from "../../src/foundry/sheets/common";

function sheet(): { element: HTMLElement; document: EventTarget } {
  const document = new EventTarget();
  const element = Object.assign(new EventTarget(), { ownerDocument: document });
  return { element: element as unknown as HTMLElement, document };
}

/** Whether the promise has settled after the microtasks run. */
async function settledNow(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe("PressGuard", () => {
  it("lets a render through at once when nothing is pressed", async () => {
    const guard = new PressGuard();
    guard.attach(sheet().element);
    expect(await settledNow(guard.released())).toBe(true);
  });

  it("holds a render from the press until the task after the release", async () => {
    const guard = new PressGuard(10_000);
    const { element, document } = sheet();
    guard.attach(element);
    element.dispatchEvent(new Event("pointerdown"));
    const released = guard.released();
    expect(await settledNow(released)).toBe(false);
    document.dispatchEvent(new Event("pointerup"));
    // The click is dispatched in the release's task: the render waits for the next one.
    expect(await settledNow(released)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await settledNow(released)).toBe(true);
    expect(await settledNow(guard.released())).toBe(true);
  });

  it("holds it maxWait ms at most, and nothing once detached", async () => {
    const guard = new PressGuard(20);
    const { element } = sheet();
    guard.attach(element);
    element.dispatchEvent(new Event("pointerdown"));
    const started = Date.now();
    await guard.released();
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    guard.detach();
    element.dispatchEvent(new Event("pointerdown"));
    expect(await settledNow(guard.released())).toBe(true);
  });
});
