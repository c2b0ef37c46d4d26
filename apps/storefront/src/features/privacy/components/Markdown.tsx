import { Fragment, type ReactNode } from 'react';

/**
 * The owner's notice, written in the console in Markdown, drawn as React elements: headings (`##`, `###`),
 * paragraphs, bullet lists (`- `), **bold** and [links](https://…). Nothing is read as HTML, so the text cannot
 * inject markup; anything else shows as the words it is.
 */
export function Markdown({ text }: { text: string }) {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return <>{blocks.map((block, index) => renderBlock(block.trim(), index))}</>;
}

function renderBlock(block: string, key: number): ReactNode {
  if (block === '') return null;
  const heading = /^(#{2,3})\s+(.*)$/.exec(block);
  if (heading?.[2] !== undefined) {
    return heading[1] === '##' ? <h2 key={key}>{inline(heading[2])}</h2> : <h3 key={key}>{inline(heading[2])}</h3>;
  }
  const lines = block.split('\n');
  const items = lines.filter((line) => /^[-*]\s+/.test(line));
  if (items.length > 0) {
    const lead = lines.filter((line) => !/^[-*]\s+/.test(line)).join(' ');
    return (
      <Fragment key={key}>
        {lead !== '' && <p>{inline(lead)}</p>}
        <ul>
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a notice's list never reorders
            <li key={index}>{inline(item.replace(/^[-*]\s+/, ''))}</li>
          ))}
        </ul>
      </Fragment>
    );
  }
  return <p key={key}>{inline(lines.join(' '))}</p>;
}

/** **bold** and [text](https://… or /path); the rest as plain text. */
function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(((?:https?:\/\/|\/|mailto:)[^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    if (match[1] !== undefined) parts.push(<strong key={match.index}>{match[1]}</strong>);
    else
      parts.push(
        <a key={match.index} href={match[3]}>
          {match[2]}
        </a>,
      );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
