import { queryErrorAlertSaying } from '@kapaas/web-kit';
import { errorMessage } from '../../lib/api';

/** A section that could not load, in this app's words when the API could not be reached (packages/web-kit). */
export const QueryErrorAlert = queryErrorAlertSaying(errorMessage);
