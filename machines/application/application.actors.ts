/**
 * What the application machine needs from the outside world, as types only. The app provides the
 * implementations (`src/app/application-actors.ts`) with `machine.provide({ actors })`; tests provide
 * fakes. No I/O lives in `machines/`.
 */
import type { TaskResponse, Draft } from '../../core/wire/application.schema';
import type { PartnerParametersInput, StepSubmission } from '../../core/wire/process.schema';
import type { FieldErrors } from '../../core/wire/envelope.schema';
import type { AnyActorLogic } from 'xstate';
import type { BusinessDomain, CountryCode } from '../../core/domain/business-domains';
import type { Locale } from '../../core/domain/languages';
import type { AppError } from '../../core/domain/app-error';
import type { StepRole } from '../../core/domain/persons';
import type { ProductTable } from '../../core/domain/product-data';
import type { ProductName } from '../../core/domain/products';

export type { TaskResponse, Draft, StepSubmission, FieldErrors, AppError, ProductTable };

/** What the applicant chose before an application exists (query string, calculator). */
export interface StartParameters {
  externalId?: string;
  productName?: string;
  /**
   * The product the link itself named (`?productName=`, also the landing page's), when the domain
   * offers it: the customer asked for that product, so only an unfinished application of it is
   * continued (decision 239). Unset when `productName` is only the domain's default.
   */
  namedProduct?: string;
  loanAmount?: number;
  loanPeriod?: number;
  loanPurpose?: string;
  /** Section 3: a rate in a link; a display hint for the calculator, never priced with. */
  interestRate?: number;
  /** Partner parameters read from the query (section 3), under the names the application keeps them by. */
  partner?: PartnerParametersInput;
  tracking?: Record<string, string>;
  /** Section 5: the campaign code of the query, trimmed (it prefills the field, whose rule upper-cases it; the server normalises it too). */
  campaignCode?: string;
  /** Section 6: the embedded user is a customer administrator (their own section is asked). */
  customerAdministrator?: boolean;
  /** Section 6: the embedded user's groups (the corporate country choice, decision 181). */
  userGroups?: readonly string[];
}

export interface CreateApplicationInput {
  start: StartParameters;
  /** The interface language the applicant is using (mapped to eng/est/... by the provider). */
  languageCode: Locale;
  /**
   * An upsale application (section 2, product selection): created with the choice the applicant
   * submitted on the choose-product step, through the upsale call.
   */
  upsale?: { productName?: string; loanAmount?: number; loanPeriod?: number; loanPurpose?: string };
}

/** Section 4, "products are initialised": the product data of these products (and a partner's product). */
export interface LoadProductsInput {
  productNames: readonly ProductName[];
  /** A partner's goods (reg_code and goods_name of the link): its product with the partner's terms. */
  partner: { regCode: string; goodsName: string } | null;
}

export interface LoadProductsOutput {
  products: ProductTable;
  /** The product the link's partner sells under its goods name, when it does. */
  partnerProduct: ProductName | null;
}


/** A submission; the provided actor gives it one idempotency key that all its retries reuse. */
export interface SubmitStepInput {
  externalId: string;
  submission: StepSubmission;
}

/**
 * The session's unfinished application to continue at app start (decision 001): any, or, when the
 * link named a product, only one of that product (decision 239).
 */
export interface FindPreviousApplicationInput {
  productName: string | null;
}

/** Continue an existing application as this person (section 7's role query). */
export interface ContinueApplicationInput {
  externalId: string;
  role: StepRole;
  /** Section 4: the link's partner redirect URL, stored by the server when none is stored yet. */
  webShopRedirectUri?: string;
}

/** A change link of the check-answers page (issue 11): from the summary back to an answered task. */
export interface ChangeTaskInput {
  externalId: string;
  taskDefinitionKey: string;
  /** The task being left (the summary), and the application version it was read at. */
  fromTaskDefinitionKey: string;
  version: number;
}

/** Back (issue 8): return from the current task to the previous one, where the process allows it. */
export interface ReturnToTaskInput {
  externalId: string;
  /** The task being left, and the application version it was read at. */
  taskDefinitionKey: string;
  version: number;
}

export interface SaveDraftInput {
  externalId: string;
  taskDefinitionKey: string;
  version: number;
  data: Record<string, unknown>;
}

/**
 * A step's own machines (its `logic.ts`), by the id they run under as children of the application
 * machine while the step is shown, with the app's actors already provided.
 */
export type StepLogic = Readonly<Record<string, AnyActorLogic>>;

/** What every step's logic is started with; the step's calculator settings (its meta) among it. */
export interface StepLogicInput extends StepCalculatorMeta {
  businessDomain: BusinessDomain;
  country: CountryCode;
  locale: Locale;
  /** The application, once it exists (steps that read more of it, e.g. the answers). */
  externalId: string | null;
  /** Whose step it is. */
  role: StepRole;
  /** The product data initialised at start (section 4); empty where products are not initialised. */
  products: ProductTable;
  /** Section 2: embedded in a parent page (the calculator is hidden). */
  embedded: boolean;
  /** Section 2: a partner-hosted flow with a registration code and an amount above 0. */
  partnerAmountFixed: boolean;
  /** A rate from the link (section 3), a display hint only. */
  interestRateHint: number | null;
  /** The application's product, once there is one (decision 134: whether statements may be skipped). */
  productName?: string | null;
  /** The task the step shows (a page that waits reads it to know when it has changed). */
  taskKey: string | null;
  /** The bank's own work the task waits for (decision 172), or null. */
  awaitingCheck: string | null;
}

export interface LoadStepInput {
  taskKey: string;
  externalId: string | null;
  /** Whose step it is and through which channel: they choose the step's variant. */
  role: string;
  channel: string | null;
}

/** A step's calculator modal settings (section 2), from its meta and variant. */
export interface StepCalculatorMeta {
  /** The modal opens when the step is shown. */
  opensOnStart: boolean;
  /** The amount may be changed in the modal. */
  amountEditable: boolean;
}

/** How loading a step view ended (section 4's fallback rules when it did not load). */
export type StepViewLoadResult =
  /** `variant`: which of the step's views is shown (core/domain/step-variants.ts). */
  | {
      outcome: 'loaded';
      variant: string;
      terminal: boolean;
      logic: StepLogic | null;
      calculator: StepCalculatorMeta;
      /** The browser's Forward may press the step's Continue with what it shows (its meta, decision 212). */
      resubmitsOnForward?: boolean;
    }
  /** No screen for the key: a route of the same name exists and is tried instead. */
  | { outcome: 'route'; path: string }
  /** Estonian retail only: go to the fallback loan application URL. */
  | { outcome: 'fallback'; url: string };
