/**
 * npm run owner:add -- --rut R --password P --first-name F --last-name L --email E --company C
 * Creates a fleet owner. Refuses to touch the embedded database while the server runs on it.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, fieldErrors } from '../../../contract/api';
import { singleLine } from '../../../contract/plainText';
import { formatRut, isValidRut, normalizeRut } from '../../../contract/rut';
import { hashPassword } from '../../modules/identity/passwords';
import { loadConfig } from '../../platform/config';
import { openDatabase } from '../../platform/db/client';
import { migrateToLatest } from '../../platform/db/migrate';
import { liveLockPid } from '../../platform/lockFile';
import { rutSignsIn } from '../../modules/identity/deskUsersRepo';
import { insertOwner, ownerRutTaken } from '../../modules/identity/ownersRepo';

class CliError extends Error {}

const required = (label: string) => z.string({ error: `Falta ${label}` }).trim().min(1, `Falta ${label}`);

const ownerArgsSchema = z.object({
  rut: required('--rut').refine(isValidRut, 'RUT inválido: revisa el dígito verificador'),
  password: z
    .string({ error: 'Falta --password' })
    .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`),
  'first-name': singleLine(required('--first-name')),
  'last-name': singleLine(required('--last-name')),
  email: required('--email').pipe(z.email('Correo electrónico inválido')),
  company: singleLine(required('--company')),
});

const USAGE =
  'Uso: npm run owner:add -- --rut 12.345.678-5 --password "********" --first-name Carolina --last-name Muñoz --email correo@empresa.cl --company "Taxis La Ligua"';

function parseOwnerArgs(argv: string[]) {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: Object.fromEntries(
        ['rut', 'password', 'first-name', 'last-name', 'email', 'company'].map((name) => [name, { type: 'string' as const }]),
      ),
      strict: true,
    }));
  } catch (error) {
    throw new CliError(`Argumentos inválidos: ${(error as Error).message}\n${USAGE}`);
  }
  const parsed = ownerArgsSchema.safeParse(values);
  if (!parsed.success) throw new CliError(`${Object.values(fieldErrors(parsed.error)).join('\n')}\n${USAGE}`);
  return parsed.data;
}

export async function ownerAdd(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const args = parseOwnerArgs(argv);
  const config = loadConfig(env);
  if (!config.databaseUrl) {
    const pid = liveLockPid(config.dataDir);
    if (pid !== null) {
      throw new CliError(
        `El servidor está en ejecución con la base de datos embebida (pid ${pid}). Detén el servidor (Ctrl+C) y vuelve a ejecutar este comando.`,
      );
    }
  }
  const rut = normalizeRut(args.rut) as string;
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    if (await ownerRutTaken(database.db, rut)) throw new CliError(`Ya existe un dueño con el RUT ${formatRut(rut)}`);
    // A RUT signs in to one account: not an owner and a desk user at once.
    if (await rutSignsIn(database.db, rut)) throw new CliError(`Ya existe un usuario con el RUT ${formatRut(rut)}`);
    const owner = await insertOwner(database.db, {
      rut,
      passwordHash: await hashPassword(args.password),
      first_name: args['first-name'],
      last_name: args['last-name'],
      email: args.email,
      company_name: args.company,
    });
    return `Dueño creado: ${owner.first_name} ${owner.last_name} (RUT ${formatRut(owner.rut)}), ${owner.company_name}, id ${owner.id}, código de flota ${owner.fleet_code}`;
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  ownerAdd(process.argv.slice(2))
    .then((message) => {
      console.info(message);
    })
    .catch((error: unknown) => {
      console.error(error instanceof CliError ? error.message : `Error: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    });
}
