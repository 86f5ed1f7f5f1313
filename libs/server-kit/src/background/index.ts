export * from './background-job.js';
export * from './background-queue.js';
export * from './background-worker.js';
export * from './background.module.js';
