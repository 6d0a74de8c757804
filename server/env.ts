import { z } from 'zod';

/** A boolean the way people write it in a shell: 1/true/yes/on, 0/false/no/off. */
const flagText = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', '']).optional();
const isOn = (value: string | undefined) => value === '1' || value === 'true' || value === 'yes' || value === 'on';

/** A boolean, off when unset. */
const flag = flagText.transform(isOn);

/** A boolean that may be left unset, so that its default can depend on other settings. */
const optionalFlag = flagText.transform((value) => (value ? isOn(value) : undefined));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** An OpenID issuer's address, without a trailing slash (its discovery document is under /.well-known/). */
const issuer = (name: string, fallback: string) =>
  optionalText
    .pipe(z.url({ message: `${name} must be a full URL such as ${fallback}` }).optional())
    .transform((value) => (value ?? fallback).replace(/\/+$/, ''));

/** Every setting Lore reads from the environment; defaults make `npm start` work with nothing set. */
const envSchema = z.object({
  /** development, production or test; production turns on stricter defaults. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to bind; empty means every interface. */
  HOST: optionalText,
  /** Public address people use to reach Lore; links in e-mails and origin checks use it. */
  BASE_URL: optionalText.pipe(
    z.url({ message: 'BASE_URL must be a full URL such as https://lore.example.com' }).optional(),
  ),
  /** Folder for the embedded database, uploads and the generated auth secret. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when unset Lore uses the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** Secret that signs session cookies; generated into DATA_DIR when unset (set it when running several processes). */
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587; unset writes mail to the log. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  /** Sender of Lore's e-mails. */
  MAIL_FROM: z.string().min(3).default('Lore <no-reply@lore.local>'),
  /** Google sign-in; the button appears only when both are set. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Apple sign-in; the button appears only when both are set. */
  APPLE_CLIENT_ID: optionalText,
  APPLE_CLIENT_SECRET: optionalText,
  /** The OpenID issuers Lore discovers Google's and Apple's endpoints and keys from (decision 15); only tests change them. */
  GOOGLE_ISSUER: issuer('GOOGLE_ISSUER', 'https://accounts.google.com'),
  APPLE_ISSUER: issuer('APPLE_ISSUER', 'https://appleid.apple.com'),
  /** Set when Lore runs behind a reverse proxy, so X-Forwarded-For names the client. */
  TRUST_PROXY: flag,
  /** An OpenAI-compatible API for AI answers, summaries and embeddings, e.g. http://localhost:11434/v1 (Ollama). */
  AI_BASE_URL: optionalText.pipe(
    z.url({ message: 'AI_BASE_URL must be a full URL such as http://localhost:11434/v1' }).optional(),
  ),
  /** Its key, if it needs one; used by the server only, never sent to browsers. */
  AI_API_KEY: optionalText,
  /** The chat model that writes answers, summaries and questions; unset, Lore writes them extractively. */
  AI_MODEL: optionalText,
  /** The embeddings model; when set, search also ranks passages by meaning. */
  AI_EMBEDDING_MODEL: optionalText,
  /**
   * How long a page drawn on the server may take: past it the browser gets the app's shell and draws
   * the page itself, so a visitor never waits longer than this for the first paint.
   */
  RENDER_TIME_LIMIT_MS: z.coerce
    .number({ message: 'RENDER_TIME_LIMIT_MS must be a number of milliseconds' })
    .int()
    .min(100)
    .default(5000),
  /** Revisions older than this many days are thinned to the last of each day (named ones stay); 0 keeps every one. */
  REVISIONS_KEEP_ALL_DAYS: z.coerce
    .number({ message: 'REVISIONS_KEEP_ALL_DAYS must be a number of days' })
    .int()
    .min(0)
    .default(30),
  /** An S3-compatible store for uploaded files (decision 18); unset, files live in DATA_DIR. Unset endpoint: Amazon S3. */
  S3_ENDPOINT: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, message: 'S3_ENDPOINT must be a full URL such as https://s3.example.com' })
      .optional(),
  ),
  /** The bucket Lore keeps its files in, under key prefixes per kind of file. */
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Required for Amazon S3 (the bucket's region); with S3_ENDPOINT it defaults to us-east-1, which most stores accept. */
  S3_REGION: optionalText,
  /** Addresses the bucket as `endpoint/bucket/key` rather than `bucket.endpoint/key`; defaults to on with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: optionalFlag,
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = Omit<z.infer<typeof envSchema>, 'S3_FORCE_PATH_STYLE'> & {
  BASE_URL: string;
  S3_FORCE_PATH_STYLE: boolean;
};

/** Thrown with every configuration problem at once, so one start-up shows them all. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Lore cannot start; fix the configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Settings that only work together, from the raw environment (so they are listed even when others are invalid). */
function unpairedSettings(source: NodeJS.ProcessEnv): string[] {
  const set = (name: string) => Boolean(source[name]?.trim());
  return [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['APPLE_CLIENT_ID', 'APPLE_CLIENT_SECRET'],
  ]
    .flatMap(([id, secret]) => (set(id!) !== set(secret!) ? [`${id} and ${secret} must be set together`] : []))
    .concat(
      ['AI_MODEL', 'AI_EMBEDDING_MODEL'].flatMap((name) =>
        set(name) && !set('AI_BASE_URL') ? [`${name} needs AI_BASE_URL`] : [],
      ),
    )
    .concat(incompleteS3Settings(set));
}

/** S3 storage is wanted as soon as any S3_ setting is given; then the bucket and its keys are needed too. */
function incompleteS3Settings(set: (name: string) => boolean): string[] {
  const settings = [
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_REGION',
    'S3_FORCE_PATH_STYLE',
  ];
  if (!settings.some(set)) return [];
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !set(name));
  return [
    ...(missing.length > 0
      ? [`S3 file storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; missing: ${missing.join(', ')}`]
      : []),
    ...(!set('S3_ENDPOINT') && !set('S3_REGION')
      ? ['S3_REGION is required for Amazon S3 (when S3_ENDPOINT is unset)']
      : []),
  ];
}

/** Validates the environment and fills in defaults; every problem is listed at once. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`)),
    ...unpairedSettings(source),
  ];
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const env = parsed.data;
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    ...env,
    BASE_URL: baseUrl,
    S3_REGION: env.S3_REGION ?? (env.S3_ENDPOINT ? 'us-east-1' : undefined),
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
  };
}
