import { KeyObject, X509Certificate, constants, privateEncrypt, randomBytes, webcrypto } from 'node:crypto';
import { x509 } from './x509';
import { DIGEST_INFO_PREFIX, type HashType } from './hashes';
import { SMART_ID_ADVANCED_POLICY, SMART_ID_QUALIFIED_POLICIES } from './certificates';

/**
 * The simulators' certificate authority (issue 21; docs/decisions/167). The Smart-ID and Mobile-ID
 * simulators sign with person certificates this CA issues on the fly, each naming the person asked
 * (subject serialNumber `PNOEE-38001085718`, as SK's certificates do), so that the adapters verify a
 * simulated signature exactly as a real one: chain, validity, level, person, signature. The CA's
 * key is made in memory when a process first needs it and never leaves it; outside production the
 * adapter of a simulated party trusts this CA and nothing else (the simulators run in the same
 * process as the API, server/main.ts), so no certificate of it is ever trusted by a real party's
 * adapter. Tests use the same class for a wrong CA, an expired certificate and the like.
 */

export type KeyType = 'rsa' | 'ec';

const RSA_KEY: RsaHashedKeyGenParams = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
const EC_KEY: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING: Record<KeyType, Algorithm | EcdsaParams> = { rsa: { name: 'RSASSA-PKCS1-v1_5' }, ec: { name: 'ECDSA', hash: 'SHA-256' } as EcdsaParams };

async function generateKeys(keyType: KeyType): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(keyType === 'rsa' ? RSA_KEY : EC_KEY, true, ['sign', 'verify'])) as CryptoKeyPair;
}

const DAY_MS = 86_400_000;

export interface PersonCertificateRequest {
  /** The subject serialNumber: the semantics identifier (`PNOEE-38001085718`). */
  serialNumber: string;
  givenName: string;
  surname: string;
  country: string;
  keyType: KeyType;
  /** Certificate policies (Smart-ID's level is in them). */
  policies?: readonly string[];
  /** Key usage: non-repudiation (a signing certificate, the default) or digital signature (an authentication certificate). */
  usage?: 'signing' | 'authentication';
  notBefore?: Date;
  notAfter?: Date;
}

export interface PersonCertificate {
  certificate: X509Certificate;
  /** DER, base64: what the APIs carry. */
  base64: string;
  keyType: KeyType;
  privateKey: KeyObject;
}

export class SimulatorCa {
  private constructor(
    readonly certificate: X509Certificate,
    private readonly parsed: x509.X509Certificate,
    private readonly keys: CryptoKeyPair,
  ) {}

  static async create(options: { commonName: string; notBefore?: Date; notAfter?: Date }): Promise<SimulatorCa> {
    const keys = await generateKeys('ec');
    const now = Date.now();
    const parsed = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: randomBytes(8).toString('hex'),
      name: [{ C: ['EE'] }, { O: ['Solis demonstration (not a real certification authority)'] }, { CN: [options.commonName] }],
      notBefore: options.notBefore ?? new Date(now - DAY_MS),
      notAfter: options.notAfter ?? new Date(now + 3650 * DAY_MS),
      keys,
      signingAlgorithm: SIGNING.ec,
      extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
    });
    return new SimulatorCa(new X509Certificate(Buffer.from(parsed.rawData)), parsed, keys);
  }

  /** The CA certificate as PEM: what a trusted-certificates file holds. */
  get pem(): string {
    return this.certificate.toString();
  }

  async issue(request: PersonCertificateRequest): Promise<PersonCertificate> {
    const keys = await generateKeys(request.keyType);
    const now = Date.now();
    const usage = request.usage === 'authentication' ? x509.KeyUsageFlags.digitalSignature : x509.KeyUsageFlags.nonRepudiation;
    const extensions: x509.Extension[] = [new x509.BasicConstraintsExtension(false, undefined, true), new x509.KeyUsagesExtension(usage, true)];
    if (request.policies?.length) extensions.push(new x509.CertificatePolicyExtension([...request.policies]));
    const issued = await x509.X509CertificateGenerator.create({
      serialNumber: randomBytes(16).toString('hex').replace(/^[89a-f]/, '1'),
      subject: [
        { C: [request.country] },
        { CN: [`${request.surname},${request.givenName},${request.serialNumber}`] },
        { '2.5.4.4': [request.surname] },
        { G: [request.givenName] },
        { '2.5.4.5': [request.serialNumber] },
      ],
      issuer: this.parsed.subject,
      notBefore: request.notBefore ?? new Date(now - DAY_MS),
      notAfter: request.notAfter ?? new Date(now + 730 * DAY_MS),
      signingKey: this.keys.privateKey,
      publicKey: keys.publicKey,
      signingAlgorithm: SIGNING.ec,
      extensions,
    });
    const der = Buffer.from(issued.rawData);
    return { certificate: new X509Certificate(der), base64: der.toString('base64'), keyType: request.keyType, privateKey: KeyObject.from(keys.privateKey) };
  }
}

/** Smart-ID's certificate policies for a level (SK's profile: the qualified ones, or the advanced one). */
export function smartIdPolicies(level: 'QUALIFIED' | 'ADVANCED'): readonly string[] {
  return level === 'QUALIFIED' ? SMART_ID_QUALIFIED_POLICIES : [SMART_ID_ADVANCED_POLICY];
}

const authorities = new Map<string, Promise<SimulatorCa>>();

/** The CA a party's simulator issues from, made once per process. */
export function simulatorCa(party: 'smart-id' | 'mobile-id'): Promise<SimulatorCa> {
  let ca = authorities.get(party);
  if (!ca) {
    ca = SimulatorCa.create({ commonName: party === 'smart-id' ? 'Solis simulator Smart-ID CA' : 'Solis simulator Mobile-ID CA' });
    authorities.set(party, ca);
    // A failure is not kept: the next caller tries again.
    ca.catch(() => authorities.delete(party));
  }
  return ca;
}

/**
 * Signs a hash as the SK APIs do: RSA PKCS#1 v1.5 over the hash's DigestInfo (`sha256WithRSAEncryption`),
 * or plain ECDSA over the hash with r||s (`SHA256WithECEncryption`, Mobile-ID's encoding).
 */
export function signHash(person: Pick<PersonCertificate, 'keyType' | 'privateKey'>, hashType: HashType, hash: Uint8Array): Buffer {
  if (person.keyType === 'rsa') return privateEncrypt({ key: person.privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([DIGEST_INFO_PREFIX[hashType], hash]));
  return ecdsaP256SignHash(person.privateKey, hash);
}

// ECDSA over a given hash on P-256 (FIPS 186-4 section 6.4). Node signs only data it hashes itself,
// and a simulator receives the hash alone, so the simulator does the curve arithmetic; a signature
// made here is verified with Node's own ECDSA (sk-eid/certificates.ts), which tests check.
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const A = P - 3n;
const G: Point = { x: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n, y: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n };

interface Point {
  x: bigint;
  y: bigint;
}

const mod = (value: bigint, modulus: bigint) => ((value % modulus) + modulus) % modulus;

function inverse(value: bigint, modulus: bigint): bigint {
  let [low, high] = [mod(value, modulus), modulus];
  let [lm, hm] = [1n, 0n];
  while (low > 1n) {
    const ratio = high / low;
    [lm, hm] = [hm - lm * ratio, lm];
    [low, high] = [high - low * ratio, low];
  }
  return mod(lm, modulus);
}

function add(p: Point | null, q: Point | null): Point | null {
  if (!p) return q;
  if (!q) return p;
  if (p.x === q.x && mod(p.y + q.y, P) === 0n) return null;
  const slope = p.x === q.x && p.y === q.y ? mod((3n * p.x * p.x + A) * inverse(2n * p.y, P), P) : mod((q.y - p.y) * inverse(q.x - p.x, P), P);
  const x = mod(slope * slope - p.x - q.x, P);
  return { x, y: mod(slope * (p.x - x) - p.y, P) };
}

function multiply(scalar: bigint, point: Point): Point | null {
  let result: Point | null = null;
  let addend: Point | null = point;
  for (let k = scalar; k > 0n; k >>= 1n) {
    if (k & 1n) result = add(result, addend);
    addend = add(addend, addend);
  }
  return result;
}

const toBigInt = (bytes: Uint8Array) => (bytes.length ? BigInt(`0x${Buffer.from(bytes).toString('hex')}`) : 0n);
const to32Bytes = (value: bigint) => Buffer.from(value.toString(16).padStart(64, '0'), 'hex');

function ecdsaP256SignHash(privateKey: KeyObject, hash: Uint8Array): Buffer {
  const jwk = privateKey.export({ format: 'jwk' });
  if (jwk.crv !== 'P-256' || !jwk.d) throw new Error('The simulator signs with P-256 keys only.');
  const d = toBigInt(Buffer.from(jwk.d, 'base64url'));
  // The leftmost 256 bits of the hash (a longer hash is truncated, as the standard says).
  const e = toBigInt(hash.subarray(0, 32)) >> BigInt(Math.max(0, Math.min(hash.length, 32) * 8 - 256));
  for (;;) {
    const k = mod(toBigInt(randomBytes(40)), N - 1n) + 1n;
    const r = mod(multiply(k, G)!.x, N);
    if (r === 0n) continue;
    const s = mod(inverse(k, N) * (e + r * d), N);
    if (s === 0n) continue;
    return Buffer.concat([to32Bytes(r), to32Bytes(s)]);
  }
}
