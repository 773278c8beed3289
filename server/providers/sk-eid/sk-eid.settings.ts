import { readFileSync } from 'node:fs';
import type { X509Certificate } from 'node:crypto';
import { ConfigError, type Environment } from '../../config/env';
import { requireWith, type ProviderSource } from '../provider-source';
import { parsePemCertificates } from './certificates';

/**
 * Settings both SK ID Solutions parties share (Smart-ID RP API v2 sections 2.2.2-2.2.4, MID REST API
 * sections 2.1-2.2): a relying-party UUID (canonical 8-4-4-4-12 hexadecimal, lower case as MID
 * wants it) and name (at most 32 bytes of UTF-8), and the trusted certificates' file, each checked
 * at start-up with an error naming the variable.
 */
/** SK's documented demonstration relying party: the simulators answer it, and it is the default outside production. */
export const SK_DEMO_RELYING_PARTY = { uuid: '00000000-0000-0000-0000-000000000000', name: 'DEMO' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function readRelyingParty(
  env: Environment,
  source: ProviderSource,
  uuidVariable: string,
  nameVariable: string,
): { relyingPartyUuid: string; relyingPartyName: string } {
  const uuid = requireWith(env, source, uuidVariable) || SK_DEMO_RELYING_PARTY.uuid;
  if (!UUID.test(uuid)) throw new ConfigError(uuidVariable, `is "${uuid}"; expected the UUID SK ID Solutions gave, lower case, like de305d54-75b4-431b-adb2-eb6b9e546014.`);
  const name = requireWith(env, source, nameVariable) || SK_DEMO_RELYING_PARTY.name;
  if (Buffer.byteLength(name, 'utf8') > 32) throw new ConfigError(nameVariable, 'is longer than 32 bytes; SK ID Solutions limits a relying-party name to 32 bytes of UTF-8.');
  return { relyingPartyUuid: uuid, relyingPartyName: name };
}

/** The certificates of the PEM file at `path` (read once, at start-up). */
export function readTrustedCertificates(variable: string, path: string): X509Certificate[] {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ConfigError(variable, `is "${path}", which cannot be read (${typeof code === 'string' ? code : 'unreadable'}).`);
  }
  try {
    return parsePemCertificates(pem);
  } catch (error) {
    throw new ConfigError(variable, `is "${path}", but ${(error as Error).message}`);
  }
}
