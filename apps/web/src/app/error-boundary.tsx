import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface State {
  hasError: boolean;
}

/** Last line of defence around the whole app; route errors are caught by the router's errorElement. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected error', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorScreen /> : this.props.children;
  }
}
