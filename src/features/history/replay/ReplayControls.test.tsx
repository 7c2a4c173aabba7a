/**
 * The replay's controls as a keyboard user drives them: space plays and pauses, the arrows step
 * 10 s (a minute with Shift), keys typed into the speed select stay there, and playing at 60×
 * moves the slider on its own.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ReplayControls } from './ReplayControls';
import { tenMinutesReplay } from './replayFixture';
import { trackFromReplay, type ReplayTrack } from './replayTrack';
import { useReplayClock } from './useReplayClock';

const START = Date.parse('2026-03-10T15:00:00.000Z');
// Ten minutes at 1 Hz.
const replay = tenMinutesReplay(START, () => 40);
const track = trackFromReplay(replay) as ReplayTrack;

function Player() {
  const clock = useReplayClock(track);
  const [follow, setFollow] = useState(true);
  return <ReplayControls track={track} clock={clock} follow={follow} onFollowChange={setFollow} />;
}

const slider = () => screen.getByRole('slider', { name: 'Momento del turno' }) as HTMLInputElement;
const sliderTime = () => Number(slider().value);

describe('replay controls', () => {
  it('space plays and pauses; the arrows step 10 s, a minute with Shift, never outside the shift', () => {
    render(<Player />);
    expect(screen.getByRole('button', { name: 'Reproducir' })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Reproducir' })).toBeInTheDocument();

    expect(sliderTime()).toBe(START);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(sliderTime()).toBe(START + 10_000);
    fireEvent.keyDown(document.body, { key: 'ArrowRight', shiftKey: true });
    expect(sliderTime()).toBe(START + 70_000);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(sliderTime()).toBe(START + 60_000);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', shiftKey: true });
    expect(sliderTime()).toBe(START);
    expect(slider()).toHaveAttribute('aria-valuetext', expect.stringMatching(/^\d\d:00:00$/));
  });

  it('keys typed into the speed select stay there', () => {
    render(<Player />);
    const rate = screen.getByRole('combobox', { name: 'Velocidad' });
    fireEvent.keyDown(rate, { key: ' ' });
    fireEvent.keyDown(rate, { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Reproducir' })).toBeInTheDocument();
    expect(sliderTime()).toBe(START);
  });

  it('playing at 60× moves the slider on its own; the slider jumps where it is set', async () => {
    render(<Player />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Velocidad' }), { target: { value: '60' } });
    expect(screen.getByRole('combobox', { name: 'Velocidad' })).toHaveValue('60');
    fireEvent.click(screen.getByRole('button', { name: 'Reproducir' }));
    // 60× is a minute of the shift per second.
    await waitFor(() => expect(sliderTime()).toBeGreaterThan(START + 5_000), { timeout: 2000 });
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    act(() => {
      fireEvent.change(slider(), { target: { value: String(START + 300_000) } });
    });
    expect(sliderTime()).toBe(START + 300_000);
  });
});

describe('stepping by recorded point', () => {
  it('"Punto siguiente" and "Punto anterior" (and "." ",") move one recorded point, paused, and the counter says which', () => {
    render(<Player />);
    const counter = () => screen.getByRole('status');
    expect(counter()).toHaveTextContent(`Punto 1 de ${track.times.length.toLocaleString('es-CL')}`);
    fireEvent.click(screen.getByRole('button', { name: 'Reproducir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Punto siguiente ›' }));
    expect(screen.getByRole('button', { name: 'Reproducir' })).toBeInTheDocument();
    expect(sliderTime()).toBe(track.times[1]);
    expect(counter()).toHaveTextContent('Punto 2 de');
    fireEvent.keyDown(document.body, { key: '.' });
    fireEvent.keyDown(document.body, { key: '.' });
    expect(sliderTime()).toBe(track.times[3]);
    expect(counter()).toHaveTextContent('Punto 4 de');
    fireEvent.keyDown(document.body, { key: ',' });
    expect(sliderTime()).toBe(track.times[2]);
    fireEvent.click(screen.getByRole('button', { name: '‹ Punto anterior' }));
    fireEvent.click(screen.getByRole('button', { name: '‹ Punto anterior' }));
    fireEvent.click(screen.getByRole('button', { name: '‹ Punto anterior' }));
    expect(sliderTime()).toBe(track.start);
    expect(counter()).toHaveTextContent('Punto 1 de');
  });
});
