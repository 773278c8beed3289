import * as v from 'valibot';
import type { CountryCode } from '../../domain/business-domains';
import { MESSAGES } from '../messages';
import { firstFailing, skipWhenEmpty } from './rules';
import type { Rule } from './rules';

/** Section 9: campaign code up to 30 characters in retail; section 5: 1 to 256 otherwise. */
export const CAMPAIGN_CODE_RETAIL_MAX = 30;
export const CAMPAIGN_CODE_MAX = 256;

/** Section 5 (retail): alphanumeric including the Estonian letters (upper case after normalising). */
const RETAIL_PATTERN = /^[A-Z0-9ÕÄÖÜŠŽ]+$/u;

/**
 * Section 5 (corporate): country patterns for EE and LT (docs/decisions/013-ambiguous-spec-rules.md):
 * letters of the country's alphabet, digits and hyphens.
 */
export const CORPORATE_CAMPAIGN_CODE_PATTERNS: Partial<Record<CountryCode, RegExp>> = {
  EE: /^[A-Z0-9ÕÄÖÜŠŽ-]+$/u,
  LT: /^[A-Z0-9ĄČĘĖĮŠŲŪŽ-]+$/u,
};

/** Trimmed and upper-cased (section 5). */
export function normaliseCampaignCode(code: string): string {
  return code.trim().toLocaleUpperCase();
}

/** Section 5: prefilled from campaignCode in the query; undefined when absent or blank. */
export function campaignCodeFromQuery(search: string | URLSearchParams): string | undefined {
  const code = normaliseCampaignCode(new URLSearchParams(search).get('campaignCode') ?? '');
  return code === '' ? undefined : code;
}

export type CampaignCodeOptions = { variant: 'retail' } | { variant: 'corporate'; country: CountryCode };

function rules(options: CampaignCodeOptions): Rule<string>[] {
  if (options.variant === 'retail') {
    return [
      [(code) => code.length <= CAMPAIGN_CODE_RETAIL_MAX, MESSAGES.campaignCodeTooLong],
      [(code) => RETAIL_PATTERN.test(code), MESSAGES.campaignCodeInvalid],
    ];
  }
  const pattern = CORPORATE_CAMPAIGN_CODE_PATTERNS[options.country];
  return [
    [(code) => code.length <= CAMPAIGN_CODE_MAX, MESSAGES.textLength1To256],
    [(code) => !pattern || pattern.test(code), MESSAGES.campaignCodeInvalid],
  ];
}

/** Campaign code (section 5): optional; trimmed and upper-cased; '' when left empty. */
export function campaignCodeSchema(options: CampaignCodeOptions) {
  return v.pipe(v.optional(v.string(MESSAGES.required), ''), v.transform(normaliseCampaignCode), firstFailing<string>(skipWhenEmpty(rules(options))));
}
