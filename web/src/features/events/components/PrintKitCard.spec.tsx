import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrintKitCard } from './PrintKitCard';

const eventId = '00000001-0000-4000-8000-0000000000dd';
const links = () => screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('PrintKitCard', () => {
  it('offers anyone the poster, the stand list and the stand map', () => {
    render(<PrintKitCard eventId={eventId} manage={false} />);
    expect(screen.getByRole('heading', { name: 'Zum Ausdrucken' })).toBeTruthy();
    expect(links()).toEqual([
      ['Plakat mit QR-Code (PDF) (öffnet in neuem Tab)', `/api/events/${eventId}/poster.pdf`],
      ['Standliste (PDF) (öffnet in neuem Tab)', `/api/events/${eventId}/stand-list.pdf`],
      ['Standplan (PDF) (öffnet in neuem Tab)', `/api/events/${eventId}/stand-map.pdf`],
    ]);
  });

  it('adds the CSV and GeoJSON downloads for the organiser', () => {
    render(<PrintKitCard eventId={eventId} manage />);
    expect(links().slice(3)).toEqual([
      ['Stände als Tabelle (CSV für Excel)', `/api/events/${eventId}/stands.csv`],
      ['Stände als GeoJSON', `/api/events/${eventId}/stands.geojson`],
    ]);
    expect(screen.getByRole('link', { name: 'Stände als Tabelle (CSV für Excel)' }).hasAttribute('download')).toBe(true);
  });
});
