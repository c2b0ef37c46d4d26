import type { GuestAnswer } from '@kapaas/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import Modal from 'react-bootstrap/Modal';
import { type NavigateFunction, useNavigate } from 'react-router';
import { ApiError, apiPost } from '../../lib/api';
import { rememberGuest, storedGuestId } from '../../lib/session';
import './popups.css';
import { paths } from '../../lib/paths';

/** The item a login, registration or guest start puts in the cart (product.md §7: product_id, size as size_id, quantity). */
export interface PendingCartItem {
  product_id: number;
  size: number;
  quantity: number;
  /** The "find my size" answer the size was suggested by (ADR 060). */
  advice_id?: number;
}

/** Where the shopper goes once a guest session has started. */
export type AfterGuest = 'home' | 'stay';

export interface LoginOrGuestOptions {
  /** Why the popup asks, e.g. 'Please log in or continue as a guest to view your cart.' */
  message: string;
  /** Passed to the login page as navigation state and to get_guest_id, so the item lands in the cart. */
  item?: PendingCartItem;
  /** 'home' is product.md §4's redirect; 'stay' keeps the shopper where they are (see AddToCartButton). */
  afterGuest?: AfterGuest;
}

/** Redirect after a guest start (product.md §9). */
export const GUEST_REDIRECT_MS = 1000;

export const GUEST_SUCCESS_MESSAGE = 'You are logged in as a Guest.';
export const GUEST_FAILURE_MESSAGE = 'Unable to login as Guest';
export const GUEST_EXCEPTION_MESSAGE = 'Something went wrong during guest login.';

type Popup =
  | { kind: 'success' | 'error'; message: string; closeAfterMs?: number; afterClose?: () => void }
  | ({ kind: 'loginOrGuest'; navigate: NavigateFunction } & LoginOrGuestOptions);

interface PopupContextValue {
  show: (popup: Popup) => void;
  close: () => void;
}

const PopupContext = createContext<PopupContextValue | null>(null);

/** Holds the one popup the shop shows at a time: success (green), error (red) or loginOrGuest (product.md §2). */
export function PopupProvider({ children }: { children: ReactNode }) {
  const [popup, setPopup] = useState<Popup | null>(null);
  // The popup being shown, read by close() so that its follow-up (the guest redirect) runs once, outside render.
  const shown = useRef<Popup | null>(null);
  const show = useCallback((next: Popup) => {
    shown.current = next;
    setPopup(next);
  }, []);
  const close = useCallback(() => {
    const current = shown.current;
    shown.current = null;
    setPopup(null);
    if (current && current.kind !== 'loginOrGuest') current.afterClose?.();
  }, []);
  const value = useMemo(() => ({ show, close }), [show, close]);

  useEffect(() => {
    if (!popup || popup.kind === 'loginOrGuest' || popup.closeAfterMs === undefined) return;
    const timer = setTimeout(close, popup.closeAfterMs);
    return () => clearTimeout(timer);
  }, [popup, close]);

  return (
    <PopupContext.Provider value={value}>
      {children}
      <PopupDialog popup={popup} onClose={close} onShow={show} />
    </PopupContext.Provider>
  );
}

interface PopupDialogProps {
  popup: Popup | null;
  onClose: () => void;
  onShow: (popup: Popup) => void;
}

function PopupDialog({ popup, onClose, onShow }: PopupDialogProps) {
  const titleId = useId();
  const messageId = useId();
  // While the dialog fades out, it keeps showing the popup it had, so it never appears without a name.
  const last = useRef<Popup | null>(null);
  if (popup) last.current = popup;
  const shown = popup ?? last.current;
  const kind = shown?.kind ?? 'success';

  return (
    <Modal
      show={popup !== null}
      onHide={onClose}
      centered
      aria-labelledby={titleId}
      aria-describedby={messageId}
      contentClassName={`kp-popup kp-popup--${kind}`}
    >
      {shown?.kind === 'loginOrGuest' ? (
        <LoginOrGuestContent popup={shown} titleId={titleId} messageId={messageId} onClose={onClose} onShow={onShow} />
      ) : shown ? (
        <>
          <Modal.Header closeButton closeLabel="Close">
            <Modal.Title as="h2" id={titleId} className="kp-popup__title">
              <span className="kp-popup__mark" aria-hidden="true">
                {shown.kind === 'success' ? '✓' : '!'}
              </span>
              {shown.kind === 'success' ? 'Success' : 'Please note'}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p id={messageId} className="kp-popup__message">
              {shown.message}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-primary" onClick={onClose}>
              OK
            </button>
          </Modal.Footer>
        </>
      ) : null}
    </Modal>
  );
}

interface LoginOrGuestContentProps {
  popup: Extract<Popup, { kind: 'loginOrGuest' }>;
  titleId: string;
  messageId: string;
  onClose: () => void;
  onShow: (popup: Popup) => void;
}

function LoginOrGuestContent({ popup, titleId, messageId, onClose, onShow }: LoginOrGuestContentProps) {
  const [starting, setStarting] = useState(false);
  const { item, navigate, afterGuest = 'home' } = popup;

  const login = () => {
    onClose();
    navigate(paths.login, item ? { state: item } : undefined);
  };

  const proceedAsGuest = async () => {
    setStarting(true);
    const guestId = storedGuestId();
    try {
      // The answer may carry why the item brought along could not go into the cart.
      const answer: GuestAnswer = await apiPost('get_guest_id', {
        ...(guestId !== null ? { guest_id: guestId } : {}),
        ...item,
      });
      rememberGuest(answer.guest_id);
      if (answer.cart_message) {
        // The guest session started but the item could not go in the cart (sold out meanwhile): say why, stay.
        onShow({ kind: 'error', message: answer.cart_message });
        return;
      }
      onShow({
        kind: 'success',
        message: answer.message || GUEST_SUCCESS_MESSAGE,
        closeAfterMs: GUEST_REDIRECT_MS,
        afterClose: afterGuest === 'home' ? () => navigate(paths.home) : undefined,
      });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status !== 0
          ? error.message || GUEST_FAILURE_MESSAGE
          : GUEST_EXCEPTION_MESSAGE;
      onShow({ kind: 'error', message });
    }
  };

  return (
    <>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" id={titleId} className="kp-popup__title">
          Login or continue as a Guest
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={messageId} className="kp-popup__message">
          {popup.message}
        </p>
      </Modal.Body>
      <Modal.Footer className="kp-popup__choices">
        <button type="button" className="btn btn-primary" onClick={login} disabled={starting}>
          Login
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={proceedAsGuest} disabled={starting}>
          {starting ? 'Please wait…' : 'Proceed as Guest'}
        </button>
      </Modal.Footer>
    </>
  );
}

/** Opens the shop's popups; call it inside the router (Login and the guest redirect navigate). */
export function usePopup() {
  const context = useContext(PopupContext);
  if (!context) throw new Error('usePopup must be used inside <PopupProvider>');
  const navigate = useNavigate();
  const { show, close } = context;
  return useMemo(
    () => ({
      success: (message: string) => show({ kind: 'success', message }),
      error: (message: string) => show({ kind: 'error', message }),
      loginOrGuest: (options: LoginOrGuestOptions) => show({ kind: 'loginOrGuest', navigate, ...options }),
      close,
    }),
    [show, close, navigate],
  );
}
