import { manualClock, offsetClock, systemClock } from './clock';

describe('clock', () => {
  it('an offset clock runs that far from the system time, behind or ahead', () => {
    const behind = offsetClock(-600_000).now().getTime() - Date.now();
    const ahead = offsetClock(90_000).now().getTime() - Date.now();
    expect(behind).toBeGreaterThan(-600_000 - 1000);
    expect(behind).toBeLessThanOrEqual(-600_000);
    expect(ahead).toBeGreaterThan(90_000 - 1000);
    expect(ahead).toBeLessThanOrEqual(90_000);
  });

  it('no offset is the system clock itself', () => {
    expect(offsetClock(0)).toBe(systemClock);
  });

  it('a manual clock stands still until advanced', () => {
    const clock = manualClock(new Date('2026-11-27T12:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-27T12:00:00.000Z');
    clock.advance(10 * 60_000);
    expect(clock.now().toISOString()).toBe('2026-11-27T12:10:00.000Z');
  });
});
