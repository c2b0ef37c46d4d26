import { ORDER_STATUS_VALUES } from '@kapaas/contract';
import { describeMovesTable, describeStateDiagram } from '../../../test/state-diagram';
import { ORDER_PROCESS, ORDER_TRANSITIONS } from './order-process';

describeStateDiagram('order-states.md', 'ORDER_TRANSITIONS', ORDER_TRANSITIONS, ORDER_STATUS_VALUES);
describeMovesTable('order-states.md', 'ORDER_PROCESS', ORDER_PROCESS);
