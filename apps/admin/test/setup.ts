import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetSessionForTests } from '../src/lib/session';
import { installFriendlyValidationMessages } from '../src/lib/validation';

installFriendlyValidationMessages();

// jsdom lacks matchMedia, which react-bootstrap's responsive offcanvas reads.
window.matchMedia = (query: string): MediaQueryList =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.scrollTo = () => {};

beforeEach(() => {
  resetSessionForTests();
});

afterEach(() => {
  cleanup();
});
