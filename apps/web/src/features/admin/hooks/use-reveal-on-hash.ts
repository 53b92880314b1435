import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the section the URL's hash names into view and focuses its heading, once `ready`: a link
 * from another tab ("Set places" on Bulk Actions) lands on its card, not on the top of a long tab.
 * It waits for what loads above the section, which would otherwise push it out of view again.
 * The heading needs tabIndex -1 to take focus.
 */
export function useRevealOnHash(sectionId: string, headingId: string, ready: boolean) {
  const { hash } = useLocation();
  const wanted = hash === `#${sectionId}`;

  useEffect(() => {
    if (!ready || !wanted) return;
    const section = document.getElementById(sectionId);
    if (!section) return;
    const still =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    // After the scroll has started, so focusing does not jump there first.
    document.getElementById(headingId)?.focus({ preventScroll: true });
  }, [ready, wanted, sectionId, headingId]);
}
