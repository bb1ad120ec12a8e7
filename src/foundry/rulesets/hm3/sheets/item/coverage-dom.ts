/**
 * Keeps the armour coverage grid consistent while the user clicks: a "both" box sets both
 * side boxes (before the form's change handler reads them), and a side box updates its "both"
 * box. Self-contained (DOM only), so the browser test can run it in a page as it is.
 */
export function syncCoverageBoxes(root: HTMLElement): void {
  const boxes = Array.from(root.querySelectorAll<HTMLInputElement>("input[data-coverage]"));
  for (const box of boxes) {
    box.addEventListener("change", () => {
      const location = box.dataset.location;
      const side = (name: string) =>
        boxes.find((b) => b.dataset.location === location && b.dataset.coverage === name);
      const both = side("both");
      const left = side("left");
      const right = side("right");
      if (!both || !left || !right) return;
      if (box === both) left.checked = right.checked = both.checked;
      else both.checked = left.checked && right.checked;
    });
  }
}
