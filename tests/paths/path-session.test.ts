import { describe, expect, it } from 'vitest';
import { announcePath, type PathConsole } from '../../src/app/inspect-path';
import { pathPlanResponse, pathSession } from './path-session';
import { productPaths } from './flow-paths';

const STRAIGHT = 'retailLoan/retail-banking-ee/SMALL_LOAN/straight';

describe('a generated path opened for the inspector (`npm run dev`, `/?inspect&path=<id>`, issue 27 item 3)', () => {
  it('plans the path named by its id: its line, its steps in order and the data each step takes', () => {
    const session = pathSession(STRAIGHT, 'retail-banking-ee');
    const path = productPaths('retailLoan', 'retail-banking-ee', 'SMALL_LOAN').find((each) => each.id === STRAIGHT)!;
    expect(session.line).toMatch(/^retailLoan retail-banking-ee SMALL_LOAN: createApplicationStep > submitPersonalInfo > /);
    expect(session.steps.map((step) => step.task)).toEqual(path.steps.map((step) => step.taskKey));
    expect(session.start).toBe('/');
    // The first page's answers come from its contract: the product of the path.
    expect(session.steps[0]!.data).toMatchObject({ productName: 'SMALL_LOAN' });
    expect(session.restart).toBeUndefined();
  });

  it('tells how to restart the dev server when the path belongs to another domain', () => {
    const session = pathSession('retailLoan/retail-banking-lv/SMALL_LOAN/straight', 'retail-banking-ee');
    expect(session.restart).toBe('BUSINESS_DOMAIN=retail-banking-lv npm run dev');
  });

  it('answers 404 naming the id for a path that does not exist, 200 with the plan for one that does', () => {
    expect(pathPlanResponse('retailLoan/retail-banking-ee/SMALL_LOAN/noSuchCondition', 'retail-banking-ee')).toMatchObject({ status: 404, body: expect.stringContaining('noSuchCondition') });
    expect(pathPlanResponse('nothing', 'retail-banking-ee')).toMatchObject({ status: 404, body: expect.stringContaining('process/domain/product/conditions') });
    const ok = pathPlanResponse(STRAIGHT, 'retail-banking-ee');
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ id: STRAIGHT, productName: 'SMALL_LOAN' });
  });

  it('the app asks the dev server for the path of `?path=` and prints its steps with their data', async () => {
    const asked: string[] = [];
    const printed: unknown[][] = [];
    const out: PathConsole = { info: (...values) => printed.push(['info', ...values]), table: (rows) => printed.push(['table', rows]), error: (...values) => printed.push(['error', ...values]) };
    const fetcher = (url: string) => {
      asked.push(url);
      const { status, body } = pathPlanResponse(decodeURIComponent(url.slice('/__paths/'.length)), 'retail-banking-ee');
      return Promise.resolve(new Response(body, { status }));
    };
    const plan = await announcePath(`?inspect&path=${encodeURIComponent(STRAIGHT)}`, fetcher, out);
    expect(asked).toEqual([`/__paths/${encodeURIComponent(STRAIGHT)}`]);
    expect(plan?.id).toBe(STRAIGHT);
    expect(printed[0]).toEqual(['info', `[path] ${plan!.line}`]);
    const rows = printed[1]![1] as { step: number; task: string; data: string }[];
    expect(rows[0]).toMatchObject({ step: 1, task: 'createApplicationStep', data: expect.stringContaining('SMALL_LOAN') });

    printed.length = 0;
    expect(await announcePath('?inspect&path=nothing', fetcher, out)).toBeUndefined();
    expect(printed).toEqual([['error', expect.stringContaining('No path "nothing"')]]);
    // Without `path`, nothing is asked.
    expect(await announcePath('?inspect', fetcher, out)).toBeUndefined();
    expect(asked).toHaveLength(2);
  });
});
