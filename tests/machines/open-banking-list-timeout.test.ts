/**
 * The bank list that does not arrive in 30 seconds (section 9; decision 153): the timeout goes to
 * the application's error handler with its own message (decision 252).
 */
import { describe, expect, it } from 'vitest';
import { LIST_INSTITUTIONS_TIMEOUT_MS } from '../../core/wire/open-banking.schema';
import { startLogic } from './open-banking.run';

describe('the bank list timing out', () => {
  it('reports a timeout saying the list did not arrive in time', () => {
    const run = startLogic();
    run.clock.increment(LIST_INSTITUTIONS_TIMEOUT_MS);
    const timedOut = { kind: 'timeout', message: 'The bank list did not arrive in time.' };
    expect(run.view().error).toEqual(timedOut);
    expect(run.toParent).toEqual([{ type: 'step.failed', error: timedOut }]);
  });
});
