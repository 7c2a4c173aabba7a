/**
 * The client's import graph (src/, test files left out), read like the server's (./importGraph.ts):
 * its features (src/features/<name>/, each with its door, index.ts) and every import that reaches a
 * feature's file from outside the feature other than through that door: from app/, the entries, lib/,
 * components/, hooks/ or another feature. `npm run arch` prints them (0 expected);
 * server/architecture.test.ts holds the count at 0 and lint refuses them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { repoRoot } from './importGraph';

/** The feature folders under src/features/, as they are on disk. */
export function clientFeatures(root = repoRoot): string[] {
  return readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The features with no door (src/features/<name>/index.ts). */
export const featuresWithoutDoor = (root = repoRoot) => clientFeatures(root).filter((name) => !existsSync(path.join(root, 'src/features', name, 'index.ts')));

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('testing');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(full) ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The feature a repo-relative file belongs to, or null outside src/features/. */
const featureOf = (file: string) => (file.startsWith('src/features/') ? file.split('/')[2] : null);

export interface DeepImport {
  /** Repo-relative importer and imported file. */
  from: string;
  to: string;
}

/** Every import (static or lazy) into a feature's file from outside that feature, other than its index.ts. */
export function clientDeepImports(root = repoRoot): DeepImport[] {
  const deep: DeepImport[] = [];
  for (const file of productFiles(path.join(root, 'src'))) {
    const from = path.relative(root, file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolve(file, fileName);
      if (!target) continue;
      const to = path.relative(root, target);
      const feature = featureOf(to);
      if (!feature || featureOf(from) === feature) continue;
      if (to !== `src/features/${feature}/index.ts`) deep.push({ from, to });
    }
  }
  return deep.sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`));
}
