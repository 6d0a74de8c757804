import { Link } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { LoginLinkForm } from '../components/login-link-form';
import { ProviderButtons } from '../components/provider-buttons';

/** /signup: like /login, and asks for a full name. */
export function SignupPage() {
  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-xl">Create your Lore account</CardTitle>
          <CardDescription>Tell us your name and we will email you a link to get started.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <LoginLinkForm askName submitLabel="Create account" />
          <ProviderButtons />
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={paths.login()} className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
