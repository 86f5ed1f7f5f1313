/**
 * The addresses a notice points to, on the product's public origin (PUBLIC_URL). Paths are the web
 * app's pages (web/src/app/routes.tsx); the opt-out addresses come from server-kit's mailOptOutUrls.
 */
export class NoticeLinks {
  private readonly base: string;

  constructor(publicUrl: string) {
    this.base = publicUrl.replace(/\/+$/, '');
  }

  event(eventId: string): string {
    return `${this.base}/events/${eventId}`;
  }

  /** The organiser's review list sits on the event page. */
  review(eventId: string): string {
    return `${this.base}/events/${eventId}#anmeldungen`;
  }

  /** The visitor's Merkliste of the event, with their round over its stands. */
  merkliste(eventId: string): string {
    return `${this.base}/events/${eventId}/merkliste`;
  }

  /** The registration form of a market, filled in from a stand of an earlier one (the invitation of its sellers, issue 34). */
  registerStandFrom(eventId: string, standId: string): string {
    return `${this.base}/events/${eventId}/register-stand?from=${encodeURIComponent(standId)}`;
  }

  myStands(): string {
    return `${this.base}/my-stands`;
  }

  guestManage(token: string): string {
    return `${this.base}/anmeldung/${token}`;
  }

  /** The page that confirms a guest's address with one click (web: features/mail-confirm). */
  confirmAddress(token: string): string {
    return `${this.base}/e-mail-bestaetigen/${token}`;
  }
}
