// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@flohmarkt/contracts';
import { readErrorBody } from './api-error';

describe('reading an error body', () => {
  it('reads the message and the code', () => {
    expect(readErrorBody({ message: 'Diese Standnummer ist schon vergeben.', code: ERROR_CODES.STAND_NUMBER_TAKEN })).toEqual({
      message: 'Diese Standnummer ist schon vergeben.',
      code: ERROR_CODES.STAND_NUMBER_TAKEN,
    });
  });

  it('takes `error` when the message is missing or blank (photo calls repeat it there)', () => {
    expect(readErrorBody({ error: 'Das Foto ist zu groß.' })).toEqual({ message: 'Das Foto ist zu groß.', code: undefined });
    expect(readErrorBody({ message: '  ', error: 'Das Foto ist zu groß.' }).message).toBe('Das Foto ist zu groß.');
    expect(readErrorBody({ message: 'Zuerst', error: 'Danach' }).message).toBe('Zuerst');
  });

  it('has neither for a body without them: text, null, an array, fields of another type', () => {
    const none = { message: undefined, code: undefined };
    expect(readErrorBody('<html>Bad Gateway</html>')).toEqual(none);
    expect(readErrorBody(null)).toEqual(none);
    expect(readErrorBody(undefined)).toEqual(none);
    expect(readErrorBody(['Fehler'])).toEqual(none);
    expect(readErrorBody({ message: 42, code: { name: 'x' } })).toEqual(none);
    expect(readErrorBody({ message: 'Nicht gefunden.', code: '' })).toEqual({ message: 'Nicht gefunden.', code: undefined });
  });
});
