/**
 * The player's controls: Reproducir/Pausar, a step back and forward by one recorded point (as
 * traccar's replay steps), the speed (1× to 60×), the time slider, the shown time and the point
 * counter ("Punto 12 de 600"), and Seguir al taxi. Keyboard anywhere on the page (outside a field):
 * space plays and pauses, the arrows step 10 s (a minute with Shift), "," and "." a point. The
 * slider, the time and the counter follow the clock by themselves (see useReplayClock), without a
 * render per frame.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { formatClockTime } from '../../../lib/clockTime';
import { indexAt, PLAYBACK_RATES, stepMs, type PlaybackRate, type ReplayTrack } from './replayTrack';
import type { ReplayClock } from './useReplayClock';

/** Keys typed into these belong to them (a select's arrows, a button's space). */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'A'].includes(target.tagName);
}

/** The time of the recorded point before (-1) or after (+1) `time`; from between two points, back goes to the earlier one. */
export function pointTime(track: ReplayTrack, time: number, direction: -1 | 1): number {
  const index = indexAt(track.times, time);
  if (direction === 1) return track.times[Math.min(index + 1, track.times.length - 1)];
  return time > track.times[index] ? track.times[index] : track.times[Math.max(index - 1, 0)];
}

/** Steps to the point before or after, paused: one point is looked at, not played past. */
function usePointStep(track: ReplayTrack, clock: ReplayClock) {
  const { now, seek, toggle, playing } = clock;
  return useCallback(
    (direction: -1 | 1) => {
      if (playing) toggle();
      seek(pointTime(track, now(), direction));
    },
    [track, now, seek, toggle, playing],
  );
}

export function useReplayKeys(clock: ReplayClock, pointStep: (direction: -1 | 1) => void): void {
  const { toggle, step } = clock;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownsKeys(event.target)) return;
      if (event.key === ' ') toggle();
      else if (event.key === 'ArrowRight') step(stepMs(event.shiftKey));
      else if (event.key === 'ArrowLeft') step(-stepMs(event.shiftKey));
      else if (event.key === ',') pointStep(-1);
      else if (event.key === '.') pointStep(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle, step, pointStep]);
}

const countFormat = new Intl.NumberFormat('es-CL');

interface Props {
  track: ReplayTrack;
  clock: ReplayClock;
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
}

const shownTime = (time: number) => formatClockTime(new Date(time).toISOString(), { seconds: true });

export function ReplayControls({ track, clock, follow, onFollowChange }: Props) {
  const pointStep = usePointStep(track, clock);
  useReplayKeys(clock, pointStep);
  const counterRef = useRef<HTMLSpanElement>(null);
  const rateId = useId();
  const sliderId = useId();
  const sliderRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);
  const { now, subscribe } = clock;
  useLayoutEffect(() => {
    let second = NaN;
    let point = NaN;
    const total = countFormat.format(track.times.length);
    const show = (time: number) => {
      const slider = sliderRef.current;
      if (slider) slider.value = String(time);
      const index = indexAt(track.times, time);
      if (index !== point && counterRef.current) {
        point = index;
        counterRef.current.textContent = `Punto ${countFormat.format(index + 1)} de ${total}`;
      }
      // The text changes once a shift's second, not every frame.
      if (Math.floor(time / 1000) === second) return;
      second = Math.floor(time / 1000);
      const text = shownTime(time);
      slider?.setAttribute('aria-valuetext', text);
      if (textRef.current) textRef.current.textContent = text;
    };
    show(now());
    return subscribe(show);
  }, [now, subscribe, track]);
  return (
    <div className="flota-replay-controls">
      <button type="button" className="flota-button flota-button--primary flota-replay-controls__play" onClick={clock.toggle} aria-keyshortcuts="Space">
        {clock.playing ? 'Pausar' : 'Reproducir'}
      </button>
      <button type="button" className="flota-button flota-button--secondary flota-replay-controls__point" onClick={() => pointStep(-1)} aria-keyshortcuts=",">
        ‹ Punto anterior
      </button>
      <button type="button" className="flota-button flota-button--secondary flota-replay-controls__point" onClick={() => pointStep(1)} aria-keyshortcuts=".">
        Punto siguiente ›
      </button>
      <span ref={counterRef} className="flota-replay-controls__counter" role="status" aria-live="off">
        {`Punto 1 de ${countFormat.format(track.times.length)}`}
      </span>
      <label htmlFor={rateId} className="flota-replay-controls__label">
        Velocidad
      </label>
      <select id={rateId} className="flota-input flota-replay-controls__rate" value={clock.rate} onChange={(event) => clock.setRate(Number(event.target.value) as PlaybackRate)}>
        {PLAYBACK_RATES.map((rate) => (
          <option key={rate} value={rate}>{`${rate}×`}</option>
        ))}
      </select>
      <label htmlFor={sliderId} className="flota-replay-controls__label flota-replay-controls__time" aria-live="off">
        <span ref={textRef} className="flota-replay-controls__time-text">
          {shownTime(now())}
        </span>
      </label>
      <input
        ref={sliderRef}
        id={sliderId}
        type="range"
        className="flota-replay-controls__slider"
        aria-label="Momento del turno"
        min={track.start}
        max={track.end}
        step={1000}
        defaultValue={track.start}
        onChange={(event) => clock.seek(Number(event.target.value))}
      />
      <label className="flota-replay-controls__follow">
        <input type="checkbox" checked={follow} onChange={(event) => onFollowChange(event.target.checked)} /> Seguir al taxi
      </label>
    </div>
  );
}
