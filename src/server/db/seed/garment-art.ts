/**
 * Offline product artwork: flat-illustration "studio shots" of garments, editorial hero banners and
 * testimonial avatars, all as self-contained SVG strings (no I/O, no fonts beyond the generic
 * serif/sans stacks, nothing fetched). Written for librsvg (sharp): only paths, gradients,
 * <pattern> fills, clip paths, opacity and plain text.
 */
import type { DemoBanner, GarmentArt, GarmentKind } from './demo-catalog';

type Pattern = GarmentArt['pattern'];

// ---------------------------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------------------------

function rgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '').trim();
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  const n = Number.parseInt(h.slice(0, 6), 16);
  if (!Number.isFinite(n)) return [128, 128, 128];
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return toHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

const darken = (c: string, t: number) => mix(c, '#000000', t);
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

function luma(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";
const ROSE = '#be123c';

// ---------------------------------------------------------------------------------------------
// Pattern tiles
// ---------------------------------------------------------------------------------------------

const PAISLEY = 'M0 16C-13 16-16 0-9-8C-3-15 10-16 14-27C19-12 15 6 0 16Z';

function motifFlower(x: number, y: number, r: number, petal: string, centre: string): string {
  let s = '';
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3;
    s += `<circle cx="${(x + Math.cos(a) * r * 1.6).toFixed(1)}" cy="${(y + Math.sin(a) * r * 1.6).toFixed(1)}" r="${r}" fill="${petal}"/>`;
  }
  return s + `<circle cx="${x}" cy="${y}" r="${(r * 0.8).toFixed(1)}" fill="${centre}"/>`;
}

/** A `<pattern>` definition filling a garment with the given print, in user space. */
function patternDef(id: string, pattern: Pattern, base: string, accent: string, scale: number, horizontal: boolean): string {
  const tf = [scale !== 1 ? `scale(${scale})` : '', horizontal ? 'rotate(90)' : ''].filter(Boolean).join(' ');
  const open = (w: number, h: number) =>
    `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${tf ? ` patternTransform="${tf}"` : ''}>`;
  const deep = darken(base, 0.25);
  switch (pattern) {
    case 'stripes':
      return `${open(40, 40)}<rect width="12" height="40" fill="${accent}" opacity=".85"/><rect x="22" width="3" height="40" fill="${accent}" opacity=".55"/></pattern>`;
    case 'checks':
      return `${open(64, 64)}<rect width="24" height="64" fill="${accent}" opacity=".42"/><rect width="64" height="24" fill="${accent}" opacity=".42"/><rect x="40" width="3" height="64" fill="${deep}" opacity=".5"/><rect y="40" width="64" height="3" fill="${deep}" opacity=".5"/></pattern>`;
    case 'block-print':
      return `${open(60, 60)}${motifFlower(15, 15, 4.2, accent, deep)}<g fill="${accent}" opacity=".8"><circle cx="45" cy="39" r="2.6"/><circle cx="45" cy="51" r="2.6"/><circle cx="39" cy="45" r="2.6"/><circle cx="51" cy="45" r="2.6"/></g><circle cx="45" cy="45" r="1.8" fill="${deep}"/></pattern>`;
    case 'paisley':
      return `${open(90, 90)}<g fill="${accent}"><path d="${PAISLEY}" transform="translate(24 34)"/><path d="${PAISLEY}" transform="translate(68 74) rotate(180) scale(.8)"/><circle cx="68" cy="20" r="2.5"/><circle cx="20" cy="74" r="2.5"/></g><g fill="${base}"><circle cx="23" cy="37" r="4.5"/><circle cx="69" cy="72" r="3.5"/></g><circle cx="23" cy="37" r="2" fill="${accent}"/></pattern>`;
    case 'dots':
      return `${open(30, 30)}<g fill="${accent}"><circle cx="8" cy="8" r="3.6"/><circle cx="23" cy="23" r="3.6"/></g></pattern>`;
    case 'zari-border':
      return `${open(72, 72)}<g fill="${accent}"><circle cx="36" cy="31" r="3"/><circle cx="36" cy="41" r="3"/><circle cx="31" cy="36" r="3"/><circle cx="41" cy="36" r="3"/><circle cx="0" cy="0" r="2"/><circle cx="72" cy="0" r="2"/><circle cx="0" cy="72" r="2"/><circle cx="72" cy="72" r="2"/></g><circle cx="36" cy="36" r="2" fill="${deep}"/></pattern>`;
    case 'ikat':
      return `${open(60, 48)}<g fill="none" stroke="${accent}"><path d="M-2 14L15 2L30 14L45 2L62 14" stroke-width="13" opacity=".28"/><path d="M-2 14L15 2L30 14L45 2L62 14" stroke-width="6" opacity=".9"/></g><path d="M30 26L38 36L30 46L22 36Z" fill="${accent}" opacity=".75"/><path d="M0 26L8 36L0 46M60 26L52 36L60 46" fill="${accent}" opacity=".75"/></pattern>`;
    case 'plain':
    default:
      return `${open(40, 40)}<path d="M-1 9L9-1M-1 19L19-1M-1 29L29-1M-1 39L39-1M7 41L41 7M17 41L41 17M27 41L41 27M37 41L41 37" stroke="#fff" stroke-width="1.4" opacity=".09"/><path d="M-1 4L4-1M-1 24L24-1M2 41L41 2M22 41L41 22" stroke="#000" stroke-width="1" opacity=".05"/></pattern>`;
  }
}

// ---------------------------------------------------------------------------------------------
// Garment drawing context
// ---------------------------------------------------------------------------------------------

interface Ctx {
  id: string;
  kind: GarmentKind;
  base: string;
  accent: string;
  pattern: Pattern;
  line: string;
  back: boolean;
  /** Colour of borders / zari bands. */
  trim: string;
  clip: number;
}

interface FabricOpts {
  trims?: { d: string; w: number }[];
  color?: string;
  noPattern?: boolean;
  opacity?: number;
}

/** One piece of cloth: base fill, print, clipped borders, shading and an outline. */
function fabric(c: Ctx, d: string, o: FabricOpts = {}): string {
  const fill = o.color ?? c.base;
  const n = c.clip++;
  const pid = `${c.id}d${n}`;
  const use = (attrs: string) => `<use href="#${pid}" ${attrs}/>`;
  let s = `<defs><path id="${pid}" d="${d}"/></defs><g${o.opacity !== undefined ? ` opacity="${o.opacity}"` : ''}>${use(`fill="${fill}"`)}`;
  if (!o.noPattern) s += use(`fill="url(#${c.id}p)"`);
  if (o.trims && o.trims.length) {
    const cid = `${c.id}c${n}`;
    s += `<clipPath id="${cid}">${use('')}</clipPath><g clip-path="url(#${cid})" fill="none" stroke-linecap="butt">`;
    for (const t of o.trims) s += band(c, t.d, t.w);
    s += '</g>';
  }
  s += use(`fill="url(#${c.id}s)"`) + use(`fill="none" stroke="${c.line}" stroke-width="3"`) + '</g>';
  return s;
}

/** A woven border (zari-style) along a path: gold edges, a dark rule and square motifs. */
function band(c: Ctx, d: string, w: number): string {
  const dark = darken(c.base, 0.3);
  const pid = `${c.id}t${c.clip++}`;
  const use = (attrs: string) => `<use href="#${pid}" ${attrs}/>`;
  return (
    `<defs><path id="${pid}" d="${d}"/></defs>` +
    use(`stroke="${c.trim}" stroke-width="${w}"`) +
    use(`stroke="${dark}" stroke-width="${w - 8}" opacity=".85"`) +
    use(`stroke="${c.trim}" stroke-width="${Math.max(4, w - 14)}"`) +
    (w >= 22 ? use(`stroke="${dark}" stroke-width="${w - 22}" stroke-dasharray="6 8" opacity=".7"`) : '')
  );
}

const ln = (d: string, stroke: string, w = 3, extra = '') => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}"${extra}/>`;
const stitch = (d: string, stroke: string, w = 2) => ln(d, stroke, w, ' stroke-dasharray="7 6" opacity=".8"');
const fold = (d: string, w = 8) => ln(d, '#000', w, ' opacity=".09"');
const shine = (d: string, w = 10) => ln(d, '#fff', w, ' opacity=".12"');

function button(x: number, y: number, r: number, fill: string, line: string): string {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${line}" stroke-width="1.5"/><circle cx="${x - r * 0.3}" cy="${y - r * 0.3}" r="${(r * 0.3).toFixed(1)}" fill="#fff" opacity=".45"/>`;
}

function buttons(x: number, ys: number[], r: number, fill: string, line: string): string {
  return ys.map((y) => button(x, y, r, fill, line)).join('');
}

/** A headless dress form (used under sarees and lehengas). */
function dressForm(): string {
  const skin = '#e7d8c4';
  return (
    `<rect x="388" y="96" width="24" height="24" rx="6" fill="#8a7a66"/>` +
    `<path d="M380 120L420 120Q422 146 442 154L504 174Q522 188 514 240Q496 300 480 350Q472 420 484 470L316 470Q328 420 320 350Q304 300 286 240Q278 188 296 174L358 154Q378 146 380 120Z" fill="${skin}" stroke="#b9a58c" stroke-width="3"/>` +
    `<path d="M384 124Q400 132 416 124" fill="none" stroke="#b9a58c" stroke-width="2"/>`
  );
}

interface Drawn {
  svg: string;
  top: number;
  bottom: number;
  halfWidth: number;
}

// ---------------------------------------------------------------------------------------------
// Silhouettes (800 x 1000 canvas, centre x = 400)
// ---------------------------------------------------------------------------------------------

function drawKurta(c: Ctx): Drawn {
  const d =
    'M362 158L262 184L192 600L246 612L280 326L266 700L246 882L262 882L272 722L282 884L518 884L528 722L538 882L554 882L534 700L520 326L554 612L608 600L538 184L438 158Q400 184 362 158Z';
  const bordered = c.pattern === 'zari-border';
  const trims = bordered
    ? [
        { d: 'M220 866L580 866', w: 34 },
        { d: 'M186 590L252 604M548 604L614 590', w: 22 },
      ]
    : [{ d: 'M220 872L580 872', w: 12 }];
  let s = fabric(c, d, { trims });
  s += fold('M330 380Q322 620 318 860') + fold('M470 380Q478 620 484 860') + shine('M300 350Q292 600 290 840', 14);
  s += ln('M262 184Q276 250 280 326M538 184Q524 250 520 326', c.line, 2, ' opacity=".5"');
  const collar = darken(c.base, 0.12);
  if (c.back) {
    s += `<path d="M356 146Q400 136 444 146L446 168Q400 160 354 168Z" fill="${collar}" stroke="${c.line}" stroke-width="3"/>`;
  } else {
    s += `<path d="M400 176L400 362" stroke="${c.line}" stroke-width="2"/><rect x="390" y="176" width="20" height="190" rx="3" fill="${c.base}" opacity=".55" stroke="${c.line}" stroke-width="2"/>`;
    s += buttons(400, [206, 256, 306, 348], 6, bordered ? c.trim : lighten(c.accent, 0.2), c.line);
    s += `<path d="M356 146Q378 140 398 142L398 172Q376 172 354 168Z M402 142Q422 140 444 146L446 168Q424 172 402 172Z" fill="${collar}" stroke="${c.line}" stroke-width="3"/>`;
  }
  return { svg: s, top: 140, bottom: 884, halfWidth: 210 };
}

function drawKurti(c: Ctx): Drawn {
  const neck = c.back ? 'Q400 190 350 166' : 'Q400 222 350 166';
  const d = `M350 166L270 190L220 470L274 486L294 330L282 610L236 802L250 804L262 746L272 807Q400 822 528 807L538 746L550 804L564 802L518 610L506 330L526 486L580 470L530 190L450 166${neck}Z`;
  const pip = c.pattern === 'zari-border' ? c.trim : c.accent === '#ffffff' ? darken(c.base, 0.2) : c.accent;
  const cc = { ...c, trim: pip };
  let s = fabric(cc, d, {
    trims: [
      { d: 'M220 812Q400 826 580 812', w: 16 },
      { d: 'M216 466L278 482M522 482L584 466', w: 12 },
    ],
  });
  s +=
    fold('M350 340Q320 560 270 790') +
    fold('M400 350L400 810', 6) +
    fold('M450 340Q480 560 530 790') +
    shine('M330 340Q300 560 258 780', 12);
  s += ln('M298 330Q400 342 502 330', c.line, 2, ' opacity=".45"');
  if (!c.back) {
    s += ln('M350 166Q400 222 450 166', pip, 5);
    s += `<path d="M400 200Q390 224 400 252Q410 224 400 200Z" fill="${darken(c.base, 0.3)}" stroke="${pip}" stroke-width="3"/>`;
    s +=
      ln('M392 202L378 256M408 202L422 256', pip, 2) +
      `<circle cx="378" cy="260" r="5" fill="${pip}"/><circle cx="422" cy="260" r="5" fill="${pip}"/>`;
  } else {
    s += ln('M350 166Q400 190 450 166', pip, 5);
  }
  return { svg: s, top: 160, bottom: 822, halfWidth: 190 };
}

function drawShirt(c: Ctx): Drawn {
  const d =
    'M352 164L246 198L176 642L240 656L276 332L270 690C298 734 360 750 400 750C440 750 502 734 530 690L524 332L560 656L624 642L554 198L448 164Q400 190 352 164Z';
  let s = fabric(c, d);
  const cuff = darken(c.base, 0.06);
  s += `<path d="M182 602L244 616L240 656L176 642Z M618 602L556 616L560 656L624 642Z" fill="${cuff}" stroke="${c.line}" stroke-width="3" opacity=".9"/>`;
  s += fold('M330 360Q320 540 326 730') + fold('M472 360Q480 540 474 730') + shine('M300 350Q292 540 300 710', 14);
  s += ln('M246 198Q268 260 276 332M554 198Q532 260 524 332', c.line, 2, ' opacity=".5"');
  const collar = lighten(c.base, 0.05);
  if (c.back) {
    s += ln('M262 258Q400 278 538 258', c.line, 2.5) + ln('M392 268L392 330M408 268L408 330', c.line, 2, ' opacity=".6"');
    s += `<path d="M350 158Q400 146 450 158L452 188Q400 178 348 188Z" fill="${collar}" stroke="${c.line}" stroke-width="3"/>`;
  } else {
    s += `<rect x="389" y="196" width="22" height="550" fill="${c.base}" opacity=".35" stroke="${c.line}" stroke-width="2"/>`;
    s += buttons(400, [232, 304, 376, 448, 520, 592, 664], 6, lighten(c.accent, 0.3), c.line);
    s += `<path d="M438 300L498 300L498 366L468 378L438 366Z" fill="${c.base}" stroke="${c.line}" stroke-width="2.5"/><path d="M438 300L498 300L498 366L468 378L438 366Z" fill="url(#${c.id}p)"/>`;
    s += `<path d="M350 156Q400 146 450 156L452 176Q400 168 348 176Z" fill="${darken(c.base, 0.1)}" stroke="${c.line}" stroke-width="2.5"/>`;
    s += `<path d="M348 160L400 204L372 246L334 192Z M452 160L400 204L428 246L466 192Z" fill="${collar}" stroke="${c.line}" stroke-width="3"/>`;
  }
  return { svg: s, top: 146, bottom: 750, halfWidth: 226 };
}

function drawTee(c: Ctx): Drawn {
  const neck = c.back ? 'Q400 196 345 176Z' : 'Q400 226 345 176Z';
  const d = `M345 176L250 208L160 336L226 378L270 322L268 700Q400 708 532 700L530 322L574 378L640 336L550 208L455 176${neck}`;
  let s = fabric(c, d);
  s += fold('M330 360Q326 540 334 690') + fold('M470 360Q474 540 466 690') + shine('M296 340Q290 540 296 680', 14);
  s += stitch('M276 686Q400 694 524 686', c.line) + stitch('M170 348L230 384M630 348L570 384', c.line);
  s += ln('M250 208Q266 264 270 322M550 208Q534 264 530 322', c.line, 2, ' opacity=".5"');
  const rib = darken(c.base, 0.12);
  if (c.back) {
    s += ln('M345 176Q400 196 455 176', rib, 12) + ln('M345 176Q400 196 455 176', c.line, 2);
  } else {
    s += `<path d="M345 176Q400 196 455 176Q400 226 345 176Z" fill="${darken(c.base, 0.3)}"/>`;
    s += ln('M347 179Q400 232 453 179', rib, 12) + ln('M345 176Q400 226 455 176', c.line, 2);
    if (c.pattern === 'block-print') {
      s +=
        `<path d="M440 300L496 300L496 362L440 362Z" fill="${c.base}" stroke="${c.line}" stroke-width="2.5"/>` +
        stitch('M442 312L494 312', c.line);
    }
  }
  return { svg: s, top: 176, bottom: 708, halfWidth: 240 };
}

function drawHoodie(c: Ctx): Drawn {
  const d = 'M342 214L254 238L186 690L248 700L280 360L276 742L524 742L520 360L552 700L614 690L546 238L458 214Q400 240 342 214Z';
  const rib = darken(c.base, 0.1);
  let s = '';
  if (!c.back) s += fabric(c, 'M336 226C312 160 336 98 400 98C464 98 488 160 464 226Z');
  s += fabric(c, d);
  s += `<path d="M276 708L524 708L524 746L276 746Z M194 656L252 666L248 702L186 690Z M606 656L548 666L552 702L614 690Z" fill="${rib}" stroke="${c.line}" stroke-width="2.5"/>`;
  s += ln(
    'M296 712L296 742M336 712L336 742M376 712L376 742M416 712L416 742M456 712L456 742M496 712L496 742',
    c.line,
    1.5,
    ' opacity=".35"',
  );
  s += fold('M330 380Q326 560 334 700') + fold('M470 380Q474 560 466 700') + shine('M298 380Q292 560 298 700', 14);
  if (c.back) {
    s += fabric(c, 'M332 220C318 170 482 170 468 220C462 292 432 340 400 350C368 340 338 292 332 220Z');
    s += ln('M400 200L400 348', c.line, 2, ' opacity=".6"');
  } else {
    s += `<path d="M352 228C344 150 456 150 448 228Q400 262 352 228Z" fill="${darken(c.base, 0.35)}" stroke="${c.line}" stroke-width="3"/>`;
    s += ln('M338 226C324 160 342 110 400 108C458 110 476 160 462 226', lighten(c.base, 0.12), 5, ' opacity=".7"');
    const cord = lighten(c.accent, 0.1);
    s +=
      ln('M382 246L376 360M418 246L424 360', cord, 5) +
      `<rect x="370" y="356" width="12" height="22" rx="3" fill="${darken(cord, 0.3)}"/><rect x="418" y="356" width="12" height="22" rx="3" fill="${darken(cord, 0.3)}"/>`;
    s += `<path d="M320 520L480 520L520 700L280 700Z" fill="${c.base}" stroke="${c.line}" stroke-width="2.5"/><path d="M320 520L480 520L520 700L280 700Z" fill="url(#${c.id}p)"/>`;
    s += ln('M320 520Q300 600 292 650M480 520Q500 600 508 650', c.line, 3) + stitch('M330 530L470 530', c.line);
  }
  return { svg: s, top: 98, bottom: 746, halfWidth: 214 };
}

function drawJacket(c: Ctx): Drawn {
  const d = 'M356 160L254 196L184 644L248 656L282 334L278 646L522 646L518 334L552 656L616 644L546 196L444 160Q400 186 356 160Z';
  let s = fabric(c, d);
  const deep = darken(c.base, 0.1);
  const st = c.pattern === 'plain' ? c.accent : darken(c.base, 0.3);
  s += `<path d="M278 604L522 604L522 646L278 646Z M190 604L252 616L248 656L184 644Z M610 604L548 616L552 656L616 644Z" fill="${deep}" stroke="${c.line}" stroke-width="2.5"/>`;
  s += stitch('M280 612L520 612', st) + stitch('M192 612L250 624M608 612L550 624', st);
  s += shine('M300 360Q294 480 300 590', 14) + fold('M470 360Q474 480 468 590');
  if (c.back) {
    s += ln('M262 270Q400 300 538 270', c.line, 2.5) + stitch('M262 280Q400 310 538 280', st);
    s += stitch('M330 300L330 600M470 300L470 600', st);
    s += `<path d="M350 150Q400 138 450 150L454 184Q400 172 346 184Z" fill="${deep}" stroke="${c.line}" stroke-width="3"/>`;
  } else {
    s += ln('M400 190L400 646', c.line, 2.5) + stitch('M412 196L412 602', st);
    s += buttons(400, [236, 316, 396, 476, 556], 8, '#b8894a', darken('#b8894a', 0.4));
    s += `<path d="M300 272L372 272L372 300L336 316L300 300Z M428 272L500 272L500 300L464 316L428 300Z" fill="${deep}" stroke="${c.line}" stroke-width="2.5"/>`;
    s += buttons(336, [300], 5, '#b8894a', '#5a4024') + buttons(464, [300], 5, '#b8894a', '#5a4024');
    s += stitch('M262 254Q330 262 392 250M408 250Q470 262 538 254', st);
    s += `<path d="M350 152L398 196L368 264L326 186Z M450 152L402 196L432 264L474 186Z" fill="${deep}" stroke="${c.line}" stroke-width="3"/>`;
  }
  return { svg: s, top: 150, bottom: 656, halfWidth: 216 };
}

function drawNehru(c: Ctx): Drawn {
  const d =
    'M366 160L294 184Q306 280 274 352L282 700L382 716Q398 716 400 694Q402 716 418 716L518 700L526 352Q494 280 506 184L434 160Q400 178 366 160Z';
  let s = fabric(c, d);
  s += fold('M340 360Q330 520 336 690') + shine('M312 360Q304 520 310 680', 12) + fold('M460 360Q470 520 462 690');
  const collar = darken(c.base, 0.12);
  if (c.back) {
    s += ln('M400 176L400 706', c.line, 2, ' opacity=".6"');
    s += `<path d="M362 150Q400 140 438 150L440 174Q400 166 360 174Z" fill="${collar}" stroke="${c.line}" stroke-width="3"/>`;
  } else {
    s += ln('M400 176L400 694', c.line, 2.5);
    s += buttons(400, [214, 280, 346, 412, 478, 544, 610], 6, c.accent, darken(c.accent, 0.4));
    s += `<path d="M310 560L362 548L364 562L312 574Z M436 288L484 280L485 292L437 300Z" fill="${darken(c.base, 0.35)}"/>`;
    s += `<path d="M442 288L458 262L470 286L480 266L484 282Z" fill="${c.pattern === 'plain' ? '#d94b6a' : lighten(c.accent, 0.2)}"/>`;
    s += `<path d="M360 150Q380 142 398 142L398 174Q378 174 358 170Z M402 142Q420 142 440 150L442 170Q422 174 402 174Z" fill="${collar}" stroke="${c.line}" stroke-width="3"/>`;
  }
  return { svg: s, top: 140, bottom: 716, halfWidth: 140 };
}

function drawSherwani(c: Ctx): Drawn {
  const d =
    'M362 152L266 184L206 640L260 652L286 330L276 750L266 846L280 846L290 768L300 848L500 848L510 768L520 846L534 846L524 750L514 330L540 652L594 640L534 184L438 152Q400 168 362 152Z';
  const legs = luma(c.base) > 0.7 ? '#f7f1e4' : '#efe6d2';
  let s = `<path d="M322 830L396 830L392 912L344 912Z M404 830L478 830L456 912L408 912Z" fill="${legs}" stroke="#c7b999" stroke-width="2.5"/>`;
  s += ln('M348 870L390 866M350 884L390 880M410 866L452 870M410 880L450 884', '#c7b999', 2);
  s += `<path d="M336 910L392 910Q396 928 380 930L324 930Q318 920 336 910Z M408 910L464 910Q482 920 476 930L420 930Q404 928 408 910Z" fill="${c.pattern === 'plain' ? '#c9a34a' : c.trim}" stroke="#7a5a1c" stroke-width="2"/>`;
  const bordered = c.pattern === 'zari-border';
  const trims = bordered
    ? [
        { d: 'M240 832L560 832', w: 30 },
        { d: 'M200 622L264 636M536 636L600 622', w: 22 },
        ...(c.back ? [] : [{ d: 'M400 168L400 848', w: 22 }]),
      ]
    : [];
  s += fabric(c, d, { trims });
  s += fold('M330 360Q320 600 320 830') + fold('M470 360Q480 600 480 830') + shine('M302 360Q292 600 292 820', 14);
  const collar = bordered ? c.trim : darken(c.base, 0.14);
  if (c.back) {
    s += ln('M400 170L400 846', c.line, 2, ' opacity=".5"');
    s += `<path d="M356 136Q400 126 444 136L446 168Q400 160 354 168Z" fill="${collar}" stroke="${c.line}" stroke-width="3"/>`;
  } else {
    if (!bordered) s += ln('M400 168L400 846', c.line, 2.5);
    const btn = c.pattern === 'plain' || c.trim === c.accent ? c.trim : c.accent;
    s += buttons(400, [196, 250, 304, 358, 412, 466, 520, 574], 7, bordered ? lighten(c.trim, 0.3) : btn, '#6b4e16');
    s += `<path d="M356 136Q378 128 398 130L398 168Q376 170 354 166Z M402 130Q422 128 444 136L446 166Q424 170 402 168Z" fill="${collar}" stroke="${c.line}" stroke-width="3"/>`;
  }
  return { svg: s, top: 128, bottom: 930, halfWidth: 200 };
}

function drawJeansLike(c: Ctx, denim: boolean): Drawn {
  const d = denim
    ? 'M282 170L518 170L520 212Q536 330 524 480L504 900L410 904L400 446L390 904L296 900L276 480Q264 330 280 212Z'
    : 'M280 170L520 170L522 212Q534 330 526 480L514 900L412 904L400 446L388 904L286 900L274 480Q266 330 278 212Z';
  const st = denim ? c.accent : darken(c.base, 0.25);
  let s = fabric(c, d);
  const wb = darken(c.base, 0.08);
  s += `<path d="M282 170L518 170L520 212L280 212Z" fill="${wb}" stroke="${c.line}" stroke-width="3"/>`;
  s += stitch('M284 180L516 180M282 203L518 203', st);
  for (const x of [302, 356, 444, 498])
    s += `<rect x="${x - 6}" y="164" width="12" height="54" rx="2" fill="${wb}" stroke="${c.line}" stroke-width="2"/>`;
  if (denim) {
    s += `<ellipse cx="336" cy="540" rx="26" ry="130" fill="#fff" opacity=".07"/><ellipse cx="464" cy="540" rx="26" ry="130" fill="#fff" opacity=".07"/>`;
    s += ln('M352 400L388 416M348 420L386 430M448 416L412 400M452 430L414 420', '#fff', 3, ' opacity=".25"');
  } else {
    s += ln('M338 230L330 896M462 230L470 896', lighten(c.base, 0.25), 3, ' opacity=".8"');
  }
  s += stitch('M298 884L388 888M412 888L502 884', st);
  s += fold('M300 600Q330 620 370 610', 6) + fold('M430 610Q470 620 500 600', 6);
  if (c.back) {
    s += ln('M280 262L400 292L520 262', c.line, 2.5) + stitch('M280 272L400 302L520 272', st);
    const pk = denim ? 'M304 318L380 310L384 392L346 410L310 396Z' : 'M310 300L380 300';
    const pk2 = denim ? 'M496 318L420 310L416 392L454 410L490 396Z' : 'M420 300L490 300';
    if (denim) {
      s += `<path d="${pk} ${pk2}" fill="${c.base}" stroke="${c.line}" stroke-width="2.5"/>`;
      s += stitch('M318 358Q344 376 372 354M482 358Q456 376 428 354', st) + stitch('M310 326L378 319M490 326L422 319', st);
      s += `<rect x="448" y="178" width="52" height="28" rx="3" fill="#8a5a34" stroke="#5a3a20" stroke-width="2"/>`;
    } else {
      s += ln(`${pk} ${pk2}`, darken(c.base, 0.4), 5) + buttons(345, [284], 5, wb, c.line) + buttons(455, [284], 5, wb, c.line);
    }
  } else {
    s += buttons(400, [191], 8, denim ? '#b8894a' : wb, denim ? '#5a4024' : c.line);
    s += ln('M400 212L400 380', c.line, 2) + stitch('M414 214L414 360Q414 378 400 384', st);
    s += ln(denim ? 'M352 212Q346 282 280 294M448 212Q454 282 520 294' : 'M344 212L286 330M456 212L514 330', c.line, 3);
    if (denim) {
      s += stitch('M362 212Q356 294 280 306M438 212Q444 294 520 306', st);
      s += `<path d="M462 222L496 222L494 256L464 256Z" fill="none" stroke="${c.line}" stroke-width="2"/>`;
      s += `<circle cx="352" cy="214" r="4" fill="#b8894a"/><circle cx="448" cy="214" r="4" fill="#b8894a"/><circle cx="283" cy="294" r="4" fill="#b8894a"/><circle cx="517" cy="294" r="4" fill="#b8894a"/>`;
    }
  }
  return { svg: s, top: 164, bottom: 904, halfWidth: 130 };
}

function drawPalazzo(c: Ctx): Drawn {
  const d = 'M312 250L488 250L492 292L602 866Q560 880 410 876L400 540L390 876Q240 880 198 866L308 292Z';
  let s = fabric(c, d, { trims: [{ d: 'M190 862Q300 874 400 868Q500 874 610 862', w: c.pattern === 'plain' ? 8 : 22 }] });
  const wb = darken(c.base, 0.1);
  s += `<path d="M312 250L488 250L492 292L308 292Z" fill="${wb}" stroke="${c.line}" stroke-width="3"/>`;
  let g = '';
  for (let x = 322; x < 482; x += 12) g += `M${x} 254L${x} 288`;
  s += ln(g, c.line, 1.5, ' opacity=".35"');
  s +=
    fold('M330 320Q290 600 236 856') +
    fold('M360 320Q350 600 330 862') +
    fold('M440 320Q450 600 470 862') +
    fold('M470 320Q510 600 564 856');
  s += shine('M318 320Q280 600 220 850', 16);
  if (!c.back) {
    const cord = c.pattern === 'plain' ? lighten(c.base, 0.35) : c.accent;
    s +=
      ln('M396 282Q384 330 378 380M404 282Q414 330 424 376', cord, 4) +
      `<circle cx="378" cy="384" r="6" fill="${cord}"/><circle cx="424" cy="380" r="6" fill="${cord}"/>`;
  }
  return { svg: s, top: 250, bottom: 880, halfWidth: 206 };
}

function drawSkirt(c: Ctx): Drawn {
  const d = 'M322 300L478 300L484 338L592 820Q400 866 208 820L316 338Z';
  let s = fabric(c, d, { trims: [{ d: 'M200 812Q400 858 600 812', w: c.pattern === 'plain' ? 10 : 24 }] });
  s += `<path d="M322 300L478 300L484 340L316 340Z" fill="${darken(c.base, 0.12)}" stroke="${c.line}" stroke-width="3"/>`;
  s +=
    fold('M340 350Q300 600 250 820') +
    fold('M372 350Q360 600 340 838') +
    fold('M430 350Q440 600 460 838') +
    fold('M462 350Q500 600 550 820');
  s += shine('M326 350Q290 600 236 812', 16);
  if (!c.back) {
    s += ln('M470 342Q430 620 380 846', c.line, 3);
    const tie = c.accent;
    s +=
      ln('M476 318Q500 360 494 420M480 318Q520 350 524 404', tie, 4) +
      `<circle cx="494" cy="426" r="7" fill="${tie}"/><circle cx="524" cy="410" r="7" fill="${tie}"/>`;
  } else {
    s += ln('M400 342L400 470', c.line, 2) + `<rect x="394" y="466" width="12" height="18" rx="3" fill="${darken(c.base, 0.4)}"/>`;
  }
  return { svg: s, top: 300, bottom: 860, halfWidth: 200 };
}

function drawDress(c: Ctx): Drawn {
  const neck = c.back ? 'L440 170Q400 198 360 170Z' : 'L440 170L400 264Z';
  const d = `M360 170L302 184L264 262L292 286L320 272L338 430L212 846Q400 900 588 846L462 430L480 272L508 286L536 262L498 184${neck}`;
  let s = fabric(c, d, { trims: [{ d: 'M204 842Q400 896 596 842', w: 10 }] });
  s += fold('M360 450Q320 650 268 850') + fold('M392 450L380 870') + fold('M420 450Q440 650 470 868') + fold('M446 450Q500 650 540 852');
  s += shine('M350 450Q300 650 246 842', 16) + shine('M330 300Q332 360 340 420', 10);
  const belt = c.pattern === 'plain' ? c.accent : darken(c.base, 0.15);
  s += `<path d="M336 418Q400 428 464 418L466 446Q400 456 334 446Z" fill="${belt}" stroke="${c.line}" stroke-width="2.5"/>`;
  if (c.back) {
    s += stitch('M400 190L400 418', c.line) + `<rect x="395" y="186" width="10" height="16" rx="2" fill="${darken(c.base, 0.4)}"/>`;
  } else {
    s += ln('M360 170L400 264L440 170', c.line, 3);
    s += `<path d="M444 440Q470 470 462 520L452 518Q458 478 438 446Z M452 436Q492 452 498 500L488 502Q480 462 446 446Z" fill="${belt}" stroke="${c.line}" stroke-width="2"/>`;
  }
  return { svg: s, top: 170, bottom: 880, halfWidth: 194 };
}

function drawSaree(c: Ctx): Drawn {
  const blouse = darken(c.base, 0.2);
  const border = c.pattern === 'zari-border' ? 30 : 22;
  let s = '';
  if (!c.back) {
    // pallu falling behind the (viewer's right) shoulder
    s += fabric(c, 'M468 164L526 182Q566 420 604 664L520 694Q504 430 478 246Z', {
      trims: [
        { d: 'M516 690L608 660', w: 90 },
        { d: 'M524 186Q560 420 600 664', w: 16 },
      ],
    });
    s += ln('M528 700L524 724M544 694L541 720M560 690L558 714M576 684L575 708M592 678L592 702', c.trim, 3);
  }
  s += dressForm();
  // lower drape
  const skirt = 'M318 344L482 344Q496 600 562 902Q410 920 254 902Q308 600 318 344Z';
  s += fabric(c, skirt, { trims: [{ d: 'M240 886Q410 906 576 886', w: border + 16 }] });
  if (!c.back) {
    let p = '';
    for (let i = 0; i < 7; i++) p += `M${388 + i * 7} 350L${352 + i * 22} 910`;
    s += ln(p, darken(c.base, 0.35), 2.5, ' opacity=".55"') + shine('M392 350L366 905M408 350L410 905', 6);
  } else {
    s += fold('M360 360Q340 620 320 900') + fold('M440 360Q460 620 480 900');
  }
  s += shine('M330 380Q310 640 282 890', 16);
  // blouse
  const bneck = c.back ? 'Q400 252 360 158Z' : 'Q400 200 360 158Z';
  s += fabric(
    c,
    `M360 158L296 178Q280 190 284 232L300 264L318 252L322 300L478 300L482 252L500 264L516 232Q520 190 504 178L440 158${bneck}`,
    {
      color: blouse,
      noPattern: true,
      trims: [{ d: 'M284 254L322 244M478 244L516 254', w: 12 }],
    },
  );
  if (c.back) {
    s +=
      ln('M392 236L380 300M408 236L420 300', c.trim, 2) +
      `<circle cx="380" cy="304" r="5" fill="${c.trim}"/><circle cx="420" cy="304" r="5" fill="${c.trim}"/>`;
    // pallu hanging down the back from the left shoulder
    s += fabric(c, 'M300 176L372 160Q380 420 372 702L268 692Q288 420 300 176Z', {
      trims: [
        { d: 'M262 690L378 700', w: 90 },
        { d: 'M298 180Q286 420 268 692', w: 16 },
      ],
    });
    s += ln('M276 702L274 726M296 704L295 730M316 706L316 732M336 706L337 732M356 706L358 730', c.trim, 3);
  } else {
    // pallu sash across the body
    s += fabric(c, 'M298 322Q386 252 454 158L514 182Q476 300 332 424Z', { trims: [{ d: 'M326 416Q470 300 512 188', w: border }] });
  }
  return { svg: s, top: 96, bottom: 916, halfWidth: 190 };
}

function drawLehenga(c: Ctx): Drawn {
  let s = '';
  const sheer = lighten(c.base, 0.35);
  if (!c.back) {
    s += fabric(c, 'M470 166L526 184Q590 460 640 760L560 790Q520 480 480 250Z', {
      color: sheer,
      noPattern: true,
      opacity: 0.75,
      trims: [{ d: 'M520 188Q584 460 636 760M560 790L640 760', w: 14 }],
    });
  }
  s += dressForm();
  const skirt = 'M326 360L474 360Q560 600 660 880Q400 944 140 880Q240 600 326 360Z';
  s += fabric(c, skirt, {
    trims: [
      { d: 'M130 868Q400 934 670 868', w: 64 },
      { d: 'M180 760Q400 812 620 760', w: 16 },
    ],
  });
  let k = '';
  for (let i = 1; i < 8; i++) {
    const t = i / 8;
    k += `M${(330 + 140 * t).toFixed(0)} 370L${(150 + 500 * t).toFixed(0)} ${(868 + Math.sin(Math.PI * t) * 36).toFixed(0)}`;
  }
  s += ln(k, '#000', 3, ' opacity=".1"') + shine('M336 380Q260 600 170 860', 18);
  s += `<path d="M322 352Q400 362 478 352L482 384Q400 394 318 384Z" fill="${c.trim}" stroke="${c.line}" stroke-width="2.5"/>`;
  s += ln('M336 384Q330 450 338 520', c.trim, 3) + `<path d="M338 520L328 552L348 552Z" fill="${c.trim}"/>`;
  // choli
  const cneck = c.back ? 'Q400 256 360 158Z' : 'Q400 212 360 158Z';
  s += fabric(
    c,
    `M360 158L296 178Q280 190 284 232L298 268L318 256L324 304Q400 316 476 304L482 256L502 268L516 232Q520 190 504 178L440 158${cneck}`,
    {
      trims: [
        { d: 'M284 258L322 246M478 246L516 258', w: 14 },
        { d: 'M320 302Q400 314 480 302', w: 12 },
      ],
    },
  );
  if (c.back) {
    s +=
      ln('M392 240L384 330M408 240L416 330', c.trim, 2.5) +
      `<circle cx="384" cy="336" r="7" fill="${c.trim}"/><circle cx="416" cy="336" r="7" fill="${c.trim}"/>`;
  } else {
    s += ln('M360 158Q400 212 440 158', c.trim, 5);
  }
  return { svg: s, top: 96, bottom: 920, halfWidth: 260 };
}

function drawDupatta(c: Ctx): Drawn {
  let s = '';
  // hanger
  s += ln('M400 132L400 112Q400 90 418 88Q436 88 436 104', '#9aa0a6', 5);
  s += `<path d="M252 192L400 128L548 192Z" fill="none" stroke="#a47b52" stroke-width="9"/>`;
  const backLayer = 'M262 188L538 188Q560 500 562 880L238 880Q240 500 262 188Z';
  s += fabric(c, backLayer, { trims: [{ d: 'M232 856L568 856', w: 46 }], color: darken(c.base, 0.1) });
  s += ln(
    'M246 884L244 910M270 884L269 912M294 884L294 910M318 884L318 912M342 884L342 910M366 884L366 912M390 884L390 910M414 884L414 912M438 884L438 910M462 884L462 912M486 884L486 910M510 884L510 912M534 884L534 910M556 884L557 910',
    c.trim,
    3,
  );
  const front = 'M276 190L524 190Q548 420 532 760Q400 790 270 762Q252 420 276 190Z';
  s += fabric(c, front, {
    trims: [
      { d: 'M262 740Q400 772 540 740', w: 40 },
      ...(c.pattern === 'zari-border' ? [{ d: 'M276 190Q254 420 270 762M524 190Q548 420 532 760', w: 20 }] : []),
    ],
  });
  s += fold('M330 210Q320 480 330 760') + fold('M400 210Q410 480 400 776', 6) + fold('M470 210Q480 480 468 764');
  s += shine('M300 210Q290 480 296 750', 14);
  s += ln('M252 192L548 192', '#8a6440', 7);
  return { svg: s, top: 88, bottom: 912, halfWidth: 170 };
}

const DRAW: Record<GarmentKind, (c: Ctx) => Drawn> = {
  kurta: drawKurta,
  kurti: drawKurti,
  shirt: drawShirt,
  tee: drawTee,
  hoodie: drawHoodie,
  jacket: drawJacket,
  'nehru-jacket': drawNehru,
  sherwani: drawSherwani,
  jeans: (c) => drawJeansLike(c, true),
  trousers: (c) => drawJeansLike(c, false),
  palazzo: drawPalazzo,
  skirt: drawSkirt,
  dress: drawDress,
  saree: drawSaree,
  lehenga: drawLehenga,
  dupatta: drawDupatta,
};

const TOPS: GarmentKind[] = ['kurta', 'kurti', 'shirt', 'tee', 'hoodie', 'jacket', 'nehru-jacket', 'sherwani', 'dress'];
const DRAPES: GarmentKind[] = ['saree', 'dupatta', 'lehenga'];
const BUTTONED: GarmentKind[] = ['kurta', 'shirt', 'jacket', 'nehru-jacket', 'sherwani'];

// ---------------------------------------------------------------------------------------------
// Detail & folded views
// ---------------------------------------------------------------------------------------------

function drawDetail(c: Ctx): Drawn {
  const d = 'M70 120Q240 90 400 116Q560 142 730 110L730 900Q560 930 400 904Q240 878 70 906Z';
  const heavyBorder = DRAPES.includes(c.kind) || c.pattern === 'zari-border';
  const trims = heavyBorder
    ? [{ d: 'M60 812Q240 786 400 812Q560 838 740 808', w: 96 }]
    : [{ d: 'M60 852Q240 826 400 852Q560 878 740 848', w: 10 }];
  let s = fabric(c, d, { trims });
  s += stitch(
    heavyBorder ? 'M70 744Q240 718 400 744Q560 770 730 740' : 'M70 822Q240 796 400 822Q560 848 730 818',
    c.pattern === 'zari-border' ? c.trim : lighten(c.base, 0.5),
    3,
  );
  s += fold('M150 140Q170 500 140 890', 24) + shine('M230 130Q250 500 226 880', 28) + fold('M560 150Q580 500 570 900', 30);
  // turned-back corner showing the reverse of the cloth
  s += `<path d="M730 110L730 290L590 132Z" fill="${darken(c.base, 0.18)}" stroke="${c.line}" stroke-width="3"/><path d="M590 132L730 290" stroke="#000" stroke-width="10" opacity=".08"/>`;
  const k = c.kind;
  if (k === 'jeans' || k === 'trousers') {
    const st = k === 'jeans' ? c.accent : darken(c.base, 0.3);
    s +=
      `<path d="M70 150L730 150L730 290L70 290Z" fill="${darken(c.base, 0.08)}" stroke="${c.line}" stroke-width="3"/>` +
      stitch('M70 172L730 172M70 268L730 268', st, 4);
    s += `<rect x="200" y="130" width="34" height="190" rx="4" fill="${darken(c.base, 0.08)}" stroke="${c.line}" stroke-width="3"/>`;
    s += buttons(470, [220], 34, k === 'jeans' ? '#b8894a' : darken(c.base, 0.2), '#4a3520');
    s += ln('M120 290Q200 520 70 600', c.line, 5) + stitch('M150 290Q230 540 70 632', st, 4);
    if (k === 'jeans') s += `<circle cx="150" cy="296" r="12" fill="#b8894a" stroke="#4a3520" stroke-width="2"/>`;
  } else if (k === 'tee' || k === 'hoodie') {
    const rib = darken(c.base, 0.12);
    s += ln('M90 180Q400 470 710 180', rib, 56) + ln('M90 180Q400 470 710 180', c.line, 3, ' opacity=".5"');
    s += stitch('M96 232Q400 520 704 232', lighten(c.base, 0.4), 3);
    if (k === 'hoodie') {
      s +=
        ln('M330 420L300 760', lighten(c.accent, 0.1), 16) +
        `<rect x="284" y="752" width="32" height="60" rx="8" fill="${darken(c.accent, 0.3)}"/>`;
    }
  } else if (BUTTONED.includes(k)) {
    s += `<rect x="360" y="110" width="80" height="800" fill="${c.base}" stroke="${c.line}" stroke-width="3"/><rect x="360" y="110" width="80" height="800" fill="url(#${c.id}p)"/><rect x="360" y="110" width="80" height="800" fill="#000" opacity=".06"/>`;
    const btn = c.pattern === 'zari-border' || k === 'sherwani' ? c.trim : k === 'jacket' ? '#b8894a' : lighten(c.accent, 0.3);
    for (const y of [330, 600]) {
      s +=
        button(400, y, 30, btn, darken(btn, 0.45)) +
        `<g fill="${darken(btn, 0.45)}"><circle cx="390" cy="${y - 10}" r="4"/><circle cx="410" cy="${y - 10}" r="4"/><circle cx="390" cy="${y + 10}" r="4"/><circle cx="410" cy="${y + 10}" r="4"/></g>`;
    }
    s += stitch('M372 110L372 904M428 110L428 904', lighten(c.base, 0.45), 2.5);
  } else if (!DRAPES.includes(k)) {
    // gathered waist / yoke seam with piping
    let g = '';
    for (let x = 96; x < 720; x += 34) g += `M${x} ${318 + Math.round(Math.sin(x / 70) * 4)}l${(x % 3) - 1} 110`;
    s += ln(g, '#000', 6, ' opacity=".1"');
    const pip = c.accent === '#ffffff' || luma(c.accent) > 0.9 ? darken(c.base, 0.25) : c.accent;
    s +=
      ln('M70 300Q400 336 730 300', pip, 12) +
      ln('M70 300Q400 336 730 300', c.line, 2, ' opacity=".5"') +
      stitch('M70 322Q400 358 730 322', lighten(c.base, 0.5), 3);
  }
  if (DRAPES.includes(k)) {
    let f = '';
    for (let x = 84; x < 730; x += 22) f += `M${x} ${(904 + Math.sin(x / 60) * 10).toFixed(0)}l0 40`;
    s += ln(f, c.trim, 5);
  }
  // brand label
  s += `<g transform="translate(104 176) rotate(-4)"><rect width="150" height="52" rx="6" fill="${ROSE}"/><rect x="6" y="6" width="138" height="40" rx="4" fill="none" stroke="#fff" stroke-width="1.5" stroke-dasharray="4 3" opacity=".7"/><text x="75" y="34" text-anchor="middle" font-family="${SERIF}" font-size="19" font-weight="bold" letter-spacing="2" fill="#fff">RANGMANCH</text></g>`;
  return { svg: s, top: 90, bottom: 930, halfWidth: 330 };
}

function drawFolded(c: Ctx): Drawn {
  const k = c.kind;
  const box = (y: number) =>
    `M200 ${y + 14}Q200 ${y} 214 ${y}L586 ${y}Q600 ${y} 600 ${y + 14}L600 ${y + 300}Q600 ${y + 314} 586 ${y + 314}L214 ${y + 314}Q200 ${y + 314} 200 ${y + 300}Z`;
  let s = '';
  s += fabric(c, box(440), { color: darken(c.base, 0.16) });
  s += fabric(c, box(400), { color: darken(c.base, 0.08) });
  const bordered = DRAPES.includes(k) || c.pattern === 'zari-border';
  const trims = bordered ? [{ d: 'M190 660L610 660', w: 44 }] : [];
  s += fabric(c, box(340), { trims });
  if (bordered) {
    s += `<path d="M200 700L600 700" stroke="${c.trim}" stroke-width="10"/><path d="M200 740L600 740" stroke="${c.trim}" stroke-width="10"/>`;
  }
  s += fold('M200 520L600 520', 5) + shine('M220 360L580 360', 8);
  if (TOPS.includes(k)) {
    s += ln('M262 346L262 650M538 346L538 650', c.line, 2.5, ' opacity=".45"');
    if (k === 'shirt' || k === 'jacket') {
      s += `<rect x="390" y="380" width="20" height="272" fill="${c.base}" opacity=".4" stroke="${c.line}" stroke-width="2"/>`;
      s += buttons(400, [440, 520, 600], 6, k === 'jacket' ? '#b8894a' : lighten(c.accent, 0.3), c.line);
      s += `<path d="M340 340Q400 326 460 340L460 356Q400 346 340 356Z" fill="${darken(c.base, 0.1)}" stroke="${c.line}" stroke-width="2.5"/>`;
      s += `<path d="M338 342L400 386L370 430L326 372Z M462 342L400 386L430 430L474 372Z" fill="${lighten(c.base, 0.05)}" stroke="${c.line}" stroke-width="3"/>`;
    } else if (k === 'tee' || k === 'hoodie' || k === 'dress' || k === 'kurti') {
      s += `<path d="M340 340Q400 420 460 340Z" fill="${darken(c.base, 0.3)}"/>` + ln('M342 343Q400 424 458 343', darken(c.base, 0.12), 12);
      if (k === 'hoodie') s += ln('M382 390L378 470M418 390L422 470', lighten(c.accent, 0.1), 5);
    } else {
      s += `<path d="M350 330Q400 322 450 330L452 356Q400 350 348 356Z" fill="${darken(c.base, 0.12)}" stroke="${c.line}" stroke-width="3"/>`;
      s += `<rect x="390" y="356" width="20" height="170" fill="${c.base}" opacity=".4" stroke="${c.line}" stroke-width="2"/>`;
      s += buttons(400, [386, 436, 486], 6, c.pattern === 'zari-border' || k === 'sherwani' ? c.trim : lighten(c.accent, 0.2), c.line);
    }
  } else if (k === 'jeans' || k === 'trousers') {
    const st = k === 'jeans' ? c.accent : darken(c.base, 0.3);
    s += `<path d="M200 354Q200 340 214 340L586 340Q600 340 600 354L600 396L200 396Z" fill="${darken(c.base, 0.08)}" stroke="${c.line}" stroke-width="3"/>`;
    s +=
      stitch('M202 352L598 352M202 386L598 386', st) + buttons(400, [368], 10, k === 'jeans' ? '#b8894a' : darken(c.base, 0.2), '#4a3520');
    s += ln('M300 396Q300 470 200 490', c.line, 3) + stitch('M320 396Q320 490 200 512', st);
  } else if (k === 'palazzo' || k === 'skirt') {
    s += `<path d="M200 354Q200 340 214 340L586 340Q600 340 600 354L600 392L200 392Z" fill="${darken(c.base, 0.1)}" stroke="${c.line}" stroke-width="3"/>`;
    s += ln('M392 392Q380 440 372 480M408 392Q420 440 430 478', c.accent, 4);
  }
  // rose belly band with the brand
  s += `<path d="M470 334L520 334L520 660L470 660Z" fill="${ROSE}" opacity=".95"/><text transform="translate(502 497) rotate(-90)" text-anchor="middle" font-family="${SERIF}" font-size="20" font-weight="bold" letter-spacing="3" fill="#fff">RANGMANCH</text>`;
  return { svg: `<g transform="translate(400 552) scale(1.25) translate(-400 -552)">${s}</g>`, top: 274, bottom: 805, halfWidth: 270 };
}

// ---------------------------------------------------------------------------------------------
// Assembly
// ---------------------------------------------------------------------------------------------

function makeCtx(art: GarmentArt, id: string): Ctx {
  const bordered = art.pattern === 'zari-border';
  return {
    id,
    kind: art.kind,
    base: art.base,
    accent: art.accent,
    pattern: art.pattern,
    line: darken(art.base, luma(art.base) > 0.75 ? 0.28 : 0.4),
    back: art.view === 'back',
    trim: bordered || luma(art.accent) > 0.45 ? art.accent : mix(art.accent, '#d4a537', 0.5),
    clip: 0,
  };
}

/** Defs + drawing for one garment, without background; `id` keeps ids unique inside a document. */
function garmentLayer(art: GarmentArt, id: string): { defs: string; body: string; drawn: Drawn } {
  const c = makeCtx(art, id);
  // Keep tile sizes integral in device space (non-integral tiles make librsvg several times slower).
  const scale = art.view === 'detail' ? 2.5 : art.view === 'folded' ? 1.2 : 1;
  const horizontal = art.pattern === 'stripes' && (art.kind === 'tee' || art.kind === 'saree' || art.kind === 'dupatta');
  const defs =
    patternDef(`${id}p`, art.pattern, art.base, art.accent, scale, horizontal) +
    `<linearGradient id="${id}s" x1="0" y1="0" x2="1" y2="0.25"><stop offset="0" stop-color="#fff" stop-opacity=".2"/><stop offset=".38" stop-color="#fff" stop-opacity="0"/><stop offset=".7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></linearGradient>` +
    `<radialGradient id="${id}f"><stop offset="0" stop-color="#000" stop-opacity=".3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;
  const drawn = art.view === 'detail' ? drawDetail(c) : art.view === 'folded' ? drawFolded(c) : DRAW[art.kind](c);
  return { defs, body: drawn.svg, drawn };
}

/**
 * Renders a flat-illustration product shot (studio backdrop, floor shadow, patterned garment)
 * for one image of a demo product. Pure; returns an SVG document string. `fit: 'frame'` widens
 * or heightens the backdrop to the requested aspect ratio instead of cropping the garment (square
 * Instagram photos, 9:16 video frames).
 */
export function renderGarmentSvg(art: GarmentArt, width = 800, height = 1000, fit: 'slice' | 'frame' = 'slice'): string {
  const { defs, body, drawn } = garmentLayer(art, 'g');
  const bg = art.background;
  const dy = Math.round(500 - (drawn.top + drawn.bottom) / 2);
  const floorY = drawn.bottom + dy + 24;
  const rx = Math.round(drawn.halfWidth * 1.15);
  let [x0, y0, w, h] = [0, 0, 800, 1000];
  if (fit === 'frame') {
    if (width / height > 0.8) {
      w = Math.round((1000 * width) / height);
      x0 = Math.round((800 - w) / 2);
    } else {
      h = Math.round((800 * height) / width);
      y0 = Math.round((1000 - h) / 2);
    }
  }
  const [x1, y1] = [x0 + w, y0 + h];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${x0} ${y0} ${w} ${h}" preserveAspectRatio="xMidYMid slice" stroke-linejoin="round" stroke-linecap="round">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(bg, 0.45)}"/><stop offset=".72" stop-color="${bg}"/><stop offset="1" stop-color="${darken(bg, 0.06)}"/></linearGradient>` +
    `<radialGradient id="spot" cx=".5" cy=".42" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>${defs}</defs>` +
    `<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="url(#bg)"/><rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="url(#spot)"/>` +
    `<path d="M${x0} ${floorY - 40}Q400 ${floorY - 70} ${x1} ${floorY - 40}L${x1} ${y1}L${x0} ${y1}Z" fill="${darken(bg, 0.03)}" opacity=".6"/>` +
    `<ellipse cx="400" cy="${floorY}" rx="${rx}" ry="30" fill="url(#gf)"/>` +
    `<g transform="translate(0 ${dy})">${body}</g></svg>`
  );
}

function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if (cur && (cur + ' ' + w).length > maxChars) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = kept[maxLines - 1].replace(/[.,;:]?$/, '…');
    return kept;
  }
  return lines;
}

const BANNER_PATTERNS: Pattern[] = ['zari-border', 'block-print', 'paisley'];

/** Colourway of the i-th garment of a banner, derived from the banner palette. */
function bannerArt(kind: GarmentKind, i: number, palette: [string, string, string]): GarmentArt {
  const [bg, mid, accent] = palette;
  const art = (base: string, acc: string, pattern: Pattern): GarmentArt => ({
    kind,
    base,
    accent: acc,
    pattern,
    background: bg,
    view: 'front',
  });
  if (kind === 'jeans') return art('#2b4a7e', '#e2a84a', 'plain');
  if (kind === 'trousers') return art('#c2a878', '#8a7550', 'plain');
  const bases = [accent, darken(mid, 0.12), '#efe3c8'];
  const accents = ['#d4a537', accent, '#c9a34a'];
  const base = bases[i % 3];
  const acc = luma(base) > 0.6 && i % 3 === 1 ? darken(accent, 0.05) : accents[i % 3];
  if (kind === 'tee') return art('#d8a31a', '#b0820f', 'plain');
  if (kind === 'hoodie') return art('#7b2233', '#e9dcd0', 'plain');
  if (kind === 'jacket') return art('#3f5f8a', '#e2a84a', 'plain');
  if (kind === 'shirt') return art(base, lighten(mid, 0.5), 'stripes');
  if (kind === 'dress' || kind === 'skirt' || kind === 'palazzo' || kind === 'kurti')
    return art(base, acc === base ? '#ffffff' : acc, 'block-print');
  return art(base, acc, BANNER_PATTERNS[i % 3]);
}

/**
 * Renders a wide editorial hero banner: headline/subline and a "Shop now" pill on the left,
 * two or three garment illustrations inside a jharokha-style arch on the right. Pure SVG string.
 */
export function renderBannerSvg(banner: DemoBanner, width = 1600, height = 640): string {
  const [bg, mid, accent] = banner.art.palette;
  const kinds = banner.art.kinds.slice(0, 3);
  const n = Math.max(1, kinds.length);
  let defs = '';
  let art = '';
  const scale = n === 3 ? 0.56 : n === 2 ? 0.6 : 0.64;
  const centres = n === 3 ? [1010, 1230, 1450] : n === 2 ? [1110, 1370] : [1240];
  kinds.forEach((kind, i) => {
    const layer = garmentLayer(bannerArt(kind, i, banner.art.palette), `b${i}`);
    defs += layer.defs;
    const gy = Math.round(596 - layer.drawn.bottom * scale);
    const gx = centres[i] - 400 * scale;
    art += `<ellipse cx="${centres[i]}" cy="604" rx="${Math.round(layer.drawn.halfWidth * scale * 1.1)}" ry="14" fill="url(#b${i}f)"/>`;
    art += `<g transform="translate(${gx.toFixed(1)} ${gy.toFixed(1)}) scale(${scale})">${layer.body}</g>`;
  });
  const headline = wrap(banner.headline, 17, 2);
  const sub = wrap(banner.subline, 44, 3);
  const hSize = 74;
  let y = 196;
  let text = `<text x="110" y="${y - 70}" font-family="${SANS}" font-size="20" font-weight="bold" letter-spacing="6" fill="${accent}">RANGMANCH</text>`;
  text += `<rect x="110" y="${y - 52}" width="64" height="4" fill="${accent}"/>`;
  for (const l of headline) {
    y += hSize - 4;
    text += `<text x="106" y="${y}" font-family="${SERIF}" font-size="${hSize}" font-weight="bold" fill="#2a1a20">${esc(l)}</text>`;
  }
  y += 24;
  for (const l of sub) {
    y += 40;
    text += `<text x="110" y="${y}" font-family="${SANS}" font-size="28" fill="#4a3940">${esc(l)}</text>`;
  }
  y += 44;
  text += `<rect x="110" y="${y}" width="210" height="62" rx="31" fill="${accent}"/><text x="215" y="${y + 40}" text-anchor="middle" font-family="${SANS}" font-size="24" font-weight="bold" fill="#fff">Shop now →</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 640" preserveAspectRatio="xMidYMid slice" stroke-linejoin="round" stroke-linecap="round">` +
    `<defs><linearGradient id="bbg" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="${lighten(bg, 0.3)}"/><stop offset=".55" stop-color="${bg}"/><stop offset="1" stop-color="${mix(bg, mid, 0.45)}"/></linearGradient>` +
    `<linearGradient id="arch" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(mid, 0.25)}"/><stop offset="1" stop-color="${mid}"/></linearGradient>${defs}</defs>` +
    `<rect width="1600" height="640" fill="url(#bbg)"/>` +
    `<path d="M${n === 1 ? 1020 : 860} 640L${n === 1 ? 1020 : 860} 300Q${n === 1 ? 1020 : 860} 110 ${n === 1 ? 1240 : 1230} 56Q${n === 1 ? 1460 : 1600} 110 ${n === 1 ? 1460 : 1600} 300L${n === 1 ? 1460 : 1600} 640Z" fill="url(#arch)"/>` +
    `<path d="M${n === 1 ? 1046 : 888} 640L${n === 1 ? 1046 : 888} 306Q${n === 1 ? 1046 : 888} 134 ${n === 1 ? 1240 : 1230} 86Q${n === 1 ? 1434 : 1572} 134 ${n === 1 ? 1434 : 1572} 306L${n === 1 ? 1434 : 1572} 640" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/>` +
    art +
    text +
    `</svg>`
  );
}

/**
 * Renders the same banner as a portrait phone picture, 720 x 900 (4:5): the words on top
 * at a size a phone can read, the garments under them in the arch. Pure SVG string.
 */
export function renderBannerPhoneSvg(banner: DemoBanner, width = 720, height = 900): string {
  const [bg, mid, accent] = banner.art.palette;
  const kinds = banner.art.kinds.slice(0, 3);
  const n = Math.max(1, kinds.length);
  let defs = '';
  let art = '';
  const scale = n === 3 ? 0.36 : n === 2 ? 0.4 : 0.46;
  const centres = n === 3 ? [215, 360, 505] : n === 2 ? [280, 440] : [360];
  kinds.forEach((kind, i) => {
    const layer = garmentLayer(bannerArt(kind, i, banner.art.palette), `p${i}`);
    defs += layer.defs;
    const gy = Math.round(868 - layer.drawn.bottom * scale);
    const gx = centres[i] - 400 * scale;
    art += `<ellipse cx="${centres[i]}" cy="874" rx="${Math.round(layer.drawn.halfWidth * scale * 1.1)}" ry="12" fill="url(#p${i}f)"/>`;
    art += `<g transform="translate(${gx.toFixed(1)} ${gy.toFixed(1)}) scale(${scale})">${layer.body}</g>`;
  });
  const headline = wrap(banner.headline, 15, 2);
  const sub = wrap(banner.subline, 34, 3);
  let y = 96;
  let text = `<text x="56" y="${y}" font-family="${SANS}" font-size="20" font-weight="bold" letter-spacing="6" fill="${accent}">RANGMANCH</text>`;
  text += `<rect x="56" y="${y + 18}" width="64" height="4" fill="${accent}"/>`;
  y += 36;
  for (const l of headline) {
    y += 66;
    text += `<text x="52" y="${y}" font-family="${SERIF}" font-size="64" font-weight="bold" fill="#2a1a20">${esc(l)}</text>`;
  }
  y += 12;
  for (const l of sub) {
    y += 38;
    text += `<text x="56" y="${y}" font-family="${SANS}" font-size="27" fill="#4a3940">${esc(l)}</text>`;
  }
  y += 34;
  text += `<rect x="56" y="${y}" width="200" height="58" rx="29" fill="${accent}"/><text x="156" y="${y + 38}" text-anchor="middle" font-family="${SANS}" font-size="23" font-weight="bold" fill="#fff">Shop now →</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 720 900" preserveAspectRatio="xMidYMid slice" stroke-linejoin="round" stroke-linecap="round">` +
    `<defs><linearGradient id="pbg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${lighten(bg, 0.3)}"/><stop offset=".5" stop-color="${bg}"/><stop offset="1" stop-color="${mix(bg, mid, 0.45)}"/></linearGradient>` +
    `<linearGradient id="parch" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(mid, 0.25)}"/><stop offset="1" stop-color="${mid}"/></linearGradient>${defs}</defs>` +
    `<rect width="720" height="900" fill="url(#pbg)"/>` +
    `<path d="M110 900L110 670Q110 530 360 500Q610 530 610 670L610 900Z" fill="url(#parch)"/>` +
    `<path d="M134 900L134 676Q134 554 360 528Q586 554 586 676L586 900" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/>` +
    art +
    text +
    `</svg>`
  );
}

const AVATAR_COLOURS = ['#e11d48', '#c2410c', '#b45309', '#be185d', '#9f1239', '#a16207', '#c026d3', '#dc2626', '#ea580c', '#db2777'];

/** Renders a round avatar with the person's initials on a warm colour picked from the name. */
export function renderAvatarSvg(name: string, size = 160): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const initials = ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const col = AVATAR_COLOURS[h % AVATAR_COLOURS.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 160 160">` +
    `<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(col, 0.25)}"/><stop offset="1" stop-color="${darken(col, 0.1)}"/></linearGradient></defs>` +
    `<circle cx="80" cy="80" r="80" fill="url(#a)"/><circle cx="80" cy="80" r="72" fill="none" stroke="#fff" stroke-width="2" opacity=".35"/>` +
    `<text x="80" y="101" text-anchor="middle" font-family="${SERIF}" font-size="60" font-weight="bold" fill="#fff">${esc(initials)}</text></svg>`
  );
}
