import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { ZUserStandsExport, type TStandStatus } from '@flohmarkt/contracts';
import { EventFactsEntity } from '../read-models/event-facts.entity.js';
import { ReviewEntity } from '../reviews/review.entity.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { ComeBackSubscriptions } from '../come-back/subscriptions.js';
import { UserStandDataController } from './user-stand-data.controller.js';

/** A user's stands and written reviews for their data export (USER_STANDS_EXPORT), against a real database. */
describe('a user’s stand data for their export', () => {
  let ds: DataSource;
  let controller: UserStandDataController;

  const anna = randomUUID();
  const bert = randomUUID();
  const named = randomUUID();
  const unheard = randomUUID();

  const stand = (exhibitorId: string | null, eventId: string, status: TStandStatus, extra: Partial<StandEntity> = {}) =>
    ds.getRepository(StandEntity).save({ eventId, exhibitorId, status, description: `Stand ${status}`, categories: ['Bücher'], ...extra });

  withFreshStandsDatabase(async (fresh) => {
    ds = fresh.ds;
    controller = new UserStandDataController(ds, new ComeBackSubscriptions(ds));
    await ds.getRepository(EventFactsEntity).save({ eventId: named, name: 'Hofflohmarkt Südstadt', version: '1' } as Partial<EventFactsEntity>);
  });

  it('answers every stand of the user with its status, reason and photo links, and the reviews they wrote, nobody else’s', async () => {
    const approved = await stand(anna, named, 'approved', {
      photos: [`/api/media/stands/x/${randomUUID()}.jpg`],
      latitude: '50.91000000',
      longitude: '6.95000000',
      createdAt: new Date('2030-01-01T10:00:00Z'),
    });
    const rejected = await stand(anna, named, 'rejected', {
      rejectionReason: 'Kein Platz mehr',
      locationPrecision: 'approximate',
      nameDisplay: 'number',
      createdAt: new Date('2030-01-02T10:00:00Z'),
    });
    const withdrawn = await stand(anna, unheard, 'withdrawn', { createdAt: new Date('2030-01-03T10:00:00Z') });
    const bertsStand = await stand(bert, named, 'approved');
    await stand(null, named, 'approved', { guestFirstName: 'Gerda', guestLastName: 'Gast', guestEmail: 'gerda@example.de' });
    const reviews = ds.getRepository(ReviewEntity);
    const written = await reviews.save({ standId: bertsStand.id, reviewerId: anna, rating: 5, comment: 'Tolle Bücher' });
    await reviews.save({ standId: approved.id, reviewerId: bert, rating: 2, comment: 'Von Bert' });
    // The items on her stand (issue 35), not those on Bert's.
    const item = async (standId: string, title: string) =>
      ds.query(`INSERT INTO "items" ("stand_id", "title", "price_kind", "price_cents", "category") VALUES ($1, $2, 'fixed', 250, 'Bücher')`, [standId, title]);
    await item(approved.id, 'Kochbuch von 1975');
    await item(bertsStand.id, 'Berts Comic');

    const answer = ZUserStandsExport.parse(await controller.read(anna));
    expect(answer.stands.map((s) => [s.id, s.status, s.eventName])).toEqual([
      [approved.id, 'approved', 'Hofflohmarkt Südstadt'],
      [rejected.id, 'rejected', 'Hofflohmarkt Südstadt'],
      [withdrawn.id, 'withdrawn', null],
    ]);
    expect(answer.stands[0]).toMatchObject({ photos: approved.photos, latitude: '50.91000000', longitude: '6.95000000', categories: ['Bücher'] });
    expect(answer.stands[1].rejectionReason).toBe('Kein Platz mehr');
    // The privacy choices as the user made them: the default for the first, their own for the second.
    expect(answer.stands.map((s) => [s.locationPrecision, s.nameDisplay])).toEqual([
      ['exact', 'name'],
      ['approximate', 'number'],
      ['exact', 'name'],
    ]);
    expect(answer.reviews).toEqual([
      { id: written.id, standId: bertsStand.id, rating: 5, comment: 'Tolle Bücher', createdAt: written.createdAt.toISOString() },
    ]);
    expect(answer.items.map((i) => [i.standId, i.title, i.price])).toEqual([[approved.id, 'Kochbuch von 1975', { kind: 'fixed', cents: 250 }]]);
    // What is not the user's never shows: another exhibitor's review of their stand, a guest's data, another's items.
    expect(JSON.stringify(answer)).not.toMatch(/Von Bert|Gerda|gerda@example\.de|Berts Comic/);
  });

  it('answers nothing for a user without stands or reviews, and for an id that names nobody', async () => {
    const nothing = { stands: [], reviews: [], follows: { organizers: [], mailsOff: [] }, alerts: [], items: [], holds: [] };
    expect(await controller.read(randomUUID())).toEqual(nothing);
    expect(await controller.read('not-an-id')).toEqual(nothing);
  });
});
