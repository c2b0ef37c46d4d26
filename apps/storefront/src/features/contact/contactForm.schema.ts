import { z } from 'zod';

/** The contact form's rules and messages, exactly as product.md §5 words them. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Enter a valid 10-digit mobile number',
  messageRequired: 'Message is required',
  sent: 'Your message has been sent!',
} as const;

const required = (message: string) => z.string().trim().min(1, { error: message, abort: true });

export const contactFormSchema = z.object({
  name: required(CONTACT_MESSAGES.nameRequired).max(100, 'The name can be at most 100 characters.'),
  email: required(CONTACT_MESSAGES.emailRequired)
    .max(254, 'The e-mail address can be at most 254 characters.')
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  mobile: required(CONTACT_MESSAGES.mobileRequired).regex(/^[0-9]{10}$/, CONTACT_MESSAGES.mobileInvalid),
  message: required(CONTACT_MESSAGES.messageRequired).max(5000, 'The message can be at most 5000 characters.'),
});

export type ContactFormValues = z.input<typeof contactFormSchema>;
export type ContactMessage = z.output<typeof contactFormSchema>;
