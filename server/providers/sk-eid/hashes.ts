import { createHash } from 'node:crypto';

/**
 * The hash algorithms of SK ID Solutions' relying-party APIs (Smart-ID RP API v2 section 2.2.5,
 * MID REST API section 2.3.1): SHA-2 only, named `SHA256`, `SHA384`, `SHA512` on the wire.
 */
export const HASH_TYPES = ['SHA256', 'SHA384', 'SHA512'] as const;
export type HashType = (typeof HASH_TYPES)[number];

/** Bytes of each hash: a request whose base64 hash decodes to another length is refused (MID REST 3.2.6). */
export const HASH_LENGTHS: Record<HashType, number> = { SHA256: 32, SHA384: 48, SHA512: 64 };

/** Node's name of the digest. */
export const NODE_HASH: Record<HashType, 'sha256' | 'sha384' | 'sha512'> = { SHA256: 'sha256', SHA384: 'sha384', SHA512: 'sha512' };

export function digest(hashType: HashType, data: Uint8Array): Buffer {
  return createHash(NODE_HASH[hashType]).update(data).digest();
}

/**
 * The DER prefix of PKCS#1 v1.5's DigestInfo for each hash (RFC 8017 section 9.2, note 1): an RSA
 * signature over a hash is the private-key operation on prefix || hash (the clients' NONEwithRSA).
 */
export const DIGEST_INFO_PREFIX: Record<HashType, Buffer> = {
  SHA256: Buffer.from('3031300d060960864801650304020105000420', 'hex'),
  SHA384: Buffer.from('3041300d060960864801650304020205000430', 'hex'),
  SHA512: Buffer.from('3051300d060960864801650304020305000440', 'hex'),
};

/** The decoded hash when `base64` is canonical base64 of exactly the algorithm's length, else null. */
export function decodeHash(hashType: HashType, base64: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, 'base64');
  return bytes.length === HASH_LENGTHS[hashType] && bytes.toString('base64') === base64 ? bytes : null;
}

/**
 * Smart-ID's verification code (RP API v2 section 2.3.13.2): `integer(SHA256(hash)[-2:-1]) mod
 * 10000`, the two rightmost bytes of the SHA-256 of the hash (the bytes, not their base64) as a
 * big-endian unsigned integer, four digits with leading zeros. SHA-256 whatever the hash's own
 * algorithm.
 */
export function smartIdVerificationCode(hash: Uint8Array): string {
  const sha = createHash('sha256').update(hash).digest();
  return String(sha.readUInt16BE(sha.length - 2) % 10_000).padStart(4, '0');
}

/**
 * Mobile-ID's verification code (MID REST API section 2.4.1): the first 6 bits and the last 7 bits
 * of the hash itself, 13 bits read as one number (0000 to 8191), four digits with leading zeros.
 */
export function mobileIdVerificationCode(hash: Uint8Array): string {
  if (hash.length < 20) throw new Error('A Mobile-ID hash has at least 20 bytes.');
  const code = ((hash[0]! & 0xfc) << 5) | (hash[hash.length - 1]! & 0x7f);
  return String(code).padStart(4, '0');
}
