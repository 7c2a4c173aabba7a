/**
 * The replay's clock: the shown time, playing or paused, and the rate (1× to 60×). While playing it
 * advances once per animation frame by the real time elapsed × rate, and stops at the end.
 *
 * The time is not React state: at 60 frames a second a render of the whole player per frame (map,
 * slider, chart, summary) cost more than the frame. Whatever moves every frame (the taxi, the
 * camera, the slider, the chart's line) subscribes and moves itself; text that a person reads
 * (the speed now) takes `useClockTime`, a few renders a second at most.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { clampTime, type PlaybackRate, type ReplayTrack } from './replayTrack';

export type TimeListener = (time: number) => void;

export interface ReplayClock {
  /** The time now (epoch ms). */
  now: () => number;
  /** Called on every change of the time (every frame while playing); returns the unsubscribe. */
  subscribe: (listener: TimeListener) => () => void;
  playing: boolean;
  rate: PlaybackRate;
  toggle: () => void;
  seek: (time: number) => void;
  step: (deltaMs: number) => void;
  setRate: (rate: PlaybackRate) => void;
}

interface Timeline {
  get: () => number;
  set: (time: number) => void;
  subscribe: (listener: TimeListener) => () => void;
}

function createTimeline(start: number): Timeline {
  let time = start;
  const listeners = new Set<TimeListener>();
  return {
    get: () => time,
    set: (next) => {
      if (next === time) return;
      time = next;
      for (const listener of listeners) listener(time);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** `track` is null while the trail downloads (the map is made meanwhile): the clock stands still. */
export function useReplayClock(track: ReplayTrack | null, initialRate: PlaybackRate = 10): ReplayClock {
  const timeline = useMemo(() => createTimeline(track?.start ?? 0), [track]);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<PlaybackRate>(initialRate);

  useEffect(() => {
    if (!playing || !track) return undefined;
    let frame = 0;
    let last = performance.now();
    const tick = (now: number) => {
      const next = clampTime(track, timeline.get() + (now - last) * rate);
      last = now;
      timeline.set(next);
      if (next >= track.end) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, rate, track, timeline]);

  const seek = useCallback(
    (to: number) => {
      if (track) timeline.set(clampTime(track, to));
    },
    [track, timeline],
  );
  const step = useCallback(
    (deltaMs: number) => {
      if (track) timeline.set(clampTime(track, timeline.get() + deltaMs));
    },
    [track, timeline],
  );
  // Play at the end starts again from the beginning.
  const toggle = useCallback(() => {
    if (!track) return;
    if (!playing && timeline.get() >= track.end) timeline.set(track.start);
    setPlaying(!playing);
  }, [playing, track, timeline]);

  return { now: timeline.get, subscribe: timeline.subscribe, playing, rate, toggle, seek, step, setRate };
}

/**
 * The clock's time as React state for text a person reads: at once after a seek or a step, and
 * at most once per `intervalMs` while playing (the last time of a burst always lands).
 */
export function useClockTime(clock: Pick<ReplayClock, 'now' | 'subscribe' | 'playing'>, intervalMs = 250): number {
  const { now, subscribe, playing } = clock;
  const subscribeThrottled = useCallback(
    (onChange: () => void) => {
      let shownAt = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const show = () => {
        timer = undefined;
        shownAt = performance.now();
        onChange();
      };
      const unsubscribe = subscribe(() => {
        const wait = shownAt + intervalMs - performance.now();
        if (!playing || wait <= 0) show();
        else timer ??= setTimeout(show, wait);
      });
      return () => {
        unsubscribe();
        if (timer !== undefined) clearTimeout(timer);
      };
    },
    [subscribe, playing, intervalMs],
  );
  return useSyncExternalStore(subscribeThrottled, now);
}
