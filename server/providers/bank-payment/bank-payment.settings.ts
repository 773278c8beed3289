import { PAYMENT_BANK_BICS, type PaymentBankBic } from '../../../core/domain/signing';
import { isValidIban } from '../../../core/validation/general/iban';
import { electronicIban } from '../../../core/validation/format/iban';
import { ConfigError, readList, readString, type Environment, type SolisMode } from '../../config/env';
import { readProviderSource, requireSecretWith, requireWith, type ProviderSource, type ProviderVariable } from '../provider-source';

/**
 * Payment signing (docs/decisions/141, 168; docs/providers/bank-payment.md): a first payment at the
 * applicant's bank signs the contract. Each bank (section 3's BICs) is its own OAuth 2.0 / OpenID
 * Connect provider with its own issuer and client. `BANK_PAYMENT_BANKS` lists the banks connected for
 * real; outside production every other bank is simulated, in production it is not offered.
 */
/** The simulator's path on the simulators' host (and its name in fault controls). */
export const BANK_PAYMENT_SIMULATOR = 'bank-payment';

export interface BankPaymentBankSettings {
  bic: PaymentBankBic;
  source: ProviderSource;
  clientId: string;
  clientSecret: string;
}

export interface BankPaymentSettings {
  banks: BankPaymentBankSettings[];
  /** Who the signing payment goes to, and how much it is (EUR, a decimal string). */
  creditor: { name: string; iban: string };
  amount: string;
}

export const SIMULATED_BANK_CLIENT = { clientId: 'solis-demonstration', clientSecret: 'demonstration-only-bank-secret' } as const;
const DEMONSTRATION_CREDITOR = { name: 'Solis demonstration lender', iban: 'LV51SOLS0000000000001' } as const;
export const DEFAULT_SIGNING_PAYMENT_AMOUNT = '0.01';

export const BANK_PAYMENT_VARIABLES: ProviderVariable[] = [
  { name: 'BANK_PAYMENT_BANKS', meaning: `The banks (BICs of ${PAYMENT_BANK_BICS.join(', ')}) connected for real, comma-separated; each needs the three variables below.`, example: 'HABALV22,UNLALV2X', required: true },
  { name: 'BANK_PAYMENT_<BIC>_URL', meaning: "That bank's OpenID Connect issuer; its metadata is read from {issuer}/.well-known/openid-configuration.", example: 'https://auth.bank.example/oidc', required: true },
  { name: 'BANK_PAYMENT_<BIC>_CLIENT_ID', meaning: 'The client id the bank registered for this server.', example: 'solis-lv', required: true },
  { name: 'BANK_PAYMENT_<BIC>_CLIENT_SECRET', meaning: 'Its client secret, sent with HTTP Basic to the token endpoint (client_secret_basic).', example: '(a secret)', required: true },
  { name: 'BANK_PAYMENT_CREDITOR_NAME', meaning: 'The name the signing payment is paid to (the lender).', example: 'Solis Bank AS', required: true },
  { name: 'BANK_PAYMENT_CREDITOR_IBAN', meaning: 'The account the signing payment is paid to.', example: 'LV51SOLS0000000000001', required: true },
  { name: 'BANK_PAYMENT_AMOUNT', meaning: `The signing payment in euros (${DEFAULT_SIGNING_PAYMENT_AMOUNT} when unset).`, example: '0.01', required: false },
];

function readAmount(env: Environment): string {
  const raw = readString(env, 'BANK_PAYMENT_AMOUNT') ?? DEFAULT_SIGNING_PAYMENT_AMOUNT;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(raw) || Number(raw) <= 0) throw new ConfigError('BANK_PAYMENT_AMOUNT', `is "${raw}"; expected an amount in euros above 0, e.g. 0.01.`);
  return raw;
}

export function readBankPaymentSettings(env: Environment, mode: SolisMode): BankPaymentSettings {
  const listed = readList(env, 'BANK_PAYMENT_BANKS').map((bic) => bic.toUpperCase());
  for (const bic of listed) {
    if (!(PAYMENT_BANK_BICS as readonly string[]).includes(bic)) {
      throw new ConfigError('BANK_PAYMENT_BANKS', `names "${bic}", which is not a payment-signing bank (${PAYMENT_BANK_BICS.join(', ')}).`);
    }
  }
  const banks = PAYMENT_BANK_BICS.map((bic): BankPaymentBankSettings => {
    const variable = (suffix: string) => `BANK_PAYMENT_${bic}_${suffix}`;
    const source = readProviderSource(env, mode, variable('URL'));
    if (listed.includes(bic) && source.kind !== 'real') throw new ConfigError(variable('URL'), `is required: BANK_PAYMENT_BANKS lists ${bic}.`);
    if (!listed.includes(bic) && source.kind === 'real') throw new ConfigError('BANK_PAYMENT_BANKS', `does not list ${bic}, but ${variable('URL')} is set.`);
    const clientId = requireWith(env, source, variable('CLIENT_ID'));
    const clientSecret = requireSecretWith(env, source, variable('CLIENT_SECRET'), mode);
    if (source.kind === 'real') return { bic, source, clientId, clientSecret };
    return { bic, source, clientId: clientId || SIMULATED_BANK_CLIENT.clientId, clientSecret: clientSecret || SIMULATED_BANK_CLIENT.clientSecret };
  });
  const anyReal = banks.some((bank) => bank.source.kind === 'real');
  const creditorSource: ProviderSource = anyReal ? { kind: 'real', url: '' } : { kind: 'simulator' };
  const name = requireWith(env, creditorSource, 'BANK_PAYMENT_CREDITOR_NAME') || DEMONSTRATION_CREDITOR.name;
  const rawIban = requireWith(env, creditorSource, 'BANK_PAYMENT_CREDITOR_IBAN') || DEMONSTRATION_CREDITOR.iban;
  if (!isValidIban(rawIban)) throw new ConfigError('BANK_PAYMENT_CREDITOR_IBAN', `is "${rawIban}", which is not a valid IBAN.`);
  return { banks, creditor: { name, iban: electronicIban(rawIban) }, amount: readAmount(env) };
}
