import { PIN_CODE_MESSAGE, PIN_CODE_PATTERN } from '@kapaas/contract';
import { type FormEvent, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { useDeliveryCheck } from '../api/useDeliveryCheck';
import { forgetDeliveryPin, readDeliveryPin, rememberDeliveryPin } from '../rememberedPin';

/** The server's words about the PIN code field, when its refusal names the field. */
function pinCodeError(error: unknown): string | undefined {
  return error instanceof ApiError ? error.errors.pin_code?.[0] : undefined;
}

/**
 * "Check delivery" on a product page: a PIN code gives the delivery date, the place and whether cash on delivery is
 * offered. The PIN code checked last is kept for the session and checked again on the next product page. The server
 * render and the first browser render show the empty form; the stored PIN code is read only after hydration.
 * Until this box has hydrated (its script loads after the page's), its Check button is disabled: a tap on the server's
 * HTML would otherwise submit the bare form and reload the page. A PIN code typed before then is kept.
 * Its stylesheet, delivery.css, is linked by the page that shows it, so that the server's HTML is styled at once.
 */
export function DeliveryCheck({ productId }: { productId: number }) {
  const ids = useId();
  const check = useDeliveryCheck();
  const [pin, setPin] = useState('');
  const [editing, setEditing] = useState(true);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const focusInput = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);

  const ask = (pinCode: string) => {
    setFieldError(undefined);
    check.mutate(
      { pin_code: pinCode, product_id: productId },
      {
        onSuccess: (answer) => {
          rememberDeliveryPin(answer.pin_code);
          setEditing(false);
        },
        onError: (error) => {
          const message = pinCodeError(error);
          if (message) forgetDeliveryPin();
          setFieldError(message);
          setEditing(true);
        },
      },
    );
  };

  const askAgain = useEffectEvent(() => {
    const stored = readDeliveryPin();
    if (stored === null) return;
    setPin(stored);
    setEditing(false);
    ask(stored);
  });
  useEffect(() => {
    // What the shopper typed into the server's HTML before hydration stays theirs.
    const typed = input.current?.value ?? '';
    if (typed !== '') setPin(typed);
    setHydrated(true);
    askAgain();
  }, []);

  useEffect(() => {
    if (editing && focusInput.current) input.current?.focus();
    focusInput.current = false;
  }, [editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pinCode = pin.trim();
    if (!PIN_CODE_PATTERN.test(pinCode)) {
      check.reset();
      setFieldError(PIN_CODE_MESSAGE);
      return;
    }
    ask(pinCode);
  };

  const change = () => {
    check.reset();
    focusInput.current = true;
    setEditing(true);
  };

  const inputId = `${ids}-pin`;
  const errorId = `${ids}-error`;
  const answer = editing ? undefined : check.data;
  const failure = check.isError && !pinCodeError(check.error) ? errorMessage(check.error) : null;

  return (
    <section className="delivery-check" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="delivery-check__title">
        Check delivery
      </h2>
      {editing ? (
        <form noValidate onSubmit={submit} className="delivery-check__form">
          <label htmlFor={inputId} className="delivery-check__label">
            PIN code
          </label>
          <div className="delivery-check__row">
            <input
              ref={input}
              id={inputId}
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              className={`form-control${fieldError ? ' is-invalid' : ''}`}
              aria-invalid={fieldError !== undefined}
              aria-describedby={fieldError ? errorId : undefined}
              value={pin}
              onChange={(event) => setPin(event.target.value)}
            />
            <button type="submit" className="btn btn-outline-primary" disabled={!hydrated || check.isPending}>
              {check.isPending ? 'Checking…' : 'Check'}
            </button>
          </div>
          {fieldError && (
            <p id={errorId} className="delivery-check__error">
              {fieldError}
            </p>
          )}
        </form>
      ) : (
        <p className="delivery-check__pin">
          Delivering to <strong>{pin}</strong>
          <button type="button" className="btn btn-link delivery-check__change" onClick={change}>
            Change <span className="visually-hidden">PIN code</span>
          </button>
        </p>
      )}
      <div className="delivery-check__answer" aria-live="polite">
        {!editing && check.isPending && <p className="delivery-check__place">Checking…</p>}
        {answer && (
          <>
            <p className="delivery-check__message">{answer.message}</p>
            <p className="delivery-check__place">
              {answer.district}, {answer.state_name}
            </p>
            <p className={`delivery-check__cod${answer.cod_available ? '' : ' delivery-check__cod--no'}`}>
              {answer.cod_available ? 'Cash on delivery available' : 'Cash on delivery not available here'}
            </p>
          </>
        )}
        {failure && <p className="delivery-check__error">{failure}</p>}
      </div>
    </section>
  );
}
