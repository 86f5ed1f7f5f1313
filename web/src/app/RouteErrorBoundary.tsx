import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './pages/ErrorPage';

interface State {
  failed: boolean;
}

/**
 * Shows the error page when rendering a page fails, also when its chunk cannot be loaded.
 * The layout keys it by path, so the next page gets a fresh try.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // eslint-disable-next-line no-console -- the one place where an unexpected render error is reported
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
