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

export function disconnectSessions(io: FlotaSocketServer, user: { id: number; role: DeskRole }): void {
  io.in(sessionRoom(user)).disconnectSockets(true);
}
