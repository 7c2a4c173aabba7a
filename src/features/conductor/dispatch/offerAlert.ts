/**
 * An offer must be noticed with the phone in a holder: a vibration where the browser has it
 * (Android; iPhones have no navigator.vibrate) and a short beep made with WebAudio (no sound file
 * to load). Browsers play sound only after the page has had a tap; the sign-in or a button press
 * gives that, and `primeOfferSound` unlocks the audio context on the first one.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor = typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** Called from a tap: browsers start an audio context only inside a user gesture. */
export function primeOfferSound(): void {
  void audioContext()?.resume().catch(() => undefined);
}

/** Two short beeps and a buzz; silently nothing where the phone cannot. */
export function alertOffer(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate([300, 120, 300]);
  const audio = audioContext();
  if (!audio) return;
  try {
    for (const start of [0, 0.35]) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.25, audio.currentTime + start);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + start + 0.25);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(audio.currentTime + start);
      oscillator.stop(audio.currentTime + start + 0.25);
    }
  } catch {
    // A suspended or closed context: the vibration and the card are still there.
  }
}
