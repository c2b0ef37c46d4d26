import { RETURN_STATUS_VALUES } from '@kapaas/contract';
import { describeStateDiagram } from '../../../test/state-diagram';
import { RETURN_TRANSITIONS } from './lifecycle';

describeStateDiagram('return-states.md', 'RETURN_TRANSITIONS', RETURN_TRANSITIONS, RETURN_STATUS_VALUES);
