/**
 * `npm run arch`: the server's structure as the code has it. The module order written in
 * server/modules/order.cjs, the arrows between modules (with the imports that make each), the import
 * circles among server/modules/'s files, the order the arrows themselves give for every part of
 * server/, and the arrows that run back up it; then the client's features and any import reaching
 * one past its door (index.ts). server/architecture.test.ts holds the same counts.
 */
import { clientDeepImports, clientFeatures, featuresWithoutDoor } from '../arch/clientGraph';
import { crossModuleReads, declaredTables, readKey } from '../arch/tableReads';
import { backArrows, declaredOrder, findOrder, moduleFileCircles, moduleFolders, partArrows, serverImports, writtenOrder, writtenRank, type Arrow } from '../arch/importGraph';

const verbose = process.argv.includes('--files');
const { moduleOrder, modulePairs } = declaredOrder();
const graph = serverImports();
const arrows = partArrows(graph);
const folders = moduleFolders();
const isModule = (part: string) => folders.some((folder) => part === `modules/${folder}`);
/** A module by its name; any other part by its path under server/. */
const name = (part: string) => (isModule(part) ? part.slice('modules/'.length) : part);
const show = (arrow: Arrow) => `  ${name(arrow.from)} -> ${name(arrow.to)}${verbose ? `\n${arrow.because.map((line) => `      ${line}`).join('\n')}` : ` (${arrow.because.length})`}`;

console.info(`Module order (server/modules/order.cjs), lowest first:\n  ${moduleOrder.join(' < ')}`);
console.info(`Pairs that may use each other: ${modulePairs.map((pair) => pair.join(' <-> ')).join(', ') || 'none'}`);
const unlisted = folders.filter((folder) => !moduleOrder.includes(folder));
if (unlisted.length) console.info(`Folders missing from the order (lint refuses their imports): ${unlisted.join(', ')}`);

console.info('\nArrows between modules (importer -> imported, number of file imports):');
console.info(arrows.filter((arrow) => isModule(arrow.from) && isModule(arrow.to)).map(show).join('\n'));

const fileCircles = moduleFileCircles(graph);
console.info(`\nImport circles among server/modules/'s files: ${fileCircles.length}`);
for (const circle of fileCircles) console.info(`  ${circle.join(', ')}`);

const found = findOrder(arrows, writtenRank(moduleOrder));
console.info(`\nOrder of server/'s parts the arrows give, lowest first:\n  ${found.map(name).join(' < ')}`);
const back = backArrows(arrows, found);
console.info(`Arrows running back up it: ${back.length}`);
if (back.length) console.info(back.map(show).join('\n'));
const written = backArrows(arrows, writtenOrder(arrows, moduleOrder));
console.info(`Arrows running back up the written layers (platform < flotaModule.ts < the module order < the rest): ${written.length}`);
if (written.length) console.info(written.map(show).join('\n'));

const { tableOwners, knownReads, keptReads } = declaredTables();
const reads = crossModuleReads();
console.info(`\nTables by owner (server/modules/tables.cjs): ${Object.entries(tableOwners).filter(([, tables]) => tables.length).map(([owner, tables]) => `${owner} ${tables.length}`).join(', ')}`);
console.info(`Reads of another module's table: ${reads.length} (listed in tables.cjs to be moved behind their owner's door: ${knownReads.length}; kept on purpose, with a reason: ${Object.keys(keptReads).length})`);
const byTable = new Map<string, Set<string>>();
for (const read of reads) byTable.set(read.table, new Set([...(byTable.get(read.table) ?? []), read.module]));
console.info(`Tables read by a module other than their owner: ${byTable.size}${[...byTable].map(([table, readers]) => ` ${table}(${readers.size})`).join('')}`);
for (const read of reads) console.info(`  ${read.module} -> ${read.owner}.${read.table} (${read.file})${keptReads[readKey(read)] ? `, kept: ${keptReads[readKey(read)]}` : ''}`);
console.info(`\nWith --files: the file imports behind each arrow, and the file of each table read.`);

// The client: each feature's door (src/features/<name>/index.ts) is the only way in from outside it.
const features = clientFeatures();
const doorless = featuresWithoutDoor();
const deep = clientDeepImports();
console.info(`\nClient features: ${features.length}, without a door (index.ts): ${doorless.length}${doorless.length ? ` (${doorless.join(', ')})` : ''}`);
console.info(`Client imports reaching a feature past its door (from app/, lib/, components/, hooks/ or another feature): ${deep.length}`);
for (const { from, to } of deep) console.info(`  ${from} -> ${to}`);
