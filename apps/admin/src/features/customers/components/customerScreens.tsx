import type { AdminCustomer } from '@kapaas/contract';
import { ShownBadge } from '#admin/components/cells.tsx';
import type { ListScreens } from '#admin/components/resource/screens.ts';
import { formatDateTime } from '#admin/lib/format.ts';

/** Registered customers: who they are, how often they ordered, and whether they can log in. */
export const customerScreens: ListScreens<AdminCustomer> = {
  resource: 'customers',
  path: '/customers',
  title: 'Customers',
  noun: 'customer',
  canCreate: false,
  nameOf: (customer) => customer.name,
  columns: [
    { header: 'Name', cell: (customer) => customer.name },
    { header: 'E-mail', cell: (customer) => customer.email },
    { header: 'Mobile', cell: (customer) => customer.phone },
    { header: 'Orders', cell: (customer) => customer.order_count },
    { header: 'Joined', cell: (customer) => formatDateTime(customer.created_at) },
    {
      header: 'Account',
      cell: (customer) => <ShownBadge active={customer.status === 'active'} on="Active" off="Disabled" />,
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'Account',
      options: [
        { value: 'active', label: 'Active' },
        { value: 'disabled', label: 'Disabled' },
      ],
    },
  ],
};
