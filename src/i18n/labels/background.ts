/**
 * How the background and employer steps' answers (core/domain/background.ts) are called to
 * applicants. A label for every value the domain offers: the Record types make a missing one a
 * compile error.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  DependantCount,
  EducationLevel,
  EmploymentContractType,
  EmploymentType,
  HousingType,
  MaritalStatus,
  PositionLevel,
} from '../../../core/domain/background';

export const MARITAL_STATUS_LABELS: Record<MaritalStatus, MessageDescriptor> = {
  SINGLE: msg`Single`,
  MARRIED: msg`Married`,
  COHABITING: msg`Living with a partner`,
  DIVORCED: msg`Divorced`,
  WIDOW: msg`Widowed`,
};

export const EDUCATION_LABELS: Record<EducationLevel, MessageDescriptor> = {
  BASIC: msg`Basic education`,
  SECONDARY: msg`Secondary education`,
  SECONDARY_SPECIALISED: msg`Vocational secondary education`,
  HIGHER_BA: msg`Bachelor’s degree`,
  HIGHER_MA: msg`Master’s degree`,
  HIGHER_PHD: msg`Doctorate`,
  HIGHER: msg`Other higher education`,
};

export const HOUSING_TYPE_LABELS: Record<HousingType, MessageDescriptor> = {
  PRIVATE_APARTMENT: msg`An apartment I own`,
  PRIVATE_HOUSE: msg`A house I own`,
  PART_OWNERSHIP: msg`A home I own part of`,
  RENTAL_PREMISES: msg`A rented home`,
  RENTAL_ROOM: msg`A rented room`,
  LIVING_WITH_PARENTS: msg`With my parents`,
  RIGHT_OF_RESIDENCE: msg`A home I have the right to live in, but do not own`,
  OTHER: msg`Somewhere else`,
};

/** The numbers are shown as they are; only the words need translating. */
export const DEPENDANT_COUNT_LABELS: Partial<Record<DependantCount, MessageDescriptor>> = {
  '0': msg`None`,
  '5_OR_MORE': msg`5 or more`,
};

export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, MessageDescriptor> = {
  PRIVATE_SECTOR: msg`Employed by a private company`,
  PUBLIC_SECTOR: msg`Employed in the public sector`,
  ENTREPRENEUR: msg`Running my own company`,
  INDIVIDUAL_ACTIVITY: msg`Self-employed`,
  PENSIONER: msg`Retired`,
  STUDENT: msg`Studying`,
  PARENTAL_LEAVE: msg`On parental leave`,
  CONSCRIPT: msg`In compulsory military service`,
  UNEMPLOYED: msg`Not working`,
  OTHER: msg`Something else`,
};

export const POSITION_LEVEL_LABELS: Record<PositionLevel, MessageDescriptor> = {
  WORKER: msg`Worker`,
  SPECIALIST: msg`Specialist`,
  SENIOR_SPECIALIST: msg`Senior specialist`,
  TEAM_LEAD: msg`Team leader`,
  MIDDLE_MANAGER: msg`Middle manager`,
  SENIOR_MANAGER: msg`Senior manager or executive`,
};

export const EMPLOYMENT_CONTRACT_TYPE_LABELS: Record<EmploymentContractType, MessageDescriptor> = {
  PERMANENT: msg`Permanent`,
  FIXED_TERM: msg`Fixed-term`,
};
