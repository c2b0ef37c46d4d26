import { lazy, Suspense } from 'react';
import { type Control, Controller, type UseFormRegister } from 'react-hook-form';
import { controlAria } from '../form/Field';
import { ImageInput } from '../form/ImageInput';
import { ProductPicker } from '../form/ProductPicker';
import type { FieldSpec, RawValues } from './fields';

/** The palette's colour for a typed one: #RGB and #RRGGBB as they are, anything else black (#RRGGBBAA without its alpha). */
function swatchOf(text: string): string {
  const hex = text.trim().toLowerCase();
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) return hex.slice(0, 7);
  if (/^#[0-9a-f]{3}$/.test(hex)) return `#${[...hex.slice(1)].map((c) => c + c).join('')}`;
  return '#000000';
}

/** The rich-text editor is loaded with the first form that needs it. */
const RichTextInput = lazy(() => import('../form/RichTextInput'));

/** One field of a resource form, and the form's hooks its control is registered with. */
export interface ControlProps {
  field: FieldSpec;
  /** The control's id, which its label points at. */
  id: string;
  error: string | undefined;
  register: UseFormRegister<RawValues>;
  control: Control<RawValues, unknown, Record<string, unknown>>;
}

/** What a native control carries: its id, and what ties it to its hint and error. */
function nativeAttributes({ id, error, field }: ControlProps) {
  return { id, ...controlAria(id, error, field.help) };
}

/** A checkbox with its label after it and its hint below, as Bootstrap's form-check lays it out. */
export function CheckboxControl(props: ControlProps) {
  const { field, id, register } = props;
  return (
    <div className="form-check mb-3">
      <input type="checkbox" className="form-check-input" {...nativeAttributes(props)} {...register(field.name)} />
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

/** A colour typed as #RRGGBB, or chosen on the browser's palette beside it. */
function ColourControl(props: ControlProps) {
  const { field, error, control } = props;
  return (
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
              className={`form-control colour-input${error ? ' is-invalid' : ''}`}
              placeholder="#F4E9DA"
              {...nativeAttributes(props)}
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
}

/** The rich-text editor, for a field of HTML. */
function HtmlControl({ field, id, error, control }: ControlProps) {
  return (
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
            describedBy={controlAria(id, error, field.help)['aria-describedby']}
          />
        </Suspense>
      )}
    />
  );
}

/** A picture uploaded to the shop. */
function ImageControl({ field, id, error, control }: ControlProps) {
  return (
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
          describedBy={controlAria(id, error, field.help)['aria-describedby']}
        />
      )}
    />
  );
}

/** A list of products chosen from the catalogue. */
function ProductsControl({ field, id, error, control }: ControlProps) {
  return (
    <Controller
      control={control}
      name={field.name}
      render={({ field: picked }) => (
        <ProductPicker
          id={id}
          value={typeof picked.value === 'string' ? picked.value : ''}
          onChange={picked.onChange}
          describedBy={controlAria(id, error, field.help)['aria-describedby']}
        />
      )}
    />
  );
}

/** The input type of a field written as text: a date and time, a password, a number, or text. */
function inputTypeOf(kind: FieldSpec['kind']): string {
  if (kind === 'datetime') return 'datetime-local';
  if (kind === 'password') return 'password';
  return kind === 'number' || kind === 'rupees' ? 'number' : 'text';
}

/** A field typed into one input: text, a password, a whole number, rupees with paise, a date and time. */
function TextControl(props: ControlProps) {
  const { field, error, register } = props;
  const numeric = field.kind === 'number' || field.kind === 'rupees';
  return (
    <div className={field.kind === 'rupees' ? 'input-group' : undefined}>
      {field.kind === 'rupees' && <span className="input-group-text">₹</span>}
      <input
        type={inputTypeOf(field.kind)}
        autoComplete={field.kind === 'password' ? 'new-password' : undefined}
        inputMode={field.kind === 'rupees' ? 'decimal' : numeric ? 'numeric' : undefined}
        step={field.kind === 'rupees' ? '0.01' : numeric ? '1' : undefined}
        className={`form-control${error ? ' is-invalid' : ''}`}
        {...nativeAttributes(props)}
        {...register(field.name)}
      />
    </div>
  );
}

/** The control of a field of any kind but a checkbox, which lays out its own label. */
export function FieldControl(props: ControlProps) {
  const { field, error, register } = props;
  const invalidClass = error ? ' is-invalid' : '';
  switch (field.kind) {
    case 'textarea':
      return (
        <textarea
          className={`form-control${invalidClass}`}
          rows={3}
          {...nativeAttributes(props)}
          {...register(field.name)}
        />
      );
    case 'select':
      return (
        <select className={`form-select${invalidClass}`} {...nativeAttributes(props)} {...register(field.name)}>
          <option value="">{field.empty === 'null' ? 'None' : 'Choose…'}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case 'html':
      return <HtmlControl {...props} />;
    case 'image':
      return <ImageControl {...props} />;
    case 'products':
      return <ProductsControl {...props} />;
    case 'colour':
      return <ColourControl {...props} />;
    default:
      return <TextControl {...props} />;
  }
}
