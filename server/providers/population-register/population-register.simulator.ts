import { Hono } from 'hono';
import * as v from 'valibot';
import type { CountryCode } from '../../../core/domain/business-domains';
import { formatIsoDate } from '../../../core/validation/format/dates';
import { birthDateFromPersonalCode, normalisePersonalCode, personalCodeProblem } from '../../../core/validation/personal-code';
import { simulatorPage, type Simulator } from '../simulator-host';
import { PERSON_QUERY_PATH, POPULATION_REGISTER_PROVIDER, PersonQueryRequestSchema, type PersonQueryAnswer } from './population-register.adapter';
import { SIMULATOR_POPULATION_REGISTER_API_KEY } from './population-register.settings';

/**
 * The population register, simulated (issue 24 item 3; docs/decisions/186,
 * docs/providers/population-register.md). It answers the person query of the adapter's protocol:
 * - every code that passes the personal-code rules of its country (format, date, check digit) is a
 *   living person, born on the date the code carries, whose name the register does not disclose
 *   (`firstName`/`surname` null), so a demonstration or a test may use any name with any valid code;
 * - except the documented persons below: a few codes nobody has, a few of deceased persons, and one
 *   named person per country whose name SubmitPersonalInfo's registry check compares;
 * - a code that breaks the rules is nobody's (`NOT_FOUND`).
 * The fault controls of the simulator host (`POST /control/faults` with `simulator:
 * "population-register"`) make it slow, silent, failing or malformed.
 */
export const POPULATION_REGISTER_SIMULATOR = POPULATION_REGISTER_PROVIDER;

export interface DocumentedPerson {
  countryCode: CountryCode;
  personalCode: string;
  kind: 'not-registered' | 'deceased' | 'named';
  firstName?: string;
  surname?: string;
}

/** The simulator's documented persons (the README of docs/providers/population-register.md lists them too). */
export const DOCUMENTED_PERSONS: readonly DocumentedPerson[] = [
  { countryCode: 'EE', personalCode: '47502020002', kind: 'not-registered' },
  { countryCode: 'EE', personalCode: '37003030009', kind: 'deceased', firstName: 'Ants', surname: 'Kask' },
  { countryCode: 'EE', personalCode: '38501010002', kind: 'named', firstName: 'Jaan', surname: 'Tamm' },
  { countryCode: 'LV', personalCode: '020275-10019', kind: 'not-registered' },
  { countryCode: 'LV', personalCode: '030370-10020', kind: 'deceased', firstName: 'Pēteris', surname: 'Ozols' },
  { countryCode: 'LV', personalCode: '010185-10004', kind: 'named', firstName: 'Jānis', surname: 'Bērziņš' },
  { countryCode: 'LT', personalCode: '36607070007', kind: 'not-registered' },
  { countryCode: 'LT', personalCode: '49209090004', kind: 'deceased', firstName: 'Ona', surname: 'Petrauskienė' },
  { countryCode: 'LT', personalCode: '48812120001', kind: 'named', firstName: 'Rūta', surname: 'Kazlauskienė' },
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The register's answer for a code, as the simulator knows it. */
export function simulatedPersonQuery(countryCode: CountryCode, code: string, today: Date): PersonQueryAnswer {
  const personalCode = normalisePersonalCode(countryCode, code);
  const documented = DOCUMENTED_PERSONS.find((person) => person.countryCode === countryCode && person.personalCode === personalCode);
  if (documented?.kind === 'not-registered') return { status: 'NOT_FOUND' };
  // Ages are the bank's rule, not the register's: every real code of a born person is someone.
  if (personalCodeProblem(countryCode, personalCode, { today, checkAge: false }) !== undefined) return { status: 'NOT_FOUND' };
  const birthDate = birthDateFromPersonalCode(countryCode, personalCode);
  return {
    status: 'FOUND',
    person: {
      personalCode,
      alive: documented?.kind !== 'deceased',
      firstName: documented?.firstName ?? null,
      surname: documented?.surname ?? null,
      birthDate: birthDate ? formatIsoDate(birthDate) : null,
    },
  };
}

export function createPopulationRegisterSimulator(): Simulator {
  const routes = new Hono();

  routes.post(PERSON_QUERY_PATH, async (c) => {
    if (c.req.header('authorization') !== `Bearer ${SIMULATOR_POPULATION_REGISTER_API_KEY}`) return c.json({ error: 'unauthorized' }, 401);
    const parsed = v.safeParse(PersonQueryRequestSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid person query' }, 400);
    return c.json(simulatedPersonQuery(parsed.output.countryCode, parsed.output.personalCode, new Date()));
  });

  routes.get('/', () => {
    const rows = DOCUMENTED_PERSONS.map(
      (person) =>
        `<tr><td>${person.countryCode}</td><td>${escapeHtml(person.personalCode)}</td><td>${
          person.kind === 'not-registered' ? 'Not in the register' : person.kind === 'deceased' ? 'Deceased' : `Living, named ${escapeHtml(`${person.firstName ?? ''} ${person.surname ?? ''}`)}`
        }</td></tr>`,
    ).join('');
    return simulatorPage(
      'Population register (simulated)',
      `<p>Every personal code that passes its country's rules is a living person whose name is not disclosed, so any name may be used with it. These codes answer otherwise:</p>
<table><caption>Documented persons</caption><thead><tr><th scope="col">Country</th><th scope="col">Personal code</th><th scope="col">The register answers</th></tr></thead><tbody>${rows}</tbody></table>
<p class="note">A named person's code passes SubmitPersonalInfo's registry check only with that name (case, diacritics and hyphens aside).</p>`,
    );
  });

  return { name: POPULATION_REGISTER_SIMULATOR, title: 'Population register (person query by personal code)', routes };
}
