import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatDay } from '#admin/lib/format.ts';
import {
  PERIOD_PRESETS,
  type Period,
  type PeriodPreset,
  PRESET_LABELS,
  periodErrors,
  previousPeriod,
} from '../lib/period';

interface PeriodPickerProps {
  preset: PeriodPreset;
  period: Period;
  /** A preset chosen, or a custom period applied. */
  onChange: (preset: PeriodPreset, custom?: Period) => void;
  /** Stock has no previous period to compare with. */
  compares: boolean;
}

/** The custom period's two days, checked before they are asked for (the error beside the field at fault). */
function CustomPeriod({ period, onApply }: { period: Period; onApply: (period: Period) => void }) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = periodErrors(from, to);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply({ from, to });
  };
  return (
    <Form className="report-period__custom" noValidate onSubmit={submit}>
      <Form.Group controlId={`${id}-from`}>
        <Form.Label className="small mb-0">From</Form.Label>
        <Form.Control
          type="date"
          size="sm"
          value={from}
          isInvalid={Boolean(errors.from)}
          onChange={(event) => setFrom(event.target.value)}
        />
        <Form.Control.Feedback type="invalid">{errors.from}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={`${id}-to`}>
        <Form.Label className="small mb-0">To</Form.Label>
        <Form.Control
          type="date"
          size="sm"
          value={to}
          isInvalid={Boolean(errors.to)}
          onChange={(event) => setTo(event.target.value)}
        />
        <Form.Control.Feedback type="invalid">{errors.to}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" size="sm" variant="primary" className="align-self-end">
        Apply
      </Button>
    </Form>
  );
}

/** The period every report covers: a preset or two days, in India's calendar, and the period it is compared with. */
export function PeriodPicker({ preset, period, onChange, compares }: PeriodPickerProps) {
  // Custom is open when the address says so, or while the owner is choosing its days; a preset in the address (a
  // choice, or the browser's back) closes it.
  const [choosing, setChoosing] = useState(false);
  const custom = preset === 'custom' || choosing;
  const previous = previousPeriod(period);
  const id = useId();
  return (
    <div className="report-period mb-3">
      <div className="report-period__choice">
        <Form.Label htmlFor={id} className="small mb-0">
          Period
        </Form.Label>
        <Form.Select
          id={id}
          size="sm"
          value={custom ? 'custom' : preset}
          onChange={(event) => {
            const chosen = event.target.value as PeriodPreset;
            setChoosing(chosen === 'custom');
            if (chosen !== 'custom') onChange(chosen);
          }}
        >
          {PERIOD_PRESETS.map((one) => (
            <option key={one} value={one}>
              {PRESET_LABELS[one]}
            </option>
          ))}
        </Form.Select>
      </div>
      {custom && (
        <CustomPeriod
          period={period}
          onApply={(chosen) => {
            setChoosing(false);
            onChange('custom', chosen);
          }}
        />
      )}
      <p className="report-period__says small text-body-secondary mb-0" aria-live="polite">
        {formatDay(period.from)} – {formatDay(period.to)} (India's days)
        {compares && `, compared with ${formatDay(previous.from)} – ${formatDay(previous.to)}`}
      </p>
    </div>
  );
}
