import type { TFollows } from '@flohmarkt/contracts';

/** The follows with the organiser added (at the front, the newest first like the server's list) or taken out; nothing cached stays nothing. */
export function withFollow(follows: TFollows | undefined, organizerId: string, on: boolean): TFollows | undefined {
  if (!follows) return follows;
  const others = follows.organizers.filter((id) => id !== organizerId);
  return { organizers: on ? [organizerId, ...others] : others };
}
