# syntax=docker/dockerfile:1
# The portal as a container image: exactly the release folder that `npm run build` assembles and
# `npm run test:cluster` runs (docs/decisions/0023). Not built on the project's machines (no
# container engine runs there); the cluster test exercises the same folder with plain `node`.

# ---- build: the whole repository, its dev tools, then the release folder ----
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# Web app (and the program that prerenders its signed-out pages at start), compiled server, release/ with
# its production dependencies (npm install --omit=dev).
RUN npm run build

# ---- run: Node.js and the release folder, nothing else ----
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    PORTAL_DATA_DIR=/var/lib/portal
WORKDIR /app
COPY --from=build --chown=node:node /src/release/ ./
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
USER node
EXPOSE 8080
# Ready = the database answers with this version's schema and no shutdown has begun (the load balancer uses the same check).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: /readyz turns 503 for SHUTDOWN_DRAIN_SECONDS, requests in flight finish, exit within SHUTDOWN_TIMEOUT_SECONDS.
STOPSIGNAL SIGTERM
# The same environment and Node flags as `npm start` and release/package.json (docs/decisions/0021, 0028, 0052).
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--expose-gc", "--max-semi-space-size=8", "--heap-growing-percent=25", "server/main.js"]
