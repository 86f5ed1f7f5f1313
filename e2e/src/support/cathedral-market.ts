import { apiCall } from './api-call.js';
import type { HttpSession } from './browser-session.js';

/** Cologne cathedral, where the stand specs hold their markets (the offline gazetteer knows Köln). */
const CATHEDRAL = { latitude: 50.9413, longitude: 6.9583 };

/**
 * Creates a market at the cathedral as `organiser`, from 30 days ahead for a day; `extra` replaces or
 * adds fields. Answers its id; anything but 201 fails the fixture.
 */
export async function cathedralMarket(publicUrl: string, organiser: HttpSession, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const day = 24 * 3600 * 1000;
  const res = await apiCall(publicUrl, organiser, 'POST', '/api/events', {
    name,
    location: 'Domplatte, Köln',
    startDateTime: new Date(Date.now() + 30 * day).toISOString(),
    endDateTime: new Date(Date.now() + 31 * day).toISOString(),
    ...CATHEDRAL,
    ...extra,
  });
  if (res.status !== 201) throw new Error(`creating the market ${name} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id;
}
