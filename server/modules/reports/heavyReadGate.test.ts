/**
 * One user's heavy reads take turns: one runs, three wait, a fifth is a Spanish 429 with
 * Retry-After; another user is never held up by them; a failed read passes its turn on.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/errors';
import { createHeavyReadGate, HEAVY_READS_BUSY } from './heavyReadGate';

const as = (role: string, id: number) => ({ user: { id, role, ownerId: 1, name: 'X', tokenVersion: 0 } }) as unknown as FastifyRequest;

/** A read that ends when the test says so, and records when it started. */
function heldRead(log: string[], name: string) {
  let finish: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const read = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = resolve;
      fail = reject;
    });
  return { read, finish: () => finish(name), fail: (error: Error) => fail(error) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the heavy read gate', () => {
  it('runs one read per user at a time, queues three and refuses the fifth in Spanish', async () => {
    const gate = createHeavyReadGate();
    const log: string[] = [];
    const reads = ['a', 'b', 'c', 'd'].map((name) => heldRead(log, name));
    const answers = reads.map((read) => gate.run(as('operador', 7), read.read));
    await tick();
    expect(log).toEqual(['start a']);

    const refused = gate.run(as('operador', 7), () => Promise.resolve('e'));
    await expect(refused).rejects.toMatchObject({ statusCode: 429, message: HEAVY_READS_BUSY, headers: { 'retry-after': '1' } });
    await expect(refused).rejects.toBeInstanceOf(HttpError);

    // Another user, and the owner whose id is the same number, run at once.
    await expect(gate.run(as('operador', 8), () => Promise.resolve('other user'))).resolves.toBe('other user');
    await expect(gate.run(as('dueño', 7), () => Promise.resolve('owner 7'))).resolves.toBe('owner 7');

    reads[0].finish();
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    reads[1].fail(new Error('lost connection'));
    await expect(answers[1]).rejects.toThrow('lost connection');
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    reads[2].finish();
    await tick();
    reads[3].finish();
    await expect(Promise.all([answers[0], answers[2], answers[3]])).resolves.toEqual(['a', 'c', 'd']);

    // All done: the user's turns are free again.
    await expect(gate.run(as('operador', 7), () => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('a waiting read takes the freed turn before a newcomer can slip in', async () => {
    const gate = createHeavyReadGate({ running: 1, waiting: 1 });
    const log: string[] = [];
    const first = heldRead(log, 'first');
    const second = heldRead(log, 'second');
    const answers = [gate.run(as('despachador', 3), first.read), gate.run(as('despachador', 3), second.read)];
    await tick();
    first.finish();
    await answers[0];
    const late = heldRead(log, 'newcomer');
    const newcomer = gate.run(as('despachador', 3), late.read);
    await tick();
    expect(log).toEqual(['start first', 'start second']);
    second.finish();
    await tick();
    expect(log).toEqual(['start first', 'start second', 'start newcomer']);
    late.finish();
    await expect(Promise.all([...answers, newcomer])).resolves.toEqual(['first', 'second', 'newcomer']);
  });
});
