/**
 * Jest's order of test files, for a run without timings in Jest's cache (a fresh clone, as on CI):
 * the files that start processes of their own (the real server, a CLI, PostgreSQL) go first, each
 * beside one of the rest, which keep Jest's order by size. Why: those files are the longest (20-90 s
 * each under load), and Jest's size order started them late, so with two workers the run ended on
 * one of them while the other worker sat idle. With timings cached, Jest's own order (failed first,
 * then longest first) stands.
 */
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const startsProcesses = /\b(startServerProcess|killUnderLoad|spawnSync|spawn|execFile|execFileSync|startOwnPostgres|startOwnRedis)\(/;

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    const spawning = sorted.filter((test) => startsProcesses.test(readFileSync(test.path, 'utf8')));
    const others = sorted.filter((test) => !spawning.includes(test));
    // Alternated with the other files, so that mostly one worker runs them while the other runs the
    // rest: two at once, each with servers of its own, made a server miss its 60 s start at load 20.
    return [...spawning.flatMap((test, i) => (others[i] ? [test, others[i]] : [test])), ...others.slice(spawning.length)];
  }
}

module.exports = SlowFirstSequencer;
