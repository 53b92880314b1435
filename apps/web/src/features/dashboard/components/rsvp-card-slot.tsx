import { shouldShowRsvpCard } from '../lib/rsvp-card';

interface RsvpCardSlotProps {
  status: string;
  /** Decisions are released for the applicant's role. */
  released: boolean;
}

/**
 * Where the RSVP card goes (spec §2: above the Application Status card). The RSVP feature fills it
 * in; until then it renders nothing, but the condition already lives in `shouldShowRsvpCard`.
 */
export function RsvpCardSlot({ status, released }: RsvpCardSlotProps) {
  if (!shouldShowRsvpCard(status, released)) return null;
  // The RSVP card renders here once the RSVP feature lands.
  return null;
}
