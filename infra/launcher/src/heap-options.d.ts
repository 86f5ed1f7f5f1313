/** The V8 heap settings of the apps that have one (heap-options.mjs). */
export declare const HEAP_OPTIONS: Readonly<Record<'gateway' | 'media', string>>;
