import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import type { FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { showServerErrors } from '../../lib/forms';
import { Field } from '../form/Field';
import { CheckboxControl, type ControlProps, FieldControl } from './FieldControl';
import { type FieldSpec, type RawValues, toBody, toRaw } from './fields';

interface ResourceFormProps {
  fields: FieldSpec[];
  /** The contract's schema of the body (the server checks the same). */
  schema: z.ZodType<Record<string, unknown>>;
  /** The record being changed; absent for a new one. */
  item?: Record<string, unknown> | undefined;
  submitLabel: string;
  /** Saves the body; a rejection's field errors are shown on the fields. */
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
  onCancel: () => void;
}

/** One field of the form: its control with its label, hint and error (a checkbox lays them out its own way). */
function ResourceField(props: ControlProps) {
  const { field, id, error } = props;
  if (field.kind === 'checkbox') return <CheckboxControl {...props} />;
  return (
    <Field id={id} label={field.label} error={error} help={field.help} group={field.kind === 'products'}>
      <FieldControl {...props} />
    </Field>
  );
}

/** A resource's form drawn from its field list, checked with the contract's schema before it is sent. */
export function ResourceForm({ fields, schema, item, submitLabel, onSave, onCancel }: ResourceFormProps) {
  const formId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, {
    toBody: (raw: RawValues) => toBody(fields, raw),
    defaultValues: toRaw(fields, item),
  });

  const submit = async (body: Record<string, unknown>) => {
    try {
      await onSave(body);
    } catch (error) {
      showServerErrors(error, setError);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="resource-form">
      <fieldset disabled={isSubmitting}>
        {fields.map((field) =>
          field.showWhen && watch(field.showWhen.field) !== field.showWhen.equals ? null : (
            <ResourceField
              key={field.name}
              field={field}
              id={`${formId}-${field.name}`}
              error={(errors[field.name] as FieldError | undefined)?.message}
              register={register}
              control={control}
            />
          ),
        )}
      </fieldset>
      <FormOutcome error={errors.root?.server?.message} />
      <div className="d-flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
