import { z } from 'zod';
import { ZAuthUser } from './user.js';

/*
 * Bodies of the internal hop between the gateway and the auth service during sign-in.
 * The gateway keeps state and the PKCE verifier in the browser's session between the two calls.
 */

export const ZSignInStarted = z.object({
  authorizationUrl: z.string().url(),
  state: z.string().min(1),
  codeVerifier: z.string().min(43),
});
export type TSignInStarted = z.infer<typeof ZSignInStarted>;

export const ZSignInComplete = z.object({
  /** The full callback URL the browser came back to, with code and state. */
  callbackUrl: z.string().url(),
  state: z.string().min(1),
  codeVerifier: z.string().min(43),
});

export const ZSignInCompleted = z.object({
  user: ZAuthUser,
  /** Kept in the session as id_token_hint for ending the provider's session at sign-out. */
  idToken: z.string().nullable(),
});
export type TSignInCompleted = z.infer<typeof ZSignInCompleted>;

export const ZSignInEnd = z.object({ idToken: z.string().nullable().optional() });

export const ZSignInEnded = z.object({ url: z.string().min(1) });
export type TSignInEnded = z.infer<typeof ZSignInEnded>;
