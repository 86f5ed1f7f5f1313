import type { ReactNode } from 'react';

interface CollapsibleHeadingProps {
  /** The body it opens; the heading's id is `${bodyId}-title`, which names the card. */
  bodyId: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A card's heading that opens and closes its body (the stand registrations on the event page). */
export function CollapsibleHeading({ bodyId, open, onToggle, children }: CollapsibleHeadingProps) {
  return (
    <h2 id={`${bodyId}-title`} className="collapsible__heading">
      <button type="button" className="collapsible__toggle" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
        {children}
        <span className="collapsible__chevron" aria-hidden="true">
          ▾
        </span>
      </button>
    </h2>
  );
}
