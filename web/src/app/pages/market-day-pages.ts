/*
 * The market day's small pages as one chunk (issue 36): the seller's "Bist du dabei?" link, a team
 * invite and the organiser's "Team". One lazy import instead of three keeps the app's entry, which
 * lists every lazy chunk's files, within its first-paint budget; the three are a few kB together.
 * The market day's own page (the check-in, with its offline queue) stays a chunk of its own.
 */
export { ConfirmationPage } from '@/features/reconfirmation/pages/ConfirmationPage';
export { TeamInvitePage } from '@/features/team/pages/TeamInvitePage';
export { TeamPage } from '@/features/team/pages/TeamPage';
