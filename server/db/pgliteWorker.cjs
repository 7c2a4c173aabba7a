/*
 * Runs PGlite in a worker thread. Why: PGlite's WebAssembly runs synchronously, so off the main
 * thread HTTP and socket.io stay responsive; and under Jest, PGlite cannot load inside the VM
 * sandbox (its internal `import()` needs --experimental-vm-modules), while a worker is plain Node.
 * Plain JavaScript so it runs without a TypeScript loader. Protocol: see queryWorker.ts.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { errorFields } = require('./workerErrors.cjs');
const { PGlite, protocol, types } = require('@electric-sql/pglite');

const parsers = {};
for (const oid of workerData.parsers.asNumber) parsers[oid] = (value) => Number(value);
for (const oid of workerData.parsers.asText) parsers[oid] = (value) => value;

const pglite = new PGlite({ ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}), parsers });

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
 * once per name, then Bind and Execute. Rows are read with the same type parsers as query().
 */
const prepared = new Set();
async function queryPrepared(name, sql, params) {
  if (!prepared.has(name)) {
    await pglite.execProtocol(concat(protocol.serialize.parse({ name, text: sql, types: [] }), protocol.serialize.sync()));
    prepared.add(name);
  }
  const { messages } = await pglite.execProtocol(
    concat(protocol.serialize.bind({ statement: name, values: params.map(textValue) }), protocol.serialize.describe({ type: 'P' }), protocol.serialize.execute({}), protocol.serialize.sync()),
  );
  let fields = [];
  const rows = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'rowDescription') fields = message.fields;
    else if (message.name === 'dataRow') rows.push(Object.fromEntries(fields.map((field, i) => [field.name, types.parseType(message.fields[i], field.dataTypeID, pglite.parsers)])));
    else if (message.name === 'commandComplete') affectedRows = Number(message.text.split(' ').pop()) || 0;
  }
  return { rows, affectedRows };
}

parentPort.on('message', async ({ id, op, sql, params, name }) => {
  try {
    if (op === 'ready') {
      await pglite.waitReady;
      parentPort.postMessage({ id, result: null });
    } else if (op === 'query') {
      const { rows, affectedRows } = name ? await queryPrepared(name, sql, params) : await pglite.query(sql, params);
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
