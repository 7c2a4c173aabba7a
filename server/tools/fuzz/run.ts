/**
 * `npm run fuzz -- [--runs 10000] [--seed N]`: the full property-based bad-input run (the test suite
 * runs a CI-sized one) against a fresh server with the demo fleet in an in-memory database, or with
 * DATABASE_URL=postgres://… in a scratch database created on that PostgreSQL and dropped after.
 * Prints the figures (answers by status, 500s, cases by body kind); exit code 1 when any case failed.
 */
import { parseArgs } from 'node:util';
import { createScratchDatabase, type ScratchDatabase } from '../testing/scratchDatabase';
import { startTestServer } from '../testing/testServer';
import { fuzzApi, prepareTarget } from './badInput';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, seed: { type: 'string' } }, strict: true });
  const runs = Number(values.runs ?? 10_000);
  const seed = Number(values.seed ?? Date.now() % 1_000_000);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs debe ser un entero positivo');
  const scratch: ScratchDatabase | null = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'flota_fuzz') : null;
  const server = await startTestServer(scratch ? { databaseUrl: scratch.url } : {});
  const started = Date.now();
  try {
    const where = scratch ? `PostgreSQL (${new URL(scratch.url).pathname.slice(1)})` : 'PGlite';
    console.info(`Fuzz: ${runs} casos, semilla ${seed}, ${server.routes.filter((r) => r.url.startsWith('/api')).length} rutas, ${where}`);
    const report = await fuzzApi(await prepareTarget(server), { runs, seed, log: (line) => console.info(line) });
    const { failures, ...figures } = report;
    console.info(JSON.stringify({ ...figures, seconds: Math.round((Date.now() - started) / 1000) }, null, 2));
    for (const failure of failures.slice(0, 20)) console.error(JSON.stringify(failure));
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await server.close();
    await scratch?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
