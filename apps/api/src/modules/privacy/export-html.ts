import { describedTable, type PersonData, WITHHELD } from './person-data';

// The readable summary of a person's copy (issue 35): one section per kind of record the shop keeps, each row as a
// small table of its columns, personal ones marked with their category. Plain HTML with its own few styles, so
// that it reads in any browser, saved or printed.

const escaped = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function rowTable(row: Record<string, unknown>, personal: Map<string, string>): string {
  const lines = Object.entries(row).map(([column, value]) => {
    const category = personal.get(column);
    const mark = category ? ` <small>(${escaped(category)})</small>` : '';
    return `<tr><th>${escaped(column)}${mark}</th><td>${escaped(valueText(value))}</td></tr>`;
  });
  return `<table>${lines.join('')}</table>`;
}

function section(table: string, rows: Record<string, unknown>[]): string {
  const { holds, personal } = describedTable(table);
  const heading = `<h2>${escaped(table)} <small>${escaped(holds)}: ${rows.length}</small></h2>`;
  if (rows.length === 0) return `${heading}<p>None.</p>`;
  return heading + rows.map((row) => rowTable(row, personal)).join('');
}

/** The HTML page of a person's copy, made at `at`. */
export function exportHtml(data: PersonData, at: Date): string {
  const withheld = Object.entries(WITHHELD)
    .map(([column, why]) => `<li><code>${escaped(column)}</code>: ${escaped(why)}</li>`)
    .join('');
  const body = Object.entries(data)
    .map(([table, rows]) => section(table, rows))
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data at Kapaas</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%}th,td{border:1px solid #ddd;padding:.25rem .5rem;
text-align:left;vertical-align:top;word-break:break-word}th{width:30%;background:#f7f3ee}small{color:#666}</style>
</head><body>
<h1>Your data at Kapaas</h1>
<p>Everything Kapaas keeps about you, as of ${escaped(at.toISOString())}, under India's Digital Personal Data
Protection Act. The same data is in the JSON file, for other programs. Left out, and why:</p><ul>${withheld}</ul>
${body}
</body></html>`;
}
