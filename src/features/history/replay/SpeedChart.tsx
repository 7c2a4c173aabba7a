/**
 * Speed over time under the replay's map (uPlot: canvas, made for long series; a 12-hour shift is
 * 43,200 points). A vertical line follows the player's time without redrawing the series; a click
 * jumps the player there. The colours come from the theme, so the chart is rebuilt when it changes.
 */
import { formatTime } from '../../../../contract/dateFormat';
import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReplayTrack } from './replayTrack';
import type { ReplayClock } from './useReplayClock';

interface Props {
  track: ReplayTrack;
  /** The line follows the clock (a transform per frame, no redraw); a click seeks it. */
  clock: Pick<ReplayClock, 'now' | 'subscribe' | 'seek'>;
  colorScheme: string;
}

const HEIGHT = 150;

function placeMarker(plot: uPlot | null, marker: HTMLDivElement | null, time: number): void {
  if (plot && marker) marker.style.transform = `translateX(${plot.valToPos(time / 1000, 'x')}px)`;
}

function themeColour(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

export default function SpeedChart({ track, clock, colorScheme }: Props) {
  const { now, subscribe, seek } = clock;
  const boxRef = useRef<HTMLDivElement>(null);
  const onSeekRef = useRef(seek);
  useLayoutEffect(() => {
    onSeekRef.current = seek;
  });

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const text = themeColour(box, '--flota-muted', '#56636f');
    const grid = themeColour(box, '--flota-border', '#e1e6ed');
    const line = themeColour(box, '--flota-info', '#2f6fde');
    const seconds = new Float64Array(track.times.length);
    for (let i = 0; i < seconds.length; i += 1) seconds[i] = track.times[i] / 1000;
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(200, box.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(60, Math.ceil(max / 10) * 10)] } },
      axes: [
        { ...axis, values: (_u, ticks) => ticks.map((tick) => formatTime(new Date(tick * 1000))) },
        { ...axis, label: 'km/h', labelSize: 16, size: 44 },
      ],
      series: [{}, { label: 'Velocidad', stroke: line, width: 1.5, fill: `${line}22`, points: { show: false } }],
    };
    const plot = new uPlot(options, [seconds as unknown as number[], track.speeds as unknown as number[]], box);
    const marker = document.createElement('div');
    marker.className = 'flota-speed-chart__now';
    plot.over.appendChild(marker);
    const onClick = (event: MouseEvent) => {
      const left = event.clientX - plot.over.getBoundingClientRect().left;
      onSeekRef.current(plot.posToVal(left, 'x') * 1000);
    };
    plot.over.addEventListener('click', onClick);
    placeMarker(plot, marker, now());
    const unsubscribe = subscribe((time) => placeMarker(plot, marker, time));
    const resize = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(200, box.clientWidth), height: HEIGHT });
      placeMarker(plot, marker, now());
    });
    resize.observe(box);
    return () => {
      unsubscribe();
      resize.disconnect();
      plot.over.removeEventListener('click', onClick);
      plot.destroy();
    };
  }, [track, colorScheme, now, subscribe]);

  return <div ref={boxRef} className="flota-speed-chart" role="img" aria-label="Velocidad a lo largo del turno; un clic lleva la reproducción a ese momento" />;
}
