/** The German texts of the "Meine Daten" section on /settings (issue 20: export and self-deletion). */
export const ACCOUNT_TEXTS = {
  title: 'Meine Daten',
  exportLead:
    'Lade alle Daten herunter, die wir zu deinem Konto speichern: Konto, Ausstellerprofil, deine Märkte, deine Stände mit Status und Fotos und deine Bewertungen – als eine JSON-Datei.',
  exportButton: 'Meine Daten herunterladen',
  exportBusy: 'Daten werden zusammengestellt …',
  exportDone: 'Deine Daten wurden heruntergeladen.',
  deleteTitle: 'Konto löschen',
  deleteLead:
    'Dein Konto wird endgültig gelöscht, mit Profil, Ständen, Fotos, Bewertungen und den Märkten, die du organisiert hast. Das lässt sich nicht rückgängig machen. Märkte, die noch nicht vorbei sind, sagst du vorher ab.',
  confirmLabel: (email: string) => `Zum Bestätigen deine E-Mail-Adresse eingeben (${email})`,
  deleteButton: 'Konto endgültig löschen',
  deleteBusy: 'Konto wird gelöscht …',
  deleted: 'Dein Konto wurde gelöscht.',
} as const;
