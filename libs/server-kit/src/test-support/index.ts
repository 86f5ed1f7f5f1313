export * from './fresh-database.js';
