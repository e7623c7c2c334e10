import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt (node:crypto) with a per-user random salt, stored as
 * `scrypt$N$r$p$salt$hash` (salt and hash in base64url), so that a later change of the cost
 * parameters still reads the hashes made before it.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** Upper bounds of what a stored hash may ask for (a tampered row must not exhaust memory). */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 4;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }, length: number) {
  // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is just below that for N = 2^15.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** A new hash of `password` with a fresh salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  cost: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d{1,8}$/.test(v as string) ? Number(v) : Number.NaN)) as [
    number,
    number,
    number,
  ];
  // N must be a power of two above 1 (scrypt's own rule).
  if (!(N > 1 && N <= MAX_N && (N & (N - 1)) === 0 && r >= 1 && r <= MAX_R && p >= 1 && p <= MAX_P)) return null;
  const salt = Buffer.from(parts[4] as string, 'base64url');
  const key = Buffer.from(parts[5] as string, 'base64url');
  if (salt.length < 8 || key.length < 16 || key.length > 64) return null;
  return { cost: { N, r, p }, salt, key };
}

/** Whether `password` matches `stored`; false for hashes that are not ours (the seed's `!`: no password). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one check when there is no account to check against, so that the answer's
 * timing does not tell whether a login exists.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('no such account');
  await verifyPassword(password, await dummy);
}
