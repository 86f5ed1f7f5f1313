import { parse as parseQueryString } from 'node:querystring';
import { describe, expect, it } from 'vitest';
import { jsonHoldsUnstorableText, queryHoldsUnstorableText } from './hostile-text.js';

// Bodies as the gateway reads them: JSON text, parsed. `\u0000` and `\ud800` are escapes in the JSON
// source, so the parsed strings really hold NUL and a lone surrogate.
const body = (json: string) => JSON.parse(json) as unknown;

describe('jsonHoldsUnstorableText', () => {
  it('finds NUL and lone surrogates in values at any place of the body', () => {
    expect(jsonHoldsUnstorableText(body('{"guestFirstName":"Anna\\u0000"}'))).toBe(true);
    expect(jsonHoldsUnstorableText(body('{"description":"\\ud800 Bücher"}'))).toBe(true);
    expect(jsonHoldsUnstorableText(body('{"specialties":["Platten","\\udfff"]}'))).toBe(true);
    expect(jsonHoldsUnstorableText(body('{"a":{"b":[1,true,null,{"c":"x\\u0000"}]}}'))).toBe(true);
    expect(jsonHoldsUnstorableText(body('"\\u0000"'))).toBe(true);
    expect(jsonHoldsUnstorableText(body('["\\ud83e"]'))).toBe(true);
  });

  it('finds them in object keys too', () => {
    expect(jsonHoldsUnstorableText(body('{"name\\u0000":"Hofflohmarkt"}'))).toBe(true);
    expect(jsonHoldsUnstorableText(body('{"a":[{"\\udc00":1}]}'))).toBe(true);
  });

  it('passes ordinary bodies: umlauts, emoji (whole pairs), line breaks, direction controls, numbers', () => {
    const ordinary = body(
      '{"name":"Größter Flohmarkt 🧸","description":"Zeile 1\\nZeile 2","bio":"\\u202Eevil","rating":5,' +
        '"acceptsPayPal":false,"latitude":null,"categories":["Bücher","\\ud83d\\ude00"],"nested":{"deep":[[["ok"]]]}}',
    );
    expect(jsonHoldsUnstorableText(ordinary)).toBe(false);
    for (const scalar of [null, 0, true, '', 'text', [], {}]) expect(jsonHoldsUnstorableText(scalar)).toBe(false);
  });

  it('walks a body nested far deeper than the call stack would allow', () => {
    const depth = 200_000;
    expect(jsonHoldsUnstorableText(body(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`))).toBe(true);
    expect(jsonHoldsUnstorableText(body(`${'['.repeat(depth)}"ok"${']'.repeat(depth)}`))).toBe(false);
  });

  it('looks at every entry of a long list, the last one included', () => {
    const list = Array.from({ length: 100_000 }, (_, i) => `Eintrag ${i}`);
    expect(jsonHoldsUnstorableText(list)).toBe(false);
    expect(jsonHoldsUnstorableText([...list, 'Ende\u0000'])).toBe(true);
  });
});

describe('queryHoldsUnstorableText', () => {
  it('finds %00 in a value, in one of a repeated key’s values and in a key', () => {
    expect(queryHoldsUnstorableText(parseQueryString('q=Markt%00platz&limit=5'))).toBe(true);
    expect(queryHoldsUnstorableText(parseQueryString('date=2030-05-01&date=%00'))).toBe(true);
    expect(queryHoldsUnstorableText(parseQueryString('up%00coming=true'))).toBe(true);
  });

  it('finds it in the nested objects of the extended parser', () => {
    expect(queryHoldsUnstorableText({ filter: { name: ['Flohmarkt', 'x\u0000'] } })).toBe(true);
    expect(queryHoldsUnstorableText({ filter: { name: ['Flohmarkt'] }, page: undefined })).toBe(false);
  });

  it('passes ordinary queries, also an encoded surrogate half, which never decodes to one', () => {
    expect(queryHoldsUnstorableText(parseQueryString('q=K%C3%B6ln%20Ehrenfeld&limit=5&upcoming=true'))).toBe(false);
    expect(queryHoldsUnstorableText(parseQueryString('q=%ED%A0%80abc'))).toBe(false);
    expect(queryHoldsUnstorableText({})).toBe(false);
  });
});
