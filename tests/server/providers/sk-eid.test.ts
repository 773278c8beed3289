/**
 * Issue 21 (docs/decisions/167): what the Smart-ID and Mobile-ID adapters share. The verification
 * codes as SK ID Solutions' documentation and clients compute them, the certificate checks a relying
 * party makes before it believes a signature, the simulators' own certificates and signatures, and
 * the settings checked at start-up.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config/env';
import { isRefusal, namesPerson, parsePemCertificates, verifyCertificate, verifySignature } from '../../../server/providers/sk-eid/certificates';
import { decodeHash, digest, mobileIdVerificationCode, smartIdVerificationCode } from '../../../server/providers/sk-eid/hashes';
import { SimulatorCa, signHash, simulatorCa, smartIdPolicies, type PersonCertificate } from '../../../server/providers/sk-eid/simulator-ca';
import { readSmartIdSettings } from '../../../server/providers/smart-id/smart-id.settings';
import { readMobileIdSettings } from '../../../server/providers/mobile-id/mobile-id.settings';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const DAY = 86_400_000;

describe('verification codes', () => {
  it("Smart-ID's: the two rightmost bytes of the SHA-256 of the hash, mod 10000 (smart-id-java-client's vectors)", () => {
    expect(smartIdVerificationCode(Buffer.from([27, -69 & 0xff]))).toBe('4555');
    expect(smartIdVerificationCode(sha256('Hello World!'))).toBe('7712');
    expect(smartIdVerificationCode(sha256("Hedgehogs – why can't they just share the hedge?"))).toBe('4612');
    expect(smartIdVerificationCode(sha256('Go ahead, make my day.'))).toBe('7782');
    expect(smartIdVerificationCode(sha256("You're gonna need a bigger boat."))).toBe('1464');
    expect(smartIdVerificationCode(sha256("Say 'hello' to my little friend!"))).toBe('4240');
  });

  it("Mobile-ID's: 6 bits from the start and 7 from the end of the hash (the MID REST API's own example, and the client's vectors)", () => {
    expect(mobileIdVerificationCode(Buffer.from('2f665f6a6999e0ef0752e00ec9f453adf59d8cb6', 'hex'))).toBe('1462');
    expect(mobileIdVerificationCode(digest('SHA256', Buffer.from('HACKERMAN_SHA256')))).toBe('6008');
    expect(mobileIdVerificationCode(digest('SHA384', Buffer.from('HACKERMAN_SHA384')))).toBe('7230');
    expect(mobileIdVerificationCode(digest('SHA512', Buffer.from('HACKERMAN_SHA512')))).toBe('3843');
    expect(() => mobileIdVerificationCode(Buffer.alloc(19))).toThrow();
  });

  it('a hash travels as canonical base64 of exactly its length', () => {
    const hash = digest('SHA256', Buffer.from('x'));
    expect(decodeHash('SHA256', hash.toString('base64'))?.equals(hash)).toBe(true);
    expect(decodeHash('SHA512', hash.toString('base64'))).toBeNull();
    expect(decodeHash('SHA256', `${hash.toString('base64')}x`)).toBeNull();
    expect(decodeHash('SHA256', 'not base64!')).toBeNull();
  });
});

describe('a signer certificate and its signature', () => {
  let ca: SimulatorCa;
  let otherCa: SimulatorCa;
  let rsa: PersonCertificate;
  let ec: PersonCertificate;
  const data = Buffer.from('the contract');
  const hash = digest('SHA256', data);

  beforeAll(async () => {
    [ca, otherCa] = await Promise.all([SimulatorCa.create({ commonName: 'Test issuer' }), SimulatorCa.create({ commonName: 'Test issuer' })]);
    [rsa, ec] = await Promise.all([
      ca.issue({ serialNumber: 'PNOEE-38001085718', givenName: 'MARI', surname: 'MAASIKAS', country: 'EE', keyType: 'rsa', policies: smartIdPolicies('QUALIFIED') }),
      ca.issue({ serialNumber: 'PNOLT-38001085718', givenName: 'MARI', surname: 'MAASIKAS', country: 'LT', keyType: 'ec' }),
    ]);
  });

  it('is believed when a trusted certificate issued it and it is valid now: its person, policies and use are read', () => {
    const signer = verifyCertificate(rsa.base64, [otherCa.certificate, ca.certificate], new Date());
    expect(isRefusal(signer)).toBe(false);
    if (isRefusal(signer)) return;
    expect(signer.serialNumber).toBe('PNOEE-38001085718');
    expect(signer.policies).toEqual(smartIdPolicies('QUALIFIED'));
    expect(signer.nonRepudiation).toBe(true);
  });

  it('is refused when no trusted certificate issued it (another CA of the same name too), or it cannot be read', () => {
    expect(verifyCertificate(rsa.base64, [otherCa.certificate], new Date())).toEqual({ refused: 'the certificate is not issued by a trusted certificate' });
    expect(verifyCertificate(rsa.base64, [], new Date())).toEqual({ refused: 'the certificate is not issued by a trusted certificate' });
    expect(verifyCertificate('B+C9XVjIAZnCHH9vfBSv...', [ca.certificate], new Date())).toEqual({ refused: 'the certificate cannot be read' });
  });

  it('is refused outside its validity, and when its issuer is outside its own', async () => {
    expect(verifyCertificate(rsa.base64, [ca.certificate], new Date(Date.now() + 800 * DAY))).toEqual({ refused: 'the certificate is expired' });
    expect(verifyCertificate(rsa.base64, [ca.certificate], new Date(Date.now() - 2 * DAY))).toEqual({ refused: 'the certificate is not yet valid' });
    const expired = await ca.issue({ serialNumber: 'PNOEE-38001085718', givenName: 'A', surname: 'B', country: 'EE', keyType: 'ec', notBefore: new Date(Date.now() - 10 * DAY), notAfter: new Date(Date.now() - DAY) });
    expect(verifyCertificate(expired.base64, [ca.certificate], new Date())).toEqual({ refused: 'the certificate is expired' });
    const oldCa = await SimulatorCa.create({ commonName: 'Old issuer', notBefore: new Date(Date.now() - 20 * DAY), notAfter: new Date(Date.now() - DAY) });
    const fromOld = await oldCa.issue({ serialNumber: 'PNOEE-38001085718', givenName: 'A', surname: 'B', country: 'EE', keyType: 'ec', notBefore: new Date(Date.now() - 10 * DAY) });
    expect(verifyCertificate(fromOld.base64, [oldCa.certificate], new Date())).toEqual({ refused: 'the issuing certificate is expired' });
  });

  it('an authentication certificate is no signing certificate', async () => {
    const authentication = await ca.issue({ serialNumber: 'PNOEE-38001085718', givenName: 'A', surname: 'B', country: 'EE', keyType: 'ec', usage: 'authentication' });
    const signer = verifyCertificate(authentication.base64, [ca.certificate], new Date());
    expect(!isRefusal(signer) && signer.nonRepudiation).toBe(false);
  });

  it.each([
    ['RSA (sha256WithRSAEncryption)', 'rsa', 'sha256WithRSAEncryption'],
    ['ECDSA r||s (SHA256WithECEncryption)', 'ec', 'SHA256WithECEncryption'],
  ] as const)('a signature over the hash sent is verified with the data hashed: %s', (_name, keyType, algorithm) => {
    const person = keyType === 'rsa' ? rsa : ec;
    const signature = signHash(person, 'SHA256', hash).toString('base64');
    const check = (overrides: Partial<Parameters<typeof verifySignature>[0]>) =>
      verifySignature({ signedData: data, hashType: 'SHA256', signatureBase64: signature, algorithm, certificate: person.certificate, ...overrides });
    expect(check({})).toBeNull();
    expect(check({ signedData: Buffer.from('another contract') })).toEqual({ refused: 'the signature is not a signature over the hash that was sent' });
    expect(check({ signatureBase64: signHash(person, 'SHA256', digest('SHA256', Buffer.from('another'))).toString('base64') })?.refused).toMatch(/not a signature over the hash/);
    expect(check({ certificate: (keyType === 'rsa' ? ec : rsa).certificate })?.refused).toMatch(/does not fit the certificate's/);
    expect(check({ algorithm: algorithm.replace(/256/, '512') })?.refused).toMatch(/does not use the hash that was sent/);
    expect(check({ algorithm: 'md5WithRSAEncryption' })?.refused).toMatch(/not one of the protocol's/);
    expect(check({ signatureBase64: '' })).toEqual({ refused: 'the signature value is empty' });
  });

  it('an ECDSA signature in DER is accepted too', () => {
    // A P1363 signature re-encoded as DER: Node verifies either encoding.
    const p1363 = signHash(ec, 'SHA256', hash);
    const integer = (bytes: Buffer) => {
      const trimmed = bytes.subarray(bytes.findIndex((byte) => byte !== 0));
      const value = trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
      return Buffer.concat([Buffer.from([0x02, value.length]), value]);
    };
    const body = Buffer.concat([integer(p1363.subarray(0, 32)), integer(p1363.subarray(32))]);
    const der = Buffer.concat([Buffer.from([0x30, body.length]), body]);
    expect(verifySignature({ signedData: data, hashType: 'SHA256', signatureBase64: der.toString('base64'), algorithm: 'SHA256WithECEncryption', certificate: ec.certificate })).toBeNull();
  });

  it('names the person by semantics identifier, or by the bare personal code of older certificates', () => {
    expect(namesPerson('PNOEE-38001085718', 'EE', '38001085718')).toBe(true);
    expect(namesPerson('38001085718', 'EE', '38001085718')).toBe(true);
    expect(namesPerson('PNOLT-38001085718', 'EE', '38001085718')).toBe(false);
    expect(namesPerson('PNOEE-38001085719', 'EE', '38001085718')).toBe(false);
    expect(namesPerson(null, 'EE', '38001085718')).toBe(false);
  });

  it("the simulators' CA is made once per process and per party", async () => {
    expect(await simulatorCa('smart-id')).toBe(await simulatorCa('smart-id'));
    expect(await simulatorCa('mobile-id')).not.toBe(await simulatorCa('smart-id'));
  });
});

describe('settings, checked at start-up', () => {
  let directory: string;
  let pemFile: string;
  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'solis-sk-eid-'));
    pemFile = path.join(directory, 'issuers.pem');
    writeFileSync(pemFile, `${(await SimulatorCa.create({ commonName: 'A' })).pem}\n${(await SimulatorCa.create({ commonName: 'B' })).pem}`);
  });

  const real = {
    SMART_ID_URL: 'https://rp-api.smart-id.com/v2',
    SMART_ID_RP_UUID: 'de305d54-75b4-431b-adb2-eb6b9e546014',
    SMART_ID_RP_NAME: 'BANK123',
  };
  const configError = (read: () => unknown) => {
    try {
      read();
    } catch (error) {
      return error instanceof ConfigError ? { variable: error.variable, message: error.message } : error;
    }
    return undefined;
  };

  it('unset: the simulator outside production with the demonstration relying party, nothing in production', () => {
    expect(readSmartIdSettings({}, 'demonstration')).toEqual({ source: { kind: 'simulator' }, relyingPartyUuid: '00000000-0000-0000-0000-000000000000', relyingPartyName: 'DEMO', trustedCertificates: null });
    expect(readSmartIdSettings({}, 'production').source).toEqual({ kind: 'none' });
    expect(readMobileIdSettings({}, 'production').source).toEqual({ kind: 'none' });
  });

  it('a real party reads every certificate of its trusted file', () => {
    const settings = readSmartIdSettings({ ...real, SMART_ID_TRUSTED_CERTS: pemFile }, 'production');
    expect(settings.source).toEqual({ kind: 'real', url: 'https://rp-api.smart-id.com/v2' });
    expect(settings.trustedCertificates?.map((certificate) => certificate.subject.split('\n').at(-1))).toEqual(['CN=A', 'CN=B']);
    expect(parsePemCertificates(`junk\n${settings.trustedCertificates![0]!.toString()}`)[0]).toBeInstanceOf(X509Certificate);
  });

  it('names the variable that is missing or wrong', () => {
    expect(configError(() => readSmartIdSettings(real, 'production'))).toMatchObject({ variable: 'SMART_ID_TRUSTED_CERTS' });
    expect(configError(() => readSmartIdSettings({ ...real, SMART_ID_RP_UUID: '', SMART_ID_TRUSTED_CERTS: pemFile }, 'production'))).toMatchObject({ variable: 'SMART_ID_RP_UUID' });
    expect(configError(() => readSmartIdSettings({ ...real, SMART_ID_RP_UUID: 'DE305D54-75B4-431B-ADB2-EB6B9E546014', SMART_ID_TRUSTED_CERTS: pemFile }, 'production'))).toMatchObject({
      variable: 'SMART_ID_RP_UUID',
    });
    expect(configError(() => readSmartIdSettings({ ...real, SMART_ID_RP_NAME: 'Ä'.repeat(17), SMART_ID_TRUSTED_CERTS: pemFile }, 'production'))).toMatchObject({ variable: 'SMART_ID_RP_NAME' });
    expect(configError(() => readSmartIdSettings({ ...real, SMART_ID_TRUSTED_CERTS: path.join(directory, 'missing.pem') }, 'production'))).toMatchObject({
      variable: 'SMART_ID_TRUSTED_CERTS',
      message: expect.stringContaining('ENOENT'),
    });
    const empty = path.join(directory, 'empty.pem');
    writeFileSync(empty, 'no certificate here');
    expect(configError(() => readMobileIdSettings({ MOBILE_ID_URL: 'https://mid.sk.ee/mid-api', MOBILE_ID_RP_UUID: real.SMART_ID_RP_UUID, MOBILE_ID_RP_NAME: 'BANK', MOBILE_ID_TRUSTED_CERTS: empty }, 'production'))).toMatchObject({
      variable: 'MOBILE_ID_TRUSTED_CERTS',
      message: expect.stringContaining('holds no PEM certificate'),
    });
    expect(configError(() => readMobileIdSettings({ MOBILE_ID_URL: 'http://mid.sk.ee/mid-api' }, 'production'))).toMatchObject({ variable: 'MOBILE_ID_URL' });
  });
});
