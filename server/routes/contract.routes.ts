import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { existingOwner } from '../sessions/principal.middleware';
import { contractDetails, downloadContract, preContractInformation } from '../contracts/contract.service';
import { accountContractDetails } from '../contracts/account-contract.service';

/** A PDF for its owner only: never cached on the way, saved under a plain name, not sniffed. */
function pdfReply(c: Context<AppEnv>, document: { content: Uint8Array; fileName: string }): Response {
  return c.body(Buffer.from(document.content), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${document.fileName}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
}

/**
 * Issue 12, section 7: the contract details and download (docs/decisions/135-contract-documents.md,
 * 137-contract-access.md), and the standard pre-contract information of the offer (decision 138).
 * Only the application's owner; anyone else gets the 404 of a missing file.
 */
export function contractRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/v2/application/:externalId/contract/default/unsigned/details', async (c) => {
    c.header('cache-control', 'no-store');
    return ok(c, await contractDetails(deps, existingOwner(c), c.req.param('externalId')));
  });

  // Decision 144: the current account's contract (signCurrentAccountContract); downloaded like the loan's.
  routes.get('/v2/application/:externalId/contract/current-account/unsigned/details', async (c) => {
    c.header('cache-control', 'no-store');
    return ok(c, await accountContractDetails(deps, existingOwner(c), c.req.param('externalId')));
  });

  routes.get('/v2/application/:externalId/download-contract/:fileServiceId', async (c) =>
    pdfReply(c, await downloadContract(deps, existingOwner(c), c.req.param('externalId'), c.req.param('fileServiceId'))),
  );

  routes.get('/v2/application/:externalId/offer/pre-contract-information', async (c) =>
    pdfReply(c, await preContractInformation(deps, existingOwner(c), c.req.param('externalId'))),
  );

  return routes;
}
