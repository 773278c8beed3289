/**
 * Section 2: "each step has a Latvian variant, and many have co-borrower variants"; the partner
 * short flow has its own background step; a step the corporate domain asks differently (its
 * financial data: collaterals and liabilities, decision 183) has a corporate variant. A step's variants are the `view.<variant>.tsx` files of
 * its folder; which one an applicant sees is decided here, in one place, from the country, the
 * person's role and the channel, never by branches inside a view.
 */
import type { CountryCode } from './business-domains';

export const STEP_VARIANTS = ['lv', 'coborrower', 'lv-coborrower', 'partner-short', 'corporate'] as const;
export type StepVariant = 'default' | (typeof STEP_VARIANTS)[number];

export interface VariantFacts {
  country: CountryCode;
  /** The role of the person whose step it is (section 3: APPLICANT, COBORROWER, ...). */
  role: string;
  /** The application's channel (section 3), when known. */
  channel: string | null;
  /** The corporate domain (section 1): a company applies, not a person. */
  corporate?: boolean;
}

/** The most specific variant the step has for these facts, else its default view. */
export function resolveStepVariant(available: readonly StepVariant[], facts: VariantFacts): StepVariant {
  const latvian = facts.country === 'LV';
  const coborrower = facts.role === 'COBORROWER';
  // Each variant and whether it fits, the most specific first.
  const preference: readonly (readonly [StepVariant, boolean | undefined])[] = [
    // A company's step is the company's in any country, whoever fills it in.
    ['corporate', facts.corporate],
    ['lv-coborrower', latvian && coborrower],
    ['coborrower', coborrower],
    ['partner-short', facts.channel === 'PARTNER_SHORT'],
    ['lv', latvian],
  ];
  return preference.find(([variant, fits]) => fits && available.includes(variant))?.[0] ?? 'default';
}
