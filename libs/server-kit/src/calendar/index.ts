export * from './ical-text.js';
export * from './berlin-calendar-time.js';
export * from './evening-alarm.js';
