import { ORDER_STATUS_VALUES } from '@kapaas/contract';
import { describeStateDiagram } from '../../../test/state-diagram';
import { ORDER_TRANSITIONS } from './order-process';

describeStateDiagram('order-states.md', 'ORDER_TRANSITIONS', ORDER_TRANSITIONS, ORDER_STATUS_VALUES);
