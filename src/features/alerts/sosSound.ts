/**
 * The SOS sound: three short beeps made with Web Audio (no file to load). A browser that has not
 * seen a user gesture yet may keep the context suspended: then the toast and the banner still show.
 */
let context: AudioContext | null = null;

export function playSosBeep(): void {
  const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext : undefined;
  if (!AudioContextClass) return;
  try {
    context ??= new AudioContextClass();
    void context.resume?.();
    const start = context.currentTime;
    for (let i = 0; i < 3; i += 1) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = 880;
      gain.gain.value = 0.15;
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + i * 0.35);
      oscillator.stop(start + i * 0.35 + 0.2);
    }
  } catch {
    // No sound device: the visual alert stands alone.
  }
}
