/** The delivery address an order inserted straight into the database carries, in tests that need one. */
export const SAMPLE_ADDRESS_SNAPSHOT = {
  first_name: 'Asha',
  last_name: 'Rao',
  address: '12 MG Road',
  state: 'Karnataka',
  city: 'Bengaluru',
  pin_code: '560001',
  email_id: 'asha@example.in',
  phone_number: '9876543210',
};
