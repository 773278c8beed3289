/**
 * Issue 24 item 3 (docs/decisions/186, docs/providers/population-register.md): the population
 * register's person query. The adapter against the protocol's documented answers, replayed by a tiny
 * loopback server (what it sends, what it accepts, what is a failure of the register), the simulator
 * against the same protocol, and the settings start-up checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { ConfigError } from '../../../server/config/env';
import { ProviderError } from '../../../server/providers/provider-http';
import { createPopulationRegister, PERSON_QUERY_PATH, type PopulationRegister } from '../../../server/providers/population-register/population-register.adapter';
import { readPopulationRegisterSettings, SIMULATOR_POPULATION_REGISTER_API_KEY } from '../../../server/providers/population-register/population-register.settings';
import { createPopulationRegisterSimulator, DOCUMENTED_PERSONS } from '../../../server/providers/population-register/population-register.simulator';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';
import { startReplayServer, type RecordedAnswer, type ReplayServer } from './support/replay-server';

const FOUND: RecordedAnswer = {
  source: 'docs/providers/population-register.md: a registered person',
  status: 200,
  body: { status: 'FOUND', person: { personalCode: '010185-10004', alive: true, firstName: 'Jānis', surname: 'Bērziņš', birthDate: '1985-01-01' } },
};
const RESTRICTED: RecordedAnswer = {
  source: 'docs/providers/population-register.md: a person whose name is not disclosed, a field the protocol does not name',
  status: 200,
  body: { status: 'FOUND', person: { personalCode: '010185-10004', alive: true, firstName: null, surname: null, birthDate: null, registryId: 'x-1' }, queryId: 'q-1' },
};
const NOT_FOUND: RecordedAnswer = { source: 'docs/providers/population-register.md: nobody has the code', status: 200, body: { status: 'NOT_FOUND' } };

let replay: ReplayServer;
let register: PopulationRegister;

beforeAll(async () => {
  replay = await startReplayServer();
  register = createPopulationRegister({ baseUrl: `${replay.origin}/gateway/`, apiKey: 'token-1', timeoutMs: 2000, simulated: false });
});
afterAll(() => replay.close());

describe('the adapter speaks the documented protocol', () => {
  it('asks POST {base}/v1/person-queries with the country and the code in the body, never in the URL', async () => {
    replay.queue(FOUND);
    const person = await register.findPerson('LV', '010185-10004');
    expect(person).toEqual(FOUND.body && (FOUND.body as { person: unknown }).person);
    const request = replay.received.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: `/gateway${PERSON_QUERY_PATH}`, body: { countryCode: 'LV', personalCode: '010185-10004' } });
    expect([...(request?.query.keys() ?? [])]).toEqual([]);
  });

  it('accepts undisclosed names and fields it does not know; NOT_FOUND is nobody', async () => {
    replay.queue(RESTRICTED, NOT_FOUND);
    expect(await register.findPerson('LV', '010185-10004')).toMatchObject({ alive: true, firstName: null, surname: null, birthDate: null });
    expect(await register.findPerson('LV', '020275-10019')).toBeNull();
  });

  for (const [name, answer, fault] of [
    ['a refused token (401)', { source: 'the gateway refuses the token', status: 401, body: { error: 'unauthorized' } }, 'status'],
    ['an error (500)', { source: 'the register fails', status: 500, body: { error: 'internal' } }, 'status'],
    ['an unknown status', { source: 'outside the protocol', status: 200, body: { status: 'MAYBE' } }, 'malformed'],
    ['a birth date that is no date', { source: 'outside the protocol', status: 200, body: { status: 'FOUND', person: { personalCode: '010185-10004', alive: true, firstName: null, surname: null, birthDate: '1985-13-45' } } }, 'malformed'],
    ['an answer about another code', { source: 'outside the protocol', status: 200, body: { status: 'FOUND', person: { personalCode: '121288-10036', alive: true, firstName: null, surname: null, birthDate: null } } }, 'malformed'],
  ] as const) {
    it(`${name} is a failure of the register (ProviderError ${fault}), never a verdict`, async () => {
      replay.queue(answer);
      const failure = await register.findPerson('LV', '010185-10004').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProviderError);
      expect((failure as ProviderError).fault).toBe(fault);
      expect((failure as ProviderError).message).not.toContain('010185-10004');
    });
  }
});

describe('the simulator answers the same protocol', () => {
  let host: RunningSimulators;
  let simulated: PopulationRegister;
  beforeAll(async () => {
    host = await startSimulators(() => [createPopulationRegisterSimulator()], { unref: true });
    simulated = createPopulationRegister({ baseUrl: `${host.origin}/population-register`, apiKey: SIMULATOR_POPULATION_REGISTER_API_KEY, timeoutMs: 2000, simulated: true });
  });
  afterAll(() => host.close());

  it('every documented person answers as documented', async () => {
    for (const person of DOCUMENTED_PERSONS) {
      const answer = await simulated.findPerson(person.countryCode, person.personalCode);
      if (person.kind === 'not-registered') expect(answer).toBeNull();
      else expect(answer).toMatchObject({ alive: person.kind === 'named', firstName: person.firstName, surname: person.surname });
    }
  });

  it('any other valid code is a living person born on its date, name undisclosed; a code the rules refuse is nobody', async () => {
    expect(await simulated.findPerson('EE', '38001085718')).toEqual({ personalCode: '38001085718', alive: true, firstName: null, surname: null, birthDate: '1980-01-08' });
    expect(await simulated.findPerson('EE', '38001085719')).toBeNull();
    expect(await simulated.findPerson('LV', '010185-10005')).toBeNull();
  });

  it('its page lists the documented persons, accessibly', async () => {
    const page = await (await fetch(`${host.origin}/population-register`)).text();
    expect(page).toContain('<html lang="en">');
    expect(page.match(/<h1>/g)).toHaveLength(1);
    for (const person of DOCUMENTED_PERSONS) expect(page).toContain(person.personalCode);
  });
});

describe('settings', () => {
  const configError = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    throw new Error('accepted');
  };

  it('the simulator outside production; nothing in production without the URL', () => {
    expect(readPopulationRegisterSettings({}, 'demonstration').source).toEqual({ kind: 'simulator' });
    expect(readPopulationRegisterSettings({}, 'production').source).toEqual({ kind: 'none' });
  });

  it('a real register needs its token; production needs https', () => {
    expect(configError(() => readPopulationRegisterSettings({ POPULATION_REGISTER_URL: 'https://register.example' }, 'demonstration'))).toMatch(/POPULATION_REGISTER_API_KEY/);
    expect(configError(() => readPopulationRegisterSettings({ POPULATION_REGISTER_URL: 'http://register.example', POPULATION_REGISTER_API_KEY: 'k' }, 'production'))).toMatch(/POPULATION_REGISTER_URL/);
    expect(configError(() => readPopulationRegisterSettings({ POPULATION_REGISTER_TIMEOUT_MS: '5' }, 'test'))).toMatch(/POPULATION_REGISTER_TIMEOUT_MS/);
    const settings = readPopulationRegisterSettings({ POPULATION_REGISTER_URL: 'http://127.0.0.1:9/register', POPULATION_REGISTER_API_KEY: 'test-token' }, 'test');
    expect(settings).toMatchObject({ source: { kind: 'real', url: 'http://127.0.0.1:9/register' }, apiKey: 'test-token', timeoutMs: 5000 });
  });

  it('is part of the configuration the app starts with', () => {
    expect(loadConfig({ SOLIS_MODE: 'test' }).providers.populationRegister.source.kind).toBe('simulator');
  });
});
