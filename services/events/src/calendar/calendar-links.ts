/**
 * Addresses inside calendar files, on the product's public origin (PUBLIC_URL): the event page a
 * calendar entry links to, and the host that makes each UID globally unique (RFC 5545 3.8.4.7).
 */
export class CalendarLinks {
  private readonly origin: string;
  readonly uidHost: string;

  constructor(publicUrl: string) {
    this.origin = publicUrl.replace(/\/+$/, '');
    this.uidHost = new URL(this.origin).hostname;
  }

  eventPage(eventId: string): string {
    return `${this.origin}/events/${eventId}`;
  }

  /** Stable for the life of the event: a calendar that imports the file twice updates one entry. */
  eventUid(eventId: string): string {
    return `${eventId}@${this.uidHost}`;
  }
}
