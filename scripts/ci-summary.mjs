// Prints CI's summary line "N passed, N failed" from Vitest's JSON report and the test
// command's exit status. A failure before or outside Vitest (typecheck, lint) counts as one
// failed check, so a red run never prints "0 failed". Exits non-zero when anything failed.
import { existsSync, readFileSync } from "node:fs";

const [file, statusText] = process.argv.slice(2);
const status = Number(statusText ?? "0");
let passed = 0;
let failed = 0;
if (file && existsSync(file)) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTests ?? 0);
  if (report.numFailedTestSuites > 0 && failed === 0) failed = report.numFailedTestSuites;
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
