// The returns module's public surface: the customer calls, and what the console's moves (admin/returns) need to
// read, lock and move a return. It alone writes return_requests, return_lines and return_events.

export { receiveReturnByCourier } from './courier-receive';
export { anonymiseReturnsOf, openReturnsOf } from './erasure';
export {
  actionsOf,
  canMoveReturn,
  customerReturnHistory,
  nextStatus,
  RETURN_ACTIONS,
  RETURN_PROCESS,
  RETURN_STATUS_NOTES,
  RETURN_TRANSITIONS,
  type ReturnAction,
  type ReturnActor,
  type ReturnState,
  refusalOf,
  returnMoveOf,
  runReturnEffects,
} from './lifecycle';
export { queueReturnMail } from './return-mail';
export {
  linesOfReturns,
  lockReturn,
  moveReturn,
  noteOnReturn,
  orderLines,
  type ReturnRow,
  refundByRequestKey,
  refundedSoFar,
  returnCounts,
  returnOf,
  returnPage,
} from './returns.repository';
export { returnRoutes } from './returns.routes';
export { adminDetailOf, adminSummaryOf, refundDuePaise, stateOf } from './views';
