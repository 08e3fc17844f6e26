// A tiny cookie-keeping client for the bench: a visitor's cookies (XSRF-TOKEN, talka_vid), and
// logged-in sessions (POST /api/login with the X-XSRF-TOKEN header, as the SPA does).

export class Client {
  constructor(base) {
    this.base = base;
    this.jar = new Map();
  }

  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get xsrf() {
    return decodeURIComponent(this.jar.get('XSRF-TOKEN') ?? '');
  }

  /** Headers for a request made outside this client (autocannon) as this client. */
  headers(write = false, json = write) {
    const h = { cookie: this.cookie, accept: 'application/json', 'accept-language': 'en' };
    if (write) h['x-xsrf-token'] = this.xsrf;
    if (json) h['content-type'] = 'application/json';
    return h;
  }

  async request(method, url, body) {
    const write = method !== 'GET';
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: this.headers(write, body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  }

  /** A visitor's first request: the server hands out the XSRF-TOKEN (and view) cookies. */
  async visit(url = '/api/health') {
    await this.request('GET', url);
    return this;
  }

  async login(email, password) {
    await this.visit();
    await this.request('POST', '/api/login', { email, password });
    const me = await this.request('GET', '/api/me');
    return me.data;
  }
}

export const DEMO_PASSWORD = 'talka-demo';
