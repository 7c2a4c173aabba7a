/**
 * The reference a hot-path bench races this tree against, in the same run: another commit of this
 * repository, checked out as a git worktree of its own (detached, under the system's temporary
 * folder, kept for the next run) and run as its own server process.
 *
 * BENCH_BASELINE=<git ref> picks it; `off` runs this tree alone. By default: the last commit of
 * origin/main when the repository has that remote, else the merge base of HEAD with main (the
 * commit this branch left from), else main itself. The worktree borrows this tree's node_modules:
 * a reference whose package-lock.json differs is said so, since its figures may then be off.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const THIS_ROOT = path.resolve(__dirname, '..');

export interface Tree {
  /** 'este árbol' or the reference's short commit. */
  label: string;
  root: string;
  /** Full commit (this tree: HEAD, plus whatever is not committed). */
  commit: string;
  isBaseline: boolean;
}

const git = (args: string[], cwd = THIS_ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
const tryGit = (args: string[]) => {
  try {
    return git(args);
  } catch {
    return null;
  }
};

/** The reference's commit, or null when BENCH_BASELINE=off (or the legacy BENCH_INGEST_BASELINE=off). */
export function baselineCommit(): string | null {
  const asked = process.env.BENCH_BASELINE;
  if (asked === 'off' || process.env.BENCH_INGEST_BASELINE === 'off') return null;
  if (asked) {
    const commit = tryGit(['rev-parse', '--verify', `${asked}^{commit}`]);
    if (!commit) throw new Error(`BENCH_BASELINE=${asked}: no es un commit de este repositorio`);
    return commit;
  }
  return tryGit(['rev-parse', '--verify', 'origin/main^{commit}']) ?? tryGit(['merge-base', 'HEAD', 'main']) ?? tryGit(['rev-parse', '--verify', 'main^{commit}']);
}

/** This tree, as a bench names it. */
export function thisTree(): Tree {
  const dirty = tryGit(['status', '--porcelain', '--untracked-files=no']);
  const head = git(['rev-parse', 'HEAD']);
  return { label: `este árbol (${head.slice(0, 7)}${dirty ? ' + cambios sin commit' : ''})`, root: THIS_ROOT, commit: head, isBaseline: false };
}

/** The reference checked out (once) in its own worktree; null when off. */
export function baselineTree(): Tree | null {
  const commit = baselineCommit();
  if (!commit) return null;
  const root = path.join(process.env.BENCH_BASELINE_DIR ?? path.join(os.tmpdir(), 'flota-baseline'), commit.slice(0, 12));
  if (!existsSync(path.join(root, 'package.json'))) {
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', root, commit]);
  }
  if (!existsSync(path.join(root, 'node_modules'))) symlinkSync(path.join(THIS_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  const lock = (dir: string) => (existsSync(path.join(dir, 'package-lock.json')) ? readFileSync(path.join(dir, 'package-lock.json'), 'utf8') : '');
  if (lock(root) !== lock(THIS_ROOT)) console.log(`  (la referencia ${commit.slice(0, 7)} tiene otro package-lock.json: corre con las dependencias de este árbol)`);
  return { label: `referencia ${commit.slice(0, 7)}`, root, commit, isBaseline: true };
}

/** Whether the tree's server source mentions `text` (a route or a setting the bench needs): git grep on its commit. */
export function treeHas(tree: Tree, text: string): boolean {
  try {
    execFileSync('git', ['grep', '-q', '-F', text, '--', 'server'], { cwd: tree.root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The trees in the order round `round` (from 1) runs them: alternated, so a drift in the machine's load favours neither. */
export const inTurn = <T>(trees: readonly T[], round: number): T[] => (round % 2 === 1 ? [...trees] : [...trees].reverse());

/** "1.23× la referencia". */
export const againstBaseline = (value: number, reference: number) => (Number.isFinite(value / reference) ? `${(value / reference).toFixed(2)}× la referencia` : '-');
