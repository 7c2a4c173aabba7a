/**
 * Packs one shift's trail in a process of its own, for the kill -9 test (positions/packed/
 * packKill.test.ts): opens the database the environment names (DATABASE_URL, or the PGlite folder
 * PGLITE_DIR), packs SHIFT_ID window by window with no rest, and prints "ventana" after each
 * committed window so the test knows when to kill it mid-pack.
 */
import { packShift } from '../../modules/positions/packed/packShift';
import { openPglite, openPostgres } from '../../platform/db/client';

async function main(): Promise<void> {
  const database = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(process.env.PGLITE_DIR as string);
  const shiftId = Number(process.env.SHIFT_ID);
  const control = {
    stopped: () => false,
    breathe: async () => {
      process.stdout.write('ventana\n');
    },
  };
  await packShift(database.db, shiftId, control);
  process.stdout.write('terminado\n');
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
