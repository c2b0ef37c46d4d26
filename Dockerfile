# syntax=docker/dockerfile:1
# The shop as a container image (ADR 018): one shop process per container, run as
# `npm start` runs it. compose.yaml runs several of them behind Caddy, with PostgreSQL.
#
#   docker build -t kapaas-shop .
#   docker run -e NODE_ENV=production -e DATABASE_URL=… -e SESSION_SECRET=… … -p 3000:3000 kapaas-shop

# ---- build: install everything, build the storefront, the admin console and the API ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so that a change of source does not reinstall the dependencies.
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/admin/package.json apps/admin/
COPY apps/storefront/package.json apps/storefront/
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
COPY packages/web-kit/package.json packages/web-kit/
RUN npm ci
COPY . .
RUN npm run build

# ---- run: the built shop, as an unprivileged user ----
FROM node:24-bookworm-slim AS run
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# node_modules is copied whole: scripts/start.mjs (what `npm start` runs) loads the build helpers
# (esbuild, a development dependency) before it finds the builds fresh and runs apps/api/dist.
# The files belong to root: the shop can read its code, not change it.
COPY --from=build /app /app
RUN groupadd --system --gid 10001 kapaas \
 && useradd --system --uid 10001 --gid kapaas --home-dir /data --shell /usr/sbin/nologin kapaas \
 && mkdir -p /data/media /data/private \
 && chown -R kapaas:kapaas /data
# DATA_DIR: uploaded images in /data/media and shoppers' private return photos in /data/private
# (compose.yaml mounts a volume shared by every shop process on each, which takes the folder's owner); with DATABASE_URL unset, also the embedded
# database, which serves one process only.
USER kapaas
EXPOSE 3000
# Liveness: the process answers and its database does. The slim image has no curl: Node asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) makes the shop drain and close; give it the time to.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
