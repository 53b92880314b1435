/** Dashboard confetti 6 s, a burst every 250 ms; the celebration overlay lasts 5 s. */
export const CONFETTI_DURATION_MS = 6_000;
export const CONFETTI_INTERVAL_MS = 250;
export const CELEBRATION_OVERLAY_MS = 5_000;
