import { LEADS_TEXT } from '@agro/shared';
import { useState } from 'react';
import { DownloadIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, withToast } from '@/lib/api';
import { API_BASE_URL } from '@/lib/config';
import { t } from '@/lib/i18n';

/** The file name the server proposes (Content-Disposition), else `fallback`. */
function fileName(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

async function download(path: string, fallback: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE_URL}${path}`, { credentials: 'include', headers: { Accept: 'text/csv' } });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(res.status, typeof body?.message === 'string' ? body.message : undefined);
  }
  const name = fileName(res, fallback);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

interface CsvButtonProps {
  /** API path with the current filters, e.g. "/api/v1/quote/export?country=Spain". */
  path: string;
  /** File name if the server proposes none. */
  fallbackName: string;
  /** Accessible name: "Export CSV of the filtered quotes". */
  label: string;
}

/**
 * Downloads the filtered list as a CSV file, with the usual loading/success/error toasts (in the
 * page's language through showToast; its label from the administrators' texts).
 */
export function CsvButton({ path, fallbackName, label }: CsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await withToast(() => download(path, fallbackName), {
        loading: LEADS_TEXT.exporting,
        success: LEADS_TEXT.exported,
        error: LEADS_TEXT.exportFailed,
      });
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn-primary py-2 text-sm" onClick={() => void onClick()} disabled={busy} aria-label={label}>
      {busy ? <Spinner /> : <DownloadIcon size={16} />}
      {t('leadFilters.exportCsv')}
    </button>
  );
}
