import type { TStand } from '@flohmarkt/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { PhotoPicker } from '@/components/photos/PhotoPicker';
import type { ChosenPhoto, PhotoUploadState } from '@/components/photos/chosen-photos';
import { paths } from '@/lib/paths';

interface PhotosNotUploadedProps {
  stand: TStand;
  photos: ChosenPhoto[];
  states: Record<string, PhotoUploadState>;
  failed: number;
  onContinue: () => void;
  /** Leaving for the edit page: the lists that show the stand reload. */
  onLeave: () => void;
}

/**
 * Shown instead of the form when the stand is registered but a chosen photo could not be uploaded: the
 * registration stands, each photo says what became of it, and where to add the missing ones later.
 */
export function PhotosNotUploaded({ stand, photos, states, failed, onContinue, onLeave }: PhotosNotUploadedProps) {
  const which = failed === 1 ? 'Ein Foto konnte' : `${failed} Fotos konnten`;
  // It replaces the form whose button had the focus: the notice takes it.
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    notice.current?.scrollIntoView?.({ block: 'start' });
    notice.current?.focus();
  }, []);
  return (
    <div className="form card" role="status">
      <p ref={notice} className="notice notice--warning" tabIndex={-1}>
        Dein Stand ist angemeldet. {which} nicht hochgeladen werden; du kannst {failed === 1 ? 'es' : 'sie'} später unter „Bearbeiten“ bei deinem Stand
        hinzufügen.
      </p>
      <PhotoPicker photos={photos} onChange={() => undefined} max={photos.length} states={states} readOnly legend="Deine Fotos" />
      <div className="form-actions">
        <button type="button" className="button button--primary" onClick={onContinue}>
          Weiter zu deinem Stand
        </button>
        <Link className="button button--outline" to={paths.standEdit(stand.id)} onClick={onLeave}>
          Fotos jetzt hinzufügen
        </Link>
      </div>
    </div>
  );
}
