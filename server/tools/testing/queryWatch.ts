/**
 * A Kysely plugin that tells a test of every query the server's code builds (query builders and
 * `sql` templates; a precompiled query sent as it is, like the ingest's flush, is not seen): give the
 * server `db.withPlugin(watchQueries(…))`. For tests that count queries or check the lane they ran in.
 */
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export function watchQueries(onQuery: (node: RootOperationNode) => void): KyselyPlugin {
  return {
    transformQuery({ node }) {
      onQuery(node);
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return result;
    },
  };
}

/** A raw `sql` query's text (its fragments joined by `?`); empty for a query builder's. */
export const rawText = (node: RootOperationNode): string => (node.kind === 'RawNode' ? (node as unknown as { sqlFragments: string[] }).sqlFragments.join('?') : '');

/** The tables a query names, and the start of its text for raw SQL: what a failing count prints. */
export function describeQuery(node: RootOperationNode): string {
  const tables = new Set<string>();
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const item = value as { kind?: string; table?: { identifier?: { name?: string } } };
    if (item.kind === 'TableNode' && item.table?.identifier?.name) tables.add(item.table.identifier.name);
    for (const child of Object.values(value)) walk(child);
  };
  walk(node);
  const raw = rawText(node).trim().slice(0, 60);
  return `${node.kind} ${[...tables].join(',')}${raw ? ` ${raw}` : ''}`.trim();
}
