import { SCREENS, type TStand } from '@flohmarkt/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { StandStatusBadge } from '@/components/stands/StandStatusBadge';
import { standTitle } from '@/lib/stand-title';
import { paths } from '@/lib/paths';

interface AlreadyRegisteredProps {
  stand: TStand | null;
  headingLevel?: 1 | 2;
  /** Shown in place of the form the focus was in: its heading takes the focus. */
  takeFocus?: boolean;
}

/** Shown instead of the form when the user already has a stand at this event (docs/product.md#registering-a-stand). */
export function AlreadyRegistered({ stand, headingLevel = 2, takeFocus = false }: AlreadyRegisteredProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus();
  }, [takeFocus]);
  return (
    <div className="notice already-registered" role="status">
      <Heading ref={heading} className="already-registered__title" tabIndex={-1}>
        {SCREENS.standAlreadyRegistered}
      </Heading>
      {stand ? (
        <>
          <p className="already-registered__text">
            Dein {standTitle(stand)} <StandStatusBadge status={stand.status} waitlistPosition={stand.waitlistPosition} />
          </p>
          <p className="already-registered__links">
            <Link to={paths.stand(stand.id)}>Stand ansehen</Link>
            {stand.status !== 'rejected' ? <Link to={paths.standEdit(stand.id)}>Stand bearbeiten</Link> : null}
            <Link to={paths.myStands()}>Meine Stände</Link>
          </p>
        </>
      ) : null}
    </div>
  );
}
