// Types of settings-docs-render.mjs for the drift test (e2e/src/settings-docs.e2e-spec.ts).
import type { z } from 'zod';

export interface TSettingRow {
  name: string;
  default?: unknown;
  required: boolean;
  description: string;
}
export interface TListedSetting {
  name: string;
  default?: string | number | boolean;
  required?: boolean;
  description?: string;
  passedTo?: string;
}
export interface TSettingsDeclarations {
  schemas: Record<string, z.ZodType>;
  sharedSchema: z.ZodType;
  devIdpSettings: readonly TListedSetting[];
  launcherSettings: readonly TListedSetting[];
}
export declare function schemaRows(app: string, schema: z.ZodType, sharedSchema?: z.ZodType): TSettingRow[];
export declare function launcherRows(
  settings: readonly TListedSetting[],
  rowsByApp: Record<string, TSettingRow[]>,
  linkTo: (app: string) => string,
): TSettingRow[];
export declare function renderSettingsDocs(declarations: TSettingsDeclarations): {
  settings: string;
  readmeTable: string;
  rowsByApp: Record<string, TSettingRow[]>;
};
export declare function withReadmeTable(readme: string, readmeTable: string): string;
