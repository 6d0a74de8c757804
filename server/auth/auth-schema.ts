/**
 * better-auth's models under Lore's table names and snake_case columns, so one
 * migration history (server/db/migrations) owns the whole schema.
 */
const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

export const authSchema = {
  user: {
    modelName: 'users',
    fields: { emailVerified: 'email_verified', ...timestamps },
  },
  session: {
    modelName: 'sessions',
    fields: {
      userId: 'user_id',
      expiresAt: 'expires_at',
      ipAddress: 'ip_address',
      userAgent: 'user_agent',
      ...timestamps,
    },
    additionalFields: {
      // Where the session stands with two-factor sign-in (decision 4); only Lore's own code sets it.
      secondFactor: {
        type: 'string' as const,
        fieldName: 'second_factor',
        required: false,
        defaultValue: 'none',
        input: false,
      },
      // Set by our session-create hook (server/auth/sign-in-method.ts); never taken from input.
      signInMethod: { type: 'string' as const, required: false, input: false, fieldName: 'sign_in_method' },
    },
  },
  account: {
    modelName: 'identities',
    fields: {
      userId: 'user_id',
      accountId: 'account_id',
      providerId: 'provider_id',
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      idToken: 'id_token',
      accessTokenExpiresAt: 'access_token_expires_at',
      refreshTokenExpiresAt: 'refresh_token_expires_at',
      ...timestamps,
    },
  },
  verification: {
    modelName: 'verifications',
    fields: { expiresAt: 'expires_at', ...timestamps },
  },
};
