import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

/** The router's errorElement: a render error or a failed lazy chunk shows the generic error screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return <ErrorScreen />;
}
