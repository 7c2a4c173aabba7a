/**
 * Statements run so often that PostgreSQL should parse and plan them once per connection, not on
 * every call: openPostgres's connections run a registered text as a named (prepared) statement.
 * Only fixed texts belong here (the ingest's flush: server/ingest/flushPoints.ts); each is run like
 * any other query (CompiledQuery.raw(text, parameters)), and the connection looks its name up by text.
 * PGlite runs them as plain queries (its query() has no named statements).
 *
 * A PostgreSQL behind a pooler in transaction mode needs it to track prepared statements
 * (pgbouncer 1.21+: max_prepared_statements), see docs/deployment.md.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

const statements = new Map<string, PreparedStatement>();

/** Registers a statement (at module load) and returns it. */
export function preparedStatement(statement: PreparedStatement): PreparedStatement {
  statements.set(statement.text, statement);
  return statement;
}

/** The registered statement with exactly this text, if any. */
export function preparedByText(text: string): PreparedStatement | undefined {
  return statements.get(text);
}
