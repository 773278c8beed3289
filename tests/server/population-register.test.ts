/**
 * Issue 24 item 3 (docs/decisions/186-population-register.md): the population register behind the
 * personal-code server check. Real HTTP: the API asks the register's simulator on the simulators'
 * host, whose fault controls make it fail; nothing is mocked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { MESSAGES } from '../../core/validation/messages';
import { comparableName, nameMatchesRegister } from '../../server/identity/population-register-check';
import { PERSON_QUERY_PATH } from '../../server/providers/population-register/population-register.adapter';
import { DOCUMENTED_PERSONS } from '../../server/providers/population-register/population-register.simulator';
import { hooksOf } from '../../server/steps/step-hooks';
import type { ApiClient } from './support/api-client';
import { MARI, continuePath, createApplication, createApplicationStep, exampleSubmission, stepPath } from './support/payloads';
import { freshSecret } from './support/secrets';
import { startTestApp, type TestApp } from './support/test-app';

const PATH = '/api/v1/validate/personalCode';
type Data<T> = { data: T };

const documented = (countryCode: string, kind: string) => {
  const person = DOCUMENTED_PERSONS.find((item) => item.countryCode === countryCode && item.kind === kind);
  if (!person) throw new Error(`no documented ${kind} person in ${countryCode}`);
  return person;
};
const NOT_REGISTERED_EE = documented('EE', 'not-registered').personalCode;
const DECEASED_EE = documented('EE', 'deceased').personalCode;
const NAMED_EE = documented('EE', 'named');

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());
afterEach(async () => {
  await fetch(`${t.simulators.origin}/control/reset`, { method: 'POST' });
});

async function fault(body: Record<string, unknown>): Promise<void> {
  const reply = await fetch(`${t.simulators.origin}/control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ simulator: 'population-register', ...body }),
  });
  expect(reply.status).toBe(200);
}

async function check(client: ApiClient, personalCode: string, countryCode?: string) {
  return client.post<Data<{ valid: boolean }> & ApiErrorBody>(PATH, countryCode ? { personalCode, countryCode } : { personalCode });
}

async function freshClient(app: TestApp = t): Promise<ApiClient> {
  const client = app.client();
  await client.startSession();
  return client;
}

/** An application at createApplicationStep, and its submission with this person. */
async function atCreateStep(client: ApiClient): Promise<TaskResponse> {
  return createApplication(client);
}

function createStepAs(version: number, person: { personalCode: string; firstName?: string; surname?: string }) {
  const submission = createApplicationStep(version, { personalCode: person.personalCode });
  const update = submission.application.personUpdates[0] as { declaredData: Record<string, unknown> };
  update.declaredData = { ...update.declaredData, firstName: person.firstName ?? MARI.firstName, surname: person.surname ?? MARI.surname };
  return submission;
}

async function atPersonalInfo(client: ApiClient, person: { personalCode: string; firstName?: string; surname?: string }): Promise<TaskResponse> {
  const created = await atCreateStep(client);
  const reply = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createStepAs(created.version, person));
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body.data.taskDefinitionKey).toBe('submitPersonalInfo');
  return reply.body.data;
}

function personalInfo(task: TaskResponse, personalCode: string) {
  return exampleSubmission('submitPersonalInfo', task.version, { values: { submitPersonalInfo: { personalCode } } });
}

describe('POST /api/v1/validate/personalCode asks the register after the rules', () => {
  it('a registered, living person is valid; a code nobody has or a deceased person’s is not (and the two are not told apart)', async () => {
    const client = await freshClient();
    expect((await check(client, MARI.personalCode)).body).toEqual({ data: { valid: true } });
    expect((await check(client, NAMED_EE.personalCode)).body).toEqual({ data: { valid: true } });
    const missing = await check(client, NOT_REGISTERED_EE);
    const deceased = await check(client, DECEASED_EE);
    expect(missing.body).toEqual({ data: { valid: false } });
    expect(deceased.body).toEqual(missing.body);
    expect(deceased.text).not.toContain(DECEASED_EE);
  });

  it('asks the register of the code’s country (documented persons of Latvia and Lithuania)', async () => {
    const client = await freshClient();
    for (const countryCode of ['LV', 'LT'] as const) {
      expect((await check(client, documented(countryCode, 'named').personalCode, countryCode)).body).toEqual({ data: { valid: true } });
      expect((await check(client, documented(countryCode, 'not-registered').personalCode, countryCode)).body).toEqual({ data: { valid: false } });
      expect((await check(client, documented(countryCode, 'deceased').personalCode, countryCode)).body).toEqual({ data: { valid: false } });
    }
  });

  it('a Latvian code with a wrong check digit is refused by the rules, without the register', async () => {
    const client = await freshClient();
    // Were the register asked, this fault would answer 503; the rules refuse first.
    await fault({ fault: 'status', status: 500 });
    expect((await check(client, '010185-10005', 'LV')).body).toEqual({ data: { valid: false } });
    // The fault is still queued: the next call that reaches the register meets it.
    expect((await check(client, '010185-10004', 'LV')).status).toBe(503);
  });

  for (const [name, spoil] of [
    ['answers HTTP 500', { fault: 'status', status: 500 }],
    ['answers HTTP 401 (the bank’s token refused)', { fault: 'status', status: 401 }],
    ['answers something that is not JSON', { fault: 'malformed' }],
  ] as const) {
    it(`the register ${name}: 503 PROVIDER_UNAVAILABLE with Retry-After (section 8: treated as invalid), and the next check works`, async () => {
      const client = await freshClient();
      await fault(spoil);
      const failed = await check(client, MARI.personalCode);
      expect(failed.status).toBe(503);
      expect(failed.body.error.code).toBe('PROVIDER_UNAVAILABLE');
      expect(Number(failed.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(failed.text).not.toContain(MARI.personalCode);
      expect((await check(client, MARI.personalCode)).body).toEqual({ data: { valid: true } });
    });
  }

  it('a slow or silent register: the check gives up at POPULATION_REGISTER_TIMEOUT_MS and answers 503, never 500', async () => {
    const impatient = t.withEnv({ POPULATION_REGISTER_TIMEOUT_MS: '300' });
    const client = await freshClient(impatient);
    await fault({ fault: 'slow', delayMs: 3000 });
    const slow = await check(client, MARI.personalCode);
    expect(slow.status).toBe(503);
    expect(slow.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    await fault({ fault: 'hang' });
    expect((await check(client, MARI.personalCode)).status).toBe(503);
    expect((await check(client, MARI.personalCode)).body).toEqual({ data: { valid: true } });
  });

  it('production without POPULATION_REGISTER_URL: no register, so the check fails closed', async () => {
    const production = t.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: freshSecret() });
    expect(production.providers.populationRegister).toBeNull();
    const reply = await production.client().post<ApiErrorBody>(PATH, { personalCode: MARI.personalCode });
    expect(reply.status).toBe(503);
    expect(reply.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    // Still refused by the rules without asking anyone.
    expect((await production.client().post<Data<{ valid: boolean }>>(PATH, { personalCode: '38001085719' })).body).toEqual({ data: { valid: false } });
  });
});

describe('createApplicationStep: the applicant’s code is in the register', () => {
  it('refuses a code nobody has, and a deceased person’s, on the personal code field; nothing is saved', async () => {
    const client = await freshClient();
    for (const personalCode of [NOT_REGISTERED_EE, DECEASED_EE]) {
      const created = await atCreateStep(client);
      const refused = await client.post<ApiErrorBody>(stepPath(created.externalId), createStepAs(created.version, { personalCode }));
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('VALIDATION_FAILED');
      expect(refused.body.error.fieldErrors).toEqual({ 'personUpdates.0.personalCode': [MESSAGES.personalCodeNotInRegister] });
      expect(refused.text).not.toContain(personalCode);
      const now = await client.post<Data<TaskResponse>>(continuePath(created.externalId));
      expect(now.body.data).toMatchObject({ taskDefinitionKey: 'createApplicationStep', version: created.version });
    }
  });

  it('an unreachable or slow register: a translated "try again" on the field (never a 500), and the same submission goes through once it answers', async () => {
    const impatient = t.withEnv({ POPULATION_REGISTER_TIMEOUT_MS: '300' });
    const client = await freshClient(impatient);
    const created = await atCreateStep(client);
    const submission = createStepAs(created.version, { personalCode: MARI.personalCode });
    for (const spoil of [{ fault: 'status', status: 503 }, { fault: 'slow', delayMs: 3000 }, { fault: 'malformed' }]) {
      await fault(spoil);
      const failed = await client.post<ApiErrorBody>(stepPath(created.externalId), submission);
      expect(failed.status).toBe(422);
      expect(failed.body.error.fieldErrors).toEqual({ 'personUpdates.0.personalCode': [MESSAGES.personalCodeCheckFailed] });
    }
    const passed = await client.post<Data<TaskResponse>>(stepPath(created.externalId), submission);
    expect(passed.status).toBe(200);
    expect(passed.body.data.taskDefinitionKey).toBe('submitPersonalInfo');
  });

  it('a code the rules refuse is the contract’s to name; the register is not asked', async () => {
    const client = await freshClient();
    const created = await atCreateStep(client);
    await fault({ fault: 'status', status: 500 });
    const refused = await client.post<ApiErrorBody>(stepPath(created.externalId), createStepAs(created.version, { personalCode: '38001085719' }));
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors?.['personUpdates.0.personalCode']).toEqual([MESSAGES.personalCodeInvalid]);
  });
});

describe('SubmitPersonalInfo: the registry check compares the declared name with the register’s', () => {
  it('goes on when the name is the register’s, whatever the case, diacritics and separators', async () => {
    for (const [firstName, surname] of [
      ['Jaan', 'Tamm'],
      ['JAAN', 'tamm'],
      ['Jaan ', ' Tamm'],
    ]) {
      const client = await freshClient();
      const task = await atPersonalInfo(client, { personalCode: NAMED_EE.personalCode, firstName, surname });
      const reply = await client.post<Data<TaskResponse>>(stepPath(task.externalId), personalInfo(task, NAMED_EE.personalCode));
      expect(reply.status, `${firstName} ${surname}: ${reply.text}`).toBe(200);
      expect(reply.body.data.taskDefinitionKey).not.toBe('submitPersonalInfo');
    }
  });

  it('refuses another name with a translated field error that names neither name', async () => {
    const client = await freshClient();
    const task = await atPersonalInfo(client, { personalCode: NAMED_EE.personalCode, firstName: 'Mari', surname: 'Tamm' });
    const refused = await client.post<ApiErrorBody>(stepPath(task.externalId), personalInfo(task, NAMED_EE.personalCode));
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors).toEqual({ 'personUpdates.0.personalCode': [MESSAGES.nameDiffersFromRegister] });
    expect(refused.text).not.toMatch(/Jaan|Tamm|Mari/);
  });

  it('checks the code given on this step: changed to a named person’s, the applicant’s name must be theirs', async () => {
    const client = await freshClient();
    const task = await atPersonalInfo(client, { personalCode: MARI.personalCode });
    // Mari Maasikas's own code: the register discloses no name, so nothing to compare.
    const changed = await client.post<ApiErrorBody>(stepPath(task.externalId), personalInfo(task, NAMED_EE.personalCode));
    expect(changed.body.error.fieldErrors).toEqual({ 'personUpdates.0.personalCode': [MESSAGES.nameDiffersFromRegister] });
    const missing = await client.post<ApiErrorBody>(stepPath(task.externalId), personalInfo(task, NOT_REGISTERED_EE));
    expect(missing.body.error.fieldErrors).toEqual({ 'personUpdates.0.personalCode': [MESSAGES.personalCodeNotInRegister] });
    const own = await client.post<Data<TaskResponse>>(stepPath(task.externalId), personalInfo(task, MARI.personalCode));
    expect(own.status).toBe(200);
  });

  it('a register that fails on SubmitPersonalInfo: "try again" on the field; the step stays as it was', async () => {
    const client = await freshClient();
    const task = await atPersonalInfo(client, { personalCode: MARI.personalCode });
    await fault({ fault: 'status', status: 500 });
    const failed = await client.post<ApiErrorBody>(stepPath(task.externalId), personalInfo(task, MARI.personalCode));
    expect(failed.status).toBe(422);
    expect(failed.body.error.fieldErrors).toEqual({ 'personUpdates.0.personalCode': [MESSAGES.personalCodeCheckFailed] });
    expect((await client.post<Data<TaskResponse>>(stepPath(task.externalId), personalInfo(task, MARI.personalCode))).status).toBe(200);
  });
});

describe('the register’s protocol and the rules of comparison', () => {
  it('the simulator refuses a query without the bank’s token and answers the documented shape', async () => {
    const url = `${t.simulators.origin}/population-register${PERSON_QUERY_PATH}`;
    const body = JSON.stringify({ countryCode: 'LV', personalCode: '010185-10004' });
    const anonymous = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(anonymous.status).toBe(401);
    const person = await t.providers.populationRegister?.findPerson('LV', '010185-10004');
    expect(person).toEqual({ personalCode: '010185-10004', alive: true, firstName: 'Jānis', surname: 'Bērziņš', birthDate: '1985-01-01' });
    expect(await t.providers.populationRegister?.findPerson('LV', '020275-10019')).toBeNull();
    expect(await t.providers.populationRegister?.findPerson('LV', '320190-12340')).toMatchObject({ alive: true, firstName: null, surname: null, birthDate: null });
  });

  it('names compare without case, diacritics or separators; the first name may be the first given name alone', () => {
    expect(comparableName('  Bērziņš ')).toBe('berzins');
    expect(comparableName('Anna-Marija')).toBe(comparableName('anna marija'));
    expect(comparableName('Łukasz')).toBe('lukasz');
    const register = { firstName: 'Anna Marija', surname: 'Kalniņa-Ozola' };
    expect(nameMatchesRegister({ firstName: 'Anna Marija', surname: 'Kalnina Ozola' }, register)).toBe(true);
    expect(nameMatchesRegister({ firstName: 'anna', surname: 'KALNIŅA-OZOLA' }, register)).toBe(true);
    expect(nameMatchesRegister({ firstName: 'Marija', surname: 'Kalniņa-Ozola' }, register)).toBe(false);
    expect(nameMatchesRegister({ firstName: 'Anna', surname: 'Kalniņa' }, register)).toBe(false);
    expect(nameMatchesRegister({ firstName: 'Anna Marija Liene', surname: 'Kalniņa-Ozola' }, register)).toBe(false);
    expect(nameMatchesRegister({ firstName: 'Anyone', surname: 'At all' }, { firstName: null, surname: null })).toBe(true);
  });

  it('the steps that submit the person’s own code have the register’s check', () => {
    expect(hooksOf('createApplicationStep').checkOutside).toBeTypeOf('function');
    expect(hooksOf('submitPersonalInfo').checkOutside).toBeTypeOf('function');
  });
});
