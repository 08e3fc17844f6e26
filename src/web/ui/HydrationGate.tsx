import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useHydrated } from './useHydrated';

/** A fieldset that takes no box of its own: only its `disabled` matters. */
const Gate = styled.fieldset`
  display: contents;
`;

/**
 * Disables every form control inside until React has hydrated the server's HTML. A value typed or
 * picked before then lives only in the DOM: the form's state (final-form, React) does not know it, so
 * it would be lost or, worse, sent as something else. Links keep working (a full page load), and a
 * client-only render (a navigation, the screen tests) is enabled from the start.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Gate disabled={!hydrated} aria-busy={hydrated ? undefined : true}>
      {children}
    </Gate>
  );
}
