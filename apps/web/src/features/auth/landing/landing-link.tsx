import type { ComponentType, ReactNode } from 'react';

export interface LinkProps {
  href: string;
  className: string;
  children: ReactNode;
}

/** A plain anchor by default; the app passes its router link so in-app navigation stays client-side. */
export type LinkComponent = ComponentType<LinkProps>;

export function PlainLink({ href, className, children }: LinkProps) {
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
