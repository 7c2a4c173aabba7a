/**
 * Every desk socket also sits in a room of its own account, so ending an account's sessions
 * (deactivated, deleted, password reset) disconnects its open maps at once, in every process
 * (the PostgreSQL adapter carries disconnectSockets across processes).
 */
import type { DeskRole } from '../../../contract/entities';
import type { FlotaSocketServer } from './socketServer';

export function sessionRoom(user: { id: number; role: DeskRole }): string {
  return user.role === 'dueño' ? `session:owner:${user.id}` : `session:desk:${user.id}`;
}

/** Checks of the room after disconnecting: each waits for every process's answer (fetchSockets). */
const MAX_CHECKS = 20;

/**
 * Disconnects the account's sockets and resolves once no process reports one left: across
 * processes disconnectSockets is a broadcast nobody answers, so the revoking route awaits this
 * before its 200 and the revoked map receives no fleet event after it (it got 1-2 on PostgreSQL).
 */
export async function disconnectSessions(io: FlotaSocketServer, user: { id: number; role: DeskRole }): Promise<void> {
  const room = sessionRoom(user);
  for (let check = 0; check < MAX_CHECKS; check += 1) {
    io.in(room).disconnectSockets(true);
    // Sent after the disconnect on the same channel, so each process answers once it has handled it.
    const left = await io.in(room).fetchSockets().catch(() => []);
    if (!left.length) return;
  }
}
