import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSignOut } from '../api/use-sign-out';

/** A small "Sign out" button for pages outside the app shell. */
export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <Button variant="ghost" size="sm" onClick={() => void signOut()}>
      <LogOut /> Sign out
    </Button>
  );
}
