/**
 * The script that starts Redoc on /docs (served as /docs/reference.js: the page's policy allows
 * no inline script). It renders the reference document with the curl examples pointed at the
 * address the page was loaded from, so they work when pasted.
 */
export const REFERENCE_SCRIPT = String.raw`(async () => {
  const root = document.getElementById('redoc');
  try {
    const base = new URL('.', window.location.href).href.replace(/\/$/, '');
    const response = await fetch('docs/openapi.json');
    if (!response.ok) throw new Error('docs/openapi.json answered ' + response.status);
    const text = (await response.text()).replaceAll('{{quire-base}}', base);
    window.Redoc.init(
      JSON.parse(text),
      {
        expandResponses: '200,201,202',
        requiredPropsFirst: true,
        pathInMiddlePanel: true,
        jsonSampleExpandLevel: 4,
        showObjectSchemaExamples: true,
        theme: { typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' } } },
      },
      root,
    );
  } catch (error) {
    root.textContent = 'The reference could not be rendered (' + error.message + '); the document is at /v0/openapi.json.';
  }
})();
`;
