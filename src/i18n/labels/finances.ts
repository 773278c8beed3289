/**
 * How the values of core/domain/finances.ts (and the relation types and purposes the same steps
 * offer) are called to applicants. Records over each enumeration, so a value without a label is a
 * compile error.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  CollateralOwnership,
  DocumentType,
  IncomeSource,
  OwnContributionFinancing,
  RealEstateAssetType,
  RealEstateKind,
  RepaymentSchedule,
  RetailLiabilityType,
  SourceOfFunds,
} from '../../../core/domain/finances';
import type { RelationType } from '../../../core/validation/estonia/related-persons';
import type { ASSET_CONDITIONS } from '../../../core/validation/general/choices';
import type { PurposeOfRelationship } from '../../../core/validation/general/purpose-of-relationship';

export const INCOME_SOURCE_LABELS: Record<IncomeSource, MessageDescriptor> = {
  SALARY: msg`Salary`,
  PARENTAL_BENEFIT: msg`Parental benefit`,
  ALIMONY: msg`Maintenance (alimony) received`,
  SOCIAL_BENEFIT: msg`Social benefit`,
  CHILD_BENEFIT: msg`Child benefit`,
  PENSION: msg`Pension`,
  RETIREMENT_PENSION: msg`Old-age pension`,
  DISABILITY_PENSION: msg`Disability pension`,
  BUSINESS: msg`Income from business`,
  DIVIDENDS: msg`Dividends`,
  RENT: msg`Rental income`,
  DAILY_ALLOWANCES: msg`Daily allowances`,
  SICKNESS_BENEFIT: msg`Sickness benefit`,
  OTHER: msg`Other income`,
};

export const LIABILITY_TYPE_LABELS: Record<RetailLiabilityType, MessageDescriptor> = {
  CONSUMER_LOAN: msg`Consumer loan`,
  CAR_LOAN: msg`Car loan`,
  CREDIT_CARD: msg`Credit card`,
  HIRE_PURCHASE: msg`Hire purchase`,
  MORTGAGE: msg`Home loan (mortgage)`,
  SHORT_TERM_LOAN: msg`Short-term loan`,
  OVERDRAFT: msg`Overdraft`,
  GUARANTEE: msg`Guarantee for someone else’s loan`,
  DEBT_COLLECTION: msg`Debt in collection`,
  ALIMONY: msg`Maintenance (alimony) paid`,
  RENT: msg`Rent`,
  UTILITY_PAYMENT: msg`Utility bills`,
  OTHER: msg`Other obligation`,
};

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, MessageDescriptor> = {
  ID_CARD: msg`ID card`,
  PASSPORT: msg`Passport`,
};

export const PURPOSE_OF_RELATIONSHIP_LABELS: Record<PurposeOfRelationship, MessageDescriptor> = {
  LOAN: msg`Loan`,
  EVERYDAY_BANKING: msg`Everyday banking`,
  SAVING: msg`Saving`,
  DEPOSITS: msg`Deposits`,
  FINANCING: msg`Financing`,
  LEASING: msg`Leasing`,
};

export const SOURCE_OF_FUNDS_LABELS: Record<SourceOfFunds, MessageDescriptor> = {
  SALARY: msg`Salary`,
  SAVINGS: msg`Savings`,
  PROPERTY_SALE: msg`Sale of property`,
  RETURN_ON_INVESTMENT: msg`Return on investments`,
  INCOME_BUSINESS_ACTIVITY: msg`Income from business activity`,
  GIFT: msg`Gift`,
  INHERITED: msg`Inheritance`,
  RETIREMENT_BENEFIT: msg`Pension savings`,
  OTHER: msg`Another source`,
};

export const REPAYMENT_SCHEDULE_LABELS: Record<RepaymentSchedule, MessageDescriptor> = {
  ANNUITY: msg`Annuity: the same payment every month`,
  EQUAL_PRINCIPAL: msg`Equal principal: payments get smaller over time`,
  BULLET: msg`Bullet: interest monthly, the whole loan repaid at the end`,
  UP_TO_SEVENTY_END: msg`Balloon: up to 70% of the loan repaid at the end`,
  SPECIAL: msg`A special schedule agreed with the bank`,
};

export const ASSET_TYPE_LABELS: Record<RealEstateAssetType, MessageDescriptor> = {
  LAND: msg`Land`,
  PREMISES: msg`Building or apartment`,
};

export const REAL_ESTATE_KIND_LABELS: Record<RealEstateKind, MessageDescriptor> = {
  RESIDENTIAL_LAND: msg`Residential land`,
  AGRICULTURAL_LAND: msg`Agricultural land`,
  FOREST_LAND: msg`Forest land`,
  COMMERCIAL_OR_OTHER_LAND: msg`Commercial or other land`,
  FLAT: msg`Apartment`,
  HOUSE: msg`Detached house`,
  SEMI_DETACHED_HOUSE: msg`Semi-detached house`,
  ROWHOUSE: msg`Terraced house`,
  OTHER_PREMISES: msg`Other premises`,
};

export const ASSET_CONDITION_LABELS: Record<(typeof ASSET_CONDITIONS)[number], MessageDescriptor> = {
  NEW: msg`New`,
  USED: msg`Lived in`,
  RENOVATED: msg`Renovated`,
  NOT_RENOVATED: msg`Needs renovation`,
};

export const OWN_CONTRIBUTION_FINANCING_LABELS: Record<OwnContributionFinancing, MessageDescriptor> = {
  WITH_DOWNPAYMENT: msg`I pay a down payment`,
  FINANCED_BY_THE_BANK: msg`The bank finances my own contribution`,
};

export const COLLATERAL_OWNERSHIP_LABELS: Record<CollateralOwnership, MessageDescriptor> = {
  APPLICANT_ONLY: msg`Only me`,
  WITH_OTHER_OWNERS: msg`Me and other owners`,
};

/** The relation of a co-owner to the applicant, as the applicant says it. */
export const RELATION_LABELS: Record<RelationType, MessageDescriptor> = {
  SPOUSE: msg`My spouse`,
  COHABITING: msg`My partner, living with me`,
  COHABITANT: msg`Someone else living with me`,
  PARENT: msg`My parent`,
  CHILD: msg`My child`,
  SIBLING: msg`My brother or sister`,
  RELATIVE: msg`Another relative`,
  OTHER: msg`Not related to me`,
};
