import { setUpBrowserTests } from '@kapaas/web-kit/testing';
import { beforeEach } from 'vitest';
import { resetSessionForTests } from '../src/lib/session';
import { installFriendlyValidationMessages } from '../src/lib/validation';

installFriendlyValidationMessages();
setUpBrowserTests();

beforeEach(() => {
  resetSessionForTests();
});
