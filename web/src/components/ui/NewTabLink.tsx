import type { ReactNode } from 'react';

interface NewTabLinkProps {
  href: string;
  children: ReactNode;
  /** Links to others' sites go without a referrer; a seller's own links also without our endorsement (nofollow). */
  rel?: string;
}

/** A link that opens in a new tab and says so to screen readers. */
export function NewTabLink({ href, children, rel = 'noopener noreferrer' }: NewTabLinkProps) {
  return (
    <a href={href} target="_blank" rel={rel}>
      {children}
      <span className="visually-hidden"> (öffnet in neuem Tab)</span>
    </a>
  );
}
