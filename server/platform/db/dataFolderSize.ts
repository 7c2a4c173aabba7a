/**
 * The embedded database's folder on disk: its size, and its growth per day from a small history
 * kept beside it (one sample a day, the last 60), printed at start so a growing folder is seen
 * before the disk fills.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function folderBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

interface Sample {
  day: string;
  bytes: number;
}

const HISTORY = 'space-history.json';
const DAY_MS = 86_400_000;
export const megabytes = (bytes: number) => `${(bytes / 1e6).toLocaleString('es-CL', { maximumFractionDigits: 1 })} MB`;

/** "84,2 MB en ./data (+3,1 MB por día en los últimos 12 días)"; records today's sample. */
export function describeDataFolder(dataDir: string, now = new Date()): string {
  const bytes = folderBytes(dataDir);
  const file = path.join(dataDir, HISTORY);
  let samples: Sample[] = [];
  try {
    samples = JSON.parse(readFileSync(file, 'utf8')) as Sample[];
  } catch {
    samples = [];
  }
  const day = now.toISOString().slice(0, 10);
  samples = [...samples.filter((s) => s.day !== day), { day, bytes }].slice(-60);
  writeFileSync(file, JSON.stringify(samples), { mode: 0o600 });
  const oldest = samples[0];
  const days = Math.round((Date.parse(day) - Date.parse(oldest.day)) / DAY_MS);
  const growth = days > 0 ? ` (${bytes >= oldest.bytes ? '+' : '−'}${megabytes(Math.abs(bytes - oldest.bytes) / days)} por día en los últimos ${days} días)` : '';
  return `${megabytes(bytes)} en ${dataDir}${growth}`;
}
