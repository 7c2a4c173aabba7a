/**
 * The server's layers hold (docs/architecture.md): ESLint refuses an upward import (platform/ → a
 * module, a module → a higher module's index.ts), a reach into another module's or feature's files,
 * app/ reaching a client feature past its door (index.ts), and product code using the harness in
 * tools/; every folder is covered as it is on disk, a new one without editing any list; the import
 * graph has no circle among server/modules/'s files and one arrow back up (the documented drivers ↔
 * vehicles pair), every client feature has a door and no client import passes one; and a module whose
 * route declares no access rule stops the server's start.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { modules, type FlotaModule } from './modules';
import { clientDeepImports, clientFeatures, featuresWithoutDoor } from './tools/arch/clientGraph';
import { backArrows, declaredOrder, findOrder, moduleFileCircles, moduleFolders, partArrows, serverImports, writtenOrder, writtenRank } from './tools/arch/importGraph';
import { startTestServer } from './tools/testing/testServer';
import ts from 'typescript';
import { crossModuleReads, declaredTables, readKey, tablesNamed } from './tools/arch/tableReads';

const root = path.resolve(__dirname, '..');

// ESLint's own API, as `npm run lint` runs it (no @types/eslint here: the little used is typed).
interface LintMessage {
  ruleId: string | null;
  message: string;
  line: number;
}
interface Linter {
  lintText(code: string, options: { filePath: string }): Promise<{ messages: LintMessage[] }[]>;
}
const { ESLint } = createRequire(__filename)('eslint') as { ESLint: new (options: { cwd: string }) => Linter };

let linter: Linter;
beforeAll(() => {
  linter = new ESLint({ cwd: root });
});

const zoneRules = (all: LintMessage[]) => all.filter((m) => m.ruleId === 'import/no-restricted-paths' || m.ruleId === null);

/** The import-zone errors ESLint gives this code as if it were the file at `file`, with their lines. */
async function zoneErrors(file: string, code: string): Promise<LintMessage[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(root, file) });
  return zoneRules(result.messages);
}

/**
 * The same, from an ESLint in a process of its own, as `npm run lint` starts: it reads .eslintrc.cjs,
 * and so the folders on disk, afresh (Jest's module registry keeps the first reading of it).
 */
function zoneErrorsAfresh(probes: { file: string; code: string }[]): LintMessage[][] {
  const script = `const { ESLint } = require('eslint');
const eslint = new ESLint({ cwd: process.cwd() });
(async () => {
  const out = [];
  for (const { file, code } of JSON.parse(process.argv[1])) out.push((await eslint.lintText(code, { filePath: file }))[0].messages);
  process.stdout.write(JSON.stringify(out));
})();`;
  const run = spawnSync(process.execPath, ['-e', script, JSON.stringify(probes.map(({ file, code }) => ({ file: path.join(root, file), code })))], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as LintMessage[][]).map(zoneRules);
}
const messages = (errors: LintMessage[]) => errors.map((m) => m.message);

/** A probe file: one import a line, each line's binding used so nothing else complains. */
const probe = (specifiers: string[]) => specifiers.map((specifier, at) => `import * as probe${at} from '${specifier}';\nexport const use${at} = probe${at};`).join('\n');
/** The probe's line of its `at`-th import. */
const lineOf = (at: number) => 2 * at + 1;

/** A file of `dir` past its door (never index.ts), to reach for. */
function innerFile(dir: string): string {
  const file = readdirSync(path.join(root, dir)).find((name) => /\.tsx?$/.test(name) && !/^index\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
  if (!file) throw new Error(`no file in ${dir}`);
  return file.replace(/\.tsx?$/, '');
}

const { moduleOrder, modulePairs } = declaredOrder();
const pairOf = (name: string) => modulePairs.flatMap((pair) => (pair.includes(name) ? pair.filter((other) => other !== name) : []));

describe('import boundaries (ESLint import/no-restricted-paths)', () => {
  it('refuses platform/ importing a module', async () => {
    const errors = await zoneErrors('server/platform/realtime/probe.ts', "import { listDrivers } from '../../modules/drivers';\nexport const probe = listDrivers;\n");
    expect(messages(errors)).toEqual([expect.stringContaining('platform/ sits below the modules')]);
  });

  it('lists every module folder in the one written order, and only those', () => {
    expect([...moduleOrder].sort()).toEqual(moduleFolders());
  });

  it.each(moduleFolders())(
    "%s reaches no other module past its index.ts, and uses only the index.ts of modules below it (or its pair's)",
    async (name) => {
      const others = moduleFolders().filter((other) => other !== name);
      const reaches = others.map((other) => `../${other}/${innerFile(`server/modules/${other}`)}`);
      const doors = others.map((other) => `../${other}`);
      const errors = await zoneErrors(`server/modules/${name}/probe.ts`, probe([...reaches, ...doors]));
      const byLine = (line: number) => messages(errors.filter((m) => m.line === line));

      reaches.forEach((_reach, at) => expect(byLine(lineOf(at))).toEqual([expect.stringContaining('only through its index.ts')]));
      const below = moduleOrder.slice(0, moduleOrder.indexOf(name));
      doors.forEach((_door, at) => {
        const other = others[at];
        const allowed = below.includes(other) || pairOf(name).includes(other);
        expect({ other, errors: byLine(lineOf(reaches.length + at)) }).toEqual({ other, errors: allowed ? [] : [expect.stringContaining(`${name} sits below`)] });
      });
    },
    120_000,
  );

  it('lets a test drive a higher module through its index.ts, never past it', async () => {
    const errors = await zoneErrors('server/modules/identity/probe.test.ts', probe(['../dispatch', '../dispatch/dispatchService']));
    expect(errors.map((m) => [m.line, m.message])).toEqual([[lineOf(1), expect.stringContaining('only through its index.ts')]]);
  });

  it('refuses any client feature importing another', async () => {
    const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const [first, ...rest] = features;
    // Every feature from the first, and the first from the second.
    const fromFirst = await zoneErrors(`src/features/${first}/probe.ts`, probe(rest.map((other) => `../${other}/${innerFile(`src/features/${other}`)}`)));
    const intoFirst = await zoneErrors(`src/features/${rest[0]}/probe.ts`, probe([`../${first}/${innerFile(`src/features/${first}`)}`]));
    expect(fromFirst.map((m) => m.line)).toEqual(rest.map((_other, at) => lineOf(at)));
    expect(messages([...fromFirst, ...intoFirst])).toEqual(features.map(() => expect.stringContaining('A feature does not import another feature')));
  }, 120_000);

  it('lets app/ use each client feature through its door only', async () => {
    const features = clientFeatures();
    const doors = features.map((name) => `../features/${name}`);
    const reaches = features.map((name) => `../features/${name}/${innerFile(`src/features/${name}`)}`);
    const errors = await zoneErrors('src/app/probe.ts', probe([...doors, ...reaches]));
    expect(errors.filter((m) => m.line < lineOf(doors.length))).toEqual([]);
    expect(errors.map((m) => m.line)).toEqual(reaches.map((_reach, at) => lineOf(doors.length + at)));
    expect(messages(errors)).toEqual(features.map(() => expect.stringContaining('app/ uses a feature only through its door')));
  }, 120_000);

  it('refuses flotaModule.ts importing a module', async () => {
    const errors = await zoneErrors('server/modules/flotaModule.ts', probe(['./positions', './reports']));
    expect(messages(errors)).toEqual([expect.stringContaining('flotaModule.ts is what every module stands on'), expect.stringContaining('flotaModule.ts is what every module stands on')]);
    const imported = serverImports().get('server/modules/flotaModule.ts') ?? [];
    expect(imported.filter((file) => file.startsWith('server/modules/'))).toEqual([]);
  }, 60_000);

  it('refuses product code importing tools/ or an entry', async () => {
    const tools = await zoneErrors('server/modules/shifts/probe.ts', "import { seededRandom } from '../../tools/seed/prng';\nexport const probe = seededRandom;\n");
    expect(messages(tools)).toEqual([expect.stringContaining('tools/ is harness code')]);
    const entry = await zoneErrors('server/platform/probe.ts', "import { buildServer } from '../app';\nexport const probe = buildServer;\n");
    expect(messages(entry)).toEqual([expect.stringContaining('Only the entries compose the server')]);
  });

  it('covers a new module folder and a new feature folder without editing any list', async () => {
    const name = `probe${process.pid}`;
    const moduleDir = path.join(root, 'server/modules', name);
    const featureDir = path.join(root, 'src/features', name);
    try {
      for (const dir of [moduleDir, featureDir]) {
        mkdirSync(dir);
        writeFileSync(path.join(dir, 'index.ts'), 'export const door = 1;\n');
        writeFileSync(path.join(dir, 'inner.ts'), 'export const inner = 1;\n');
      }
      const [out, into, featureOut, featureIn, fromApp] = zoneErrorsAfresh([
        { file: `server/modules/${name}/probe.ts`, code: probe(['../identity', '../../platform/errors']) },
        { file: 'server/modules/dispatch/probe.ts', code: probe([`../${name}`, `../${name}/inner`]) },
        { file: `src/features/${name}/probe.ts`, code: probe(['../auth/authSlice']) },
        { file: 'src/features/auth/probe.ts', code: probe([`../${name}/inner`]) },
        { file: 'src/app/probe.ts', code: probe([`../features/${name}`, `../features/${name}/inner`]) },
      ]);
      // Not in server/modules/order.cjs: refused every import in or out, and told where to write it.
      const unlisted = expect.stringContaining(`server/modules/${name} is not in server/modules/order.cjs`);
      expect(messages(out)).toEqual([unlisted, unlisted]);
      expect(messages(into.filter((m) => m.line === lineOf(0)))).toEqual([unlisted]);
      expect(messages(into.filter((m) => m.line === lineOf(1)))).toEqual(expect.arrayContaining([unlisted, expect.stringContaining('only through its index.ts')]));
      // A feature: its files are its own, like every other feature's.
      expect(messages([...featureOut, ...featureIn])).toEqual([
        expect.stringContaining('A feature does not import another feature'),
        expect.stringContaining('A feature does not import another feature'),
      ]);
      // app/ may use its door, and nothing past it.
      expect(fromApp.map((m) => [m.line, m.message])).toEqual([[lineOf(1), expect.stringContaining('app/ uses a feature only through its door')]]);
    } finally {
      rmSync(moduleDir, { recursive: true, force: true });
      rmSync(featureDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the import graph (npm run arch)', () => {
  const arrows = partArrows(serverImports());

  it('gives every client feature a door, and nothing reaches a feature past it', () => {
    expect(featuresWithoutDoor()).toEqual([]);
    expect(clientDeepImports()).toEqual([]);
  });

  it("has no import circle among server/modules/'s files", () => {
    expect(moduleFileCircles(serverImports())).toEqual([]);
  });

  it('has one arrow back up, the documented drivers ↔ vehicles pair, in the order it gives and in the written one', () => {
    const found = findOrder(arrows, writtenRank(moduleOrder));
    console.info(`Order the imports give, lowest first: ${found.join(' < ')}`);
    const pair = modulePairs.map(([a, b]) => [`modules/${a}`, `modules/${b}`]);
    const isPair = (arrow: { from: string; to: string }) => pair.some((two) => two.includes(arrow.from) && two.includes(arrow.to));
    for (const order of [found, writtenOrder(arrows, moduleOrder)]) {
      const back = backArrows(arrows, order);
      expect(back.length).toBeLessThanOrEqual(1);
      expect(back.filter((arrow) => !isPair(arrow)).map((arrow) => `${arrow.from} -> ${arrow.to}`)).toEqual([]);
    }
  });
});

describe('one composition root (modules/compose.ts)', () => {
  const rank = (name: string) => moduleOrder.indexOf(name);
  const providerOf = new Map(modules.flatMap((module) => Object.keys(module.provides ?? {}).map((service) => [service, module.name] as const)));
  const emitterOf = new Map(modules.flatMap((module) => (module.emits ?? []).map((event) => [event, module.name] as const)));

  it('mounts the modules in the one written order', () => {
    expect(modules.map((module) => module.name)).toEqual(moduleOrder);
  });

  it('has each service provided by one module, and each need provided by a module below the one that needs it', () => {
    const provided = modules.flatMap((module) => Object.keys(module.provides ?? {}));
    expect(provided.length).toBe(new Set(provided).size);
    const needs = modules.flatMap((module) => (module.needs ?? []).map((need) => ({ module: module.name, need, by: providerOf.get(need) ?? 'nobody' })));
    expect(needs.filter(({ module, by }) => !(rank(by) >= 0 && rank(by) < rank(module)))).toEqual([]);
  });

  it('has each handled event emitted by the module itself or one below it', () => {
    const heard = modules.flatMap((module) => (module.handlers ?? []).map((declared) => ({ module: module.name, event: declared.event, by: emitterOf.get(declared.event) ?? 'nobody' })));
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.filter(({ module, by }) => !(rank(by) >= 0 && rank(by) <= rank(module)))).toEqual([]);
  });

  it('has no optional service and none filled in while the modules register', () => {
    const files = serverFiles('server/modules');
    const optional: string[] = [];
    for (const file of files) {
      const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isInterfaceDeclaration(node) && node.name.text === 'ModuleServices') {
          for (const member of node.members) if (member.questionToken) optional.push(`${file}: ${member.name?.getText(source)}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(optional).toEqual([]);
    const filledOrGuarded = files.filter((file) => /\bservices\.\w+\?\.|\bservices\.\w+\s*=[^=]/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(filledOrGuarded).toEqual([]);
  });

  it('lets app.ts name no module', () => {
    const imported = serverImports().get('server/app.ts') ?? [];
    expect(imported.filter((file) => file.startsWith('server/modules/') && !['server/modules/index.ts'].includes(file))).toEqual([]);
  });
});

describe('each module owns its tables (modules/tables.cjs)', () => {
  const { tableOwners, knownReads, keptReads } = declaredTables();

  it('names an owner for every table of the database, once, among the modules (or the platform)', () => {
    const schema = readFileSync(path.join(root, 'server/platform/db/schema.ts'), 'utf8').match(/interface Database\s*{([^}]*)}/s)?.[1] ?? '';
    const tables = [...schema.matchAll(/^\s*([a-z_]+)\s*:/gm)].map((match) => match[1]).sort();
    const owned = Object.values(tableOwners).flat();
    expect(owned.length).toBe(new Set(owned).size);
    expect([...owned].sort()).toEqual(tables);
    expect(Object.keys(tableOwners).filter((owner) => owner !== 'platform').sort()).toEqual([...moduleOrder].sort());
  });

  it("adds no read of another module's table: each goes through its owner's door, and the listed ones only leave", () => {
    const reads = crossModuleReads().map(readKey);
    const listed = [...knownReads, ...Object.keys(keptReads)];
    expect(reads.filter((read) => !listed.includes(read))).toEqual([]);
    expect(listed.filter((read) => !reads.includes(read))).toEqual([]);
  });

  it('keeps at most three reads on purpose, each with its reason and not also waiting to move', () => {
    expect(Object.keys(keptReads).length).toBeLessThanOrEqual(3);
    for (const [read, reason] of Object.entries(keptReads)) {
      expect(reason.length).toBeGreaterThan(20);
      expect(knownReads).not.toContain(read);
    }
  });

  it('sees a read in a Kysely call and in raw SQL, and none in a comment', () => {
    const named = tablesNamed().find((entry) => entry.file === 'server/modules/dispatch/bookingsRepo.ts');
    expect(named?.tables).toEqual(expect.arrayContaining(['bookings', 'booking_events']));
    expect(tablesNamed().find((entry) => entry.file === 'server/modules/accounts/module.ts')).toBeUndefined();
  });
});

/** The product .ts files under a folder (repo-relative), tests left out. */
function serverFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

it('stops the start when a module adds a route without an access rule', async () => {
  const undeclared: FlotaModule = {
    name: 'sinRegla',
    register: async (app, { prefix }) => {
      await app.register(async (scope) => void scope.get('/sin-regla', async () => ({})), { prefix });
    },
  };
  await expect(startTestServer({}, { modules: [...modules, undeclared] })).rejects.toThrow('La ruta GET /api/sin-regla no declara quién puede usarla');
}, 60_000);

it('stops the start when a module needs a service that no module below it provides', async () => {
  const needy: FlotaModule = { name: 'necesitado', needs: ['tracking'], register: async () => undefined };
  await expect(startTestServer({}, { modules: [modules[0], needy, ...modules.slice(1)] })).rejects.toThrow("El módulo necesitado necesita el servicio 'tracking', que ningún módulo anterior ofrece");
}, 120_000);
