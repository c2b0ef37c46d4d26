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
