/**
 * Where a CPU profile's time went: `npx tsx bench/profileTop.ts <file.cpuprofile> [top]` prints the
 * functions with the most self time and the packages and files they belong to. For the profiles
 * `BENCH_INGEST_NODE_ARGS='--cpu-prof --cpu-prof-dir=…' npm run bench -- ingest` writes (one per
 * server process: this tree's and the reference's), read side by side.
 */
import { readFileSync } from 'node:fs';
import type { Profile } from './cpuProfileSummary';
import { printTop } from './serverProfile';

const [file, top] = process.argv.slice(2);
if (!file) {
  console.error('Uso: npx tsx bench/profileTop.ts <archivo.cpuprofile> [cuántas funciones]');
  process.exit(1);
}
console.log(file);
printTop(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(top ?? 25));
