/**
 * The player's controls: Reproducir/Pausar, the speed (1× to 60×), the time slider and the shown
 * time, and Seguir al taxi. Keyboard anywhere on the page (outside a field): space plays and
 * pauses, the arrows step 10 s (a minute with Shift). The slider and the time follow the clock
 * by themselves (see useReplayClock), without a render per frame.
 */
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { formatClockTime } from '../../../lib/clockTime';
import { PLAYBACK_RATES, stepMs, type PlaybackRate, type ReplayTrack } from './replayTrack';
import type { ReplayClock } from './useReplayClock';

/** Keys typed into these belong to them (a select's arrows, a button's space). */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'A'].includes(target.tagName);
}

export function useReplayKeys(clock: ReplayClock): void {
  const { toggle, step } = clock;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownsKeys(event.target)) return;
      if (event.key === ' ') toggle();
      else if (event.key === 'ArrowRight') step(stepMs(event.shiftKey));
      else if (event.key === 'ArrowLeft') step(-stepMs(event.shiftKey));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle, step]);
}

interface Props {
  track: ReplayTrack;
  clock: ReplayClock;
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
}

const shownTime = (time: number) => formatClockTime(new Date(time).toISOString(), { seconds: true });

export function ReplayControls({ track, clock, follow, onFollowChange }: Props) {
  useReplayKeys(clock);
  const rateId = useId();
  const sliderId = useId();
  const sliderRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);
  const { now, subscribe } = clock;
  useLayoutEffect(() => {
    let second = NaN;
    const show = (time: number) => {
      const slider = sliderRef.current;
      if (slider) slider.value = String(time);
      // The text changes once a shift's second, not every frame.
      if (Math.floor(time / 1000) === second) return;
      second = Math.floor(time / 1000);
      const text = shownTime(time);
      slider?.setAttribute('aria-valuetext', text);
      if (textRef.current) textRef.current.textContent = text;
    };
    show(now());
    return subscribe(show);
  }, [now, subscribe]);
  return (
    <div className="flota-replay-controls">
      <button type="button" className="flota-button flota-button--primary flota-replay-controls__play" onClick={clock.toggle} aria-keyshortcuts="Space">
        {clock.playing ? 'Pausar' : 'Reproducir'}
      </button>
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
