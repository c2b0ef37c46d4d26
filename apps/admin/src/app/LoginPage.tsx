import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { LoginForm } from '../features/auth/components/LoginForm';
import { paths } from '../lib/paths';
import { useAdminSession } from '../lib/session';

/** The login screen; after logging in the owner lands where they were headed (or the dashboard). */
export function LoginPage() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  if (session) return <Navigate to={from} replace />;
  return (
    <main className="login-page">
      <div className="login-card">
        <h1 className="login-card__title">Kapaas admin</h1>
        <p className="text-body-secondary">Log in to run the shop.</p>
        <LoginForm onLoggedIn={() => navigate(from, { replace: true })} />
        <p className="mt-3 mb-0 text-center">
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </p>
      </div>
    </main>
  );
}
