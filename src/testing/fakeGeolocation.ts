/** The phone's GPS in jsdom: the test decides when a fix (or an error) arrives. */
import { act } from '@testing-library/react';

export function fakeGeolocation() {
  let onFix: PositionCallback | null = null;
  let onError: PositionErrorCallback | null = null;
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
    },
  });
  return {
    fix: (latitude: number, timestamp: number) =>
      act(() => onFix?.({ timestamp, coords: { latitude, longitude: -71.25, accuracy: 8, speed: 11, heading: 90 } } as unknown as GeolocationPosition)),
    fail: (code: number) => act(() => onError?.({ code } as GeolocationPositionError)),
  };
}
