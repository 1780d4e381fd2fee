import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/index.js';
import { AppError } from '../platform/app-error.js';
import { API_BASE } from './register-endpoints.js';

/** The settings the browser app reads at start-up (`window.__PORTAL_CONFIG__`); nothing secret. */
export function publicWebConfig(config: AppConfig) {
  return {
    apiBase: API_BASE,
    providerName: config.provider.name,
    providerEmailDomain: config.provider.emailDomain,
    supportPhone: config.provider.supportPhone,
    supportEmail: config.provider.supportEmail,
    portalHomeUrl: config.provider.portalHomeUrl,
  };
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and any
 * other GET that accepts HTML answered with index.html so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, config: AppConfig, webDistDir: string): Promise<void> {
  const configScript = `window.__PORTAL_CONFIG__ = ${JSON.stringify(publicWebConfig(config)).replace(/</g, '\\u003c')};\n`;
  app.get('/config.js', async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(configScript),
  );

  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts); the one the
      // browser accepts is sent, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, path) {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
      throw new AppError('not_found', `There is no ${request.method} ${path} in the portal API`);
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) throw new AppError('not_found', `Nothing at ${path}`);
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm start` (it builds first) or `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
