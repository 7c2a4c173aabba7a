/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (each exports `run()`), printing figures
 * and ratios against budgets. Benchmarks never fail on timing; they report. A load round with
 * errors is no figure: it is recorded (stats.ts's roundSucceeded) and the run ends with a FALLO
 * summary and exit code 1.
 * `npm run bench -- history` runs only the files whose name contains "history".
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { benchFailures } from './stats';

async function main() {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((file) => file.endsWith('.bench.ts'))
    .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
    .sort();
  if (files.length === 0) throw new Error(`No benchmark matches: ${only.join(', ')}`);
  for (const file of files) {
    console.log(`\n=== ${file} ===`);
    const bench = (await import(path.join(__dirname, file))) as { run: () => Promise<void> };
    await bench.run();
  }
  const failures = benchFailures();
  if (failures.length) {
    console.error(`\nFALLO: ${failures.length} ronda(s) con errores; sus cifras no son medidas:`);
    failures.forEach((line) => console.error(`  ${line}`));
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
