import { type AdminCoupon, AdminCreateCoupon } from '@kapaas/contract';
import { ShownBadge } from '../../components/cells';
import type { FieldSpec } from '../../components/resource/fields';
import type { ResourceScreens } from '../../components/resource/screens';
import { formatDateTime, formatRupees } from '../../lib/format';

const couponFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', help: 'What shoppers see, e.g. “Diwali offer”.' },
  { name: 'code', label: 'Code', kind: 'text', help: 'What shoppers type: 3 to 30 letters, digits, - or _.' },
  {
    name: 'type',
    label: 'Discount',
    kind: 'select',
    options: [
      { value: 'Amount', label: 'Rupees off' },
      { value: 'Percentage', label: 'Percent off' },
    ],
    initial: 'Amount',
  },
  {
    name: 'amount',
    label: 'Rupees off',
    kind: 'rupees',
    initial: '0',
    showWhen: { field: 'type', equals: 'Amount' },
  },
  {
    name: 'percentage',
    label: 'Percent off',
    kind: 'number',
    help: 'From 0 to 100.',
    initial: '0',
    showWhen: { field: 'type', equals: 'Percentage' },
  },
  {
    name: 'max_discount',
    label: 'Largest discount',
    kind: 'rupees',
    empty: 'null',
    help: 'Leave empty for no limit.',
    showWhen: { field: 'type', equals: 'Percentage' },
  },
  { name: 'min_order_value', label: 'Smallest order', kind: 'rupees', initial: '0' },
  { name: 'valid_from', label: 'Valid from', kind: 'datetime', help: 'Leave empty to start at once.' },
  { name: 'valid_to', label: 'Valid until', kind: 'datetime', help: 'Leave empty for no end.' },
  { name: 'usage_limit', label: 'Uses in all', kind: 'number', empty: 'null', help: 'Leave empty for no limit.' },
  {
    name: 'per_customer_limit',
    label: 'Uses per customer',
    kind: 'number',
    empty: 'null',
    help: 'Leave empty for no limit.',
  },
  { name: 'active', label: 'Shoppers can use it', kind: 'checkbox' },
];

const discountOf = (coupon: AdminCoupon) =>
  coupon.type === 'Percentage' ? `${coupon.percentage}% off` : `${formatRupees(coupon.amount)} off`;

export const couponScreens: ResourceScreens<AdminCoupon> = {
  resource: 'coupons',
  path: '/coupons',
  title: 'Coupons',
  noun: 'coupon',
  nameOf: (coupon) => coupon.code,
  columns: [
    { header: 'Code', cell: (coupon) => coupon.code },
    { header: 'Name', cell: (coupon) => coupon.name },
    { header: 'Discount', cell: discountOf },
    { header: 'Valid until', cell: (coupon) => (coupon.valid_to ? formatDateTime(coupon.valid_to) : 'No end') },
    { header: 'Used', cell: (coupon) => coupon.used_count },
    { header: 'Status', cell: (coupon) => <ShownBadge active={coupon.active} on="Active" off="Inactive" /> },
  ],
  filters: [
    {
      name: 'active',
      label: 'Status',
      options: [
        { value: 'true', label: 'Active' },
        { value: 'false', label: 'Inactive' },
      ],
    },
  ],
  useFields: () => couponFields,
  schema: AdminCreateCoupon,
  deleteWarning: 'A coupon that paid orders used is switched off instead, so those orders keep it.',
};
