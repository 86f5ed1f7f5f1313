import { useState } from 'react';

/** What the last press in a list of /settings did, said where the pressed button was (ComeBackListSection). */
export interface ListDone {
  text: string;
  /** A new message is a new element: it takes the focus again, and is announced again. */
  key: number;
  /** The item the press took out of the list (deleted, unfollowed), else null. */
  gone: string | null;
}

/** The list's last message and how a press sets it. */
export function useListDone() {
  const [done, setDone] = useState<ListDone | null>(null);
  const say = (text: string, gone: string | null = null) => setDone((before) => ({ text, gone, key: (before?.key ?? 0) + 1 }));
  return { done, say };
}

/** The message, unless the item it says is gone is in the list again: its call failed and the list took it back (a toast says why). */
export function shownDone(done: ListDone | null, ids: readonly string[] | undefined): ListDone | null {
  return done?.gone && ids?.includes(done.gone) ? null : done;
}
