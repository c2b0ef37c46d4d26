import { RETURN_STATUS_VALUES } from '@kapaas/contract';
import { describeMovesTable, describeStateDiagram } from '../../../test/state-diagram';
import { RETURN_PROCESS, RETURN_TRANSITIONS } from './lifecycle';

describeStateDiagram('return-states.md', 'RETURN_TRANSITIONS', RETURN_TRANSITIONS, RETURN_STATUS_VALUES);
describeMovesTable('return-states.md', 'RETURN_PROCESS', RETURN_PROCESS);
