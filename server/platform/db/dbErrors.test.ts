/** Which database errors mean "not there right now" (503, try again) rather than a fault (500). */
import { isDatabaseUnavailable } from './dbErrors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

it('takes a stopped, restarting, terminated or full database as unavailable', () => {
  for (const error of [
    withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
    withCode('57P01', 'terminating connection due to administrator command'),
    withCode('57P03', 'the database system is starting up'),
    withCode('08006'),
    withCode('53100', 'could not extend file: No space left on device'),
    new Error('Connection terminated unexpectedly'),
    new Error('Client has encountered a connection error and is not queryable'),
    Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), {}),
    new Error('wrapped', { cause: withCode('57P01') }),
  ]) {
    expect([error.message, isDatabaseUnavailable(error)]).toEqual([error.message, true]);
  }
});

it('leaves faults of the request or the code as they are', () => {
  for (const error of [withCode('23505', 'duplicate key'), withCode('22P02', 'invalid input syntax'), withCode('42703', 'column does not exist'), new TypeError('x is undefined'), null, 'text']) {
    expect(isDatabaseUnavailable(error)).toBe(false);
  }
});
