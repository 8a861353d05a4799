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

/** A street under repair: asphalt with a dug-up strip, traffic cones and a barrier, under a grey sky. */
export async function sampleRoadWorks(width = 1200, height = 800): Promise<Buffer> {
  const cone = (x: number) =>
    `<path d="M${x} 690 L${x + 30} 560 L${x + 60} 690 Z" fill="#f26b1d"/>` +
    `<rect x="${x + 14}" y="610" width="32" height="16" fill="#fff"/><rect x="${x - 8}" y="688" width="76" height="12" fill="#333"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 800">
  <rect width="1200" height="420" fill="#c9d3dc"/>
  <rect x="80" y="180" width="260" height="240" fill="#b5533c"/><rect x="380" y="220" width="200" height="200" fill="#8c6f5a"/>
  <rect x="860" y="160" width="280" height="260" fill="#a34a33"/>
  <rect y="420" width="1200" height="380" fill="#4b4f54"/>
  <rect x="300" y="470" width="600" height="260" fill="#7a5b3a"/>
  <rect x="0" y="600" width="1200" height="10" fill="#e8e8e8" opacity="0.6"/>
  <rect x="240" y="470" width="720" height="24" fill="#d6262d"/>
  <path d="M240 470 h60 l-24 24 h-60 Z M400 470 h60 l-24 24 h-60 Z M560 470 h60 l-24 24 h-60 Z M720 470 h60 l-24 24 h-60 Z M880 470 h60 l-24 24 h-60 Z" fill="#fff"/>
  ${[180, 420, 700, 960].map(cone).join('')}
</svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A library interior: shelves of coloured book spines, a reading table and a window of daylight. */
export async function sampleLibrary(width = 1200, height = 800): Promise<Buffer> {
  const colours = ['#2b6cb0', '#c05621', '#2f855a', '#b7791f', '#6b46c1', '#c53030', '#285e61', '#975a16'];
  const shelf = (y: number, offset: number) =>
    Array.from({ length: 22 }, (_, index) => {
      const x = 60 + index * 30;
      const tall = 90 + ((index * 7 + offset) % 4) * 10;
      return `<rect x="${x}" y="${y + 120 - tall}" width="24" height="${tall}" fill="${colours[(index + offset) % colours.length]}"/>`;
    }).join('') + `<rect x="40" y="${y + 120}" width="700" height="14" fill="#6b4423"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#f3ead8"/>
  <rect x="820" y="80" width="300" height="380" fill="#bfe0f5" stroke="#fff" stroke-width="14"/>
  <path d="M970 80 V460 M820 270 H1120" stroke="#fff" stroke-width="10"/>
  ${shelf(60, 0)}${shelf(210, 3)}${shelf(360, 5)}
  <rect y="600" width="1200" height="200" fill="#c8a97e"/>
  <rect x="700" y="560" width="440" height="30" fill="#8b5a2b"/><rect x="730" y="590" width="20" height="140" fill="#8b5a2b"/>
  <rect x="1090" y="590" width="20" height="140" fill="#8b5a2b"/>
  <circle cx="880" cy="540" r="22" fill="#2f855a"/><rect x="860" y="540" width="40" height="20" fill="#744210"/>
</svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
