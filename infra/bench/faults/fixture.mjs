import sharp from 'sharp';
import { CENTER, marketBody, must, signedIn, untilServed } from '../api-setup.mjs';

/**
 * What the readers read and who writes: an organiser, a seller and a reader signed in; one market
 * with the seller's approved stand and its photo, served (the photo worker has written it).
 */
export async function prepareFixture(base, runId) {
  const organiser = await signedIn(base, { email: `organisatorin-${runId}@example.org`, firstName: 'Olga', lastName: 'Störfall' });
  const sellerEmail = `verkaeufer-${runId}@example.org`;
  const seller = await signedIn(base, { email: sellerEmail, firstName: 'Sven', lastName: 'Störfall' });
  const reader = await signedIn(base, { email: `leser-${runId}@example.org`, firstName: 'Lea', lastName: 'Störfall' });
  const event = await must(organiser, 'POST', '/api/events', marketBody('Hofflohmarkt der Lesenden', 10, { notifyOnRegistration: false }));
  const stand = await must(seller, 'POST', '/api/stands', {
    eventId: event.id,
    description: 'Bücher und Platten zum Lesen.',
    categories: ['Bücher'],
    latitude: CENTER.latitude + 0.0005,
    longitude: CENTER.longitude + 0.0005,
  });
  await must(organiser, 'PATCH', `/api/stands/${stand.id}/approve-draft`);
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
  const uploaded = await must(seller, 'POST', `/api/stands/${stand.id}/photos`, {
    photoData: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    fileName: 'stand.jpg',
  });
  const photoPath = uploaded.photos.at(-1);
  await untilServed(`${base}${photoPath}`, 500, 120);
  return { organiser, seller, sellerEmail, reader, fixture: { eventId: event.id, standId: stand.id, photoPath } };
}
