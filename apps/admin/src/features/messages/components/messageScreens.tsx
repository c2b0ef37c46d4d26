import type { AdminContactMessage } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';
import type { ListScreens } from '#admin/components/resource/screens.ts';
import { formatDateTime } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';

const preview = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** What shoppers wrote through the contact form, unread first to the eye. */
export const messageScreens: ListScreens<AdminContactMessage> = {
  resource: 'contact-messages',
  path: paths.messages,
  title: 'Messages',
  noun: 'message',
  canCreate: false,
  nameOf: (message) => message.name,
  columns: [
    { header: 'From', cell: (message) => message.name },
    { header: 'Message', cell: (message) => preview(message.message) },
    { header: 'Received', cell: (message) => formatDateTime(message.created_at) },
    {
      header: 'Read',
      cell: (message) => (message.read_at ? <Badge bg="secondary">Read</Badge> : <Badge bg="primary">New</Badge>),
    },
  ],
  filters: [
    {
      name: 'read',
      label: 'Read',
      options: [
        { value: 'false', label: 'New' },
        { value: 'true', label: 'Read' },
      ],
    },
  ],
};
