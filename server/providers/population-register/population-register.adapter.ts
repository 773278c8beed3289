import * as v from 'valibot';
import type { CountryCode } from '../../../core/domain/business-domains';
import { joinUrl, providerCall, ProviderError } from '../provider-http';
import type { ProviderSource } from '../provider-source';
import type { PopulationRegisterSettings } from './population-register.settings';

/**
 * The population register's person query (issue 24 item 3; docs/providers/population-register.md,
 * docs/decisions/186). The protocol is modelled on what the Baltic population registers' X-Road and
 * REST services answer for a person by personal code (Estonia's Rahvastikuregister, Latvia's
 * Fizisko personu reģistrs, Lithuania's Gyventojų registras): whether the person is registered,
 * alive, their name and birth date. It asks for nothing more (no address, no relatives).
 *
 *   POST {base}/v1/person-queries
 *   Authorization: Bearer <token>
 *   { "countryCode": "LV", "personalCode": "010185-10004" }
 *
 *   200 { "status": "FOUND", "person": { "personalCode": "010185-10004", "alive": true,
 *         "firstName": "Jānis", "surname": "Bērziņš", "birthDate": "1985-01-01" } }
 *   200 { "status": "NOT_FOUND" }
 *   400 / 401 / 403 { "error": "..." }: our request or our token is wrong (the bank's configuration).
 *
 * `firstName` and `surname` are null where the register does not disclose the name to this client
 * (restricted data); `birthDate` is null where the register holds none (Latvia's new-format codes
 * carry none, the register does). The code is sent in the body, never in the URL, so no access log
 * on the way holds it.
 */
export const POPULATION_REGISTER_PROVIDER = 'population-register';
export const PERSON_QUERY_PATH = '/v1/person-queries';

export const PersonQueryRequestSchema = v.object({
  countryCode: v.picklist(['EE', 'LV', 'LT'] as const),
  personalCode: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
});
export type PersonQueryRequest = v.InferOutput<typeof PersonQueryRequestSchema>;

const RegisteredPersonSchema = v.looseObject({
  personalCode: v.string(),
  alive: v.boolean(),
  firstName: v.nullable(v.string()),
  surname: v.nullable(v.string()),
  birthDate: v.nullable(v.pipe(v.string(), v.isoDate())),
});
export type RegisteredPerson = v.InferOutput<typeof RegisteredPersonSchema>;

export const PersonQueryAnswerSchema = v.variant('status', [
  v.looseObject({ status: v.literal('FOUND'), person: RegisteredPersonSchema }),
  v.looseObject({ status: v.literal('NOT_FOUND') }),
]);
export type PersonQueryAnswer = v.InferOutput<typeof PersonQueryAnswerSchema>;

/** What the services ask of the register; every failure on its side is a `ProviderError`. */
export interface PopulationRegister {
  /** Whether the adapter talks to the simulator (the demonstration's register). */
  readonly simulated: boolean;
  /** The person with this (normalised) personal code, or null when the register has nobody with it. */
  findPerson(countryCode: CountryCode, personalCode: string): Promise<RegisteredPerson | null>;
}

export function createPopulationRegister(options: { baseUrl: string; apiKey: string; timeoutMs: number; simulated: boolean; fetcher?: typeof fetch }): PopulationRegister {
  return {
    simulated: options.simulated,
    async findPerson(countryCode, personalCode) {
      const { body } = await providerCall({
        provider: POPULATION_REGISTER_PROVIDER,
        url: joinUrl(options.baseUrl, PERSON_QUERY_PATH),
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}` },
        json: { countryCode, personalCode } satisfies PersonQueryRequest,
        schema: PersonQueryAnswerSchema,
        timeoutMs: options.timeoutMs,
        fetcher: options.fetcher,
      });
      if (body.status === 'NOT_FOUND') return null;
      // An answer about another person than asked is outside the protocol, never a verdict.
      if (body.person.personalCode.replace(/[\s-]/g, '') !== personalCode.replace(/[\s-]/g, '')) {
        throw new ProviderError(POPULATION_REGISTER_PROVIDER, 'malformed', 'answered about another personal code than asked');
      }
      return body.person;
    },
  };
}

/** The register the settings name: the real one, the simulator when it runs, else null (production unconfigured). */
export function populationRegisterFor(settings: PopulationRegisterSettings, simulatorsOrigin: string | null): PopulationRegister | null {
  const base = baseOf(settings.source, simulatorsOrigin);
  return base ? createPopulationRegister({ baseUrl: base, apiKey: settings.apiKey, timeoutMs: settings.timeoutMs, simulated: settings.source.kind === 'simulator' }) : null;
}

function baseOf(source: ProviderSource, simulatorsOrigin: string | null): string | null {
  if (source.kind === 'real') return source.url;
  return source.kind === 'simulator' && simulatorsOrigin ? joinUrl(simulatorsOrigin, POPULATION_REGISTER_PROVIDER) : null;
}
