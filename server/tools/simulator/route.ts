/**
 * Where a simulated taxi drives: a random walk along a synthetic street grid centred on La Ligua
 * (blocks of 250 m, ±2.75 km, so never more than ~4 km from the centre), each street segment at
 * its own speed between 20 and 50 km/h, never turning straight back. Pure: the same PRNG draws
 * give the same route; time is what the caller advances.
 */
import type { Random } from '../seed/prng';
import { LA_LIGUA } from '../seed/demoFleetData';

export const GRID = {
  center: LA_LIGUA,
  blockMeters: 250,
  /** Intersections from -halfBlocks to +halfBlocks in each direction. */
  halfBlocks: 11,
} as const;
export const MIN_SPEED_KMH = 20;
export const MAX_SPEED_KMH = 50;

const METERS_PER_DEGREE_LAT = 111_320;
const METERS_PER_DEGREE_LNG = METERS_PER_DEGREE_LAT * Math.cos((GRID.center.latitude * Math.PI) / 180);

/** An intersection of the grid, in blocks east (col) and north (row) of the centre. */
export interface Corner {
  col: number;
  row: number;
}

export interface Drive {
  from: Corner;
  to: Corner;
  /** Metres already driven from `from` towards `to`. */
  progress: number;
  /** Metres per second on this segment. */
  speed: number;
}

export interface LatLng {
  latitude: number;
  longitude: number;
}

const STEPS: Corner[] = [
  { col: 1, row: 0 },
  { col: -1, row: 0 },
  { col: 0, row: 1 },
  { col: 0, row: -1 },
];

const inGrid = ({ col, row }: Corner) => Math.abs(col) <= GRID.halfBlocks && Math.abs(row) <= GRID.halfBlocks;

function segmentSpeed(random: Random): number {
  return (MIN_SPEED_KMH + random.next() * (MAX_SPEED_KMH - MIN_SPEED_KMH)) / 3.6;
}

/** The next corner after arriving at `at` from `from`: any neighbour in the grid but the way back. */
function nextCorner(random: Random, from: Corner, at: Corner): Corner {
  const options = STEPS.map((step) => ({ col: at.col + step.col, row: at.row + step.row })).filter(
    (corner) => inGrid(corner) && !(corner.col === from.col && corner.row === from.row),
  );
  return random.pick(options);
}

/** A taxi at a random corner, about to drive to a neighbouring one. */
export function startDrive(random: Random): Drive {
  const from = { col: random.int(-GRID.halfBlocks, GRID.halfBlocks), row: random.int(-GRID.halfBlocks, GRID.halfBlocks) };
  return { from, to: nextCorner(random, { col: Infinity, row: Infinity }, from), progress: 0, speed: segmentSpeed(random) };
}

/** Where the taxi is after `seconds` more of driving (turning at corners as it goes). */
export function advance(drive: Drive, seconds: number, random: Random): Drive {
  let { from, to, speed } = drive;
  let progress = drive.progress + speed * seconds;
  while (progress >= GRID.blockMeters) {
    // Time left after reaching the corner is spent on the next segment, at its own speed.
    const secondsLeft = (progress - GRID.blockMeters) / speed;
    const next = nextCorner(random, from, to);
    from = to;
    to = next;
    speed = segmentSpeed(random);
    progress = speed * secondsLeft;
  }
  return { from, to, progress, speed };
}

export function position({ from, to, progress }: Drive): LatLng {
  const share = progress / GRID.blockMeters;
  const east = (from.col + (to.col - from.col) * share) * GRID.blockMeters;
  const north = (from.row + (to.row - from.row) * share) * GRID.blockMeters;
  return {
    latitude: GRID.center.latitude + north / METERS_PER_DEGREE_LAT,
    longitude: GRID.center.longitude + east / METERS_PER_DEGREE_LNG,
  };
}

/** Great-circle distance in metres (haversine): tests and figures use it to check speeds. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
