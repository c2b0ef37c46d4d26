// The returns module's public surface: the customer calls, and the owner's moves the admin API makes.
export {
  approveReturn,
  findReturn,
  listReturns,
  receiveReturn,
  rejectReturn,
  shipExchange,
} from './admin-returns.service';
export {
  actionsOf,
  canMoveReturn,
  customerReturnHistory,
  nextStatus,
  RETURN_ACTIONS,
  RETURN_STATUS_NOTES,
  RETURN_TRANSITIONS,
  type ReturnAction,
} from './lifecycle';
export { refundReturn, returnRefundKey } from './refund';
export { returnRoutes } from './returns.routes';
