import * as v from 'valibot';
import type { BackOfficeCheck } from '../../core/domain/back-office-checks';
import type { Person, TaskResponse } from '../../core/wire/application.schema';
import { isBusinessDomain } from '../../core/domain/business-domains';
import { isDecisionOutcome } from '../../core/domain/decisions';
import type { ApprovedOffer } from '../../core/domain/offers';
import { storedApprovedOffer } from '../offers/offer.service';
import { storedCrossSellOffer } from '../offers/cross-sell.service';
import { readApplicationData } from './application-data';
import { storedCompanyOf } from '../companies/company-data';
import type { ApplicationRow } from './application-repository';
import type { DraftRow } from './draft-repository';
import { maskPersonalCode } from './personal-code';
import type { PersonRow, RelationRow } from './person-repository';

const PhoneNumberSchema = v.object({ code: v.string(), number: v.string() });

function optionalString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function citizenshipsOf(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : null;
}

/**
 * Another person as a reply shows them (issue 11: the applicant never sees the co-borrower's
 * personal data beyond the name, nor the co-borrower the applicant's): role and name only.
 */
function toOtherPerson(row: PersonRow): Person {
  const declared = row.declared_data;
  return {
    id: row.external_id,
    role: row.role,
    languageCode: null,
    declaredData: { firstName: optionalString(declared['firstName']), surname: optionalString(declared['surname']), email: null, phoneNumber: null },
    personalCodeMasked: null,
    isBorn: row.is_born,
    age: row.age,
    identification: { isIdentified: false },
    authentication: { isAuthenticated: false },
  };
}

/** Section 3's person as replies show it: the personal code only masked. */
export function toPerson(row: PersonRow): Person {
  const declared = row.declared_data;
  const phone = v.safeParse(PhoneNumberSchema, declared['phoneNumber']);
  return {
    id: row.external_id,
    role: row.role,
    languageCode: row.language_code,
    declaredData: {
      firstName: optionalString(declared['firstName']),
      surname: optionalString(declared['surname']),
      email: optionalString(declared['email']),
      phoneNumber: phone.success ? phone.output : null,
      // Decision 122: the person's own answer, for their later steps' rules (first tax residency).
      citizenships: citizenshipsOf(declared['citizenships']),
    },
    personalCodeMasked: row.personal_code === null ? null : maskPersonalCode(row.personal_code),
    isBorn: row.is_born,
    age: row.age,
    // Issue 13: logged in through the login service; identified by a completed remote identification.
    identification: { isIdentified: row.identified_at != null },
    authentication: { isAuthenticated: row.authenticated_at != null },
  };
}

export interface TaskResponseParts {
  application: ApplicationRow;
  persons: readonly PersonRow[];
  relations: readonly RelationRow[];
  /** The current task's draft, if any. */
  draft: DraftRow | undefined;
  /** The task the browser's Back returns to (the process's previous task, when returnable). */
  previousTask: string | null;
  /** Test mode only: the sandbox's forced key for this one answer (docs/architecture.md). */
  taskKeyOverride?: string | undefined;
  /** The task this reader sees (their own step, or the waiting page while it is someone else's turn). */
  taskKey?: string;
  /** Who reads the reply: their own person in full; the others by name only (issue 11). */
  viewer?: { role: 'APPLICANT' | 'COBORROWER' };
  /** The back-office check the reader's task waits for (decision 172); null when it waits for none. */
  awaitingCheck?: BackOfficeCheck | null;
}

/** Whether a person is the reader's own (full detail) or one they may know by name only. */
function isOwnOrShared(row: PersonRow, viewer: 'APPLICANT' | 'COBORROWER'): boolean {
  if (row.role === viewer) return true;
  // Dependants belong to whoever declared them; only their role and age are ever shown.
  return row.role === 'DEPENDENT';
}

export function toTaskResponse({ application, persons, relations, draft, previousTask, taskKeyOverride, taskKey, viewer, awaitingCheck }: TaskResponseParts): TaskResponse {
  const visibleTask = taskKey ?? application.task_key;
  const reader = viewer?.role ?? 'APPLICANT';
  const data = readApplicationData(application.data);
  if (!isBusinessDomain(application.business_domain)) {
    throw new Error(`Application ${application.external_id} has an unknown business domain.`);
  }
  const { creditConditions } = data;
  return {
    externalId: application.external_id,
    taskDefinitionKey: taskKeyOverride ?? visibleTask,
    version: application.version,
    stepCount: application.step_count,
    application: {
      externalId: application.external_id,
      businessDomain: application.business_domain,
      currency: data.currency,
      creditConditions: {
        productName: creditConditions.productName,
        loanAmount: creditConditions.loanAmount,
        loanPeriod: creditConditions.loanPeriod,
        loanPurpose: creditConditions.loanPurpose,
        interestRate: creditConditions.interestRate,
        monthlyPaymentDay: creditConditions.monthlyPaymentDay,
        ...(creditConditions.price !== undefined ? { price: creditConditions.price } : {}),
        ...(creditConditions.selfFinancingAmount !== undefined ? { selfFinancingAmount: creditConditions.selfFinancingAmount } : {}),
      },
      // What the app reads of the source (core/wire/application.schema.ts); what staff recorded and the
      // hosting platform (decision 188) stay on the server, so a stored reply replays the same.
      source: {
        channel: data.source.channel,
        applicationOrigin: data.source.applicationOrigin,
        countryCode: data.source.countryCode,
        ...(data.source.partner ? { partner: data.source.partner } : {}),
      },
      processData: data.processData ?? null,
      goodsName: data.goodsName ?? null,
      goodsPrice: data.goodsPrice ?? null,
      seller: data.seller ?? null,
      campaignCode: data.campaignCode ?? null,
      company: companyOfResponse(data),
      changeType: data.changeType ?? null,
      // Decision 175: the short application's decision is for the bank's staff; the bank answers by e-mail.
      decision: visibleTask === SHORT_APPLICATION_SENT ? null : decisionOutcomeOf(data),
      relatedPersons: {
        persons: persons.map((person) => (isOwnOrShared(person, reader) ? toPerson(person) : toOtherPerson(person))),
        relations: relations.map((relation) => ({
          personId: relation.person_id,
          relatedToPersonId: relation.related_to_person_id,
          relationType: relation.relation_type,
        })),
      },
    },
    // A draft belongs to one task: one of another task is never offered.
    draft: draft && draft.task_key === visibleTask ? { taskDefinitionKey: draft.task_key, version: draft.version, data: draft.data } : null,
    previousTaskDefinitionKey: taskKeyOverride === undefined ? previousTask : null,
    awaitingCheck: taskKeyOverride === undefined ? (awaitingCheck ?? null) : null,
  };
}

/** Decision 181: the company as the app shows it back (none on a retail application). */
function companyOfResponse(data: object) {
  const company = storedCompanyOf(data);
  if (Object.keys(company).length === 0) return null;
  return {
    registrationCode: company.registrationCode ?? null,
    businessName: company.businessName ?? null,
    countryCode: company.countryCode ?? null,
    legalForm: company.legalForm ?? null,
    // Decision 183: whether the financial-data step asks the company's liabilities.
    hasLiabilities: typeof company.hasLiabilities === 'boolean' ? company.hasLiabilities : null,
  };
}

/** The end of the partner short flow (decision 175): the bank decides later and answers by e-mail. */
const SHORT_APPLICATION_SENT = 'viewShortApplicationSubmitted';

/**
 * The decision the applicant may see (section 3's `decision`), when the engine has decided: its
 * outcome, and a positive one's offer with its variant and bounds (decision 131), and the card
 * offered with it (decision 174), never the engine's reasons.
 */
function decisionOutcomeOf(data: object): { outcome: string; offer?: ApprovedOffer; crossSellOffer?: ApprovedOffer } | null {
  const decision: unknown = 'decision' in data ? data.decision : undefined;
  if (typeof decision !== 'object' || decision === null) return null;
  const outcome = (decision as { outcome?: unknown }).outcome;
  if (!isDecisionOutcome(outcome)) return null;
  const offer = outcome === 'POSITIVE' ? storedApprovedOffer(data) : undefined;
  const crossSellOffer = offer ? storedCrossSellOffer(data) : undefined;
  return { outcome, ...(offer ? { offer } : {}), ...(crossSellOffer ? { crossSellOffer } : {}) };
}
