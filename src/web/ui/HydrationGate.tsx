import { useDeferredValue, type ReactNode } from 'react';
import styled from 'styled-components';
import { HydratedContext, useHydrated } from './useHydrated';

/** A fieldset that takes no box of its own: only its `disabled` matters. */
const Gate = styled.fieldset`
  display: contents;
`;

/**
 * Disables every form control inside until React has hydrated the server's HTML. A value typed or
 * picked before then lives only in the DOM: the form's state (final-form, React) does not know it, so
 * it would be lost or, worse, sent as something else. Links keep working (a full page load), and a
 * client-only render (a navigation, the screen tests) is enabled from the start. It also tells what
 * is inside that hydration is over (useHydratedDeferred), in a deferred render of its own: the gate
 * opens at once, the clocks and tooltips follow without one long task.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const settled = useDeferredValue(hydrated);
  return (
    <Gate disabled={!hydrated} aria-busy={hydrated ? undefined : true}>
      <HydratedContext.Provider value={settled}>{children}</HydratedContext.Provider>
    </Gate>
  );
}
