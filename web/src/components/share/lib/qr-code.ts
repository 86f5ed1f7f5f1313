import { LIMITS, fileSlug } from '@flohmarkt/contracts';

/** The QR code of a link as a PNG data URL: 200 px wide, margin 2 (docs/product.md#in-the-browser). */
export async function qrCodeDataUrl(link: string): Promise<string> {
  // The QR library is loaded with the dialog, never with the page.
  const { toDataURL } = await import('qrcode');
  return toDataURL(link, { width: LIMITS.qrCodeWidth, margin: LIMITS.qrCodeMargin, errorCorrectionLevel: 'M' });
}

export function dataUrlToFile(dataUrl: string, fileName: string): File {
  const [header = '', base64 = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(header)?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new File([bytes], fileName, { type });
}

/** 'qr-code-hofflohmarkt-kreuzberg.png' */
export function qrFileName(name: string): string {
  return `qr-code-${fileSlug(name) || 'flohmarkt'}.png`;
}
