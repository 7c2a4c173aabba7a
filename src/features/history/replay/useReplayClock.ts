/**
 * The replay's clock: the shown time, playing or paused, and the rate (1× to 60×). While playing it
 * advances once per animation frame by the real time elapsed × rate, and stops at the end.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { clampTime, type PlaybackRate, type ReplayTrack } from './replayTrack';

export interface ReplayClock {
  time: number;
  playing: boolean;
  rate: PlaybackRate;
  toggle: () => void;
  seek: (time: number) => void;
  step: (deltaMs: number) => void;
  setRate: (rate: PlaybackRate) => void;
}

export function useReplayClock(track: ReplayTrack, initialRate: PlaybackRate = 10): ReplayClock {
  const [time, setTime] = useState(track.start);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<PlaybackRate>(initialRate);
  // What the animation frame and toggle read: the time of the last render or the last frame.
  const timeRef = useRef(time);
  useEffect(() => {
    timeRef.current = time;
  }, [time]);

  useEffect(() => {
    if (!playing) return undefined;
    let frame = 0;
    let last = performance.now();
    const tick = (now: number) => {
      const next = clampTime(track, timeRef.current + (now - last) * rate);
      last = now;
      timeRef.current = next;
      setTime(next);
      if (next >= track.end) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, rate, track]);

  const seek = useCallback((to: number) => setTime(clampTime(track, to)), [track]);
  const step = useCallback((deltaMs: number) => setTime((current) => clampTime(track, current + deltaMs)), [track]);
  // Play at the end starts again from the beginning.
  const toggle = useCallback(() => {
    if (!playing && timeRef.current >= track.end) setTime(track.start);
    setPlaying(!playing);
  }, [playing, track]);

  return { time, playing, rate, toggle, seek, step, setRate };
}
