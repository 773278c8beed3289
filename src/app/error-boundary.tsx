import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { ErrorPage } from '../components/error-page';
import { LoadingPage } from '../components/loading-page';
import { isChunkLoadError, isChunkReloadPending, recoverFromChunkError, reloadPage } from './chunk-recovery';
import { embeddedMode } from './embedded';
import { reportError } from './error-report';

interface Props {
  children: ReactNode;
  /** Changing it clears a shown error (a new route). */
  resetKey?: string;
  homeHref?: string;
  /** Puts the fallback in the page frame when the boundary sits outside it. */
  frame?: (content: ReactNode) => ReactNode;
}

interface State {
  error: unknown;
  failedKey: string | undefined;
}

const NO_ERROR = Symbol('no error');

/**
 * Catches what a view throws while rendering. A chunk failure starts the one guarded reload
 * (chunk-recovery.ts) and shows a loading state meanwhile; anything else is reported and shows
 * the 500 page with a way back, inside the page frame, instead of a white screen.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: NO_ERROR, failedKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error !== NO_ERROR && state.failedKey !== undefined && props.resetKey !== state.failedKey) {
      return { error: NO_ERROR, failedKey: undefined };
    }
    return null;
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.setState({ failedKey: this.props.resetKey });
    if (isChunkLoadError(error) || isChunkReloadPending()) {
      if (recoverFromChunkError(error)) this.forceUpdate();
      return;
    }
    reportError('render', error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === NO_ERROR) return this.props.children;
    const frame = this.props.frame ?? ((content: ReactNode) => content);
    if (isChunkReloadPending()) return frame(<LoadingPage />);
    const showHomeButton = !embeddedMode().embedded;
    const homeHref = this.props.homeHref ?? '/';
    if (isChunkLoadError(error)) return frame(<ChunkErrorPage showHomeButton={showHomeButton} homeHref={homeHref} />);
    return frame(
      <ErrorPage
        icon="error"
        title={<Trans>Sorry, there is a problem with the service</Trans>}
        description={<Trans>Please try again later. If you were filling in an application, the answers you gave are saved.</Trans>}
        showHomeButton={showHomeButton}
        homeHref={homeHref}
      >
        <ReloadButton secondary />
      </ErrorPage>,
    );
  }
}

/** A full reload: the browser may keep a failed module import for the page's lifetime. */
function ReloadButton({ secondary = false }: { secondary?: boolean }) {
  return (
    <button type="button" className={secondary ? 'solis-button solis-button--secondary' : 'solis-button'} onClick={reloadPage}>
      <Trans>Reload the page</Trans>
    </button>
  );
}

/**
 * Section 8: a screen's code could not be loaded and the guarded reload was refused. With a home
 * button the reload is the secondary action; without one it is the only way on.
 */
export function ChunkErrorPage({ showHomeButton, homeHref }: { showHomeButton: boolean; homeHref?: string }) {
  return (
    <ErrorPage
      icon="error"
      showHomeButton={showHomeButton}
      {...(homeHref ? { homeHref } : {})}
      title={<Trans>The page could not be loaded</Trans>}
      description={<Trans>Your connection may have dropped. Your answers are saved; try loading the page again.</Trans>}
    >
      <ReloadButton secondary={showHomeButton} />
    </ErrorPage>
  );
}
