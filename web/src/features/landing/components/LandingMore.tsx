import { Benefits } from './Benefits';
import { ClosingCta } from './ClosingCta';
import { HowItWorks } from './HowItWorks';

/**
 * Below the landing's results: how it works, the benefits and the call to register. Text below the fold,
 * so it comes in a chunk of its own after the first paint (LandingPage), which keeps the search and the
 * results within the first-paint budget (infra/scripts/audit-web.mjs).
 */
export function LandingMore() {
  return (
    <>
      <HowItWorks />
      <Benefits />
      <ClosingCta />
    </>
  );
}
