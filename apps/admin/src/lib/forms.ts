import type { FieldOf } from '@kapaas/web-kit';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api';

const samePath: FieldOf = (path) => path;

/** Shows a failed save on the form: the server's field errors on their fields, its message above the buttons. */
export function showServerErrors<Raw extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Raw>,
  fieldOf: FieldOf = samePath,
): void {
  if (error instanceof ApiError) {
    for (const [path, messages] of Object.entries(error.errors)) {
      const [message] = messages;
      if (message) setError(fieldOf(path) as Path<Raw>, { type: 'server', message });
    }
  }
  setError('root.server', { type: 'server', message: errorMessage(error) });
}

/** '' → undefined (so the schema says the field is required), anything else → a number (NaN says "enter a number"). */
export function numberOrEmpty(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

/** '' → null (the API's "none"), anything else → a number. */
export function numberOrNull(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

/** An ISO instant as a `datetime-local` input's value, on this computer's clock. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value as an ISO instant; '' → null. */
export function fromLocalInput(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
