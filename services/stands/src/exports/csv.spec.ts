import { describe, expect, it } from 'vitest';
import { csvFile, numberCell, textCell } from './csv.js';

describe('textCell', () => {
  it('leaves plain German text alone', () => {
    expect(textCell('Bücher & Spiele für Groß und Klein')).toBe('Bücher & Spiele für Groß und Klein');
    expect(textCell(null)).toBe('');
  });

  it('quotes text with a separator, a quote or a line break, doubling the quotes', () => {
    expect(textCell('Bücher; Platten')).toBe('"Bücher; Platten"');
    expect(textCell('Der „beste“ Stand, sagt "Oma"')).toBe('"Der „beste“ Stand, sagt ""Oma"""');
    expect(textCell('Zeile 1\r\nZeile 2')).toBe('"Zeile 1\r\nZeile 2"');
    // A spreadsheet that splits on commas or tabs keeps such a cell whole, so no part of it starts a formula there.
    expect(textCell('Schallplatten,=2*21,@SUM(1+1)')).toBe('"Schallplatten,=2*21,@SUM(1+1)"');
    expect(textCell('Platten\t=1+1')).toBe('"Platten\t=1+1"');
  });

  it.each(['=HYPERLINK("http://x.example")', '+49 170 123', '-5 Euro', '@SUMME(A1)', '\tTab'])('puts an apostrophe before a formula start: %s', (text) => {
    const cell = textCell(text);
    expect(cell.replace(/^"/, '').startsWith(`'${text[0]}`)).toBe(true);
  });
});

describe('numberCell', () => {
  it('writes decimal commas, nothing for none', () => {
    expect(numberCell(50.9478, 6)).toBe('50,947800');
    expect(numberCell(-0.5, 1)).toBe('-0,5');
    expect(numberCell(null, 6)).toBe('');
  });
});

describe('csvFile', () => {
  it('starts with the UTF-8 BOM, separates by ; and ends every line with CRLF', () => {
    expect(
      csvFile(
        ['Nummer', 'Name'],
        [
          ['1', 'Eva'],
          ['2', textCell('A;B')],
        ],
      ),
    ).toBe('\uFEFFNummer;Name\r\n1;Eva\r\n2;"A;B"\r\n');
  });
});
