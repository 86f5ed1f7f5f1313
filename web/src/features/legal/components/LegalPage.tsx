import type { ReactNode } from 'react';
import '../legal.css';

interface LegalPageProps {
  title: string;
  lead?: ReactNode;
  /** 'Stand: …' line under the title. */
  updated?: string;
  children: ReactNode;
}

/** The frame of the legal pages: a narrow, readable column. */
export function LegalPage({ title, lead, updated, children }: LegalPageProps) {
  return (
    <article className="legal container">
      <title>{`${title} – Flohmarkt`}</title>
      <header className="legal__header">
        <h1 className="legal__title">{title}</h1>
        {lead ? <p className="legal__lead">{lead}</p> : null}
        {updated ? <p className="legal__updated">Stand: {updated}</p> : null}
      </header>
      <div className="legal__body">{children}</div>
    </article>
  );
}
