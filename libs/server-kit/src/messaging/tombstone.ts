/**
 * The version a read model (fed by another service's outbox) stores a deletion with: above every
 * version an owner can send. Ids are never reused, so once a deletion has arrived no message about
 * the same id may apply again, whatever order the messages come in.
 */
export const TOMBSTONE_VERSION = '9223372036854775807';
