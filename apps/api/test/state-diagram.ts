import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/** The body of the first ```mermaid block of a document. */
function mermaidBlock(markdown: string, name: string): string {
  const block = /```mermaid\n([\s\S]*?)```/.exec(markdown);
  if (!block?.[1]) throw new Error(`docs/${name} has no \`\`\`mermaid block`);
  return block[1];
}

/** Every `from --> to` of the diagram as "from -> to", the start and end markers `[*]` left out. */
function diagramTransitions(diagram: string): string[] {
  const transitions: string[] = [];
  for (const line of diagram.split('\n')) {
    const arrow = /^\s*(\[\*\]|\w+)\s*-->\s*(\[\*\]|\w+)\s*(?::.*)?$/.exec(line);
    if (!arrow) continue;
    const [, from, to] = arrow;
    if (from === '[*]' || to === '[*]') continue;
    transitions.push(`${from} -> ${to}`);
  }
  return transitions.sort();
}

/**
 * Keeps a state-machine document of docs/ equal to the code: its Mermaid diagram draws exactly the
 * transition table, each arrow labelled with its cause, and the document says what every status means
 * (a list item starting with the status in bold code).
 */
export function describeStateDiagram(
  name: string,
  tableName: string,
  transitions: Readonly<Record<string, readonly string[]>>,
  statuses: readonly string[],
) {
  const doc = new URL(`../../../docs/${name}`, import.meta.url);
  const fromCode = Object.entries(transitions)
    .flatMap(([from, targets]) => targets.map((to) => `${from} -> ${to}`))
    .sort();

  describe(`docs/${name}`, () => {
    it(`draws exactly the transitions of ${tableName}, each once`, async () => {
      const diagram = mermaidBlock(await readFile(doc, 'utf8'), name);
      expect(diagram.trimStart().startsWith('stateDiagram-v2')).toBe(true);
      expect(diagramTransitions(diagram)).toEqual(fromCode);
    });

    it('labels every arrow into a status with its cause', async () => {
      const diagram = mermaidBlock(await readFile(doc, 'utf8'), name);
      const unlabelled = diagram
        .split('\n')
        .filter((line) => /-->\s*\w+/.test(line) && !/-->\s*\w+\s*:\s*\S/.test(line));
      expect(unlabelled).toEqual([]);
    });

    it('says what every status means', async () => {
      const markdown = await readFile(doc, 'utf8');
      const described = statuses.filter((status) => new RegExp(`^- \\*\\*\`${status}\`\\*\\*`, 'm').test(markdown));
      expect(described).toEqual([...statuses]);
    });
  });
}

/** A process as the docs' table of moves reads it. */
interface DocumentedProcess {
  readonly moves: readonly {
    name: string;
    from: readonly string[];
    to: string;
    by: readonly string[];
    requires?: string;
    effects?: readonly { name: string }[];
    afterCommit?: readonly { name: string }[];
  }[];
  readonly everyMove?: { effects?: readonly { name: string }[]; afterCommit?: readonly { name: string }[] };
}

/** The table of a process's moves, with who makes each, what it requires and what it does, as docs/ shows it. */
export function movesTable(process: DocumentedProcess): string {
  const names = (effects: readonly { name: string }[] | undefined) =>
    effects && effects.length > 0 ? effects.map((e) => e.name).join('; ') : '—';
  const shared = process.everyMove;
  const lines = [
    `Every move: ${names(shared?.effects)}; after the commit: ${names(shared?.afterCommit)}.`,
    '',
    '| Move | From → to | By | Requires | Also, in the transaction | After the commit |',
    '|---|---|---|---|---|---|',
    ...process.moves.map(
      (m) =>
        `| ${m.name} | ${m.from.map((f) => `\`${f}\``).join(', ')} → \`${m.to}\` | ${m.by.join(', ')} | ${
          m.requires ?? '—'
        } | ${names(m.effects)} | ${names(m.afterCommit)} |`,
    ),
  ];
  return lines.join('\n');
}

/**
 * Keeps the table of moves in a docs/ document equal to the process object: the text between `<!-- moves -->` and
 * `<!-- /moves -->` is exactly `movesTable(process)`.
 */
export function describeMovesTable(name: string, processName: string, process: DocumentedProcess) {
  const doc = new URL(`../../../docs/${name}`, import.meta.url);
  describe(`docs/${name}`, () => {
    it(`lists every move of ${processName}, with who makes it, its guard and its effects`, async () => {
      const markdown = await readFile(doc, 'utf8');
      const table = /<!-- moves -->\n([\s\S]*?)\n<!-- \/moves -->/.exec(markdown)?.[1];
      expect(table, `docs/${name} has no <!-- moves --> section`).toBeDefined();
      expect(table).toBe(movesTable(process));
    });
  });
}
