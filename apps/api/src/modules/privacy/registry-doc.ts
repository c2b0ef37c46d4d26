import { AS_ROW, type Fate, NOT_PERSONAL, type Personal, type PersonKey, REGISTRY, type TableEntry } from './registry';

/** Where docs/privacy.md's registry table begins and ends: between them, the lines `registryMarkdown` gives. */
export const REGISTRY_START = '<!-- registry:start (rendered from apps/api/src/modules/privacy/registry.ts) -->';
export const REGISTRY_END = '<!-- registry:end -->';

function fateText(fate: Fate): string {
  if (fate.kind === 'delete') return 'delete (the row)';
  if (fate.kind === 'anonymise') return `anonymise: ${fate.becomes}`;
  const kept = fate.months > 0 ? `keep ${fate.months} months` : 'keep';
  return `${kept}: ${fate.law}`;
}

function keyText(key: PersonKey): string {
  if ('through' in key) return `\`${key.column}\` → \`${key.through}\``;
  return `\`${key.column}${key.field ? `->>'${key.field}'` : ''}\` (${key.names})`;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/**
 * A table's lines: the columns as personal as the row together, then each personal column of its own. The table's
 * name and person keys are on its first line only.
 */
function tableLines(name: string, entry: TableEntry): string[] {
  const keys = entry.person.length > 0 ? entry.person.map(keyText).join(', ') : `none: ${entry.unkeyed ?? ''}`;
  const lines: string[] = [];
  const line = (columns: string, personal: Personal) => {
    const first = lines.length === 0 ? `\`${name}\` | ${cell(keys)}` : '|';
    lines.push(`| ${first} | ${columns} | ${personal.category} | ${cell(fateText(personal.fate))} |`);
  };
  const asRow = Object.entries(entry.columns).filter(([, c]) => c === AS_ROW);
  if (entry.row && asRow.length > 0) line(asRow.map(([column]) => `\`${column}\``).join(', '), entry.row);
  for (const [column, c] of Object.entries(entry.columns)) {
    if (c !== AS_ROW && c !== NOT_PERSONAL) line(`\`${column}\``, c);
  }
  return lines;
}

/**
 * The registry as docs/privacy.md shows it, between REGISTRY_START and REGISTRY_END: one line per personal column
 * (or per group of columns as personal as their row), then the tables that hold no personal data.
 */
export function registryMarkdown(): string[] {
  const names = Object.keys(REGISTRY).sort();
  const personal = names.flatMap((name) => tableLines(name, REGISTRY[name] as TableEntry));
  const none = names.filter((name) => tableLines(name, REGISTRY[name] as TableEntry).length === 0);
  return [
    '| Table | Tied to a person by | Columns | Category | On erasure |',
    '| --- | --- | --- | --- | --- |',
    ...personal,
    '',
    `Tables that hold no personal data: ${none.map((name) => `\`${name}\``).join(', ')}.`,
  ];
}
