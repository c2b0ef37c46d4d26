// The cart module's public surface: what app.ts and other modules may use.
export { type CartLineRow, cartLines, lockCart, removePaidLines } from './cart.repository';
export { cartRoutes } from './cart.routes';
export { addToCart, mergeGuestCart, type WantedItem } from './cart.service';
export { deleteCartsOf } from './erasure';
export { queueCartReminders } from './reminders';
export { deleteLeftCarts } from './retention';
