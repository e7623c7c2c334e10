/**
 * Which Host headers this server answers (issue 15: a forged Host must never reach a reset link, a
 * canonical address or the page cache). Entries are Django's ALLOWED_HOSTS: `example.com` (any
 * port), `example.com:8080` (that port only), `.example.com` (the domain and its subdomains), `*`
 * (any host: only behind a proxy that checks Host itself).
 */
export type HostRules = readonly string[];

/** The loopback names with the listening port: what a developer's browser and the tests send. */
export function loopbackHosts(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `${host}:${port}`);
}

/**
 * The hosts a server on `port` answers: SITE_URL's host, and ALLOWED_HOSTS (comma-separated),
 * which defaults to the loopback names with the port.
 */
export function allowedHosts(env: { SITE_URL?: string; ALLOWED_HOSTS?: string }, port: number): HostRules {
  const listed = env.ALLOWED_HOSTS?.trim()
    ? env.ALLOWED_HOSTS.split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean)
    : loopbackHosts(port);
  const site = env.SITE_URL && URL.canParse(env.SITE_URL) ? new URL(env.SITE_URL).host.toLowerCase() : null;
  return site ? [site, ...listed] : listed;
}

/** The host and port of a Host header value, lower-cased; null when it is not a host name. */
function splitHost(value: string): { name: string; port: string } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(value.toLowerCase());
  return match ? { name: match[1] as string, port: match[2] ?? '' } : null;
}

/** Whether a request's Host header names a host in `rules`. A missing or malformed Host never does. */
export function isAllowedHost(rules: HostRules, header: string | undefined): boolean {
  if (!header) return false;
  const host = splitHost(header);
  if (!host) return false;
  return rules.some((rule) => {
    if (rule === '*') return true;
    const wanted = splitHost(rule.startsWith('.') ? rule.slice(1) : rule);
    if (!wanted) return false;
    const nameMatches = rule.startsWith('.')
      ? host.name === wanted.name || host.name.endsWith(`.${wanted.name}`)
      : host.name === wanted.name;
    // A Host without a port is the scheme's default port, which a rule with 80 or 443 names.
    const portMatches =
      wanted.port === '' || host.port === wanted.port || (host.port === '' && ['80', '443'].includes(wanted.port));
    return nameMatches && portMatches;
  });
}

/**
 * TRUST_PROXY as Express's 'trust proxy': unset is 'loopback' (a proxy on this machine); `none`
 * trusts no proxy; otherwise addresses, CIDRs and proxy-addr's names, comma-separated, which Express
 * checks when the server starts.
 */
export function trustProxySetting(value: string | undefined): string | false {
  const setting = value?.trim() ?? '';
  if (setting === '') return 'loopback';
  return ['none', 'off', 'false'].includes(setting.toLowerCase()) ? false : setting;
}

/** How a request reached this server, as the scheme rule needs it. */
export interface SchemeSource {
  /** whether the socket itself is TLS */
  encrypted: boolean;
  /** the X-Forwarded-Proto header as received */
  forwardedProto: string | string[] | undefined;
  /** whether the socket's peer is a proxy TRUST_PROXY names */
  fromTrustedProxy: boolean;
}

/**
 * The scheme the visitor used (issue 21), for canonical links, mails, Secure cookies and the page
 * cache's key: the socket's, unless a trusted proxy says exactly `http` or `https` in
 * X-Forwarded-Proto. Anything else (`javascript`, a list, any client that is no trusted proxy) is
 * ignored, so a forged header never reaches a link, a mail or another visitor's cached page.
 */
export function requestScheme(source: SchemeSource): 'http' | 'https' {
  const own = source.encrypted ? 'https' : 'http';
  if (!source.fromTrustedProxy || typeof source.forwardedProto !== 'string') return own;
  const said = source.forwardedProto.trim().toLowerCase();
  return said === 'http' || said === 'https' ? said : own;
}
