import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ChosenPhotoTile } from './ChosenPhotoTile';
import { PHOTO_RULES_HINT, addFiles, type ChosenPhoto, type PhotoUploadState } from './chosen-photos';
import './photos.css';

interface PhotoPickerProps {
  photos: ChosenPhoto[];
  onChange: (photos: ChosenPhoto[]) => void;
  /** How many photos may be chosen in all: the stand's limit when registering, what is left of it when editing. */
  max: number;
  /** Each photo's upload, by key, once the form sends them. */
  states?: Record<string, PhotoUploadState>;
  /** While the form sends: nothing can be chosen or taken out. */
  disabled?: boolean;
  /** Only shows the photos and their uploads (after sending): nothing to choose or take out. */
  readOnly?: boolean;
  legend?: string;
  /**
   * What the legend counts: the photos chosen of the limit ('2 von 3', a new stand), or the room left
   * ('noch 2 frei') where the stand's own photos are counted beside it ('Fotos (1 von 3)', editing).
   */
  counts?: 'chosen' | 'room';
}

/**
 * Choosing a stand's photos inside a form (issue 30, S2): on a phone the camera comes first ("Foto
 * aufnehmen" opens it directly, `capture="environment"`), "Aus Galerie wählen" takes several at once.
 * Each chosen photo shows as a tile with a remove button, then its upload's progress or why it failed.
 * The rules the media service enforces are said beside it (PHOTO_RULES_HINT); only images are taken,
 * and no more than `max`.
 */
export function PhotoPicker({
  photos,
  onChange,
  max,
  states = {},
  disabled = false,
  readOnly = false,
  legend = 'Fotos (optional)',
  counts = 'chosen',
}: PhotoPickerProps) {
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const room = max - photos.length;

  const take = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Emptied, so choosing the same file again is a change too.
    event.target.value = '';
    if (files.length === 0) return;
    const result = addFiles(photos, files, max);
    setProblem(result.problem);
    onChange(result.photos);
  };

  const remove = (key: string) => {
    setProblem(null);
    onChange(photos.filter((photo) => photo.key !== key));
  };

  const settled = (key: string) => {
    const phase = states[key]?.phase;
    return phase === 'uploading' || phase === 'done';
  };

  return (
    <fieldset className="field photo-picker" aria-describedby={readOnly ? undefined : `${id}-hint`}>
      <legend className="field-label">
        {legend} {readOnly ? null : <span className="muted">({counts === 'room' ? roomText(room) : `${photos.length} von ${max}`})</span>}
      </legend>
      {readOnly ? null : (
        <p id={`${id}-hint`} className="field-hint">
          {PHOTO_RULES_HINT}
        </p>
      )}
      {photos.length > 0 ? (
        <ul className="photo-picker__list">
          {photos.map((photo, index) => (
            <ChosenPhotoTile
              key={photo.key}
              photo={photo}
              index={index}
              state={states[photo.key]}
              onRemove={readOnly || settled(photo.key) ? undefined : () => remove(photo.key)}
              removeDisabled={disabled}
            />
          ))}
        </ul>
      ) : null}
      {readOnly ? null : room > 0 ? (
        <div className="photo-picker__choose">
          <button type="button" className="button button--primary button--small" disabled={disabled} onClick={() => camera.current?.click()}>
            Foto aufnehmen
          </button>
          <button type="button" className="button button--outline button--small" disabled={disabled} onClick={() => gallery.current?.click()}>
            Aus Galerie wählen
          </button>
          <input ref={camera} type="file" accept="image/*" capture="environment" hidden aria-label="Foto aufnehmen" onChange={take} />
          <input ref={gallery} type="file" accept="image/*" multiple hidden aria-label="Fotos aus der Galerie wählen" onChange={take} />
        </div>
      ) : (
        <p className="field-hint">Mehr Fotos passen nicht. Entferne eines, um ein anderes zu wählen.</p>
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

function roomText(room: number): string {
  return room > 0 ? `noch ${room} frei` : 'keins mehr frei';
}
