import { accountExportFileName, type TAccountExport } from '@flohmarkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/me/export, saved as a file. Fetched rather than followed as a link, so a refusal (503
 * while a service is down) shows its German message on the page instead of a broken download.
 */
export async function downloadAccountExport(): Promise<void> {
  const data = await api.get<TAccountExport>('/api/me/export');
  const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = accountExportFileName(new Date(data.exportedAt));
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useAccountExport() {
  return useMutation({ mutationFn: downloadAccountExport });
}
