/** A candidate's place on Despacho's list, as a green numbered circle: the list and its map tag show the same one. */
import './rankNumber.css';

export function RankNumber({ rank }: { rank: number }) {
  return (
    <span className="flota-rank-number" aria-hidden="true">
      {rank}
    </span>
  );
}
