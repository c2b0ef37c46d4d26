import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import Button from 'react-bootstrap/Button';
import { Controller, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { showServerErrors } from '../../lib/forms';
import { describedBy, Field } from '../form/Field';
import { ImageInput } from '../form/ImageInput';
import { ProductPicker } from '../form/ProductPicker';
import { type FieldSpec, type RawValues, toBody, toRaw } from './fields';

/** The palette's colour for a typed one: #RGB and #RRGGBB as they are, anything else black (#RRGGBBAA without its alpha). */
function swatchOf(text: string): string {
  const hex = text.trim().toLowerCase();
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) return hex.slice(0, 7);
  if (/^#[0-9a-f]{3}$/.test(hex)) return `#${[...hex.slice(1)].map((c) => c + c).join('')}`;
  return '#000000';
}

/** The rich-text editor is loaded with the first form that needs it. */
const RichTextInput = lazy(() => import('../form/RichTextInput'));

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
        {fields.map((field) => {
          if (field.showWhen && watch(field.showWhen.field) !== field.showWhen.equals) return null;
          const id = `${formId}-${field.name}`;
          const error = (errors[field.name] as FieldError | undefined)?.message;
          const described = describedBy(id, error, field.help);
          const invalidClass = error ? ' is-invalid' : '';
          const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described };

          if (field.kind === 'checkbox') {
            return (
              <div key={field.name} className="form-check mb-3">
                <input type="checkbox" className="form-check-input" {...common} {...register(field.name)} />
                <label htmlFor={id} className="form-check-label">
                  {field.label}
                </label>
                {field.help && (
                  <div id={`${id}-help`} className="form-text mt-0">
                    {field.help}
                  </div>
                )}
              </div>
            );
          }

          let input: ReactNode;
          switch (field.kind) {
            case 'textarea':
              input = (
                <textarea className={`form-control${invalidClass}`} rows={3} {...common} {...register(field.name)} />
              );
              break;
            case 'html':
              input = (
                <Controller
                  control={control}
                  name={field.name}
                  render={({ field: text }) => (
                    <Suspense fallback={<p className="form-control text-body-secondary">Loading the editor…</p>}>
                      <RichTextInput
                        id={id}
                        labelId={`${id}-label`}
                        value={typeof text.value === 'string' ? text.value : ''}
                        onChange={text.onChange}
                        invalid={error !== undefined}
                        describedBy={described}
                      />
                    </Suspense>
                  )}
                />
              );
              break;
            case 'select':
              input = (
                <select className={`form-select${invalidClass}`} {...common} {...register(field.name)}>
                  <option value="">{field.empty === 'null' ? 'None' : 'Choose…'}</option>
                  {field.options?.map((option) => (
                    <option key={option.value} value={String(option.value)}>
                      {option.label}
                    </option>
                  ))}
                </select>
              );
              break;
            case 'image':
              input = (
                <Controller
                  control={control}
                  name={field.name}
                  render={({ field: image }) => (
                    <ImageInput
                      id={id}
                      label={field.label}
                      value={typeof image.value === 'string' ? image.value : ''}
                      onChange={image.onChange}
                      invalid={error !== undefined}
                      describedBy={described}
                    />
                  )}
                />
              );
              break;
            case 'products':
              input = (
                <Controller
                  control={control}
                  name={field.name}
                  render={({ field: picked }) => (
                    <ProductPicker
                      id={id}
                      value={typeof picked.value === 'string' ? picked.value : ''}
                      onChange={picked.onChange}
                      describedBy={described}
                    />
                  )}
                />
              );
              break;
            case 'colour':
              input = (
                <Controller
                  control={control}
                  name={field.name}
                  render={({ field: colour }) => {
                    const text = typeof colour.value === 'string' ? colour.value : '';
                    return (
                      <div className="colour-field">
                        <input
                          type="color"
                          className="form-control form-control-color"
                          aria-label={`${field.label}: choose on a palette`}
                          value={swatchOf(text)}
                          onChange={(event) => colour.onChange(event.target.value.toUpperCase())}
                        />
                        <input
                          type="text"
                          className={`form-control colour-input${invalidClass}`}
                          placeholder="#F4E9DA"
                          {...common}
                          name={colour.name}
                          ref={colour.ref}
                          value={text}
                          onChange={colour.onChange}
                          onBlur={colour.onBlur}
                        />
                      </div>
                    );
                  }}
                />
              );
              break;
            default: {
              const numeric = field.kind === 'number' || field.kind === 'rupees';
              const type =
                field.kind === 'datetime'
                  ? 'datetime-local'
                  : field.kind === 'password'
                    ? 'password'
                    : numeric
                      ? 'number'
                      : 'text';
              input = (
                <div className={field.kind === 'rupees' ? 'input-group' : undefined}>
                  {field.kind === 'rupees' && <span className="input-group-text">₹</span>}
                  <input
                    type={type}
                    autoComplete={field.kind === 'password' ? 'new-password' : undefined}
                    inputMode={field.kind === 'rupees' ? 'decimal' : numeric ? 'numeric' : undefined}
                    step={field.kind === 'rupees' ? '0.01' : numeric ? '1' : undefined}
                    className={`form-control${invalidClass}`}
                    {...common}
                    {...register(field.name)}
                  />
                </div>
              );
            }
          }
          return (
            <Field
              key={field.name}
              id={id}
              label={field.label}
              error={error}
              help={field.help}
              group={field.kind === 'products'}
            >
              {input}
            </Field>
          );
        })}
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
