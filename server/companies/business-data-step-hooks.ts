/**
 * businessData on the server (issue 24, decision 181): the company is looked up in the business
 * register. A code the register does not know is a field error on the registration code; a company
 * in liquidation (or deleted) is refused with its own message there; a company found keeps the
 * register's name, legal form, industry and status, whatever the form said (the client prefills the
 * same, so the applicant sees no surprise). The representative's personal code is checked by the
 * step's contract with the same rules as POST /api/v1/validate/personalCode.
 */
import type { CountryCode } from '../../core/domain/business-domains';
import { MESSAGES, type MessageKey } from '../../core/validation/messages';
import { ApiError } from '../http/api-error';
import type { BusinessRegister, RegisteredCompany } from '../providers/business-register/business-register.adapter';
import type { StepHooks } from '../steps/step-hook';
import { storedCompanyOf } from './company-data';

const REGISTRATION_CODE_PATH = 'applicationUpdates.company.registrationCode';

function refused(message: MessageKey, text: string): ApiError {
  return new ApiError('VALIDATION_FAILED', text, { fieldErrors: { [REGISTRATION_CODE_PATH]: [message] } });
}

/** The register's answer about a company, or the refusal the applicant sees. */
export async function registeredCompany(register: BusinessRegister | null, country: CountryCode, registrationCode: string): Promise<RegisteredCompany> {
  // Production without a register: no corporate application is sent unchecked (decision 181).
  if (!register) throw new ApiError('PROVIDER_UNAVAILABLE', 'The business register is not connected, so the company cannot be checked.');
  const company = await register.lookUp(country, registrationCode);
  if (!company) throw refused(MESSAGES.companyNotInRegister, 'The business register does not know this company.');
  if (company.status === 'IN_LIQUIDATION') throw refused(MESSAGES.companyInLiquidation, 'The company is in liquidation.');
  if (company.status !== 'ACTIVE') throw refused(MESSAGES.companyNotActive, 'The company is not active.');
  return company;
}

export const COMPANY_IN_REGISTER: StepHooks = {
  afterApply: async ({ deps, data }) => {
    const company = storedCompanyOf(data);
    if (!company.countryCode || !company.registrationCode) return { data };
    const found = await registeredCompany(deps.providers.businessRegister, company.countryCode, company.registrationCode);
    const stored = (data as { company?: Record<string, unknown> }).company ?? {};
    return {
      data: {
        ...data,
        company: {
          ...stored,
          registrationCode: found.registrationCode,
          businessName: found.name,
          legalForm: found.legalForm,
          ...(found.industryCode ? { industryCode: found.industryCode } : {}),
          registerStatus: found.status,
        },
      },
    };
  },
};
