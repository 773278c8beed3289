import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { escapeHtml, outcomeForm, simulatorPage, type Simulator, type SimulatorContext } from '../simulator-host';
import type { BgConsentStatus } from './psd2.adapter';
import { bankMark } from './bank-mark';

/**
 * The open-banking aggregator's simulator (issue 21; docs/decisions/170, docs/providers/open-banking.md):
 * the Berlin Group NextGenPSD2 account-information calls the adapter makes, the aggregator's list of
 * banks, and each bank's SCA page where a person approves, refuses or cancels. Its banks are the
 * Baltic banks of section 3 (real BICs; the marks are drawn, the banks' logos are theirs). Each
 * consent's accounts and transactions are made up deterministically from the consent, as a bank's
 * test environment does. A consent nobody acts on for five minutes expires, as at a bank.
 *
 * Controls besides the protocol (not a bank's): `POST /psd2/control/elapse { minutes, consentIds? }`
 * ages the open consents (all, or those named), so a test reaches the expiry without waiting.
 */
export const PSD2_SIMULATOR_NAME = 'psd2';

/** A consent request the person leaves alone this long expires at the bank. */
export const SIMULATED_SCA_IDLE_MS = 5 * 60_000;
/** Transactions per page: the adapter follows `_links.next`. */
const PAGE_SIZE = 10;

interface SimulatedBank {
  id: string;
  name: string;
  bic: string;
  country: 'EE' | 'LV' | 'LT';
  colour: string;
  /** The bank code of its IBANs (after the check digits). */
  bankCode: string;
}

/** Section 3 names the Latvian four; Estonia's and Lithuania's main banks besides. */
export const SIMULATED_BANKS: readonly SimulatedBank[] = [
  { id: 'CITADELE_LV', name: 'Citadele', bic: 'PARXLV22', country: 'LV', colour: '#a3162f', bankCode: 'PARX' },
  { id: 'LUMINOR_LV', name: 'Luminor', bic: 'RIKOLV2X', country: 'LV', colour: '#481335', bankCode: 'RIKO' },
  { id: 'SEB_LV', name: 'SEB', bic: 'UNLALV2X', country: 'LV', colour: '#1a7a35', bankCode: 'UNLA' },
  { id: 'SWEDBANK_LV', name: 'Swedbank', bic: 'HABALV22', country: 'LV', colour: '#b34a00', bankCode: 'HABA' },
  { id: 'SWEDBANK_EE', name: 'Swedbank', bic: 'HABAEE2X', country: 'EE', colour: '#b34a00', bankCode: '22' },
  { id: 'SEB_EE', name: 'SEB', bic: 'EEUHEE2X', country: 'EE', colour: '#1a7a35', bankCode: '10' },
  { id: 'LHV_EE', name: 'LHV', bic: 'LHVBEE22', country: 'EE', colour: '#222222', bankCode: '77' },
  { id: 'LUMINOR_EE', name: 'Luminor', bic: 'RIKOEE22', country: 'EE', colour: '#481335', bankCode: '96' },
  { id: 'COOP_EE', name: 'Coop Pank', bic: 'EKRDEE22', country: 'EE', colour: '#0a5c8a', bankCode: '42' },
  { id: 'SWEDBANK_LT', name: 'Swedbank', bic: 'HABALT22', country: 'LT', colour: '#b34a00', bankCode: '73000' },
  { id: 'SEB_LT', name: 'SEB', bic: 'CBVILT2X', country: 'LT', colour: '#1a7a35', bankCode: '70440' },
  { id: 'LUMINOR_LT', name: 'Luminor', bic: 'AGBLLT2X', country: 'LT', colour: '#481335', bankCode: '40100' },
  { id: 'SIAULIU_LT', name: 'Šiaulių bankas', bic: 'CBSBLT26', country: 'LT', colour: '#7a1f1f', bankCode: '71800' },
  { id: 'CITADELE_LT', name: 'Citadele', bic: 'INDULT2X', country: 'LT', colour: '#a3162f', bankCode: '72900' },
];

interface SimulatedConsent {
  consentId: string;
  authorisationId: string;
  bank: SimulatedBank;
  status: BgConsentStatus;
  redirectUri: string;
  nokRedirectUri: string;
  tppName: string;
  validUntil: string;
  createdAt: Date;
  /** The person's last action on the SCA page (the idle expiry counts from here). */
  lastActivityAt: number;
}

interface SimulatedAccount {
  resourceId: string;
  iban: string;
  currency: 'EUR';
  name: string;
  product: string;
}

/** ISO 13616 check digits of an IBAN built from country and BBAN. */
function ibanOf(countryCode: string, bban: string): string {
  const rearranged = `${bban}${countryCode}00`.toUpperCase().replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${countryCode}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

function hashOf(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

function digitsOf(seed: string, length: number): string {
  return Array.from(hashOf(seed).subarray(0, length), (byte) => String(byte % 10)).join('');
}

/** The person's two accounts at the bank, the same for the same consent. */
export function simulatedAccounts(bank: SimulatedBank, consentId: string): SimulatedAccount[] {
  const bbanLength = { EE: 16, LV: 17, LT: 16 }[bank.country];
  return (['Current account', 'Savings account'] as const).map((name, index) => {
    const n = index + 1;
    const bban = `${bank.bankCode}${digitsOf(`${consentId}:${n}`, bbanLength - bank.bankCode.length)}`;
    const hex = hashOf(`${consentId}:account:${n}`).toString('hex');
    return {
      resourceId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`,
      iban: ibanOf(bank.country, bban),
      currency: 'EUR',
      name,
      product: name === 'Current account' ? 'Current account' : 'Savings account',
    };
  });
}

interface SimulatedTransaction {
  transactionId: string;
  bookingDate: string;
  valueDate: string;
  cents: number;
  text: string;
  counterparty: string;
}

const money = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * A month of an account's booked transactions: a salary in, rent, bills and shopping out. The month's
 * totals are about 1,200–2,200 in and 800–1,300 out, as the statements the old sandbox gave.
 */
function monthOf(consentId: string, resourceId: string, month: string): SimulatedTransaction[] {
  const seed = `${consentId}:${resourceId}:${month}`;
  const base = Number(digitsOf(seed, 3));
  const cents = Number(digitsOf(`${seed}:cents`, 2));
  const incoming = (1200 + base) * 100 + cents;
  const outgoing = (800 + Math.round(base / 2)) * 100;
  const rent = Math.round(outgoing * 0.4);
  const bills = Math.round(outgoing * 0.15);
  const groceries = Math.round(outgoing * 0.2);
  const shopping = outgoing - rent - bills - groceries;
  const entries: [number, number, string, string][] = [
    [3, -rent, 'Rent', 'Landlord SIA'],
    [8, -bills, 'Electricity and internet', 'Utilities AS'],
    [10, incoming, 'Salary', 'Employer UAB'],
    [15, -groceries, 'Groceries', 'Supermarket'],
    [22, -shopping, 'Card payment', 'Department store'],
  ];
  return entries.map(([day, amount, text, counterparty]) => {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    return { transactionId: hashOf(`${seed}:${day}`).toString('hex').slice(0, 16), bookingDate: date, valueDate: date, cents: amount, text, counterparty };
  });
}

/** The booked transactions of the period (inclusive), up to today. */
function transactionsOf(consentId: string, resourceId: string, dateFrom: string, dateTo: string, today: string): SimulatedTransaction[] {
  const last = dateTo < today ? dateTo : today;
  const months: string[] = [];
  for (let cursor = new Date(`${dateFrom.slice(0, 7)}-01T00:00:00Z`); cursor.toISOString().slice(0, 7) <= last.slice(0, 7); cursor.setUTCMonth(cursor.getUTCMonth() + 1)) {
    months.push(cursor.toISOString().slice(0, 7));
    if (months.length > 36) break;
  }
  return months
    .flatMap((month) => monthOf(consentId, resourceId, month))
    .filter((transaction) => transaction.bookingDate >= dateFrom && transaction.bookingDate <= last)
    .sort((a, b) => (a.bookingDate < b.bookingDate ? 1 : a.bookingDate > b.bookingDate ? -1 : 0));
}

type TppCode = 'FORMAT_ERROR' | 'TOKEN_INVALID' | 'CONSENT_UNKNOWN' | 'CONSENT_INVALID' | 'CONSENT_EXPIRED' | 'RESOURCE_UNKNOWN' | 'PARAMETER_NOT_SUPPORTED';

function tppError(c: Context, status: 400 | 401 | 403 | 404, code: TppCode, text: string, path?: string) {
  return c.json({ tppMessages: [{ category: 'ERROR', code, text, ...(path ? { path } : {}) }] }, status);
}

const ConsentBodySchema = v.object({
  access: v.union([
    v.object({ allPsd2: v.literal('allAccounts') }),
    v.object({ availableAccounts: v.picklist(['allAccounts', 'allAccountsWithOwnerName']) }),
    v.object({ accounts: v.optional(v.array(v.unknown())), balances: v.optional(v.array(v.unknown())), transactions: v.optional(v.array(v.unknown())) }),
  ]),
  recurringIndicator: v.boolean(),
  validUntil: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
  frequencyPerDay: v.pipe(v.number(), v.integer(), v.minValue(1)),
  combinedServiceIndicator: v.optional(v.boolean()),
});

const ElapseSchema = v.object({
  minutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24 * 60)),
  consentIds: v.optional(v.array(v.string())),
});

const OutcomeSchema = v.picklist(['approve', 'refuse', 'cancel', 'revoke']);

const isHttpUrl = (value: string | undefined): value is string => {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

export function createPsd2Simulator(context: SimulatorContext, options: { clock?: () => number } = {}): Simulator {
  const clock = options.clock ?? Date.now;
  const consents = new Map<string, SimulatedConsent>();
  const byAuthorisation = new Map<string, SimulatedConsent>();
  const base = () => context.base(PSD2_SIMULATOR_NAME);
  const today = () => new Date(clock()).toISOString().slice(0, 10);

  /** A consent's status now: an open request left alone too long, or a consent past its last day, has expired. */
  function current(consent: SimulatedConsent): SimulatedConsent {
    const open = consent.status === 'received' || consent.status === 'partiallyAuthorised';
    if (open && clock() - consent.lastActivityAt >= SIMULATED_SCA_IDLE_MS) consent.status = 'expired';
    if (consent.status === 'valid' && consent.validUntil < today()) consent.status = 'expired';
    return consent;
  }

  const routes = new Hono();

  // The aggregator's own checks: its client's credentials and a request id on every call.
  routes.use('/v1/*', async (c, next) => {
    const requestId = c.req.header('x-request-id');
    if (!c.req.header('x-client-id') || !c.req.header('x-api-key')) return tppError(c, 401, 'TOKEN_INVALID', 'The client credentials (X-Client-ID, X-API-Key) are missing.');
    if (!requestId) return tppError(c, 400, 'FORMAT_ERROR', 'X-Request-ID is missing.', 'X-Request-ID');
    c.header('X-Request-ID', requestId);
    await next();
  });

  const bankOf = (c: Context) => SIMULATED_BANKS.find((bank) => bank.id === c.req.header('aspsp-id'));

  routes.get('/v1/aspsps', (c) => {
    const country = c.req.query('country') ?? '';
    if (!/^[A-Z]{2}$/.test(country)) return tppError(c, 400, 'FORMAT_ERROR', 'country must be an ISO 3166 alpha-2 code.', 'country');
    return c.json({
      aspsps: SIMULATED_BANKS.filter((bank) => bank.country === country).map((bank) => ({ id: bank.id, name: bank.name, bic: bank.bic, country: bank.country, logoUrl: bankMark(bank.name, bank.colour) })),
    });
  });

  routes.post('/v1/consents', async (c) => {
    const bank = bankOf(c);
    if (!bank) return tppError(c, 400, 'FORMAT_ERROR', 'ASPSP-ID names no bank of this aggregator.', 'ASPSP-ID');
    const redirectUri = c.req.header('tpp-redirect-uri');
    const nokRedirectUri = c.req.header('tpp-nok-redirect-uri');
    if (!c.req.header('psu-ip-address')) return tppError(c, 400, 'FORMAT_ERROR', 'PSU-IP-Address is missing.', 'PSU-IP-Address');
    if (!isHttpUrl(redirectUri)) return tppError(c, 400, 'FORMAT_ERROR', 'TPP-Redirect-URI is missing or not a URL (this bank supports the redirect approach only).', 'TPP-Redirect-URI');
    if (nokRedirectUri !== undefined && !isHttpUrl(nokRedirectUri)) return tppError(c, 400, 'FORMAT_ERROR', 'TPP-Nok-Redirect-URI is not a URL.', 'TPP-Nok-Redirect-URI');
    const parsed = v.safeParse(ConsentBodySchema, await c.req.json().catch(() => null));
    if (!parsed.success) return tppError(c, 400, 'FORMAT_ERROR', 'The consent request is not a Berlin Group consent.', v.getDotPath(parsed.issues[0]) ?? undefined);
    const body = parsed.output;
    if (!body.recurringIndicator && body.frequencyPerDay !== 1) return tppError(c, 400, 'FORMAT_ERROR', 'A one-off consent has frequencyPerDay 1.', 'frequencyPerDay');
    if (body.validUntil < today()) return tppError(c, 400, 'FORMAT_ERROR', 'validUntil is in the past.', 'validUntil');
    const consent: SimulatedConsent = {
      consentId: `CONSENT-${randomBytes(6).toString('hex').toUpperCase()}`,
      authorisationId: randomUUID(),
      bank,
      status: 'received',
      redirectUri,
      nokRedirectUri: nokRedirectUri ?? redirectUri,
      tppName: (c.req.header('tpp-name') ?? '').slice(0, 100) || 'A third party',
      validUntil: body.validUntil,
      createdAt: new Date(clock()),
      lastActivityAt: clock(),
    };
    consents.set(consent.consentId, consent);
    byAuthorisation.set(consent.authorisationId, consent);
    const self = `/${PSD2_SIMULATOR_NAME}/v1/consents/${consent.consentId}`;
    c.header('Location', self);
    c.header('ASPSP-SCA-Approach', 'REDIRECT');
    return c.json(
      {
        consentStatus: consent.status,
        consentId: consent.consentId,
        _links: {
          scaRedirect: { href: `${base()}/sca/${consent.authorisationId}` },
          self: { href: self },
          status: { href: `${self}/status` },
          scaStatus: { href: `${self}/authorisations/${consent.authorisationId}` },
        },
      },
      201,
    );
  });

  /** The consent the call names, at the bank the call is routed to. */
  const consentOf = (c: Context, consentId: string | undefined) => {
    const consent = consentId ? consents.get(consentId) : undefined;
    return consent && consent.bank.id === c.req.header('aspsp-id') ? current(consent) : undefined;
  };

  routes.get('/v1/consents/:consentId/status', (c) => {
    const consent = consentOf(c, c.req.param('consentId'));
    if (!consent) return tppError(c, 403, 'CONSENT_UNKNOWN', 'The consent is not known.');
    return c.json({ consentStatus: consent.status });
  });

  routes.get('/v1/consents/:consentId', (c) => {
    const consent = consentOf(c, c.req.param('consentId'));
    if (!consent) return tppError(c, 403, 'CONSENT_UNKNOWN', 'The consent is not known.');
    return c.json({
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: false,
      validUntil: consent.validUntil,
      frequencyPerDay: 1,
      lastActionDate: new Date(consent.lastActivityAt).toISOString().slice(0, 10),
      consentStatus: consent.status,
      _links: { account: { href: `/${PSD2_SIMULATOR_NAME}/v1/accounts` } },
    });
  });

  routes.delete('/v1/consents/:consentId', (c) => {
    const consent = consentOf(c, c.req.param('consentId'));
    if (!consent) return tppError(c, 403, 'CONSENT_UNKNOWN', 'The consent is not known.');
    if (consent.status === 'received' || consent.status === 'valid' || consent.status === 'partiallyAuthorised') consent.status = 'terminatedByTpp';
    return c.body(null, 204);
  });

  /** Account data answers a valid consent only (Berlin Group's 401 CONSENT_INVALID / CONSENT_EXPIRED, 403 CONSENT_UNKNOWN). */
  const validConsent = (c: Context): SimulatedConsent | Response => {
    const consent = consentOf(c, c.req.header('consent-id'));
    if (!consent) return tppError(c, 403, 'CONSENT_UNKNOWN', 'The consent is not known.', 'Consent-ID');
    if (consent.status === 'expired') return tppError(c, 401, 'CONSENT_EXPIRED', 'The consent has expired.');
    if (consent.status !== 'valid') return tppError(c, 401, 'CONSENT_INVALID', `The consent is ${consent.status}.`);
    return consent;
  };

  routes.get('/v1/accounts', (c) => {
    const consent = validConsent(c);
    if (consent instanceof Response) return consent;
    return c.json({
      accounts: simulatedAccounts(consent.bank, consent.consentId).map((account) => ({
        resourceId: account.resourceId,
        iban: account.iban,
        currency: account.currency,
        product: account.product,
        cashAccountType: 'CACC',
        name: account.name,
        _links: {
          balances: { href: `/${PSD2_SIMULATOR_NAME}/v1/accounts/${account.resourceId}/balances` },
          transactions: { href: `/${PSD2_SIMULATOR_NAME}/v1/accounts/${account.resourceId}/transactions` },
        },
      })),
    });
  });

  routes.get('/v1/accounts/:resourceId/transactions', (c) => {
    const consent = validConsent(c);
    if (consent instanceof Response) return consent;
    const account = simulatedAccounts(consent.bank, consent.consentId).find((candidate) => candidate.resourceId === c.req.param('resourceId'));
    if (!account) return tppError(c, 404, 'RESOURCE_UNKNOWN', 'The account is not known.');
    const bookingStatus = c.req.query('bookingStatus');
    if (bookingStatus !== 'booked' && bookingStatus !== 'both') return tppError(c, 400, 'PARAMETER_NOT_SUPPORTED', 'This bank answers bookingStatus booked or both.', 'bookingStatus');
    const dateFrom = c.req.query('dateFrom') ?? '';
    const dateTo = c.req.query('dateTo') ?? today();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dateFrom) || !/^\d{4}-\d{2}-\d{2}$/.test(dateTo) || dateFrom > dateTo) {
      return tppError(c, 400, 'FORMAT_ERROR', 'dateFrom (and dateTo) must be ISO dates, dateFrom first.', 'dateFrom');
    }
    const page = Math.max(1, Number(c.req.query('page') ?? '1') || 1);
    const all = transactionsOf(consent.consentId, account.resourceId, dateFrom, dateTo, today());
    const slice = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const self = `/${PSD2_SIMULATOR_NAME}/v1/accounts/${account.resourceId}/transactions`;
    const next = new URLSearchParams({ dateFrom, dateTo, bookingStatus, page: String(page + 1) });
    return c.json({
      account: { iban: account.iban },
      transactions: {
        booked: slice.map((transaction) => ({
          transactionId: transaction.transactionId,
          ...(transaction.cents < 0 ? { creditorName: transaction.counterparty } : { debtorName: transaction.counterparty }),
          transactionAmount: { currency: account.currency, amount: money(transaction.cents) },
          bookingDate: transaction.bookingDate,
          valueDate: transaction.valueDate,
          remittanceInformationUnstructured: transaction.text,
        })),
        ...(bookingStatus === 'both' ? { pending: [] } : {}),
        _links: {
          account: { href: `/${PSD2_SIMULATOR_NAME}/v1/accounts/${account.resourceId}` },
          ...(page * PAGE_SIZE < all.length ? { next: { href: `${self}?${next.toString()}` } } : {}),
        },
      },
    });
  });

  // The bank's SCA page (English, like a bank's own page in this demonstration).
  const pageTitle = (consent: SimulatedConsent) => `${consent.bank.name} (${consent.bank.bic}): give access to your account information`;
  const returnLink = (consent: SimulatedConsent) => (consent.status === 'valid' ? consent.redirectUri : consent.nokRedirectUri);

  /** A consent no longer waiting for the person: how it stands, the way back, and (while valid) its withdrawal, as in a bank's consent list. */
  function closedPage(consent: SimulatedConsent): Response {
    const ended =
      consent.status === 'valid'
        ? 'You have given this consent.'
        : consent.status === 'expired'
          ? 'This consent request has expired.'
          : consent.status === 'revokedByPsu'
            ? 'You have withdrawn this consent.'
            : `This consent request is closed (${consent.status}).`;
    const withdraw = consent.status === 'valid' ? outcomeForm(`${base()}/sca/${consent.authorisationId}`, {}, [{ value: 'revoke', label: 'Withdraw the consent' }]) : '';
    return simulatorPage(
      pageTitle(consent),
      `<p role="status">${escapeHtml(ended)}</p><p><a class="button" href="${escapeHtml(returnLink(consent))}">Return to ${escapeHtml(consent.tppName)}</a></p>${withdraw}`,
    );
  }

  routes.get('/sca/:authorisationId', (c) => {
    const found = byAuthorisation.get(c.req.param('authorisationId'));
    if (!found) return simulatorPage('Unknown consent request', '<p>This bank knows no such consent request.</p>', { status: 404 });
    const consent = current(found);
    if (consent.status === 'received' || consent.status === 'partiallyAuthorised') {
      // Opening the page is the person's activity: the idle expiry counts from here.
      consent.lastActivityAt = clock();
      return simulatorPage(
        pageTitle(consent),
        `<p>${escapeHtml(consent.tppName)} asks to read, once, the list of your accounts at ${escapeHtml(consent.bank.name)}, their balances and their transactions, to assess your income. The consent is valid until ${escapeHtml(consent.validUntil)} and is used once.</p>
<p class="note">Simulated bank: no real account is read. A request left alone for five minutes expires.</p>
${outcomeForm(`${base()}/sca/${consent.authorisationId}`, {}, [
  { value: 'approve', label: 'Approve' },
  { value: 'refuse', label: 'Refuse' },
  { value: 'cancel', label: 'Cancel and return' },
])}`,
      );
    }
    return closedPage(consent);
  });

  // The person's answer, then back to the third party (303: the browser follows with a GET).
  routes.post('/sca/:authorisationId', async (c) => {
    const found = byAuthorisation.get(c.req.param('authorisationId'));
    if (!found) return simulatorPage('Unknown consent request', '<p>This bank knows no such consent request.</p>', { status: 404 });
    const consent = current(found);
    const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const outcome = v.safeParse(OutcomeSchema, form['outcome']);
    if (!outcome.success) return simulatorPage(pageTitle(consent), '<p>Choose approve, refuse or cancel.</p>', { status: 400 });
    if (consent.status === 'received' || consent.status === 'partiallyAuthorised') {
      consent.lastActivityAt = clock();
      if (outcome.output === 'approve') consent.status = 'valid';
      // Refusing rejects the consent; cancelling leaves it unauthorised, and the third party is told by the Nok address.
      if (outcome.output === 'refuse') consent.status = 'rejected';
      if (outcome.output !== 'revoke') return c.redirect(outcome.output === 'approve' ? consent.redirectUri : consent.nokRedirectUri, 303);
    }
    if (outcome.output === 'revoke' && consent.status === 'valid') {
      consent.status = 'revokedByPsu';
      return closedPage(consent);
    }
    return c.redirect(returnLink(consent), 303);
  });

  routes.post('/control/elapse', async (c) => {
    const parsed = v.safeParse(ElapseSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'expected { minutes: 1..1440, consentIds?: string[] }' }, 400);
    const named = parsed.output.consentIds ? new Set(parsed.output.consentIds) : null;
    let aged = 0;
    for (const consent of consents.values()) {
      if (named && !named.has(consent.consentId)) continue;
      if (consent.status !== 'received' && consent.status !== 'partiallyAuthorised') continue;
      consent.lastActivityAt -= parsed.output.minutes * 60_000;
      aged += 1;
    }
    return c.json({ aged });
  });

  return {
    name: PSD2_SIMULATOR_NAME,
    title: 'Open banking (Berlin Group NextGenPSD2 aggregator)',
    routes,
    open: () =>
      [...consents.values()]
        .map(current)
        .filter((consent) => consent.status === 'received')
        .map((consent) => ({ text: `${consent.bank.name}: ${consent.tppName} asks for access to account information`, href: `${base()}/sca/${consent.authorisationId}` })),
    reset: () => {
      consents.clear();
      byAuthorisation.clear();
    },
  };
}

