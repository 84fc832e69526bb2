import { expect, test } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { portal } from './helpers';

/**
 * First-load target, measured with Lighthouse (mobile form factor, simulated slow 4G and 4x CPU slowdown, its
 * defaults) against Debian's Chromium, on the user portal's home page and every portal's sign-in page: a performance
 * score of at least 95 and Largest Contentful Paint at most 2.0 s.
 *
 * These pages are pre-rendered at build time (tools/vite-prerender.ts), so they paint once the HTML and the stylesheet
 * have arrived (LCP about 0.8 s on a quiet machine) and ask for their script after that paint. Lighthouse's simulation
 * starts from the timings it observes, so a busy machine reads slower than a quiet one (total blocking time most of
 * all): a page that misses on its first run is measured twice more and judged by the median of the three. A run that
 * Lighthouse itself could not record (a runtime error such as NO_NAVSTART) is measured again.
 */
const TARGET = { score: 0.95, lcp: 2000 };
const MIN_SCORE = TARGET.score;
const MAX_LCP_MS = TARGET.lcp;

const PAGES: [string, string][] = [
  ['user', '/'],
  ...['user', 'vendor', 'therapy', 'coach', 'tour', 'car-rental', 'car-dealer', 'affiliate', 'writer', 'admin'].map(
    (p): [string, string] => [p, '/login'],
  ),
];

interface Run {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
}

async function measure(url: string, port: number, attempt = 1): Promise<Run> {
  const result = await lighthouse(url, { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) {
    if (attempt < 3) return measure(url, port, attempt + 1);
    throw new Error(`Lighthouse failed on ${url} ${attempt} times: ${runtimeError.code} ${runtimeError.message}`);
  }
  return {
    score: categories.performance?.score ?? 0,
    lcp: audits['largest-contentful-paint']?.numericValue ?? Infinity,
    fcp: audits['first-contentful-paint']?.numericValue ?? Infinity,
    tbt: audits['total-blocking-time']?.numericValue ?? Infinity,
  };
}

const passes = (r: Run) => r.score >= MIN_SCORE && r.lcp <= MAX_LCP_MS;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

test.describe('first-load budget (Lighthouse, mobile)', () => {
  let chrome: chromeLauncher.LaunchedChrome;

  test.beforeAll(async () => {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  test.afterAll(async () => {
    chrome?.kill();
  });

  for (const [name, path] of PAGES) {
    test(`${name} ${path}: performance ≥ ${MIN_SCORE * 100}, LCP ≤ ${MAX_LCP_MS} ms `, async () => {
      test.setTimeout(120_000);
      const url = portal(name, path);
      const runs = [await measure(url, chrome.port)];
      if (!passes(runs[0]!)) runs.push(await measure(url, chrome.port), await measure(url, chrome.port));
      const verdict: Run = {
        score: median(runs.map((r) => r.score)),
        lcp: median(runs.map((r) => r.lcp)),
        fcp: median(runs.map((r) => r.fcp)),
        tbt: median(runs.map((r) => r.tbt)),
      };
            const line = `${name} ${path}: score ${Math.round(verdict.score * 100)}, LCP ${Math.round(verdict.lcp)} ms, FCP ${Math.round(verdict.fcp)} ms, TBT ${Math.round(verdict.tbt)} ms (${runs.length} run${runs.length > 1 ? 's' : ''})`;
      console.log(line);
      expect(verdict.score, line).toBeGreaterThanOrEqual(MIN_SCORE);
      expect(verdict.lcp, line).toBeLessThanOrEqual(MAX_LCP_MS);
    });
  }
});
