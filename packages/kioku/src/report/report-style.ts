/** The report page's stylesheet. */
export const reportStyle = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: #f5f6f8; color: #111827;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1180px; margin: 0 auto; padding: 28px 24px 48px; }
header h1 { margin: 0 0 4px; font-size: 22px; font-weight: 650; letter-spacing: -0.01em; }
header p { margin: 0; color: #4b5563; }
section { background: #fff; border: 1px solid #e5e7eb; border-radius: 10px; padding: 18px 20px; margin-top: 18px;
  box-shadow: 0 1px 2px rgba(17, 24, 39, 0.04); }
section h2 { margin: 0 0 2px; font-size: 15px; font-weight: 650; }
section .note { margin: 0 0 12px; color: #6b7280; font-size: 13px; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 18px; }
.grid section { margin-top: 0; }
.chart { position: relative; height: 340px; }
.chart.wide { height: 300px; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 13px; }
.table-scroll { overflow-x: auto; }
td.name[title] { text-decoration: underline dotted #9ca3af; text-underline-offset: 3px; cursor: help; }
th, td { padding: 6px 7px; border-bottom: 1px solid #eef0f3; white-space: nowrap; }
th { text-align: right; font-weight: 600; color: #374151; font-size: 12.5px; background: #fafafb; }
th:first-child, td:first-child { text-align: left; }
td.num { text-align: right; }
tr.default td { background: #f0fdfa; font-weight: 600; }
tr.baseline td { color: #4b5563; }
td.better { color: #047857; }
td.worse { color: #b91c1c; }
.switch { display: flex; gap: 6px; align-items: center; margin: 18px 0 0; color: #374151; }
.switch span { margin-right: 4px; }
.switch button { font: inherit; padding: 5px 12px; border: 1px solid #d1d5db; border-radius: 6px; background: #fff;
  color: #374151; cursor: pointer; }
.switch button[aria-pressed="true"] { background: #0f766e; border-color: #0f766e; color: #fff; font-weight: 600; }
.picker { display: flex; gap: 8px; align-items: center; margin: 18px 0 0; color: #374151; }
.picker select { font: inherit; padding: 5px 8px; border: 1px solid #d1d5db; border-radius: 6px; background: #fff; max-width: 640px; }
footer { margin-top: 18px; color: #6b7280; font-size: 12.5px; }
@media (max-width: 900px) { .grid { grid-template-columns: 1fr; } }
`;
