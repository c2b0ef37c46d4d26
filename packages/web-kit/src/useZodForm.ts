import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

/** A schema whose input and output are form values (objects keyed by field name). */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A react-hook-form form checked by a zod schema and typed from it: the inputs hold the schema's input and
 * the submit handler receives its output. A form whose inputs are narrower than what the API takes (strings
 * where the API also takes numbers) passes a schema that reads those inputs and pipes them on.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
}
