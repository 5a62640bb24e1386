/**
 * The script that starts Redoc on /docs and /docs/admin (served as /docs/reference.js: the page's
 * policy allows no inline script); the page's #redoc element names the document and the way to
 * the server's root. It renders the reference document with the curl examples pointed at the
 * address the page was loaded from, so they work when pasted.
 */
export const REFERENCE_SCRIPT = String.raw`(async () => {
  const root = document.getElementById('redoc');
  const source = root.dataset.document;
  try {
    const base = new URL(root.dataset.root, window.location.href).href.replace(/\/$/, '');
    const response = await fetch(source);
    if (!response.ok) throw new Error(source + ' answered ' + response.status);
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
    root.textContent = 'The reference could not be rendered (' + error.message + '); the document is at ' + root.dataset.fallback + '.';
  }
})();
`;
