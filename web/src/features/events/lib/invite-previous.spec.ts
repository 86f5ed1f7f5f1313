// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { hasPreviousDate, invitedText, mayHavePreviousSellers } from './invite-previous';

const seriesId = '00000007-0000-4000-8000-000000000001';
const original = '00000001-0000-4000-8000-000000000900';

describe('who is offered „Frühere Aussteller einladen“', () => {
  it('a date of a series or a copy, while neither cancelled nor over', () => {
    expect(mayHavePreviousSellers(makeEvent({ seriesId, copiedFromId: null }))).toBe(true);
    expect(mayHavePreviousSellers(makeEvent({ seriesId: null, copiedFromId: original }))).toBe(true);
    expect(mayHavePreviousSellers(makeEvent({ seriesId: null, copiedFromId: null }))).toBe(false);
    expect(mayHavePreviousSellers(makeEvent({ seriesId, copiedFromId: null, status: 'cancelled', phase: 'cancelled' }))).toBe(false);
    expect(mayHavePreviousSellers(makeEvent({ seriesId, copiedFromId: null, phase: 'ended' }))).toBe(false);
    const ended = makeEvent({ seriesId, copiedFromId: null, endDateTime: '2020-06-01T15:00:00.000Z' });
    expect(mayHavePreviousSellers(ended)).toBe(false);
  });

  it('not the first date of its series; a copy always has its original', () => {
    const dates = [{ id: 'a' }, { id: 'b' }];
    expect(hasPreviousDate({ id: 'b', copiedFromId: null }, dates)).toBe(true);
    expect(hasPreviousDate({ id: 'a', copiedFromId: null }, dates)).toBe(false);
    expect(hasPreviousDate({ id: 'b', copiedFromId: null }, undefined)).toBe(false);
    expect(hasPreviousDate({ id: 'a', copiedFromId: original }, dates)).toBe(true);
  });

  it('says how many were invited', () => {
    expect(invitedText(4)).toBe('4 frühere Aussteller eingeladen.');
    expect(invitedText(1)).toBe('1 früherer Aussteller eingeladen.');
    expect(invitedText(0)).toBe('Alle früheren Aussteller sind schon eingeladen oder schon angemeldet.');
  });
});
