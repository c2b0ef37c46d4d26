import { useNavigate } from 'react-router';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { errorMessage } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { useLogout } from '../api/useLogout';

interface LogoutButtonProps {
  className?: string;
}

/** Logout (product.md §4): ends the session, forgets the stored identity and goes home; a failure is told, not hidden. */
export function LogoutButton({ className = 'btn btn-outline-danger' }: LogoutButtonProps) {
  const logout = useLogout();
  const navigate = useNavigate();
  const popup = usePopup();
  return (
    <button
      type="button"
      className={className}
      disabled={logout.isPending}
      onClick={async () => {
        // Awaited rather than per-call callbacks: a page that needs the identity unmounts this button on logout.
        try {
          await logout.mutateAsync();
          navigate(paths.home);
        } catch (error) {
          popup.error(errorMessage(error));
        }
      }}
    >
      Logout
    </button>
  );
}
