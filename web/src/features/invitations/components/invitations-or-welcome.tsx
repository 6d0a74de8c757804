import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { GlobalLoader } from '@/components/layout/global-loader';
import { paths } from '@/lib/paths';
import { myInvitationsQuery } from '../api/invitations';

/** For someone without a workspace: their pending invitations when they have some, otherwise /welcome. */
export function InvitationsOrWelcome() {
  const invitations = useQuery(myInvitationsQuery());
  if (invitations.isPending) return <GlobalLoader />;
  return <Navigate to={invitations.data?.invitations.length ? paths.invitations() : paths.welcome()} replace />;
}
