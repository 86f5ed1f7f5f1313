import type { TFollows } from '@flohmarkt/contracts';

/**
 * The follows with the organiser added (at the front, the newest first like the server's list) or taken out;
 * nothing cached stays nothing. Either way the follow is a new one with its mails on (`mailsOff` is per follow).
 */
export function withFollow(follows: TFollows | undefined, organizerId: string, on: boolean): TFollows | undefined {
  if (!follows) return follows;
  const others = follows.organizers.filter((id) => id !== organizerId);
  const mailsOff = follows.mailsOff?.filter((id) => id !== organizerId);
  return { ...follows, organizers: on ? [organizerId, ...others] : others, ...(mailsOff ? { mailsOff } : {}) };
}
