/**
 * The server's import graph, read from the files themselves (TypeScript's own preProcessFile, the
 * import and export-from lines only, no type-checking): which file imports which, the arrows between
 * the server's parts (each module folder, platform/, the entries, each tools/ folder), the circles
 * among server/modules/'s files, and the arrows that run back up an order. `npm run arch` prints it;
 * server/architecture.test.ts holds the counts. Test files are left out: they import the harness,
 * which starts the whole app, and nothing imports them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

export const repoRoot = path.resolve(__dirname, '../../..');

export interface ModuleOrder {
  /** Lowest first (server/modules/order.cjs). */
  moduleOrder: string[];
  /** Neighbours allowed to use each other's index.ts both ways. */
  modulePairs: [string, string][];
}

/** The one written order, as .eslintrc.cjs reads it. */
export function declaredOrder(root = repoRoot): ModuleOrder {
  return createRequire(__filename)(path.join(root, 'server/modules/order.cjs')) as ModuleOrder;
}

/** The module folders under server/modules/, as they are on disk. */
export function moduleFolders(root = repoRoot): string[] {
  const dir = path.join(root, 'server/modules');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const SOURCE = /\.(ts|tsx|cjs|mjs|js)$/;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !isTest(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each product file under server/ (repo-relative) and the repo files it imports. */
export function serverImports(root = repoRoot): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(path.join(root, 'server'))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((imported) => resolveImport(file, imported.fileName)).filter((target): target is string => target !== null);
    graph.set(path.relative(root, file), [...new Set(targets.map((target) => path.relative(root, target)))]);
  }
  return graph;
}

/**
 * The part of the server a file belongs to: `modules/<name>` for a module's folder, `modules/<file>`
 * for the files beside them (flotaModule.ts, index.ts, order.cjs), `platform`, an entry by its file
 * name, `tools/<folder>`; null outside server/ (contract/ is below everything and imports none of it).
 */
export function partOf(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'server') return null;
  if (parts[1] === 'modules' || parts[1] === 'tools') return `${parts[1]}/${parts[2]}`;
  if (parts[1] === 'platform') return 'platform';
  return parts[1];
}

export interface Arrow {
  from: string;
  to: string;
  /** The file imports that make it, `a.ts -> b.ts`. */
  because: string[];
}

/** The distinct arrows between parts of the server (a part importing itself is no arrow). */
export function partArrows(graph: Map<string, string[]>): Arrow[] {
  const arrows = new Map<string, Arrow>();
  for (const [file, targets] of graph) {
    const from = partOf(file);
    for (const target of targets) {
      const to = partOf(target);
      if (!from || !to || from === to) continue;
      const key = `${from} -> ${to}`;
      const arrow = arrows.get(key) ?? { from, to, because: [] };
      arrow.because.push(`${file} -> ${target}`);
      arrows.set(key, arrow);
    }
  }
  return [...arrows.values()].sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`));
}

/**
 * The strongly connected groups of a graph (Tarjan), each after every group it imports: lowest first.
 * A group of more than one node is an import circle.
 */
export function stronglyConnected(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

export const circles = (graph: Map<string, string[]>): string[][] =>
  stronglyConnected(graph)
    .filter((group) => group.length > 1)
    .map((group) => group.sort());

/** The file circles among server/modules/'s files (import/no-cycle's view of them). */
export function moduleFileCircles(graph: Map<string, string[]>): string[][] {
  const inModules = (file: string) => file.startsWith('server/modules/');
  const sub = new Map([...graph].filter(([file]) => inModules(file)).map(([file, targets]) => [file, targets.filter(inModules)]));
  return circles(sub);
}

/**
 * An order of the parts found from the arrows alone, lowest first: a group of parts goes once the
 * groups it imports have gone (among those ready, the one `hint` puts lowest); inside a circle, the
 * part with the fewest imports still waiting goes first. The arrows that must then run back up are
 * the circle's cost.
 */
export function findOrder(arrows: Arrow[], hint: (part: string) => number = () => 0): string[] {
  const parts = [...new Set(arrows.flatMap((arrow) => [arrow.from, arrow.to]))];
  const imports = new Map(parts.map((part) => [part, arrows.filter((arrow) => arrow.from === part).map((arrow) => arrow.to)]));
  const byHint = (a: string, b: string) => hint(a) - hint(b) || a.localeCompare(b);
  const groups = stronglyConnected(imports).map((group) => group.sort(byHint));
  const groupOf = new Map(groups.flatMap((group, at) => group.map((part) => [part, at] as const)));
  const placed: string[] = [];
  const done = new Set<number>();
  while (done.size < groups.length) {
    const ready = groups
      .map((group, at) => ({ group, at }))
      .filter(({ group, at }) => !done.has(at) && group.every((part) => (imports.get(part) as string[]).every((to) => groupOf.get(to) === at || done.has(groupOf.get(to) as number))));
    const { group, at } = ready.sort((a, b) => byHint(a.group[0], b.group[0]))[0];
    const waiting = new Set(group);
    while (waiting.size) {
      const pending = (part: string) => (imports.get(part) as string[]).filter((to) => waiting.has(to)).length;
      const next = [...waiting].sort((a, b) => pending(a) - pending(b) || byHint(a, b))[0];
      placed.push(next);
      waiting.delete(next);
    }
    done.add(at);
  }
  return placed;
}

/** The arrows whose importer sits lower in `order` than what it imports. */
export function backArrows(arrows: Arrow[], order: string[]): Arrow[] {
  const rank = new Map(order.map((part, at) => [part, at]));
  return arrows.filter((arrow) => (rank.get(arrow.from) ?? Infinity) < (rank.get(arrow.to) ?? -Infinity));
}

/** Where a part sits in the written layers: platform, flotaModule.ts, the modules in their order, the rest. */
export function writtenRank(order: string[]): (part: string) => number {
  return (part) => {
    if (part === 'platform') return 0;
    if (part === 'modules/flotaModule.ts') return 1;
    const at = order.indexOf(part.replace(/^modules\//, ''));
    return at >= 0 ? 2 + at : 2 + order.length;
  };
}

/** The written layers (writtenRank), parts the rank leaves equal kept in the order the arrows give. */
export function writtenOrder(arrows: Arrow[], order: string[]): string[] {
  const rank = writtenRank(order);
  return findOrder(arrows, rank)
    .map((part, at) => ({ part, at }))
    .sort((a, b) => rank(a.part) - rank(b.part) || a.at - b.at)
    .map(({ part }) => part);
}
