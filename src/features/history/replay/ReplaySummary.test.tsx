/**
 * "Velocidad ahora" beside the replay follows the player: at once after a step, and on its own
 * while playing (a few times a second, not every frame).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ReplayControls } from './ReplayControls';
import { tenMinutesReplay } from './replayFixture';
import { ReplaySummary } from './ReplaySummary';
import { trackFromReplay, type ReplayTrack } from './replayTrack';
import { useReplayClock } from './useReplayClock';

const START = Date.parse('2026-03-10T15:00:00.000Z');
// Ten minutes at 1 Hz, the speed in km/h equal to the second's number (0 to 600).
const replay = tenMinutesReplay(START, (i) => i);
const track = trackFromReplay(replay) as ReplayTrack;

function Player() {
  const clock = useReplayClock(track);
  const [follow, setFollow] = useState(true);
  return (
    <>
      <ReplayControls track={track} clock={clock} follow={follow} onFollowChange={setFollow} />
      <ReplaySummary summary={undefined} track={track} clock={clock} />
    </>
  );
}

const speedNow = () => Number(/([\d.,]+) km\/h/.exec(screen.getByText(/^Velocidad ahora/).textContent ?? '')?.[1]?.replace(',', '.'));

it('shows the speed at the player’s time: after a step at once, while playing on its own', async () => {
  render(<Player />);
  expect(speedNow()).toBe(0);
  fireEvent.keyDown(document.body, { key: 'ArrowRight' });
  expect(speedNow()).toBe(10);
  fireEvent.keyDown(document.body, { key: 'ArrowRight', shiftKey: true });
  expect(speedNow()).toBe(70);
  fireEvent.change(screen.getByRole('combobox', { name: 'Velocidad' }), { target: { value: '60' } });
  fireEvent.click(screen.getByRole('button', { name: 'Reproducir' }));
  await waitFor(() => expect(speedNow()).toBeGreaterThan(80), { timeout: 2000 });
  fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
});
