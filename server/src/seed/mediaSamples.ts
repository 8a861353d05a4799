/** Demo media made at seed time (no downloads, no fonts needed): shapes rendered by sharp, a hand-built PDF. */

/** A landscape "photo": sky gradient, sun, hills and water in the given palette. */
export async function samplePhoto(
  palette: { sky: string; horizon: string; sun: string; land: string; water: string },
  format: 'jpeg' | 'webp' | 'png',
  width = 1200,
  height = 800,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 800">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.sky}"/><stop offset="1" stop-color="${palette.horizon}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <circle cx="860" cy="250" r="90" fill="${palette.sun}" opacity="0.9"/>
  <path d="M0 520 Q 250 380 520 500 T 1200 470 V 800 H 0 Z" fill="${palette.land}"/>
  <path d="M0 600 Q 300 560 600 610 T 1200 590 V 800 H 0 Z" fill="${palette.water}" opacity="0.85"/>
  <path d="M0 680 Q 300 650 600 690 T 1200 670 V 800 H 0 Z" fill="${palette.water}"/>
</svg>`;
  const { default: sharp } = await import('sharp'); // only a seed needs it (see renditions.ts)
  const image = sharp(Buffer.from(svg));
  if (format === 'webp') return image.webp({ quality: 80 }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.jpeg({ quality: 82 }).toBuffer();
}

/** A square logo: a coloured disc with a white emblem (a stylised wave or a star). */
export async function sampleLogo(color: string, emblem: 'wave' | 'star', size = 256): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(sampleLogoSvg(color, emblem, size)))
    .png()
    .toBuffer();
}

/** The logo as SVG markup (the seed also stores one SVG file as is). */
export function sampleLogoSvg(color: string, emblem: 'wave' | 'star', size = 256): string {
  const shape =
    emblem === 'wave'
      ? '<path d="M48 140 Q 88 100 128 140 T 208 140" stroke="#fff" stroke-width="18" fill="none" stroke-linecap="round"/>' +
        '<path d="M48 180 Q 88 140 128 180 T 208 180" stroke="#fff" stroke-width="18" fill="none" stroke-linecap="round" opacity="0.7"/>'
      : '<path d="M128 52 L150 108 L210 110 L162 146 L180 204 L128 170 L76 204 L94 146 L46 110 L106 108 Z" fill="#fff"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256"><circle cx="128" cy="128" r="124" fill="${color}"/>${shape}</svg>`;
}

/** A valid one-page PDF with a title and a few lines (Helvetica, a standard font every reader has). */
export function samplePdf(title: string, lines: string[]): Buffer {
  const escape = (text: string) =>
    text.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[^\x20-\x7e]/g, '?');
  const text = [
    'BT /F1 24 Tf 72 760 Td',
    `(${escape(title)}) Tj`,
    '/F1 12 Tf',
    ...lines.map((line, index) => `0 ${index === 0 ? -40 : -18} Td (${escape(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
