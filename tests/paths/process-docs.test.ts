import { describe, expect, it } from 'vitest';
import type { WalkedStep } from '../../server/process/process-paths';
import { allFlowPaths, type FlowPath } from './flow-paths';
import { expectedProcessDocs, pathsFlowchart, pathsMarkdown, processDocsStale } from './process-docs';

const step = (state: string, final = false, role: WalkedStep['role'] = 'APPLICANT'): WalkedStep => ({ state, taskKey: state.split('.').at(-1)!, role, final });
const flowPath = (id: string, steps: WalkedStep[]): FlowPath => ({ id, process: 'retailLoan', domain: 'retail-banking-ee', productName: 'SMALL_LOAN', conditions: id === 'straight' ? [] : [id], steps });

describe('docs/processes: the pictures are drawn from the paths `npm run test:paths` replays (issue 27 item 3)', () => {
  it('are current: regenerate with `npm run processes:diagrams` after changing a process or its paths', () => {
    expect(processDocsStale()).toEqual([]);
  }, 120_000);

  it('draw every move of every path once per path, counted, with the final pages rounded', () => {
    const paths = [
      flowPath('straight', [step('a'), step('b'), step('done', true)]),
      // A wait polled: the move b > b counts once for this path.
      flowPath('waits', [step('a'), step('b'), step('b'), step('coBorrower.b', false, 'COBORROWER'), step('done', true)]),
    ];
    expect(pathsFlowchart(paths).split('\n')).toEqual([
      'flowchart TD',
      '  a["a"]',
      '  b["b"]',
      '  done(["done"])',
      '  co_coBorrower_b["co:b"]',
      '  a -->|2| b',
      '  b -->|1| done',
      '  b -->|1| b',
      '  b -->|1| co_coBorrower_b',
      '  co_coBorrower_b -->|1| done',
    ]);
    const text = pathsMarkdown(paths).join('\n');
    expect(text).toContain('| retail-banking-ee | SMALL_LOAN | 2 | 4 |');
    expect(text).toContain('- `waits` (5 steps)');
  });

  it('change when the paths change: every generated path id is in its process file, and only there', () => {
    const { paths } = allFlowPaths();
    const docs = expectedProcessDocs(paths);
    const retailLoan = Object.entries(docs).find(([file]) => file.endsWith('retailLoan.md'))![1];
    const corporate = Object.entries(docs).find(([file]) => file.endsWith('corporate.md'))![1];
    for (const each of paths.filter((p) => p.process === 'retailLoan')) expect(retailLoan).toContain(`\`${each.id}\``);
    expect(corporate).not.toContain('retailLoan/');
  }, 120_000);
});
