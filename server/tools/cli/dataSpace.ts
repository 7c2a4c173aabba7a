/**
 * `npm run db:space`: where the database's space goes — each table with its indexes and TOAST,
 * largest first, the trail's points in each tier and what a point costs, and for the embedded
 * database its folder on disk. Reads only (after bringing the schema up to date). The embedded database opens in one process at a time:
 * stop the server first (with it running, only the folder's size is shown).
 */
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../platform/config';
import { openDatabase } from '../../platform/db/client';
import { migrateToLatest } from '../../platform/db/migrate';
import { folderBytes, megabytes } from '../../platform/db/dataFolderSize';
import { tableBytes } from '../../platform/db/weeklyPartitions';
import { liveLockPid } from '../../platform/lockFile';

async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  // The WAL apart: PGlite keeps 32-48 MB of it after a checkpoint (db/walCheckpoints.ts).
  const folder = () =>
    console.info(`Carpeta de datos ${config.dataDir}: ${megabytes(folderBytes(config.dataDir))}, de ellos registro de escritura (pg_wal) ${megabytes(folderBytes(path.join(config.dataDir, 'pglite', 'pg_wal')))}`);
  const pid = embedded ? liveLockPid(config.dataDir) : null;
  if (pid !== null) {
    folder();
    console.info(`El servidor (pid ${pid}) usa la base embebida: deténgalo para ver el detalle por tabla.`);
    return;
  }
  const database = await openDatabase(config);
  try {
    // A folder from an older version gets the tables this report reads.
    await migrateToLatest(database.db);
    const { rows } = await sql<{ name: string; total: number; indexes: number }>`
      select c.relname as name,
        coalesce((select sum(pg_total_relation_size(t.relid)) from pg_partition_tree(c.oid) t), pg_total_relation_size(c.oid))::int8 as total,
        coalesce((select sum(pg_indexes_size(t.relid)) from pg_partition_tree(c.oid) t), pg_indexes_size(c.oid))::int8 as indexes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = 'public'
      order by 2 desc`.execute(database.db);
    console.info('Tabla                          total      índices');
    for (const row of rows) console.info(`${row.name.padEnd(28)} ${megabytes(row.total).padStart(10)} ${megabytes(row.indexes).padStart(10)}`);
    const counts = await sql<{ row_points: number; packed_points: number; rows_bytes: number; chunks_bytes: number }>`
      select (select count(*) from shift_locations)::int8 as row_points,
        (select coalesce(sum(points), 0) from trail_chunks)::int8 as packed_points,
        ${tableBytes('shift_locations')} as rows_bytes,
        ${tableBytes('trail_chunks')} as chunks_bytes`.execute(database.db);
    const c = counts.rows[0];
    const perPoint = (bytes: number, points: number) => (points ? `${(bytes / points).toFixed(1)} bytes/punto` : 'sin puntos');
    console.info(`Puntos en filas (turnos abiertos y recientes): ${c.row_points.toLocaleString('es-CL')} · ${perPoint(c.rows_bytes, c.row_points)}`);
    console.info(`Puntos compactados (turnos terminados): ${c.packed_points.toLocaleString('es-CL')} · ${perPoint(c.chunks_bytes, c.packed_points)}`);
    console.info(`Retención: trayectos ${config.retentionDays ?? 'para siempre'}${config.retentionDays ? ' días' : ''}, actividad ${config.activityRetentionDays ?? 'para siempre'}${config.activityRetentionDays ? ' días' : ''}`);
  } finally {
    await database.close();
  }
  if (embedded) folder();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
