import { readFile } from 'node:fs/promises';
import { ORDER_STATUS_VALUES } from '@kapaas/contract';
import { describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS } from './lifecycle';

const DOC = new URL('../../../../../docs/order-states.md', import.meta.url);

/** The body of the first ```mermaid block of the document. */
function mermaidBlock(markdown: string): string {
  const block = /```mermaid\n([\s\S]*?)```/.exec(markdown);
  if (!block?.[1]) throw new Error('docs/order-states.md has no ```mermaid block');
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

/** ORDER_TRANSITIONS as "from -> to" lines. */
function codeTransitions(): string[] {
  return Object.entries(ORDER_TRANSITIONS)
    .flatMap(([from, targets]) => targets.map((to) => `${from} -> ${to}`))
    .sort();
}

describe('docs/order-states.md', () => {
  it('draws exactly the transitions of ORDER_TRANSITIONS, each once', async () => {
    const diagram = mermaidBlock(await readFile(DOC, 'utf8'));
    expect(diagram.trimStart().startsWith('stateDiagram-v2')).toBe(true);
    expect(diagramTransitions(diagram)).toEqual(codeTransitions());
  });

  it('labels every arrow into a status with its cause', async () => {
    const diagram = mermaidBlock(await readFile(DOC, 'utf8'));
    const unlabelled = diagram.split('\n').filter((line) => /-->\s*\w+/.test(line) && !/-->\s*\w+\s*:\s*\S/.test(line));
    expect(unlabelled).toEqual([]);
  });

  it('says what every status means', async () => {
    const markdown = await readFile(DOC, 'utf8');
    const described = ORDER_STATUS_VALUES.filter((status) =>
      new RegExp(`^- \\*\\*\`${status}\`\\*\\*`, 'm').test(markdown),
    );
    expect(described).toEqual([...ORDER_STATUS_VALUES]);
  });
});
