import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as contract from '@common/api/routes';
import { TWO_FACTOR_CODES } from '@common/two-factor';
import { accountUsersKeys } from '@/features/accounts/api/account-keys';
import { profileKeys } from '@/features/profile/api/profile-keys';
import { api, ApiError } from '@/lib/api-client';
import { sessionQuery } from '@/lib/session';

/** GET /api/me/two-factor: this session's levels, the factors and recovery codes left. */
export const twoFactorStatusQuery = queryOptions({
  queryKey: ['two-factor'],
  queryFn: async ({ signal }) => (await api(contract.getTwoFactorStatus, {}, { signal })).data,
  staleTime: 0,
});

/** After two-factor changes: the status, the session, the profile (mfa_enabled) and member lists that show it. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: profileKeys.me }),
      queryClient.invalidateQueries({ queryKey: accountUsersKeys.all }),
    ]);
}

/** POST .../verify: a code (or recovery code) that lets this session into the app. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => api(contract.verifySecondFactor, { json: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ENROL_ATTEMPTS = 3;
const ENROL_RETRY_MS = 1500;

/**
 * POST .../enroll, tried up to 3 times 1.5 s apart while another set-up holds
 * the name (the server removes leftover unconfirmed set-ups first). Throws the spec's texts.
 */
export function useEnrollFactor() {
  return useMutation({
    mutationFn: async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return (await api(contract.enrollFactor, {})).data;
        } catch (failure) {
          const nameTaken = failure instanceof ApiError && failure.code === TWO_FACTOR_CODES.nameTaken;
          if (!nameTaken)
            throw new Error(`Failed to set up authenticator app: ${(failure as Error).message}`, { cause: failure });
          if (attempt >= ENROL_ATTEMPTS) {
            throw new Error('Unable to set up authenticator after several attempts. Please try again later.', {
              cause: failure,
            });
          }
          await sleep(ENROL_RETRY_MS);
        }
      }
    },
  });
}

/** POST .../enroll/confirm: the first code turns two-factor on; answers the recovery codes. */
export function useConfirmEnrollment() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (input: { factorId: string; code: string }) =>
      (await api(contract.confirmEnrollment, { json: input })).data.recoveryCodes,
    onSuccess: () => refresh(),
  });
}

/**
 * DELETE .../{factorId}: turns two-factor off, with a code from the app or a recovery code.
 * A wrong code or the lockout says so in the spec's words; anything else is the spec's failure.
 */
export function useRemoveFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (input: { factorId: string; code: string }) => {
      try {
        await api(contract.removeFactor, { params: { factorId: input.factorId }, json: { code: input.code } });
      } catch (failure) {
        if (failure instanceof ApiError && (failure.status === 400 || failure.status === 429)) throw failure;
        throw new Error('Failed to remove two-factor authentication', { cause: failure });
      }
    },
    onSuccess: () => refresh(),
  });
}
