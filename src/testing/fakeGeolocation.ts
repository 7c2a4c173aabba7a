/**
 * The phone's GPS in jsdom: the test decides when a fix (or an error) arrives. A one-off request
 * (getCurrentPosition) is never answered until the test answers it: a GPS still looking.
 */
import { act } from '@testing-library/react';

export function fakeGeolocation() {
  let onFix: PositionCallback | null = null;
  let onError: PositionErrorCallback | null = null;
  const asked: { success: PositionCallback; options?: PositionOptions }[] = [];
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition(success: PositionCallback, error: PositionErrorCallback) {
        onFix = success;
        onError = error;
        return 1;
      },
      clearWatch() {
        onFix = null;
      },
      getCurrentPosition(success: PositionCallback, _error: PositionErrorCallback, options?: PositionOptions) {
        asked.push({ success, options });
      },
    },
  });
  return {
    /** The one-off requests still waiting for a fix (their options). */
    waiting: () => asked.map((request) => request.options),
    /** The GPS finds a fix: every one-off request waiting gets it. */
    answer: (latitude: number, longitude: number, timestamp: number) =>
      // Async: what the page does once the fix's promise settles happens inside act too.
      act(async () => {
        for (const request of asked.splice(0)) request.success({ timestamp, coords: { latitude, longitude, accuracy: 5, speed: null, heading: null } } as unknown as GeolocationPosition);
      }),
    fix: (latitude: number, timestamp: number) =>
      act(() => onFix?.({ timestamp, coords: { latitude, longitude: -71.25, accuracy: 8, speed: 11, heading: 90 } } as unknown as GeolocationPosition)),
    fail: (code: number) => act(() => onError?.({ code } as GeolocationPositionError)),
  };
}
