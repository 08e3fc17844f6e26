import { Suspense, type ReactNode } from 'react';
import { HydrationGate } from './HydrationGate';

/**
 * A Suspense boundary around content the server renders (the routed page, the offers section).
 * React hydrates a boundary's content after the rest of the page, at a lower priority, and later
 * still when a lazy part inside has not loaded: until then its HTML is the server's, with no
 * handlers, and a click on it is lost. The layout's gate is already open by then, so the boundary
 * brings its own, which opens once its own content has hydrated.
 */
export function HydrationBoundary({
  fallback = null,
  children,
}: {
  fallback?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <HydrationGate>{children}</HydrationGate>
    </Suspense>
  );
}
