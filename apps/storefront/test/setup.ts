import { setUpBrowserTests } from '@kapaas/web-kit/testing';

setUpBrowserTests();
