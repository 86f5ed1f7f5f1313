import type { ReactNode } from 'react';
import { busyButton } from '@/components/ui/busy-button';
import { FormMessage } from './Field';

interface OneClickCardProps {
  /** What the click does, in words. */
  children: ReactNode;
  label: string;
  busyLabel: string;
  /** The click's state: sending, and the server's answer when it failed. */
  action: { isPending: boolean; error: Error | null };
  onClick: () => void;
}

/** A link's page that acts only on the reader's click (a link scanner that opens the page does nothing): the words, the failure, the button. */
export function OneClickCard({ children, label, busyLabel, action, onClick }: OneClickCardProps) {
  return (
    <div className="card">
      {children}
      <FormMessage message={action.error?.message} />
      <div className="form-actions">
        {/* Not `disabled` while busy: the focus would drop to the page (the page then hands it to what the click did). */}
        <button type="button" className="button button--primary" {...busyButton(action.isPending)} onClick={action.isPending ? undefined : onClick}>
          {action.isPending ? busyLabel : label}
        </button>
      </div>
    </div>
  );
}
