/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (each exports `run()`), printing figures
 * and ratios against budgets. Benchmarks never fail on timing; they report.
 * `npm run bench -- history` runs only the files whose name contains "history".
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
