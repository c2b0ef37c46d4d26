import type { AdminAuditEntry, AdminNewsletterSubscriber } from '@kapaas/contract';
import type { ListScreens } from '../../components/resource/screens';
import { formatDateTime, localDay } from '../../lib/format';

/** The fields a write changed, read from the record before and after it. */
export function changedFields(before: unknown, after: unknown): string {
  if (before == null) return 'created';
  if (after == null) return 'deleted';
  const record = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const was = record(before);
  const now = record(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
    (key) => key !== 'updated_at' && JSON.stringify(was[key]) !== JSON.stringify(now[key]),
  );
  return keys.length === 0 ? '—' : keys.join(', ');
}

/** Every write made through the console or the admin API: who, when, what and which fields. */
export const auditScreens: ListScreens<AdminAuditEntry> = {
  resource: 'audit-log',
  path: '/audit-log',
  title: 'Audit log',
  noun: 'entry',
  canCreate: false,
  linkRows: false,
  nameOf: (entry) => `${entry.action} ${entry.resource}`,
  columns: [
    { header: 'When', cell: (entry) => formatDateTime(entry.created_at) },
    { header: 'Who', cell: (entry) => entry.admin_email },
    { header: 'Did', cell: (entry) => entry.action },
    { header: 'To', cell: (entry) => (entry.resource_id ? `${entry.resource} #${entry.resource_id}` : entry.resource) },
    { header: 'Fields', cell: (entry) => changedFields(entry.before, entry.after) },
  ],
};

/** The addresses left in the footer's newsletter box. */
export const subscriberScreens: ListScreens<AdminNewsletterSubscriber> = {
  resource: 'newsletter-subscribers',
  path: '/newsletter',
  title: 'Newsletter subscribers',
  noun: 'subscriber',
  canCreate: false,
  linkRows: false,
  download: {
    label: 'Download all (CSV)',
    path: 'newsletter-subscribers.csv',
    filename: () => `kapaas-newsletter-${localDay()}.csv`,
  },
  nameOf: (subscriber) => subscriber.email,
  columns: [
    { header: 'E-mail', cell: (subscriber) => subscriber.email },
    { header: 'Since', cell: (subscriber) => formatDateTime(subscriber.created_at) },
    /** Double opt-in: only an address whose owner followed the confirmation link counts. */
    {
      header: 'Confirmed',
      cell: (subscriber) => (subscriber.confirmed_at === null ? 'No' : 'Yes'),
    },
  ],
};
