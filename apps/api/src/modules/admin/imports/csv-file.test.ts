import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellsOf, readCsv } from './csv-file';

describe('a refused line read again from the file’s bytes', () => {
  it('gives each row’s cells as the parser first gave them: quoted line breaks, a BOM, blank lines, short rows', async () => {
    const text = '\uFEFFHandle,Title,Price\r\na,"two\r\nlines",1\r\n\r\nb,"say ""hi""",2\r\nc\r\nd,é,4';
    const file = await readCsv(Buffer.from(text));
    expect(file.lines.map((line) => line.row)).toEqual([2, 3, 4, 5]);
    for (const line of file.lines) expect(cellsOf(file.source, line.row)).toEqual(line.cells);
    expect(cellsOf(file.source, 4)).toEqual(['c', '', '']);
    expect(cellsOf(file.source, 6)).toEqual([]);
  });

  it('holds for any file of cells a spreadsheet writes', async () => {
    const cell = fc.oneof(fc.string(), fc.constantFrom('', ' ', '"', ',', '\n', '\r\n', 'é', '₹1,299'));
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 5 })
          .chain((width) =>
            fc.tuple(
              fc.constant(width),
              fc.array(fc.array(cell, { minLength: 1, maxLength: width }), { maxLength: 12 }),
            ),
          ),
        async ([width, rows]) => {
          const header = Array.from({ length: width }, (_, at) => `c${at}`);
          // Rows that csv-parse would skip as blank are not rows of the file.
          const kept = rows.filter((cells) => !(cells.length === 1 && cells[0] === ''));
          const file = await readCsv(Buffer.from(stringify([header, ...kept])));
          expect(file.lines).toHaveLength(kept.length);
          for (const line of file.lines) expect(cellsOf(file.source, line.row)).toEqual(line.cells);
        },
      ),
      { numRuns: 200 },
    );
  });
});
