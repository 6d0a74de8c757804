import { Link, useLocation, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { LoginLinkForm } from '../components/login-link-form';
import { ProviderButtons } from '../components/provider-buttons';
import { signInFailureFrom } from '../lib/sign-in-failure';

/** /login: e-mail link, or Google and Apple when configured; after a failed sign-in, why (see LoginLinkForm). */
export function LoginPage() {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const failure = signInFailureFrom(params.get('error'), state);
  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-xl">Sign in to Lore</CardTitle>
          <CardDescription>We will email you a link that signs you in. No password needed.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <LoginLinkForm submitLabel="Send login link" failure={failure} />
          <ProviderButtons />
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        New to Lore?{' '}
        <Link to={paths.signup()} className="font-medium text-primary hover:underline">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
