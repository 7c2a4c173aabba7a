/**
 * One way to publish (issue 39): outside platform/realtime no server code emits to sockets itself.
 * Modules call publish(room, event, payload) from their events.ts (platform/realtime/publish.ts);
 * only the platform holds io.to(…).emit, io.local and the rest. The harness in tools/testing plays
 * the client (its sockets emit join_owner_room) and tests may poke the server: both are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const serverDir = __dirname;
const exempt = [path.join(serverDir, 'platform', 'realtime'), path.join(serverDir, 'tools', 'testing')];

/** What a raw emit to sockets looks like: a room or broadcast on the io server, or any .emit( call. */
const RAW_EMITS: { name: string; pattern: RegExp }[] = [
  { name: 'io.to(', pattern: /\bio\s*\.\s*to\s*\(/ },
  { name: 'io.in(', pattern: /\bio\s*\.\s*in\s*\(/ },
  { name: 'io.except(', pattern: /\bio\s*\.\s*except\s*\(/ },
  { name: 'io.local', pattern: /\bio\s*\.\s*local\b/ },
  { name: 'io.sockets', pattern: /\bio\s*\.\s*sockets\b/ },
  { name: '.emit(', pattern: /\.\s*emit\s*\(/ },
];

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || exempt.includes(full) ? [] : productFiles(full);
    return /\.(ts|mts|cts|js|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** "file:line: text" for every line that emits on its own. */
function rawEmits(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (RAW_EMITS.some(({ pattern }) => pattern.test(line)) ? [`${path.relative(serverDir, file)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('one way to publish', () => {
  const files = productFiles(serverDir);

  it('reads every module and platform file, the events files among them', () => {
    const relative = files.map((file) => path.relative(serverDir, file));
    expect(relative).toEqual(expect.arrayContaining(['app.ts', 'modules/dispatch/dispatchService.ts', 'modules/dispatch/events.ts', 'modules/shifts/events.ts', 'modules/positions/events.ts']));
    expect(relative.some((file) => file.startsWith('platform/realtime/'))).toBe(false);
  });

  it('catches each raw emit it is looking for (the patterns are not blind)', () => {
    const samples = [
      'io.to(ownerRoom(ownerId)).emit(SocketEvent.bookingChanged, { booking });',
      'io.in(room).emit("offer", payload)',
      'io.except(room)',
      'io.local.to(room)',
      'io.sockets.emit("x")',
      'socket.emit(SocketEvent.offer, payload)',
    ];
    for (const sample of samples) expect(RAW_EMITS.some(({ pattern }) => pattern.test(sample))).toBe(true);
    expect(RAW_EMITS.some(({ pattern }) => pattern.test("publish(driverRoom(driverId), SocketEvent.offer, { offer });"))).toBe(false);
  });

  it('finds no io.to(, io.local or .emit( outside platform/realtime', () => {
    expect(rawEmits(files)).toEqual([]);
  });
});
