/**
 * Derives the site's raster icons and Open Graph image from public/icon.svg (run it after
 * changing the logo: `node scripts/generate-icons.ts`; the outputs are committed).
 */
import fs from 'node:fs';
import sharp from 'sharp';

const svg = fs.readFileSync('public/icon.svg');
const png = (size: number) =>
  sharp(svg, { density: 384 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

for (const [file, size] of [
  ['public/icon-192.png', 192],
  ['public/icon-512.png', 512],
] as const) {
  fs.writeFileSync(file, await png(size));
}

// iPhones round the home-screen icon themselves and paint a transparent corner black: the mark's
// rounded square on a full-bleed brand background, with no transparency left.
fs.writeFileSync(
  'public/apple-touch-icon.png',
  await sharp(await png(180))
    .flatten({ background: '#15803d' })
    .png({ compressionLevel: 9 })
    .toBuffer(),
);

// Maskable: the mark inside the 80 % safe zone on a full-bleed brand background.
const inner = await png(410);
fs.writeFileSync(
  'public/icon-maskable-512.png',
  await sharp({ create: { width: 512, height: 512, channels: 4, background: '#15803d' } })
    .composite([{ input: inner, top: 51, left: 51 }])
    .png({ compressionLevel: 9 })
    .toBuffer(),
);

// favicon.ico: an ICO container holding one 32x32 PNG (understood by every current browser).
const favicon = await png(32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(favicon.length, 14);
header.writeUInt32LE(22, 18); // offset of the image data
fs.writeFileSync('public/favicon.ico', Buffer.concat([header, favicon]));

// Open Graph image (1200x630): what WhatsApp and Facebook show for pages without their own image.
const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <rect width="1200" height="630" fill="#14532d"/>
  <rect x="0" y="560" width="1200" height="70" fill="#15803d"/>
  <text x="80" y="250" font-family="DejaVu Sans, Arial, sans-serif" font-size="88" font-weight="bold" fill="#ffffff">Lisanga Digital</text>
  <text x="80" y="340" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#bbf7d0">Marketing, digital et stratégie à Kinshasa</text>
  <text x="80" y="606" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#ffffff">Stratégie · Marketing digital · Contenu · Branding</text>
</svg>`;
const logo = await png(200);
fs.writeFileSync(
  'public/og-image.png',
  await sharp(Buffer.from(og))
    .composite([{ input: logo, top: 90, left: 920 }])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer(),
);
process.stdout.write('Icons written to public/.\n');
