/**
 * The server's layers hold (docs/architecture.md): ESLint refuses an upward import (platform/ →
 * a module), a reach into another module's files past its index.ts, and product code using the
 * harness in tools/; and a module whose route declares no access rule stops the server's start.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { modules, type FlotaModule } from './modules';
import { startTestServer } from './tools/testing/testServer';

const root = path.resolve(__dirname, '..');

// ESLint's own API, as `npm run lint` runs it (no @types/eslint here: the little used is typed).
interface LintResult {
  messages: { ruleId: string | null; message: string }[];
}
const { ESLint } = createRequire(__filename)('eslint') as {
  ESLint: new (options: { cwd: string }) => { lintText(code: string, options: { filePath: string }): Promise<LintResult[]> };
};

/** The import-zone errors ESLint gives this code as if it were the file at `file`. */
async function zoneErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('import boundaries (ESLint import/no-restricted-paths)', () => {
  it('refuses platform/ importing a module', async () => {
    const errors = await zoneErrors('server/platform/realtime/probe.ts', "import { listDrivers } from '../../modules/drivers';\nexport const probe = listDrivers;\n");
    expect(errors).toEqual([expect.stringContaining('platform/ sits below the modules')]);
  });

  it("refuses a module reaching into another module's file, and lets it use that module's index.ts", async () => {
    const reach = await zoneErrors('server/modules/vehicles/probe.ts', "import { listDrivers } from '../drivers/driversRepo';\nexport const probe = listDrivers;\n");
    expect(reach).toEqual([expect.stringContaining('only through its index.ts')]);
    const door = await zoneErrors('server/modules/vehicles/probe.ts', "import { listDrivers } from '../drivers';\nexport const probe = listDrivers;\n");
    expect(door).toEqual([]);
  });

  it('refuses product code importing tools/ or an entry', async () => {
    const tools = await zoneErrors('server/modules/shifts/probe.ts', "import { seededRandom } from '../../tools/seed/prng';\nexport const probe = seededRandom;\n");
    expect(tools).toEqual([expect.stringContaining('tools/ is harness code')]);
    const entry = await zoneErrors('server/platform/probe.ts', "import { buildServer } from '../app';\nexport const probe = buildServer;\n");
    expect(entry).toEqual([expect.stringContaining('Only the entries compose the server')]);
  });
});

it('stops the start when a module adds a route without an access rule', async () => {
  const undeclared: FlotaModule = {
    name: 'sinRegla',
    register: async (app, { prefix }) => {
      await app.register(async (scope) => void scope.get('/sin-regla', async () => ({})), { prefix });
    },
  };
  await expect(startTestServer({}, { modules: [...modules, undeclared] })).rejects.toThrow('La ruta GET /api/sin-regla no declara quién puede usarla');
}, 60_000);
