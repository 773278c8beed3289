/**
 * The contract context the client builds for a step (core/contract/step-contract.ts), from what the
 * app holds: the application of the last task response, the query and embedded user it started
 * with, the product data it loaded and the runtime configuration. A pure function, so a test can
 * set it beside the server's (`serverContractContext`) for the same stored application.
 */
import type { Application } from '../../../core/wire/application.schema';
import type { ContractContext } from '../../../core/contract/step-contract';
import type { BusinessDomain, CountryCode } from '../../../core/domain/business-domains';
import type { Locale } from '../../../core/domain/languages';
import type { ProductTable } from '../../../core/domain/product-data';
import { enabledFlags } from './feature-flags';

export interface ClientContextSources {
  domain: BusinessDomain;
  locale: Locale;
  role: string;
  /** The query and the embedded user (the machine's `start`). */
  start: Readonly<Record<string, unknown>>;
  application: Application | null | undefined;
  products: ProductTable;
  features: Readonly<Record<string, boolean>> | null | undefined;
  allowedLocales: readonly string[] | undefined;
  /** The configured country (runtime configuration's `countryCode`). */
  configuredCountry?: CountryCode;
}

function definedEntries(record: Readonly<Record<string, unknown>> | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record ?? {}).filter(([, value]) => value !== null && value !== undefined));
}

/** This person (the role's) as the application shows them: their own declared data in full. */
export function ownDeclaredData(application: Application | null | undefined, role: string) {
  return application?.relatedPersons?.persons.find((person) => person.role === role)?.declaredData ?? undefined;
}

export function clientContractContext(sources: ClientContextSources): ContractContext & { locale: Locale } {
  const { domain, locale, role, start, application, products, features, allowedLocales, configuredCountry } = sources;
  // Decision 181: the company's country once given, else the configured one (as the server says).
  const country = application?.company?.countryCode ?? configuredCountry;
  const creditConditions = application?.creditConditions;
  // What this person already told us (the co-applicant's name and contacts the applicant gave,
  // the citizenships of the background step).
  const ownDeclared = ownDeclaredData(application, role);
  const citizenships = ownDeclared?.citizenships;
  const ownLanguage = application?.relatedPersons?.persons.find((person) => person.role === role)?.languageCode;
  return {
    domain,
    locale,
    role,
    ...(country ? { country } : {}),
    ...(creditConditions?.productName ? { productName: creditConditions.productName } : {}),
    // The channel the application came through (decision 097: the partner short flow).
    ...(application?.source?.channel ? { channel: application.source.channel } : {}),
    flags: enabledFlags(features),
    products,
    // The query and the embedded user (start), the loan chosen so far, the languages offered, and
    // what this person already told us. Never the applicant's full personal code: the server alone
    // compares co-owners with it (decision 122).
    prefill: {
      ...definedEntries(start),
      ...definedEntries(creditConditions),
      allowedLocales,
      ...(configuredCountry ? { configuredCountry } : {}),
      ...(ownDeclared ? { person: definedEntries(ownDeclared) } : {}),
      // Decision 191: the language this person has (a customer administrator's language question starts with it).
      ...(ownLanguage ? { personLanguage: ownLanguage } : {}),
      ...(citizenships ? { citizenships: [...citizenships] } : {}),
      // Decision 183: whether the company has liabilities (the business-data step's answer).
      ...(typeof application?.company?.hasLiabilities === 'boolean' ? { hasLiabilities: application.company.hasLiabilities } : {}),
    },
  };
}
