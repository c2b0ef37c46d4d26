// The messages module's public surface: what app.ts and other modules may use.

export { deleteMessagesOf } from './erasure';
export { deleteContactMessage, deleteSubscriber, markContactMessageRead } from './messages.repository';
export { messageRoutes } from './messages.routes';
export { isConfirmedSubscriber } from './newsletter';
export { deleteUnconfirmedSignups } from './retention';
export { notifyBackInStock } from './stock-alerts';
