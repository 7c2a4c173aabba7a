/**
 * The embedded database holds password hashes: its folder and files are the server user's alone
 * (0700 folders, 0600 files), including those created before this rule. The umask keeps folders
 * created later private (PGlite's file layer sets 0666 on its files itself: openPglite tightens them
 * again once started and on close; inside 0700 folders nobody else reaches them meanwhile).
 */
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

export function makePrivate(folder: string): void {
  process.umask(0o077);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodTree(folder);
}

function chmodTree(folder: string): void {
  chmodSync(folder, 0o700);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) chmodTree(full);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}
