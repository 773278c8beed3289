/**
 * businessData's section for bank staff is a chunk of its own (decision 110); the rest of the form
 * and Continue come with it, never before it (decision 244, after decision 238's moving button).
 * An isolated test file (`*.isolated.test.tsx`, Vitest project `dom-isolated`, decision 243): it
 * replaces a module, which the other component tests, sharing their worker's modules, must not see.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** The staff section's chunk arrives when the test says so. */
const staffChunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('./staff-section', async (importOriginal) => {
  await staffChunk.arrived;
  return importOriginal();
});

describe('businessData: the staff section loading', () => {
  it('shows the form and Continue only once the staff section is in, below it, saying meanwhile that it loads', async () => {
    vi.resetModules();
    const { renderStep } = await import('../../../tests/support/render-step');
    const { resetApiClient } = await import('../../api/client');
    try {
      await renderStep('businessData', { domain: 'corporate-banking', start: { customerAdministrator: true, userGroups: ['customer-administrator-latvia'] } });
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
      expect(screen.queryByRole('textbox', { name: 'Registration code' })).toBeNull();
      expect(screen.getByRole('status').textContent).toBe(' Loading…');
      staffChunk.release();
      const staff = await screen.findByRole('group', { name: 'For bank staff' });
      const next = screen.getByRole('button', { name: 'Continue' });
      expect(staff.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(staff.compareDocumentPosition(screen.getByRole('textbox', { name: 'Registration code' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.queryByText('Loading…')).toBeNull();
    } finally {
      staffChunk.release();
      resetApiClient();
    }
  });
});
