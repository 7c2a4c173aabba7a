/**
 * Small fleets for tests and benchmarks: an owner with drivers (each with a vehicle when asked),
 * shifts inserted straight into the table, and made-up request bodies with valid RUTs no seed uses.
 */
import type { Insertable, Kysely } from 'kysely';
import { computeCheckDigit } from '../../../contract/rut';
import type { Database, ShiftsTable } from '../../platform/db/schema';
import { insertOwner } from '../../modules/identity/ownersRepo';

export interface FleetOptions {
  /** Owner RUT body (digits, without check digit); drivers get bodies after it. */
  rutBody: number;
  company: string;
  passwordHash: string;
  driverNames: string[];
  /** Gives driver i the vehicle with plate `${platePrefix}${10 + i}` (e.g. "HIST10"). */
  platePrefix?: string;
}

export interface Fleet {
  ownerId: number;
  ownerRut: string;
  drivers: { id: number; rut: string; first_name: string; vehicle_id: number | null }[];
}

/** A valid stored RUT ("150000013") for a body like 15000001. */
export function validRut(body: number): string {
  return `${body}${computeCheckDigit(String(body))}`;
}


export async function createFleet(db: Kysely<Database>, options: FleetOptions): Promise<Fleet> {
  const ownerRut = validRut(options.rutBody);
  const owner = await insertOwner(db, {
    rut: ownerRut,
    passwordHash: options.passwordHash,
    first_name: 'Dueña',
    last_name: options.company,
    email: `${options.rutBody}@example.cl`,
    company_name: options.company,
  });
  const drivers: Fleet['drivers'] = [];
  for (const [i, first_name] of options.driverNames.entries()) {
    const vehicle = options.platePrefix
      ? await db
          .insertInto('vehicles')
          .values({ owner_id: owner.id, plate_number: `${options.platePrefix}${10 + i}`, model: 'Toyota Yaris', color: 'Blanco', year: 2022 })
          .returning('id')
          .executeTakeFirstOrThrow()
      : null;
    const body = options.rutBody + 1 + i;
    const driver = await db
      .insertInto('drivers')
      .values({
        owner_id: owner.id,
        rut: validRut(body),
        rut_body: String(body),
        password_hash: options.passwordHash,
        first_name,
        last_name: 'Prueba',
        current_vehicle_id: vehicle?.id ?? null,
      })
      .returning(['id', 'rut', 'first_name', 'current_vehicle_id'])
      .executeTakeFirstOrThrow();
    drivers.push({ id: driver.id, rut: driver.rut, first_name: driver.first_name, vehicle_id: driver.current_vehicle_id });
  }
  return { ownerId: owner.id, ownerRut, drivers };
}

/** Inserts shifts in chunks (one statement each) and returns their ids in the given order. */
export async function insertShifts(db: Kysely<Database>, rows: Insertable<ShiftsTable>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db.insertInto('shifts').values(rows.slice(i, i + 500)).returning('id').execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** A complete POST /drivers body; override what the test is about. */
export function driverBody(rut: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    rut,
    password: 'clave-segura-1',
    first_name: 'Pedro',
    last_name: 'Rojas',
    email: 'pedro.rojas@example.cl',
    phone: '+56 9 1234 5678',
    license_number: 'A2-123',
    license_expiry: '2027-05-31',
    current_vehicle_id: null,
    ...overrides,
  };
}
