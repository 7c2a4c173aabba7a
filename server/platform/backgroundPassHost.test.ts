/**
 * The app's one host for the modules' background passes: a pass starts once the server listens and
 * stops as it closes, and the server's caller turns them all off (`backgroundPasses: false`, as the
 * test servers do), one by name, or gives one its options. The names are the modules' own
 * (reports' summaryBackfill, positions' trailPacking).
 */
import Fastify from 'fastify';
import { hostBackgroundPasses, type PassSwitches } from './backgroundPass';

function fakePass() {
  const events: string[] = [];
  return {
    events,
    start: () => void events.push('start'),
    stop: async () => void events.push('stop'),
  };
}

async function withHost(switches: PassSwitches | undefined, addPasses: (host: ReturnType<typeof hostBackgroundPasses>) => void) {
  const app = Fastify({ logger: false });
  addPasses(hostBackgroundPasses(app, switches));
  await app.listen({ host: '127.0.0.1', port: 0 });
  await app.close();
}

it('starts a pass once the server listens and stops it as the server closes', async () => {
  const pass = fakePass();
  const given: unknown[] = [];
  await withHost(undefined, (host) => {
    const added = host.add('summaryBackfill', (options) => {
      given.push(options);
      return pass;
    });
    expect(added).toBe(pass);
    expect(pass.events).toEqual([]);
  });
  expect(given).toEqual([undefined]);
  expect(pass.events).toEqual(['start', 'stop']);
});

it('makes no pass at all when the caller turns them off', async () => {
  const create = jest.fn(fakePass);
  await withHost(false, (host) => {
    expect(host.add('summaryBackfill', create)).toBeNull();
    expect(host.add('trailPacking', create)).toBeNull();
  });
  expect(create).not.toHaveBeenCalled();
});

it('turns one pass off by its name and hands another its options', async () => {
  const packing = fakePass();
  const given: unknown[] = [];
  await withHost({ summaryBackfill: false, trailPacking: { dutyCycle: 0.5 } }, (host) => {
    expect(host.add('summaryBackfill', fakePass)).toBeNull();
    host.add('trailPacking', (options) => {
      given.push(options);
      return packing;
    });
  });
  expect(given).toEqual([{ dutyCycle: 0.5 }]);
  expect(packing.events).toEqual(['start', 'stop']);
});
