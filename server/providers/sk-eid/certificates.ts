import { X509Certificate, verify as verifySignatureValue } from 'node:crypto';
import { x509 } from './x509';
import { NODE_HASH, type HashType } from './hashes';

/**
 * What a relying party checks before it believes an SK ID Solutions signature (Smart-ID RP API v2
 * section 2.3.13.3, MID REST API section 3.3.6), shared by the Smart-ID and Mobile-ID adapters:
 * the certificate is issued by a trusted certificate and valid now, it is a signing certificate
 * (non-repudiation) of the level asked for, it names the person asked, and the signature value is a
 * valid signature over the very hash that was sent, made with that certificate's key.
 *
 * Revocation (OCSP) is not checked here: neither API returns an OCSP answer, and SK's own clients
 * leave it to the signature container (docs/decisions/167).
 */

/** The subject attribute ETSI EN 319 412-1 puts the semantics identifier in (`PNOEE-38001085718`). */
const SERIAL_NUMBER = '2.5.4.5';

/** Smart-ID's qualified signing certificate policies (SK's certificate profile; smart-id-java-client). */
export const SMART_ID_QUALIFIED_POLICIES = ['1.3.6.1.4.1.10015.17.2', '0.4.0.194112.1.2'] as const;
export const SMART_ID_ADVANCED_POLICY = '1.3.6.1.4.1.10015.17.1';

/** The certificates of a PEM file (one or several `BEGIN CERTIFICATE` blocks); an error when there is none or one is broken. */
export function parsePemCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error('it holds no PEM certificate (-----BEGIN CERTIFICATE-----).');
  return blocks.map((block, index) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw new Error(`its certificate number ${index + 1} cannot be read.`);
    }
  });
}

export interface SignerCertificate {
  certificate: X509Certificate;
  /** The subject's serialNumber: the semantics identifier (`PNOEE-…`), or a bare personal code in older certificates. */
  serialNumber: string | null;
  policies: readonly string[];
  nonRepudiation: boolean;
}

/** A refusal: why the answer is not believed (kept with the transaction, never shown to the person). */
export interface Refusal {
  refused: string;
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refused' in value;
}

function validAt(certificate: X509Certificate, now: Date): 'valid' | 'not yet valid' | 'expired' {
  if (now.getTime() < Date.parse(certificate.validFrom)) return 'not yet valid';
  if (now.getTime() > Date.parse(certificate.validTo)) return 'expired';
  return 'valid';
}

/**
 * The certificate (DER, base64) when it is issued by one of the trusted certificates and it and its
 * issuer are valid at `now`; else a refusal. Every certificate of the trusted file is an anchor: a
 * bank lists the issuing CAs it accepts (e.g. SK's EID-Q 2024E), as SK's clients' trust stores do.
 */
export function verifyCertificate(base64Der: string, trusted: readonly X509Certificate[], now: Date): SignerCertificate | Refusal {
  let certificate: X509Certificate;
  let parsed: x509.X509Certificate;
  try {
    const der = Buffer.from(base64Der, 'base64');
    certificate = new X509Certificate(der);
    parsed = new x509.X509Certificate(der);
  } catch {
    return { refused: 'the certificate cannot be read' };
  }
  const issuer = trusted.find((anchor) => certificate.checkIssued(anchor) && certificate.verify(anchor.publicKey));
  if (!issuer) return { refused: 'the certificate is not issued by a trusted certificate' };
  const validity = validAt(certificate, now);
  if (validity !== 'valid') return { refused: `the certificate is ${validity}` };
  const issuerValidity = validAt(issuer, now);
  if (issuerValidity !== 'valid') return { refused: `the issuing certificate is ${issuerValidity}` };
  const serialNumber = parsed.subjectName.getField(SERIAL_NUMBER)[0] ?? null;
  const policies = parsed.getExtension(x509.CertificatePolicyExtension)?.policies ?? [];
  const keyUsage = parsed.getExtension(x509.KeyUsagesExtension);
  const nonRepudiation = keyUsage !== null && (keyUsage.usages & x509.KeyUsageFlags.nonRepudiation) !== 0;
  return { certificate, serialNumber, policies, nonRepudiation };
}

/**
 * Whether `signatureBase64` is the certificate key's signature over `signedData`'s hash. The APIs
 * sign the hash itself (RSA PKCS#1 v1.5 over its DigestInfo, or plain ECDSA over it, r||s as Mobile-ID
 * sends it), which is exactly the `sha…WithRSA`/`sha…WithECDSA` signature of the data hashed: so the
 * data that was hashed is verified with Node's own algorithms. `algorithm` is the answer's name for
 * it (`sha256WithRSAEncryption`, `SHA256WithECEncryption`): its hash and key type must be ours.
 */
export function verifySignature(input: { signedData: Uint8Array; hashType: HashType; signatureBase64: string; algorithm: string; certificate: X509Certificate }): Refusal | null {
  const named = /^(sha256|sha384|sha512)with(rsa|ec)encryption$/i.exec(input.algorithm);
  if (!named) return { refused: `the signature algorithm ${input.algorithm} is not one of the protocol's` };
  if (named[1]!.toUpperCase() !== input.hashType) return { refused: `the signature algorithm ${input.algorithm} does not use the hash that was sent (${input.hashType})` };
  const keyType = input.certificate.publicKey.asymmetricKeyType;
  const expectedKey = named[2]!.toLowerCase() === 'rsa' ? 'rsa' : 'ec';
  if (keyType !== expectedKey) return { refused: `the signature algorithm ${input.algorithm} does not fit the certificate's ${keyType ?? 'unknown'} key` };
  const signature = Buffer.from(input.signatureBase64, 'base64');
  if (signature.length === 0) return { refused: 'the signature value is empty' };
  const hash = NODE_HASH[input.hashType];
  const key = input.certificate.publicKey;
  const valid =
    keyType === 'rsa'
      ? verifySignatureValue(hash, input.signedData, key, signature)
      : verifySignatureValue(hash, input.signedData, { key, dsaEncoding: 'ieee-p1363' }, signature) ||
        verifySignatureValue(hash, input.signedData, { key, dsaEncoding: 'der' }, signature);
  return valid ? null : { refused: 'the signature is not a signature over the hash that was sent' };
}

/** `PNOEE-38001085718`: the ETSI natural person semantics identifier of a personal number (Smart-ID RP API v2 section 2.3.2.2). */
export function personalNumberIdentifier(country: string, personalCode: string): string {
  return `PNO${country.toUpperCase()}-${personalCode}`;
}

/**
 * Whether the certificate's subject serialNumber names this person: the semantics identifier, or
 * (older Mobile-ID certificates) the bare personal code.
 */
export function namesPerson(serialNumber: string | null, country: string, personalCode: string): boolean {
  return serialNumber === personalNumberIdentifier(country, personalCode) || serialNumber === personalCode;
}
