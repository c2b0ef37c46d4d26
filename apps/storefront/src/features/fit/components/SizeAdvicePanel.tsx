import type { SizeAdviceAnswer } from '@kapaas/contract';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, apiPost, errorMessage } from '#storefront/lib/api.ts';
import { childLabel, useSavedChildren } from '../api/useSavedChildren';
import '../fit.css';

/** The form's fields, as typed; each maps to the call's field whose errors show beside it. */
const FIELDS = {
  age: { name: 'age_months', label: 'Age in months', hint: '0 to 144' },
  height: { name: 'height_cm', label: 'Height (cm)', hint: '40 to 150' },
  weight: { name: 'weight_kg', label: 'Weight (kg)', hint: '2 to 40' },
} as const;
type Field = keyof typeof FIELDS;
type Values = Record<Field, string> & { birth: string };

/** Whole months from a `YYYY-MM` birth month to this month, as the shop counts a child's age; null for none. */
export function monthsSince(birthMonth: string, today = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})$/.exec(birthMonth);
  if (!match) return null;
  return today.getFullYear() * 12 + today.getMonth() - (Number(match[1]) * 12 + Number(match[2]) - 1);
}

/** A field left empty is not sent; anything else is sent as a number (the server says beside it what is wrong). */
const figure = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The "Find my size" form (ADR 060), loaded when the shopper opens it: the child's age (or birth month), height or
 * weight; size_advice answers the size, why, how sure and what else to consider, and the page preselects it.
 */
export default function SizeAdvicePanel({
  productId,
  onAdvice,
}: {
  productId: number;
  onAdvice: (answer: SizeAdviceAnswer) => void;
}) {
  const ids = useId();
  const children = useSavedChildren();
  const [values, setValues] = useState<Values>({ age: '', birth: '', height: '', weight: '' });
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<SizeAdviceAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Values, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const chooseBirthMonth = (birth: string) => {
    const months = monthsSince(birth);
    setValues((current) => ({ ...current, birth, age: months === null ? current.age : String(months) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const body = {
        age_months: figure(values.age),
        height_cm: figure(values.height),
        weight_kg: figure(values.weight),
      };
      const advice = await apiPost('size_advice', { product_id: productId, ...body });
      setAnswer(advice);
      onAdvice(advice);
    } catch (error) {
      setAnswer(null);
      const fieldErrors = error instanceof ApiError ? error.errors : {};
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="find-my-size__form" noValidate onSubmit={submit} aria-label="Find my size">
      <p className="small">
        Give what you know of the child: the height is the surest guide, then the weight, then the age.
      </p>
      {children.length > 0 && (
        <fieldset className="find-my-size__children">
          <legend className="small">Your children</legend>
          {children.map((child) => (
            <button
              key={child.id}
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() =>
                setValues((current) => ({ ...current, birth: child.birth_month, age: String(child.age_months) }))
              }
            >
              For {childLabel(child, 'my child')}
            </button>
          ))}
        </fieldset>
      )}
      <div className="find-my-size__fields">
        <FigureField id={`${ids}-age`} field="age" value={values.age} errors={errors} onChange={set} />
        <div className="find-my-size__field">
          <label htmlFor={`${ids}-birth`} className="form-label">
            Or birth month
          </label>
          <input
            id={`${ids}-birth`}
            type="month"
            className="form-control"
            value={values.birth}
            onChange={(event) => chooseBirthMonth(event.target.value)}
          />
        </div>
        <FigureField id={`${ids}-height`} field="height" value={values.height} errors={errors} onChange={set} />
        <FigureField id={`${ids}-weight`} field="weight" value={values.weight} errors={errors} onChange={set} />
      </div>
      <button type="submit" className="btn btn-outline-primary btn-sm" disabled={busy}>
        {busy ? 'Finding…' : 'Suggest a size'}
      </button>
      {failure && (
        <p className="find-my-size__error" role="alert">
          {failure}
        </p>
      )}
      <div role="status">{answer && <AdviceAnswer answer={answer} />}</div>
    </form>
  );
}

/** A number field with its label, and the server's words beside it when it refused the figure. */
function FigureField(props: {
  id: string;
  field: Field;
  value: string;
  errors: Record<string, string[] | undefined>;
  onChange: (field: Field, value: string) => void;
}) {
  const { id, field, value, errors, onChange } = props;
  const { name, label, hint } = FIELDS[field];
  const error = errors[name]?.[0];
  return (
    <div className="find-my-size__field">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        step={field === 'age' ? 1 : 0.1}
        placeholder={hint}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(event) => onChange(field, event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="find-my-size__error">
          {error}
        </p>
      )}
    </div>
  );
}

const CONFIDENCE = { high: 'High confidence', medium: 'Medium confidence', low: 'Low confidence' } as const;

/** The size suggested, how sure, why, and the other sizes worth a look; or why there is none. */
function AdviceAnswer({ answer }: { answer: SizeAdviceAnswer }) {
  return (
    <section className="find-my-size__answer" aria-label="Our suggestion">
      {answer.size_name ? (
        <p className="find-my-size__size">
          Our suggestion: <strong>{answer.size_name}</strong>
          {answer.confidence && <span className="find-my-size__confidence"> · {CONFIDENCE[answer.confidence]}</span>}
        </p>
      ) : (
        <p className="find-my-size__size">We cannot suggest a size for this product.</p>
      )}
      <p className="find-my-size__reason">{answer.reason}</p>
      {answer.alternatives.length > 0 && (
        <ul className="find-my-size__alternatives">
          {answer.alternatives.map((alternative) => (
            <li key={alternative.size_id}>
              <strong>{alternative.size_name}</strong>: {alternative.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
