import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { serverAnswered, serverMessage } from '#storefront/lib/serverMessage.ts';
import { useDelayedNavigate } from '#storefront/lib/useDelayedNavigate.ts';
import { ACCOUNT_TEXTS, LOGIN_REDIRECT_MS } from '../accountTexts';
import { useContinueAsGuest } from '../api/useContinueAsGuest';
import type { PendingItem } from '../pendingItem';

interface ContinueAsGuestButtonProps {
  /** The item brought along from the product page; it goes into the guest's cart. */
  item?: PendingItem;
  /** Told once the guest session has started (to refresh the cart badge). */
  onStarted?: () => void;
}

function failureText(error: unknown): string {
  return serverAnswered(error) ? (serverMessage(error) ?? ACCOUNT_TEXTS.guestFailed) : ACCOUNT_TEXTS.guestException;
}

/** Continue as guest (product.md §4): the guest's notice, then home after 1 second. */
export function ContinueAsGuestButton({ item, onStarted }: ContinueAsGuestButtonProps) {
  const popup = usePopup();
  const guest = useContinueAsGuest();
  const navigateLater = useDelayedNavigate();

  const start = () =>
    guest.mutate(item, {
      onSuccess: (answer) => {
        onStarted?.();
        if (answer.cart_message) {
          popup.error(answer.cart_message);
          return;
        }
        popup.success(answer.message || ACCOUNT_TEXTS.guestSuccess);
        navigateLater('/', LOGIN_REDIRECT_MS);
      },
      onError: (error) => popup.error(failureText(error)),
    });

  return (
    <button type="button" className="btn btn-outline-primary w-100" onClick={start} disabled={guest.isPending}>
      {guest.isPending ? 'Please wait…' : 'Continue as Guest'}
    </button>
  );
}
