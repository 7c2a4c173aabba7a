/*
 * Runs PGlite in a worker thread. Why: PGlite's WebAssembly runs synchronously, so off the main
 * thread HTTP and socket.io stay responsive; and under Jest, PGlite cannot load inside the VM
 * sandbox (its internal `import()` needs --experimental-vm-modules), while a worker is plain Node.
 * Plain JavaScript so it runs without a TypeScript loader. Protocol: see queryWorker.ts.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { errorFields } = require('./workerErrors.cjs');
const { PGlite } = require('@electric-sql/pglite');

const parsers = {};
for (const oid of workerData.parsers.asNumber) parsers[oid] = (value) => Number(value);
for (const oid of workerData.parsers.asText) parsers[oid] = (value) => value;

const pglite = new PGlite({ ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}), parsers });

parentPort.on('message', async ({ id, op, sql, params }) => {
  try {
    if (op === 'ready') {
      await pglite.waitReady;
      parentPort.postMessage({ id, result: null });
    } else if (op === 'query') {
      const { rows, affectedRows } = await pglite.query(sql, params);
      parentPort.postMessage({ id, result: { rows, affectedRows: affectedRows ?? 0 } });
    } else if (op === 'close') {
      if (!pglite.closed) await pglite.close();
      parentPort.postMessage({ id, result: null });
    } else {
      throw new Error(`unknown op ${op}`);
    }
  } catch (error) {
    parentPort.postMessage({ id, error: errorFields(error) });
  }
});
