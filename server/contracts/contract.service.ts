/**
 * The contract of an application and the pre-contract information of its offer (issue 12; section 3
 * `contractsInfo`, `contract.expectedSigningDate`; section 7 contract details and download;
 * docs/decisions/135-contract-documents.md, 137-contract-access.md).
 *
 * The contract is generated once, when the application first rests at a contract task after a
 * positive decision (the submission that leads there, or the first read of its details, whichever
 * comes first), in the applicant's language, from the offer. Its PDF is stored under a random id, the
 * contract's `fileServiceId`, and the application keeps `contractsInfo[]` and `contract`. Only the
 * application's owner (the applicant) reads or downloads it; to anyone else, and for any other id,
 * the answer is the same 404 as for a file that does not exist.
 */
import { digitalSigningAllowed } from '../signing/partner-digital-signing';
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { OfferFiguresSchema } from '../../core/wire/offer.schema';
import type { ContractDetails, ContractFigures } from '../../core/wire/contract.schema';
import { ContractFiguresSchema } from '../../core/wire/contract.schema';
import { applicationReference } from '../../core/domain/application-reference';
import { countryOfApplication, isBusinessDomain, isCorporate } from '../../core/domain/business-domains';
import { providerAvailability } from '../providers/providers';
import { SIGNING_CHOICES, isContractSigned, signingChoicesFor, type ContractInfo } from '../../core/domain/contracts';
import { sandboxSigningOf } from '../signing/sandbox-signing-settings';
import { isLocale, localeFromLanguageCode, type Locale } from '../../core/domain/languages';
import { paymentDates } from '../../core/domain/pricing';
import type { ProductTable } from '../../core/domain/product-data';
import type { OfferFigures } from '../../core/domain/offers';
import { isProductName } from '../../core/domain/products';
import { findOwnedApplication, type ApplicationRow } from '../applications/application-repository';
import { readApplicationData } from '../applications/application-data';
import { listPersons, type PersonRow } from '../applications/person-repository';
import type { Queryable } from '../db/database';
import { offerOf } from '../decisions/decision-rules';
import { notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { isCrossSellCardPage, storedCrossSellOffer } from '../offers/cross-sell.service';
import { partnerScope, productTableFor } from '../pricing/pricing.service';
import { findContractFile, insertContractFile, keepContractData } from './contract-file-repository';
import { renderContractPdf, renderPreContractPdf, type DocumentParty } from './document-pdf';

/** The tasks at which the application's contract exists to be read and signed. */
export const CONTRACT_TASKS: ReadonlySet<string> = new Set(['viewContractAndChooseSigningMethod', 'viewContractConditions']);

/** How long the pre-contract information's figures are held for the applicant (decision 135). */
export const PRE_CONTRACT_VALID_DAYS = 14;

const StoredContractSchema = v.object({
  contractsInfo: v.array(
    v.object({
      productName: v.string(),
      /** Decision 162: the contract's amount (a card's limit) and a card's issuing fee, as drawn up. */
      amount: v.optional(v.number()),
      cardIssuingFee: v.optional(v.nullable(v.number())),
      signing: v.object({ dateTime: v.nullish(v.string()), method: v.nullish(v.string()), fileServiceId: v.nullish(v.string()) }),
    }),
  ),
  contract: v.object({ expectedSigningDate: v.string(), drawnUpOn: v.string(), figures: ContractFiguresSchema }),
});
type StoredContract = v.InferOutput<typeof StoredContractSchema>;

const OfferSchema = v.looseObject(OfferFiguresSchema.entries);

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** An offer's figures without its page's variant and bounds. */
function offerFiguresOf(offer: OfferFigures): OfferFigures {
  return v.parse(OfferFiguresSchema, offer);
}

function storedContractOf(data: unknown): StoredContract | null {
  const parsed = v.safeParse(StoredContractSchema, data);
  return parsed.success && parsed.output.contractsInfo.length > 0 ? parsed.output : null;
}

function decisionOutcomeOf(data: unknown): string | null {
  const decision = (data as { decision?: { outcome?: unknown } } | null)?.decision;
  return typeof decision?.outcome === 'string' ? decision.outcome : null;
}

/**
 * The offer the contract is made of: an accepted offer (`data.offer`, the offer steps), else the
 * decision's, else (an application seeded at the contract) the product's terms for the amount and
 * period asked, within the product's bounds.
 */
export function offerOfApplication(data: unknown, products: ProductTable): OfferFigures | null {
  const record = data as { offer?: unknown; decision?: { offer?: unknown } } | null;
  for (const candidate of [record?.offer, record?.decision?.offer]) {
    const parsed = v.safeParse(OfferSchema, candidate);
    if (parsed.success) return parsed.output;
  }
  const stored = readApplicationData(data);
  const { productName, loanAmount, loanPeriod } = stored.creditConditions;
  const product = isProductName(productName) ? products[productName] : undefined;
  if (!product) return null;
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  return offerOf(product, clamp(loanAmount ?? product.baseAmount, product.minAmount, product.maxAmount), clamp(loanPeriod ?? product.basePeriod, product.minPeriod, product.maxPeriod));
}

/** The offer's figures with its payment schedule, for a contract taking effect on `effectiveDate`. */
export function figuresOf(offer: OfferFigures, paymentDay: number, effectiveDate: string): ContractFigures {
  const dates = paymentDates(effectiveDate, paymentDay, offer.period);
  return {
    productName: offer.productName,
    amount: offer.amount,
    period: offer.period,
    interestRate: offer.interestRate,
    annualPercentageRate: offer.annualPercentageRate,
    contractConclusionFee: offer.contractConclusionFee,
    monthlyFee: offer.monthlyFee,
    monthlyPayment: offer.monthlyPayment,
    totalRepaymentAmount: offer.totalRepaymentAmount,
    totalAmountTransferredToAccount: offer.totalAmountTransferredToAccount,
    paymentDay,
    firstPaymentDate: isoDay(dates[0] ?? new Date(`${effectiveDate}T00:00:00Z`)),
    lastPaymentDate: isoDay(dates[dates.length - 1] ?? new Date(`${effectiveDate}T00:00:00Z`)),
  };
}

export function partyOf(person: PersonRow | undefined): DocumentParty | null {
  if (!person) return null;
  const declared = person.declared_data;
  const name = [declared['firstName'], declared['surname']].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');
  return { name: name || '—', personalCode: person.personal_code };
}

/** The documents' language: the applicant's (section 3 `languageCode`), else the configured default. */
export function documentLocale(deps: AppDeps, persons: readonly PersonRow[]): Locale {
  const applicant = persons.find((person) => person.role === 'APPLICANT');
  const own = localeFromLanguageCode(applicant?.language_code) ?? (applicant?.language_code && isLocale(applicant.language_code) ? applicant.language_code : undefined);
  return own ?? deps.config.client.defaultLocale;
}

/** The application's country: a company's (decision 184), else the domain's. */
export function countryOf(deps: AppDeps, application: ApplicationRow) {
  const domain = application.business_domain;
  return isBusinessDomain(domain) ? countryOfApplication(domain, application.data, deps.config.client.countryCode) : deps.config.client.countryCode;
}

const CompanySchema = v.object({ businessName: v.string(), registrationCode: v.string() });

/**
 * Decision 184: the company a corporate application's contract is made with (`company`, given on
 * businessData); undefined for a retail application.
 */
export function contractCompanyOf(application: ApplicationRow): { name: string; registrationCode: string } | undefined {
  const domain = application.business_domain;
  if (!isBusinessDomain(domain) || !isCorporate(domain)) return undefined;
  const parsed = v.safeParse(CompanySchema, (application.data as { company?: unknown } | null)?.company);
  return parsed.success ? { name: parsed.output.businessName, registrationCode: parsed.output.registrationCode } : { name: '—', registrationCode: '—' };
}

async function productsOf(deps: AppDeps, db: Queryable, owner: Owner, data: unknown): Promise<ProductTable> {
  const stored = readApplicationData(data);
  return productTableFor(db, partnerScope(deps, owner), { regCode: stored.source.partner?.regCode, goodsName: stored.goodsName });
}

/**
 * The application's contract, generated and stored when it rests at a contract task after a positive
 * decision and has none yet. Caller holds the application's row lock. Undefined when there is no
 * contract to have.
 */
export async function ensureContract(deps: AppDeps, tx: Queryable, owner: Owner, application: ApplicationRow): Promise<{ application: ApplicationRow; contract: StoredContract } | undefined> {
  const existing = storedContractOf(application.data);
  if (existing) return { application, contract: existing };
  if (!CONTRACT_TASKS.has(application.task_key) || decisionOutcomeOf(application.data) !== 'POSITIVE') return undefined;
  const offer = offerOfApplication(application.data, await productsOf(deps, tx, owner, application.data));
  if (!offer) return undefined;
  const now = deps.clock();
  const today = isoDay(now);
  const stored = readApplicationData(application.data);
  // Decision 135: the contract's figures assume it is signed and paid out on the day it is drawn up.
  const figures = figuresOf(offer, stored.creditConditions.monthlyPaymentDay, today);
  const persons = await listPersons(tx, application.id);
  const locale = documentLocale(deps, persons);
  // Decision 184: a company's contract names the company, and the applicant as the representative who signs for it.
  const borrower = partyOf(persons.find((person) => person.role === 'APPLICANT')) ?? { name: '—', personalCode: null };
  const company = contractCompanyOf(application);
  // One contract's PDF, stored: the loan's, and the accepted card's beside it (decision 160).
  const drawUp = async (product: typeof offer, coBorrower: ReturnType<typeof partyOf>): Promise<string> => {
    const pdf = await renderContractPdf({
      locale,
      country: countryOf(deps, application),
      reference: applicationReference(application.external_id),
      drawnUpOn: today,
      expectedSigningDate: today,
      borrower,
      coBorrower,
      figures: product === offer ? figures : figuresOf(product, stored.creditConditions.monthlyPaymentDay, today),
      ...(company ? { business: { company, ...(product.leasing ? { leasing: product.leasing } : {}) } } : {}),
    });
    const fileServiceId = randomUUID();
    await insertContractFile(tx, { id: fileServiceId, applicationId: application.id, kind: 'CONTRACT', productName: product.productName, language: locale, content: pdf, now });
    return fileServiceId;
  };
  const fileServiceId = await drawUp(offer, partyOf(persons.find((person) => person.role === 'COBORROWER')));
  const contractsInfo: StoredContract['contractsInfo'] = [{ productName: offer.productName, amount: offer.amount, cardIssuingFee: null, signing: { dateTime: null, method: null, fileServiceId } }];
  // Decision 160: the credit card accepted alongside the loan gets its own contract, signed after the loan's.
  const card = crossSellCardOffer(deps, application.data, offer, await productsOf(deps, tx, owner, application.data));
  if (card) {
    const cardFileServiceId = await drawUp(card, null);
    contractsInfo.push({ productName: card.productName, amount: card.amount, cardIssuingFee: card.contractConclusionFee, signing: { dateTime: null, method: null, fileServiceId: cardFileServiceId } });
  }
  const contract: StoredContract = {
    contractsInfo,
    contract: { expectedSigningDate: today, drawnUpOn: today, figures },
  };
  const data = { ...(application.data as object), ...contract };
  await keepContractData(tx, application.id, data, now);
  return { application: { ...application, data }, contract };
}

/** The credit card offered alongside a loan (the after-bank-details ViewCreditCardOffer). */
export const CROSS_SELL_CARD = 'CREDIT_CARD_VISA_CLASSIC';

/**
 * The card contract's offer (decision 160): only when the applicant of a loan accepted the card
 * (`creditCardOfferAccepted`) and cross-sell signing is on. The card the engine offered with the loan
 * (decision 174) is drawn up with the limit it decided; otherwise (an application seeded with the
 * acceptance) the card's limit is the product's base limit within its bounds. Its issuing fee is the
 * product's contract conclusion fee.
 */
export function crossSellCardOffer(deps: AppDeps, data: unknown, loanOffer: OfferFigures, products: ProductTable): OfferFigures | null {
  if (!deps.flags.isEnabled('crossSellSigning')) return null;
  if ((data as { creditCardOfferAccepted?: unknown } | null)?.creditCardOfferAccepted !== true) return null;
  if (!isProductName(loanOffer.productName) || loanOffer.productName.startsWith('CREDIT_CARD')) return null;
  const decided = storedCrossSellOffer(data);
  if (decided) return offerFiguresOf(decided);
  const card = products[CROSS_SELL_CARD];
  if (!card) return null;
  return offerOf(card, card.baseAmount, card.basePeriod);
}

/** The application's own, or 404 (another owner's, annulled, unknown: the same answer). */
async function ownedOrNotFound(tx: Queryable, externalId: string, owner: Owner, lock?: 'update'): Promise<ApplicationRow> {
  const application = await findOwnedApplication(tx, externalId, owner, lock);
  if (!application) throw notFound();
  return application;
}

/** GET .../contract/default/unsigned/details: the contract the applicant has to sign. */
export async function contractDetails(deps: AppDeps, owner: Owner, externalId: string): Promise<ContractDetails> {
  return deps.db.transaction(async (tx) => {
    const application = await ownedOrNotFound(tx, externalId, owner, 'update');
    const ensured = await ensureContract(deps, tx, owner, application);
    if (!ensured) throw notFound();
    const all = ensured.contract.contractsInfo;
    const [first] = all as ContractInfo[];
    const stored = readApplicationData(ensured.application.data);
    const figures = ensured.contract.contract.figures;
    const applicant = (await listPersons(tx, application.id)).find((person) => person.role === 'APPLICANT');
    const account = applicant?.declared_data['bankAccountNumber'];
    const domain = ensured.application.business_domain;
    const chosen = v.safeParse(v.picklist(SIGNING_CHOICES), stored.customData['signingMethod']);
    const digital = await sandboxSigningOf(tx, deps.config.mode === 'test', application.id, 'smart-id');
    // Decision 189: a partner whose customers do not sign digitally leaves its store (and no e-signature).
    const digitalSigning = await digitalSigningAllowed(deps, tx, owner, stored);
    return {
      productName: first?.productName ?? ensured.contract.contract.figures.productName,
      fileServiceId: first?.signing.fileServiceId ?? '',
      expectedSigningDate: ensured.contract.contract.expectedSigningDate,
      signed: all.every((info) => isContractSigned(info)),
      figures,
      contractsInfo: all.flatMap((info, index) =>
        info.signing.fileServiceId
          ? [
              {
                productName: info.productName,
                amount: info.amount ?? (index === 0 ? figures.amount : 0),
                cardIssuingFee: info.cardIssuingFee ?? null,
                fileServiceId: info.signing.fileServiceId,
                signed: isContractSigned(info),
              },
            ]
          : [],
      ),
      payoutAccount: typeof account === 'string' && account.trim() !== '' ? account.trim() : null,
      signingChoices: isBusinessDomain(domain)
        ? signingChoicesFor({ domain, country: countryOf(deps, ensured.application), flags: deps.flags.enabled(), channel: stored.source.channel, contracts: all.length, providers: providerAvailability(deps.providers), digitalSigning })
        : [],
      signingMethod: chosen.success ? chosen.output : null,
      digitalSigningDisabledReason: digital.disabledReason,
      digitalSigning,
      sourceChannel: stored.source.channel ?? null,
    };
  });
}

/** GET .../download-contract/{fileServiceId}: the PDF, to the application's owner only. */
export async function downloadContract(deps: AppDeps, owner: Owner, externalId: string, fileServiceId: string): Promise<{ content: Uint8Array; fileName: string }> {
  const application = await ownedOrNotFound(deps.db, externalId, owner);
  const file = await findContractFile(deps.db, application.id, fileServiceId);
  if (!file) throw notFound();
  return { content: file.content, fileName: `contract-${applicationReference(application.external_id)}.pdf` };
}

/**
 * GET .../offer/pre-contract-information (decision 138): the standard European consumer credit
 * information of the application's current offer, drawn up when asked, in the applicant's language.
 * Only after a positive decision; only to the owner.
 */
export async function preContractInformation(deps: AppDeps, owner: Owner, externalId: string): Promise<{ content: Uint8Array; fileName: string }> {
  const application = await ownedOrNotFound(deps.db, externalId, owner);
  if (decisionOutcomeOf(application.data) !== 'POSITIVE') throw notFound();
  // Decision 174: on a loan's card page, the information of the card offered with the loan.
  const crossSell = isCrossSellCardPage(application.task_key, application.data) ? storedCrossSellOffer(application.data) : undefined;
  const offer = crossSell ? offerFiguresOf(crossSell) : offerOfApplication(application.data, await productsOf(deps, deps.db, owner, application.data));
  if (!offer) throw notFound();
  const now = deps.clock();
  const today = isoDay(now);
  const stored = readApplicationData(application.data);
  const persons = await listPersons(deps.db, application.id);
  const content = await renderPreContractPdf({
    locale: documentLocale(deps, persons),
    country: countryOf(deps, application),
    drawnUpOn: today,
    validUntil: isoDay(addDays(now, PRE_CONTRACT_VALID_DAYS)),
    figures: figuresOf(offer, stored.creditConditions.monthlyPaymentDay, today),
  });
  return { content, fileName: `pre-contract-information-${applicationReference(application.external_id)}.pdf` };
}
