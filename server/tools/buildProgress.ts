/**
 * The first start's webpack build, told in a handful of lines when the output is a file or a
 * service manager: webpack's `--progress` writes a line per step (700 and more), so `npm start`
 * reads them and passes on one line per 10 % reached, plus one after 10 s without news while a step
 * takes long (the minimizer sits at 92 % for half a minute); each such line doubles the wait for
 * the next, up to a minute, so a slow machine's build stays a handful of lines. Such a line says
 * how long the build has run and names the long step in Spanish: a bare "sigue..." repeated for two
 * minutes read as a hang (issue 46). Any other line (errors, warnings) goes through.
 */

export interface BuildProgressOptions {
  write: (line: string) => void;
  /** A line each time the percentage reaches the next multiple of this. */
  stepPercent?: number;
  /** A line when this long has passed without one (ms); doubled after each, up to maxQuietMs. */
  quietMs?: number;
  maxQuietMs?: number;
}

export interface BuildProgress {
  /** One line of the build's output, at `now` (ms). */
  line(text: string, now: number): void;
  /** Called on a timer: says where the build is when it has been quiet for quietMs. */
  tick(now: number): void;
}

/** webpack's progress line: `[webpack.Progress] 92% sealing asset processing MinimizerPlugin`. */
const PROGRESS_LINE = /\[webpack\.Progress\]\s+(\d{1,3})%\s*(.*)$/;

/** "1 min 05 s" or "45 s". */
function elapsedText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** The step a long wait is spent on, said plainly (the minimizer is most of a slow build). */
const longStep = (step: string) => (/Minimizer|Terser/i.test(step) ? 'minimizando el código, el paso más largo' : step);

export function createBuildProgress({ write, stepPercent = 10, quietMs = 10_000, maxQuietMs = 60_000 }: BuildProgressOptions): BuildProgress {
  let nextPercent = stepPercent;
  let wait = quietMs;
  let lastWrite = Number.NEGATIVE_INFINITY;
  let current: { percent: number; step: string } | null = null;
  let startedAt = Number.NEGATIVE_INFINITY;
  const say = (text: string, now: number) => {
    write(text);
    lastWrite = now;
  };
  const describe = ({ percent, step }: { percent: number; step: string }) => `Compilando: ${percent} %${step ? ` (${step})` : ''}`;
  return {
    line(text, now) {
      const match = PROGRESS_LINE.exec(text);
      if (!match) {
        if (text.trim()) say(text, now);
        return;
      }
      const percent = Number(match[1]);
      current = { percent, step: match[2].replace(/\s+/g, ' ').trim().slice(0, 80) };
      if (lastWrite === Number.NEGATIVE_INFINITY) lastWrite = startedAt = now;
      if (percent >= nextPercent) {
        nextPercent = (Math.floor(percent / stepPercent) + 1) * stepPercent;
        wait = quietMs;
        say(describe(current), now);
      }
    },
    tick(now) {
      if (!current || current.percent >= 100 || lastWrite === Number.NEGATIVE_INFINITY || now - lastWrite < wait) return;
      say(`Compilando: ${current.percent} % (${longStep(current.step) || 'trabajando'}), ${elapsedText(now - startedAt)} desde que empezó`, now);
      wait = Math.min(wait * 2, maxQuietMs);
    },
  };
}
