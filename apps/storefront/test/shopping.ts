import type { CartItem, CartListAnswer } from '@kapaas/contract';
import { json } from './fakeApi';

/** Two cart lines as cart_list answers them: a plain jhabla (2 pieces) and a discounted romper (1 piece). */
export function cartLines(): CartItem[] {
  return [
    {
      product_id: 1,
      size_id: 11,
      name: 'Mulmul Jhabla',
      product_image: '/media/jhabla.jpg',
      selected_size_name: '0-3M',
      selected_quantity: 2,
      max_quantity: 5,
      price: 549,
      discount_price: 0,
      total: 1098,
      available: true,
      unavailable_reason: null,
      fit_warning: null,
    },
    {
      product_id: 2,
      size_id: 21,
      name: 'Muslin Romper',
      product_image: '/media/romper.jpg',
      selected_size_name: '3-6M',
      selected_quantity: 1,
      max_quantity: 3,
      price: 1199,
      discount_price: 959,
      total: 959,
      available: true,
      unavailable_reason: null,
      fit_warning: null,
    },
  ];
}

/** The cart_list answer for lines, with the server's sums over the available ones. */
export function cartAnswer(lines: CartItem[]): CartListAnswer {
  const available = lines.filter((line) => line.available);
  return {
    success: true,
    product: lines,
    total_items: available.reduce((n, line) => n + line.selected_quantity, 0),
    total_amount: available.reduce((sum, line) => sum + line.total, 0),
    shipping_charge: 0,
    zone_charge: 0,
    free_shipping_above: null,
    shipping_zone: null,
    delivery_by: null,
    cod: {
      offered: false,
      reason: 'This shop does not offer cash on delivery.',
      fee: 49,
      min_order: 299,
      max_order: 5000,
      advance: 0,
    },
    prepaid_discount: { percent: 0, max: null, amount: 0 },
  };
}

/** Cash on delivery offered, with a ₹49 fee, for orders of ₹299 to ₹5,000. */
export const codOffered: CartListAnswer['cod'] = {
  offered: true,
  reason: null,
  fee: 49,
  min_order: 299,
  max_order: 5000,
  advance: 0,
};

/** The delivery terms cart_list adds to the lines: shipping, delivery date and cash on delivery. */
export type CartTerms = Partial<Omit<CartListAnswer, 'success' | 'product' | 'total_items' | 'total_amount'>>;

/**
 * A server cart that cart_list, cart_quantity_update and remove_cart share, so a change shows on the next read.
 * `refuse` makes the next change fail with that status and message, as the server would. `terms` are the delivery
 * terms cart_list answers, or a function of its request (to answer for the address asked about).
 */
export function fakeServerCart(
  initial: CartItem[] = cartLines(),
  terms: CartTerms | ((body: Record<string, unknown>) => CartTerms) = {},
) {
  let lines = initial.map((line) => ({ ...line }));
  const state = { refuse: null as null | { status: number; message: string } };
  const refusal = () => {
    const refuse = state.refuse;
    state.refuse = null;
    return refuse ? json(refuse.status, { success: false, message: refuse.message }) : null;
  };
  return {
    state,
    answers: {
      cart_list: (body: Record<string, unknown>) => ({
        ...cartAnswer(lines),
        ...(typeof terms === 'function' ? terms(body) : terms),
      }),
      cart_quantity_update: (body: Record<string, unknown>) => {
        const refused = refusal();
        if (refused) return refused;
        lines = lines.map((line) =>
          line.product_id === body.product_id && line.size_id === body.size
            ? {
                ...line,
                selected_quantity: Number(body.quantity),
                total: (line.discount_price || line.price) * Number(body.quantity),
              }
            : line,
        );
        return { success: true, message: 'Cart updated.' };
      },
      remove_cart: (body: Record<string, unknown>) => {
        const refused = refusal();
        if (refused) return refused;
        lines = lines.filter((line) => !(line.product_id === body.product_id && line.size_id === body.size));
        return { success: true, message: 'Item removed from cart.' };
      },
    },
  };
}

/** Stores a guest identity the way rememberGuest does, before the shop renders. */
export function storeGuest(guestId = 7): void {
  localStorage.setItem('guest_id', String(guestId));
  localStorage.setItem('userId', String(guestId));
  localStorage.setItem('userName', 'Guest');
}

/** Stores a registered user the way rememberUser does. */
export function storeUser(userId = 3): void {
  localStorage.setItem('userId', String(userId));
  localStorage.setItem('userName', 'Asha');
  localStorage.setItem('userEmail', 'asha@example.in');
  localStorage.setItem('userPhone', '9876543210');
}
