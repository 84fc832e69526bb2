import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { preloadScriptTag, preloadedChunks } from './vite-route-preload';

/** Where the pre-rendered pages go in a portal's dist: `_first/login/index.html`, `_first/index.html` for `/`. */
const FIRST_DIR = '_first';

const SUBMIT_GUARD =
  "document.addEventListener('submit',function(e){var r=document.getElementById('root');" +
  "if(r&&r.hasAttribute('data-prerendered')){e.preventDefault();r.setAttribute('data-submit','')}},true)";

/**
 * The pre-rendered page needs its script only to become interactive, so it asks for it (and the page's chunks) once
 * the page's first contentful paint has been presented rather than alongside the stylesheet: on a slow link the first
 * paint then waits for the HTML and the stylesheet alone. A hidden tab (no paints) loads at once, and a page that has
 * not painted within 3 s asks for it anyway.
 */
function afterPaint(entry: string, chunks: string[], subdomain: string): string {
  return (
    `(function(){var f=${JSON.stringify(chunks)},d=document,done=0,sub=${JSON.stringify(subdomain ? `${subdomain}.` : '')};` +
    // Links into the user portal (the apex) were rendered without an address; give them this one's apex.
    `var h=location.host;if(sub&&h.indexOf(sub)===0)h=h.slice(sub.length);` +
    `d.querySelectorAll('a[data-user-portal-path]').forEach(function(a){a.href=location.protocol+'//'+h+a.getAttribute('data-user-portal-path')});` +
    `function go(){if(done++)return;` +
    `for(var i=0;i<f.length;i++){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f[i];d.head.appendChild(l)}` +
    `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};d.head.appendChild(s)}` +
    // After the first contentful paint has been presented (a paint entry is reported only then), not merely after a
    // frame began: a script requested between a frame's start and its presentation would race the first paint.
    `function later(){setTimeout(go,0)}` +
    `if(d.visibilityState==='hidden')go();else{try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();later()}}).observe({type:'paint',buffered:true})}` +
    `catch(e){requestAnimationFrame(function(){requestAnimationFrame(later)})}setTimeout(go,3000)}})()`
  );
}

function escapeHtml(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Pre-render a portal's first pages at build time: each path in `paths` (its sign-in page, the user portal's sign-up
 * page) is rendered by `@sojourn/feature-shell/prerender` as a signed-out visitor first sees it and written to
 * `dist/_first/<path>/index.html`, the portal's index.html with that markup inside `#root`. The server answers the path with that
 * file (api/internal/portals), so the page paints as soon as the HTML and the stylesheet arrive, before the entry
 * script has downloaded and run; the portal then renders over it in one commit when its router is ready.
 */
export function prerender(root: string, paths: string[]): Plugin {
  let outDir = '';
  return {
    name: 'sojourn-prerender',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir.startsWith('/') ? c.build.outDir : join(c.root, c.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { config } = await server.ssrLoadModule('/src/portal.ts');
        const { prerenderPage } = await server.ssrLoadModule('@sojourn/feature-shell/prerender');
        const index = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
        for (const path of paths) {
          const page: { html: string; title: string } = await prerenderPage(config, path);
          if (/<script/i.test(page.html)) throw new Error(`The pre-rendered ${path} carries a script, which the CSP would refuse.`);
          // A form submitted before the portal's script runs must not go anywhere (a GET would put the password in
          // the address): the guard holds the submit back and the portal re-submits it once it has taken over.
          const html = page.html.replaceAll('<form ', '<form method="post" ');
          const entry = index.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
          if (!entry) throw new Error('index.html has no entry script');
          const chunks = preloadedChunks(index, path);
          const preload = preloadScriptTag(index);
          let out = index
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
            .replace(entry[0], '')
            .replace('</head>', `<script>${SUBMIT_GUARD}</script>\n  </head>`)
            .replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}">${html}</div>`)
            .replace('</body>', `  <script>${afterPaint(entry[1]!, chunks, config.portal.subdomain)}</script>\n  </body>`);
          if (preload) out = out.replace(preload, '');
          const dir = join(outDir, FIRST_DIR, path);
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, 'index.html'), out);
        }
      } finally {
        await server.close();
      }
    },
  };
}
