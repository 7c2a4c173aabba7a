/**
 * What each desk role may do, in the words both sides use: the server's access table
 * (server/auth/accessRules.ts) is built from these lists, and the SPA hides what a role may not do.
 */
import type { DeskRole } from './auth';

/** Who signs in at the desk: the fleet's owner (Dueño) and the desk accounts it creates. */
export const deskRoles = ['dueño', 'administrador', 'operador'] as const;
/** Here, without zod, so the app shell shows a role without loading the schemas (issue 20). */
export const deskRoleLabels: Record<DeskRole, string> = { dueño: 'Dueño', administrador: 'Administrador', operador: 'Operador' };

export const EVERY_DESK_ROLE: readonly DeskRole[] = ['dueño', 'administrador', 'operador'];
/** Create, edit and delete drivers and vehicles, end shifts by hand, read the activity log. */
export const FLEET_MANAGERS: readonly DeskRole[] = ['dueño', 'administrador'];
/**
 * Reportes (what each driver and taxi did, to settle accounts with drivers): the owner and the
 * administrator. The operator dispatches and already reads Historial and each shift's replay;
 * the period's money-side totals are management's.
 */
export const REPORT_READERS: readonly DeskRole[] = FLEET_MANAGERS;
/** Manage desk accounts (Usuarios): the owner only. */
export const USER_MANAGERS: readonly DeskRole[] = ['dueño'];

export interface DeskPermissions {
  manageFleet: boolean;
  manageUsers: boolean;
  readActivity: boolean;
  readReports: boolean;
}

export function deskPermissions(role: DeskRole | undefined): DeskPermissions {
  const has = (list: readonly DeskRole[]) => role !== undefined && list.includes(role);
  return { manageFleet: has(FLEET_MANAGERS), manageUsers: has(USER_MANAGERS), readActivity: has(FLEET_MANAGERS), readReports: has(REPORT_READERS) };
}
