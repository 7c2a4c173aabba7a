/**
 * Which stop labels the replay's map writes out. Stops a few metres apart (a taxi that waited twice
 * at one rank) would draw their pills on top of each other, unreadable: the longest stop keeps its
 * label, and a stop whose pill would overlap one already placed is drawn as a small dot (its
 * duration stays in its tooltip and in the summary's list). Pure: the map projects, this decides.
 */
export interface StopLabel {
  /** Screen pixels of the stop (the pill's bottom centre: its marker is anchored at the bottom). */
  x: number;
  y: number;
  text: string;
  durationSeconds: number;
}

/** The pill's size as replay.css draws it: 12 px bold text, 7 px padding and a 2 px border each side. */
const PILL_HEIGHT = 22;
const CHAR_WIDTH = 7.2;
const PILL_SIDES = 18;
/** Room kept between two pills. */
const GAP = 2;

function box({ x, y, text }: StopLabel) {
  const width = text.length * CHAR_WIDTH + PILL_SIDES;
  return { left: x - width / 2 - GAP, right: x + width / 2 + GAP, top: y - PILL_HEIGHT - GAP, bottom: y + GAP };
}

/** Whether each label is written out (true) or drawn as a dot (false), in the order given. */
export function placeStopLabels(labels: readonly StopLabel[]): boolean[] {
  const order = labels.map((_, index) => index).sort((a, b) => labels[b].durationSeconds - labels[a].durationSeconds);
  const placed: ReturnType<typeof box>[] = [];
  const shown = labels.map(() => false);
  for (const index of order) {
    const candidate = box(labels[index]);
    if (placed.some((other) => candidate.left < other.right && other.left < candidate.right && candidate.top < other.bottom && other.top < candidate.bottom)) continue;
    placed.push(candidate);
    shown[index] = true;
  }
  return shown;
}
