import { lazy, Suspense, type ComponentProps } from 'react';

// Only a signed-in visitor who keeps the event sees the switch: its code stays out of the first paint of
// the landing and event pages (infra/scripts/audit-web.mjs budget) and comes in its own chunk.
const EventReminderSwitchChunk = lazy(() => import('./EventReminderSwitch').then((m) => ({ default: m.EventReminderSwitch })));

export function LazyEventReminderSwitch(props: ComponentProps<typeof EventReminderSwitchChunk>) {
  return (
    <Suspense fallback={null}>
      <EventReminderSwitchChunk {...props} />
    </Suspense>
  );
}
