/** How the activity log reads in Spanish: "Modificó Conductor Rosa Vera · Teléfono: +56 9 1111 → +56 9 2222". */
import { formatDay } from '../../../contract/dateFormat';
import { activityActionLabels, activityEntityLabels, deskRoleLabels, type ActivityEntry, type DeskRole } from '../../../contract/entities';
import { formatRut } from '../../../contract/rut';
import { formatDateTime } from '../../lib/format';

const FIELD_LABELS: Record<string, string> = {
  first_name: 'Nombre',
  last_name: 'Apellido',
  email: 'Correo',
  phone: 'Teléfono',
  rut: 'RUT',
  license_number: 'Licencia',
  license_expiry: 'Vencimiento licencia',
  current_vehicle_id: 'Vehículo asignado',
  plate_number: 'Patente',
  model: 'Modelo',
  color: 'Color',
  year: 'Año',
  is_active: 'Activo',
  role: 'Rol',
  end_time: 'Fin',
  driver_id: 'Conductor',
  driver_first_name: 'Nombre del conductor',
  driver_last_name: 'Apellido del conductor',
  device_id: 'Identificador de dispositivo',
  password_changed: 'Contraseña',
  estado: 'Estado',
  ofertas: 'Ofertas sin aceptar',
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'password_changed') return value ? 'cambiada' : '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (field === 'role' && typeof value === 'string' && value in deskRoleLabels) return deskRoleLabels[value as DeskRole];
  if (field === 'rut' && typeof value === 'string') return formatRut(value);
  if (field === 'license_expiry' && typeof value === 'string') return formatDay(value);
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDateTime(value);
  return String(value);
}

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

type Changes = ActivityEntry['changes'];

const fullName = (first: unknown, last: unknown) => [first, last].filter((part) => typeof part === 'string' && part).join(' ') || null;

/**
 * A record's links to another are stored as ids ("Vehículo asignado: — → 19"), which say nothing to
 * a reader; the same change also carries the other record's name (the plate, the driver's name),
 * so the line shows that instead. An entry with only the id (none is written so today) keeps it.
 */
function namedLinks(changes: Changes): Changes {
  const named: Changes = { ...changes };
  const { current_vehicle_id: vehicle, plate_number: plate } = changes;
  if (vehicle && plate) {
    delete named.plate_number;
    named.current_vehicle_id = plate;
  }
  // A vehicle's driver: its snapshot (created, deleted) carries the name beside the id.
  const { driver_id: driver, driver_first_name: first, driver_last_name: last } = changes;
  if (driver && (first || last)) {
    delete named.driver_first_name;
    delete named.driver_last_name;
    named.driver_id = { before: fullName(first?.before, last?.before), after: fullName(first?.after, last?.after) };
  }
  return named;
}

/** Each changed field as "Teléfono: antes → después" (a created record shows only the new values). */
export function changeLines(entry: ActivityEntry): string[] {
  // The database keeps JSON keys in its own order: show them in the forms' order instead.
  const order = (field: string) => (field in FIELD_LABELS ? Object.keys(FIELD_LABELS).indexOf(field) : Number.MAX_SAFE_INTEGER);
  return Object.entries(entry.entity === 'driver' || entry.entity === 'vehicle' ? namedLinks(entry.changes) : entry.changes)
    .sort(([a], [b]) => order(a) - order(b))
    .map(([field, { before, after }]) => {
    if (field === 'password_changed') return `${fieldLabel(field)}: cambiada`;
    if (entry.action === 'created') return `${fieldLabel(field)}: ${valueText(field, after)}`;
    if (entry.action === 'deleted') return `${fieldLabel(field)}: ${valueText(field, before)}`;
    return `${fieldLabel(field)}: ${valueText(field, before)} → ${valueText(field, after)}`;
  });
}

export const roleText = (role: string) => (role in deskRoleLabels ? deskRoleLabels[role as DeskRole] : role);

export function whatText(entry: ActivityEntry): string {
  return `${activityActionLabels[entry.action] ?? entry.action} ${activityEntityLabels[entry.entity].toLowerCase()} ${entry.entity_label}`;
}

export function activityRow(entry: ActivityEntry) {
  return {
    when: formatDateTime(entry.created_at),
    who: entry.actor_name,
    role: roleText(entry.actor_role),
    what: whatText(entry),
    changes: changeLines(entry),
    ip: entry.ip ?? '—',
  };
}
