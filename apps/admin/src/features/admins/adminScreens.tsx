import { type AdminAccount, AdminCreateAccount, AdminUpdateAccount } from '@kapaas/contract';
import { ShownBadge } from '../../components/cells';
import type { FieldSpec } from '../../components/resource/fields';
import type { ResourceScreens } from '../../components/resource/screens';
import { formatDateTime } from '../../lib/format';

const ROLES = [
  { value: 'staff', label: 'Staff: catalogue and orders' },
  { value: 'owner', label: 'Owner: everything, including settings and team' },
];

const accountFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'email', label: 'E-mail', kind: 'text', help: 'They log in with it.' },
  {
    name: 'password',
    label: 'Password',
    kind: 'password',
    empty: 'omit',
    help: 'At least 12 characters, not a common password or your name or e-mail. When changing a team member, leave it empty to keep their password.',
  },
  { name: 'role', label: 'Role', kind: 'select', options: ROLES, initial: 'staff' },
  { name: 'active', label: 'Can log in', kind: 'checkbox' },
];

/** The people who may use the console (owners only): a new password or disabling logs them out. */
export const adminScreens: ResourceScreens<AdminAccount> = {
  resource: 'admins',
  path: '/team',
  title: 'Team members',
  noun: 'team member',
  nameOf: (account) => account.name,
  columns: [
    { header: 'Name', cell: (account) => account.name },
    { header: 'E-mail', cell: (account) => account.email },
    { header: 'Role', cell: (account) => (account.role === 'owner' ? 'Owner' : 'Staff') },
    { header: 'Since', cell: (account) => formatDateTime(account.created_at) },
    { header: 'Login', cell: (account) => <ShownBadge active={account.active} on="Active" off="Disabled" /> },
  ],
  useFields: () => accountFields,
  schema: AdminCreateAccount,
  updateSchema: AdminUpdateAccount,
  deleteWarning: 'They can no longer log in. The shop always keeps one active owner, and nobody deletes themselves.',
};
