import { TOASTS } from '@flohmarkt/contracts';
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { saveUrl } from '@/lib/save-file';
import { dataUrlToFile, qrCodeDataUrl, qrFileName } from '../lib/qr-code';

interface QrCodeDialogProps {
  open: boolean;
  onClose: () => void;
  /** The event link the code encodes. */
  link: string;
  name: string;
}

function canShareFiles(file: File): boolean {
  return typeof navigator.share === 'function' && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
}

/** The event's QR code (200 px, margin 2) with download and, where the browser can, share. */
export function QrCodeDialog({ open, onClose, link, name }: QrCodeDialogProps) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const fileName = qrFileName(name);

  useEffect(() => {
    if (!open || dataUrl) return;
    let active = true;
    qrCodeDataUrl(link)
      .then((url) => active && setDataUrl(url))
      // docs/product.md#in-the-browser: a failed QR generation is only logged.
      // eslint-disable-next-line no-console -- docs/product.md#in-the-browser: only logged
      .catch((error: unknown) => console.error('QR-Code konnte nicht erzeugt werden', error));
    return () => {
      active = false;
    };
  }, [open, link, dataUrl]);

  const download = () => {
    if (!dataUrl) return;
    saveUrl(fileName, dataUrl);
    toast({ title: TOASTS.qrDownloaded });
  };

  const share = async () => {
    if (!dataUrl) return;
    try {
      const file = dataUrlToFile(dataUrl, fileName);
      if (!canShareFiles(file)) throw new Error('Teilen von Dateien wird nicht unterstützt');
      await navigator.share({ files: [file], title: name, url: link });
      toast({ title: TOASTS.qrShared });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toastError(TOASTS.shareQrFailed);
    }
  };

  const shareSupported = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="QR-Code zum Flohmarkt"
      footer={
        <>
          {shareSupported ? (
            <button type="button" className="button button--outline" onClick={() => void share()} disabled={!dataUrl}>
              QR-Code teilen
            </button>
          ) : null}
          <button type="button" className="button button--primary" onClick={download} disabled={!dataUrl}>
            QR-Code herunterladen
          </button>
        </>
      }
    >
      <div className="qr-code">
        {dataUrl ? (
          <img src={dataUrl} width={200} height={200} alt={`QR-Code mit dem Link zu „${name}“`} className="qr-code__image" />
        ) : (
          <div className="qr-code__placeholder">
            <Spinner label="QR-Code wird erstellt …" />
          </div>
        )}
        <p className="qr-code__hint">Scanne den Code, um die Eventseite zu öffnen – ideal für Aushänge und Flyer.</p>
        <p className="qr-code__link">{link}</p>
      </div>
    </Dialog>
  );
}
