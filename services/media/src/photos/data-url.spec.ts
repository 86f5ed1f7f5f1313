import { describe, expect, it } from 'vitest';
import { parseDataUrl } from './data-url.js';

describe('data URL parsing', () => {
  it('answers the declared type and the decoded bytes', () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(parseDataUrl(`data:image/jpeg;base64,${bytes.toString('base64')}`)).toEqual({ declaredType: 'image/jpeg', bytes });
  });

  it('accepts parameters, upper case and wrapped base64', () => {
    const b64 = Buffer.from('hello photo').toString('base64');
    const wrapped = `${b64.slice(0, 4)}\n${b64.slice(4)}`;
    expect(parseDataUrl(`data:IMAGE/PNG;name=x.png;base64,${wrapped}`)).toEqual({ declaredType: 'image/png', bytes: Buffer.from('hello photo') });
  });

  it('decodes a large canonical payload, as browsers send it, byte for byte', () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 1);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    expect(parseDataUrl(`data:image/jpeg;base64,${bytes.toString('base64')}`)?.bytes.equals(bytes)).toBe(true);
  });

  it('refuses anything that is not a base64 data URL with bytes', () => {
    for (const bad of [
      '',
      'hello',
      'data:image/png,plain',
      'data:image/png;base64,',
      'data:image/png;base64,@@@@',
      'https://x/y.png',
      'data:image/png;base64,QUJD=A==',
      'data:image/png;base64,QUJD-_8=',
    ]) {
      expect(parseDataUrl(bad), bad).toBeNull();
    }
  });
});
