import { Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { useState } from 'react';
import { StepPage } from './step-page';
import { NotFoundPage } from './not-found-page';

/**
 * Restarts the application machine when the applicant navigates to another application (a new
 * `/continue/...` link, the Back button), but not when the flow itself replaces the URL.
 */
function StepRoute() {
  const location = useLocation();
  const [seenKey, setSeenKey] = useState(location.key);
  const [generation, setGeneration] = useState(0);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    const byFlow = (location.state as { replacedByFlow?: boolean } | null)?.replacedByFlow === true;
    if (!byFlow) setGeneration((g) => g + 1);
  }
  return <StepPage key={generation} />;
}

/** Section 2: `/continue/{externalId}` redirects to `/` with externalId in the query. */
function ContinueRedirect() {
  const { externalId = '' } = useParams();
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  query.set('externalId', externalId);
  return <Navigate to={{ pathname: '/', search: `?${query.toString()}` }} replace />;
}

/** The one route table (section 2). */
export const routes: RouteObject[] = [
  { path: '/', element: <StepRoute /> },
  { path: '/continue/:externalId', element: <ContinueRedirect /> },
  { path: '*', element: <NotFoundPage /> },
];
