/**
 * The demo page's images (SEED_IMAGES in demo-blocks.ts names where each goes) and its brand's logo,
 * drawn as small SVGs so they stay sharp at every width (the favicon, a tiny PNG, is kept as base64).
 * `quire seed demo` uploads them through the files feature like any operator's upload (sanitised, stored, served at /files/).
 */
const CHECK = (y: number, label: string, done: boolean) =>
  `<g transform="translate(56 ${y})"><circle cx="14" cy="14" r="14" fill="${done ? '#16a34a' : '#e2e8f0'}"/>` +
  (done
    ? '<path d="M8 14.5l4 4 8-9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>'
    : '') +
  `<text x="44" y="19" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-size="17" fill="#1e293b">${label}</text>` +
  `<text x="468" y="19" text-anchor="end" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-size="14" fill="${done ? '#16a34a' : '#64748b'}">${done ? 'Done' : 'In review'}</text></g>`;

/** The hero: the month-end close checklist, nearly every task ticked. */
const HERO = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
<rect width="640" height="480" rx="28" fill="#eef2ff"/>
<circle cx="560" cy="70" r="120" fill="#e0e7ff"/>
<circle cx="70" cy="440" r="90" fill="#e0e7ff"/>
<g transform="translate(40 52)">
<rect width="560" height="376" rx="18" fill="#fff" stroke="#c7d2fe"/>
<text x="32" y="52" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="#0f172a">Month-end close · October</text>
<text x="32" y="80" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-size="15" fill="#475569">Day 2 of 2 · 5 of 6 tasks done</text>
<rect x="32" y="96" width="496" height="8" rx="4" fill="#e2e8f0"/><rect x="32" y="96" width="413" height="8" rx="4" fill="#4f46e5"/>
${[
  ['Bank and card transactions reconciled', true],
  ['Missing receipts collected (41 of 41)', true],
  ['Accruals and prepayments posted', true],
  ['Intercompany balances matched', true],
  ['Journal entries prepared', true],
  ['Controller review and sign-off', false],
]
  .map(([label, done], i) =>
    CHECK(128 + i * 40, label as string, done as boolean).replace('translate(56', 'translate(32'),
  )
  .join('\n')}
</g></svg>`;

/** The testimonial's portrait: an illustrated avatar (the demo's people are invented). */
const PORTRAIT = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<rect width="160" height="160" rx="80" fill="#fde68a"/>
<path d="M30 160c4-34 26-52 50-52s46 18 50 52z" fill="#4338ca"/>
<path d="M66 100h28v16c0 8-28 8-28 0z" fill="#c68642"/>
<ellipse cx="80" cy="74" rx="30" ry="34" fill="#d9a066"/>
<path d="M48 76c-6-36 18-52 38-50 22 2 36 18 30 50-4-16-10-24-18-28-12 8-30 10-50 28z" fill="#1f2937"/>
<path d="M48 76c-2 22 2 40 10 50-10-2-18-20-10-50zM112 76c2 22-2 40-10 50 10-2 18-20 10-50z" fill="#1f2937"/>
<circle cx="69" cy="78" r="3" fill="#1f2937"/><circle cx="91" cy="78" r="3" fill="#1f2937"/>
<path d="M71 92c5 5 13 5 18 0" fill="none" stroke="#7c2d12" stroke-width="3" stroke-linecap="round"/>
</svg>`;

/** The walkthrough video's poster: the product's close dashboard (the page draws the play button). */
const POSTER = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#4f46e5"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<g opacity="0.9"><rect x="120" y="110" width="1040" height="500" rx="24" fill="#fff"/>
<rect x="120" y="110" width="220" height="500" rx="24" fill="#f1f5f9"/>
${[0, 1, 2, 3, 4].map((i) => `<rect x="150" y="${160 + i * 56}" width="${150 - i * 12}" height="14" rx="7" fill="#cbd5e1"/>`).join('')}
${[0, 1, 2].map((i) => `<rect x="${380 + i * 250}" y="150" width="220" height="120" rx="14" fill="#eef2ff"/><rect x="${404 + i * 250}" y="178" width="${90 + i * 20}" height="14" rx="7" fill="#a5b4fc"/><rect x="${404 + i * 250}" y="214" width="120" height="28" rx="8" fill="#4f46e5"/>`).join('')}
<polyline points="400,540 520,470 640,500 760,410 880,430 1000,350 1120,320" fill="none" stroke="#16a34a" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/></g>
</svg>`;

/** The SVG text of each file SEED_IMAGES names. */
export const DEMO_IMAGES: Record<string, string> = {
  'hero-close.svg': HERO,
  'priya-raman.svg': PORTRAIT,
  'walkthrough-poster.svg': POSTER,
};

/**
 * Loomwork's logo (the header shows it at 32 px beside the brand's name): warp and weft threads
 * woven over and under, white and light blue on the brand's primary blue.
 */
export const DEMO_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="#1f6feb"/>
<g fill="#93c5fd"><rect x="12" y="17" width="40" height="7" rx="3.5"/><rect x="12" y="28.5" width="40" height="7" rx="3.5"/><rect x="12" y="40" width="40" height="7" rx="3.5"/></g>
<g fill="#fff"><rect x="17" y="12" width="7" height="40" rx="3.5"/><rect x="28.5" y="12" width="7" height="40" rx="3.5"/><rect x="40" y="12" width="7" height="40" rx="3.5"/></g>
<g fill="#93c5fd"><rect x="16" y="28.5" width="9" height="7"/><rect x="27.5" y="17" width="9" height="7"/><rect x="27.5" y="40" width="9" height="7"/><rect x="39" y="28.5" width="9" height="7"/></g>
</svg>`;

/**
 * The favicon: the logo drawn as a 64-pixel PNG (palette), because not every browser takes an SVG
 * icon. Made once from DEMO_LOGO with sharp; uploaded, it is re-encoded like any operator's PNG.
 */
export const DEMO_FAVICON_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAMAAACdt4HsAAABO1BMVEVMaXEebuoebuoebusfb+ofbuoebuoAAP8eb+ofb+sebOcfbesebuoeb+sgbeofbusfbusfb+ceb+oecOkfbeoebuoebukebusebuodbekfbusecOofb+sebuofb+wfb+keb+odcOodbukecOsdbeoeb+ofbuwccekfbusgbOkeb+sfb+sdcOsebuogb+oeb+oeb+oebusecOmTxf0fb+v////J4v6Pt/VBiPDQ4fthmfF7s/mRw/1gmfFWl/NcnfV6s/lCifAhcOtimvHR4vt7tPn6/P+OwfyJs/T5+/51rvh4sfno8P2lxfcteOyIvfsmdOz1+f70+P5lnPFDivBUl/N6svkicetkovbP4Pury/muzvqmxvcueeyGvPvO3/vK3fp5svkjcesndexYmvTp8f1lo/ZXmfRlovbnJxxcAAAAM3RSTlMA+b/Z7L3YAdfzIUHW6j/0xCDHVDHGU+nJI4EygH9SMPo9PEJWflEkgy/agjTyV77xMztSjU75AAAACXBIWXMAABYlAAAWJQFJUiTwAAAB4klEQVRYw+2X13LCMBBFBQlgSAdCIL33jiA2JLR0WkihpPfy/18Qy6LY8ogIKXnJcJ927uieMVrj2QWgKsfWitXeBxnUJ1mHRwAhx2wHbEl2j0OfD/hhy3K7GvnpIcihzplavmsScsnSi/OuHsipzgXt/vyQW4PoJtehgHzqA3SIACQAVqGQvGBRDDAKrGIAG1g2efvKuRLB5f3dezaXN9n6Vxo4TfkQ0iUqX65ReV0mbL2cwMQ80E4qqIxoZWiPsA0yA460k6eoPMGAE8L+AYBDIVTu4HKHsJsAkondYPVkkFDN3k3IdEBSf5ICUHVFBRyyAaJUwDEb4PjvnkBmA8j0LsjRn7sQlf/yPfgHgFSymA5jpWOx2A0O3ahl3S7KKTrgNWG8+TAGhI1uqUAFfARZAMEKFXDGBjgTBTxQARU2wBcVUCixAJ4LTdoov2Wq/crE4/FbDLhVy7r92ayN7f9C+7Pe/qz/5oDR6oizRjqRRij1hMrHMmHrtQnMk25EuVCqB/O5bH3M09mGWXdDdNAcFgPMgRExwBJw2EXy3erC4REBzKOVx82f79eWxwH+pSuA17ZeC+faN1VbHLf5Fs+uxurqGuT4/QOG5dsntdi/cXJ/B95Rm+RkyTol29hEPfYNQ/ElxqVRdrgAAAAASUVORK5CYII=';
