/*
 * A small PostgreSQL pool in a worker thread, for the ingest's flushes (server/modules/positions/ingest/flushRunner.ts).
 * Why: node-postgres's protocol work and the socket writes that wake PostgreSQL (on a small machine
 * it takes the CPU from whoever wrote) cost the main thread about a tenth of each location request;
 * here they leave HTTP, token checks and socket.io alone. Queries with a name run as prepared
 * statements, parsed and planned once per connection. Plain JavaScript so it runs without a
 * TypeScript loader. Protocol: see queryWorker.ts.
 */
const { workerData } = require('node:worker_threads');
const { serveQueries } = require('./workerProtocol.cjs');
const pg = require('pg');

const pool = new pg.Pool({ connectionString: workerData.url, max: workerData.connections });
// A connection the server ends (restart, pg_terminate_backend) is dropped by the pool; without a
// listener, idle or checked out, its 'error' event would end the worker (see poolErrors.ts).
pool.on('error', () => undefined);
pool.on('connect', (client) => client.on('error', () => undefined));

serveQueries({
  ready: () => pool.query('select 1'),
  async query(sql, params, name) {
    const { rows, rowCount } = await pool.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
    return { rows, affectedRows: rowCount };
  },
  close: () => pool.end(),
});
