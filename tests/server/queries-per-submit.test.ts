/**
 * Issue 26 item 7 (decision 199): the statements one applicant's create, draft save and submission
 * send to the database, counted. A count is deterministic where a timing is not: this fails when a
 * change adds a round trip to the calls `npm run bench` loads, and says which statements they are.
 * Lower a budget when a change saves one; raise it only with a reason in a decision.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { silentLogger } from '../../server/http/logger';
import { ApiClient } from './support/api-client';
import { CREATE_REQUEST, createApplicationStep, stepPath } from './support/payloads';
import { loggingDatabase, type LoggedQuery } from './support/query-log';
import { forgetPersons, insertPerson, insertRelation, listPersons, listRelations, updatePerson } from '../../server/applications/person-repository';
import { startTestApp, TEST_ORIGIN, type TestApp } from './support/test-app';

/**
 * Test mode: each call also asks the sandbox for a forced failure, and a create or submit for a forced
 * task (one statement each); the first step's submit also reads the bank's outcomes the sandbox set
 * (decision 215: one statement on the four tasks they answer on, none outside test mode).
 */
const BUDGET = {
  create: { queries: 4, transactions: 1 },
  'draft save': { queries: 3, transactions: 1 },
  submit: { queries: 11, transactions: 1 },
} as const;

/** The draft the bench saves: the create step's form mid-way. */
const DRAFT = { loanAmount: '5000', loanPeriod: '36', firstName: 'Mari', surname: 'Maasikas', email: 'mari.maasikas@example.com' };

let t: TestApp;
let logged: ReturnType<typeof loggingDatabase>;
let client: () => ApiClient;


beforeAll(async () => {
  t = await startTestApp();
  logged = loggingDatabase(t.database.db);
  const app = createApp({ config: t.config, db: logged.db, clock: t.now, logger: silentLogger, providers: t.providers });
  client = () => new ApiClient(app, TEST_ORIGIN);
});
afterAll(() => t.database.dispose());

interface Measured {
  status: number;
  queries: LoggedQuery[];
  transactions: number;
  bytes: number;
}

async function measure(call: () => Promise<{ status: number; text: string }>): Promise<Measured> {
  logged.log.length = 0;
  const transactionsBefore = logged.transactions();
  const reply = await call();
  return { status: reply.status, queries: [...logged.log], transactions: logged.transactions() - transactionsBefore, bytes: Buffer.byteLength(reply.text) };
}

const listing = (queries: readonly LoggedQuery[]) => queries.map((q) => `${q.inTransaction ? 'tx ' : '   '}${q.sql.replace(/\s+/g, ' ').slice(0, 120)}`).join('\n');

interface Created {
  data: { externalId: string; taskDefinitionKey: string; version: number };
}

/** One applicant as the bench's virtual applicant: a new session, create, a draft save, a submission with an idempotency key. */
async function oneApplicant(): Promise<Record<keyof typeof BUDGET, Measured>> {
  const applicant = client();
  let created: Created | undefined;
  const create = await measure(async () => {
    const reply = await applicant.post<Created>('/api/v1/application-process', CREATE_REQUEST);
    created = reply.body;
    return reply;
  });
  const task = created!.data;
  const draft = await measure(() => applicant.call('PUT', stepPath(task.externalId), { body: { taskDefinitionKey: task.taskDefinitionKey, version: 0, data: DRAFT } }));
  const submit = await measure(() => applicant.post(stepPath(task.externalId), createApplicationStep(task.version), { headers: { 'idempotency-key': randomUUID() } }));
  return { create, 'draft save': draft, submit };
}

describe('statements per call of the bench (issue 26 item 7)', () => {
  it('a new applicant creates, saves a draft and submits the first step within the budget, each write in one transaction', async () => {
    // The second applicant is measured: the first warms what a process keeps (the product data).
    const first = await oneApplicant();
    expect(first.submit.status, listing(first.submit.queries)).toBe(200);
    const measured = await oneApplicant();
    for (const [call, budget] of Object.entries(BUDGET) as [keyof typeof BUDGET, (typeof BUDGET)[keyof typeof BUDGET]][]) {
      const { status, queries, transactions } = measured[call];
      expect(status, `${call}: ${listing(queries)}`).toBeLessThan(300);
      expect(queries.length, `${call} sends ${queries.length} statements (budget ${budget.queries}):\n${listing(queries)}`).toBeLessThanOrEqual(budget.queries);
      expect(transactions, `${call} opens ${transactions} transactions`).toBe(budget.transactions);
    }
  });

  it('a submission reads the application\'s persons, relations and product data at most once, and never re-reads what it wrote', async () => {
    const { submit } = await oneApplicant();
    const count = (pattern: RegExp) => submit.queries.filter((q) => pattern.test(q.sql)).length;
    expect(count(/from persons where application_id/), listing(submit.queries)).toBeLessThanOrEqual(1);
    // The relations come with the persons (one statement).
    expect(count(/from relations/), listing(submit.queries)).toBeLessThanOrEqual(1);
    // Kept by the process for PRODUCT_DATA_TTL_MS: not read again by the next applicant within it.
    expect(count(/from product_data/), listing(submit.queries)).toBe(0);
  });

  it('reads the product data again once it is older than its time to live', async () => {
    t.advance(11);
    const { create } = await oneApplicant();
    expect(create.queries.filter((q) => /from product_data/.test(q.sql)), listing(create.queries)).toHaveLength(1);
  });
});

describe('what a transaction keeps of persons and relations (decision 199)', () => {
  async function applicationId(): Promise<string> {
    const applicant = client();
    const created = await applicant.post<Created>('/api/v1/application-process', CREATE_REQUEST);
    const rows = await t.database.db.query<{ id: string }>('select id::text as id from applications where external_id = $1', [created.body.data.externalId]);
    return rows[0]!.id;
  }
  const reads = () => logged.log.filter((q) => /from persons where application_id|from relations where application_id/.test(q.sql)).length;

  it('answers from what it read and wrote, and reads again after a write it did not make', async () => {
    const id = await applicationId();
    const now = t.now();
    await logged.db.transaction(async (tx) => {
      logged.log.length = 0;
      const [applicant] = await listPersons(tx, id);
      expect(await listRelations(tx, id)).toEqual([]);
      const updated = await updatePerson(tx, applicant!.id, { role: 'APPLICANT', languageCode: 'est', personalCode: null, declaredData: { firstName: 'Mari' }, consents: {} }, now);
      const child = await insertPerson(tx, id, { role: 'DEPENDENT', languageCode: null, personalCode: null, declaredData: {}, consents: {} }, now);
      await insertRelation(tx, id, { person_id: child.external_id, related_to_person_id: updated.external_id, relation_type: 'CHILD' });
      const persons = await listPersons(tx, id);
      expect(persons.map((person) => [person.role, person.declared_data])).toEqual([
        ['APPLICANT', { firstName: 'Mari' }],
        ['DEPENDENT', {}],
      ]);
      expect(await listRelations(tx, id)).toEqual([{ person_id: child.external_id, related_to_person_id: updated.external_id, relation_type: 'CHILD' }]);
      // A copy: changing what a caller got changes nothing kept.
      persons[0]!.declared_data['firstName'] = 'Changed';
      expect((await listPersons(tx, id))[0]!.declared_data).toEqual({ firstName: 'Mari' });
      expect(reads()).toBe(1);
      // A write outside the repository, then told: read again.
      await tx.query('update persons set is_born = false where application_id = $1 and id = $2', [id, child.id]);
      forgetPersons(tx, id);
      expect((await listPersons(tx, id))[1]!.is_born).toBe(false);
      expect(reads()).toBe(2);
    });
  });

  it('keeps nothing outside a transaction', async () => {
    const id = await applicationId();
    logged.log.length = 0;
    await listPersons(logged.db, id);
    await listPersons(logged.db, id);
    expect(reads()).toBe(2);
  });
});
