import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QualityBadges } from './QualityBadges';

/** An IntersectionObserver the test moves by hand. */
class ManualObserver {
  static last: ManualObserver | undefined;
  constructor(private readonly callback: IntersectionObserverCallback) {
    ManualObserver.last = this;
  }
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
  scroll(isIntersecting: boolean): void {
    act(() => this.callback([{ isIntersecting } as IntersectionObserverEntry], this as never));
  }
}

const realObserver = globalThis.IntersectionObserver;
const realMatchMedia = window.matchMedia;
afterEach(() => {
  globalThis.IntersectionObserver = realObserver;
  window.matchMedia = realMatchMedia;
  ManualObserver.last = undefined;
});

describe('Quality badges', () => {
  it('shows the six documented badges, in their grid', () => {
    render(<QualityBadges />);
    const strip = screen.getByRole('region', { name: 'Why parents choose Kapaas' });
    const badges = within(strip).getAllByRole('listitem');

    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Medicinal Properties',
      'Environment Friendly',
      'Natural Color',
      'Sustainable',
      'Gender Neutral',
      'GOTS Certified organic cotton',
    ]);
    for (const badge of badges) expect(badge).toHaveClass('col-6', 'col-md-3', 'col-lg-2');
  });

  it('animates each time the strip scrolls into view', () => {
    globalThis.IntersectionObserver = ManualObserver as unknown as typeof IntersectionObserver;
    render(<QualityBadges />);
    const strip = screen.getByRole('region', { name: 'Why parents choose Kapaas' });
    expect(strip).not.toHaveClass('quality-badges--in-view');

    ManualObserver.last?.scroll(true);
    expect(strip).toHaveClass('quality-badges--in-view');
    ManualObserver.last?.scroll(false);
    expect(strip).not.toHaveClass('quality-badges--in-view');
    ManualObserver.last?.scroll(true);
    expect(strip).toHaveClass('quality-badges--in-view');
  });

  it('stands still when the shopper asked for reduced motion', () => {
    globalThis.IntersectionObserver = ManualObserver as unknown as typeof IntersectionObserver;
    window.matchMedia = (query: string) =>
      ({ ...realMatchMedia(query), matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList;
    render(<QualityBadges />);

    expect(ManualObserver.last).toBeUndefined();
    expect(screen.getByRole('region', { name: 'Why parents choose Kapaas' })).not.toHaveClass(
      'quality-badges--in-view',
    );
  });
});
