import { PAYMENT_STATUSES } from '@kapaas/db';
import { describeMovesTable, describeStateDiagram } from '../../../test/state-diagram';
import { PAYMENT_PROCESS, PAYMENT_TRANSITIONS } from './payments.repository';

describeStateDiagram('payment-states.md', 'PAYMENT_TRANSITIONS', PAYMENT_TRANSITIONS, PAYMENT_STATUSES);
describeMovesTable('payment-states.md', 'PAYMENT_PROCESS', PAYMENT_PROCESS);
