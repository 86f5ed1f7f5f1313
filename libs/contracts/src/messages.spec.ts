import { describe, expect, it } from 'vitest';
import { API_ERRORS, SCREENS, TOASTS, httpErrorFallback, standTooFar } from './messages.js';
import { VALIDATION } from './validation-messages.js';

describe('standTooFar', () => {
  it('formats the distance with one decimal and a dot', () => {
    expect(standTooFar(15.345)).toBe('Die gewählte Position ist 15.3km vom Flohmarkt entfernt. Maximal erlaubt sind 15km.');
    expect(standTooFar(20)).toBe('Die gewählte Position ist 20.0km vom Flohmarkt entfernt. Maximal erlaubt sind 15km.');
    expect(API_ERRORS.standTooFar).toBe(standTooFar);
    expect(VALIDATION.standTooFar(16.06)).toContain('16.1km');
  });
});

describe('German strings', () => {
  it('copy the spec verbatim', () => {
    expect(VALIDATION.guestFirstNameRequired).toBe('Vorname ist erforderlich');
    expect(VALIDATION.guestCategoriesRequired).toBe('Wähle mindestens eine Kategorie');
    expect(VALIDATION.standLocationRequired).toBe('Bitte wählen Sie einen Standort auf der Karte aus.');
    expect(VALIDATION.invalidUrl).toBe('Bitte geben Sie eine gültige URL ein');
    expect(SCREENS.noEventsFound).toBe('Keine Flohmärkte gefunden.');
    expect(SCREENS.sessionExpired).toBe('Sitzung abgelaufen. Logge dich erneut ein...');
    expect(SCREENS.guestStandOrganizerOnly).toBe('Gaststände können nur vom Event-Organisator verwaltet werden.');
    expect(TOASTS.locationSaveFailed).toBe('Fehler beim Speichern des Standorts. Bitte versuchen Sie es erneut.');
    expect(TOASTS.qrDownloaded).toBe('QR-Code heruntergeladen');
    expect(API_ERRORS.standAlreadyRegistered).toBe('Stand bereits angemeldet');
    expect(API_ERRORS.registrationUnavailable).toBe('Standregistrierung nicht verfügbar');
    expect(API_ERRORS.tooManyRegistrations).toBe('Zu viele Anmeldungen. Bitte versuche es später erneut.');
    expect(API_ERRORS.imageRequired).toBe('Bitte wähle eine Bilddatei aus');
  });

  it('fill the toast placeholders', () => {
    expect(TOASTS.eventCreateFailed('Ort fehlt')).toBe('Das Event konnte nicht erstellt werden: Ort fehlt');
    expect(TOASTS.eventUpdateFailed('x')).toBe('Das Event konnte nicht aktualisiert werden: x');
    expect(TOASTS.photoUploadFailed('zu groß')).toBe('Das Foto konnte nicht hochgeladen werden: zu groß');
    expect(TOASTS.photoUploaderFailed('Netzwerkfehler')).toBe('Foto-Upload fehlgeschlagen: Netzwerkfehler. Bitte versuche es erneut.');
    expect(TOASTS.photoUploaderFailed('Zu groß.')).toBe('Foto-Upload fehlgeschlagen: Zu groß. Bitte versuche es erneut.');
    expect(httpErrorFallback(502)).toBe('HTTP error! status: 502');
  });

  it('give every server error one non-empty sentence', () => {
    for (const value of Object.values(API_ERRORS)) {
      if (typeof value === 'string') expect(value.trim().length).toBeGreaterThan(0);
    }
  });
});
