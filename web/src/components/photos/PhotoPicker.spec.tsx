import { LIMITS } from '@flohmarkt/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhotoPicker } from './PhotoPicker';
import type { ChosenPhoto, PhotoUploadState } from './chosen-photos';

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

function Picker({ states, max = LIMITS.maxPhotosPerStand }: { states?: Record<string, PhotoUploadState>; max?: number }) {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  return <PhotoPicker photos={photos} onChange={setPhotos} max={max} states={states} />;
}

const gallery = () => screen.getByLabelText('Fotos aus der Galerie wählen') as HTMLInputElement;
const choose = (input: HTMLInputElement, files: File[]) => fireEvent.change(input, { target: { files } });

describe('PhotoPicker', () => {
  it('offers the camera first, then the gallery with several at once, and says the limits', () => {
    render(<Picker />);
    const group = screen.getByRole('group', { name: /Fotos \(optional\)/ });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Foto aufnehmen', 'Aus Galerie wählen']);
    const camera = screen.getByLabelText('Foto aufnehmen', { selector: 'input' });
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(gallery().multiple).toBe(true);
    expect(group.textContent).toContain('Bis zu 3 Fotos pro Stand: JPEG, PNG, WebP oder HEIC, höchstens 40 Megapixel.');
    expect(group.textContent).toContain('(0 von 3)');
  });

  it('shows two photos chosen at once as tiles, each can be taken out again', () => {
    render(<Picker />);
    choose(gallery(), [jpeg('tisch.jpg'), jpeg('kiste.jpg')]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('tisch.jpg'),
      expect.stringContaining('kiste.jpg'),
    ]);
    expect(screen.getByRole('group', { name: /Fotos/ }).textContent).toContain('(2 von 3)');
    fireEvent.click(screen.getByRole('button', { name: 'Foto 1 entfernen' }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('kiste.jpg')]);
  });

  it('takes only images and no more than the stand may have, and says why', () => {
    render(<Picker />);
    choose(gallery(), [jpeg('a.jpg'), new File(['text'], 'liste.pdf', { type: 'application/pdf' }), jpeg('b.jpg'), jpeg('c.jpg'), jpeg('d.jpg')]);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('alert').textContent).toBe(
      'Bitte wähle eine Bilddatei aus. Ein Stand kann höchstens 3 Fotos haben. Ein Foto wurde nicht übernommen.',
    );
    // Full: nothing more to choose until one is taken out.
    expect(screen.queryByRole('button', { name: 'Aus Galerie wählen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Foto 3 entfernen' }));
    expect(screen.getByRole('button', { name: 'Aus Galerie wählen' })).toBeTruthy();
  });
});
