import type { ScanOutcome } from '@lanyard/shared/stations';

/**
 * A beep and a buzz per verdict, so a volunteer looking at the person rather than the screen still
 * knows: one high beep for OK, two middle ones for a repeat, a low long one for a refusal.
 */
const TONES: Record<ScanOutcome | 'confirm', { freq: number; ms: number; times: number }> = {
  ok: { freq: 1320, ms: 120, times: 1 },
  already: { freq: 660, ms: 110, times: 2 },
  denied: { freq: 220, ms: 420, times: 1 },
  confirm: { freq: 880, ms: 90, times: 1 },
};
const VIBRATION: Record<ScanOutcome | 'confirm', number[]> = {
  ok: [80],
  already: [80, 80, 80],
  denied: [400],
  confirm: [40],
};

let audio: AudioContext | null = null;

/**
 * Browsers start audio only after a gesture: the first tap (choosing a station) unlocks it, so
 * later beeps, which come from the camera rather than a tap, are heard.
 */
export function unlockAudio(): void {
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctor) return;
  audio ??= new Ctor();
  if (audio.state === 'suspended') void audio.resume();
}

export function signal(kind: ScanOutcome | 'confirm'): void {
  navigator.vibrate?.(VIBRATION[kind]);
  if (!audio || audio.state !== 'running') return;
  const { freq, ms, times } = TONES[kind];
  const start = audio.currentTime;
  for (let i = 0; i < times; i += 1) {
    const at = start + (i * ms * 1.6) / 1000;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    osc.type = kind === 'denied' ? 'square' : 'sine';
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + ms / 1000 + 0.02);
  }
}
