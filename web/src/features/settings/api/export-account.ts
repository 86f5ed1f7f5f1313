import { EXPORT_ACCOUNT, accountExportFileName } from '@flohmarkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';
import { saveBlob } from '@/lib/save-file';

/**
 * EXPORT_ACCOUNT, saved as a file. Fetched rather than followed as a link, so a refusal (503
 * while a service is down) shows its German message on the page instead of a broken download.
 */
export async function downloadAccountExport(): Promise<void> {
  const data = await callApi(EXPORT_ACCOUNT);
  saveBlob(accountExportFileName(new Date(data.exportedAt)), new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
}

export function useAccountExport() {
  return useMutation({ mutationFn: downloadAccountExport });
}
