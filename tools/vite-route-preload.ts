import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * First pages (each portal's sign-in and registration pages, the user portal's home page) and the source file of each.
 * A visitor's first request is nearly always one of them, so their lazy chunks are worth fetching alongside the entry.
 */
export const FIRST_PAGES: Record<string, string> = {
  '/login': 'libs/feature/account/src/pages/login.tsx',
  '/register': 'libs/feature/account/src/pages/register.tsx',
};

const PRELOAD_PREFIX = '(function(){var m=';

/** The chunks the route-preload script of a built index.html fetches for `path` (none when it has no such script). */
export function preloadedChunks(html: string, path: string): string[] {
  const start = html.indexOf(PRELOAD_PREFIX);
  if (start < 0) return [];
  const from = start + PRELOAD_PREFIX.length;
  const end = html.indexOf(',l=m[', from);
  const map = JSON.parse(html.slice(from, end)) as Record<string, string[]>;
  return map[path] ?? [];
}

/** The route-preload script tag of a built index.html, to leave out of a page that loads its chunks itself. */
export function preloadScriptTag(html: string): string | null {
  const start = html.indexOf(`<script>${PRELOAD_PREFIX}`);
  if (start < 0) return null;
  return html.slice(start, html.indexOf('</script>', start) + '</script>'.length);
}

/**
 * Fetch the chunks of the page being opened in parallel with the entry script, instead of after the router has run.
 * The build writes a small inline script into index.html that adds `<link rel="modulepreload">` for the current path's
 * chunks (and everything they import), when the path is one of `pages`; other paths load as before. The server hashes
 * the inline script into the Content-Security-Policy like index.html's other inline script.
 */
export function routePreload(pages: Record<string, string>): Plugin {
  return {
    name: 'sojourn-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const map: Record<string, string[]> = {};
        for (const [path, source] of Object.entries(pages)) {
          const page = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(source));
          if (!page) continue;
          const files = new Set<string>();
          const visit = (c: OutputChunk) => {
            if (c === entry || files.has(c.fileName)) return;
            files.add(c.fileName);
            for (const f of c.imports) {
              const dep = byFile.get(f);
              if (dep) visit(dep);
            }
          };
          visit(page);
          map[path] = [...files].map((f) => `/${f}`);
        }
        if (Object.keys(map).length === 0) return [];
        const code =
          `${PRELOAD_PREFIX}${JSON.stringify(map)},l=m[location.pathname.replace(/\\/+$/,'')||'/'];` +
          `if(l)for(var i=0;i<l.length;i++){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';` +
          `e.href=l[i];document.head.appendChild(e)}})()`;
        return [{ tag: 'script', children: code, injectTo: 'head' }];
      },
    },
  };
}
