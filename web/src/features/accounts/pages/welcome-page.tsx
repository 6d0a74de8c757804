import { LogOut } from 'lucide-react';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSignOut } from '@/features/auth/api/use-sign-out';
import { CreateAccountForm } from '../components/create-account-form';

/** /welcome: a signed-in user without a workspace creates their first. */
export function WelcomePage() {
  const signOut = useSignOut();
  return (
    <AuthLayout
      aside={
        <Button variant="ghost" size="sm" onClick={() => void signOut()}>
          <LogOut /> Sign out
        </Button>
      }
    >
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
