import { readFile } from 'node:fs/promises';
import { PAYMENT_STATUSES } from '@kapaas/db';
import { describe, expect, it } from 'vitest';
import { PAYMENT_TRANSITIONS } from './payments.repository';

const DOC = new URL('../../../../../docs/payment-states.md', import.meta.url);

/** The body of the first ```mermaid block of the document. */
function mermaidBlock(markdown: string): string {
  const block = /```mermaid\n([\s\S]*?)```/.exec(markdown);
  if (!block?.[1]) throw new Error('docs/payment-states.md has no ```mermaid block');
  return block[1];
}

/** Every `from --> to` of the diagram as "from -> to", the start marker `[*]` left out. */
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

/** PAYMENT_TRANSITIONS as "from -> to" lines. */
function codeTransitions(): string[] {
  return Object.entries(PAYMENT_TRANSITIONS)
    .flatMap(([from, targets]) => targets.map((to) => `${from} -> ${to}`))
    .sort();
}

describe('docs/payment-states.md', () => {
  it('draws exactly the transitions of PAYMENT_TRANSITIONS, each once', async () => {
    const diagram = mermaidBlock(await readFile(DOC, 'utf8'));
    expect(diagram.trimStart().startsWith('stateDiagram-v2')).toBe(true);
    expect(diagramTransitions(diagram)).toEqual(codeTransitions());
  });

  it('labels every arrow with its cause', async () => {
    const diagram = mermaidBlock(await readFile(DOC, 'utf8'));
    const unlabelled = diagram.split('\n').filter((line) => /-->\s*\w+/.test(line) && !/-->\s*\w+\s*:\s*\S/.test(line));
    expect(unlabelled).toEqual([]);
  });

  it('says what every status means to the owner', async () => {
    const markdown = await readFile(DOC, 'utf8');
    const described = PAYMENT_STATUSES.filter((status) =>
      new RegExp(`^- \\*\\*\`${status}\`\\*\\*`, 'm').test(markdown),
    );
    expect(described).toEqual([...PAYMENT_STATUSES]);
  });
});
