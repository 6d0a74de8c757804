import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { TestClient } from './http-client';
import { tokenOf } from './mailbox';

/**
 * Node's arguments in the command `npm start` ends with (package.json): the built server
 * (`npm run build` first, as `npm test` does), or another build of it, with whatever flags
 * it is started with.
 */
function startArguments(otherEntry?: string): string[] {
  const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  const [command, ...args] = start.split('&&').at(-1)!.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start should end with a node command, not: ${start}`);
  const entry = otherEntry ?? args.at(-1)!;
  if (!fs.existsSync(entry)) throw new Error(`${entry} is not built: run npm run build first`);
  return [...args.slice(0, -1), entry];
}

/**
 * A real Lore process, started as `npm start` starts it, on `port`, with `env` on top of
 * sensible test settings (the embedded database, the dev outbox, no SMTP). The one way tests,
 * browser tests and benches start Lore as a process. `waitFor` waits for a line of its log;
 * `stop` sends SIGTERM and waits for a clean exit.
 */
export function startLoreProcess(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  /** Node's own flags, before the server's entry (a CPU profile's). */
  nodeFlags?: string[];
  /** Another build of the server to run (a bench's own, or bench:ab's of an older commit); by default what `npm start` runs. */
  entry?: string;
}) {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const start = startArguments(options.entry);
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...start], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SMTP_URL: '',
      AUTH_SECRET: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve((exitCode = code))));

  /** The first match of `text` in the log from `since` (a length of `output()`) on, once it is there. */
  const waitFor = async (text: string | RegExp, timeoutMs = 300_000, since = 0) => {
    const deadline = Date.now() + timeoutMs;
    const find = () => {
      const log = output.slice(since);
      return typeof text === 'string' ? (log.includes(text) ? text : undefined) : text.exec(log)?.[0];
    };
    for (let found = find(); ; found = find()) {
      if (found !== undefined) return found;
      if (Date.now() > deadline || exitCode !== undefined) throw new Error(`"${text}" never appeared in:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  return {
    baseUrl,
    child,
    exited,
    waitFor,
    output: () => output,
    /** Resolves once Lore answers requests. */
    ready: (timeoutMs?: number) => waitFor('Lore is running', timeoutMs),
    /** The sign-in link the dev outbox logged for `email`, after `since` (a length of `output()`). */
    loginLink: async (email: string, since = 0) => {
      const quoted = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const line = await waitFor(new RegExp(`^.*"to":"${quoted}".*$`, 'm'), 10_000, since);
      return line.match(/https?:\/\/[^\s"\\]+\/auth\/callback\?token=[^\s"\\]+/)![0];
    },
    /** SIGTERM, as a service manager stops it; resolves with the exit code. */
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM');
      return exited;
    },
    /** For clean-up after a failure: no graceful shutdown. */
    kill() {
      if (exitCode === undefined) child.kill('SIGKILL');
    },
  };
}

export type LoreProcess = ReturnType<typeof startLoreProcess>;

/**
 * Signs in to a Lore process through its dev outbox (the sign-in link it writes to its log, as
 * with no SMTP set): the client holds the session cookie.
 */
export async function signInThroughLog(lore: LoreProcess, email: string, name?: string): Promise<TestClient> {
  const client = new TestClient(lore.baseUrl);
  const since = lore.output().length;
  const asked = await client.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/auth/callback' });
  if (asked.status !== 200) throw new Error(`The sign-in link was refused: ${asked.status}`);
  const link = await lore.loginLink(email, since);
  const redeemed = await client.post('/api/redeemLoginLink', { token: tokenOf(link), ...(name ? { name } : {}) });
  if (redeemed.status !== 200) throw new Error(`The sign-in link did not sign in: ${redeemed.status}`);
  return client;
}
