/** One HTTP answer, body already read. */
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * A browser-like client over real HTTP: keeps cookies and sends the Origin a
 * same-site page would, so tests exercise the same checks a browser meets.
 * Given an API token, it calls as a script would instead: the token in
 * `Authorization`, and no Origin.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly apiToken?: string,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string>; redirect?: 'follow' | 'manual' | 'error' } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...this.callerHeaders(), ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
      redirect: options.redirect ?? 'manual',
    });
    this.receiveCookies(response.headers.getSetCookie());
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON; keep the text
    }
    return { status: response.status, headers: response.headers, body: body as T };
  }

  /**
   * Who is calling, as headers: the cookies and a same-site Origin (`origin`, by default
   * this client's), or the API token alone.
   */
  callerHeaders(origin = this.baseUrl): Record<string, string> {
    if (this.apiToken) return { authorization: `Bearer ${this.apiToken}` };
    const headers: Record<string, string> = { origin };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return headers;
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }
  post<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json: json ?? {}, headers });
  }
  patch<T = any>(path: string, json?: unknown) {
    return this.request<T>('PATCH', path, { json: json ?? {} });
  }
  put<T = any>(path: string, json?: unknown) {
    return this.request<T>('PUT', path, { json: json ?? {} });
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** Keeps or drops cookies as a browser would on these Set-Cookie lines. */
  receiveCookies(setCookieLines: string[]) {
    for (const line of setCookieLines) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
