import { z } from 'zod';
import { AdminPaging, adminItem, adminList, QueryFlag, Timestamp } from './common';

export const AdminCustomerStatus = z.enum(['active', 'disabled']);
export const AdminCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: AdminCustomerStatus,
  order_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminCustomer = z.infer<typeof AdminCustomer>;
/** Only the status can change: disabling a customer ends their sessions and refuses their logins. */
export const AdminUpdateCustomer = z.strictObject({ status: AdminCustomerStatus });
export type AdminUpdateCustomer = z.infer<typeof AdminUpdateCustomer>;
export const AdminCustomerListQuery = z.strictObject({ ...AdminPaging, status: AdminCustomerStatus.optional() });
export const AdminCustomerListAnswer = adminList(AdminCustomer);
export const AdminCustomerAnswer = adminItem(AdminCustomer);

export const AdminContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  message: z.string(),
  created_at: Timestamp,
  read_at: Timestamp.nullable(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessage>;
export const AdminUpdateContactMessage = z.strictObject({ read: z.boolean() });
export type AdminUpdateContactMessage = z.infer<typeof AdminUpdateContactMessage>;
export const AdminContactMessageListQuery = z.strictObject({ ...AdminPaging, read: QueryFlag.optional() });
export const AdminContactMessageListAnswer = adminList(AdminContactMessage);
export const AdminContactMessageAnswer = adminItem(AdminContactMessage);

export const AdminNewsletterSubscriber = z.object({
  id: z.number().int(),
  email: z.string(),
  created_at: Timestamp,
  /** Double opt-in: when the address's owner followed the confirmation link; null until then (it does not count). */
  confirmed_at: Timestamp.nullable(),
});
export type AdminNewsletterSubscriber = z.infer<typeof AdminNewsletterSubscriber>;
export const AdminNewsletterSubscriberListQuery = z.strictObject(AdminPaging);
export const AdminNewsletterSubscriberListAnswer = adminList(AdminNewsletterSubscriber);
export const AdminNewsletterSubscriberAnswer = adminItem(AdminNewsletterSubscriber);
