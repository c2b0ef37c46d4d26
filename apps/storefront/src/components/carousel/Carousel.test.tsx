import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './Carousel';

const SLIDES = ['Cloud', 'Muslin', 'Haldi'];

function renderBanners() {
  return render(
    <Carousel
      items={SLIDES}
      getKey={(slide) => slide}
      renderSlide={(slide) => <p>{slide}</p>}
      slideName="banner"
      autoplayMs={5000}
      showDots
    />,
  );
}

describe('Carousel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("starts its engine (embla) when the browser is idle, not in the hydration's own task", async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { unmount } = renderBanners();

    // The slides and arrows are the server's HTML from the start; the engine's controls are not there yet.
    expect(screen.getByText('Muslin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next banner' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull();
    expect(idle.length).toBeGreaterThan(0);

    act(() => {
      for (const callback of idle.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
    });
    expect(await screen.findByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
    unmount();
  });

  it('starts without requestIdleCallback (Safari) a moment later', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    renderBanners();
    expect(await screen.findByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });
});
