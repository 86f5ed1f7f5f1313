/** Own sentences (not inherited product texts) of the stands service's answers. */
export const STAND_API_ERRORS = {
  /** PUT /api/stands/{id} with a photo path the stand does not have. */
  photosOnlyReorder: 'Fotos können hier nur sortiert oder entfernt werden. Neue Fotos lädst du über den Foto-Upload hoch.',
  exhibitorIdRequired: 'Bitte gib an, von welchem Aussteller die Stände angezeigt werden sollen.',
  reviewOwnStand: 'Du kannst deinen eigenen Stand nicht bewerten.',
  reviewNotApproved: 'Nur freigegebene Stände können bewertet werden.',
  reviewBeforeStart: 'Bewertungen sind erst ab Beginn des Flohmarkts möglich.',
  reviewAlreadyGiven: 'Du hast diesen Stand bereits bewertet.',
} as const;
