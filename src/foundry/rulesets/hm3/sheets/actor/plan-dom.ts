/**
 * Keeps the body plan editor's zone sums in step with what is typed: a plan whose zones do
 * not sum to 100 is not saved (the typed values stay in the form), so the sums row is
 * recomputed from the inputs on every change. Whether a total is allowed is the core's
 * `zoneStatus` (src/rules/hm3/body-plan.ts), passed in. Self-contained DOM code (no
 * imports), run by the sheet on the `bodyPlan` part and by the browser test on the rendered
 * template (with `zoneStatus`'s own source).
 */
export function syncZoneSums(
  root: ParentNode,
  status: (total: number) => "full" | "none" | "bad",
): void {
  for (const cell of Array.from(root.querySelectorAll<HTMLElement>(".bbb-zone-sum[data-zone]"))) {
    const zone = cell.dataset.zone ?? "";
    let total = 0;
    for (const input of Array.from(
      root.querySelectorAll<HTMLInputElement>(`input.bbb-aim[data-zone="${zone}"]`),
    )) {
      const n = Number(input.value);
      if (Number.isFinite(n)) total += n;
    }
    cell.textContent = String(total);
    cell.classList.toggle("bbb-sum-bad", status(total) === "bad");
  }
}
