/**
 * The product description's formatting: the editor is a plain textarea with a few marks (blank lines between
 * paragraphs, **bold**, *italic*, lines starting with "- " as a bulleted list), turned into the small HTML the API
 * keeps (it sanitises again: p, strong, em, ul, li, br). `fromHtml` reads a saved description back into the marks.
 */

const escape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function inline(s: string): string {
  return escape(s)
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*(?=\S)([^*]*?\S)\*(?!\*)/g, '$1<em>$2</em>');
}

/** The marks as HTML. */
export function toHtml(text: string): string {
  const blocks = text.replace(/\r\n?/g, '\n').trim().split(/\n{2,}/);
  const out: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    let para: string[] = [];
    let list: string[] = [];
    const flushPara = () => {
      if (para.length) out.push(`<p>${para.map(inline).join('<br>')}</p>`);
      para = [];
    };
    const flushList = () => {
      if (list.length) out.push(`<ul>${list.map((l) => `<li>${inline(l)}</li>`).join('')}</ul>`);
      list = [];
    };
    for (const line of lines) {
      const m = /^\s*[-•]\s+(.*)$/.exec(line);
      if (m) {
        flushPara();
        list.push(m[1] ?? '');
      } else if (line.trim()) {
        flushList();
        para.push(line.trim());
      }
    }
    flushPara();
    flushList();
  }
  return out.join('');
}

const unescape = (s: string) => s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&nbsp;', ' ').replaceAll('&amp;', '&');

/** A saved description (HTML) back into the marks; tags other than the kept ones are dropped, their text kept. */
export function fromHtml(html: string): string {
  if (!/[<&]/.test(html)) return html;
  let s = html
    .replace(/\r?\n/g, ' ')
    .replace(/<\s*(script|style)\b[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
    .replace(/<\s*(p|ul|ol|h[1-6]|div|blockquote)\b[^>]*>/gi, '\n\n')
    .replace(/<\s*(strong|b)\b[^>]*>/gi, '**')
    .replace(/<\s*\/\s*(strong|b)\s*>/gi, '**')
    .replace(/<\s*(em|i)\b[^>]*>/gi, '*')
    .replace(/<\s*\/\s*(em|i)\s*>/gi, '*')
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\s*li\b[^>]*>/gi, '\n- ')
    .replace(/<\s*\/\s*(p|ul|ol|h[1-6]|div|blockquote)\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  s = unescape(s);
  return s
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Wraps the selection of a textarea in a mark (or puts "- " before each selected line); returns the new text and selection. */
export function applyMark(text: string, start: number, end: number, mark: 'bold' | 'italic' | 'list'): { text: string; start: number; end: number } {
  if (mark === 'list') {
    const from = text.lastIndexOf('\n', start - 1) + 1;
    const block = text.slice(from, end);
    const listed = block
      .split('\n')
      .map((l) => (/^\s*-\s/.test(l) ? l : `- ${l}`))
      .join('\n');
    return { text: text.slice(0, from) + listed + text.slice(end), start: from, end: from + listed.length };
  }
  const m = mark === 'bold' ? '**' : '*';
  const chosen = text.slice(start, end) || (mark === 'bold' ? 'bold text' : 'italic text');
  return { text: text.slice(0, start) + m + chosen + m + text.slice(end), start: start + m.length, end: start + m.length + chosen.length };
}
