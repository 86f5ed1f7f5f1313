import type { ReactNode } from 'react';

/** One fact of a `facts` list (the event's, a stand's exhibitor, a guest's registration): its name and its value. */
export function FactRow({ label, valueClassName, children }: { label: string; valueClassName?: string; children: ReactNode }) {
  return (
    <div className="facts__row">
      <dt>{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
