/*
 * Runs PGlite in a worker thread. Why: PGlite's WebAssembly runs synchronously, so off the main
 * thread HTTP and socket.io stay responsive; and under Jest, PGlite cannot load inside the VM
 * sandbox (its internal `import()` needs --experimental-vm-modules), while a worker is plain Node.
 * Plain JavaScript so it runs without a TypeScript loader. Protocol: see queryWorker.ts.
 */
const { readFileSync, writeFileSync } = require('node:fs');
const { workerData } = require('node:worker_threads');
const { serveQueries } = require('./workerProtocol.cjs');
const { PGlite, protocol, types } = require('@electric-sql/pglite');
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm');
const { unaccent } = require('@electric-sql/pglite/contrib/unaccent');

const parsers = {};
for (const oid of workerData.parsers.asNumber) parsers[oid] = (value) => Number(value);
for (const oid of workerData.parsers.asText) parsers[oid] = (value) => value;

/*
 * PGlite runs PostgreSQL in single-user mode: no checkpointer, so nothing ever recycles the WAL,
 * and with the default max_wal_size (1 GB) a checkpoint would keep a gigabyte of it anyway. The
 * data folder was mostly WAL (a simulated day of the demo: 512 MB, of which the tables 31 MB).
 * With these limits the checkpoints walCheckpoints.ts asks for trim pg_wal to about 32-48 MB (two or three 16 MB segments).
 */
const WAL_LIMITS = ['-c', 'max_wal_size=32MB', '-c', 'min_wal_size=32MB'];
const pglite = new PGlite({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  // A copy of a data folder dumped earlier (tests' migrated template): no initdb, no migrations.
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([readFileSync(workerData.loadDataDir)]) } : {}),
  parsers,
  // Accent- and typo-tolerant address search (migration 0029): PGlite loads contrib only when named here.
  extensions: { pg_trgm, unaccent },
  startParams: [...PGlite.defaultStartParams, ...WAL_LIMITS],
});

/** A parameter as PostgreSQL's text format: arrays (of numbers, strings, nulls) as array literals. */
function textValue(value) {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) return value instanceof Date ? value.toISOString() : String(value);
  const element = (item) => (item === null || item === undefined ? 'NULL' : typeof item === 'number' ? String(item) : `"${String(item).replace(/(["\\])/g, '\\$1')}"`);
  return `{${value.map(element).join(',')}}`;
}

const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
};

/**
 * Named statements through PGlite's protocol API (its query() always parses and plans anew): Parse
 * and Describe once per name (the row description is the statement's, the same on every call), then
 * Bind and Execute. Rows are read with the same type parsers as query().
 */
const preparedFields = new Map();
async function queryPrepared(name, sql, params) {
  let fields = preparedFields.get(name);
  if (!fields) {
    const { messages } = await pglite.execProtocol(
      concat(protocol.serialize.parse({ name, text: sql, types: [] }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()),
    );
    fields = messages.find((message) => message.name === 'rowDescription')?.fields ?? [];
    preparedFields.set(name, fields);
  }
  const { messages } = await pglite.execProtocol(
    concat(protocol.serialize.bind({ statement: name, values: params.map(textValue) }), protocol.serialize.execute({}), protocol.serialize.sync()),
  );
  const rows = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'dataRow') rows.push(Object.fromEntries(fields.map((field, i) => [field.name, types.parseType(message.fields[i], field.dataTypeID, pglite.parsers)])));
    else if (message.name === 'commandComplete') affectedRows = Number(message.text.split(' ').pop()) || 0;
  }
  return { rows, affectedRows };
}

serveQueries({
  ready: () => pglite.waitReady,
  query: (sql, params, name) => (name ? queryPrepared(name, sql, params) : pglite.query(sql, params)),
  async close() {
    if (!pglite.closed) await pglite.close();
  },
  async dump(file) {
    // Checkpointed first, so a copy opens without replaying the WAL.
    await pglite.query('checkpoint');
    const tar = await pglite.dumpDataDir('none');
    writeFileSync(file, new Uint8Array(await tar.arrayBuffer()), { mode: 0o600 });
  },
});
