/**
 * What a process decides from (docs/decisions/021): facts read from the application after a
 * submission was applied, in this one module. Deliberately small and free of personal data,
 * because the process context is persisted with them.
 */
import type { SigningChoice } from '../../core/domain/contracts';
import type { DecisionOutcome } from '../../core/domain/decisions';
import { incomeEvidenceReasonsOf } from '../../core/domain/income-evidence';
import { dependantsOf, type StepRole } from '../../core/domain/persons';

export interface ApplicationFacts {
  productName: string;
  /** Roles of the related persons, one entry per person (section 3). */
  personRoles: readonly string[];
  /** Whether the applicant has given a personal code (kept server-side, never in the facts). */
  applicantHasPersonalCode: boolean;
  /** The applicant added a co-applicant (a COBORROWER person exists). */
  hasCoBorrower: boolean;
  /** Each person's declared employment type, when given (employees are asked about their employer). */
  employmentTypes: Readonly<Partial<Record<StepRole, string>>>;
  /** The applicant's dependants, counted from child or other relations (section 3). */
  dependants: number;
  /** The feature flags on (section 6), for the steps behind them (real estate in the housing flow). */
  featureFlags: readonly string[];
  /**
   * ChooseContinueOption (decision 121): the same owner has another open application of this
   * applicant (same personal code), or may join one as its co-borrower. Not read from the
   * application itself: the service asks the database after the step was applied.
   */
  hasOtherActiveApplication: boolean;
  /**
   * The step just applied gave the applicant's personal code or changed it (decision 121: a code
   * changed on a later step asks ChooseContinueOption again). Known only to the service.
   */
  personalCodeChanged: boolean;
  /**
   * The decision engine's outcome (docs/decisions/130, 152), known only to the service, which asks the
   * engine once, on the step that leads to the decision; null on every other step.
   */
  decision: DecisionOutcome | null;
  /**
   * The application's campaign code is of a campaign whose terms ask for documents on this product
   * (decision 159), known only to the service, which asks with a positive decision.
   */
  campaignAsksDocuments: boolean;
  /**
   * The answer to an offer page (ReviewApproved, ViewCreditCardOffer; decision 131), known only to
   * the service, which re-checks and applies it; null on every other step.
   */
  offerAnswer: 'ACCEPTED' | 'DECLINED' | null;
  /**
   * The loan's offer was accepted and the card its product cross-sells is offered to the applicant
   * (decision 174), known only to the service; false on every other step.
   */
  crossSellCardOffered: boolean;
  /**
   * The way to sign the contract chosen on ViewContractAndChooseSigningMethod (checked against the
   * ways the application may be signed by the step's contract), known only to the service; null on
   * every other step. In person (the partner's store, a post office) ends the online flow there.
   */
  signingChoice: SigningChoice | null;
  /**
   * Whose declared income a register cannot confirm (income from abroad, self-employment, business,
   * dividend or rental income: docs/decisions/152). Latvia asks everyone; the guard adds that.
   */
  incomeEvidence: Readonly<Partial<Record<StepRole, boolean>>>;
  /**
   * ProvideBasViaOpenBanking was sent with `uploadBasManually` (section 4), accepted by the service
   * only behind the manual bank statement upload flag; false on every other step.
   */
  uploadBasManually: boolean;
  /**
   * UploadBankAccountStatementDocuments was sent with `skipped` where the bank allows a manual review
   * (decision 134), accepted only there by the service; false on every other step.
   */
  uploadSkipped: boolean;
  /**
   * The person's failed upload attempts on the step reached the bank's limit (decision 133): set only
   * by the server's count, never by a submission.
   */
  uploadRetriesExceeded: boolean;
  /**
   * Statements arrived through open banking and the bank's analysis of them has not answered yet
   * (issue 22, decision 172): the process waits for it before the decision. Known only to the service.
   */
  statementsAwaitAnalysis: boolean;
  /**
   * The offer answered is an initial one of the additional-check variant (a loan above 15 000 €,
   * decision 131): accepted, the bank's additional checks come before the contract (decision 173).
   * Known only to the offer pages' hook; false on every other step.
   */
  additionalChecksAsked: boolean;
  /**
   * The applicant's bank statements for this application are with the bank and still count (not reset
   * in Latvia, section 4): the additional checks do not ask them again (decision 173). Known only to
   * the offer pages' hook; false on every other step.
   */
  statementsGiven: boolean;
  /**
   * Decision 175: the bank already handles another application of this applicant (same personal
   * code) for the same product, which this one duplicates. Known only to the service (a query over
   * every owner's applications), asked on the create step and ChooseContinueOption; false elsewhere.
   */
  duplicateApplication: boolean;
  /** Decision 175: the application came through the partner short channel (`PARTNER_SHORT`, decision 097). */
  shortApplication: boolean;
  /**
   * Decision 175: the signing provider refused the contract for good (another person signed, or too
   * many failed attempts). Set only by the signing service when it ends the signing; false elsewhere.
   */
  signingRefused: boolean;
  /**
   * A partner's applicant the shop sent with its return address (a partner-hosted application with a
   * stored `processData.webShopRedirectUri`): after statements shared through open banking they go
   * back to the shop while the bank analyses and decides (issue 22, decision 172). Known only to the service.
   */
  returnsToMerchant: boolean;
}

interface PersonFacts {
  role: string;
  external_id?: string;
  personal_code: string | null;
  declared_data?: Record<string, unknown>;
}

interface RelationFacts {
  person_id: string;
  related_to_person_id: string;
  relation_type: string;
}

function employmentTypeOf(person: PersonFacts | undefined): string | undefined {
  const type = person?.declared_data?.['employmentType'];
  return typeof type === 'string' ? type : undefined;
}

/** The facts of an application with these persons, relations and this product, under these flags. */
export function factsOf(
  application: {
    productName: string;
    persons: readonly PersonFacts[];
    relations?: readonly RelationFacts[];
    /** Known only to the service (a query over the owner's applications); false where nobody asked. */
    hasOtherActiveApplication?: boolean;
    /** Known only to the service (the persons before and after the step); false where nobody asked. */
    personalCodeChanged?: boolean;
    /** Known only to the service (the decision engine); null where nobody asked. */
    decision?: DecisionOutcome | null;
    /** Known only to the service (the campaigns table); false where nobody asked. */
    campaignAsksDocuments?: boolean;
    /** Known only to the service (an offer page's answer); null where nobody asked. */
    offerAnswer?: 'ACCEPTED' | 'DECLINED' | null;
    /** Known only to the service (the loan's offer accepted with a card offered); false where nobody asked. */
    crossSellCardOffered?: boolean;
    /** Known only to the service (the contract step's answer); null where nobody asked. */
    signingChoice?: SigningChoice | null;
    /** Known only to the service (the step's variables); false where nobody asked. */
    uploadBasManually?: boolean;
    /** Known only to the service (the step's variables, checked against decision 134); false where nobody asked. */
    uploadSkipped?: boolean;
    /** Known only to the server's count of failed uploads (decision 133); false where nobody asked. */
    uploadRetriesExceeded?: boolean;
    /** Known only to the service (the application's statement analysis); false where nobody asked. */
    statementsAwaitAnalysis?: boolean;
    /** Known only to the offer pages' hook (decision 173); false where nobody asked. */
    additionalChecksAsked?: boolean;
    /** Known only to the offer pages' hook (decision 173); false where nobody asked. */
    statementsGiven?: boolean;
    /** The channel the application came through (section 3 `source.channel`), as stored. */
    channel?: string | null;
    /** Known only to the service (the application's partner and return address); false where nobody asked. */
    returnsToMerchant?: boolean;
  },
  featureFlags: Iterable<string> = [],
): ApplicationFacts {
  const applicant = application.persons.find((person) => person.role === 'APPLICANT');
  const coBorrower = application.persons.find((person) => person.role === 'COBORROWER');
  const relations = (application.relations ?? []).map((relation) => ({
    personId: relation.person_id,
    relatedToPersonId: relation.related_to_person_id,
    relationType: relation.relation_type,
  }));
  const employmentTypes: Partial<Record<StepRole, string>> = {};
  const applicantEmployment = employmentTypeOf(applicant);
  const coBorrowerEmployment = employmentTypeOf(coBorrower);
  if (applicantEmployment) employmentTypes.APPLICANT = applicantEmployment;
  if (coBorrowerEmployment) employmentTypes.COBORROWER = coBorrowerEmployment;
  const incomeEvidence: Partial<Record<StepRole, boolean>> = {};
  if (incomeEvidenceReasonsOf(applicant?.declared_data).length > 0) incomeEvidence.APPLICANT = true;
  if (incomeEvidenceReasonsOf(coBorrower?.declared_data).length > 0) incomeEvidence.COBORROWER = true;
  return {
    productName: application.productName,
    personRoles: application.persons.map((person) => person.role),
    applicantHasPersonalCode: Boolean(applicant?.personal_code),
    hasCoBorrower: coBorrower !== undefined,
    employmentTypes,
    dependants: applicant?.external_id ? dependantsOf(applicant.external_id, relations) : 0,
    featureFlags: [...featureFlags].sort(),
    hasOtherActiveApplication: application.hasOtherActiveApplication ?? false,
    personalCodeChanged: application.personalCodeChanged ?? false,
    decision: application.decision ?? null,
    campaignAsksDocuments: application.campaignAsksDocuments ?? false,
    offerAnswer: application.offerAnswer ?? null,
    crossSellCardOffered: application.crossSellCardOffered ?? false,
    signingChoice: application.signingChoice ?? null,
    incomeEvidence,
    uploadBasManually: application.uploadBasManually ?? false,
    uploadSkipped: application.uploadSkipped ?? false,
    uploadRetriesExceeded: application.uploadRetriesExceeded ?? false,
    statementsAwaitAnalysis: application.statementsAwaitAnalysis ?? false,
    additionalChecksAsked: application.additionalChecksAsked ?? false,
    statementsGiven: application.statementsGiven ?? false,
    duplicateApplication: false,
    shortApplication: application.channel === 'PARTNER_SHORT',
    signingRefused: false,
    returnsToMerchant: application.returnsToMerchant ?? false,
  };
}
