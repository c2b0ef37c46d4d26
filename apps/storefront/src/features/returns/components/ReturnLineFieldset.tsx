import { type OrderLine, type ProductSize, RETURN_REASON_LABELS, RETURN_REASON_VALUES } from '@kapaas/contract';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatRupees } from '#storefront/lib/money.ts';
import { RETURN_KIND_LABELS, RETURN_TEXTS } from '#storefront/lib/returnTexts.ts';
import { ReturnRuleNote } from './ReturnRuleNote';
import type { ReturnFields } from './returnFormValues';

/** The sizes the shop sells the product in, or why an exchange cannot be offered. */
export type ExchangeSizes = { state: 'loading' } | { state: 'unavailable' } | { state: 'ready'; sizes: ProductSize[] };

interface ReturnLineFieldsetProps {
  index: number;
  line: OrderLine;
  exchangeSizes: ExchangeSizes;
  /** The size asked for in exchange has just sold out: offer to make the line a return. */
  soldOut: boolean;
  onSwitchToReturn: () => void;
}

/**
 * One line of the order: how many pieces go back (0 to what was bought), then for those pieces a return or an exchange
 * for another of the product's sizes (sold-out sizes shown, not choosable), a reason and a note. The rule the piece was
 * bought under (ADR 058) is shown, and what it refuses is not offered: an exchange-only piece has no return, a
 * final-sale piece no choices at all.
 */
export function ReturnLineFieldset({ index, line, exchangeSizes, soldOut, onSwitchToReturn }: ReturnLineFieldsetProps) {
  const ids = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<ReturnFields>();
  const quantity = Number(useWatch<ReturnFields, `lines.${number}.quantity`>({ name: `lines.${index}.quantity` }));
  const kind = useWatch<ReturnFields, `lines.${number}.kind`>({ name: `lines.${index}.kind` });
  const lineErrors = errors.lines?.[index];
  const otherSizes =
    exchangeSizes.state === 'ready' ? exchangeSizes.sizes.filter((s) => s.size_id !== line.size_id) : [];
  const canExchange = exchangeSizes.state === 'ready' && otherSizes.length > 0;
  // The rule the piece was bought under (ADR 058): an exchange-only piece is not offered a return.
  const exchangeOnly = line.return_rule.kind === 'exchange_only';
  const error = (field: 'quantity' | 'kind' | 'new_size' | 'reason' | 'note') => {
    const message = lineErrors?.[field]?.message;
    return message ? (
      <div id={`${ids}-${field}-error`} className="invalid-feedback d-block">
        {message}
      </div>
    ) : null;
  };
  const described = (field: 'quantity' | 'kind' | 'new_size' | 'reason' | 'note') =>
    lineErrors?.[field] ? `${ids}-${field}-error` : undefined;

  return (
    <fieldset className="return-line" aria-describedby={`${ids}-bought`}>
      <legend className="return-line__legend">
        <img src={line.product_image} alt="" width={64} height={64} loading="lazy" decoding="async" />
        <span>
          <span className="return-line__name">{line.product_name}</span>
          <span id={`${ids}-bought`} className="return-line__meta">
            Size {line.product_size} · bought {line.product_quantity} × {formatRupees(line.product_amount)}
          </span>
        </span>
      </legend>

      <ReturnRuleNote rule={line.return_rule} className="mb-2" />
      {line.return_rule.kind === 'final_sale' ? (
        <p className="form-text mb-0">This piece cannot be sent back.</p>
      ) : (
        <div className="return-line__grid">
          <div>
            <label htmlFor={`${ids}-quantity`} className="form-label">
              Pieces to send back
            </label>
            <select
              id={`${ids}-quantity`}
              className={`form-select${lineErrors?.quantity ? ' is-invalid' : ''}`}
              aria-invalid={lineErrors?.quantity !== undefined}
              aria-describedby={described('quantity')}
              {...register(`lines.${index}.quantity`)}
            >
              {Array.from({ length: line.product_quantity + 1 }, (_, count) => count).map((count) => (
                <option key={count} value={String(count)}>
                  {count}
                </option>
              ))}
            </select>
            {error('quantity')}
          </div>

          {quantity > 0 && (
            <div>
              <fieldset aria-describedby={described('kind')}>
                <legend className="form-label return-legend">What would you like?</legend>
                {(['return', 'exchange'] as const).map((choice) => (
                  <div className="form-check" key={choice}>
                    <input
                      id={`${ids}-kind-${choice}`}
                      type="radio"
                      value={choice}
                      className="form-check-input"
                      disabled={choice === 'exchange' ? !canExchange : exchangeOnly}
                      {...register(`lines.${index}.kind`)}
                    />
                    <label htmlFor={`${ids}-kind-${choice}`} className="form-check-label">
                      {RETURN_KIND_LABELS[choice]}
                    </label>
                  </div>
                ))}
              </fieldset>
              {exchangeSizes.state === 'unavailable' && (
                <p className="form-text mb-0">
                  {exchangeOnly
                    ? 'This product is no longer sold, and it is exchange only: it cannot be sent back.'
                    : 'This product is no longer sold: it can be returned for a refund.'}
                </p>
              )}
              {exchangeSizes.state === 'ready' && otherSizes.length === 0 && (
                <p className="form-text mb-0">
                  {exchangeOnly
                    ? 'This product comes in one size only, and it is exchange only: it cannot be sent back.'
                    : 'This product comes in one size only: it can be returned for a refund.'}
                </p>
              )}
              {error('kind')}
            </div>
          )}

          {quantity > 0 && kind === 'exchange' && (
            <div>
              <label htmlFor={`${ids}-new_size`} className="form-label">
                New size
              </label>
              <select
                id={`${ids}-new_size`}
                className={`form-select${lineErrors?.new_size ? ' is-invalid' : ''}`}
                aria-invalid={lineErrors?.new_size !== undefined}
                aria-describedby={described('new_size')}
                {...register(`lines.${index}.new_size`)}
              >
                <option value="">Choose a size</option>
                {otherSizes.map((size) => (
                  <option key={size.size_id} value={String(size.size_id)} disabled={!size.in_stock}>
                    {size.in_stock ? size.size : `${size.size} (sold out)`}
                  </option>
                ))}
              </select>
              {error('new_size')}
              {soldOut && (
                <button type="button" className="btn btn-outline-primary btn-sm mt-2" onClick={onSwitchToReturn}>
                  {RETURN_TEXTS.switchToReturn}
                </button>
              )}
            </div>
          )}

          {quantity > 0 && (
            <div>
              <label htmlFor={`${ids}-reason`} className="form-label">
                Reason
              </label>
              <select
                id={`${ids}-reason`}
                className={`form-select${lineErrors?.reason ? ' is-invalid' : ''}`}
                aria-invalid={lineErrors?.reason !== undefined}
                aria-describedby={described('reason')}
                {...register(`lines.${index}.reason`)}
              >
                <option value="">Choose a reason</option>
                {RETURN_REASON_VALUES.map((reason) => (
                  <option key={reason} value={reason}>
                    {RETURN_REASON_LABELS[reason]}
                  </option>
                ))}
              </select>
              {error('reason')}
            </div>
          )}

          {quantity > 0 && (
            <div className="return-line__note">
              <label htmlFor={`${ids}-note`} className="form-label">
                Note (optional)
              </label>
              <textarea
                id={`${ids}-note`}
                rows={2}
                maxLength={1000}
                className={`form-control${lineErrors?.note ? ' is-invalid' : ''}`}
                aria-invalid={lineErrors?.note !== undefined}
                aria-describedby={described('note')}
                {...register(`lines.${index}.note`)}
              />
              {error('note')}
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
