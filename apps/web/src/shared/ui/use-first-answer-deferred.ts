import { useDeferredValue } from 'react';

/**
 * A query's answer for a screen whose body is a lot of work to draw: its first arrival is drawn in a deferred render,
 * which React does in slices between which the browser can paint and answer the user, instead of the one blocking
 * task that a query's answer starts (decision 0022: ~0.4–0.5 s on a phone for the dashboard and billing). Until then the
 * caller shows its loading state. Later answers (after a payment, a refresh) are shown at once, so what a user just
 * did and what the screen says never disagree.
 */
export function useFirstAnswerDeferred<T>(answer: T | undefined): T | undefined {
  const deferred = useDeferredValue(answer);
  return deferred === undefined ? undefined : answer;
}
