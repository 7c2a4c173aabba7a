/*
 * The worker side of a database worker's protocol (the main-thread side is queryWorker.ts): one
 * message loop for PGlite's worker and the ingest's PostgreSQL worker, which differ only in how they
 * get ready, query and close. Errors go back with PostgreSQL's fields (SQLSTATE code, constraint...).
 */
const { parentPort } = require('node:worker_threads');

function errorFields(error) {
  const fields = { message: error && error.message ? error.message : String(error) };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'severity', 'hint', 'position']) {
    if (error && error[key] !== undefined) fields[key] = error[key];
  }
  return fields;
}

/**
 * database: { ready(), query(sql, params, name) → {rows, affectedRows}, close() }, and where it can,
 * dump(file): writes its whole data folder to `file` as a tar (PGlite: test templates).
 */
function serveQueries(database) {
  parentPort.on('message', async ({ id, op, sql, params, name, begin, file }) => {
    try {
      if (op === 'ready') {
        await database.ready();
        parentPort.postMessage({ id, result: null });
      } else if (op === 'query') {
        // A transaction's BEGIN travels with its first statement; that statement runs only inside it.
        if (begin) await database.query('begin', []);
        const { rows, affectedRows } = await database.query(sql, params, name);
        parentPort.postMessage({ id, result: { rows, affectedRows: affectedRows ?? 0 } });
      } else if (op === 'dump' && database.dump) {
        await database.dump(file);
        parentPort.postMessage({ id, result: null });
      } else if (op === 'close') {
        await database.close();
        parentPort.postMessage({ id, result: null });
      } else {
        throw new Error(`unknown op ${op}`);
      }
    } catch (error) {
      parentPort.postMessage({ id, error: errorFields(error) });
    }
  });
}

module.exports = { serveQueries };
