import type { Catalog } from './catalog/index.ts';
import { escapeHtml } from './http.ts';

// Placeholder covers drawn as SVG, so the demo shows a picture per issue with no network.

const SIZES = { sm: 150, md: 300, lg: 600 } as const;

function svg(width: number, hue: number, lines: string[], badge: string | null): string {
  const height = Math.round(width * 1.5);
  const u = width / 300;
  const text = lines.map((line, i) => {
    const y = (110 + i * 44) * u;
    const size = (i === 0 ? 30 : 24) * u;
    return `<text x="${width / 2}" y="${y}" font-size="${size}" text-anchor="middle" fill="#fff" font-family="Impact, sans-serif">${escapeHtml(line)}</text>`;
  });
  if (badge) text.push(`<text x="${12 * u}" y="${height - 16 * u}" font-size="${16 * u}" fill="#fff" font-family="sans-serif">${escapeHtml(badge)}</text>`);
  const gradient =
    `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,20%)"/></linearGradient>`;
  const frame = `<rect x="${8 * u}" y="${8 * u}" width="${width - 16 * u}" height="${height - 16 * u}" fill="none" stroke="#fff" stroke-opacity=".5"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${gradient}</defs><rect width="100%" height="100%" fill="url(#g)"/>${frame}`,
    ...text,
    '</svg>',
  ].join('\n');
}

/** The SVG for /covers/{name}.svg, or null when the name means nothing. */
export function coverSvg(catalog: Catalog, name: string, size: string | null): string | null {
  const width = SIZES[(size ?? 'md') as keyof typeof SIZES] ?? SIZES.md;
  const avatar = /^avatar-(\d+)$/.exec(name);
  if (avatar) return svg(width, (Number(avatar[1]) * 97) % 360, ['Member', `#${avatar[1]}`], null);
  const seriesCover = /^series-(\d+)$/.exec(name);
  if (seriesCover) {
    const series = catalog.series.get(Number(seriesCover[1]));
    return series ? svg(width, series.hue, [series.name.slice(0, 18), String(series.startYear)], null) : null;
  }
  const match = /^(\d+)(?:-(\d+))?$/.exec(name);
  const issue = match ? catalog.issues.get(Number(match[1])) : undefined;
  if (!match || !issue) return null;
  const series = catalog.seriesOf(issue);
  const variant = match[2] ? issue.variants.find((v) => v.id === Number(match[2])) : issue.variants[0];
  const words = series.name.split(' ');
  const half = Math.ceil(words.length / 2);
  const titleLines = series.name.length > 16 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : [series.name];
  // Variant covers get another colour, so they look different side by side.
  const hue = (series.hue + (variant && variant !== issue.variants[0] ? 120 : 0)) % 360;
  const number = issue.format === 'single' ? `#${issue.number}` : `Vol. ${issue.number}`;
  return svg(width, hue, [...titleLines, number], variant?.name ?? null);
}
