import { describe, expect, test } from 'vitest';
import { allowedHosts, isAllowedHost, requestScheme, trustProxySetting } from './hosts';

describe('allowed hosts', () => {
  test('by default only the loopback names with the listening port', () => {
    const rules = allowedHosts({}, 3000);
    expect(rules).toEqual(['localhost:3000', '127.0.0.1:3000', '[::1]:3000']);
    for (const ok of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000']) {
      expect(isAllowedHost(rules, ok), ok).toBe(true);
    }
    for (const bad of [
      'evil.example',
      'evil.example:3000',
      'localhost:3001',
      'localhost',
      'localhost.evil.example:3000',
    ]) {
      expect(isAllowedHost(rules, bad), bad).toBe(false);
    }
  });

  test("SITE_URL's host is always allowed, and ALLOWED_HOSTS replaces the default list", () => {
    const rules = allowedHosts(
      { SITE_URL: 'https://smptunasbangsa.sch.id/', ALLOWED_HOSTS: 'www.smptunasbangsa.sch.id, .sekolah.test' },
      3000,
    );
    expect(isAllowedHost(rules, 'smptunasbangsa.sch.id')).toBe(true);
    expect(isAllowedHost(rules, 'www.smptunasbangsa.sch.id:8080')).toBe(true);
    expect(isAllowedHost(rules, 'sekolah.test')).toBe(true);
    expect(isAllowedHost(rules, 'a.b.sekolah.test')).toBe(true);
    expect(isAllowedHost(rules, 'evilsekolah.test')).toBe(false);
    expect(isAllowedHost(rules, 'localhost:3000')).toBe(false);
  });

  test('a rule with a port matches only that port; a Host without a port is 80 or 443', () => {
    expect(isAllowedHost(['school.test:80'], 'school.test')).toBe(true);
    expect(isAllowedHost(['school.test:8080'], 'school.test')).toBe(false);
    expect(isAllowedHost(['school.test'], 'school.test:9999')).toBe(true);
  });

  test('malformed or missing Host headers are refused, even with *', () => {
    for (const bad of [undefined, '', 'evil.example/x', 'a b', 'host:99999999', 'user@host', '\u0000']) {
      expect(isAllowedHost(['*'], bad), String(bad)).toBe(false);
    }
    expect(isAllowedHost(['*'], 'anything.example')).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  test.each([
    [undefined, 'loopback'],
    ['', 'loopback'],
    ['none', false],
    ['OFF', false],
    ['10.0.0.0/8, 192.168.1.5', '10.0.0.0/8, 192.168.1.5'],
  ])('%j → %j', (value, expected) => expect(trustProxySetting(value)).toBe(expected));
});

describe('the scheme of a request', () => {
  const plain = { encrypted: false, fromTrustedProxy: true };
  test('a trusted proxy chooses http or https, in any case, around spaces', () => {
    expect(requestScheme({ ...plain, forwardedProto: 'https' })).toBe('https');
    expect(requestScheme({ ...plain, forwardedProto: ' HTTPS ' })).toBe('https');
    expect(requestScheme({ encrypted: true, fromTrustedProxy: true, forwardedProto: 'http' })).toBe('http');
  });

  test('anything else is ignored: the socket’s scheme', () => {
    for (const forwardedProto of ['javascript', 'javascript, https', 'https, http', 'https:', '', 'ftp', undefined]) {
      expect(requestScheme({ ...plain, forwardedProto }), String(forwardedProto)).toBe('http');
      expect(requestScheme({ encrypted: true, fromTrustedProxy: true, forwardedProto }), String(forwardedProto)).toBe(
        'https',
      );
    }
    expect(requestScheme({ ...plain, forwardedProto: ['https', 'https'] })).toBe('http');
  });

  test('a client that is no trusted proxy chooses nothing', () => {
    expect(requestScheme({ encrypted: false, fromTrustedProxy: false, forwardedProto: 'https' })).toBe('http');
    expect(requestScheme({ encrypted: true, fromTrustedProxy: false, forwardedProto: 'http' })).toBe('https');
  });
});
