import type {
  AdminCategory,
  AdminNamed,
  AdminOrder,
  AdminProduct,
  AdminSize,
  AdminSubcategory,
} from '@kapaas/contract';

const at = '2026-11-20T06:30:00.000Z';

export const categories: AdminCategory[] = [
  {
    id: 1,
    slug: 'newborn',
    name: 'Newborn Essentials',
    image: '/media/c1.webp',
    sort_order: 0,
    active: true,
    hsn_code: '6111',
    created_at: at,
    updated_at: at,
  },
  {
    id: 2,
    slug: 'dresses',
    name: 'Dresses & Frocks',
    image: '/media/c2.webp',
    sort_order: 1,
    active: true,
    hsn_code: '6209',
    created_at: at,
    updated_at: at,
  },
];
export const subcategories: AdminSubcategory[] = [
  { ...categories[0], id: 11, category_id: 1, slug: 'jhablas', name: 'Jhablas' } as AdminSubcategory,
  { ...categories[1], id: 21, category_id: 2, slug: 'frocks', name: 'Frocks' } as AdminSubcategory,
];
export const sizes: AdminSize[] = [
  { id: 1, label: '0-3M', sort_order: 1 },
  { id: 2, label: '3-6M', sort_order: 2 },
  { id: 3, label: '6-12M', sort_order: 3 },
];
export const patterns: AdminNamed[] = [{ id: 1, name: 'Solid' }];
export const genders: AdminNamed[] = [{ id: 1, name: 'Unisex' }];

export const jhabla: AdminProduct = {
  id: 7,
  slug: 'mulmul-jhabla',
  name: 'Mulmul Jhabla',
  category_id: 1,
  subcategory_id: 11,
  description: 'Soft.',
  product_details: '',
  wash_care: '',
  price: 549,
  discount_price: null,
  pattern_id: 1,
  gender_id: null,
  status: 'active',
  hsn_code: null,
  hsn: '6111',
  weight_grams: null,
  in_gst_band: false,
  images: ['/media/uploads/jhabla-1280.webp'],
  sizes: [
    { size_id: 1, size: '0-3M', stock: 18, reserved: 0, available: 18 },
    { size_id: 2, size: '3-6M', stock: 5, reserved: 2, available: 3 },
  ],
  created_at: at,
  updated_at: at,
};

export const paidOrder: AdminOrder = {
  id: 42,
  status: 'paid',
  customer: { kind: 'user', id: 3, name: 'Asha Menon', email: 'asha@example.in' },
  total_items: 1,
  total: 549,
  refunded: 0,
  payment_method: 'online',
  paid_by: 'card',
  cod_to_collect: 0,
  cod_advance: 0,
  created_at: at,
  paid_at: at,
  shipping_address: {
    first_name: 'Asha',
    last_name: 'Menon',
    address: '14 Lake View Road',
    state: 'Kerala',
    city: 'Kochi',
    pin_code: '682001',
    email_id: 'asha@example.in',
    phone_number: '9847012345',
  },
  items_total: 549,
  discount: 0,
  prepaid_discount: 0,
  shipping_charge: 0,
  cod_fee: 0,
  shipping_zone: 'rest',
  delivery_by: '2026-11-27',
  return_received_at: null,
  coupon_code: null,
  razorpay_order_id: 'order_1',
  lines: [
    {
      product_id: 7,
      size_id: 1,
      product_name: 'Mulmul Jhabla',
      size: '0-3M',
      product_image: '/media/uploads/jhabla-1280.webp',
      unit_price: 549,
      list_price: 549,
      quantity: 1,
      line_total: 549,
    },
  ],
  payments: [
    {
      provider_payment_id: 'pay_1',
      amount: 549,
      refunded: 0,
      status: 'accepted',
      refusal_reason: null,
      method: 'card',
      vpa: null,
      bank: null,
      wallet: null,
      card: { network: 'Visa', last4: '1111' },
      refunds: [],
    },
  ],
  history: [{ status: 'paid', note: null, customer_note: null, at }],
  invoice_number: null,
  next_statuses: ['packed', 'cancelled'],
  open_cod_orders: [],
  shipment: null,
};

/** A cash-on-delivery order of ₹598 (₹549 and a ₹49 fee) waiting for the owner to confirm it: nothing paid yet. */
export const codOrder: AdminOrder = {
  ...paidOrder,
  status: 'cod_pending_confirmation',
  total: 598,
  payment_method: 'cod',
  paid_by: 'cod',
  cod_to_collect: 598,
  cod_fee: 49,
  paid_at: null,
  razorpay_order_id: null,
  payments: [],
  history: [{ status: 'cod_pending_confirmation', note: 'Order placed, cash on delivery.', customer_note: null, at }],
  next_statuses: ['cod_confirmed', 'cancelled'],
};
