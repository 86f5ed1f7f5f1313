// Types of settings-docs.mjs for the drift test (e2e/src/settings-docs.e2e-spec.ts).
export declare const ROOT: string;
export declare const SETTINGS_FILE: string;
export declare const README_FILE: string;
export declare const ENV_EXAMPLE_FILE: string;
export declare function loadSettingsDeclarations(): Promise<import('./settings-docs-render.mjs').TSettingsDeclarations>;
export declare function expectedSettingsDocs(): Promise<{ settings: string; readme: string; envExample: string }>;
