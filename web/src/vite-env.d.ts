/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External feedback page (opened in a new tab from the header and the footer). */
  readonly VITE_FEEDBACK_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
