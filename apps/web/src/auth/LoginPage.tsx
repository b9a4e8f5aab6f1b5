import { Link, useNavigate } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { useAfterLoginPath } from './useSignedInRedirect';

/** /login */
export function LoginPage() {
  const navigate = useNavigate();
  const next = useAfterLoginPath();
  return (
    <AuthLayout title="Welcome back" intro="Log in to plan your meals.">
      <LoginForm onSignedIn={() => navigate(next, { replace: true })} />
      <p className="auth-switch">
        New to Mealplan? <Link to="/register">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
