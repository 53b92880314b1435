import type { RefObject } from 'react';
import type { MyApplication } from '@lanyard/shared/application';
import { useCelebrateOnce } from '../api/mark-celebrated';
import { AcceptanceCelebration } from './acceptance-celebration';

interface CelebrateOnceProps {
  application: MyApplication | null | undefined;
  released: boolean;
  eventName: string;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The acceptance celebration, once per released acceptance across visits and devices. */
export function CelebrateOnce({ application, released, eventName, returnFocusTo }: CelebrateOnceProps) {
  const celebrating = useCelebrateOnce(application, released);
  return celebrating ? <AcceptanceCelebration eventName={eventName} returnFocusTo={returnFocusTo} /> : null;
}
