import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { isCorporate, type BusinessDomain } from '../../core/domain/business-domains';
import { APP_ROUTES, SESSION_FREE_PATHS, isSessionFreePath } from '../../core/domain/app-routes';
import { useRuntimeConfig } from '../steps/_kit/runtime-config-context';
import { StepPage } from './step-page';
import { NotFoundPage } from './not-found-page';
import { ErrorBoundary } from './error-boundary';
import { AppLayout, useHomeHref } from './app-layout';
import {
  LinkExpiredPage,
  MaintenancePage,
  NoProcessPage,
  NoTaskPage,
  ServerErrorPage,
  SessionExpiredPage,
  UnauthorizedPage,
} from './pages/error-pages';
import { ContinueRedirect, EstonianRedirect, RussianRedirect } from './pages/redirects';
import { LoadingPage } from '../components/loading-page';

// Pages opened once, from a link (a co-borrower's invitation, business customers' product list), and the
// entrances that load or redirect once per visit are lazy chunks: the first page of `/` does not
// carry them (the initial JavaScript budget, decision 041).
const CorporateProductsPage = lazy(() => import('./pages/corporate-products-page').then((module) => ({ default: module.CorporateProductsPage })));
const InvitationPage = lazy(() => import('./pages/invitation-page').then((module) => ({ default: module.InvitationPage })));
const ResumePage = lazy(() => import('./pages/resume-page').then((module) => ({ default: module.ResumePage })));
const StartPage = lazy(() => import('./pages/entrance-pages').then((module) => ({ default: module.StartPage })));
const CurrentAccountPage = lazy(() => import('./pages/entrance-pages').then((module) => ({ default: module.CurrentAccountPage })));
const LandingRedirect = lazy(() => import('./pages/landing-redirect').then((module) => ({ default: module.LandingRedirect })));
const PartnerLandingRedirect = lazy(() => import('./pages/partner-landing-redirect').then((module) => ({ default: module.PartnerLandingRedirect })));

/** A lazy page in the frame, with the loading state while its chunk arrives. */
function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <AppLayout>
          <LoadingPage />
        </AppLayout>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * Section 2: the pages on which session expiry is disabled (the session machine reads this list;
 * the table marks them). Nothing on them can be lost, and a warning there would only interrupt.
 */
export { SESSION_FREE_PATHS, isSessionFreePath };

/**
 * Restarts the application machine when the applicant navigates to another application (a new
 * `/continue/...` link, the Back button), but not when the flow itself replaces the URL.
 */
function StepRoute({ firstTask, creation }: { firstTask: string; creation?: 'first-change' | 'upsale' }) {
  const location = useLocation();
  const [seenKey, setSeenKey] = useState(location.key);
  const [generation, setGeneration] = useState(0);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    const byFlow = (location.state as { replacedByFlow?: boolean } | null)?.replacedByFlow === true;
    if (!byFlow) setGeneration((g) => g + 1);
  }
  return <StepPage key={generation} firstTask={firstTask} {...(creation ? { creation } : {})} />;
}

/**
 * `/`: the current step. A new application starts at the first task of the server's process
 * (runtime configuration): the create-application step, or business customers' business-data step
 * (section 2). A server that names none is misconfigured: the 500 page says so.
 */
function HomeRoute() {
  const { firstTaskDefinitionKey } = useRuntimeConfig();
  if (!firstTaskDefinitionKey) return <ServerErrorPage />;
  return <StepRoute firstTask={firstTaskDefinitionKey} />;
}

/**
 * `/choose-product` (section 2): product selection, the chooseProduct step outside a process; its
 * submission makes an upsale application. Business customers choose among the corporate products,
 * each starting an application at the business-data step (decision 181).
 */
function ChooseProductRoute() {
  const { businessDomain } = useRuntimeConfig();
  if (isCorporate(businessDomain))
    return (
      <Lazy>
        <CorporateProductsPage />
      </Lazy>
    );
  return <StepRoute firstTask="chooseProduct" creation="upsale" />;
}

/**
 * `/start` (section 4): an upsale application in retail. Business customers start a new application
 * at the business-data step, keeping the link's query (a product chosen), decision 181.
 */
function StartRoute() {
  const { businessDomain } = useRuntimeConfig();
  const location = useLocation();
  if (isCorporate(businessDomain)) return <Navigate to={{ pathname: '/', search: location.search, hash: location.hash }} replace />;
  return (
    <Lazy>
      <StartPage />
    </Lazy>
  );
}

/** A route only some domains have (section 2); elsewhere it is the 404 page. */
function OnlyIn({ domains, children }: { domains: readonly BusinessDomain[]; children: ReactNode }) {
  const { businessDomain } = useRuntimeConfig();
  return domains.includes(businessDomain) ? children : <NotFoundPage />;
}

/** A render error anywhere below shows the 500 page in the frame; a new address clears it. */
function GuardedRoutes() {
  const location = useLocation();
  const homeHref = useHomeHref();
  return (
    <ErrorBoundary resetKey={location.pathname} homeHref={homeHref} frame={(content) => <AppLayout>{content}</AppLayout>}>
      <Outlet />
    </ErrorBoundary>
  );
}

/** The one route table (section 2); paths and domains from core/domain/app-routes.ts, which the server reads too. */
export const routes: RouteObject[] = [
  {
    element: <GuardedRoutes />,
    children: [
      { path: APP_ROUTES.home.path, element: <HomeRoute /> },
      { path: APP_ROUTES.estonian.path, element: <EstonianRedirect /> },
      { path: APP_ROUTES.russian.path, element: <RussianRedirect /> },
      { path: APP_ROUTES.continue.path, element: <ContinueRedirect /> },
      {
        path: APP_ROUTES.invitation.path,
        element: (
          <Lazy>
            <InvitationPage />
          </Lazy>
        ),
      },
      {
        path: APP_ROUTES.resume.path,
        element: (
          <Lazy>
            <ResumePage />
          </Lazy>
        ),
      },
      { path: APP_ROUTES.start.path, element: <StartRoute /> },
      {
        path: APP_ROUTES.currentAccount.path,
        element: (
          <OnlyIn domains={APP_ROUTES.currentAccount.domains}>
            <Lazy>
              <CurrentAccountPage />
            </Lazy>
          </OnlyIn>
        ),
      },
      {
        path: APP_ROUTES.landing.path,
        element: (
          <OnlyIn domains={APP_ROUTES.landing.domains}>
            <Lazy>
              <LandingRedirect />
            </Lazy>
          </OnlyIn>
        ),
      },
      {
        path: APP_ROUTES.partnerLanding.path,
        element: (
          <OnlyIn domains={APP_ROUTES.partnerLanding.domains}>
            <Lazy>
              <PartnerLandingRedirect />
            </Lazy>
          </OnlyIn>
        ),
      },
      { path: APP_ROUTES.chooseProduct.path, element: <ChooseProductRoute /> },
      { path: APP_ROUTES.error.path, element: <ServerErrorPage /> },
      { path: APP_ROUTES.maintenance.path, element: <MaintenancePage /> },
      { path: APP_ROUTES.noTask.path, element: <NoTaskPage /> },
      { path: APP_ROUTES.noProcess.path, element: <NoProcessPage /> },
      { path: APP_ROUTES.unauthorized.path, element: <UnauthorizedPage /> },
      { path: APP_ROUTES.sessionExpired.path, element: <SessionExpiredPage /> },
      {
        path: APP_ROUTES.linkExpired.path,
        element: (
          <OnlyIn domains={APP_ROUTES.linkExpired.domains}>
            <LinkExpiredPage />
          </OnlyIn>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
