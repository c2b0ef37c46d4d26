import { PAYMENT_STATUSES } from '@kapaas/db';
import { describeStateDiagram } from '../../../test/state-diagram';
import { PAYMENT_TRANSITIONS } from './payments.repository';

describeStateDiagram('payment-states.md', 'PAYMENT_TRANSITIONS', PAYMENT_TRANSITIONS, PAYMENT_STATUSES);
