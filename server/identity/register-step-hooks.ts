/**
 * The population register on the steps that submit a person's own personal code (issue 24 item 3;
 * docs/decisions/186-population-register.md): after the contract's local rules, the register
 * confirms the person exists and is alive; on SubmitPersonalInfo (section 2's "registry check",
 * which the applicant consents to on that step) it also compares the declared first name and
 * surname with the register's. It runs before the submission's transaction (`checkOutside`), so a
 * slow register holds no database. A refusal is a field error on the personal code, translated
 * like every other; a register that does not answer is section 8's failed check, told as "try again".
 */
import { countryOfDomain, isCorporate, type BusinessDomain, type CountryCode } from '../../core/domain/business-domains';
import type { FieldErrors } from '../../core/wire/envelope.schema';
import { MESSAGES, type MessageKey } from '../../core/validation/messages';
import { personalCodeProblem } from '../../core/validation/personal-code';
import { findAccessibleApplication } from '../applications/application-repository';
import { listPersons } from '../applications/person-repository';
import { ApiError } from '../http/api-error';
import { describeError } from '../http/error-report';
import type { OutsideCheckContext, StepHooks } from '../steps/step-hook';
import { checkInPopulationRegister, nameMatchesRegister } from './population-register-check';

/** Where the person's own code travels in a step's payload (createApplicationStep, SubmitPersonalInfo, businessData). */
export const PERSONAL_CODE_PATH = 'personUpdates.0.personalCode';

function refused(key: MessageKey, message: string): ApiError {
  const fieldErrors: FieldErrors = { [PERSONAL_CODE_PATH]: [key] };
  return new ApiError('VALIDATION_FAILED', message, { fieldErrors });
}

const asRecord = (value: unknown): Record<string, unknown> | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/** The personal code of the submitting person, as sent (undefined when the payload carries none). */
function submittedCode(submitted: unknown): string | undefined {
  const persons = asRecord(submitted)?.['personUpdates'];
  const code = Array.isArray(persons) ? asRecord(persons[0])?.['personalCode'] : undefined;
  return typeof code === 'string' ? code : undefined;
}

const COUNTRIES: readonly unknown[] = ['EE', 'LV', 'LT'] satisfies CountryCode[];

/**
 * The register of the person's country: a retail domain's; in corporate banking the company's
 * country (the representative of a Latvian company has a Latvian code; issue 24's
 * `company.countryCode`, as submitted or as stored), else the configured one.
 */
function countryOf(domain: BusinessDomain, configured: CountryCode, submitted: unknown, stored: unknown): CountryCode {
  if (!isCorporate(domain)) return countryOfDomain(domain);
  const companyCountry = (data: unknown) => asRecord(asRecord(asRecord(data)?.['applicationUpdates'] ?? data)?.['company'])?.['countryCode'];
  const company = [companyCountry(submitted), companyCountry(stored)].find((code) => COUNTRIES.includes(code));
  return (company as CountryCode | undefined) ?? configured;
}

async function checkPersonInRegister(context: OutsideCheckContext, options: { compareName: boolean }): Promise<void> {
  const { deps, owner, externalId, taskKey, submitted } = context;
  const code = submittedCode(submitted);
  if (code === undefined) return;
  // Not the caller's, or not this step now: the submission's own checks answer that (404, out of order).
  const access = await findAccessibleApplication(deps.db, externalId, owner);
  if (!access || access.application.task_key !== taskKey) return;
  const country = countryOf(deps.config.businessDomain, deps.config.client.countryCode, submitted, access.application.data);
  // A code the rules refuse is the contract's to name (format, date, check digit, age): the register is not asked.
  if (personalCodeProblem(country, code, { today: deps.clock(), checkAge: false }) !== undefined) return;
  const verdict = await checkInPopulationRegister(deps.providers.populationRegister, country, code);
  if (verdict.kind === 'unavailable') {
    // The bank's operators learn the register is down (never the code: the error names the party and the fault).
    deps.logger.error({ requestId: '-', route: `step ${taskKey}: population register`, ...describeError(verdict.error) });
    throw refused(MESSAGES.personalCodeCheckFailed, 'The population register did not answer; nothing was saved. Try again.');
  }
  if (verdict.kind === 'not-registered') throw refused(MESSAGES.personalCodeNotInRegister, 'The population register did not confirm the personal code.');
  if (!options.compareName) return;
  const persons = await listPersons(deps.db, access.application.id);
  const person = access.role === 'APPLICANT' ? persons.find((row) => row.role === 'APPLICANT') : persons.find((row) => row.id === access.personId);
  const { firstName, surname } = person?.declared_data ?? {};
  if (typeof firstName !== 'string' || typeof surname !== 'string') return;
  if (!nameMatchesRegister({ firstName, surname }, verdict.person)) {
    throw refused(MESSAGES.nameDiffersFromRegister, 'The declared name differs from the population register\'s for this personal code.');
  }
}

/** The person's code exists in the register and the person is alive (createApplicationStep, a representative's code). */
export const PERSONAL_CODE_REGISTERED: StepHooks = {
  checkOutside: (context) => checkPersonInRegister(context, { compareName: false }),
};

/** SubmitPersonalInfo's registry check: registered, alive, and the declared name is the register's. */
export const REGISTRY_CHECKED: StepHooks = {
  checkOutside: (context) => checkPersonInRegister(context, { compareName: true }),
};
