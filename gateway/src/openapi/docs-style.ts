/** The stylesheet of /api/docs (served as a file: the page carries no inline style or script). */
export const DOCS_STYLESHEET = `
:root { color-scheme: light; --ink: #1f2328; --muted: #57606a; --line: #d0d7de; --soft: #f6f8fa; --accent: #0b5cad; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
header { padding: 1.25rem 1.5rem; border-bottom: 1px solid var(--line); background: var(--soft); }
header h1 { margin: 0 0 .25rem; font-size: 1.6rem; }
header p { margin: 0; color: var(--muted); }
a { color: var(--accent); }
main { display: flex; align-items: flex-start; }
nav { position: sticky; top: 0; flex: 0 0 20rem; max-height: 100vh; overflow-y: auto; padding: 1rem 1.5rem; border-right: 1px solid var(--line); font-size: .875rem; }
nav h2 { font-size: 1rem; margin-top: 0; }
nav ul { list-style: none; padding-left: 0; margin: .25rem 0; }
nav ul ul { padding-left: .5rem; }
nav li { margin: .2rem 0; }
nav a { text-decoration: none; color: var(--ink); }
nav a:hover, nav a:focus { text-decoration: underline; }
.content { flex: 1; min-width: 0; padding: 1rem 2rem 4rem; max-width: 72rem; }
h2 { border-bottom: 2px solid var(--line); padding-bottom: .25rem; margin-top: 2.5rem; text-transform: capitalize; }
.operation { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; margin: 1.25rem 0; }
.operation h3 { margin: 0; font-size: 1.05rem; word-break: break-all; }
.summary { font-weight: 600; margin: .35rem 0; }
.method { display: inline-block; min-width: 4.2em; padding: .05rem .4rem; border-radius: 4px; color: #fff; font: 700 .75rem/1.6 ui-monospace, monospace; text-align: center; }
.method-get { background: #0a6640; } .method-post { background: #0b5cad; } .method-put { background: #8a4600; }
.method-patch { background: #6f42c1; } .method-delete { background: #b42318; }
.badge { display: inline-block; margin-left: .4rem; padding: 0 .5rem; border-radius: 999px; background: #fff4d6; border: 1px solid #d4a72c; font-size: .75rem; font-weight: 600; }
.required { color: #b42318; font-size: .75rem; font-weight: 600; }
h4 { margin: 1rem 0 .35rem; font-size: .95rem; }
table { border-collapse: collapse; width: 100%; font-size: .875rem; }
th, td { border: 1px solid var(--line); padding: .35rem .5rem; text-align: left; vertical-align: top; }
th { background: var(--soft); }
td p { margin: 0; }
.scroll { overflow-x: auto; }
code { font: .85em ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--soft); padding: .05rem .25rem; border-radius: 3px; }
pre { background: #0d1117; color: #e6edf3; padding: .75rem; border-radius: 6px; overflow-x: auto; font-size: .8rem; }
pre code { background: none; color: inherit; padding: 0; }
.responses { list-style: none; padding: 0; }
.responses > li { margin: .4rem 0; padding: .35rem .5rem; border-left: 4px solid var(--line); }
.responses > li.success { border-left-color: #0a6640; }
.responses > li.error { border-left-color: #b42318; }
.status { font: 700 .9rem ui-monospace, monospace; margin-right: .25rem; }
.messages { margin: .25rem 0 0; color: var(--muted); font-size: .875rem; }
details summary { cursor: pointer; color: var(--accent); margin-top: .25rem; }
.schema { margin: 1.5rem 0; }
@media (max-width: 56rem) { main { display: block; } nav { position: static; max-height: none; border-right: 0; border-bottom: 1px solid var(--line); } .content { padding: 1rem; } }
`;
