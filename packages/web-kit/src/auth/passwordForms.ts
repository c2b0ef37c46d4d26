import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/** A paragraph above a form's fields, which the form is described by. */
export interface FormIntro {
  text: string;
  className?: string;
}

/** What an app gives a password form: its schema, its API call, and how it shows a refusal. */
export interface PasswordFormApi<Fields extends FieldValues> {
  /** The app's schema of the request: the shop's and the console's rules for e-mails and passwords differ. */
  schema: z.ZodType<Fields, Fields>;
  /** Sends the request; resolves with the server's answer, rejects with an ApiError. */
  send: (fields: Fields) => Promise<{ message: string }>;
  /** Puts a refusal on the form: the server's field errors on their fields, its message in `root.server`. */
  showFailure: (error: unknown, setError: UseFormSetError<Fields>) => void;
  /** Classes of the form element. */
  className?: string;
  intro?: FormIntro;
}
