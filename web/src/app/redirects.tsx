import { Navigate, useParams } from 'react-router';
import { paths } from '@/lib/paths';

/** /account/:accountId/ and unknown paths under it go to the dashboard. */
export function ToDashboard() {
  const { accountId = '' } = useParams();
  return <Navigate to={paths.account(accountId).dashboard()} replace />;
}

/** Any other signed-in path goes to the account selector. */
export function ToAccounts() {
  return <Navigate to={paths.accounts()} replace />;
}
