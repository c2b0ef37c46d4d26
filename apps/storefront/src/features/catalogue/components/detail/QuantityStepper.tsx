import { useId, useState } from 'react';

interface QuantityStepperProps {
  quantity: number;
  /** The chosen size's max_quantity; the stepper is disabled at 0 (sold out). */
  max: number;
  onChange: (quantity: number) => void;
}

/** − / number / + for the quantity, from 1 to the size's max_quantity (product.md §5). Typing a number works too. */
export function QuantityStepper({ quantity, max, onChange }: QuantityStepperProps) {
  const inputId = useId();
  const hintId = useId();
  // What the shopper is typing, kept until they leave the box, so clearing it to type "3" is possible.
  const [draft, setDraft] = useState<string | null>(null);
  const soldOut = max < 1;

  return (
    <div className="quantity-stepper">
      <label htmlFor={inputId} className="quantity-stepper__label">
        Quantity
      </label>
      <div className="quantity-stepper__controls">
        <button
          type="button"
          className="quantity-stepper__button"
          aria-label="Decrease quantity"
          aria-controls={inputId}
          onClick={() => onChange(quantity - 1)}
          disabled={soldOut || quantity <= 1}
        >
          −
        </button>
        <input
          id={inputId}
          className="quantity-stepper__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={draft ?? String(quantity)}
          aria-describedby={hintId}
          disabled={soldOut}
          onChange={(event) => {
            setDraft(event.target.value);
            const typed = Number.parseInt(event.target.value, 10);
            if (!Number.isNaN(typed)) onChange(typed);
          }}
          onBlur={() => setDraft(null)}
        />
        <button
          type="button"
          className="quantity-stepper__button"
          aria-label="Increase quantity"
          aria-controls={inputId}
          onClick={() => onChange(quantity + 1)}
          disabled={soldOut || quantity >= max}
        >
          +
        </button>
      </div>
      <p id={hintId} className="quantity-stepper__hint">
        {soldOut ? 'Sold out' : `Up to ${max} in this size`}
      </p>
    </div>
  );
}
