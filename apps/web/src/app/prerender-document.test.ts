import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prerenderedDocument, skeletonDocument } from './prerender-document';

describe('a prerendered page as it is sent', () => {
  const template = '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

  it('is index.html with the markup inside #root, `$` patterns left as they are, and compressed copies of it', () => {
    const page = prerenderedDocument(template, '<p>$& and $1</p>');
    expect(page.html).toBe(
      '<!doctype html><html><head><script type="module" fetchpriority="low" src="/assets/index-abc.js"></script></head><body><div id="root"><p>$& and $1</p></div></body></html>',
    );
    expect(brotliDecompressSync(Buffer.from(page.br, 'base64')).toString('utf8')).toBe(page.html);
    expect(gunzipSync(Buffer.from(page.gzip, 'base64')).toString('utf8')).toBe(page.html);
  });

  it('fetches the app’s scripts at low priority, the stylesheet and the theme script as they are', () => {
    const built = [
      '<head>',
      '<script src="/color-scheme.js"></script>',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">',
      '</head><body><div id="root"></div></body>',
    ].join('');
    expect(prerenderedDocument(built, '<main></main>').html).toBe(
      [
        '<head>',
        '<script src="/color-scheme.js"></script>',
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js"></script>',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-def.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">',
        '</head><body><div id="root"><main></main></div></body>',
      ].join(''),
    );
  });

  it('puts a signed-in screen’s skeleton before the empty #root, the app’s scripts at low priority', () => {
    const page = skeletonDocument(template, '<div id="signed-in-skeleton"><h1>$&</h1></div>');
    expect(page.html).toBe(
      '<!doctype html><html><head><script type="module" fetchpriority="low" src="/assets/index-abc.js"></script></head><body><div id="signed-in-skeleton"><h1>$&</h1></div><div id="root"></div></body></html>',
    );
    expect(brotliDecompressSync(Buffer.from(page.br, 'base64')).toString('utf8')).toBe(page.html);
  });

  it('refuses an index.html without an empty #root', () => {
    expect(() => prerenderedDocument('<body><div id="app"></div></body>', '<p></p>')).toThrow('no <div id="root"></div>');
    expect(() => skeletonDocument('<body><div id="app"></div></body>', '<p></p>')).toThrow('no <div id="root"></div>');
  });
});
