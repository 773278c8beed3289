import { randomBytes } from 'node:crypto';
import { AUTHENTICATION_METHODS, isAuthenticationMethod, type AuthenticationMethod } from '../../../core/domain/identification';
import { ConfigError, readList, readString, type Environment, type SolisMode } from '../../config/env';
import { readProviderSource, requireSecretWith, requireWith, type ProviderSource, type ProviderVariable } from '../provider-source';

/**
 * The bank's login service (section 7's `/auth/public-sso`; issue 21; docs/decisions/169): an
 * OpenID Connect provider reached with the authorization code flow and PKCE. `SSO_ISSUER` is the
 * provider's issuer; its endpoints come from its discovery document
 * (`{SSO_ISSUER}/.well-known/openid-configuration`).
 */
export interface SsoSettings {
  source: ProviderSource;
  clientId: string;
  clientSecret: string;
  /** The ID token claim that carries the person's personal code. */
  personalCodeClaim: string;
  /** What is asked for (`scope`); always includes `openid`. */
  scope: string;
  /** The `acr_values` sent for each login method (how the provider is told which method to offer). */
  methodAcrValues: Record<AuthenticationMethod, string>;
}

/** The client the simulator registers for a demonstration. */
export const SIMULATED_SSO_CLIENT_ID = 'solis-demonstration';
/** Its secret, made once per process (every reading of the settings in it agrees): nothing written anywhere. */
const SIMULATED_SSO_CLIENT_SECRET = randomBytes(24).toString('base64url');

export const SSO_VARIABLES: ProviderVariable[] = [
  {
    name: 'SSO_ISSUER',
    meaning: "The bank's OpenID Connect provider (its issuer; the endpoints are read from its /.well-known/openid-configuration). Unset: the login simulator, outside production.",
    example: 'https://login.bank.example/realms/customers',
    required: false,
  },
  { name: 'SSO_CLIENT_ID', meaning: 'The client id this application is registered with at the provider.', example: 'solis-loan-application', required: true },
  { name: 'SSO_CLIENT_SECRET', meaning: 'Its client secret (sent with HTTP Basic authentication to the token endpoint).', example: '(from the provider)', required: true },
  {
    name: 'SSO_PERSONAL_CODE_CLAIM',
    meaning: "The ID token claim holding the person's personal code (a bare code, or prefixed EE/LV/LT or PNOEE-); sub by default.",
    example: 'sub',
    required: false,
  },
  { name: 'SSO_SCOPE', meaning: 'The scope asked for; openid by default (openid is always included).', example: 'openid nin', required: false },
  {
    name: 'SSO_METHOD_ACR_VALUES',
    meaning: 'The acr_values telling the provider which login method the applicant chose, per method; the method name itself by default.',
    example: 'SMART_ID=idp:sk-smartid,MOBILE_ID=idp:sk-mobileid,ID_CARD=idp:et-smartcard,BANK_LINK=idp:banklink',
    required: false,
  },
];

function readMethodAcrValues(env: Environment): Record<AuthenticationMethod, string> {
  const values = Object.fromEntries(AUTHENTICATION_METHODS.map((method) => [method, method])) as Record<AuthenticationMethod, string>;
  for (const item of readList(env, 'SSO_METHOD_ACR_VALUES')) {
    const [method, value] = [item.slice(0, item.indexOf('=')), item.slice(item.indexOf('=') + 1)].map((part) => part.trim());
    if (!item.includes('=') || !isAuthenticationMethod(method) || !value || /\s/.test(value ?? '')) {
      throw new ConfigError('SSO_METHOD_ACR_VALUES', `contains "${item}"; expected METHOD=value pairs, the methods being ${AUTHENTICATION_METHODS.join(', ')}.`);
    }
    values[method] = value!;
  }
  return values;
}

export function readSsoSettings(env: Environment, mode: SolisMode): SsoSettings {
  const source = readProviderSource(env, mode, 'SSO_ISSUER');
  const simulated = source.kind === 'simulator';
  const clientId = simulated ? SIMULATED_SSO_CLIENT_ID : requireWith(env, source, 'SSO_CLIENT_ID');
  const clientSecret = simulated ? SIMULATED_SSO_CLIENT_SECRET : requireSecretWith(env, source, 'SSO_CLIENT_SECRET', mode);
  const personalCodeClaim = readString(env, 'SSO_PERSONAL_CODE_CLAIM') ?? 'sub';
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(personalCodeClaim)) throw new ConfigError('SSO_PERSONAL_CODE_CLAIM', `is "${personalCodeClaim}", which is not a claim name.`);
  const scopes = (readString(env, 'SSO_SCOPE') ?? 'openid').split(/\s+/).filter(Boolean);
  if (scopes.some((scope) => !/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(scope))) throw new ConfigError('SSO_SCOPE', 'contains a character a scope may not have (RFC 6749 section 3.3).');
  return {
    source,
    clientId,
    clientSecret,
    personalCodeClaim,
    scope: ['openid', ...scopes.filter((scope) => scope !== 'openid')].join(' '),
    methodAcrValues: readMethodAcrValues(env),
  };
}
