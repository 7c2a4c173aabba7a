import { watchBaseMap } from './baseMapWatch';

describe('watchBaseMap', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function watch(isShown?: () => boolean) {
    const changes: boolean[] = [];
    const watcher = watchBaseMap({ onChange: (failed) => changes.push(failed), isShown, waitMs: 1000 });
    return { watcher, changes };
  }

  it('fails at the first tile error while nothing has loaded, and recovers when a tile arrives', () => {
    const { watcher, changes } = watch();
    watcher.wanted();
    watcher.failed();
    watcher.failed();
    expect(changes).toEqual([true]);
    watcher.loaded();
    expect(changes).toEqual([true, false]);
  });

  it('ignores errors once a tile has loaded (missing tiles beyond a regional extract)', () => {
    const { watcher, changes } = watch();
    watcher.wanted();
    watcher.loaded();
    watcher.failed();
    jest.advanceTimersByTime(5000);
    expect(changes).toEqual([]);
  });

  it('fails when tiles were wanted and none came within the wait', () => {
    const { watcher, changes } = watch();
    watcher.wanted();
    jest.advanceTimersByTime(999);
    expect(changes).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
  });

  it('waits again while the tiles are hidden, and never before they are wanted', () => {
    let shown = false;
    const { watcher, changes } = watch(() => shown);
    jest.advanceTimersByTime(5000);
    watcher.wanted();
    jest.advanceTimersByTime(3000);
    expect(changes).toEqual([]);
    shown = true;
    jest.advanceTimersByTime(1000);
    expect(changes).toEqual([true]);
  });

  it('stops waiting when stopped', () => {
    const { watcher, changes } = watch();
    watcher.wanted();
    watcher.stop();
    jest.advanceTimersByTime(5000);
    expect(changes).toEqual([]);
  });
});
