import type { ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'success' | 'neutral' | 'warning' | 'danger' | 'info';

/** A short status word in a coloured pill. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`flota-badge flota-badge--${tone}`}>{children}</span>;
}

/** The Activo / Inactivo badge of drivers and vehicles. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Activo' : 'Inactivo'}</Badge>;
}

/** "En turno": the driver or vehicle is on an active shift now. */
export function OnShiftBadge({ onShift }: { onShift: boolean }) {
  return onShift ? <Badge tone="info">En turno</Badge> : null;
}
