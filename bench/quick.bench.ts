/**
 * `npm run bench -- quick` (issue 43): the hot path's headline figures in about four minutes, each
 * beside its budget and beside the reference (bench/baseline.ts: BENCH_BASELINE, by default the
 * merge base with main), both trees as server processes on PGlite, alternated.
 *
 * Each tree: its server with 5,000 drivers on shift, 1,000 zones and a terminal, a month of a
 * 200-driver fleet's shifts with summaries, a year of 200 drivers' ledger and an open 12-hour shift
 * at 1 Hz (bench/quickProbes.ts), written while it is stopped. Then, alternating trees:
 *  - the ingest (ceiling route and POST /api/driver/locations, 3 s each) at the start, between the
 *    probes and at the end: first and last round, their ratio, the ratio to the ceiling, positions
 *    per CPU-second of the server process;
 *  - "Crear y ofrecer" → offer on the phone's socket; a point in or out of a zone → alert_raised on
 *    the desk's socket; GET the open shift's summary, /accounts/balances and a month's /reports.
 * It prints the load average: a figure taken at a 1-minute load of 2 or more is not a figure for a
 * budget (the machine was busy with something else), and the table says so.
 * Knobs: BENCH_BASELINE, BENCH_QUICK_PORT (5230; the reference the next port), BENCH_QUICK_DB
 * (pglite, or postgres with TEST_DATABASE_URL).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { baselineTree, inTurn, thisTree, treeHas, type Tree } from './baseline';
import { startIngestArm, type IngestArm, type Kind, type RoundFigures } from './ingestArm';
import { bookingToOffer, deskReads, p95, positionToAlert, seedQuickData, type QuickData } from './quickProbes';
import { loadAverage } from './stats';

const PORT = Number(process.env.BENCH_QUICK_PORT ?? 5230);
const KIND = (process.env.BENCH_QUICK_DB ?? 'pglite') as Kind;
const INGEST_SECONDS = 3;
/** A 1-minute load average at or above this: the machine was busy, the figures are shapes. */
const QUIET_LOAD = 2;

interface Figures {
  ingest: RoundFigures[];
  offer: number[];
  alert: number[];
  openShift: number[];
  balances: number[];
  reportsMonth: number[];
}

interface Row {
  label: string;
  budget: string;
  value: (f: Figures) => number;
  format: (value: number) => string;
  /** Higher is better (rates) or lower (times). */
  higherIsBetter?: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const msText = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '-' : `${value.toFixed(value < 10 ? 2 : 1)} ms`);
const rate = (value: number) => `${value.toFixed(0)}/s`;
const percent = (value: number) => `${(value * 100).toFixed(0)} %`;

const ROWS: Row[] = [
  { label: 'ingesta, primera ronda (pos/s)', budget: '≥ la referencia', value: (f) => f.ingest[0].ingest.rate, format: rate, higherIsBetter: true },
  { label: 'ingesta, última ronda (pos/s)', budget: '≥ 90 % de la primera', value: (f) => f.ingest[f.ingest.length - 1].ingest.rate, format: rate, higherIsBetter: true },
  { label: 'ingesta, última ÷ primera', budget: '≥ 90 %', value: (f) => f.ingest[f.ingest.length - 1].ingest.rate / f.ingest[0].ingest.rate, format: percent, higherIsBetter: true },
  { label: 'ingesta ÷ techo (mediana de las rondas)', budget: '-', value: (f) => median(f.ingest.map((r) => r.ratio)), format: percent, higherIsBetter: true },
  { label: 'posiciones por s de CPU del servidor (ingesta a plena carga)', budget: '≥ 4.103 (a 5.000/s)', value: (f) => median(f.ingest.map((r) => r.perCpuSecond)), format: (v) => v.toFixed(0), higherIsBetter: true },
  { label: 'Crear y ofrecer → oferta en el teléfono, p95', budget: '≤ 30 ms', value: (f) => p95(f.offer), format: msText },
  { label: 'posición → alerta en el escritorio, p95 (1.000 zonas)', budget: '≤ 25 ms', value: (f) => p95(f.alert), format: msText },
  { label: 'resumen del turno abierto (12 h a 1 Hz), p95', budget: '≤ 50 ms', value: (f) => p95(f.openShift), format: msText },
  { label: 'saldos de la flota (GET /accounts/balances), p95', budget: '≤ 50 ms', value: (f) => p95(f.balances), format: msText },
  { label: 'reporte del mes por conductor, p95', budget: '≤ 300 ms', value: (f) => p95(f.reportsMonth), format: msText },
];

export async function run(): Promise<void> {
  const began = performance.now();
  const loads: number[] = [];
  const noteLoad = () => {
    const text = loadAverage();
    loads.push(Number(text.split(' ')[0]));
    return text;
  };
  const trees = [thisTree(), baselineTree()].filter((tree): tree is Tree => tree !== null);
  console.log(`Rápida (${KIND}): ${trees.map((t) => t.label).join(' contra ')} · ${os.cpus().length} núcleos · carga ${noteLoad()}`);
  const arms: IngestArm[] = [];
  const data = new Map<IngestArm, QuickData>();
  const figures = new Map<IngestArm, Figures>();
  try {
    for (const [i, tree] of trees.entries()) {
      let seeded: QuickData | null = null;
      const arm = await startIngestArm(
        KIND,
        tree,
        { drivers: 5000, connections: 64, port: PORT + i, osmandPerMinute: '1000000', routes: ['ceiling', 'ingest'], postgresUrl: process.env.TEST_DATABASE_URL ?? null, env: { DISPATCH_BOOKINGS_PER_MINUTE: '100000' } },
        async (db, fleet) => {
          seeded = await seedQuickData(db, fleet.ownerId);
        },
      );
      arms.push(arm);
      data.set(arm, seeded as unknown as QuickData);
      figures.set(arm, { ingest: [], offer: [], alert: [], openShift: [], balances: [], reportsMonth: [] });
      console.log(`  ${arm.label} listo · ${((performance.now() - began) / 1000).toFixed(0)} s · carga ${noteLoad()}`);
    }
    for (const arm of arms) await arm.warm(2);
    const ingestRound = async (round: number) => {
      for (const arm of inTurn(arms, round)) figures.get(arm)?.ingest.push(await arm.round(round, INGEST_SECONDS));
      noteLoad();
    };
    await ingestRound(1);
    for (let round = 1; round <= 2; round += 1) {
      for (const arm of inTurn(arms, round)) {
        const f = figures.get(arm) as Figures;
        // An older reference may lack a probe's route or table: its cell says so ('-').
        if (treeHas(arm.tree, 'create-and-offer')) f.offer.push(...(await bookingToOffer(arm.server.url, arm.fleet, 10, round)));
        if ((data.get(arm) as QuickData).zones) f.alert.push(...(await positionToAlert(arm.server.url, arm.fleet, 20)));
        // 30 reads a probe (60 in all): with 10, the p95 was the second-highest of 20 and one whole-trail
        // re-read (after a packing pass) decided it alone.
        const reads = await deskReads(arm.server.url, data.get(arm) as QuickData, 30);
        f.openShift.push(...reads.openShift);
        f.balances.push(...reads.balances);
        f.reportsMonth.push(...reads.reportsMonth);
        console.log(
          `  ${arm.label} sondas ${round}: oferta p95 ${msText(p95(f.offer))} · alerta p95 ${msText(p95(f.alert))} · turno abierto p95 ${msText(p95(reads.openShift))} · ` +
            `saldos p95 ${msText(p95(reads.balances))} · mes p95 ${msText(p95(reads.reportsMonth))} · carga ${noteLoad()}`,
        );
      }
      await ingestRound(round + 1);
    }
  } finally {
    for (const arm of arms) {
      const alerts = await arm.close().catch((error: unknown) => ({ error: String(error) }));
      console.log(`  ${arm.label} alertas guardadas para la flota de la carga: ${JSON.stringify(alerts)}`);
    }
  }

  const [mine, reference] = arms;
  const quiet = Math.max(...loads) < QUIET_LOAD;
  console.log(`\n| cifra | presupuesto | ${mine.tree.label} | ${reference ? `${reference.tree.label} | este ÷ referencia` : 'sin referencia |'} |`);
  console.log('|---|---|---|---|---|');
  for (const row of ROWS) {
    const a = row.value(figures.get(mine) as Figures);
    const b = reference ? row.value(figures.get(reference) as Figures) : NaN;
    const ratio = Number.isFinite(a / b) ? `${(a / b).toFixed(2)}× ${row.higherIsBetter ? '(más es mejor)' : '(menos es mejor)'}` : '-';
    console.log(`| ${row.label} | ${row.budget} | ${row.format(a)} | ${reference ? `${row.format(b)} | ${ratio}` : '- |'} |`);
  }
  const dirty = [...(figures.values())].some((f) => f.ingest.some((r) => !r.clean));
  console.log(
    `\n${((performance.now() - began) / 1000).toFixed(0)} s · carga a 1 min entre ${Math.min(...loads).toFixed(1)} y ${Math.max(...loads).toFixed(1)}: ` +
      (quiet ? 'máquina tranquila, cifras válidas para los presupuestos' : `carga ≥ ${QUIET_LOAD}: la máquina estaba ocupada, estas cifras son formas, no cifras para los presupuestos`) +
      (dirty ? ' · hubo rondas de ingesta con errores (FALLO arriba): sus tasas no son cifras' : ''),
  );
}
