/*
 * A small PostgreSQL pool in a worker thread, for the ingest's flushes (server/ingest/ingestWriter.ts).
 * Why: node-postgres's protocol work and the socket writes that wake PostgreSQL (on a small machine
 * it takes the CPU from whoever wrote) cost the main thread about a tenth of each location request;
 * here they leave HTTP, token checks and socket.io alone. Queries with a name run as prepared
 * statements, parsed and planned once per connection. Plain JavaScript so it runs without a
 * TypeScript loader. Protocol: see queryWorker.ts.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { errorFields } = require('./workerErrors.cjs');
const pg = require('pg');

const pool = new pg.Pool({ connectionString: workerData.url, max: workerData.connections });
// An idle connection the server ends is dropped by the pool; without a listener it would end the worker.
pool.on('error', () => undefined);

parentPort.on('message', async ({ id, op, sql, params, name }) => {
  try {
    if (op === 'ready') {
      await pool.query('select 1');
      parentPort.postMessage({ id, result: null });
    } else if (op === 'query') {
      const { rows, rowCount } = await pool.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
      parentPort.postMessage({ id, result: { rows, affectedRows: rowCount ?? 0 } });
    } else if (op === 'close') {
      await pool.end();
      parentPort.postMessage({ id, result: null });
    } else {
      throw new Error(`unknown op ${op}`);
    }
  } catch (error) {
    parentPort.postMessage({ id, error: errorFields(error) });
  }
});
