import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { ProviderError, joinUrl, providerCall, type ProviderAnswer, type ProviderCall } from '../provider-http';
import type { Psd2Settings } from './psd2.settings';

/**
 * Open banking's aggregator, spoken to in the Berlin Group NextGenPSD2 Access to Account framework
 * (XS2A 1.3, account information service, redirect SCA approach; docs/decisions/170). The calls:
 * - `POST /v1/consents`: a one-off consent on all the person's accounts (`allPsd2`), answered
 *   `received` with the bank's SCA page (`_links.scaRedirect`), or with `startAuthorisation` where
 *   the bank wants the authorisation started explicitly (`POST` that link, answered `scaRedirect`);
 * - `GET /v1/consents/{consentId}/status`, `DELETE /v1/consents/{consentId}` (terminated by us);
 * - `GET /v1/accounts` and `GET /v1/accounts/{resourceId}/transactions` with `Consent-ID`, the booked
 *   transactions of a period, following `_links.next` where the bank pages them.
 * What Berlin Group leaves to the aggregator, chosen here: `GET /v1/aspsps?country=LV` lists the
 * banks of a country; every call to a bank names it by the header `ASPSP-ID`; the bank's client
 * credentials go in `X-Client-ID` and `X-API-Key` (the aggregator holds the eIDAS certificates
 * towards the banks); `TPP-Name` is the name the bank's page shows the person.
 * Any fault (no answer, 5xx, an answer outside these schemas) is a `ProviderError` (503 upstream);
 * an error body's `tppMessages` codes are named in it for the log.
 */
export const PSD2_PROVIDER = 'psd2';

/** Section "consentStatus" of the Berlin Group OpenAPI (1.3.6). */
export const BG_CONSENT_STATUSES = ['received', 'rejected', 'valid', 'revokedByPsu', 'expired', 'terminatedByTpp', 'partiallyAuthorised'] as const;
export type BgConsentStatus = (typeof BG_CONSENT_STATUSES)[number];

const HrefSchema = v.object({ href: v.pipe(v.string(), v.minLength(1)) });
const ConsentStatusSchema = v.picklist(BG_CONSENT_STATUSES);
/** Berlin Group's Amount: an optional minus, up to 14 digits, up to 3 decimals. */
const AmountSchema = v.pipe(v.string(), v.regex(/^-?\d{1,14}(\.\d{1,3})?$/));
const IsoDateSchema = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

export const TppMessagesSchema = v.object({
  tppMessages: v.array(v.object({ category: v.string(), code: v.string(), path: v.optional(v.string()), text: v.optional(v.string()) })),
});

export const ConsentCreatedSchema = v.object({
  consentStatus: ConsentStatusSchema,
  consentId: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  _links: v.object({ scaRedirect: v.optional(HrefSchema), startAuthorisation: v.optional(HrefSchema) }),
});

export const AuthorisationStartedSchema = v.object({
  scaStatus: v.string(),
  authorisationId: v.optional(v.string()),
  _links: v.object({ scaRedirect: HrefSchema }),
});

export const ConsentStatusResponseSchema = v.object({ consentStatus: ConsentStatusSchema });

export const AccountListSchema = v.object({
  accounts: v.array(
    v.object({
      resourceId: v.optional(v.string()),
      iban: v.optional(v.string()),
      currency: v.string(),
      name: v.optional(v.string()),
      product: v.optional(v.string()),
      cashAccountType: v.optional(v.string()),
      _links: v.optional(v.object({ transactions: v.optional(HrefSchema) })),
    }),
  ),
});

const TransactionSchema = v.object({
  transactionId: v.optional(v.string()),
  bookingDate: v.optional(IsoDateSchema),
  valueDate: v.optional(IsoDateSchema),
  transactionAmount: v.object({ currency: v.string(), amount: AmountSchema }),
  creditorName: v.optional(v.string()),
  debtorName: v.optional(v.string()),
  remittanceInformationUnstructured: v.optional(v.string()),
});

export const TransactionsResponseSchema = v.object({
  account: v.optional(v.object({ iban: v.optional(v.string()) })),
  transactions: v.optional(
    v.object({
      booked: v.optional(v.array(TransactionSchema)),
      pending: v.optional(v.array(TransactionSchema)),
      _links: v.optional(v.object({ next: v.optional(HrefSchema) })),
    }),
  ),
  _links: v.optional(v.object({ download: v.optional(HrefSchema) })),
});

/** The aggregator's list of banks (not part of the Berlin Group core; docs/providers/open-banking.md). */
export const AspspListSchema = v.object({
  aspsps: v.array(
    v.object({
      id: v.pipe(v.string(), v.minLength(1)),
      name: v.string(),
      bic: v.string(),
      country: v.string(),
      logoUrl: v.optional(v.nullable(v.string())),
    }),
  ),
});

export interface Aspsp {
  id: string;
  name: string;
  bic: string;
  country: string;
  logoUrl: string | null;
}

export interface ConsentRequest {
  aspspId: string;
  /** The person's address (PSU-IP-Address: mandatory while the person is present). */
  psuIpAddress: string;
  /** Where the bank sends the browser back after the SCA (TPP-Redirect-URI) and after a failed one (TPP-Nok-Redirect-URI). */
  redirectUri: string;
  nokRedirectUri: string;
  /** The last day the consent may be used (ISO date). */
  validUntil: string;
  /** The person's language, for the bank's page (PSU-Accept-Language). */
  language: string;
}

export interface CreatedConsent {
  consentId: string;
  consentStatus: BgConsentStatus;
  /** The bank's SCA page, where the browser goes. */
  scaRedirect: string;
}

export interface Psd2Account {
  resourceId: string;
  iban: string;
  currency: string;
  name: string | null;
}

export interface BookedTransaction {
  transactionId: string | null;
  /** ISO date: the booking date, or the value date where a bank gives only that. */
  date: string;
  currency: string;
  /** In thousandths of the currency unit (Berlin Group amounts carry up to three decimals), negative for money out. */
  milli: number;
  /**
   * The other party (decision 172: the statement analysis finds regular payers and lenders): who paid
   * money in (`debtorName`), whom money out went to (`creditorName`); the other name where a bank
   * gives only that one; null where it gives neither.
   */
  counterparty: string | null;
  /** What the payment says (`remittanceInformationUnstructured`), or null. */
  text: string | null;
}

export interface Psd2Aggregator {
  /** Origins of the pages the browser is sent to (the aggregator's and the banks' SCA pages). */
  readonly pageOrigins: readonly string[];
  /** The banks of a country (ISO 3166 alpha-2), cached briefly. */
  listAspsps(country: string): Promise<Aspsp[]>;
  createConsent(request: ConsentRequest): Promise<CreatedConsent>;
  /** The consent's status; `unknown` when the bank no longer knows it (CONSENT_UNKNOWN). */
  consentStatus(aspspId: string, consentId: string): Promise<BgConsentStatus | 'unknown'>;
  /** Terminates the consent (it becomes `terminatedByTpp`). */
  deleteConsent(aspspId: string, consentId: string): Promise<void>;
  accounts(aspspId: string, consentId: string, psuIpAddress: string | null): Promise<Psd2Account[]>;
  bookedTransactions(aspspId: string, consentId: string, resourceId: string, period: { dateFrom: string; dateTo: string }, psuIpAddress: string | null): Promise<BookedTransaction[]>;
  /** Test mode against the simulator only: its control of idle time (server/providers/psd2/psd2.simulator.ts). */
  readonly simulatorControls: { elapse(consentIds: readonly string[], minutes: number): Promise<number> } | null;
}

/** How long the list of banks is kept: it changes seldom, and each step's page asks for it. */
export const ASPSP_CACHE_MS = 60_000;
/** A bank that pages its transactions is followed this many pages at most. */
const MAX_TRANSACTION_PAGES = 20;

/** Credentials the simulator accepts (it checks only that they are there). */
export const SIMULATOR_CREDENTIALS = { clientId: 'solis-demonstration', apiKey: 'demonstration-key' } as const;

export interface Psd2ClientOptions {
  baseUrl: string;
  clientId: string;
  apiKey: string;
  tppName: string;
  timeoutMs: number;
  /** Origins of the banks' SCA pages besides the aggregator's own. */
  scaOrigins?: readonly string[];
  /** Set when the base is the simulator: its control is then offered to test mode. */
  simulator?: boolean;
  fetcher?: typeof fetch;
  clock?: () => number;
}

/** The adapter for the configured aggregator, or its simulator; null where none is (production without PSD2_URL). */
export function createPsd2Aggregator(settings: Psd2Settings, simulatorsOrigin: string | null): Psd2Aggregator | null {
  if (settings.source.kind === 'real') {
    return createPsd2Client({ baseUrl: settings.source.url, clientId: settings.clientId, apiKey: settings.apiKey, tppName: settings.tppName, timeoutMs: settings.timeoutMs, scaOrigins: settings.scaOrigins });
  }
  if (settings.source.kind === 'simulator' && simulatorsOrigin) {
    return createPsd2Client({ baseUrl: `${simulatorsOrigin}/psd2`, ...SIMULATOR_CREDENTIALS, tppName: settings.tppName, timeoutMs: settings.timeoutMs, simulator: true });
  }
  return null;
}

/**
 * A link of the aggregator's answer, absolute. Berlin Group's links are absolute or relative to the
 * host (with or without the base path, some without the leading slash); one that leads to another
 * origin is refused, so the bank's credentials never leave the aggregator's origin.
 */
export function resolveLink(baseUrl: string, href: string): string {
  const base = new URL(`${baseUrl.replace(/\/+$/, '')}/`);
  let target: URL;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) {
    target = new URL(href, base);
  } else {
    const path = href.replace(/^\/+/, '');
    const basePath = base.pathname.replace(/^\/+|\/+$/g, '');
    target = basePath && (path === basePath || path.startsWith(`${basePath}/`)) ? new URL(`/${path}`, base.origin) : new URL(path, base);
  }
  if (target.origin !== base.origin) throw new ProviderError(PSD2_PROVIDER, 'malformed', `linked to another origin (${target.origin})`);
  return target.toString();
}

/** "-256.67" → -256670 (thousandths). */
export function milliOf(amount: string): number {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return negative ? -milli : milli;
}

export function createPsd2Client(options: Psd2ClientOptions): Psd2Aggregator {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const clock = options.clock ?? Date.now;
  const cache = new Map<string, { until: number; aspsps: Aspsp[] }>();

  const headers = (extra: Record<string, string | undefined> = {}): Record<string, string> => {
    const all: Record<string, string | undefined> = { 'X-Request-ID': randomUUID(), 'X-Client-ID': options.clientId, 'X-API-Key': options.apiKey, ...extra };
    return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
  };

  /** providerCall, with the Berlin Group error body's codes named in the error. */
  async function call<T>(request: Omit<ProviderCall<T>, 'provider'>) {
    try {
      return await providerCall({ ...request, provider: PSD2_PROVIDER, timeoutMs: options.timeoutMs, fetcher: options.fetcher });
    } catch (error) {
      if (error instanceof ProviderError && error.body !== undefined) {
        const parsed = v.safeParse(TppMessagesSchema, error.body);
        if (parsed.success && parsed.output.tppMessages.length) {
          const codes = parsed.output.tppMessages.map((message) => message.code).join(', ');
          throw new ProviderError(error.provider, error.fault, `answered HTTP ${error.status ?? '?'} (${codes})`, error.status, error.body);
        }
      }
      throw error;
    }
  }

  const psuHeaders = (psuIpAddress: string | null) => (psuIpAddress ? { 'PSU-IP-Address': psuIpAddress } : {});

  return {
    pageOrigins: [new URL(baseUrl).origin, ...(options.scaOrigins ?? [])],

    async listAspsps(country) {
      const cached = cache.get(country);
      if (cached && cached.until > clock()) return cached.aspsps;
      const url = new URL(joinUrl(baseUrl, '/v1/aspsps'));
      url.searchParams.set('country', country);
      const { body } = await call({ url: url.toString(), headers: headers(), schema: AspspListSchema });
      const aspsps = body.aspsps.filter((aspsp) => aspsp.country === country).map((aspsp) => ({ ...aspsp, logoUrl: aspsp.logoUrl ?? null }));
      cache.set(country, { until: clock() + ASPSP_CACHE_MS, aspsps });
      return aspsps;
    },

    async createConsent(request) {
      const redirectHeaders = {
        'TPP-Redirect-Preferred': 'true',
        'TPP-Redirect-URI': request.redirectUri,
        'TPP-Nok-Redirect-URI': request.nokRedirectUri,
      };
      const { body } = await call({
        url: joinUrl(baseUrl, '/v1/consents'),
        method: 'POST',
        headers: headers({
          'ASPSP-ID': request.aspspId,
          'PSU-IP-Address': request.psuIpAddress,
          'PSU-Accept-Language': request.language,
          'TPP-Name': options.tppName,
          ...redirectHeaders,
        }),
        json: {
          access: { allPsd2: 'allAccounts' },
          recurringIndicator: false,
          validUntil: request.validUntil,
          frequencyPerDay: 1,
          combinedServiceIndicator: false,
        },
        schema: ConsentCreatedSchema,
      });
      let scaRedirect = body._links.scaRedirect?.href;
      if (!scaRedirect && body._links.startAuthorisation) {
        // A bank that starts the authorisation explicitly (Berlin Group's consentResponseExample1b).
        const started = await call({
          url: resolveLink(baseUrl, body._links.startAuthorisation.href),
          method: 'POST',
          headers: headers({ 'ASPSP-ID': request.aspspId, 'PSU-IP-Address': request.psuIpAddress, ...redirectHeaders }),
          json: {},
          schema: AuthorisationStartedSchema,
        });
        scaRedirect = started.body._links.scaRedirect.href;
      }
      if (!scaRedirect) throw new ProviderError(PSD2_PROVIDER, 'malformed', 'answered a consent without a redirect SCA link (only the redirect approach is supported)');
      let page: URL;
      try {
        page = new URL(scaRedirect);
      } catch {
        throw new ProviderError(PSD2_PROVIDER, 'malformed', 'answered an SCA link that is not an absolute URL');
      }
      if (page.protocol !== 'https:' && page.protocol !== 'http:') throw new ProviderError(PSD2_PROVIDER, 'malformed', 'answered an SCA link that is not http(s)');
      return { consentId: body.consentId, consentStatus: body.consentStatus, scaRedirect: page.toString() };
    },

    async consentStatus(aspspId, consentId) {
      const { status, body } = await call({
        url: joinUrl(baseUrl, `/v1/consents/${encodeURIComponent(consentId)}/status`),
        headers: headers({ 'ASPSP-ID': aspspId }),
        schema: v.union([ConsentStatusResponseSchema, TppMessagesSchema]),
        acceptStatuses: [403, 404],
      });
      if ('consentStatus' in body && status < 300) return body.consentStatus;
      const codes = 'tppMessages' in body ? body.tppMessages.map((message) => message.code) : [];
      if (codes.includes('CONSENT_UNKNOWN') || codes.includes('RESOURCE_UNKNOWN')) return 'unknown';
      throw new ProviderError(PSD2_PROVIDER, 'status', `answered HTTP ${status} (${codes.join(', ') || 'no tppMessages'})`, status, body);
    },

    async deleteConsent(aspspId, consentId) {
      try {
        await call({ url: joinUrl(baseUrl, `/v1/consents/${encodeURIComponent(consentId)}`), method: 'DELETE', headers: headers({ 'ASPSP-ID': aspspId }), schema: v.unknown() });
      } catch (error) {
        // 204 No Content is the documented answer: no body to parse.
        if (error instanceof ProviderError && error.fault === 'malformed' && error.status === 204) return;
        throw error;
      }
    },

    async accounts(aspspId, consentId, psuIpAddress) {
      const { body } = await call({
        url: joinUrl(baseUrl, '/v1/accounts'),
        headers: headers({ 'ASPSP-ID': aspspId, 'Consent-ID': consentId, ...psuHeaders(psuIpAddress) }),
        schema: AccountListSchema,
      });
      // Statements come from IBAN accounts whose transactions may be read: card accounts, and accounts whose
      // links offer no transactions (access to balances only), are left out.
      return body.accounts.flatMap((account) =>
        account.resourceId && account.iban && (account._links === undefined || account._links.transactions !== undefined)
          ? [{ resourceId: account.resourceId, iban: account.iban, currency: account.currency, name: account.name ?? null }]
          : [],
      );
    },

    async bookedTransactions(aspspId, consentId, resourceId, period, psuIpAddress) {
      const first = new URL(joinUrl(baseUrl, `/v1/accounts/${encodeURIComponent(resourceId)}/transactions`));
      first.searchParams.set('dateFrom', period.dateFrom);
      first.searchParams.set('dateTo', period.dateTo);
      first.searchParams.set('bookingStatus', 'booked');
      const booked: BookedTransaction[] = [];
      let next: string | undefined = first.toString();
      for (let page = 0; next !== undefined; page++) {
        if (page === MAX_TRANSACTION_PAGES) throw new ProviderError(PSD2_PROVIDER, 'malformed', `paged the transactions beyond ${MAX_TRANSACTION_PAGES} pages`);
        const answer: ProviderAnswer<v.InferOutput<typeof TransactionsResponseSchema>> = await call({
          url: next,
          headers: headers({ 'ASPSP-ID': aspspId, 'Consent-ID': consentId, ...psuHeaders(psuIpAddress) }),
          schema: TransactionsResponseSchema,
        });
        const body = answer.body;
        if (!body.transactions) throw new ProviderError(PSD2_PROVIDER, 'malformed', 'answered the transactions as a download (not supported)');
        for (const transaction of body.transactions.booked ?? []) {
          const date = transaction.bookingDate ?? transaction.valueDate;
          if (!date) continue;
          const milli = milliOf(transaction.transactionAmount.amount);
          const counterparty = (milli > 0 ? (transaction.debtorName ?? transaction.creditorName) : (transaction.creditorName ?? transaction.debtorName)) ?? null;
          booked.push({
            transactionId: transaction.transactionId ?? null,
            date,
            currency: transaction.transactionAmount.currency,
            milli,
            counterparty,
            text: transaction.remittanceInformationUnstructured ?? null,
          });
        }
        const link: string | undefined = body.transactions._links?.next?.href;
        next = link === undefined ? undefined : resolveLink(baseUrl, link);
      }
      return booked;
    },

    simulatorControls: options.simulator
      ? {
          async elapse(consentIds, minutes) {
            const { body } = await call({
              url: joinUrl(baseUrl, '/control/elapse'),
              method: 'POST',
              json: { consentIds, minutes },
              schema: v.object({ aged: v.number() }),
            });
            return body.aged;
          },
        }
      : null,
  };
}
