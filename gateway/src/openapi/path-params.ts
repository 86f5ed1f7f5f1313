/** The German texts of the ids in the documented paths: one wording per kind of id, for every call that takes one. */
export const EVENT_ID = { id: 'Die ID des Flohmarkts (UUID).' };
export const STAND_ID = { id: 'Die ID des Stands (UUID).' };
export const USER_ID = { id: 'Die ID des Benutzers (UUID).' };
