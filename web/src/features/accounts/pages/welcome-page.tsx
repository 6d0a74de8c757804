import { AuthLayout } from '@/components/layout/auth-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SignOutButton } from '@/features/auth';
import { CreateAccountForm } from '../components/create-account-form';

/** /welcome: a signed-in user without a workspace creates their first. */
export function WelcomePage() {
  return (
    <AuthLayout aside={<SignOutButton />}>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-xl">Welcome to Lore</CardTitle>
          <CardDescription>
            Create a workspace for your team's knowledge. You can invite your colleagues once it is ready.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CreateAccountForm submitLabel="Create workspace" />
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
