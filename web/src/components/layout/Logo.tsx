import logoUrl from '@/assets/logo.svg';

interface LogoProps {
  size: number;
  className?: string;
}

/** The stand mark; decorative, the product name always stands beside it. */
export function Logo({ size, className }: LogoProps) {
  return <img src={logoUrl} width={size} height={size} alt="" className={className} />;
}
