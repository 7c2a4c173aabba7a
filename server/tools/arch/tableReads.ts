/**
 * Which module's SQL names which module's tables (server/modules/tables.cjs says who owns each): the
 * Kysely calls (`selectFrom('bookings')`, joins, inserts, updates, deletes, `with`) and raw SQL's
 * `from`/`join`/`into`/`update <table>`, in each module's product files, comments left out.
 * `npm run arch` prints the reads that cross a door; server/architecture.test.ts holds them to the
 * listed ones.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { repoRoot } from './importGraph';

export interface TableOwnership {
  /** module (or 'platform') → its tables */
  tableOwners: Record<string, string[]>;
  /** `module:file:table` reads of another's table not yet behind its owner's door */
  knownReads: string[];
  /** `module:file:table` reads of another's table kept on purpose → the reason */
  keptReads: Record<string, string>;
}

export function declaredTables(root = repoRoot): TableOwnership {
  return createRequire(__filename)(path.join(root, 'server/modules/tables.cjs')) as TableOwnership;
}

export interface TableRead {
  module: string;
  /** repo-relative */
  file: string;
  table: string;
  owner: string;
}

/** The code of a file without its comments (a comment's "from shifts" is no read). */
function withoutComments(source: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
  let out = '';
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) continue;
    out += scanner.getTokenText();
  }
  return out;
}

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Every table a module's code names, by file. */
export function tablesNamed(root = repoRoot): { module: string; file: string; tables: string[] }[] {
  const { tableOwners } = declaredTables(root);
  const known = new Set(Object.values(tableOwners).flat());
  const modulesDir = path.join(root, 'server/modules');
  const found: { module: string; file: string; tables: string[] }[] = [];
  for (const entry of readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    for (const file of productFiles(path.join(modulesDir, entry.name))) {
      const code = withoutComments(readFileSync(file, 'utf8'));
      const names = new Set<string>();
      for (const match of code.matchAll(/\.(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|with)\(\s*'([a-z_]+)/g)) names.add(match[1]);
      for (const match of code.matchAll(/\b(?:from|join|into|update)\s+([a-z_]+)\b/gi)) names.add(match[1]);
      const tables = [...names].filter((name) => known.has(name)).sort();
      if (tables.length) found.push({ module: entry.name, file: path.relative(root, file), tables });
    }
  }
  return found;
}

/** The reads of a table another module (or the platform) owns. */
export function crossModuleReads(root = repoRoot): TableRead[] {
  const { tableOwners } = declaredTables(root);
  const ownerOf = new Map(Object.entries(tableOwners).flatMap(([owner, tables]) => tables.map((table) => [table, owner] as const)));
  return tablesNamed(root).flatMap(({ module, file, tables }) =>
    tables.filter((table) => ownerOf.get(table) !== module).map((table) => ({ module, file, table, owner: ownerOf.get(table) as string })),
  );
}

export const readKey = (read: TableRead) => `${read.module}:${path.basename(read.file)}:${read.table}`;
