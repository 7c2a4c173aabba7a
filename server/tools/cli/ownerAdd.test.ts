/** npm run owner:add, run as a real process (tsx) against a temporary embedded database. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyDataTemplate } from '../../tools/testing/dataFolderTemplate';

// Each run that reaches the database opens an embedded PGlite on disk: a few seconds.
jest.setTimeout(90_000);

const root = path.resolve(__dirname, '../../..');
// node with tsx's loader, as the tsx CLI runs it, without the CLI's own extra node process per run.
const tsxLoader = path.join(root, 'node_modules/tsx/dist/cjs/index.cjs');
const dataDir = mkdtempSync(path.join(tmpdir(), 'flota-cli-'));
// A migrated database, as a server's first start leaves it (the test run's copy: no initdb here).
copyDataTemplate(dataDir);

function ownerAdd(args: string[]) {
  const result = spawnSync(process.execPath, ['--require', tsxLoader, path.join(root, 'server/tools/cli/ownerAdd.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'cli-test-secret-0123456789-0123456789' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const valid = ['--rut', '7.654.321-6', '--password', 'segura-123', '--first-name', 'Ana', '--last-name', 'Rojas', '--email', 'ana@taxis.cl', '--company', 'Taxis Rojas'];

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('owner:add', () => {
  it('refuses while a live server holds the embedded database', () => {
    writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
    try {
      const { code, stderr } = ownerAdd(valid);
      expect(code).toBe(1);
      expect(stderr).toContain(
        `El servidor está en ejecución con la base de datos embebida (pid ${process.pid}). Detén el servidor (Ctrl+C) y vuelve a ejecutar este comando.`,
      );
    } finally {
      rmSync(path.join(dataDir, 'server.pid'));
    }
  });

  it('rejects an invalid RUT and a short password in Spanish', () => {
    const badRut = ownerAdd(valid.map((a) => (a === '7.654.321-6' ? '7.654.321-0' : a)));
    expect(badRut.code).toBe(1);
    expect(badRut.stderr).toContain('RUT inválido');
    const shortPassword = ownerAdd(valid.map((a) => (a === 'segura-123' ? 'corta' : a)));
    expect(shortPassword.code).toBe(1);
    expect(shortPassword.stderr).toContain('al menos 8 caracteres');
    const missing = ownerAdd(valid.slice(0, 4));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Falta --first-name');
  });

  it('creates an owner, then refuses the same RUT again', () => {
    const created = ownerAdd(valid);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Dueño creado: Ana Rojas (RUT 7.654.321-6)');
    const again = ownerAdd(valid.map((a) => (a === '7.654.321-6' ? '76543216' : a)));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Ya existe un dueño con el RUT 7.654.321-6');
  });
});
