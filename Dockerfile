# syntax=docker/dockerfile:1
# The site as one image: build everything in a full stage, then keep only production dependencies,
# the compiled server and the built web app, running as the unprivileged `node` user.
#   docker build -t agro-site .
#   docker run -p 3000:3000 -v agro-data:/app/data agro-site      (one process, SQLite)
# compose.yaml runs two of them on PostgreSQL and S3 behind nginx (docs/deploy.md).

ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
# Only the server workspace's production dependencies (no dev tools, no web or test packages).
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim
# MALLOC_ARENA_MAX: glibc's malloc arenas per thread kept the first start's image encoding
# resident (docs/deploy.md, "The smallest server").
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/package.json package.json
COPY packages/shared packages/shared
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Liveness only: /readyz (database and storage, shared by every process) is for deploys and alerts (docs/deploy.md).
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node flags: apps/server/src/node-flags.ts (the heap limit: docs/performance.md, "Memory").
CMD ["node", "--enable-source-maps", "--max-old-space-size=1024", "--max-semi-space-size=4", "apps/server/dist/main.js"]
