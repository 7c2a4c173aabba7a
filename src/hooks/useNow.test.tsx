/**
 * The one clock of the screens' counters ("esperando respuesta · 14 s", "sin señal", the offer's
 * seconds on the phone): it moves by itself, with no event from the server, stops while the tab is
 * hidden and catches up at once when it is shown again.
 */
import { act, render, screen } from '@testing-library/react';
import { useCountdown } from './useCountdown';
import { useNow } from './useNow';

const START = Date.parse('2026-11-27T12:00:00.000Z');

function Elapsed() {
  const now = useNow(1000);
  return <p>{Math.round((now - START) / 1000)} s</p>;
}

function Countdown({ deadline }: { deadline: number | null }) {
  return <p>{useCountdown(deadline)} s para responder</p>;
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  jest.useFakeTimers({ now: START });
});
afterEach(() => {
  setHidden(false);
  jest.useRealTimers();
});

describe('useNow', () => {
  it('ticks by itself every interval', () => {
    render(<Elapsed />);
    expect(screen.getByText('0 s')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByText('3 s')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('4 s')).toBeInTheDocument();
  });

  it('does no work while the tab is hidden and shows the right time as soon as it is shown', () => {
    render(<Elapsed />);
    act(() => jest.advanceTimersByTime(2000));
    act(() => setHidden(true));
    const timers = jest.getTimerCount();
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('2 s')).toBeInTheDocument();
    expect(timers).toBe(0);
    act(() => setHidden(false));
    act(() => jest.advanceTimersByTime(0));
    expect(screen.getByText('62 s')).toBeInTheDocument();
  });
});

describe('useCountdown', () => {
  it('counts the seconds left down to 0 by itself, and holds no timer without a deadline', () => {
    const { rerender } = render(<Countdown deadline={START + 15_000} />);
    expect(screen.getByText('15 s para responder')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4_000));
    expect(screen.getByText('11 s para responder')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(20_000));
    expect(screen.getByText('0 s para responder')).toBeInTheDocument();
    rerender(<Countdown deadline={null} />);
    expect(jest.getTimerCount()).toBe(0);
  });
});
