import { ClosingCta } from '@/features/landing/components/ClosingCta';
import { Hero } from '@/features/landing/components/Hero';

export function LandingPage() {
  return (
    <>
      <Hero />
      <ClosingCta />
    </>
  );
}
