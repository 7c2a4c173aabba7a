/** The first start's build progress: a handful of lines however chatty webpack is. */
import { createBuildProgress } from './buildProgress';

/** webpack --progress's output for one build: many lines per percent, as seen on a first start. */
function webpackLines(): string[] {
  const lines: string[] = [];
  for (let percent = 0; percent <= 100; percent += 1) {
    for (let n = 0; n < 7; n += 1) lines.push(`<s> [webpack.Progress] ${percent}% building ${n}/${n + 3} entries ${n * 40}/${n * 90} dependencies`);
  }
  return lines;
}

it('turns 700 progress lines into one per 10 %', () => {
  const written: string[] = [];
  const progress = createBuildProgress({ write: (line) => written.push(line) });
  webpackLines().forEach((line, i) => progress.line(line, i));
  expect(webpackLines()).toHaveLength(707);
  expect(written).toHaveLength(10);
  expect(written[0]).toBe('Compilando: 10 % (building 0/3 entries 0/0 dependencies)');
  expect(written.at(-1)).toMatch(/^Compilando: 100 %/);
});

it('says where it is and for how long after 10 s without news, then less and less often, and stops when done', () => {
  const written: string[] = [];
  const progress = createBuildProgress({ write: (line) => written.push(line) });
  progress.tick(0);
  expect(written).toEqual([]);
  progress.line('[webpack.Progress] 92% sealing asset processing MinimizerPlugin', 1_000);
  for (let now = 2_000; now <= 41_000; now += 1_000) progress.tick(now);
  // At 11 s, then 20 s later (31 s); the next would be 40 s after that. The minimizer said plainly, and the time since the build began.
  expect(written).toEqual([
    'Compilando: 92 % (sealing asset processing MinimizerPlugin)',
    'Compilando: 92 % (minimizando el código, el paso más largo), 10 s desde que empezó',
    'Compilando: 92 % (minimizando el código, el paso más largo), 30 s desde que empezó',
  ]);
  progress.line('[webpack.Progress] 100%', 42_000);
  progress.tick(80_000);
  expect(written.at(-1)).toBe('Compilando: 100 %');
});

it('stays a handful of lines on a machine so busy the build takes ten minutes', () => {
  const written: string[] = [];
  const progress = createBuildProgress({ write: (line) => written.push(line) });
  const lines = webpackLines();
  const msPerLine = 600_000 / lines.length;
  lines.forEach((line, i) => {
    progress.line(line, i * msPerLine);
    progress.tick(i * msPerLine);
  });
  expect(written.length).toBeLessThan(40);
  expect(written.filter((line) => / \d+ min \d{2} s desde que empezó$/.test(line)).length).toBeGreaterThan(0);
  expect(written.at(-1)).toMatch(/^Compilando: 100 %/);
});

it('passes errors and warnings through as they are', () => {
  const written: string[] = [];
  const progress = createBuildProgress({ write: (line) => written.push(line) });
  progress.line('[webpack.Progress] 3% setup', 0);
  progress.line('ERROR in ./src/main.tsx 3:1', 1);
  progress.line('', 2);
  expect(written).toEqual(['ERROR in ./src/main.tsx 3:1']);
});
