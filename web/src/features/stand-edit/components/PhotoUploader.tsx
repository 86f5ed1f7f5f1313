import { LIMITS, TOASTS, VALIDATION, type TStand } from '@flohmarkt/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast/use-toast';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { FieldError } from '@/components/form/Field';
import { useUploadPhoto } from '../api/stand-photos';
import { PhotoInputError, isImageFile, readPhoto } from '@/components/photos/read-photo';

/**
 * Choose a photo, look at it, upload it with a progress bar. The file must be an image
 * ('Bitte wähle eine Bilddatei aus'); failures say why ('Foto-Upload fehlgeschlagen: …').
 */
export function PhotoUploader({ stand, remaining }: { stand: TStand; remaining: number }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadPhoto(stand, setProgress);

  // The preview is an object URL of the chosen file; it is freed when the file changes.
  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const clear = () => {
    setFile(null);
    setPreview(null);
    setProgress(0);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (chosen: File | undefined) => {
    setError(null);
    if (!chosen) return clear();
    if (!isImageFile(chosen)) {
      clear();
      setError(VALIDATION.imageRequired);
      return;
    }
    setFile(chosen);
  };

  const send = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    let body;
    try {
      body = await readPhoto(file);
    } catch (failure) {
      const reason = failure instanceof PhotoInputError ? failure.message : TOASTS.imageProcessingFailed;
      setError(reason);
      return;
    }
    upload.mutate(body, {
      onSuccess: () => {
        toast({ title: TOASTS.photoUploaded, description: 'Das Foto erscheint, sobald es verarbeitet ist.' });
        clear();
      },
      onError: (failure) => {
        setError(TOASTS.photoUploaderFailed(failure.message));
        reportError(failure, TOASTS.photoUploadFailed(failure.message));
      },
    });
  };

  if (remaining <= 0) return <p className="field-hint">Dein Stand hat bereits {LIMITS.maxPhotosPerStand} Fotos. Lösche eines, um ein neues hochzuladen.</p>;

  return (
    <div className="photo-uploader field">
      <label className="field-label" htmlFor={inputId}>
        Foto hinzufügen
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        className="photo-uploader__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${inputId}-error` : null, `${inputId}-hint`].filter(Boolean).join(' ')}
        onChange={(event) => choose(event.target.files?.[0])}
        disabled={upload.isPending}
      />
      <p id={`${inputId}-hint`} className="field-hint">
        Ein Bild (z. B. JPEG, PNG, WebP oder HEIC). Noch {remaining} von {LIMITS.maxPhotosPerStand} Fotos möglich.
      </p>
      {preview ? (
        <div className="photo-uploader__preview">
          <img src={preview} alt="Vorschau des gewählten Fotos" className="photo-uploader__image" />
          <div className="photo-uploader__actions">
            {upload.isPending ? (
              <div className="photo-uploader__progress">
                <progress max={1} value={progress} aria-label="Fortschritt des Uploads" />
                <span aria-live="polite">{Math.round(progress * 100)} % hochgeladen</span>
              </div>
            ) : (
              <>
                <button type="button" className="button button--primary button--small" onClick={() => void send()}>
                  Foto hochladen
                </button>
                <button type="button" className="button button--ghost button--small" onClick={clear}>
                  Abbrechen
                </button>
              </>
            )}
          </div>
        </div>
      ) : null}
      <FieldError id={inputId} message={error ?? undefined} />
    </div>
  );
}
