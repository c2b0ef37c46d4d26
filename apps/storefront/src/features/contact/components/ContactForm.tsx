import { useZodForm } from '@kapaas/web-kit';
import '../contact.css';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FieldPath } from 'react-hook-form';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { useSendContactMessage } from '../api/useSendContactMessage';
import {
  CONTACT_MESSAGES,
  type ContactFormValues,
  type ContactMessage,
  contactFormSchema,
} from '../contactForm.schema';

const EMPTY: ContactFormValues = { name: '', email: '', mobile: '', message: '' };
const FIELDS = Object.keys(EMPTY) as FieldPath<ContactFormValues>[];

/** The contact form (product.md §5): checked in the browser, then sent with the `contact` call. */
export function ContactForm() {
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(contactFormSchema, { defaultValues: EMPTY });

  const onSubmit = async (message: ContactMessage) => {
    setSent(false);
    try {
      await send.mutateAsync(message);
      reset(EMPTY);
      setSent(true);
    } catch (error) {
      // The server checks the same rules; a field it refuses is marked on that field.
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const [first] = error.errors[field] ?? [];
          if (first) setError(field, { message: first });
        }
      }
    }
  };

  const field = (name: FieldPath<ContactFormValues>) => ({
    ...register(name, { onChange: () => setSent(false) }),
    isInvalid: errors[name] !== undefined,
    'aria-invalid': errors[name] !== undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    disabled: isSubmitting,
  });

  const feedback = (name: FieldPath<ContactFormValues>) => (
    <Form.Control.Feedback type="invalid" id={`contact-${name}-error`}>
      {errors[name]?.message}
    </Form.Control.Feedback>
  );

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="contact-form-title" className="contact-form">
      <h2 id="contact-form-title" className="h4">
        Send us a message
      </h2>
      {sent && <Alert variant="success">{CONTACT_MESSAGES.sent}</Alert>}
      {send.isError && !sent && <Alert variant="danger">{errorMessage(send.error)}</Alert>}
      <div className="row g-3">
        <Form.Group className="col-md-6" controlId="contact-name">
          <Form.Label>Name</Form.Label>
          <Form.Control type="text" autoComplete="name" {...field('name')} />
          {feedback('name')}
        </Form.Group>
        <Form.Group className="col-md-6" controlId="contact-email">
          <Form.Label>Email</Form.Label>
          <Form.Control type="email" autoComplete="email" {...field('email')} />
          {feedback('email')}
        </Form.Group>
        <Form.Group className="col-md-6" controlId="contact-mobile">
          <Form.Label>Mobile number</Form.Label>
          <Form.Control
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            {...field('mobile')}
          />
          {feedback('mobile')}
        </Form.Group>
        <Form.Group className="col-12" controlId="contact-message">
          <Form.Label>Message</Form.Label>
          <Form.Control as="textarea" rows={5} {...field('message')} />
          {feedback('message')}
        </Form.Group>
      </div>
      <Button type="submit" className="mt-4 px-4" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send Message'}
      </Button>
    </Form>
  );
}
